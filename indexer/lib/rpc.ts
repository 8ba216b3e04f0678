/**
 * The HTTP transport the indexer gives Ponder for a chain (indexer/lib/chains.ts ponderRpc).
 *
 * Ponder asks for a new block's logs by the block's hash. When a reorg takes that block away between Ponder seeing it
 * and asking, the node answers "unknown block", and Ponder retries the call with backoff, 10 times from 125 ms
 * doubling, about 64 s, before it looks at the chain again: indexing stands still that long. When the node confirms
 * the block is gone (eth_getBlockByHash answers null), asking again cannot help, and this transport answers with a
 * BlockGoneError, which Ponder does not retry. Ponder then logs the failed block and polls the head again, sees the
 * reorg and follows the new branch. A node that has the block after all (one behind a load balancer that had not
 * seen it yet) keeps the original error, which Ponder retries as before.
 *
 * Ponder retries every JSON-RPC error but a few kinds; one whose message says "revert" is one it never retries
 * (ponder/src/rpc/index.ts shouldRetry, written for reverted calls). BlockGoneError says so truthfully: the block was
 * reverted away. tests/indexer.reorg.test.ts holds the call across a revert and checks the indexer follows at once.
 */
import { http, type Transport } from "viem";

/** What nodes answer for a block hash they do not have: anvil and geth say "unknown block". */
const UNKNOWN_BLOCK = /unknown block|block not found|header not found/i;

/** eth_getLogs of a block the node no longer has. */
export class BlockGoneError extends Error {
  /** A JSON-RPC error code (server error), which Ponder reads before it decides to retry. */
  readonly code = -32000;
  constructor(
    readonly blockHash: string,
    cause: unknown,
  ) {
    super(`eth_getLogs of block ${blockHash}: the node no longer has it (reverted away by a reorg)`, { cause });
    this.name = "BlockGoneError";
  }
}

/** The hash of an eth_getLogs filter by block hash, else undefined. */
function blockHashOf(method: string, params: unknown): string | undefined {
  if (method !== "eth_getLogs" || !Array.isArray(params)) return undefined;
  const hash = (params[0] as { blockHash?: unknown } | undefined)?.blockHash;
  return typeof hash === "string" ? hash : undefined;
}

/** viem's error text, with its details ("unknown block") included. */
const textOf = (error: unknown) =>
  error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ""}` : String(error);

/**
 * viem's http transport to `url`, but eth_getLogs of a block the node no longer has fails with BlockGoneError. No cap
 * on a response's size: viem's default (10 MB) would fail a large eth_getLogs range that Ponder's own client takes,
 * and Ponder does not split a range on that error.
 */
export function reorgAwareHttp(url: string): Transport {
  const transport = http(url, { maxResponseBodySize: false });
  return (params) => {
    const made = transport(params);
    /** Whether the node says it has no block `hash` (a failed look counts as not gone: Ponder retries as before). */
    const gone = async (hash: string) =>
      (await made.request({ method: "eth_getBlockByHash", params: [hash as `0x${string}`, false] }).catch(() => 0)) ===
      null;
    const request: typeof made.request = async (args, options) => {
      try {
        return await made.request(args, options);
      } catch (error) {
        const hash = blockHashOf(args.method, args.params);
        if (hash !== undefined && UNKNOWN_BLOCK.test(textOf(error)) && (await gone(hash))) {
          throw new BlockGoneError(hash, error);
        }
        throw error;
      }
    };
    return { ...made, request };
  };
}
