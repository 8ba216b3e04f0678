/**
 * The facts a token's launch report is decided from (core/launch-report.ts): its creation, the trades of its early
 * buyers, its creator and the wallets the creator funded, the USDC that funded them (the indexer's `funding`), their
 * balances, the largest holders and what fresh wallets hold. Four round trips, each on indexes: trade by token and
 * time, funding by recipient and by sender, holder by token.
 */
import type { Funding, LaunchFacts, LaunchRules, LaunchTrade } from "../../core/launch-report.js";
import type { Queryable, Schemas } from "./types.js";

/** The token's creation, or null when it is not a launched token on that chain. */
export async function readLaunchFacts(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string },
  rules: Pick<LaunchRules, "windowSeconds" | "fundingLookbackSeconds">,
): Promise<LaunchFacts | null> {
  const ix = schemas.indexerSchema;
  const token = d.token.toLowerCase();
  const { rows: created } = await db.query<{
    creator: string;
    created_block: string;
    created_at: string;
    launchpad: string | null;
    v3_pool: string | null;
    supply: string;
    holders: number;
  }>(
    `SELECT k.creator, k.created_block::text, k.created_at::text, l.address AS launchpad, p.v3_pool,
            (SELECT coalesce(sum(h.balance), 0)::text FROM ${ix}.holder h WHERE h.chain_id = $1 AND h.token = $2) AS supply,
            (SELECT count(*)::int FROM ${ix}.holder h WHERE h.chain_id = $1 AND h.token = $2 AND h.balance > 0) AS holders
       FROM ${ix}.token k
       LEFT JOIN ${ix}.launchpad l ON l.chain_id = k.chain_id
       LEFT JOIN ${ix}.pool p ON p.chain_id = k.chain_id AND p.token = k.address
      WHERE k.chain_id = $1 AND k.address = $2`,
    [d.chainId, token],
  );
  const c = created[0];
  if (!c) return null;
  const createdAt = BigInt(c.created_at);
  const windowEnd = (createdAt + BigInt(rules.windowSeconds)).toString();
  const since = (createdAt - BigInt(rules.fundingLookbackSeconds)).toString();
  const platform = [c.launchpad, c.v3_pool, token, "0x0000000000000000000000000000000000000000"]
    .filter((a): a is string => a !== null)
    .map((a) => a.toLowerCase());

  // The wallets followed: the early buyers, the wallets the creator sent USDC that traded the token, the creator.
  const { rows: followed } = await db.query<{ trader: string }>(
    `SELECT DISTINCT trader FROM ${ix}.trade
      WHERE chain_id = $1 AND token = $2 AND is_buy AND timestamp <= $3
     UNION
     SELECT DISTINCT f."to" FROM ${ix}.funding f
      WHERE f.chain_id = $1 AND f."from" = $4 AND f.timestamp >= $5
        AND EXISTS (SELECT 1 FROM ${ix}.trade t WHERE t.chain_id = $1 AND t.token = $2 AND t.trader = f."to")
     UNION SELECT $4`,
    [d.chainId, token, windowEnd, c.creator, since],
  );
  const wallets = followed.map((r) => r.trader.toLowerCase());

  const [trades, funding, balances, top] = await Promise.all([
    db.query<{ trader: string; is_buy: boolean; tokens: string; usdc: string; block: string; at: string; tx: string }>(
      `SELECT trader, is_buy, token_amount::text AS tokens, usdc_amount::text AS usdc, block_number::text AS block,
              timestamp::text AS at, tx_hash AS tx
         FROM ${ix}.trade WHERE chain_id = $1 AND token = $2 AND trader = ANY($3)
        ORDER BY block_number, log_index`,
      [d.chainId, token, wallets],
    ),
    // What funded them since the lookback before the creation, and, one hop up, what funded those who paid them.
    db.query<{ from: string; to: string; value: string; block: string; at: string; tx: string }>(
      `WITH direct AS (
         SELECT "from", "to", value, block_number, timestamp, tx_hash FROM ${ix}.funding
          WHERE chain_id = $1 AND "to" = ANY($2) AND timestamp >= $3)
       SELECT "from", "to", value::text, block_number::text AS block, timestamp::text AS at, tx_hash AS tx FROM direct
       UNION ALL
       SELECT f."from", f."to", f.value::text, f.block_number::text, f.timestamp::text, f.tx_hash FROM ${ix}.funding f
        WHERE f.chain_id = $1 AND f."to" IN (SELECT "from" FROM direct) AND NOT f."to" = ANY($2)
          AND f.timestamp >= $4 AND f.timestamp <= $5`,
      [d.chainId, wallets, since, (createdAt - 2n * BigInt(rules.fundingLookbackSeconds)).toString(), windowEnd],
    ),
    db.query<{ address: string; balance: string }>(
      `SELECT address, balance::text FROM ${ix}.holder WHERE chain_id = $1 AND token = $2 AND address = ANY($3)`,
      [d.chainId, token, wallets],
    ),
    // The ten largest holders that are not the platform's; and what the holders whose first indexed activity was
    // this token (no trade of another token before their first trade of, or transfer of, this one) hold.
    db.query<{ address: string | null; balance: string; fresh: string }>(
      `WITH top AS (
         SELECT address, balance FROM ${ix}.holder
          WHERE chain_id = $1 AND token = $2 AND balance > 0 AND NOT address = ANY($3)
          ORDER BY balance DESC, address LIMIT 10),
       fresh AS (
         SELECT coalesce(sum(h.balance), 0) AS held FROM ${ix}.holder h
          WHERE h.chain_id = $1 AND h.token = $2 AND h.balance > 0 AND NOT h.address = ANY($3)
            AND NOT EXISTS (
              SELECT 1 FROM ${ix}.trade o
               WHERE o.trader = h.address AND NOT (o.chain_id = $1 AND o.token = $2)
                 AND o.timestamp < least(
                   (SELECT min(t.timestamp) FROM ${ix}.trade t
                     WHERE t.chain_id = $1 AND t.token = $2 AND t.trader = h.address),
                   (SELECT min(x.timestamp) FROM ${ix}.transfer x
                     WHERE x.chain_id = $1 AND x.token = $2 AND x."to" = h.address)))
       )
       SELECT t.address, t.balance::text, (SELECT held FROM fresh)::text AS fresh FROM top t
       UNION ALL SELECT NULL, '0', (SELECT held FROM fresh)::text WHERE NOT EXISTS (SELECT 1 FROM top)`,
      [d.chainId, token, platform],
    ),
  ]);

  return {
    creator: c.creator.toLowerCase(),
    createdBlock: BigInt(c.created_block),
    createdAt,
    supply: BigInt(c.supply),
    holders: c.holders,
    trades: trades.rows.map(
      (t): LaunchTrade => ({
        trader: t.trader.toLowerCase(),
        isBuy: t.is_buy,
        tokens: BigInt(t.tokens),
        usdc: BigInt(t.usdc),
        block: BigInt(t.block),
        timestamp: BigInt(t.at),
        txHash: t.tx,
      }),
    ),
    funding: funding.rows.map(
      (f): Funding => ({
        from: f.from.toLowerCase(),
        to: f.to.toLowerCase(),
        value: BigInt(f.value),
        block: BigInt(f.block),
        timestamp: BigInt(f.at),
        txHash: f.tx,
      }),
    ),
    balances: new Map(balances.rows.map((b) => [b.address.toLowerCase(), BigInt(b.balance)])),
    top: top.rows
      .filter((t): t is { address: string; balance: string; fresh: string } => t.address !== null)
      .map((t) => ({ address: t.address.toLowerCase(), balance: BigInt(t.balance) })),
    freshHeld: BigInt(top.rows[0]?.fresh ?? 0),
  };
}
