/**
 * One viem public client per RPC URL for the process, so that callers share connections and viem's request
 * batching instead of building a client per call.
 */
import { type Chain, createPublicClient, defineChain, http, type PublicClient } from "viem";

const clients = new Map<string, PublicClient>();

/** The shared client of `url` (one retry on a failed request). */
export function publicClientFor(url: string): PublicClient {
  let client = clients.get(url);
  if (!client) {
    client = createPublicClient({ transport: http(url, { retryCount: 1 }) });
    clients.set(url, client);
  }
  return client;
}

/** viem's chain of an EVM chain id, named and reached at `rpcUrl`: what a wallet client that signs there needs. */
export function viemChainOf(id: number, name: string, rpcUrl: string): Chain {
  return defineChain({
    id,
    name,
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}
