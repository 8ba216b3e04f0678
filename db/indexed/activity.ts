/**
 * Feeds of indexed logs, newest first with a keyset position: a token's activity (trades, transfers between holders,
 * graduation, pool fee collections and token fee claims) and a recipient's fee history (fee shares accrued from
 * trades, graduated-pool fees collected for it, and its claims).
 *
 * Every entry sits at a position (timestamp, chain id, block, log index, rank): rank orders the entries one log
 * makes (a trade is a creator's and a builder's accrual at once). A page continues strictly below the last
 * position of the one before, so entries indexed meanwhile (above it) neither repeat nor push one out of reach.
 * Each branch of the union reads its own index in that order and stops at the page size.
 */
import type { Queryable, Schemas } from "./types.js";

/** Where an entry sits in a feed; compare as a tuple. */
export type LogPosition = { timestamp: bigint; chainId: number; block: bigint; logIndex: number; rank: number };

/** One entry: its kind, position, transaction, and kind-specific fields (amounts as decimal strings). */
export type LogEntry = LogPosition & { kind: string; txHash: string; data: Record<string, string | null> };

/** Above every position: the first page. */
const TOP: LogPosition = { timestamp: 2n ** 63n, chainId: 0, block: 0n, logIndex: 0, rank: 0 };

const KEY = `("timestamp", chain_id, block_number, log_index, rank)`;
/** The columns every branch of a feed selects, in order. */
const COLUMNS = ["kind", "chain_id", "tx_hash", "block_number", "log_index", "timestamp", "rank", "data"];
const BELOW = `${KEY} < ($2::numeric, $3::int, $4::numeric, $5::int, $6::int)`;

async function readFeed(
  db: Queryable,
  branches: string[],
  params: unknown[],
  p: { after: LogPosition | null; limit: number },
): Promise<LogEntry[]> {
  const at = p.after ?? TOP;
  const union = branches
    .map(
      (b) =>
        `(SELECT * FROM (${b}) AS b(${COLUMNS.map((c) => `"${c}"`).join(", ")}) WHERE ${BELOW} ORDER BY ${KEY} DESC LIMIT $7)`,
    )
    .join(" UNION ALL ");
  const { rows } = await db.query<{
    kind: string;
    chain_id: number;
    tx_hash: string;
    block_number: string;
    log_index: number;
    timestamp: string;
    rank: number;
    data: Record<string, string | null>;
  }>(`SELECT * FROM (${union}) feed ORDER BY ${KEY} DESC LIMIT $7`, [
    params[0],
    at.timestamp.toString(),
    at.chainId,
    at.block.toString(),
    at.logIndex,
    at.rank,
    p.limit,
    ...params.slice(1),
  ]);
  return rows.map((r) => ({
    kind: r.kind,
    chainId: r.chain_id,
    txHash: r.tx_hash,
    block: BigInt(r.block_number),
    logIndex: r.log_index,
    timestamp: BigInt(r.timestamp),
    rank: r.rank,
    data: r.data,
  }));
}

/**
 * The activity of the token `tokenLayerId` (lower case) on `chainId`, or on every chain it is indexed on (its home
 * chain and the chains it was deployed to), newest first: `limit` entries below `after`. Transfers the launchpad
 * sends are token fee claims, listed as those; a move between chains is a leg on each (move_sent, move_received).
 */
export function readTokenActivity(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  tokenLayerId: string,
  p: { after: LogPosition | null; limit: number; chainId: number | null },
): Promise<LogEntry[]> {
  const ix = schemas.indexerSchema;
  const deployments = `SELECT chain_id, address FROM (
       SELECT chain_id, address FROM ${ix}.token WHERE token_layer_id = $1
       UNION ALL
       SELECT p.chain_id, p.address FROM ${ix}.peer_token p
         JOIN ${ix}.token t ON t.chain_id = p.home_chain_id AND t.address = p.home_token
        WHERE t.token_layer_id = $1) d
     WHERE $8::int IS NULL OR d.chain_id = $8`;
  return readFeed(
    db,
    [
      `SELECT 'trade', t.chain_id, t.tx_hash, t.block_number, t.log_index, t.timestamp, 0,
              jsonb_build_object('trader', t.trader, 'side', CASE WHEN t.is_buy THEN 'buy' ELSE 'sell' END,
                'venue', t.venue, 'mode', t.mode, 'token_amount', t.token_amount::text,
                'usdc_amount', t.usdc_amount::text, 'price', t.price::text)
         FROM ${ix}.trade t JOIN (${deployments}) d ON d.chain_id = t.chain_id AND d.address = t.token`,
      `SELECT 'transfer', x.chain_id, x.tx_hash, x.block_number, x.log_index, x.timestamp, 0,
              jsonb_build_object('from', x."from", 'to', x."to", 'token_amount', x.value::text, 'price', x.price::text)
         FROM ${ix}.transfer x JOIN (${deployments}) d ON d.chain_id = x.chain_id AND d.address = x.token
         JOIN ${ix}.launchpad l ON l.chain_id = x.chain_id
        WHERE x."from" <> l.address AND x."to" <> l.address`,
      `SELECT 'graduation', p.chain_id, p.graduated_tx, p.graduated_block, p.graduated_log_index, p.graduated_at, 0,
              jsonb_build_object('v3_pool', p.v3_pool, 'fee_tier', p.fee_tier::text)
         FROM ${ix}.pool p JOIN (${deployments}) d ON d.chain_id = p.chain_id AND d.address = p.token
        WHERE p.graduated`,
      `SELECT 'fee_collection', f.chain_id, f.tx_hash, f.block_number, f.log_index, f.timestamp, 0,
              jsonb_build_object('creator', f.creator, 'creator_usdc', f.creator_usdc::text,
                'protocol_usdc', f.protocol_usdc::text, 'creator_tokens', f.creator_tokens::text,
                'protocol_tokens', f.protocol_tokens::text)
         FROM ${ix}.pool_fee_collection f JOIN (${deployments}) d ON d.chain_id = f.chain_id AND d.address = f.token`,
      `SELECT 'fee_claim', f.chain_id, f.tx_hash, f.block_number, f.log_index, f.timestamp, 0,
              jsonb_build_object('recipient', f.recipient, 'token_amount', f.amount::text)
         FROM ${ix}.fee_claim f JOIN (${deployments}) d ON d.chain_id = f.chain_id AND d.address = f.token`,
      // Moves between chains: a leg on each chain, the send where it left and the receipt where it arrived.
      `SELECT 'move_sent', s.src_chain_id, s.tx_hash, s.block_number, s.log_index, s.timestamp, 0,
              jsonb_build_object('from', s."from", 'to_chain_id', s.dst_chain_id::text,
                'token_amount', s.amount_sent::text, 'guid', s.guid)
         FROM ${ix}.oft_send s
         JOIN ${ix}.token t ON t.chain_id = s.home_chain_id AND t.address = s.home_token AND t.token_layer_id = $1
        WHERE $8::int IS NULL OR s.src_chain_id = $8`,
      `SELECT 'move_received', r.dst_chain_id, r.tx_hash, r.block_number, r.log_index, r.timestamp, 0,
              jsonb_build_object('to', r."to", 'from_chain_id', r.src_chain_id::text,
                'token_amount', r.amount_received::text, 'guid', r.guid)
         FROM ${ix}.oft_receive r
         JOIN ${ix}.token t ON t.chain_id = r.home_chain_id AND t.address = r.home_token AND t.token_layer_id = $1
        WHERE $8::int IS NULL OR r.dst_chain_id = $8`,
    ],
    [tokenLayerId, p.chainId],
    p,
  );
}

