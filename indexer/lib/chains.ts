/**
 * The chains this indexer serves: INDEXER_CHAINS (comma-separated ChainSlugs, default CHAINS, then CHAIN_SLUG;
 * core/env.ts), each with its deployment (deployments/<slug>.json) and RPC URL (RPC_URL_<SLUG>, or RPC_URL for
 * CHAIN_SLUG).
 * The config and the handlers both read it, so no address is written twice.
 */
import type { Address } from "viem";
import { type ChainSlug, getChain } from "../../core/chains.js";
import { type Deployment, readDeployment } from "../../core/deployment.js";
import { chainSlugsOf, parseEnv, rpcUrlFor, wsUrlFor } from "../../core/env.js";

export type IndexedChain = {
  slug: ChainSlug;
  chainId: number;
  rpcUrl: string;
  /** WS_URL_<SLUG> (or WS_URL): new blocks by subscription instead of polling. */
  wsUrl: string | undefined;
  deployment: Deployment;
  local: boolean;
};

export function indexedChains(source: Record<string, string | undefined> = process.env): IndexedChain[] {
  const env = parseEnv(source);
  return chainSlugsOf(env, env.INDEXER_CHAINS).map((slug) => {
    const chain = getChain(slug);
    const deployment = readDeployment(chain.slug);
    const rpcUrl = rpcUrlFor(chain.slug, env, source);
    if (!rpcUrl)
      throw new Error(`No RPC URL for ${chain.slug}: set RPC_URL_${chain.slug.toUpperCase().replace(/-/g, "_")}.`);
    const local = /^https?:\/\/(127\.0\.0\.1|localhost)(:|\/|$)/.test(rpcUrl);
    const wsUrl = wsUrlFor(chain.slug, env, source);
    return { slug: chain.slug, chainId: deployment.chainId, rpcUrl, wsUrl, deployment, local };
  });
}

/** How many times a local chain's RPC URL is given to Ponder (see ponderRpc). */
export const LOCAL_RPC_LANES = 25;

/**
 * The `rpc` of a chain in a Ponder config. Ponder paces each RPC URL itself, from 20 requests a second, raised 5% at a
 * time once it has been used at that pace for a while. A local anvil answers thousands a second, and at 20 a backfill
 * of a few hundred blocks took seconds: a local chain's URL is listed LOCAL_RPC_LANES times, and Ponder spreads its
 * requests over them.
 */
export function ponderRpc(c: IndexedChain): string | string[] {
  return c.local ? Array.from({ length: LOCAL_RPC_LANES }, () => c.rpcUrl) : c.rpcUrl;
}

/** USDC of each indexed chain, by chain id: the handlers need it to orient V3 prices. */
export function usdcByChainId(chains: IndexedChain[] = indexedChains()): Map<number, Address> {
  return new Map(chains.map((c) => [c.chainId, c.deployment.contracts.usdc]));
}
