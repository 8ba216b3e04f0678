/**
 * Finality of executed intents. An intent's transaction is recorded `confirmed` (or `reverted`) with the block it was
 * mined in; it is **final** once that block is `depth` blocks below the chain's head (WORKER_FINALITY_DEPTH, 12 by
 * default). Until then every reconcile pass of the worker looks its receipt up again:
 * - same block hash: nothing happened;
 * - a receipt in another block (a reorg re-included it): the intent takes that block, and the receipt's status;
 * - no receipt (a reorg dropped it): the intent goes back to `broadcast` with the reason, its reorg_count grows, and
 *   the reconcile pass dispatches it again, which broadcasts **the same signed bytes** (same nonce, same hash). When
 *   the nonce has meanwhile been used by another transaction, execution ends it `failed`, "dropped or replaced".
 * So an intent is never left `confirmed` for a transaction the chain no longer has.
 */
import type { PublicClient } from "viem";
import { countReorg, type IntentRow, minedAbove, recordBlockHash, reopenDropped } from "../../db/intents.js";
import { type ExecuteDeps, settle } from "./execute.js";

export type RecheckReturnType = { checked: number; moved: number; dropped: number };

/** Look up again every intent mined within the last `depth` blocks of its chain (see the module comment). */
export async function recheckSettled(deps: ExecuteDeps, depth: number): Promise<RecheckReturnType> {
  const result: RecheckReturnType = { checked: 0, moved: 0, dropped: 0 };
  for (const [chainId, client] of deps.clients) {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    for (const intent of await minedAbove(deps.db, deps.appSchema, chainId, head - BigInt(depth))) {
      result.checked++;
      const outcome = await recheck(deps, client, intent);
      if (outcome === "moved") result.moved++;
      if (outcome === "dropped") result.dropped++;
    }
  }
  return result;
}

async function recheck(deps: ExecuteDeps, client: PublicClient, intent: IntentRow) {
  const hash = intent.tx_hash as `0x${string}`;
  const receipt = await client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (receipt) {
    if (intent.block_hash === null || receipt.blockHash.toLowerCase() === intent.block_hash.toLowerCase()) {
      if (intent.block_hash === null) await recordBlockHash(deps.db, deps.appSchema, intent.id, receipt.blockHash);
      return "same" as const;
    }
    deps.log?.(
      `intent ${intent.id}: a reorg moved ${hash} from block ${intent.block_number} to ${receipt.blockNumber}`,
    );
    await countReorg(deps.db, deps.appSchema, intent.id);
    await settle(deps, client, intent, receipt, true);
    return "moved" as const;
  }
  const reason = `a reorg dropped block ${intent.block_number}: the same signed transaction is broadcast again`;
  if (await reopenDropped(deps.db, deps.appSchema, intent, reason))
    deps.log?.(`intent ${intent.id}: a reorg dropped ${hash} (block ${intent.block_number}); rebroadcasting`);
  return "dropped" as const;
}
