/**
 * The state the indexer's tables must hold, rebuilt from the chain alone (its logs and its view functions), never
 * from the indexer's code: the oracle a dump is compared with.
 *
 * Units follow ponder.schema.ts: token wei, USDC base units, 18-decimal USD prices, unix seconds. Hex values are
 * lowercase, as Ponder stores them.
 */
import type { Hex } from "viem";
import * as curve from "../../../core/curve.js";
import type { Chain } from "../chain.js";
import { replayCosts } from "./chain-state-costs.js";
import { blockHashesOf, lower, readBlockTimes, readLogs, readViews } from "./chain-state-reads.js";
import { replayLogs } from "./chain-state-replay.js";
import { countTrades, expectedCandles, expectedFees, expectedHolders, expectedPools } from "./chain-state-rows.js";
import type { Dump, IndexedTable, Row, TableDump } from "./dump.js";

export type ChainState = {
  /** Head the state was read at. */
  block: bigint;
  /** The indexed tables as they must be, from logs and view functions; keyed like dumpTables(). */
  expected: Dump;
  /** Where the chain contradicts itself (log replay against view functions): must be empty. */
  inconsistencies: string[];
  /** USDC fees of every recipient, trade fee shares included: claimable (the chain's), accrued and claimed. */
  feeTotals: Row[];
  figures: {
    tokens: number;
    graduated: number;
    tradeEvents: number;
    directSwaps: number;
    transfers: number;
    holders: number;
    claims: number;
    logs: number;
  };
};

const pkOf: Record<IndexedTable, string[]> = {
  token: ["chainId", "address"],
  pool: ["chainId", "token"],
  trade: ["id"],
  transfer: ["id"],
  fee_claim: ["id"],
  pool_fee_collection: ["id"],
  holder: ["chainId", "token", "address"],
  candle: ["chainId", "token", "interval", "bucket"],
  fees: ["chainId", "recipient"],
  token_fees: ["chainId", "token", "recipient"],
  builder: ["chainId", "address"],
  referrer: ["chainId", "address"],
  launchpad: ["chainId"],
  v3_pool: ["chainId", "address"],
};

/**
 * The state the indexer must hold for `c`'s launchpad at block `toBlock` (default: the head), rebuilt from the
 * chain only: balances, pools and claimable fees from view functions at that block, everything else (trades,
 * candles, counters, who holds what) from replaying the launchpad's, its tokens' and their V3 pools' logs.
 */
export async function readChainState(c: Chain, toBlock?: bigint): Promise<ChainState> {
  const chainId = c.deployment.chainId;
  const block = toBlock ?? (await c.publicClient.getBlockNumber({ cacheTime: 0 }));
  const inconsistencies: string[] = [];

  const logs = await readLogs(c, block);
  const { launchpadLogs, tokenLogs, poolLogs, graduations } = logs;
  // The chain's own account of itself, at `block`.
  const chainViews = await readViews(c, logs, block, inconsistencies);
  // Timestamps of every block a row records.
  const time = await readBlockTimes(c, [...launchpadLogs, ...tokenLogs, ...poolLogs]);

  const r = await replayLogs(c, logs, chainViews.views, time);
  const { holders, balances } = await expectedHolders(c, tokenLogs, r.tokenRows, block, inconsistencies);
  const { costs, transfers } = replayCosts(c, logs, r.trades, time);
  for (const h of holders) {
    const cost = costs.get(`${h.token}-${h.address}`);
    if (cost && cost.balance !== h.balance)
      inconsistencies.push(`${h.address} of ${h.token}: the cost replay holds ${cost.balance}, balanceOf ${h.balance}`);
    h.costBasis = cost?.costBasis ?? 0n;
    h.realisedPnl = cost?.realisedPnl ?? 0n;
    costs.delete(`${h.token}-${h.address}`);
  }
  // Senders of direct V3 swaps whose tokens went elsewhere: a row at zero balance carries their cost.
  for (const [key, cost] of costs) {
    const [token, address] = key.split("-") as [string, string];
    holders.push({ chainId, token, address, ...cost });
  }
  countTrades(r.tokenRows, r.trades);
  const candles = expectedCandles(chainId, r.trades);
  const hashOf = blockHashesOf([...launchpadLogs, ...tokenLogs, ...poolLogs]);
  const pools = expectedPools(c, logs, chainViews, r, { time, hashOf }, inconsistencies);
  // The indexer keeps a token's counters on its pool row (ponder.schema.ts): counted per token above, moved there.
  for (const p of pools) {
    const t = r.tokenRows.get(p.token as Hex);
    if (!t) continue;
    const { holdersCount, tradeCount, volumeUsdc } = t;
    Object.assign(p, { holdersCount, tradeCount, volumeUsdc });
  }
  for (const t of r.tokenRows.values()) {
    delete t.holdersCount;
    delete t.tradeCount;
    delete t.volumeUsdc;
  }
  const fees = await expectedFees(c, r, block, inconsistencies);
  const v3Rows: Row[] = [...graduations.values()].map((g) => ({
    chainId,
    address: lower(g.args.v3Pool as string),
    token: lower(g.args.token as string),
    usdcIsToken0: curve.isUsdcToken0(c.deployment.contracts.usdc, g.args.token as string),
  }));

  const table = (name: IndexedTable, rows: Row[]): TableDump => ({ primaryKey: pkOf[name], rows });
  return {
    block,
    expected: {
      token: table("token", [...r.tokenRows.values()]),
      pool: table("pool", pools),
      trade: table("trade", r.trades),
      transfer: table("transfer", transfers),
      fee_claim: table("fee_claim", r.claimRows),
      pool_fee_collection: table("pool_fee_collection", r.collectionRows),
      holder: table("holder", holders),
      candle: table("candle", candles),
      fees: table("fees", fees.rows),
      token_fees: table("token_fees", [...r.tokenFeeRows.values()]),
      builder: table("builder", [...r.builderRows.values()]),
      referrer: table("referrer", [...r.referrerRows.values()]),
      launchpad: table("launchpad", r.launchpadRow ? [r.launchpadRow] : []),
      v3_pool: table("v3_pool", v3Rows),
    },
    inconsistencies,
    feeTotals: fees.totals,
    figures: {
      tokens: logs.tokens.length,
      graduated: graduations.size,
      tradeEvents: launchpadLogs.filter((l) => l.eventName === "Trade").length,
      directSwaps: r.directSwaps,
      transfers: tokenLogs.length,
      holders: [...balances.values()].filter((h) => h.balance > 0n).length,
      claims: r.claims,
      logs: launchpadLogs.length + tokenLogs.length + poolLogs.length,
    },
  };
}
