/**
 * Token lookups that join the app's metadata (app.tokens, keyed by uuid) with the indexed on-chain state (the
 * indexer's token and pool tables, keyed by chain and address, joined on token_layer_id).
 */
import { AppError } from "../../core/errors.js";
import { poolParamsOfRow } from "../../core/poolTypes.js";
import { perDatabase, versionedCache } from "../../db/versions.js";
import type { ApiDeps } from "../deps.js";
import { slugOfChainId } from "./indexed.js";

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
  /** Between the buy that closed the curve and Graduated, when graduation takes more than one call. */
  graduating: boolean;
  /** While graduating: the V3 pool's sqrtPriceX96 after the last graduation call, and the curve's final one (X96). */
  pendingSqrtPriceX96: bigint | null;
  targetSqrtPriceX96: bigint | null;
  /** The token's referral (first touch, permanent); the zero address for none. */
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
  params: {
    weightPpm: number;
    virtualSupply: bigint;
    virtualReserve: bigint;
    migrationSupply: bigint;
    dexSupply: bigint;
    dexReserve: bigint;
    tradeFeeBps: number;
    creatorShareBps: number;
    dexFeeTier: number;
  };
  updatedBlock: bigint;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** The app row of a token uuid, or a 404 "Token not found". */
export async function getAppToken(deps: ApiDeps, tokenId: string): Promise<AppTokenRow> {
  const { rows } = await deps.db.query<AppTokenRow>(`SELECT * FROM ${deps.config.appSchema}.tokens WHERE id = $1`, [
    tokenId,
  ]);
  const row = rows[0];
  if (!row) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  return row;
}

/** Tokens known to exist, per process and pool (the app never deletes a token row, so a yes stays true). */
const knownTokens = perDatabase(() => new Set<string>());

/** 404 "Token not found" unless the token uuid exists; an existing one is remembered. */
export async function assertTokenExists(deps: ApiDeps, tokenId: string): Promise<void> {
  const known = knownTokens(deps.db);
  const key = `${deps.config.appSchema}:${tokenId}`;
  if (known.has(key)) return;
  await getAppToken(deps, tokenId);
  if (known.size >= 100_000) known.clear();
  known.add(key);
}

/** Every indexed deployment of a token_layer_id (one per chain), with pools. */
export async function getIndexedTokens(deps: ApiDeps, tokenLayerId: string): Promise<IndexedToken[]> {
  return (await getIndexedTokensByLayerIds(deps, [tokenLayerId])).get(tokenLayerId.toLowerCase()) ?? [];
}

/** The indexer token and pool columns every deployment read selects, `t` and `p` being its aliases. */
const deploymentColumns = `t.chain_id, t.address, t.token_layer_id, t.creator, t.pool_type, t.name, t.symbol, t.token_uri,
            t.created_at, t.holders_count, t.trade_count, t.volume_usdc,
            p.token AS pool_token, p.supply, p.reserve, p.price, p.market_cap, p.progress_bps, p.graduated, p.graduating,
            p.pending_sqrt_price_x_96 AS pending_sqrt_price_x96, p.target_sqrt_price_x_96 AS target_sqrt_price_x96,
            p.referral AS pool_referral, p.collected_fees_usdc, p.collected_fees_tokens, p.v3_pool,
            p.fee_tier, p.position_id, p.sqrt_price_x_96 AS sqrt_price_x96, p.tick, p.liquidity, p.usdc_is_token0, p.weight_ppm,
            p.virtual_supply, p.virtual_reserve, p.migration_supply, p.dex_supply, p.dex_reserve, p.trade_fee_bps,
            p.creator_share_bps, p.dex_fee_tier, p.updated_block`;

/**
 * The indexed deployments of several token_layer_ids in one query, keyed by lowercase token_layer_id (each list
 * ordered by chain id). Ids without a deployment are absent from the map.
 */
export async function getIndexedTokensByLayerIds(
  deps: ApiDeps,
  tokenLayerIds: readonly string[],
): Promise<Map<string, IndexedToken[]>> {
  const byLayerId = new Map<string, IndexedToken[]>();
  if (tokenLayerIds.length === 0) return byLayerId;
  const ix = deps.config.indexerSchema;
  const { rows } = await deps.db.query(
    `SELECT ${deploymentColumns}
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
 * The app row of a token uuid with its indexed deployments (ordered by chain id), in one round trip: the hot path
 * of get-pool-data and the other market reads. A prepared statement per schema pair, so Postgres plans it once per
 * connection. Throws 404 "Token not found".
 */
export function getAppTokenWithDeployments(deps: ApiDeps, tokenId: string): Promise<AppTokenWithDeployments> {
  const version = deps.versions?.key("indexed", "tokens") ?? null;
  return deploymentsCache(deps.db)(`${deps.config.appSchema}:${deps.config.indexerSchema}:${tokenId}`, version, () =>
    loadAppTokenWithDeployments(deps, tokenId),
  );
}

export type AppTokenWithDeployments = { readonly app: AppTokenRow; readonly indexed: readonly IndexedToken[] };

/**
 * Per process, the reads above under the indexed and tokens versions (db/versions.ts): served until a
 * block is indexed or the tokens table is written (posts and votes do not touch what these reads hold). Never
 * mutated by callers.
 */
const deploymentsCache = perDatabase(() => versionedCache<AppTokenWithDeployments>(50_000));

async function loadAppTokenWithDeployments(deps: ApiDeps, tokenId: string): Promise<AppTokenWithDeployments> {
  const s = deps.config.appSchema;
  const ix = deps.config.indexerSchema;
  const { rows } = await deps.db.query({
    name: `app-token-deployments:${s}:${ix}`,
    text: `SELECT to_jsonb(a) AS app, ${deploymentColumns}
             FROM ${s}.tokens a
             LEFT JOIN ${ix}.token t ON t.token_layer_id = lower(a.token_layer_id)
             LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
            WHERE a.id = $1
            ORDER BY t.chain_id`,
    values: [tokenId],
  });
  const first = rows[0];
  if (!first) throw new AppError("TOKEN_NOT_FOUND", "Token not found");
  const app = { ...first.app, created_at: new Date(first.app.created_at) } as AppTokenRow;
  return { app, indexed: rows.filter((r) => r.chain_id !== null).map(indexedTokenOfRow) };
}

// biome-ignore lint/suspicious/noExplicitAny: a raw row of the query above
function indexedTokenOfRow(r: any): IndexedToken {
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
    holdersCount: r.holders_count,
    tradeCount: r.trade_count,
    volumeUsdc: BigInt(r.volume_usdc),
    pool:
      r.pool_token === null
        ? null
        : {
            supply: BigInt(r.supply),
            reserve: BigInt(r.reserve),
            price: BigInt(r.price),
            marketCap: BigInt(r.market_cap),
            progressBps: r.progress_bps,
            graduated: r.graduated,
            graduating: r.graduating,
            pendingSqrtPriceX96: big(r.pending_sqrt_price_x96),
            targetSqrtPriceX96: big(r.target_sqrt_price_x96),
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
            params: poolParamsOfRow(r),
            updatedBlock: BigInt(r.updated_block),
          },
  };
}
