/**
 * get-token-stats: a token's trading over the last 5 minutes, hour, 6 hours and 24 hours on one chain, from the
 * indexed trades (both venues, and swaps made directly on its Uniswap V3 pool).
 *
 * Decisions: the windows end at the time of the block the indexer last committed (not the server's clock), so the
 * figures are those of one snapshot of the chain and do not drift while it is idle. A window's price change runs
 * from the price after the last trade at or before its start (or the curve's starting price, when the token had no
 * trade yet) to the pool's price now, rounded toward zero to 0.01%. Volume is the USDC traders paid (buys, fee
 * included) or received (sells, fee deducted), as get-token-trades reports each trade. The launch fee is the token's
 * schedule (null for a pool type without one), its fee for a curve trade sent now, and what trades paid above the
 * trade fee in its window.
 */
import * as curve from "../../../core/curve.js";
import { launchFeeAt } from "../../../core/fees.js";
import { readTradeStats } from "../../../db/indexed/market.js";
import type { IndexedPool } from "../../../db/indexed/tokens.js";
import type { ApiDeps } from "../../deps.js";
import { nextBlockTime } from "../chain-head.js";
import { indexedTokenOf, noMarketOn } from "./market.js";
import { isoOfUnix, priceUsd, usdcUsd } from "./shape.js";

/** The windows, by name, in seconds. */
export const STATS_WINDOWS = { "5m": 300, "1h": 3_600, "6h": 21_600, "24h": 86_400 } as const;
export type StatsWindow = keyof typeof STATS_WINDOWS;

/** (close − open) / open in percent, rounded toward zero to 0.01%; null without an open price. */
export function priceChangePct(open: bigint, close: bigint): number | null {
  if (open <= 0n) return null;
  return Number(((close - open) * 10_000n) / open) / 100;
}

export async function getTokenStats(deps: ApiDeps, p: { tokenId: string; chainSlug?: string }) {
  const { app, deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  const names = Object.keys(STATS_WINDOWS) as StatsWindow[];
  const pool = deployment?.pool ?? null;
  const stats =
    deployment && pool
      ? await readTradeStats(
          deps.db,
          deps.config,
          { chainId: deployment.chainId, address: deployment.address, chainSlug: deployment.chainSlug },
          names.map((n) => STATS_WINDOWS[n]),
        )
      : undefined;
  const start = pool ? curve.price(pool.params, 0n) : null;
  return {
    token_id: app.id,
    chain: deployment?.chainSlug ?? peer?.chainSlug ?? app.chain_slug,
    price_usd: pool ? priceUsd(pool.price) : null,
    as_of:
      stats?.now != null && stats.block != null
        ? { block: Number(stats.block), timestamp: isoOfUnix(stats.now) }
        : null,
    windows: names.map((window) => {
      const w = stats?.windows.find((x) => x.seconds === STATS_WINDOWS[window]);
      const open = w?.openPrice ?? start;
      return {
        window,
        price_change_pct: open !== null && pool ? priceChangePct(open, pool.price) : null,
        open_price_usd: open === null ? null : priceUsd(open),
        volume_usdc: (w?.volumeUsdc ?? 0n).toString(),
        volume_usd: usdcUsd(w?.volumeUsdc ?? 0n),
        trades: w?.trades ?? 0,
        buys: w?.buys ?? 0,
        sells: w?.sells ?? 0,
        unique_traders: w?.traders ?? 0,
        unique_buyers: w?.buyers ?? 0,
        unique_sellers: w?.sellers ?? 0,
      };
    }),
    launch_fee: launchFeeStats(pool, nextBlockTime(deps.chainHead, deployment?.chainSlug ?? app.chain_slug)),
    freshness,
    ...(peer ? { reason: noMarketOn(peer) } : {}),
  };
}

/** The launch fee of `pool` at `at` and what its window collected; null without a pool or a launch fee. */
function launchFeeStats(pool: IndexedPool | null, at: bigint) {
  const f = pool && launchFeeAt(pool.params, pool.createdAt, at);
  if (!pool || !f) return null;
  return {
    start_bps: f.startBps,
    base_bps: f.baseBps,
    bps_now: pool.graduated ? f.baseBps : f.bpsNow,
    starts_at: isoOfUnix(f.startsAt),
    ends_at: isoOfUnix(f.endsAt),
    collected_usdc: pool.launchFeesUsdc.toString(),
    collected_usd: usdcUsd(pool.launchFeesUsdc),
  };
}
