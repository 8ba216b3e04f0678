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
import type { IntentRow } from "../../db/intents.js";
import { type ExecuteDeps, settle } from "./execute.js";

export type RecheckReturnType = { checked: number; moved: number; dropped: number };

/** Look up again every intent mined within the last `depth` blocks of its chain (see the module comment). */
export async function recheckSettled(deps: ExecuteDeps, depth: number): Promise<RecheckReturnType> {
  const result: RecheckReturnType = { checked: 0, moved: 0, dropped: 0 };
  for (const [chainId, client] of deps.clients) {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    const { rows } = await deps.db.query<IntentRow>(
      `SELECT * FROM ${deps.appSchema}.intents
        WHERE chain_id = $1 AND status IN ('confirmed', 'reverted') AND tx_hash IS NOT NULL AND block_number > $2
        ORDER BY nonce`,
      [chainId, (head - BigInt(depth)).toString()],
    );
    for (const intent of rows) {
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
      if (intent.block_hash === null) await recordBlockHash(deps, intent.id, receipt.blockHash);
      return "same" as const;
    }
    deps.log?.(
      `intent ${intent.id}: a reorg moved ${hash} from block ${intent.block_number} to ${receipt.blockNumber}`,
    );
    await deps.db.query(`UPDATE ${deps.appSchema}.intents SET reorg_count = reorg_count + 1 WHERE id = $1`, [
      intent.id,
    ]);
    await settle(deps, client, intent, receipt, true);
    return "moved" as const;
  }
  const { rowCount } = await deps.db.query(
    `UPDATE ${deps.appSchema}.intents
        SET status = 'broadcast', block_number = NULL, block_hash = NULL, gas_used = NULL, error_code = NULL,
            error_reason = $3, reorg_count = reorg_count + 1, updated_at = now()
      WHERE id = $1 AND status = $2 AND tx_hash = $4`,
    [
      intent.id,
      intent.status,
      `a reorg dropped block ${intent.block_number}: the same signed transaction is broadcast again`,
      hash,
    ],
  );
  if (rowCount)
    deps.log?.(`intent ${intent.id}: a reorg dropped ${hash} (block ${intent.block_number}); rebroadcasting`);
  return "dropped" as const;
}

async function recordBlockHash(deps: ExecuteDeps, intentId: string, blockHash: string) {
  await deps.db.query(`UPDATE ${deps.appSchema}.intents SET block_hash = $2 WHERE id = $1 AND block_hash IS NULL`, [
    intentId,
    blockHash,
  ]);
}
