/**
 * Market reads of one token from the indexed state: pool data, OHLCV candles, holders and trades. Each reads the
 * token's primary deployment (the chain it was created for when indexed there, otherwise its first one) unless a
 * chain is asked for.
 *
 * Units: amounts come twice, exact as decimal strings in base units (token wei, 18 decimals; USDC base units, 6
 * decimals; prices in USD per whole token with 18 decimals) and as JSON numbers for display (whole tokens, USD).
 */
import { getAddress } from "viem";
import { AppError } from "../../core/errors.js";
import { poolTypeIds } from "../../core/poolTypes.js";
import type { ApiDeps } from "../deps.js";
import { type Freshness, freshness } from "./indexed.js";
import { isoOfUnix, priceUsd, primaryDeployment, tokenAmount, usdcUsd } from "./token-view.js";
import { type AppTokenRow, getAppTokenWithDeployments, type IndexedToken } from "./tokens.js";

/** A token's deployment to read (or undefined when none is indexed yet) and the chain freshness refers to. */
export async function deploymentOf(
  deps: ApiDeps,
  tokenId: string,
  chainSlug?: string,
): Promise<{ app: AppTokenRow; deployment: IndexedToken | undefined; freshness: Freshness }> {
  const { app, indexed } = await getAppTokenWithDeployments(deps, tokenId);
  let deployment: IndexedToken | undefined;
  if (chainSlug) {
    deployment = indexed.find((t) => t.chainSlug === chainSlug);
    if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${chainSlug}`);
  } else {
    deployment = primaryDeployment(app, indexed);
  }
  return { app, deployment, freshness: await freshness(deps, deployment?.chainSlug ?? app.chain_slug) };
}

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
    graduating: p.graduating,
    graduation: p.graduating
      ? {
          v3_pool: p.v3Pool ? getAddress(p.v3Pool) : null,
          sqrt_price_x96: p.pendingSqrtPriceX96?.toString() ?? null,
          target_sqrt_price_x96: p.targetSqrtPriceX96?.toString() ?? null,
        }
      : null,
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
  const { deployment, freshness } = await deploymentOf(deps, tokenId, chainSlug);
  return { pool_data: deployment ? poolRecordOf(deployment) : null, freshness };
}

/**
 * The pool record of a deployment, made once per deployment read: a cached read (api/services/tokens.ts) is shared
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

export const candleIntervals = { "1m": 60, "5m": 300, "1h": 3600, "1d": 86_400 } as const;
export type CandleInterval = keyof typeof candleIntervals;

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
  const { deployment, freshness } = await deploymentOf(deps, p.tokenId, p.chainSlug);
  const seconds = candleIntervals[p.interval];
  const base = { interval: p.interval, chain: deployment?.chainSlug ?? null, freshness };
  if (!deployment) return { ...base, candles: [] };
  const from = p.from === undefined ? null : Math.floor(p.from / seconds) * seconds;
  const { rows } = await deps.db.query<Record<string, string>>(
    `SELECT bucket, open, high, low, close, volume_usdc, volume_token, trades
       FROM ${deps.config.indexerSchema}.candle
      WHERE chain_id = $1 AND token = $2 AND interval = $3
        AND ($4::numeric IS NULL OR bucket >= $4) AND ($5::numeric IS NULL OR bucket <= $5)
      ORDER BY bucket DESC LIMIT $6`,
    [deployment.chainId, deployment.address.toLowerCase(), seconds, from, p.to ?? null, p.limit],
  );
  const candles = rows.reverse().map((r) => ({
    time: isoOfUnix(BigInt(r.bucket ?? 0)),
    timestamp: Number(r.bucket),
    open: priceUsd(BigInt(r.open ?? 0)),
    high: priceUsd(BigInt(r.high ?? 0)),
    low: priceUsd(BigInt(r.low ?? 0)),
    close: priceUsd(BigInt(r.close ?? 0)),
    volume_usd: usdcUsd(BigInt(r.volume_usdc ?? 0)),
    volume_tokens: tokenAmount(BigInt(r.volume_token ?? 0)),
    volume_usdc: String(r.volume_usdc),
    volume_token: String(r.volume_token),
    trades: Number(r.trades),
  }));
  return { ...base, candles };
}

export type PageParameters = { tokenId: string; limit: number; offset: number; chainSlug?: string };

/**
 * get-token-holders: addresses with a balance above zero, largest first (address as tie-break), with the user
 * whose custodial wallet it is, and whether it is the token's Uniswap V3 pool.
 */
export async function getHolders(deps: ApiDeps, p: PageParameters) {
  const { deployment, freshness } = await deploymentOf(deps, p.tokenId, p.chainSlug);
  const pagination = { limit: p.limit, offset: p.offset, has_more: false };
  if (!deployment) return { holders: [], total: 0, chain: null, pagination, freshness };
  const { rows } = await deps.db.query<{
    address: string;
    balance: string;
    user_id: string | null;
    username: string | null;
  }>(
    `SELECT h.address, h.balance, u.id AS user_id, u.username
       FROM ${deps.config.indexerSchema}.holder h
       LEFT JOIN ${deps.config.appSchema}.users u ON lower(u.wallet_address) = h.address
      WHERE h.chain_id = $1 AND h.token = $2 AND h.balance > 0
      ORDER BY h.balance DESC, h.address LIMIT $3 OFFSET $4`,
    [deployment.chainId, deployment.address.toLowerCase(), p.limit + 1, p.offset],
  );
  const supply = deployment.pool?.supply ?? 0n;
  const v3 = deployment.pool?.v3Pool?.toLowerCase();
  const holders = rows.slice(0, p.limit).map((r, i) => {
    const balance = BigInt(r.balance);
    return {
      rank: p.offset + i + 1,
      address: getAddress(r.address),
      balance: balance.toString(),
      balance_tokens: tokenAmount(balance),
      percent_of_supply: supply > 0n ? Number((balance * 1_000_000n) / supply) / 10_000 : 0,
      is_pool: r.address === v3,
      user: r.user_id ? { id: r.user_id, username: r.username ?? "" } : null,
    };
  });
  return {
    holders,
    total: deployment.holdersCount,
    chain: deployment.chainSlug,
    pagination: { ...pagination, has_more: rows.length > p.limit },
    freshness,
  };
}

/** get-token-trades: trades on both venues, newest first (block, then log index). */
export async function getTrades(deps: ApiDeps, p: PageParameters) {
  const { deployment, freshness } = await deploymentOf(deps, p.tokenId, p.chainSlug);
  const pagination = { limit: p.limit, offset: p.offset, has_more: false };
  if (!deployment) return { trades: [], total: 0, chain: null, pagination, freshness };
  const { rows } = await deps.db.query<Record<string, string> & { is_buy: boolean; log_index: number }>(
    `SELECT id, trader, mode, is_buy, venue, token_amount, usdc_amount, price, fee_protocol, fee_creator, fee_referral,
            fee_builder, tx_hash, log_index, block_number, timestamp
       FROM ${deps.config.indexerSchema}.trade
      WHERE chain_id = $1 AND token = $2
      ORDER BY timestamp DESC, block_number DESC, log_index DESC LIMIT $3 OFFSET $4`,
    [deployment.chainId, deployment.address.toLowerCase(), p.limit + 1, p.offset],
  );
  const trades = rows.slice(0, p.limit).map((r) => {
    const fee = [r.fee_protocol, r.fee_creator, r.fee_referral, r.fee_builder].reduce((n, f) => n + BigInt(f ?? 0), 0n);
    return {
      id: String(r.id),
      side: r.is_buy ? ("buy" as const) : ("sell" as const),
      mode: String(r.mode),
      venue: String(r.venue),
      trader: getAddress(String(r.trader)),
      token_amount: String(r.token_amount),
      token_amount_tokens: tokenAmount(BigInt(r.token_amount ?? 0)),
      usdc_amount: String(r.usdc_amount),
      amount_usd: usdcUsd(BigInt(r.usdc_amount ?? 0)),
      price: String(r.price),
      price_usd: priceUsd(BigInt(r.price ?? 0)),
      fee_usdc: fee.toString(),
      fee_usd: usdcUsd(fee),
      tx_hash: String(r.tx_hash),
      log_index: r.log_index,
      block_number: Number(r.block_number),
      timestamp: isoOfUnix(BigInt(r.timestamp ?? 0)),
    };
  });
  return {
    trades,
    total: deployment.tradeCount,
    chain: deployment.chainSlug,
    pagination: { ...pagination, has_more: rows.length > p.limit },
    freshness,
  };
}
