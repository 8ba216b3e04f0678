/**
 * A token's launch report, decided purely from facts the indexer holds (db/indexed/launch.ts reads them): who bought in
 * its launch window, which of them one source funded, what its creator and the wallets it funded hold and sold, and
 * how concentrated its holders are; and the labels those facts raise, each with the figures and addresses behind it.
 *
 * The rules, with their thresholds (LAUNCH_RULES; docs/launch-report.md says why):
 * - the **launch window**: the buys made at most `windowSeconds` after the creation block's time. Its buyers are the
 *   early buyers; the creator's own buys are reported with the creator.
 * - `sniped`: early buyers whose first buy came at most `snipeBlocks` blocks after the creation block.
 * - `bundled`: early buyers (not the creator, not the wallets it funded) grouped by who funded them, in USDC or the native
 *   coin, at most `fundingLookbackSeconds` before their first buy, directly or through one wallet between; and the ones whose first
 *   buy shares the creation's own block. A group of at least two wallets is a bundle.
 * - `creator_sold`: the creator, or a wallet it funded before that wallet's first trade of the token, sold any of it.
 * - `concentrated`: the ten largest holders (not the launchpad, the token's pool or its own contract) hold more than
 *   `concentratedPct` of the supply. Not lower: on the curve's linear price, n buyers of equal USDC get tokens in
 *   proportion to √i − √(i−1), so the first ten of thirty such fair buyers already hold √(10/30) ≈ 58%.
 * Shares are of the supply that exists (every holder's balance summed), in percent with two decimals.
 */

export const LAUNCH_RULES = {
  windowSeconds: 60,
  snipeBlocks: 1,
  fundingLookbackSeconds: 86_400,
  concentratedPct: 60,
} as const;

export type LaunchRules = typeof LAUNCH_RULES;

/** A trade of the token by a wallet the report follows. Amounts in base units. */
export type LaunchTrade = {
  trader: string;
  isBuy: boolean;
  tokens: bigint;
  usdc: bigint;
  block: bigint;
  timestamp: bigint;
  txHash: string;
};

/** What funding is in: USDC (a Transfer log) or the chain's native coin (a call that sent value). */
export type FundingAsset = "usdc" | "native";

/** USDC or native coin one wallet sent another (api/services/launch-funding.ts reads it from the chain). */
export type Funding = {
  from: string;
  to: string;
  /** Base units of `asset`: USDC's 6 decimals, the native coin's 18. */
  value: bigint;
  block: bigint;
  timestamp: bigint;
  txHash: string;
  asset: FundingAsset;
};

/** What the indexer holds that the report needs; addresses lower case. */
export type LaunchFacts = {
  creator: string;
  createdBlock: bigint;
  createdAt: bigint;
  /** Every holder's balance summed. */
  supply: bigint;
  holders: number;
  /** Every trade of the token by the early buyers, the creator and the wallets the creator funded, in chain order. */
  trades: LaunchTrade[];
  /** USDC and native coin sent to the early buyers and to the wallets that funded them, and by the creator. */
  funding: Funding[];
  /** The balance now of every wallet in `trades`. */
  balances: Map<string, bigint>;
  /** The ten largest holders, platform contracts left out. */
  top: { address: string; balance: bigint }[];
  /** What the holders whose first indexed activity was this token hold together. */
  freshHeld: bigint;
  /**
   * The followed wallets' balance changes that are not their trades: transfers between holders, and moves to and from
   * other chains (on the token's home chain). With `trades`, they make the early buyers' holdings over time.
   */
  moves?: BalanceMove[];
};

/** A change of a wallet's balance of the token that is not a trade of its own. */
export type BalanceMove = { wallet: string; delta: bigint; block: bigint; timestamp: bigint };

/** The early buyers' holdings together after a block (the report's chart). */
export type HoldingPoint = { block: bigint; timestamp: bigint; held: bigint };

/** The holder count after a block (the report's holders over time). */
export type HoldersPoint = { block: bigint; timestamp: bigint; holders: number };

/** The most points a series over time keeps (evenly spaced, the first and last always kept). */
export const MAX_HOLDING_POINTS = 200;

