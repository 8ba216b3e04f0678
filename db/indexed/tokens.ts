/**
 * Tokens and their pools as indexed (Ponder's token and pool tables, keyed by chain and address and joined to the
 * app's tokens on token_layer_id): the one decoder of a pool row, for the API's reads and the worker's quotes.
 */
import { slugOfChainId } from "../../core/chains.js";
import type { PoolTypeParams } from "../../core/curve.js";
import { AppError } from "../../core/errors.js";
import { type PoolParamsRow, poolParamsOfRow } from "../../core/poolTypes.js";
import { checkpointBlockSql } from "./checkpoint.js";
import type { Queryable, Schemas } from "./types.js";

/** A row of the app's tokens table (db/migrations). */
export type AppTokenRow = {
  id: string;
  token_layer_id: string;
  name: string;
  symbol: string;
  slug: string;
  description: string;
  logo: string;
  banner_url: string;
  video_url: string;
  links: Record<string, string>;
  pool_type: number;
  chain_slug: string;
  destination_chains: string[];
  creator_user_id: string | null;
  creator_address: string;
  metadata_cid: string | null;
  verified: boolean;
  launch_post_id: string | null;
  created_at: Date;
};

/** One indexed deployment of a token, with its pool. Amounts are bigint base units, as indexed. */
export type IndexedToken = {
  chainId: number;
  chainSlug: string;
  address: `0x${string}`;
  tokenLayerId: string;
  creator: string;
  poolType: number;
  name: string;
  symbol: string;
  tokenUri: string;
  createdAt: bigint;
  holdersCount: number;
  tradeCount: number;
  volumeUsdc: bigint;
  pool: IndexedPool | null;
};

export type IndexedPool = {
  supply: bigint;
  reserve: bigint;
  price: bigint;
  marketCap: bigint;
  progressBps: number;
  graduated: boolean;
  /** The token's referral (named by its creator at creation, permanent); the zero address for none. */
  referral: `0x${string}`;
  /** Swap fees of the locked V3 position collected so far: USDC base units and token wei. */
  collectedFeesUsdc: bigint;
  collectedFeesTokens: bigint;
  v3Pool: `0x${string}` | null;
  feeTier: number | null;
  positionId: bigint | null;
  sqrtPriceX96: bigint | null;
  tick: number | null;
  liquidity: bigint | null;
  usdcIsToken0: boolean;
  params: PoolTypeParams;
  /** The block timestamp of the token's creation (unix seconds): its launch fee's window starts then. */
  createdAt: bigint;
  /** What trades paid above the trade fee in the launch window, USDC base units (the protocol's). */
  launchFeesUsdc: bigint;
  updatedBlock: bigint;
  /** Hash of updatedBlock: the block of the pool's last change, as the indexer saw it. */
  updatedBlockHash: `0x${string}`;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** The pool columns every pool read selects, `p` being the pool table's alias; poolOfRow decodes them. */
const POOL_COLUMNS = `p.token AS pool_token, p.supply, p.reserve, p.price, p.market_cap, p.progress_bps, p.graduated,
            p.referral AS pool_referral, p.collected_fees_usdc,
            p.collected_fees_tokens, p.v3_pool, p.fee_tier, p.position_id, p.sqrt_price_x_96 AS sqrt_price_x96, p.tick,
            p.liquidity, p.usdc_is_token0, p.weight_ppm, p.virtual_supply, p.virtual_reserve, p.migration_supply,
            p.dex_supply, p.dex_reserve, p.trade_fee_bps, p.creator_share_bps, p.dex_fee_tier, p.launch_fee_bps,
            p.launch_fee_seconds, p.created_at AS pool_created_at, p.launch_fees_usdc, p.updated_block,
            p.updated_block_hash`;

/** The token and pool columns every deployment read selects, `t` and `p` being the tables' aliases. */
export const INDEXED_TOKEN_COLUMNS = `t.chain_id, t.address, t.token_layer_id, t.creator, t.pool_type, t.name, t.symbol, t.token_uri,
            t.created_at, p.holders_count, p.trade_count, p.volume_usdc, ${POOL_COLUMNS}`;

/**
 * The indexed deployments of several token_layer_ids in one query, keyed by lowercase token_layer_id (each list
 * ordered by chain id). Ids without a deployment are absent from the map.
 */
export async function readIndexedTokensByLayerIds(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  tokenLayerIds: readonly string[],
): Promise<Map<string, IndexedToken[]>> {
  const byLayerId = new Map<string, IndexedToken[]>();
  if (tokenLayerIds.length === 0) return byLayerId;
  const ix = schemas.indexerSchema;
  const { rows } = await db.query(
    `SELECT ${INDEXED_TOKEN_COLUMNS}
       FROM ${ix}.token t LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
      WHERE t.token_layer_id = ANY($1::text[])
      ORDER BY t.token_layer_id, t.chain_id`,
    [tokenLayerIds.map((id) => id.toLowerCase())],
  );
  for (const r of rows) {
    const list = byLayerId.get(r.token_layer_id) ?? [];
    list.push(indexedTokenOfRow(r));
    byLayerId.set(r.token_layer_id, list);
  }
  return byLayerId;
}

/**
 * The app row of a token uuid with its indexed deployments (ordered by chain id), in one round trip, or undefined
 * when no such token exists. A prepared statement per schema pair, so Postgres plans it once per connection.
 */
export async function readAppTokenWithIndexed(
  db: Queryable,
  schemas: Schemas,
  tokenId: string,
): Promise<{ app: AppTokenRow; indexed: IndexedToken[] } | undefined> {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  const { rows } = await db.query({
    name: `app-token-deployments:${s}:${ix}`,
    text: `SELECT to_jsonb(a) AS app, ${INDEXED_TOKEN_COLUMNS}
             FROM ${s}.tokens a
             LEFT JOIN ${ix}.token t ON t.token_layer_id = lower(a.token_layer_id)
             LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
            WHERE a.id = $1
            ORDER BY t.chain_id`,
    values: [tokenId],
  });
  const first = rows[0];
  if (!first) return undefined;
  const app = { ...first.app, created_at: new Date(first.app.created_at) } as AppTokenRow;
  return { app, indexed: rows.filter((r) => r.chain_id !== null).map(indexedTokenOfRow) };
}

/** The launchpad address of every indexed chain, by chain id. */
export async function readIndexedLaunchpads(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
): Promise<Map<number, string>> {
  const { rows } = await db.query<{ chain_id: number; address: string }>(
    `SELECT chain_id, address FROM ${schemas.indexerSchema}.launchpad`,
  );
  return new Map(rows.map((r) => [r.chain_id, r.address]));
}

/** What a quote reads: the pool, and the indexed block, from one snapshot. */
export type QuotePoolState = { pool: IndexedPool; indexedBlock: bigint | null };

/**
 * The pool of `token` on `chainId` and the block indexed on `chainSlug`, read in one statement (one snapshot).
 * Throws 404 "Token not found" when the token has no pool.
 */
export async function readQuotePool(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  chain: { chainId: number; chainSlug: string },
  token: string,
): Promise<QuotePoolState> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query({
    name: `quote-pool:${ix}`,
    text: `SELECT ${POOL_COLUMNS}, ${checkpointBlockSql(ix, "$3")} AS indexed_block
             FROM ${ix}.pool p WHERE p.chain_id = $1 AND p.token = $2`,
    values: [chain.chainId, token.toLowerCase(), chain.chainSlug],
  });
  const r = rows[0];
  const pool = r && poolOfRow(r);
  if (!pool) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return { pool, indexedBlock: big(r.indexed_block) };
}

