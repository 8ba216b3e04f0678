/**
 * A deployment's market as indexed: candles (svc_candle, kept from the trade rows: db/indexed/ranking.ts), holders
 * and trades (Ponder's holder and trade tables), one holder's balance, and the launchpad's builder and referrer
 * approvals. Amounts are bigint base units.
 */
import { STORED_CANDLE_SECONDS } from "../../core/candles.js";
import { checkpointBlockSql, checkpointTimestampSql } from "./checkpoint.js";
import { CANDLE_TABLE, candleFoldSql, keptOrDerivedSql, rankingArmedSql } from "./ranking.js";
import type { Queryable, Schemas } from "./types.js";

/** A token's contract on one chain: its home token or a peer. */
export type TokenOnChain = { chainId: number; address: string };

/** One candle: prices in USDC base units per whole token (as indexed), volumes in base units. */
export type IndexedCandle = {
  bucket: bigint;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
  volumeUsdc: bigint;
  volumeToken: bigint;
  trades: number;
};

/**
 * SQL: the 1-minute candles of deployment ($1 chain id, $2 token) with the same columns as `svc_candle`, from that
 * table when `maintained` (db/indexed/ranking.ts keeps it from the trade rows), else folded from the trade rows here.
 * A maintained read checks the triggers are still in place, and folds the trades itself when they are not.
 */
function minuteCandlesSql(ix: string, maintained: boolean): string {
  const folded = `SELECT * FROM (${candleFoldSql(`(SELECT * FROM ${ix}.trade WHERE chain_id = $1 AND token = $2)`)}) f
    (chain_id, token, bucket, open, high, low, close, volume_usdc, volume_token, trades, first_key, last_key)`;
  if (!maintained) return folded;
  return keptOrDerivedSql(ix, `SELECT * FROM ${ix}.${CANDLE_TABLE} WHERE chain_id = $1 AND token = $2`, folded);
}

/**
 * The most recent `limit` candles of `seconds` (a multiple of 60) whose bucket starts within [from, to] (either
 * open), oldest first. Only buckets with trades exist. Rolled up from the 1-minute candles (minuteCandlesSql): open
 * of the first minute, close of the last, highest high, lowest low, volumes and trades summed. A bucket of `seconds`
 * holds at most seconds / 60 minute rows, so the newest limit × seconds / 60 of them hold every row of the `limit`
 * newest buckets.
 */
export async function readCandles(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: TokenOnChain,
  p: { seconds: number; from: number | null; to: number | null; limit: number },
  maintained: boolean,
): Promise<IndexedCandle[]> {
  const seconds = Math.trunc(p.seconds);
  if (seconds <= 0 || seconds % STORED_CANDLE_SECONDS !== 0) throw new Error(`no candles of ${p.seconds} s`);
  // Minute rows of the buckets starting in [from, to]: from the first bucket start at or after `from` to the end of
  // the bucket that starts at or before `to`.
  const first = p.from === null ? null : Math.ceil(p.from / seconds) * seconds;
  const end = p.to === null ? null : Math.floor(p.to / seconds) * seconds + seconds;
  const { rows } = await db.query<Record<string, string>>(
    `SELECT b.bucket - b.bucket % $3 AS bucket, (array_agg(b.open ORDER BY b.bucket))[1] AS open, max(b.high) AS high,
            min(b.low) AS low, (array_agg(b.close ORDER BY b.bucket DESC))[1] AS close,
            sum(b.volume_usdc) AS volume_usdc, sum(b.volume_token) AS volume_token, sum(b.trades) AS trades
       FROM (SELECT * FROM (${minuteCandlesSql(schemas.indexerSchema, maintained)}) m
              WHERE ($4::numeric IS NULL OR bucket >= $4) AND ($5::numeric IS NULL OR bucket < $5)
              ORDER BY bucket DESC LIMIT $6) b
      GROUP BY 1 ORDER BY 1 DESC LIMIT $7`,
    [d.chainId, d.address.toLowerCase(), seconds, first, end, p.limit * (seconds / STORED_CANDLE_SECONDS), p.limit],
  );
  return rows.reverse().map((r) => ({
    bucket: BigInt(r.bucket ?? 0),
    open: BigInt(r.open ?? 0),
    high: BigInt(r.high ?? 0),
    low: BigInt(r.low ?? 0),
    close: BigInt(r.close ?? 0),
    volumeUsdc: BigInt(r.volume_usdc ?? 0),
    volumeToken: BigInt(r.volume_token ?? 0),
    trades: Number(r.trades),
  }));
}

/** A holder with a balance above zero, and the user whose custodial wallet the address is. */
export type IndexedHolder = { address: string; balance: bigint; userId: string | null; username: string | null };