/**
 * The fee history of `recipient` (lower case), newest first: `limit` entries below `after`, on `chainId` or every
 * chain. Accruals: its creator share of the trades of tokens it created (rank 0), its builder (1) and referral (2)
 * shares of trades that named it, and the creator's USDC (3) and launch tokens (4) of its graduated pools' collected
 * fees. Claims (5): USDC (claimFees) and launch tokens (claimTokenFees). The protocol's shares are not listed.
 */
export function readFeeHistory(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  recipient: string,
  p: { after: LogPosition | null; limit: number; chainId: number | null },
): Promise<LogEntry[]> {
  const ix = schemas.indexerSchema;
  const chain = (alias: string) => `($8::int IS NULL OR ${alias}.chain_id = $8)`;
  const share = (type: string, rank: number, column: string, where: string) =>
    `SELECT 'accrual', t.chain_id, t.tx_hash, t.block_number, t.log_index, t.timestamp, ${rank},
            jsonb_build_object('type', '${type}', 'source_token', t.token, 'token', NULL,
              'amount', t.${column}::text)
       FROM ${ix}.trade t ${where} AND t.${column} > 0 AND ${chain("t")}`;
  const pool = (rank: number, column: string, token: string) =>
    `SELECT 'accrual', f.chain_id, f.tx_hash, f.block_number, f.log_index, f.timestamp, ${rank},
            jsonb_build_object('type', 'pool', 'source_token', f.token, 'token', ${token}, 'amount', f.${column}::text)
       FROM ${ix}.pool_fee_collection f WHERE f.creator = $1 AND f.${column} > 0 AND ${chain("f")}`;
  return readFeed(
    db,
    [
      share(
        "creator",
        0,
        "fee_creator",
        `JOIN ${ix}.token k ON k.chain_id = t.chain_id AND k.address = t.token WHERE k.creator = $1`,
      ),
      share("builder", 1, "fee_builder", "WHERE t.builder = $1"),
      share("referral", 2, "fee_referral", "WHERE t.referral = $1"),
      pool(3, "creator_usdc", "NULL"),
      pool(4, "creator_tokens", "f.token"),
      `SELECT 'claim', f.chain_id, f.tx_hash, f.block_number, f.log_index, f.timestamp, 5,
              jsonb_build_object('type', 'claim', 'source_token', f.token, 'token', f.token, 'amount', f.amount::text)
         FROM ${ix}.fee_claim f WHERE f.recipient = $1 AND ${chain("f")}`,
    ],
    [recipient, p.chainId],
    p,
  );
}

/** The symbol and app uuid (null without an app row) of each deployment given, in one query; unknown ones left out. */
export async function readTokenNames(
  db: Queryable,
  schemas: Schemas,
  deployments: { chainId: number; address: string }[],
): Promise<{ chainId: number; address: string; tokenId: string | null; symbol: string }[]> {
  if (deployments.length === 0) return [];
  const { rows } = await db.query<{ chain_id: number; address: string; id: string | null; symbol: string }>(
    `SELECT t.chain_id, t.address, a.id, t.symbol
       FROM unnest($1::int[], $2::text[]) AS k(chain_id, address)
       JOIN ${schemas.indexerSchema}.token t ON t.chain_id = k.chain_id AND t.address = lower(k.address)
       LEFT JOIN ${schemas.appSchema}.tokens a ON lower(a.token_layer_id) = t.token_layer_id`,
    [deployments.map((d) => d.chainId), deployments.map((d) => d.address)],
  );
  return rows.map((r) => ({ chainId: r.chain_id, address: r.address, tokenId: r.id, symbol: r.symbol }));
}
