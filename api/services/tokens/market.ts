/**
 * Market reads of one token from the indexed state: pool data, OHLCV candles, holders and trades. Each reads the
 * token's primary deployment (the chain it was created for when indexed there, otherwise its first one) unless a
 * chain is asked for.
 *
 * Units: amounts come twice, exact as decimal strings in base units (token wei, 18 decimals; USDC base units, 6
 * decimals; prices in USD per whole token with 18 decimals) and as JSON numbers for display (whole tokens, USD).
 */
import { getAddress } from "viem";
import { type CandleInterval, candleIntervals } from "../../../core/candles.js";
import { slugOfChainId } from "../../../core/chains.js";
import { AppError } from "../../../core/errors.js";
import { graduationPoolAddress } from "../../../core/graduation-pool.js";
import { poolTypeIds } from "../../../core/poolTypes.js";
import { readCandles, readHolders, readTrades } from "../../../db/indexed/market.js";
import { type IndexedPeer, readIndexedPeers } from "../../../db/indexed/peers.js";
import type { ApiDeps } from "../../deps.js";
import { type Freshness, freshness } from "../indexed.js";
import { type AppTokenRow, getAppTokenWithIndexed, type IndexedToken } from "./lookup.js";
import { isoOfUnix, priceUsd, primaryIndexedToken, tokenAmount, usdcUsd } from "./shape.js";

/** A token's peer on a destination chain, as indexed: it is held and moved there, and has no pool. */
export type PeerOnChain = IndexedPeer & { chainSlug: string; homeSlug: string };

/**
 * A token's deployment to read (or undefined when none is indexed yet) and the chain freshness refers to. A chain
 * asked for where the token is a peer (a destination it was deployed to) answers `peer` instead: holdings and moves
 * are read there, and markets answer empty, saying why (noMarketOn). Any other chain is a 400.
 */
