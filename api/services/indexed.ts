/**
 * How fresh the indexed state is (what every read that serves it reports beside it), and waiting for it to catch up
 * with the chain when a caller must see its own transaction.
 */
import { publicClientFor } from "../../core/rpc.js";
import { readIndexedBlock } from "../../db/indexed/checkpoint.js";
import type { ApiDeps } from "../deps.js";

export type Freshness = {
  /** Last block the indexer has processed, per chain slug. */
  indexed_block: number | null;
  /** Latest block of the chain as last polled. */
  chain_head: number | null;
  chain: string;
};

/** How long a read of the indexer's checkpoint is reused, ms: freshness is a hint, not a per-request query. */
const CHECKPOINT_TTL_MS = 250;
const checkpoints = new Map<string, { at: number; block: Promise<number | null> }>();

/**
 * How fresh the indexed state is on `chainSlug`: the block the indexer last committed, as notified
 * (db/versions.ts), or else Ponder's checkpoint (db/indexed/checkpoint.ts) read at most
 * every 250 ms per process; against the chain head the API polls in the background.
 */
export async function freshness(deps: ApiDeps, chainSlug: string): Promise<Freshness> {
  const notified = deps.versions?.indexedBlock(chainSlug) ?? null;
  if (notified !== null) {
    const head = deps.chainHead.get(chainSlug);
    return { indexed_block: notified, chain_head: head === null ? null : Number(head), chain: chainSlug };
  }
  const key = `${deps.config.indexerSchema}:${chainSlug}`;
  let cached = checkpoints.get(key);
  if (!cached || Date.now() - cached.at > CHECKPOINT_TTL_MS) {
    const block = readIndexedBlock(deps.db, deps.config.indexerSchema, chainSlug);
    cached = { at: Date.now(), block };
    checkpoints.set(key, cached);
    block.catch(() => checkpoints.delete(key));
  }
  const head = deps.chainHead.get(chainSlug);
  return {
    indexed_block: await cached.block,
    chain_head: head === null ? null : Number(head),
    chain: chainSlug,
  };
}

/** How long a read that a newer block may answer waits for the indexer to commit the chain's head before it answers from older state, ms. */
export const CATCH_UP_MS = 3_000;

/**
 * Read your own writes: wait until the indexer has committed the block the chain is at now on `chainSlug` (at most
 * CATCH_UP_MS), so that a transaction confirmed before this call is in what the caller reads next; then apply the
 * change notifications, so that cached reads move on too. False when the chain or the indexer did not get there.
 * Called only when the indexed state refuses something a newer block may allow: a token not deployed yet (trades,
 * quotes, search-token by address or token_layer_id), a curve too short for a trade.
 */
export async function catchUp(deps: ApiDeps, chainSlug: string): Promise<boolean> {
  const rpcUrl = deps.rpcUrls.get(chainSlug);
  if (!rpcUrl) return false;
  const head = await publicClientFor(rpcUrl)
    .getBlockNumber({ cacheTime: 0 })
    .catch(() => null);
  if (head === null) return false;
  const until = Date.now() + CATCH_UP_MS;
  for (;;) {
    const indexed = await readIndexedBlock(deps.db, deps.config.indexerSchema, chainSlug);
    if (indexed !== null && BigInt(indexed) >= head) {
      await deps.versions?.settled();
      return true;
    }
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