export type EarlyBuyer = {
  address: string;
  firstBuyBlock: bigint;
  firstBuyAt: bigint;
  bought: bigint;
  boughtUsdc: bigint;
  sold: bigint;
  held: bigint;
  /** Who funded it (directly), in the lookback before its first buy. */
  fundedBy: string[];
};

export type Bundle = {
  wallets: string[];
  /** The sources they share: funders (direct or one hop), or `block:<n>` for the creation's block. */
  sources: string[];
  bought: bigint;
  held: bigint;
};

export type Sell = { address: string; block: bigint; timestamp: bigint; txHash: string; tokens: bigint; usdc: bigint };

/** The labels a launch may carry. */
export const LABEL_NAMES = ["sniped", "bundled", "creator_sold", "concentrated"] as const;
export type LabelName = (typeof LABEL_NAMES)[number];

export type Label = {
  label: LabelName;
  /** The rule, in words, with its threshold. */
  rule: string;
  addresses: string[];
  figures: Record<string, string | number>;
};

export type LaunchReport = {
  windowEndsAt: bigint;
  earlyBuyers: EarlyBuyer[];
  bundles: Bundle[];
  creator: {
    address: string;
    held: bigint;
    /** `funded`: USDC base units; `fundedNative`: native coin, wei. */
    wallets: { address: string; funded: bigint; fundedNative: bigint; held: bigint }[];
    sells: Sell[];
  };
  concentration: {
    top10: { address: string; balance: bigint }[];
    top10Held: bigint;
    freshHeld: bigint;
    holders: number;
  };
  /** What the early buyers held together after each block that changed it, from the creation block on. */
  earlyHoldings: HoldingPoint[];
  labels: Label[];
};

/** `part` of `whole` in percent, two decimals, rounded down. */
export function pct(part: bigint, whole: bigint): number {
  if (whole === 0n) return 0;
  return Number((part * 10_000n) / whole) / 100;
}

const sum = (values: Iterable<bigint>) => {
  let total = 0n;
  for (const v of values) total += v;
  return total;
};

