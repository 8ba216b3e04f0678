/**
 * Tips in Postgres (app.tips). A tip sent by the service follows its intent: recorded with the intent's status and
 * hash under a share lock on the intent, so that the worker's next move of it (the tips_follow_intent trigger) comes
 * after the row exists. A tip the caller sent itself, reported by its transaction hash, is recorded confirmed.
 */
import type pg from "pg";

export type TipStatus = "pending" | "confirmed" | "failed";

export type TipRow = {
  id: string;
  from_user_id: string;
  to_user_id: string;
  post_id: string | null;
  token_address: string | null;
  amount: string;
  status: TipStatus;
  created_at: Date;
};

/** What a new tip row records of its request. */
export type TipRequest = {
  fromUserId: string;
  toUserId: string;
  postId: string | null;
  chainId: number;
  /** Lowercase; null for USDC. */
  tokenAddress: string | null;
  tokenId: string | null;
  /** Base units. */
  amount: bigint;
};

const TIP_COLUMNS = "id, from_user_id, to_user_id, post_id, token_address, amount::text, status, created_at";
/** The columns every new tip row sets from its request, and their values ($1 to $7). */
const REQUEST_COLUMNS = "from_user_id, to_user_id, post_id, chain_id, token_address, token_id, amount";
const requestValues = (r: TipRequest): unknown[] => [
  r.fromUserId,
  r.toUserId,
  r.postId,
  r.chainId,
  r.tokenAddress,
  r.tokenId,
  r.amount.toString(),
];

/** Records the tip sent under intent `intentId`, once per intent; false when it was recorded already. */
export async function insertIntentTip(db: pg.Pool, schema: string, r: TipRequest, intentId: string): Promise<boolean> {
  const written = await db.query(
    `INSERT INTO ${schema}.tips (${REQUEST_COLUMNS}, intent_id, tx_hash, status)
     SELECT $1, $2, $3, $4, $5, $6, $7, i.id, i.tx_hash, ${schema}.tip_status(i.status)
       FROM ${schema}.intents i WHERE i.id = $8 FOR SHARE
     ON CONFLICT (intent_id) DO NOTHING`,
    [...requestValues(r), intentId],
  );
  return (written.rowCount ?? 0) > 0;
}

/** Records a tip the caller sent itself, confirmed, once per transaction; false when it was recorded already. */
export async function insertReportedTip(db: pg.Pool, schema: string, r: TipRequest, hash: string): Promise<boolean> {
  const written = await db.query(
    `INSERT INTO ${schema}.tips (${REQUEST_COLUMNS}, tx_hash, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, lower($8), 'confirmed')
     ON CONFLICT (chain_id, tx_hash) WHERE intent_id IS NULL DO NOTHING`,
    [...requestValues(r), hash],
  );
  return (written.rowCount ?? 0) > 0;
}

/** The tip sent under intent `intentId`, if any. */
export async function tipOfIntent(db: pg.Pool, schema: string, intentId: string): Promise<TipRow | undefined> {
  return (await db.query<TipRow>(`SELECT ${TIP_COLUMNS} FROM ${schema}.tips WHERE intent_id = $1`, [intentId])).rows[0];
}

/** The tip reported by its transaction `hash` on a chain (one the service did not send), if any. */
export async function reportedTip(
  db: pg.Pool,
  schema: string,
  chainId: number,
  hash: string,
): Promise<TipRow | undefined> {
  return (
    await db.query<TipRow>(
      `SELECT ${TIP_COLUMNS} FROM ${schema}.tips WHERE chain_id = $1 AND tx_hash = lower($2) AND intent_id IS NULL`,
      [chainId, hash],
    )
  ).rows[0];
}
