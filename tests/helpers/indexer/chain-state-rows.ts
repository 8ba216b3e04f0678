/**
 * The rows readChainState builds from the replayed logs together with the chain's view functions: holders (from
 * Transfer logs, balances checked with balanceOf), candles (from the trades), pools (from getPool and the V3 pools'
 * state) and fees (checked with claimable). Each adds what the chain contradicts to `inconsistencies`.
 */
import { type Hex, zeroAddress } from "viem";
import { launchpadAbi, launchTokenAbi } from "../../../abis/index.js";
import { STORED_CANDLE_SECONDS } from "../../../core/candles.js";
import * as curve from "../../../core/curve.js";
import type { Chain } from "../chain.js";
import { type AnyLog, type ChainLogs, type ChainViews, lower, order } from "./chain-state-reads.js";
import type { Replay } from "./chain-state-replay.js";
import type { Row } from "./dump.js";

/** A holder's balance of a token (wei) and the block of its last change. */
export type Balance = { token: Hex; address: Hex; balance: bigint; updatedBlock: bigint };

/**
 * Holders: replay every Transfer, then ask the chain for each balance at `block`. Counts the holders with a balance
 * into `tokenRows`. Returns the holder rows and the replayed balances.
 */
export async function expectedHolders(
  c: Chain,
  tokenLogs: AnyLog[],
  tokenRows: Map<Hex, Row>,
  block: bigint,
  inconsistencies: string[],
): Promise<{ holders: Row[]; balances: Map<string, Balance> }> {
  const chainId = c.deployment.chainId;
  const balances = new Map<string, Balance>();
  for (const l of tokenLogs.sort(order)) {
    const { from, to, value } = l.args as { from: string; to: string; value: bigint };
    if (lower(from) === lower(to) || value === 0n) continue;
    const token = lower(l.address);
    for (const [who, delta] of [
      [from, -value],
      [to, value],
    ] as const) {
      // the token's own balance is its OFT lock (what other chains hold or is in flight), not a holder's
      if (lower(who) === zeroAddress || lower(who) === token) continue;
      const key = `${token}-${lower(who)}`;
      const h = balances.get(key) ?? { token, address: lower(who), balance: 0n, updatedBlock: 0n };
      h.balance += delta;
      h.updatedBlock = l.blockNumber;
      balances.set(key, h);
    }
  }
  const holders: Row[] = [];
  for (const h of balances.values()) {
    const onChain = await c.publicClient.readContract({
      address: h.token,
      abi: launchTokenAbi,
      functionName: "balanceOf",
      args: [h.address],
      blockNumber: block,
    });
    if (onChain !== h.balance)
      inconsistencies.push(`balanceOf(${h.address}) of ${h.token} is ${onChain}, Transfer logs give ${h.balance}`);
    holders.push({ chainId, token: h.token, address: h.address, balance: onChain, updatedBlock: h.updatedBlock });
    const row = tokenRows.get(h.token);
    if (row && h.balance > 0n) row.holdersCount = (row.holdersCount as number) + 1;
  }
  return { holders, balances };
}

/** Adds each trade to its token's trade count and USDC volume (base units). */
export function countTrades(tokenRows: Map<Hex, Row>, trades: Row[]): void {
  for (const t of trades) {
    const row = tokenRows.get(t.token as Hex);
    if (!row) continue;
    row.tradeCount = (row.tradeCount as number) + 1;
    row.volumeUsdc = (row.volumeUsdc as bigint) + (t.usdcAmount as bigint);
  }
}

/**
 * Candles of each of `intervals` (seconds; the indexer stores 60 only) from the trades, in chain order: open, high,
 * low, close (18-decimal USD) and volumes per bucket.
 */
export function expectedCandles(
  chainId: number,
  trades: Row[],
  intervals: readonly bigint[] = [BigInt(STORED_CANDLE_SECONDS)],
): Row[] {
  const candles = new Map<string, Row>();
  for (const t of [...trades].sort((x, y) =>
    x.blockNumber === y.blockNumber
      ? (x.logIndex as number) - (y.logIndex as number)
      : (x.blockNumber as bigint) < (y.blockNumber as bigint)
        ? -1
        : 1,
  )) {
    const price = t.price as bigint;
    for (const interval of intervals) {
      const ts = t.timestamp as bigint;
      const bucket = ts - (ts % interval);
      const key = `${t.token}-${interval}-${bucket}`;
      const k = candles.get(key);
      if (!k) {
        candles.set(key, {
          chainId,
          token: t.token as Hex,
          interval: Number(interval),
          bucket,
          open: price,
          high: price,
          low: price,
          close: price,
          volumeUsdc: t.usdcAmount as bigint,
          volumeToken: t.tokenAmount as bigint,
          trades: 1,
        });
        continue;
      }
      if (price > (k.high as bigint)) k.high = price;
      if (price < (k.low as bigint)) k.low = price;
      k.close = price;
      k.volumeUsdc = (k.volumeUsdc as bigint) + (t.usdcAmount as bigint);
      k.volumeToken = (k.volumeToken as bigint) + (t.tokenAmount as bigint);
      k.trades = (k.trades as number) + 1;
    }
  }
  return [...candles.values()];
}

