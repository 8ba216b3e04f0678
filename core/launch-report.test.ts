import { describe, expect, it } from "vitest";
import {
  type Funding,
  type FundingAsset,
  holdersOverTime,
  type LaunchFacts,
  type LaunchTrade,
  launchReport,
  MAX_HOLDING_POINTS,
  pct,
} from "./launch-report.js";

const creator = "0xc0";
const buy = (trader: string, block: bigint, timestamp: bigint, tokens: bigint): LaunchTrade => ({
  trader,
  isBuy: true,
  tokens,
  usdc: tokens / 1000n,
  block,
  timestamp,
  txHash: `0x${trader}${block}`,
});
const sell = (trader: string, block: bigint, timestamp: bigint, tokens: bigint): LaunchTrade => ({
  ...buy(trader, block, timestamp, tokens),
  isBuy: false,
});
const fund = (from: string, to: string, block: bigint, timestamp: bigint, asset: FundingAsset = "usdc"): Funding => ({
  from,
  to,
  value: 10n,
  block,
  timestamp,
  txHash: `0x${from}${to}`,
  asset,
});

/** Created at block 100, time 1,000. */
function facts(p: Partial<LaunchFacts>): LaunchFacts {
  return {
    creator,
    createdBlock: 100n,
    createdAt: 1_000n,
    supply: 1_000n,
    holders: 40,
    trades: [],
    funding: [],
    balances: new Map(),
    top: [],
    freshHeld: 0n,
    ...p,
  };
}

describe("launchReport", () => {
  it("calls a first buy at most one block after the creation sniped, the creator's own excluded", () => {
    const r = launchReport(
      facts({
        trades: [buy(creator, 100n, 1_000n, 50n), buy("0xa1", 101n, 1_002n, 100n), buy("0xa2", 102n, 1_004n, 10n)],
        balances: new Map([["0xa1", 80n]]),
      }),
    );
    expect(r.labels.find((l) => l.label === "sniped")).toMatchObject({
      addresses: ["0xa1"],
      figures: { wallets: 1, bought_pct: 10, held_pct: 8 },
    });
    expect(r.earlyBuyers.map((b) => b.address)).toEqual(["0xa1", "0xa2"]);
  });

  it("leaves buys after the window out of the early buyers, and counts only window buys as bought", () => {
    const r = launchReport(
      facts({
        trades: [buy("0xa1", 105n, 1_060n, 10n), buy("0xa1", 110n, 1_100n, 99n), buy("0xb1", 111n, 1_061n, 5n)],
      }),
    );
    expect(r.earlyBuyers.map((b) => [b.address, b.bought])).toEqual([["0xa1", 10n]]);
  });

  it("groups early buyers by a shared funder, through one hop, and not by the creator's funding", () => {
    const r = launchReport(
      facts({
        trades: [
          buy("0xb1", 103n, 1_010n, 10n),
          buy("0xb2", 104n, 1_011n, 10n),
          buy("0xb3", 105n, 1_012n, 10n),
          buy("0xi1", 106n, 1_013n, 10n),
          buy("0xi2", 107n, 1_014n, 10n),
          buy("0xo1", 108n, 1_015n, 10n),
        ],
        funding: [
          fund("0xf0", "0xb1", 90n, 900n),
          // In the native coin, directly and through the hop, as in USDC.
          fund("0xf0", "0xb2", 91n, 901n, "native"),
          fund("0xf0", "0xh0", 92n, 902n),
          fund("0xh0", "0xb3", 93n, 903n, "native"),
          fund(creator, "0xi1", 94n, 904n),
          fund(creator, "0xi2", 95n, 905n, "native"),
          fund(creator, "0xi2", 96n, 906n),
          // Funded a day and more before its first buy: too long ago to count.
          fund("0xf0", "0xo1", 1n, 1_015n - 86_401n),
        ],
      }),
    );
    expect(r.bundles.map((b) => [b.wallets, b.sources])).toEqual([[["0xb1", "0xb2", "0xb3"], ["0xf0"]]]);
    expect(r.creator.wallets.map((w) => [w.address, w.funded, w.fundedNative])).toEqual([
      ["0xi1", 10n, 0n],
      ["0xi2", 10n, 10n],
    ]);
  });

  it("bundles early buyers of the creation's own block, and lists the creator's and its wallets' sells", () => {
    const r = launchReport(
      facts({
        trades: [
          buy("0xs1", 100n, 1_000n, 10n),
          buy("0xs2", 100n, 1_000n, 10n),
          buy("0xi1", 103n, 1_010n, 10n),
          sell("0xi1", 200n, 2_000n, 4n),
          sell(creator, 201n, 2_001n, 7n),
        ],
        funding: [fund(creator, "0xi1", 99n, 990n)],
      }),
    );
    expect(r.bundles[0]?.sources).toEqual(["block:100"]);
    expect(r.labels.find((l) => l.label === "creator_sold")).toMatchObject({
      addresses: ["0xi1", creator],
      figures: { sells: 2, sold_tokens: "11" },
    });
  });

  it("calls the ten largest holders concentrated above 60% of the supply, and not at it", () => {
    const top = (each: bigint) => Array.from({ length: 10 }, (_, i) => ({ address: `0x${i}`, balance: each }));
    expect(launchReport(facts({ top: top(61n) })).labels.map((l) => l.label)).toEqual(["concentrated"]);
    expect(launchReport(facts({ top: top(60n) })).labels).toEqual([]);
    expect(pct(1n, 3n)).toBe(33.33);
  });
});

