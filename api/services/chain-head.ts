/**
 * The chain head per chain, refreshed in the background so that read paths report freshness, and quotes know the
 * time of the block a trade will land in, without calling the chain themselves.
 */
import { createPublicClient, http, type PublicClient } from "viem";
import type { ChainHead } from "../ports.js";

export type { ChainHead };

export function startChainHead(rpcUrls: Map<string, string>, intervalMs = 1_000): ChainHead {
  const heads = new Map<string, { number: bigint; timestamp: bigint }>();
  const clients = new Map<string, PublicClient>();
  for (const [slug, url] of rpcUrls) clients.set(slug, createPublicClient({ transport: http(url) }));
  const refresh = async () => {
    await Promise.all(
      [...clients].map(async ([slug, client]) => {
        const block = await client.getBlock({ blockTag: "latest" }).catch(() => undefined);
        if (block?.number != null) heads.set(slug, { number: block.number, timestamp: block.timestamp });
      }),
    );
  };
  void refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return {
    get: (slug) => heads.get(slug)?.number ?? null,
    timestamp: (slug) => heads.get(slug)?.timestamp ?? null,
    stop: () => clearInterval(timer),
  };
}

/**
 * The earliest time the next block of `chainSlug` can have, the time a trade sent now is quoted at: the head's (a
 * block's timestamp is never below its parent's, and anvil repeats it for blocks mined within one second). A trade
 * that lands later finds a launch fee no higher, so a quote at this time never understates the fee, whatever the
 * node's clock or the server's: the wall clock is no bound (a fork, or a node behind, makes blocks older than now).
 * On a chain that makes no block while idle (a local anvil) this stays the last block's time until the next is
 * mined. Before the first answer of the chain: now.
 */
export function nextBlockTime(head: ChainHead, chainSlug: string, nowMs = Date.now()): bigint {
  return head.timestamp(chainSlug) ?? BigInt(Math.floor(nowMs / 1000));
}