export async function indexedTokenOf(
  deps: ApiDeps,
  tokenId: string,
  chainSlug?: string,
): Promise<{ app: AppTokenRow; deployment: IndexedToken | undefined; peer?: PeerOnChain; freshness: Freshness }> {
  const { app, indexed } = await getAppTokenWithIndexed(deps, tokenId);
  let deployment: IndexedToken | undefined;
  if (chainSlug) {
    deployment = indexed.find((t) => t.chainSlug === chainSlug);
    if (!deployment) {
      const peer = await peerOn(deps, indexed, chainSlug);
      if (!peer) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${chainSlug}`);
      return { app, deployment, peer, freshness: await freshness(deps, chainSlug) };
    }
  } else {
    deployment = primaryIndexedToken(app, indexed);
  }
  return { app, deployment, freshness: await freshness(deps, deployment?.chainSlug ?? app.chain_slug) };
}

/** The indexed peer on `chainSlug` of the token whose home rows are `indexed`, if it has one there. */
export async function peerOn(
  deps: ApiDeps,
  indexed: readonly IndexedToken[],
  chainSlug: string,
): Promise<PeerOnChain | undefined> {
  const chainId = deps.deployments.get(chainSlug)?.chainId;
  if (chainId === undefined || indexed.length === 0) return undefined;
  const peers = await readIndexedPeers(deps.db, deps.config, indexed);
  const peer = peers.find((p) => p.chainId === chainId);
  if (!peer) return undefined;
  return { ...peer, chainSlug, homeSlug: slugOfChainId(peer.homeChainId) ?? String(peer.homeChainId) };
}

/** Why a chain the token is a peer on has no pool, trades or candles: it trades on its home chain only. */
export const noMarketOn = (peer: PeerOnChain) =>
  `No pool on ${peer.chainSlug}: the token is deployed there and trades on its home chain, ${peer.homeSlug}`;

const poolTypeNames = Object.fromEntries(Object.entries(poolTypeIds).map(([name, id]) => [id, name])) as Record<
  number,
  string
>;

export type PoolData = ReturnType<typeof poolDataOf>;

/** get-pool-data's record of an indexed deployment with a pool. */
export function poolDataOf(t: IndexedToken & { pool: NonNullable<IndexedToken["pool"]> }) {
  const p = t.pool;
  const remaining = p.graduated ? 0n : p.params.migrationSupply - p.supply;
  return {
    chain: t.chainSlug,
    token_address: getAddress(t.address),
    pool_type: { id: t.poolType, name: poolTypeNames[t.poolType] ?? `type-${t.poolType}` },
    venue: p.graduated ? ("uniswap_v3" as const) : ("bonding_curve" as const),
    supply: p.supply.toString(),
    supply_tokens: tokenAmount(p.supply),
    reserve: p.reserve.toString(),
    reserve_usd: usdcUsd(p.reserve),
    weight_ppm: p.params.weightPpm,
    weight: p.params.weightPpm / 1_000_000,
    virtual_supply: p.params.virtualSupply.toString(),
    virtual_reserve: p.params.virtualReserve.toString(),
    migration_supply: p.params.migrationSupply.toString(),
    migration_supply_tokens: tokenAmount(p.params.migrationSupply),
    remaining_to_graduation: (remaining > 0n ? remaining : 0n).toString(),
    price: p.price.toString(),
    price_usd: priceUsd(p.price),
    market_cap: p.marketCap.toString(),
    market_cap_usd: usdcUsd(p.marketCap),
    progress_bps: p.progressBps,
    progress_percent: p.progressBps / 100,
    is_graduated: p.graduated,
    referral: BigInt(p.referral) === 0n ? null : getAddress(p.referral),
    collected_pool_fees: {
      usdc: p.collectedFeesUsdc.toString(),
      usd: usdcUsd(p.collectedFeesUsdc),
      tokens: p.collectedFeesTokens.toString(),
      tokens_whole: tokenAmount(p.collectedFeesTokens),
    },
    trade_fee_bps: p.params.tradeFeeBps,
    creator_share_bps: p.params.creatorShareBps,
    dex_fee_tier: p.params.dexFeeTier,
    dex_supply: p.params.dexSupply.toString(),
    dex_reserve: p.params.dexReserve.toString(),
    v3_pool: p.graduated
      ? {
          address: p.v3Pool ? getAddress(p.v3Pool) : null,
          fee_tier: p.feeTier,
          sqrt_price_x96: p.sqrtPriceX96?.toString() ?? null,
          tick: p.tick,
          liquidity: p.liquidity?.toString() ?? null,
          position_id: p.positionId?.toString() ?? null,
          usdc_is_token0: p.usdcIsToken0,
        }
      : null,
    updated_block: Number(p.updatedBlock),
  };
}

/** get-pool-data: the pool of the token's deployment, or null when none is indexed yet. */
export async function getPoolData(deps: ApiDeps, tokenId: string, chainSlug?: string) {
  const { deployment, peer, freshness } = await indexedTokenOf(deps, tokenId, chainSlug);
  if (peer) return { pool_data: null, reason: noMarketOn(peer), freshness };
  return { pool_data: deployment ? poolRecordOf(deployment) : null, freshness };
}

/**
 * The pool record of a deployment, made once per deployment read: a cached read (api/services/tokens/lookup.ts) is shared
 * and never changes, and the record's checksummed addresses cost a keccak each.
 */
const poolRecords = new WeakMap<IndexedToken, PoolData | null>();
function poolRecordOf(deployment: IndexedToken): PoolData | null {
  let record = poolRecords.get(deployment);
  if (record === undefined) {
    record = deployment.pool ? poolDataOf({ ...deployment, pool: deployment.pool }) : null;
    poolRecords.set(deployment, record);
  }
  return record;
}

export type GetCandlesParameters = {
  tokenId: string;
  interval: CandleInterval;
  /** Inclusive bounds on the bucket start, unix seconds. */
  from?: number;
  to?: number;
  limit: number;
  chainSlug?: string;
};

/**
 * get-token-candles: the most recent `limit` candles whose bucket starts within [from, to], oldest first. Only
 * buckets with trades exist (no gap filling): a client carries the previous close forward.
 */
export async function getCandles(deps: ApiDeps, p: GetCandlesParameters) {
  const { deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  const seconds = candleIntervals[p.interval];
  const base = { interval: p.interval, chain: deployment?.chainSlug ?? null, freshness };
  if (peer) return { ...base, chain: peer.chainSlug, candles: [], reason: noMarketOn(peer) };
  if (!deployment) return { ...base, candles: [] };
  const from = p.from === undefined ? null : Math.floor(p.from / seconds) * seconds;
  const range = { seconds, from, to: p.to ?? null, limit: p.limit };
  const rows = await readCandles(deps.db, deps.config, deployment, range, deps.versions?.ranked() ?? false);
  const candles = rows.map((r) => ({
    time: isoOfUnix(r.bucket),
    timestamp: Number(r.bucket),
    open: priceUsd(r.open),
    high: priceUsd(r.high),
    low: priceUsd(r.low),
    close: priceUsd(r.close),
    volume_usd: usdcUsd(r.volumeUsdc),
    volume_tokens: tokenAmount(r.volumeToken),
    volume_usdc: r.volumeUsdc.toString(),
    volume_token: r.volumeToken.toString(),
    trades: r.trades,
  }));
  return { ...base, candles };
}

/** The token's V3 pool: the graduated one, or the one the launchpad created with the token and pins until then. */
function poolOf(deps: ApiDeps, d: IndexedToken): string | undefined {
  if (d.pool?.v3Pool) return d.pool.v3Pool;
  const contracts = deps.deployments.get(d.chainSlug)?.contracts;
  if (!d.pool || !contracts) return undefined;
  return graduationPoolAddress(contracts.v3Factory, contracts.usdc, d.address, d.pool.params.dexFeeTier);
}

export type PageParameters = { tokenId: string; limit: number; offset: number; chainSlug?: string };

/**
 * get-token-holders: addresses with a balance above zero, largest first (address as tie-break), with the user
 * whose custodial wallet it is, and whether it is the token's Uniswap V3 pool.
 */
export async function getHolders(deps: ApiDeps, p: PageParameters) {
  const { deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  const pagination = { limit: p.limit, offset: p.offset, has_more: false };
  // On a peer's chain: its holders, and its supply there (what was moved in and not out).
  const on = deployment ?? peer;
  if (!on) return { holders: [], total: 0, chain: null, pagination, freshness };
  const rows = await readHolders(deps.db, deps.config, on, { limit: p.limit + 1, offset: p.offset });
  const supply = deployment ? (deployment.pool?.supply ?? 0n) : (peer?.supply ?? 0n);
  const v3 = deployment ? poolOf(deps, deployment)?.toLowerCase() : undefined;
  const holders = rows.slice(0, p.limit).map((r, i) => ({
    rank: p.offset + i + 1,
    address: getAddress(r.address),
    balance: r.balance.toString(),
    balance_tokens: tokenAmount(r.balance),
    percent_of_supply: supply > 0n ? Number((r.balance * 1_000_000n) / supply) / 10_000 : 0,
    is_pool: r.address === v3,
    user: r.userId ? { id: r.userId, username: r.username ?? "" } : null,
  }));
  return {
    holders,
    total: on.holdersCount,
    chain: on.chainSlug,
    pagination: { ...pagination, has_more: rows.length > p.limit },
    freshness,
  };
}

/** get-token-trades: trades on both venues, newest first (block, then log index). */
export async function getTrades(deps: ApiDeps, p: PageParameters) {
  const { deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  const pagination = { limit: p.limit, offset: p.offset, has_more: false };
  if (peer) return { trades: [], total: 0, chain: peer.chainSlug, pagination, freshness, reason: noMarketOn(peer) };
  if (!deployment) return { trades: [], total: 0, chain: null, pagination, freshness };
  const rows = await readTrades(deps.db, deps.config, deployment, { limit: p.limit + 1, offset: p.offset });
  const trades = rows.slice(0, p.limit).map((r) => ({
    id: r.id,
    side: r.isBuy ? ("buy" as const) : ("sell" as const),
    mode: r.mode,
    venue: r.venue,
    trader: getAddress(r.trader),
    token_amount: r.tokenAmount.toString(),
    token_amount_tokens: tokenAmount(r.tokenAmount),
    usdc_amount: r.usdcAmount.toString(),
    amount_usd: usdcUsd(r.usdcAmount),
    price: r.price.toString(),
    price_usd: priceUsd(r.price),
    fee_usdc: r.fee.toString(),
    fee_usd: usdcUsd(r.fee),
    tx_hash: r.txHash,
    log_index: r.logIndex,
    block_number: Number(r.blockNumber),
    timestamp: isoOfUnix(r.timestamp),
  }));
  return {
    trades,
    total: deployment.tradeCount,
    chain: deployment.chainSlug,
    pagination: { ...pagination, has_more: rows.length > p.limit },
    freshness,
  };
}
