/**
 * The chain head per chain, refreshed in the background so that read paths report freshness without calling the
 * chain themselves.
 */
import { createPublicClient, http, type PublicClient } from "viem";

export type ChainHead = {
  /** Latest known block of `chainSlug`, or null before the first answer. */
  get(chainSlug: string): bigint | null;
  stop(): void;
};

export function startChainHead(rpcUrls: Map<string, string>, intervalMs = 1_000): ChainHead {
  const heads = new Map<string, bigint>();
  const clients = new Map<string, PublicClient>();
  for (const [slug, url] of rpcUrls) clients.set(slug, createPublicClient({ transport: http(url) }));
  const refresh = async () => {
    await Promise.all(
      [...clients].map(async ([slug, client]) => {
        const n = await client.getBlockNumber({ cacheTime: 0 }).catch(() => undefined);
        if (n !== undefined) heads.set(slug, n);
      }),
    );
  };
  void refresh();
  const timer = setInterval(() => void refresh(), intervalMs);
  timer.unref();
  return { get: (slug) => heads.get(slug) ?? null, stop: () => clearInterval(timer) };
}
