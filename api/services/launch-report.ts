/**
 * get-token-launch-report: who bought a token's launch, who of them one source funded, what its creator and the
 * wallets it funded hold and sold, how concentrated its holders are, and the labels that raises (core/launch-report.ts
 * decides, db/indexed/launch.ts reads). Of the token's home chain, where it launched; a chain it was deployed to later
 * has no launch (400).
 */
import { type Address, getAddress } from "viem";
import { launchpadAbi } from "../../abis/index.js";
import { AppError } from "../../core/errors.js";
import {
  type FundingAsset,
  holdersOverTime,
  LAUNCH_RULES,
  type LaunchFacts,
  type LaunchReport,
  launchReport,
  MAX_HOLDING_POINTS,
  pct,
} from "../../core/launch-report.js";
import { publicClientFor } from "../../core/rpc.js";
import { readHolderCounts, readLaunch, readLaunchFacts, readTokenTraders } from "../../db/indexed/launch.js";
import type { ApiDeps } from "../deps.js";
import { launchFunding } from "./launch-funding.js";
import { indexedTokenOf } from "./tokens/market.js";
import { isoOfUnix, tokenAmount, usdcUsd } from "./tokens/shape.js";

export type LaunchReportParameters = { tokenId: string; chainSlug?: string };

const checksum = (a: string) => (a.startsWith("block:") ? a : getAddress(a));

/**
 * A launch's report as the indexer and the chain tell it now (the funding read from the chain as needed), or null when
 * the token has no indexed launch on that chain. The launch watcher (./launch-watch.ts) makes them too.
 */
export async function makeLaunchReport(
  deps: ApiDeps,
  on: { chainId: number; chainSlug: string; token: string },
): Promise<{ facts: LaunchFacts; report: LaunchReport; fundingAssets: FundingAsset[] } | null> {
  const launch = await readLaunch(deps.db, deps.config, on, LAUNCH_RULES);
  if (!launch) return null;
  launch.platform.add(await pinnedPoolOf(deps, on));
  const { funding, assets } = await launchFunding(deps, on, launch, LAUNCH_RULES);
  // Followed: the early buyers, the creator, and the wallets the creator sent USDC that traded the token.
  const funded = [...new Set(funding.filter((f) => f.from === launch.creator).map((f) => f.to))];
  const insiders = await readTokenTraders(deps.db, deps.config, on, funded);
  const wallets = [...new Set([...launch.firstBuys.map((b) => b.trader), launch.creator, ...insiders])];
  const facts = { ...(await readLaunchFacts(deps.db, deps.config, on, launch, wallets)), funding };
  return { facts, report: launchReport(facts), fundingAssets: assets };
}

/** Each token's V3 pool, by `<chainId>:<token>`: fixed at its creation. */
const pinnedPools = new Map<string, string>();

/**
 * The token's Uniswap V3 pool, lower case. The launchpad pins it at the creation (Launchpad._pinPool), when it holds
 * the seed's few tokens, long before the indexer learns it at the graduation: a holder of the platform's from the start.
 */
async function pinnedPoolOf(deps: ApiDeps, on: { chainId: number; chainSlug: string; token: string }) {
  const key = `${on.chainId}:${on.token.toLowerCase()}`;
  const known = pinnedPools.get(key);
  if (known) return known;
  const rpcUrl = deps.rpcUrls.get(on.chainSlug);
  const launchpad = deps.deployments.get(on.chainSlug)?.contracts.launchpad;
  if (!rpcUrl || !launchpad) throw new Error(`No RPC URL or launchpad for ${on.chainSlug}`);
  const pool = await publicClientFor(rpcUrl).readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "graduationPoolOf",
    args: [on.token as Address],
  });
  pinnedPools.set(key, pool.toLowerCase());
  return pool.toLowerCase();
}