export function launchReport(facts: LaunchFacts, rules: LaunchRules = LAUNCH_RULES): LaunchReport {
  const windowEndsAt = facts.createdAt + BigInt(rules.windowSeconds);
  const held = (a: string) => facts.balances.get(a) ?? 0n;

  // The wallets the creator funded before their first trade of the token (within the lookback).
  const firstTrade = new Map<string, LaunchTrade>();
  for (const t of facts.trades) if (!firstTrade.has(t.trader)) firstTrade.set(t.trader, t);
  const creatorWallets = new Map<string, { usdc: bigint; native: bigint }>();
  for (const f of facts.funding) {
    const first = firstTrade.get(f.to);
    if (f.from !== facts.creator || !first || f.to === facts.creator) continue;
    if (f.block > first.block || f.timestamp + BigInt(rules.fundingLookbackSeconds) < first.timestamp) continue;
    const funded = creatorWallets.get(f.to) ?? { usdc: 0n, native: 0n };
    funded[f.asset] += f.value;
    creatorWallets.set(f.to, funded);
  }

  // Early buyers: a first buy in the window, the creator's left to its own section.
  const early = new Map<string, EarlyBuyer>();
  for (const t of facts.trades) {
    if (!t.isBuy || t.trader === facts.creator) continue;
    let b = early.get(t.trader);
    if (!b) {
      if (t.timestamp > windowEndsAt) continue;
      b = {
        address: t.trader,
        firstBuyBlock: t.block,
        firstBuyAt: t.timestamp,
        bought: 0n,
        boughtUsdc: 0n,
        sold: 0n,
        held: held(t.trader),
        fundedBy: [],
      };
      early.set(t.trader, b);
    }
    if (t.timestamp <= windowEndsAt) {
      b.bought += t.tokens;
      b.boughtUsdc += t.usdc;
    }
  }
  for (const t of facts.trades) {
    const b = early.get(t.trader);
    if (b && !t.isBuy) b.sold += t.tokens;
  }

  // Funding: direct sources in the lookback before the first buy, and their own sources before they paid.
  const lookback = BigInt(rules.fundingLookbackSeconds);
  const fundedBefore = (to: string, block: bigint, at: bigint) =>
    facts.funding.filter((f) => f.to === to && f.block <= block && f.timestamp + lookback >= at);
  const sources = new Map<string, Set<string>>();
  for (const b of early.values()) {
    const direct = fundedBefore(b.address, b.firstBuyBlock, b.firstBuyAt);
    b.fundedBy = [...new Set(direct.map((f) => f.from))].sort();
    const roots = new Set<string>(b.fundedBy);
    for (const f of direct) for (const hop of fundedBefore(f.from, f.block, f.timestamp)) roots.add(hop.from);
    if (b.firstBuyBlock === facts.createdBlock) roots.add(`block:${facts.createdBlock}`);
    sources.set(b.address, roots);
  }

  // Bundles: early buyers joined by a shared source (union-find), the creator and its wallets left out.
  const parent = new Map<string, string>();
  const find = (a: string): string => {
    const p = parent.get(a) ?? a;
    if (p === a) return a;
    const root = find(p);
    parent.set(a, root);
    return root;
  };
  const bySource = new Map<string, string>();
  const candidates = [...early.keys()].filter((a) => !creatorWallets.has(a)).sort();
  for (const a of candidates) {
    for (const s of sources.get(a) ?? []) {
      if (s === facts.creator) continue;
      const other = bySource.get(s);
      if (other === undefined) bySource.set(s, a);
      else parent.set(find(a), find(other));
    }
  }
  const groups = new Map<string, string[]>();
  for (const a of candidates) groups.set(find(a), [...(groups.get(find(a)) ?? []), a]);
  const bundles: Bundle[] = [...groups.values()]
    .filter((wallets) => wallets.length >= 2)
    .map((wallets) => {
      const shared = new Map<string, number>();
      for (const w of wallets) for (const s of sources.get(w) ?? []) shared.set(s, (shared.get(s) ?? 0) + 1);
      return {
        wallets,
        sources: [...shared]
          .filter(([, n]) => n >= 2)
          .map(([s]) => s)
          .sort(),
        bought: sum(wallets.map((w) => early.get(w)?.bought ?? 0n)),
        held: sum(wallets.map((w) => held(w))),
      };
    })
    .sort((a, b) => (b.bought > a.bought ? 1 : b.bought < a.bought ? -1 : 0));

  // The creator and its wallets: what they hold, and every sell.
  const insiders = new Set([facts.creator, ...creatorWallets.keys()]);
  const sells: Sell[] = facts.trades
    .filter((t) => !t.isBuy && insiders.has(t.trader))
    .map((t) => ({
      address: t.trader,
      block: t.block,
      timestamp: t.timestamp,
      txHash: t.txHash,
      tokens: t.tokens,
      usdc: t.usdc,
    }));

  const top10Held = sum(facts.top.map((h) => h.balance));
  const labels: Label[] = [];
  const snipers = [...early.values()].filter((b) => b.firstBuyBlock <= facts.createdBlock + BigInt(rules.snipeBlocks));
  if (snipers.length > 0) {
    labels.push({
      label: "sniped",
      rule: `a first buy at most ${rules.snipeBlocks} block(s) after the creation block`,
      addresses: snipers.map((b) => b.address),
      figures: {
        wallets: snipers.length,
        bought_pct: pct(sum(snipers.map((b) => b.bought)), facts.supply),
        held_pct: pct(sum(snipers.map((b) => b.held)), facts.supply),
      },
    });
  }
  if (bundles.length > 0) {
    const wallets = bundles.flatMap((b) => b.wallets);
    labels.push({
      label: "bundled",
      rule: `at least two early buyers funded in USDC or the native coin by one source (directly or through one wallet) at most ${rules.fundingLookbackSeconds / 3600} h before their first buy, or buying in the creation's block`,
      addresses: wallets,
      figures: {
        bundles: bundles.length,
        wallets: wallets.length,
        bought_pct: pct(sum(bundles.map((b) => b.bought)), facts.supply),
        held_pct: pct(sum(bundles.map((b) => b.held)), facts.supply),
      },
    });
  }
  if (sells.length > 0) {
    const sellers = [...new Set(sells.map((s) => s.address))];
    labels.push({
      label: "creator_sold",
      rule: "the creator, or a wallet it funded before that wallet's first trade of the token, sold",
      addresses: sellers,
      figures: {
        sells: sells.length,
        sold_tokens: sum(sells.map((s) => s.tokens)).toString(),
        sold_pct: pct(sum(sells.map((s) => s.tokens)), facts.supply),
        received_usdc: sum(sells.map((s) => s.usdc)).toString(),
      },
    });
  }
  if (pct(top10Held, facts.supply) > rules.concentratedPct) {
    labels.push({
      label: "concentrated",
      rule: `the ten largest holders (not the launchpad, the pool or the token's own contract) hold more than ${rules.concentratedPct}% of the supply`,
      addresses: facts.top.map((h) => h.address),
      figures: { top10_pct: pct(top10Held, facts.supply), holders: facts.holders },
    });
  }

  return {
    windowEndsAt,
    earlyBuyers: [...early.values()].sort((a, b) =>
      a.firstBuyBlock === b.firstBuyBlock
        ? a.address < b.address
          ? -1
          : 1
        : a.firstBuyBlock < b.firstBuyBlock
          ? -1
          : 1,
    ),
    bundles,
    creator: {
      address: facts.creator,
      held: held(facts.creator),
      wallets: [...creatorWallets].map(([address, funded]) => ({
        address,
        funded: funded.usdc,
        fundedNative: funded.native,
        held: held(address),
      })),
      sells,
    },
    concentration: { top10: facts.top, top10Held, freshHeld: facts.freshHeld, holders: facts.holders },
    earlyHoldings: holdingsOverTime(facts, new Set(early.keys())),
    labels,
  };
}

