/**
 * What the indexer holds of a token's launch (core/launch-report.ts decides from it): its creation and supply, the
 * first buys of its launch window, and, for the wallets the report follows, their trades of the token and balances,
 * the largest holders and what fresh wallets hold. Each query on indexes: trade by token and time, holder by token.
 */
import type { HoldersPoint, LaunchFacts, LaunchRules, LaunchTrade } from "../../core/launch-report.js";
import type { Queryable, Schemas } from "./types.js";

/** A token's launch as indexed: its creation, supply and the first buys of its launch window. */
export type IndexedLaunch = {
  creator: string;
  createdBlock: bigint;
  createdAt: bigint;
  supply: bigint;
  holders: number;
  /**
   * Addresses of the platform whose USDC is no one's funding and whose tokens are no holder's: the launchpad and every
   * graduated pool of the chain (the caller adds the token's own pool, pinned at its creation).
   */
  platform: Set<string>;
  /** Each wallet's first buy in the launch window (the creator's included), by block. */
  firstBuys: { trader: string; block: bigint }[];
};

/** The token's launch, or null when it is not a launched token on that chain. */
export async function readLaunch(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string },
  rules: Pick<LaunchRules, "windowSeconds">,
): Promise<IndexedLaunch | null> {
  const ix = schemas.indexerSchema;
  const token = d.token.toLowerCase();
  const { rows: created } = await db.query<{
    creator: string;
    created_block: string;
    created_at: string;
    supply: string;
    holders: number;
    platform: string[];
  }>(
    `SELECT k.creator, k.created_block::text, k.created_at::text,
            (SELECT coalesce(sum(h.balance), 0)::text FROM ${ix}.holder h WHERE h.chain_id = $1 AND h.token = $2) AS supply,
            (SELECT count(*)::int FROM ${ix}.holder h WHERE h.chain_id = $1 AND h.token = $2 AND h.balance > 0) AS holders,
            array(SELECT lower(l.address) FROM ${ix}.launchpad l WHERE l.chain_id = $1
                  UNION SELECT lower(p.v3_pool) FROM ${ix}.pool p WHERE p.chain_id = $1 AND p.v3_pool IS NOT NULL)
              AS platform
       FROM ${ix}.token k WHERE k.chain_id = $1 AND k.address = $2`,
    [d.chainId, token],
  );
  const c = created[0];
  if (!c) return null;
  const createdAt = BigInt(c.created_at);
  const { rows: first } = await db.query<{ trader: string; block: string }>(
    `SELECT trader, min(block_number)::text AS block FROM ${ix}.trade
      WHERE chain_id = $1 AND token = $2 AND is_buy AND timestamp <= $3
      GROUP BY trader ORDER BY 2, 1`,
    [d.chainId, token, (createdAt + BigInt(rules.windowSeconds)).toString()],
  );
  return {
    creator: c.creator.toLowerCase(),
    createdBlock: BigInt(c.created_block),
    createdAt,
    supply: BigInt(c.supply),
    holders: c.holders,
    platform: new Set(c.platform),
    firstBuys: first.map((r) => ({ trader: r.trader.toLowerCase(), block: BigInt(r.block) })),
  };
}

/**
 * The facts of a launch (core/launch-report.ts) for the wallets followed (`wallets`: the early buyers, the creator and
 * the wallets it funded): their trades of the token and balances, the ten largest holders and what fresh wallets hold.
 * `funding` is the caller's (api/services/launch-funding.ts reads it from the chain).
 */