/** A deployment of a row that selected INDEXED_TOKEN_COLUMNS. */
// biome-ignore lint/suspicious/noExplicitAny: a raw row of the queries above
export function indexedTokenOfRow(r: any): IndexedToken {
  return {
    chainId: r.chain_id,
    chainSlug: slugOfChainId(r.chain_id) ?? String(r.chain_id),
    address: r.address,
    tokenLayerId: r.token_layer_id,
    creator: r.creator,
    poolType: r.pool_type,
    name: r.name,
    symbol: r.symbol,
    tokenUri: r.token_uri,
    createdAt: BigInt(r.created_at),
    holdersCount: r.holders_count ?? 0,
    tradeCount: r.trade_count ?? 0,
    volumeUsdc: BigInt(r.volume_usdc ?? 0),
    pool: poolOfRow(r),
  };
}

/** The pool of a row that selected POOL_COLUMNS, or null when the join found none. */
// biome-ignore lint/suspicious/noExplicitAny: a raw row of the queries above
function poolOfRow(r: any): IndexedPool | null {
  if (r.pool_token === null) return null;
  return {
    supply: BigInt(r.supply),
    reserve: BigInt(r.reserve),
    price: BigInt(r.price),
    marketCap: BigInt(r.market_cap),
    progressBps: r.progress_bps,
    graduated: r.graduated,
    referral: r.pool_referral,
    collectedFeesUsdc: BigInt(r.collected_fees_usdc),
    collectedFeesTokens: BigInt(r.collected_fees_tokens),
    v3Pool: r.v3_pool,
    feeTier: r.fee_tier,
    positionId: big(r.position_id),
    sqrtPriceX96: big(r.sqrt_price_x96),
    tick: r.tick,
    liquidity: big(r.liquidity),
    usdcIsToken0: r.usdc_is_token0,
    params: poolParamsOfRow(r as PoolParamsRow),
    createdAt: BigInt(r.pool_created_at),
    launchFeesUsdc: BigInt(r.launch_fees_usdc),
    updatedBlock: BigInt(r.updated_block),
    updatedBlockHash: r.updated_block_hash,
  };
}
