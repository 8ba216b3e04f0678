/**
 * The chains this indexer serves: INDEXER_CHAINS (comma-separated ChainSlugs, default CHAINS, then CHAIN_SLUG;
 * core/env.ts), each with its deployment (deployments/<slug>.json) and RPC URL (RPC_URL_<SLUG>, or RPC_URL for
 * CHAIN_SLUG).
 * The config and the handlers both read it, so no address is written twice.
 */
import type { Address, Transport } from "viem";
import { type ChainSlug, getChain } from "../../core/chains.js";
import { type Deployment, readDeployment } from "../../core/deployment.js";
import { chainSlugsOf, parseEnv, rpcUrlFor, wsUrlFor } from "../../core/env.js";
import { reorgAwareHttp } from "./rpc.js";

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

/**
 * The `rpc` of a chain in a Ponder config.
 *
 * Ponder paces each RPC URL itself, from 20 requests a second, raised 5% at a time once it has been used at that pace
 * for a while. A local anvil answers thousands a second, and at 20 a backfill of a few hundred blocks took seconds: a
 * local chain's URL is listed `lanes` times (INDEXER_RPC_LANES, default 25), and Ponder spreads its requests over
 * them. Every other chain over HTTP, and a local one with one lane, goes through reorgAwareHttp; a WebSocket URL is
 * Ponder's to open.
 */
export function ponderRpc(c: IndexedChain, lanes = parseEnv().INDEXER_RPC_LANES): string | string[] | Transport {
  if (!/^https?:\/\//.test(c.rpcUrl)) return c.rpcUrl;
  return c.local && lanes > 1 ? Array.from({ length: lanes }, () => c.rpcUrl) : reorgAwareHttp(c.rpcUrl);
}

/** USDC of each indexed chain, by chain id: the handlers need it to orient V3 prices. */
export function usdcByChainId(chains: IndexedChain[] = indexedChains()): Map<number, Address> {
  return new Map(chains.map((c) => [c.chainId, c.deployment.contracts.usdc]));
}
