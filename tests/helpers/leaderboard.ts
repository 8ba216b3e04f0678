/**
 * get-leaderboard's figures recomputed from a chain's logs alone: trades rebuilt and booked at average cost by
 * tests/helpers/indexer (not the indexer's code), summed per address over a window ending at the head's time.
 */
import { getAddress, type Hex, zeroAddress } from "viem";
import type { Chain } from "./chain.js";
import { replayCosts } from "./indexer/chain-state-costs.js";
import { lower, readBlockTimes, readLogs, readViews } from "./indexer/chain-state-reads.js";
import { replayLogs } from "./indexer/chain-state-replay.js";

/** Sum (USDC base units) and count of events, by lower-case address. */
export type Sums = Map<string, [bigint, number]>;

const PERIODS = { "24h": 86_400n, "7d": 604_800n, all: null } as const;

/** Every board's sums over `period`, ending at the head block's time. */
export async function leaderboardFromLogs(c: Chain, period: keyof typeof PERIODS) {
  const head = await c.publicClient.getBlock();
  const logs = await readLogs(c, head.number);
  const views = await readViews(c, logs, head.number, []);
  const time = await readBlockTimes(c, [...logs.launchpadLogs, ...logs.tokenLogs, ...logs.poolLogs]);
  const r = await replayLogs(c, logs, views.views, time);
  replayCosts(c, logs, r.trades, time);
  const seconds = PERIODS[period];
  const inWindow = (ts: bigint) => seconds === null || (ts > head.timestamp - seconds && ts <= head.timestamp);
  const boards: Record<"pnl" | "volume" | "creator_fees", Sums> = {
    pnl: new Map(),
    volume: new Map(),
    creator_fees: new Map(),
  };
  const add = (m: Sums, who: string, v: bigint) => {
    const [sum, n] = m.get(who) ?? [0n, 0];
    m.set(who, [sum + v, n + 1]);
  };
  for (const t of r.trades) {
    if (!inWindow(t.timestamp as bigint)) continue;
    add(boards.pnl, t.trader as string, t.realisedPnl as bigint);
    add(boards.volume, t.trader as string, t.usdcAmount as bigint);
    add(boards.creator_fees, lower(views.views.get(t.token as Hex)?.creator ?? zeroAddress), t.feeCreator as bigint);
  }
  for (const f of r.collectionRows)
    if (inWindow(f.timestamp as bigint)) add(boards.creator_fees, f.creator as string, f.creatorUsdc as bigint);
  return boards;
}

/** The first `n` of `sums` as get-leaderboard ranks them: largest first, then by address. */
export const topOf = (sums: Sums, n: number) =>
  [...sums]
    .sort(([a, [x]], [b, [y]]) => (x === y ? (a < b ? -1 : 1) : x > y ? -1 : 1))
    .slice(0, n)
    .map(([address, [value, events]], i) => ({
      rank: i + 1,
      address: getAddress(address),
      value: value.toString(),
      events,
    }));