/** A page of holders with a balance above zero, largest first (address as tie-break). */
export async function readHolders(
  db: Queryable,
  schemas: Schemas,
  d: TokenOnChain,
  page: { limit: number; offset: number },
): Promise<IndexedHolder[]> {
  const { rows } = await db.query<{
    address: string;
    balance: string;
    user_id: string | null;
    username: string | null;
  }>(
    `SELECT h.address, h.balance, u.id AS user_id, u.username
       FROM ${schemas.indexerSchema}.holder h
       LEFT JOIN ${schemas.appSchema}.users u ON lower(u.wallet_address) = h.address
      WHERE h.chain_id = $1 AND h.token = $2 AND h.balance > 0
      ORDER BY h.balance DESC, h.address LIMIT $3 OFFSET $4`,
    [d.chainId, d.address.toLowerCase(), page.limit, page.offset],
  );
  return rows.map((r) => ({ address: r.address, balance: BigInt(r.balance), userId: r.user_id, username: r.username }));
}

/** One indexed trade on either venue. */
export type IndexedTrade = {
  id: string;
  trader: string;
  mode: string;
  isBuy: boolean;
  venue: string;
  tokenAmount: bigint;
  usdcAmount: bigint;
  price: bigint;
  /** The whole trade fee: protocol, creator, referral and builder parts. */
  fee: bigint;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  timestamp: bigint;
};

/** A page of trades, newest first (timestamp, block, then log index). */
export async function readTrades(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: TokenOnChain,
  page: { limit: number; offset: number },
): Promise<IndexedTrade[]> {
  const { rows } = await db.query<Record<string, string> & { is_buy: boolean; log_index: number }>(
    `SELECT id, trader, mode, is_buy, venue, token_amount, usdc_amount, price, fee_protocol, fee_creator, fee_referral,
            fee_builder, fee_launch, tx_hash, log_index, block_number, timestamp
       FROM ${schemas.indexerSchema}.trade
      WHERE chain_id = $1 AND token = $2
      ORDER BY timestamp DESC, block_number DESC, log_index DESC LIMIT $3 OFFSET $4`,
    [d.chainId, d.address.toLowerCase(), page.limit, page.offset],
  );
  return rows.map((r) => ({
    id: String(r.id),
    trader: String(r.trader),
    mode: String(r.mode),
    isBuy: r.is_buy,
    venue: String(r.venue),
    tokenAmount: BigInt(r.token_amount ?? 0),
    usdcAmount: BigInt(r.usdc_amount ?? 0),
    price: BigInt(r.price ?? 0),
    fee: [r.fee_protocol, r.fee_creator, r.fee_referral, r.fee_builder, r.fee_launch].reduce(
      (n, f) => n + BigInt(f ?? 0),
      0n,
    ),
    txHash: String(r.tx_hash),
    logIndex: r.log_index,
    blockNumber: BigInt(r.block_number ?? 0),
    timestamp: BigInt(r.timestamp ?? 0),
  }));
}

/** `holder`'s balance of the deployment, in token base units (0 when it holds none). */
export async function readHolderBalance(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: TokenOnChain,
  holder: string,
): Promise<bigint> {
  const { rows } = await db.query<{ balance: string }>(
    `SELECT balance FROM ${schemas.indexerSchema}.holder WHERE chain_id = $1 AND token = $2 AND address = $3`,
    [d.chainId, d.address.toLowerCase(), holder.toLowerCase()],
  );
  return rows[0] ? BigInt(rows[0].balance) : 0n;
}

/** What the indexer knows of an attribution's parties on a chain (BuilderSet, ReferrerSet). */
export type AttributionApprovals = {
  /** The builder's approved maximum fee in bps; 0 when never approved or revoked. */
  builderMaxFeeBps: number;
  /** Whether the referral is an approved referrer. */
  referralApproved: boolean;
};

/** The indexed approvals of `builder` and `referral` on `chainId`, in one statement. */
export async function readAttributionApprovals(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  chainId: number,
  builder: string,
  referral: string,
): Promise<AttributionApprovals> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ max_fee_bps: number | null; approved: boolean | null }>({
    name: `attribution-approvals:${ix}`,
    text: `SELECT (SELECT max_fee_bps FROM ${ix}.builder WHERE chain_id = $1 AND address = $2) AS max_fee_bps,
                  (SELECT approved FROM ${ix}.referrer WHERE chain_id = $1 AND address = $3) AS approved`,
    values: [chainId, builder.toLowerCase(), referral.toLowerCase()],
  });
  return { builderMaxFeeBps: rows[0]?.max_fee_bps ?? 0, referralApproved: rows[0]?.approved ?? false };
}

/** One window of a token's trading, ending at the indexed head's time. */
export type IndexedStatsWindow = {
  seconds: number;
  trades: number;
  buys: number;
  sells: number;
  volumeUsdc: bigint;
  traders: number;
  buyers: number;
  sellers: number;
  /** Price after the last trade at or before the window's start; null when the token had none then. */
  openPrice: bigint | null;
};