/** Pools: the launchpad's view, the V3 pool's slot0 and liquidity, and when each last changed. */
export function expectedPools(
  c: Chain,
  { graduations }: ChainLogs,
  { views, v3State }: ChainViews,
  r: Replay,
  { time, hashOf }: { time: (block: bigint) => bigint; hashOf: (block: bigint) => Hex },
  inconsistencies: string[],
): Row[] {
  const chainId = c.deployment.chainId;
  const { usdc } = c.deployment.contracts;
  const pools: Row[] = [];
  for (const [token, v] of views) {
    const grad = graduations.get(token);
    const v3 = v.graduated ? v3State.get(lower(v.v3Pool)) : undefined;
    const updatedBlock = r.poolUpdated.get(token) as bigint;
    pools.push({
      chainId,
      token,
      creator: lower(v.creator),
      poolType: v.poolType,
      ...v.params,
      supply: v.supply,
      reserve: v.reserve,
      price: v.price,
      marketCap: v.marketCap,
      progressBps: Number(v.progressBps),
      graduated: v.graduated,
      referral: lower(v.referral),
      protocolRecipient: lower(r.protocolFeeRecipient),
      createdAt: v.createdAt,
      launchFeesUsdc: r.trades.reduce((sum, t) => (t.token === token ? sum + (t.feeLaunch as bigint) : sum), 0n),
      collectedFeesUsdc: r.collected.get(token)?.usdc ?? 0n,
      collectedFeesTokens: r.collected.get(token)?.tokens ?? 0n,
      graduatedAt: grad ? time(grad.blockNumber) : null,
      graduatedBlock: grad ? grad.blockNumber : null,
      graduatedTx: grad ? lower(grad.transactionHash) : null,
      graduatedLogIndex: grad ? grad.logIndex : null,
      v3Pool: v.graduated ? lower(v.v3Pool) : null,
      feeTier: grad ? Number(grad.args.feeTier) : null,
      positionId: v.graduated ? v.positionId : null,
      usdcIsToken0: curve.isUsdcToken0(usdc, token),
      sqrtPriceX96: v3 ? v3.sqrtPriceX96 : null,
      tick: v3 ? v3.tick : null,
      liquidity: v3 ? v3.liquidity : null,
      updatedBlock,
      updatedBlockHash: hashOf(updatedBlock),
      updatedAt: time(updatedBlock),
    });
    // the pool exists from the token's creation (Launchpad._pinPool)
    if (v.v3Pool === zeroAddress) inconsistencies.push(`${token} has no V3 pool`);
    if (v.graduated !== (grad !== undefined))
      inconsistencies.push(`${token}: graduated ${v.graduated}, Graduated event ${!!grad}`);
  }
  return pools;
}

/**
 * Fees (USDC base units) by recipient: `totals`, trade fee shares included, with claimable() at `block`, which must
 * equal accrued minus claimed; `rows`, the fees table's (credits other than trade shares, and claims). And the
 * launchpad's protocolFeeRecipient(), which must be the last one the logs set.
 */
export async function expectedFees(
  c: Chain,
  r: Replay,
  block: bigint,
  inconsistencies: string[],
): Promise<{ rows: Row[]; totals: Row[] }> {
  const { launchpad } = c.deployment.contracts;
  const fees: Row[] = [];
  for (const [recipient, f] of r.feeRows) {
    const claimable = await c.publicClient.readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [recipient],
      blockNumber: block,
    });
    if (claimable !== f.accrued - f.claimed)
      inconsistencies.push(`claimable(${recipient}) is ${claimable}, logs give ${f.accrued} - ${f.claimed}`);
    fees.push({ chainId: c.deployment.chainId, recipient, claimable, accrued: f.accrued, claimed: f.claimed });
  }
  const recipientNow = await c.publicClient.readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "protocolFeeRecipient",
    blockNumber: block,
  });
  if (lower(recipientNow) !== lower(r.protocolFeeRecipient))
    inconsistencies.push(`protocolFeeRecipient is ${recipientNow}`);
  const rows = [...r.creditRows].map(([recipient, f]) => ({ chainId: c.deployment.chainId, recipient, ...f }));
  return { rows, totals: fees };
}
