/**
 * The receipt tracker: settles broadcast intents from the blocks that mine them, so that no execute job waits for a
 * block (./execute.ts hands a job back once its transaction is sent). Per chain, each time the head moves it reads
 * the receipts of that chain's broadcast intents (at most BATCH, the longest waiting first), all at once, and records
 * those mined. What it misses (a crash, an RPC error) the intent's own job finds when it wakes: the tracker only
 * makes settling early, never decides alone.
 */
import { type PublicClient, TransactionReceiptNotFoundError } from "viem";
import { broadcastOn, type IntentRow } from "../../db/intents.js";
import { type ExecuteDeps, settle } from "./execute.js";

/** Receipts asked for in one pass and chain at most: the oldest broadcast intents first. */
const BATCH = 1_000;

export type ReceiptTrackerParameters = {
  /** How often each chain's head is read, ms. */
  pollMs: number;
  /** Called with each intent the tracker settled (what waits on it can run). */
  onSettled?: (intentId: string) => Promise<void>;
};

export type ReceiptTracker = { close(): Promise<void> };

export function startReceiptTracker(deps: ExecuteDeps, p: ReceiptTrackerParameters): ReceiptTracker {
  const heads = new Map<number, bigint>();
  let running: Promise<void> | undefined;
  let closed = false;

  async function chainPass(chainId: number, client: PublicClient): Promise<void> {
    const head = await client.getBlockNumber({ cacheTime: 0 });
    if (heads.get(chainId) === head) return;
    const rows = await broadcastOn(deps.db, deps.appSchema, chainId, BATCH);
    const receipts = await Promise.all(
      rows.map((intent) =>
        client.getTransactionReceipt({ hash: intent.tx_hash as `0x${string}` }).catch((error: unknown) => {
          if (error instanceof TransactionReceiptNotFoundError) return undefined; // not mined yet
          throw error;
        }),
      ),
    );
    for (const [i, receipt] of receipts.entries()) {
      const intent = rows[i] as IntentRow;
      // A receipt under another hash is a replacement: the intent's job decides that, not the tracker.
      if (!receipt || receipt.transactionHash.toLowerCase() !== intent.tx_hash?.toLowerCase()) continue;
      const after = await settle(deps, client, intent, receipt);
      if (after.status === "confirmed" || after.status === "reverted") await p.onSettled?.(intent.id);
    }
    // Only a pass that read every receipt marks the head seen: an RPC error leaves it to look again.
    heads.set(chainId, head);
  }

  /** One pass over every chain whose head moved; a pass under way is not started again. */
  function pass(): Promise<void> {
    running ??= (async () => {
      try {
        for (const [chainId, client] of deps.clients) {
          try {
            await chainPass(chainId, client);
          } catch (error) {
            deps.log?.(`receipts on chain ${chainId}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  const timer = setInterval(() => {
    if (!closed) void pass();
  }, p.pollMs);
  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