/**
 * A deployment's trading over windows of `seconds` ending at `now`: the timestamp of the block the indexer last
 * committed on `chainSlug` (read in the same statement, so that every window and the head are one snapshot), with
 * that block's number. Windows are (now − seconds, now].
 */
export async function readTradeStats(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  d: TokenOnChain & { chainSlug: string },
  seconds: readonly number[],
): Promise<{ now: bigint | null; block: bigint | null; windows: IndexedStatsWindow[] }> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<Record<string, string | null>>(
    `WITH head AS (SELECT ${checkpointTimestampSql(ix, "$3")} AS now, ${checkpointBlockSql(ix, "$3")} AS block),
          w AS (SELECT unnest($4::int[]) AS secs)
     SELECT w.secs, head.now::text AS now, head.block::text AS block,
            count(t.id)::int AS trades,
            (count(t.id) FILTER (WHERE t.is_buy))::int AS buys,
            (count(t.id) FILTER (WHERE NOT t.is_buy))::int AS sells,
            COALESCE(sum(t.usdc_amount), 0)::text AS volume,
            count(DISTINCT t.trader)::int AS traders,
            (count(DISTINCT t.trader) FILTER (WHERE t.is_buy))::int AS buyers,
            (count(DISTINCT t.trader) FILTER (WHERE NOT t.is_buy))::int AS sellers,
            (SELECT p.price FROM ${ix}.trade p
              WHERE p.chain_id = $1 AND p.token = $2 AND p.timestamp <= head.now - w.secs
              ORDER BY p.timestamp DESC, p.block_number DESC, p.log_index DESC LIMIT 1)::text AS open_price
       FROM w CROSS JOIN head
       LEFT JOIN ${ix}.trade t ON t.chain_id = $1 AND t.token = $2
                              AND t.timestamp > head.now - w.secs AND t.timestamp <= head.now
      GROUP BY w.secs, head.now, head.block ORDER BY w.secs`,
    [d.chainId, d.address.toLowerCase(), d.chainSlug, seconds],
  );
  const first = rows[0];
  return {
    now: first?.now == null ? null : BigInt(first.now),
    block: first?.block == null ? null : BigInt(first.block),
    windows: rows.map((r) => ({
      seconds: Number(r.secs),
      trades: Number(r.trades),
      buys: Number(r.buys),
      sells: Number(r.sells),
      volumeUsdc: BigInt(r.volume ?? "0"),
      traders: Number(r.traders),
      buyers: Number(r.buyers),
      sellers: Number(r.sellers),
      openPrice: r.open_price == null ? null : BigInt(r.open_price),
    })),
  };
}

/**
 * What the spending policy values each of `addresses` (any case) that is a launched token on `chainId`, or a peer of one
 * there (priced by its home pool), at, by
 * lower-case address (others are left out): USD per whole token, 18 decimals, the highest of its pool's price now
 * and the highest price after a trade in the hours from 24 hours before the pool last changed (from the minute
 * candles, or the trades themselves when those are not maintained). A price pushed down just before a transfer does
 * not make the transfer cheap; one pushed up only makes it count more.
 */
export async function readSpendPrices(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  chainId: number,
  addresses: readonly string[],
  maintained: boolean,
): Promise<Map<string, bigint>> {
  if (addresses.length === 0) return new Map();
  const ix = schemas.indexerSchema;
  const since = "ceil((p.updated_at - 86400 - 3600) / 3600) * 3600";
  // The highest price after a trade of those hours: from the maintained minute candles, or the trade rows themselves.
  const folded = `SELECT max(r.price) FROM ${ix}.trade r
                   WHERE r.chain_id = p.chain_id AND r.token = p.token AND r.timestamp >= ${since}`;
  const high = maintained
    ? `CASE WHEN ${rankingArmedSql(ix)} THEN (SELECT max(k.high) FROM ${ix}.${CANDLE_TABLE} k
              WHERE k.chain_id = p.chain_id AND k.token = p.token AND k.bucket >= ${since}) ELSE (${folded}) END`
    : `(${folded})`;
  // A peer on another chain (peer_token) is priced by its home token's pool.
  const { rows } = await db.query<{ token: string; price: string }>(
    `SELECT t.token, greatest(p.price, coalesce(${high}, 0))::text AS price
       FROM (SELECT $1::int AS chain_id, a AS token, $1::int AS pool_chain, a AS pool_token
               FROM unnest($2::text[]) a
             UNION ALL
             SELECT pt.chain_id, pt.address, pt.home_chain_id, pt.home_token
               FROM ${ix}.peer_token pt WHERE pt.chain_id = $1 AND pt.address = ANY($2)) t
       JOIN ${ix}.pool p ON p.chain_id = t.pool_chain AND p.token = t.pool_token`,
    [chainId, addresses.map((a) => a.toLowerCase())],
  );
  return new Map(rows.map((r) => [r.token.toLowerCase(), BigInt(r.price)]));
}