/**
 * What `wallets` held together after each block that changed it (their trades and moves), from 0 at the creation
 * block; thinned to MAX_HOLDING_POINTS evenly spaced points, the last kept, when there are more.
 */
export function holdingsOverTime(
  facts: Pick<LaunchFacts, "trades" | "moves" | "createdBlock" | "createdAt">,
  wallets: ReadonlySet<string>,
): HoldingPoint[] {
  const changes = [
    ...facts.trades
      .filter((t) => wallets.has(t.trader))
      .map((t) => ({ block: t.block, timestamp: t.timestamp, delta: t.isBuy ? t.tokens : -t.tokens })),
    ...(facts.moves ?? []).filter((m) => wallets.has(m.wallet)),
  ].sort((a, b) => (a.block < b.block ? -1 : a.block > b.block ? 1 : 0));
  const points: HoldingPoint[] = [{ block: facts.createdBlock, timestamp: facts.createdAt, held: 0n }];
  let held = 0n;
  for (const c of changes) {
    held += c.delta;
    const last = points.at(-1) as HoldingPoint;
    if (last.block === c.block) last.held = held;
    else points.push({ block: c.block, timestamp: c.timestamp, held });
  }
  return thinned(points);
}

/**
 * The token's holder count over time: 0 at the creation block, then `counts` (the count after a block that changed
 * it, by block, ascending; a repeated block is one point, and a count of the creation block replaces its 0); thinned
 * like holdingsOverTime.
 */
export function holdersOverTime(
  created: { block: bigint; timestamp: bigint },
  counts: readonly HoldersPoint[],
): HoldersPoint[] {
  const points: HoldersPoint[] = [{ block: created.block, timestamp: created.timestamp, holders: 0 }];
  for (const c of counts) {
    if (c.block < created.block) continue;
    const last = points.at(-1) as HoldersPoint;
    if (last.block === c.block) last.holders = c.holders;
    else points.push({ ...c });
  }
  return thinned(points);
}

/** At most MAX_HOLDING_POINTS of `points`, evenly spaced, the first and last kept. */
function thinned<T>(points: T[]): T[] {
  if (points.length <= MAX_HOLDING_POINTS) return points;
  const step = (points.length - 1) / (MAX_HOLDING_POINTS - 1);
  return Array.from({ length: MAX_HOLDING_POINTS }, (_, i) => points[Math.round(i * step)] as T);
}