export async function getTokenLaunchReport(deps: ApiDeps, p: LaunchReportParameters) {
  const { app, deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  if (peer) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `No launch on ${peer.chainSlug}: the token was deployed there later; it launched on ${peer.homeSlug}`,
    );
  }
  if (!deployment) throw new AppError("NOT_FOUND", "The token has no indexed launch yet");
  const on = { chainId: deployment.chainId, chainSlug: deployment.chainSlug, token: deployment.address };
  const made = await makeLaunchReport(deps, on);
  if (!made) throw new AppError("NOT_FOUND", "The token has no indexed launch yet");
  const { facts, report: r, fundingAssets } = made;
  // The watcher's reports do without it: no label reads it.
  const created = { block: facts.createdBlock, timestamp: facts.createdAt };
  const holders = holdersOverTime(
    created,
    await readHolderCounts(deps.db, deps.config, { ...on, fromBlock: created.block, points: MAX_HOLDING_POINTS }),
  );
  const share = (v: bigint) => pct(v, facts.supply);
  return {
    token_id: app.id,
    chain: deployment.chainSlug,
    contract_address: getAddress(deployment.address),
    created_block: Number(facts.createdBlock),
    created_at: isoOfUnix(facts.createdAt),
    supply: facts.supply.toString(),
    rules: {
      window_seconds: LAUNCH_RULES.windowSeconds,
      snipe_blocks: LAUNCH_RULES.snipeBlocks,
      funding_lookback_seconds: LAUNCH_RULES.fundingLookbackSeconds,
      concentrated_pct: LAUNCH_RULES.concentratedPct,
    },
    funding_assets: fundingAssets,
    window_ends_at: isoOfUnix(r.windowEndsAt),
    early_buyers: r.earlyBuyers.map((b) => ({
      address: getAddress(b.address),
      first_buy_block: Number(b.firstBuyBlock),
      first_buy_at: isoOfUnix(b.firstBuyAt),
      bought: b.bought.toString(),
      bought_usd: usdcUsd(b.boughtUsdc),
      bought_pct: share(b.bought),
      sold: b.sold.toString(),
      held: b.held.toString(),
      held_pct: share(b.held),
      funded_by: b.fundedBy.map(checksum),
    })),
    bundles: r.bundles.map((b) => ({
      wallets: b.wallets.map(checksum),
      sources: b.sources.map(checksum),
      bought: b.bought.toString(),
      bought_pct: share(b.bought),
      held: b.held.toString(),
      held_pct: share(b.held),
    })),
    creator: {
      address: getAddress(r.creator.address),
      held: r.creator.held.toString(),
      held_pct: share(r.creator.held),
      wallets: r.creator.wallets.map((w) => ({
        address: getAddress(w.address),
        funded_usd: usdcUsd(w.funded),
        funded_native: w.fundedNative.toString(),
        held: w.held.toString(),
        held_pct: share(w.held),
      })),
      sells: r.creator.sells.map((s) => ({
        address: getAddress(s.address),
        block: Number(s.block),
        at: isoOfUnix(s.timestamp),
        tx_hash: s.txHash,
        tokens: s.tokens.toString(),
        tokens_amount: tokenAmount(s.tokens),
        usd: usdcUsd(s.usdc),
      })),
    },
    concentration: {
      holders: r.concentration.holders,
      top10_pct: share(r.concentration.top10Held),
      top10: r.concentration.top10.map((h) => ({
        address: getAddress(h.address),
        balance: h.balance.toString(),
        pct: share(h.balance),
      })),
      fresh_wallets_pct: share(r.concentration.freshHeld),
      holders_over_time: holders.map((h) => ({
        block: Number(h.block),
        at: isoOfUnix(h.timestamp),
        holders: h.holders,
      })),
    },
    early_holdings: r.earlyHoldings.map((h) => ({
      block: Number(h.block),
      at: isoOfUnix(h.timestamp),
      held: h.held.toString(),
      held_pct: share(h.held),
    })),
    labels: r.labels.map((l) => ({ ...l, addresses: l.addresses.map(checksum) })),
    freshness,
  };
}