export async function readLaunchFacts(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string },
  launch: IndexedLaunch,
  wallets: string[],
): Promise<Omit<LaunchFacts, "funding">> {
  const ix = schemas.indexerSchema;
  const token = d.token.toLowerCase();
  const platform = [...launch.platform, token, "0x0000000000000000000000000000000000000000"];
  const [trades, balances, top, moves] = await Promise.all([
    db.query<{ trader: string; is_buy: boolean; tokens: string; usdc: string; block: string; at: string; tx: string }>(
      `SELECT trader, is_buy, token_amount::text AS tokens, usdc_amount::text AS usdc, block_number::text AS block,
              timestamp::text AS at, tx_hash AS tx
         FROM ${ix}.trade WHERE chain_id = $1 AND token = $2 AND trader = ANY($3)
        ORDER BY block_number, log_index`,
      [d.chainId, token, wallets],
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
    // Their balance changes that are not their trades: transfers, and moves to and from other chains.
    db.query<{ wallet: string; delta: string; block: string; at: string }>(
      `SELECT "from" AS wallet, (-value)::text AS delta, block_number::text AS block, timestamp::text AS at
         FROM ${ix}.transfer WHERE chain_id = $1 AND token = $2 AND "from" = ANY($3)
       UNION ALL
       SELECT "to", value::text, block_number::text, timestamp::text
         FROM ${ix}.transfer WHERE chain_id = $1 AND token = $2 AND "to" = ANY($3)
       UNION ALL
       SELECT "from", (-amount_sent)::text, block_number::text, timestamp::text
         FROM ${ix}.oft_send WHERE home_chain_id = $1 AND home_token = $2 AND src_chain_id = $1 AND "from" = ANY($3)
       UNION ALL
       SELECT "to", amount_received::text, block_number::text, timestamp::text
         FROM ${ix}.oft_receive WHERE home_chain_id = $1 AND home_token = $2 AND dst_chain_id = $1 AND "to" = ANY($3)`,
      [d.chainId, token, wallets],
    ),
  ]);

  return {
    creator: launch.creator,
    createdBlock: launch.createdBlock,
    createdAt: launch.createdAt,
    supply: launch.supply,
    holders: launch.holders,
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
    balances: new Map(balances.rows.map((b) => [b.address.toLowerCase(), BigInt(b.balance)])),
    top: top.rows
      .filter((t): t is { address: string; balance: string; fresh: string } => t.address !== null)
      .map((t) => ({ address: t.address.toLowerCase(), balance: BigInt(t.balance) })),
    freshHeld: BigInt(top.rows[0]?.fresh ?? 0),
    moves: moves.rows.map((m) => ({
      wallet: m.wallet.toLowerCase(),
      delta: BigInt(m.delta),
      block: BigInt(m.block),
      timestamp: BigInt(m.at),
    })),
  };
}

/** Those of `wallets` that traded the token. */
export async function readTokenTraders(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string },
  wallets: string[],
): Promise<string[]> {
  if (wallets.length === 0) return [];
  const { rows } = await db.query<{ trader: string }>(
    `SELECT DISTINCT lower(trader) AS trader FROM ${schemas.indexerSchema}.trade
      WHERE chain_id = $1 AND token = $2 AND trader = ANY($3)`,
    [d.chainId, d.token.toLowerCase(), wallets],
  );
  return rows.map((r) => r.trader);
}

/** The creator and creation time (unix seconds) of each of `tokens` launched on its chain, by `<chainId>:<token>`. */
export async function readLaunchStarts(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  tokens: readonly { chainId: number; token: string }[],
): Promise<Map<string, { creator: string; createdAt: bigint }>> {
  const starts = new Map<string, { creator: string; createdAt: bigint }>();
  if (tokens.length === 0) return starts;
  const { rows } = await db.query<{ chain_id: number; address: string; creator: string; created_at: string }>(
    `SELECT k.chain_id, lower(k.address) AS address, lower(k.creator) AS creator, k.created_at::text
       FROM ${schemas.indexerSchema}.token k
       JOIN unnest($1::int[], $2::text[]) AS t(chain_id, token) ON k.chain_id = t.chain_id AND k.address = t.token`,
    [tokens.map((t) => t.chainId), tokens.map((t) => t.token.toLowerCase())],
  );
  for (const r of rows)
    starts.set(`${r.chain_id}:${r.address}`, { creator: r.creator, createdAt: BigInt(r.created_at) });
  return starts;
}

/** Those of `wallets` that bought the token at or before `until` (unix seconds): its launch window's buyers. */
export async function readWindowBuyers(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string; until: bigint; wallets: string[] },
): Promise<Set<string>> {
  if (d.wallets.length === 0) return new Set();
  const { rows } = await db.query<{ trader: string }>(
    `SELECT DISTINCT lower(trader) AS trader FROM ${schemas.indexerSchema}.trade
      WHERE chain_id = $1 AND token = $2 AND is_buy AND timestamp <= $3 AND trader = ANY($4)`,
    [d.chainId, d.token.toLowerCase(), d.until.toString(), d.wallets.map((w) => w.toLowerCase())],
  );
  return new Set(rows.map((r) => r.trader));
}

