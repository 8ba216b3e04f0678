/**
 * get-leaderboard: traders ranked by realised PnL (at average cost, as the indexer books each sale) or by volume
 * (USDC paid and received), and creators by the fees they earned (their share of their tokens' trade fees and the
 * USDC of their graduated pools' collected fees), over 24 hours, 7 days or all time, on every chain the service
 * runs. A window ends at the block each chain's indexer last committed.
 */
import { getAddress } from "viem";
import { type LeaderboardBoard, readLeaderboard } from "../../db/indexed/leaderboard.js";
import type { ApiDeps } from "../deps.js";
import { usdcUsd } from "./tokens/shape.js";

/** The periods, in seconds (null: all time). */
export const LEADERBOARD_PERIODS = { "24h": 86_400, "7d": 604_800, all: null } as const;
export type LeaderboardPeriod = keyof typeof LEADERBOARD_PERIODS;

export async function getLeaderboard(
  deps: ApiDeps,
  p: { board: LeaderboardBoard; period: LeaderboardPeriod; limit: number },
) {
  const chains = [...deps.deployments.values()].map((d) => ({ chainId: d.chainId, slug: d.chainSlug }));
  const rows = await readLeaderboard(deps.db, deps.config, {
    board: p.board,
    seconds: LEADERBOARD_PERIODS[p.period],
    limit: p.limit,
    chains,
  });
  return {
    board: p.board,
    period: p.period,
    chains: chains.map((c) => c.slug),
    entries: rows.map((r, i) => ({
      rank: i + 1,
      address: getAddress(r.address),
      user: r.userId ? { id: r.userId, username: r.username ?? "", profile_picture: r.picture ?? "" } : null,
      value: { usdc: r.value.toString(), usd: usdcUsd(r.value) },
      events: r.events,
    })),
  };
}
