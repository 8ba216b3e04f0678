/**
 * The spending ledger (app.spend): what each credential and user reserved per UTC day, for the caps of
 * api/services/spending.ts. A value row pays for an intent's transfers, a gas row for its gas at the worst; the
 * worker settles the gas row to the receipt's cost (db/intents.ts recordOutcome). A row stops counting when its
 * intent fails, and a value row also when its intent reverts.
 */
import type pg from "pg";

type Queryable = pg.Pool | pg.PoolClient;

/** A credential's own rules, and the largest own cap among its user's live keys (USDC base units). */
export type KeyRules = { cap: bigint | null; allowed: string[] | null; largest: bigint | null };

/** The spending rules of API key `apiKeyId` (none for a JWT: all null but `largest`), for user `userId`. */
export async function keyRules(
  db: Queryable,
  schema: string,
  apiKeyId: string | null,
  userId: string,
): Promise<KeyRules> {
  const { rows } = await db.query<{ cap: string | null; allowed: string[] | null; largest: string | null }>(
    `SELECT k.daily_spend_cap_usdc AS cap, k.allowed_destinations AS allowed,
            (SELECT max(o.daily_spend_cap_usdc) FROM ${schema}.api_keys o
              WHERE o.user_id = $2 AND o.revoked_at IS NULL)::text AS largest
       FROM (SELECT 1) one LEFT JOIN ${schema}.api_keys k ON k.id = $1`,
    [apiKeyId, userId],
  );
  const row = rows[0];
  return {
    cap: row?.cap != null ? BigInt(row.cap) : null,
    allowed: row?.allowed ?? null,
    largest: row?.largest != null ? BigInt(row.largest) : null,
  };
}

/** USDC base units spent on `day` by `column` = `value` and not released (failed and reverted intents spent nothing). */
export async function spentOn(
  db: Queryable,
  schema: string,
  column: "subject" | "user_id",
  value: string,
  day: string,
): Promise<bigint> {
  const { rows } = await db.query<{ spent: string }>(
    `SELECT coalesce(sum(m.amount_usdc), 0)::text AS spent FROM ${schema}.spend m
      WHERE m.${column} = $1 AND m.day = $2 AND m.released_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${schema}.intents i WHERE i.id = m.intent_id
                          AND (i.status = 'failed' OR (i.status = 'reverted' AND m.kind = 'value')))`,
    [value, day],
  );
  return BigInt(rows[0]?.spent ?? "0");
}

/** Serializes the spending of one user until the caller's transaction ends (one lock for both of its caps). */
export async function lockUserSpending(conn: pg.PoolClient, userId: string): Promise<void> {
  await conn.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`spend:user:${userId}`]);
}

/** Who spends, through which interface, on which day. */
export type Spender = { subject: string; userId: string; via: string; day: string };

/** Records a value spend (not yet attached to its intent); returns its id. */
export async function insertValueSpend(
  conn: pg.PoolClient,
  schema: string,
  who: Spender,
  tool: string,
  amountUsdc: bigint,
): Promise<string | null> {
  const { rows } = await conn.query<{ id: string }>(
    `INSERT INTO ${schema}.spend (subject, user_id, interface, day, tool, amount_usdc)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [who.subject, who.userId, who.via, who.day, tool, amountUsdc.toString()],
  );
  return rows[0]?.id ?? null;
}

/** Records the gas reserved for one intent, at the native price it was priced at. */
export async function insertGasSpend(
  conn: pg.PoolClient,
  schema: string,
  who: Spender,
  intentId: string,
  amountUsdc: bigint,
  nativeUsdPrice: bigint,
): Promise<void> {
  await conn.query(
    `INSERT INTO ${schema}.spend
       (subject, user_id, interface, day, tool, amount_usdc, kind, intent_id, native_usd_price)
     VALUES ($1, $2, $3, $4, 'gas', $5, 'gas', $6, $7)`,
    [who.subject, who.userId, who.via, who.day, amountUsdc.toString(), intentId, nativeUsdPrice.toString()],
  );
}

/** Records which intent a value spend pays for. */
export async function attachSpendToIntent(
  conn: pg.PoolClient,
  schema: string,
  id: string,
  intentId: string,
): Promise<void> {
  await conn.query(`UPDATE ${schema}.spend SET intent_id = $2 WHERE id = $1`, [id, intentId]);
}