/**
 * Which of `tokens` are concentrated now by the launch report's rule (core/launch-report.ts: the ten largest holders,
 * not the launchpad, a V3 pool, the token itself or the zero address, hold more than `pct` percent of every holder's
 * balance summed), by `<chainId>:<token>`. One statement for all: the ten from the holder index by balance, the sum
 * over the token's holders.
 */
export async function readConcentrated(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  tokens: readonly { chainId: number; token: string }[],
  pct: number,
): Promise<Set<string>> {
  if (tokens.length === 0) return new Set();
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ chain_id: number; token: string }>(
    `SELECT t.chain_id, t.token FROM unnest($1::int[], $2::text[]) AS t(chain_id, token)
       CROSS JOIN LATERAL (
         SELECT array(SELECT lower(l.address) FROM ${ix}.launchpad l WHERE l.chain_id = t.chain_id
                      UNION SELECT lower(p.v3_pool) FROM ${ix}.pool p WHERE p.chain_id = t.chain_id AND p.v3_pool IS NOT NULL)
                  || ARRAY[t.token, '0x0000000000000000000000000000000000000000'] AS platform) x
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(balance), 0) AS top FROM (
           SELECT h.balance FROM ${ix}.holder h
            WHERE h.chain_id = t.chain_id AND h.token = t.token AND h.balance > 0 AND NOT h.address = ANY(x.platform)
            ORDER BY h.balance DESC LIMIT 10) ten) a
       CROSS JOIN LATERAL (
         SELECT coalesce(sum(h.balance), 0) AS supply FROM ${ix}.holder h
          WHERE h.chain_id = t.chain_id AND h.token = t.token) b
      WHERE b.supply > 0 AND floor(a.top * 10000 / b.supply) > $3 * 100`,
    [tokens.map((t) => t.chainId), tokens.map((t) => t.token.toLowerCase()), pct],
  );
  return new Set(rows.map((r) => `${r.chain_id}:${r.token}`));
}

/**
 * The token's holder count on its chain over time (the indexer's count, as the Token shape's holders_count: every
 * address holding it, its pool's included), at `points` blocks evenly spaced from `fromBlock` to the token's last
 * event: at each, the count after the last change at or before it (the last count a `transfer` event, or a `trade`
 * event that booked its own token leg, published), with that change's block. Ascending; one sample may repeat the
 * one before. Each sample is a short backward walk of the event table's index by token, whatever the token's age.
 */
export async function readHolderCounts(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: { chainId: number; token: string; fromBlock: bigint; points: number },
): Promise<HoldersPoint[]> {
  const events = `${schemas.indexerSchema}.stream_event`;
  const { rows } = await db.query<{ block: string; at: string; holders: number }>(
    `SELECT c.block_number::text AS block, c.timestamp::text AS at, c.holders
       FROM (SELECT max(block_number) AS last FROM ${events} WHERE chain_id = $1 AND token = $2) s
      CROSS JOIN LATERAL (
        SELECT DISTINCT ($3::bigint + round(k * (s.last - $3::bigint)::numeric / greatest($4::int - 1, 1)))::bigint AS block
          FROM generate_series(0, $4::int - 1) k WHERE s.last >= $3::bigint) p
      CROSS JOIN LATERAL (
        SELECT e.block_number, e.timestamp, e.holders FROM (
          SELECT block_number, log_index, timestamp,
                 coalesce(data::jsonb->>'holdersCount', data::jsonb->'leg'->>'holdersCount')::int AS holders
            FROM ${events}
           WHERE chain_id = $1 AND token = $2 AND block_number BETWEEN $3 AND p.block AND kind IN ('transfer', 'trade')
           ORDER BY block_number DESC, log_index DESC) e
         WHERE e.holders IS NOT NULL LIMIT 1) c
      ORDER BY p.block`,
    [d.chainId, d.token.toLowerCase(), d.fromBlock.toString(), d.points],
  );
  return rows.map((r) => ({ block: BigInt(r.block), timestamp: BigInt(r.at), holders: r.holders }));
}