describe("holdingsOverTime", () => {
  it("sums the early buyers' trades and moves per block, from 0 at the creation, the creator's left out", () => {
    const r = launchReport(
      facts({
        trades: [
          buy(creator, 100n, 1_000n, 500n),
          buy("0xa1", 101n, 1_002n, 100n),
          buy("0xa2", 101n, 1_002n, 50n),
          sell("0xa1", 105n, 1_100n, 30n),
          buy("0xb9", 106n, 1_200n, 70n),
        ],
        moves: [
          { wallet: "0xa2", delta: -20n, block: 104n, timestamp: 1_050n },
          { wallet: "0xb9", delta: 20n, block: 104n, timestamp: 1_050n },
        ],
      }),
    );
    expect(r.earlyHoldings.map((p) => [p.block, p.held])).toEqual([
      [100n, 0n],
      [101n, 150n],
      [104n, 130n],
      [105n, 100n],
    ]);
  });

  it("keeps at most MAX_HOLDING_POINTS, evenly spaced, the first and last among them", () => {
    const trades = Array.from({ length: 1_000 }, (_, i) => buy("0xa1", 101n + BigInt(i), 1_001n, 1n));
    const r = launchReport(facts({ trades }));
    expect(r.earlyHoldings).toHaveLength(MAX_HOLDING_POINTS);
    expect(r.earlyHoldings[0]?.held).toBe(0n);
    expect(r.earlyHoldings.at(-1)).toMatchObject({ block: 1_100n, held: 1_000n });
  });
});

describe("holdersOverTime", () => {
  const created = { block: 100n, timestamp: 1_000n };
  it("starts at 0 at the creation block, which a count of its own replaces, one point per block", () => {
    expect(holdersOverTime(created, [])).toEqual([{ block: 100n, timestamp: 1_000n, holders: 0 }]);
    const counts = [
      { block: 100n, timestamp: 1_000n, holders: 1 },
      { block: 103n, timestamp: 1_006n, holders: 4 },
      { block: 107n, timestamp: 1_014n, holders: 3 },
    ];
    expect(holdersOverTime(created, counts)).toEqual(counts);
    expect(holdersOverTime(created, counts.slice(1)).map((p) => p.holders)).toEqual([0, 4, 3]);
  });

  it("keeps at most MAX_HOLDING_POINTS, evenly spaced, the last among them", () => {
    const counts = Array.from({ length: 999 }, (_, i) => ({
      block: 101n + BigInt(i),
      timestamp: 1_002n + 2n * BigInt(i),
      holders: i + 1,
    }));
    const r = holdersOverTime(created, counts);
    expect(r).toHaveLength(MAX_HOLDING_POINTS);
    expect(r[0]).toEqual({ block: 100n, timestamp: 1_000n, holders: 0 });
    expect(r.at(-1)).toEqual({ block: 1_099n, timestamp: 2_998n, holders: 999 });
    const gaps = r.slice(1).map((p, i) => p.holders - (r[i] as { holders: number }).holders);
    expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThanOrEqual(1);
  });
});
