/**
 * Executes one intent, step by step, each step recorded in Postgres before the next:
 *
 *   pending ──simulate──▶ (revert: failed, never broadcast)
 *           ──allocate nonce + sign + store raw tx and hash (one DB transaction)──▶ signed
 *   signed  ──broadcast the stored bytes──▶ broadcast
 *   broadcast ──receipt──▶ confirmed | reverted; no receipt and the nonce used by another tx ──▶ failed (replaced)
 *
 * A retry (a BullMQ retry, or a job a dead worker left) resumes from the recorded step: it rebroadcasts the stored
 * bytes or reads the receipt, and never signs a second transaction for the same intent. Each step's statement is in
 * db/intents.ts, which alone moves an intent between states.
 *
 * Where a receipt tracker runs (worker/processors/receipts.ts, in the worker process), an attempt does not wait for
 * its block: it reads the receipt once after the broadcast (there already on an automining node) and otherwise hands
 * the job back (ReceiptPending) to look again after `receiptTimeoutMs`, by which time the tracker has usually settled
 * the intent from the block that mined it. A job never holds a worker's slot for a block time.
 */
import { UnrecoverableError } from "bullmq";
import type pg from "pg";
import { type Abi, keccak256, type PublicClient } from "viem";
import type { ErrorCode } from "../../core/errors.js";
import { withGasMargin } from "../../core/limits.js";
import { logContext } from "../../core/log.js";
import { errorText, revertData, revertReason } from "../../core/reverts.js";
import {
  beginAttempt,
  failIntent,
  getIntent,
  type IntentRow,
  isFinal,
  markBroadcast,
  pendingAfter,
  recordOutcome,
  signWithNextNonce,
} from "../../db/intents.js";
import type { Signer } from "../signer.js";

export type ExecuteDeps = {
  db: pg.Pool;
  appSchema: string;
  signer: Signer;
  /** A client per chain id. */
  clients: Map<number, PublicClient>;
  /**
   * A client per chain id for eth_sendRawTransaction, where `clients` batch their calls: sends are batched with other
   * sends only, so a send never waits on a slow read (a gas estimate) nor fails with it. One send an HTTP request
   * each cost about a fifth of the executions per second (bench:worker).
   */
  senders?: Map<number, PublicClient>;
  /** ABIs whose custom errors revert reasons are decoded with. */
  errorAbi: Abi;
  /**
   * How long one attempt waits for a receipt before handing back to the queue for a rebroadcast; with
   * `trackReceipts`, how long after a broadcast its job looks again (rebroadcasting then). Default 15 s.
   */
  receiptTimeoutMs?: number;
  /** A receipt tracker settles broadcast intents (./receipts.ts): an attempt reads the receipt once, never waits. */
  trackReceipts?: boolean;
  log?: (line: string) => void;
};

export type ExecuteResult = Pick<IntentRow, "id" | "status" | "tx_hash" | "error_code" | "error_reason">;

/** A failure the caller can act on: the intent is final and the job must not retry. */
export class IntentFailed extends UnrecoverableError {
  constructor(
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

/**
 * The intent's transaction is broadcast and not mined yet, and a receipt tracker follows it: the job is to run again
 * in `retryInMs` (a delay, not a failed attempt).
 */
export class ReceiptPending extends Error {
  constructor(
    readonly hash: string,
    readonly retryInMs: number,
  ) {
    super(`no receipt yet for ${hash}; looking again in ${retryInMs} ms`);
  }
}

export async function executeIntent(deps: ExecuteDeps, intentId: string): Promise<ExecuteResult> {
  let intent = await beginAttempt(deps.db, deps.appSchema, intentId);
  if (!intent) throw new UnrecoverableError(`unknown intent ${intentId}`);
  // From here every log line of this job names the intent and the request that recorded it.
  logContext.enterWith({ ...(intent.request_id ? { requestId: intent.request_id } : {}), intentId: intent.id });
  if (isFinal(intent.status)) return summary(intent);
  const client = deps.clients.get(intent.chain_id);
  if (!client) return summary(await fail(deps, intent, "INVALID_PARAMETERS", `no RPC for chain ${intent.chain_id}`));

  if (intent.after_intent_id) {
    const before = await getIntent(deps.db, deps.appSchema, intent.after_intent_id);
    if (!before || !isFinal(before.status)) throw new Error(`waiting for intent ${intent.after_intent_id}`);
    if (before.status !== "confirmed") {
      return summary(
        await fail(deps, intent, "TRANSACTION_FAILED", `prerequisite intent ${before.id} ${before.status}`),
      );
    }
  }

  if (intent.status === "pending" && intent.kind === "approval") {
    const refused = await approvalWithoutTrade(deps, client, intent);
    if (refused) {
      await fail(deps, intent, refused.code, refused.reason);
      throw new IntentFailed(refused.code, refused.reason);
    }
  }
  if (intent.status === "pending") intent = await simulateAndSign(deps, client, intent);
  if (isFinal(intent.status)) return summary(intent);
  return summary(await broadcastAndTrack(deps, client, intent));
}

/**
 * Why an approval must not be sent: every trade waiting on it would revert after it (simulated together, approval
 * then trade, with eth_simulateV1), so its gas would buy nothing. Undefined when one of them would run, when none
 * waits on it yet, or when the node cannot simulate a sequence (the approval is then sent as before).
 */
async function approvalWithoutTrade(
  deps: ExecuteDeps,
  client: PublicClient,
  approval: IntentRow,
): Promise<{ code: ErrorCode; reason: string } | undefined> {
  const waiting = await pendingAfter(deps.db, deps.appSchema, approval.id);
  if (waiting.length === 0) return undefined;
  let refusal: { code: ErrorCode; reason: string } | undefined;
  for (const trade of waiting) {
    const simulated = await client
      .simulateCalls({
        account: approval.from_address,
        calls: [
          { to: approval.to_address, data: approval.data, value: BigInt(approval.value) },
          { to: trade.to_address, data: trade.data, value: BigInt(trade.value) },
        ],
      })
      .catch((error: unknown) => {
        deps.log?.(`intent ${approval.id}: could not simulate it with its trade (${errorText(error)}); sending it`);
        return undefined;
      });
    const outcome = simulated?.results[1];
    if (!outcome || outcome.status === "success") return undefined;
    const revert = revertReason(outcome.error, deps.errorAbi);
    refusal = {
      code: revert?.code ?? "TRANSACTION_FAILED",
      reason: `not sent: the trade after it would revert (${revert?.reason ?? errorText(outcome.error)})`,
    };
  }
  return refusal;
}

async function simulateAndSign(deps: ExecuteDeps, client: PublicClient, intent: IntentRow): Promise<IntentRow> {
  const request = {
    account: intent.from_address,
    to: intent.to_address,
    data: intent.data,
    value: BigInt(intent.value),
  } as const;
  // The simulation, the fees and the chain's nonce, asked for at once. The gas estimate is the simulation: it runs
  // the call and fails with the same revert data as eth_call would, so a separate eth_call runs only where the
  // intent names its gas limit (one EVM execution fewer per transaction on the node).
  const [simulated, feesRead, countRead] = await Promise.allSettled([
    intent.gas_limit
      ? client
          .call(request)
          .then(() => ({ needed: BigInt(intent.gas_limit as string), limit: BigInt(intent.gas_limit as string) }))
      : client.estimateGas(request).then((estimate) => ({ needed: estimate, limit: withGasMargin(estimate) })),
    feesPerGas(client),
    client.getTransactionCount({ address: intent.from_address, blockTag: "pending" }),
  ]);
  if (simulated.status === "rejected") {
    let revert = revertReason(simulated.reason, deps.errorAbi);
    if (revert && !intent.gas_limit && revertData(simulated.reason) === undefined) {
      // Some nodes answer a reverting gas estimate without the revert data: the call, made only then, says why.
      const estimated = revert;
      revert = await client.call(request).then(
        () => estimated,
        (error: unknown) => revertReason(error, deps.errorAbi) ?? estimated,
      );
    }
    if (revert) {
      await fail(deps, intent, revert.code, `simulation reverted: ${revert.reason}`);
      throw new IntentFailed(revert.code, `simulation reverted: ${revert.reason}`);
    }
  }
  for (const result of [simulated, feesRead, countRead]) {
    if (result.status === "rejected") throw result.reason; // the RPC itself failed: retry
  }
  const { needed, limit } = (simulated as PromiseFulfilledResult<{ needed: bigint; limit: bigint }>).value;
  const fees = withinBound((feesRead as PromiseFulfilledResult<Fees>).value, intent.max_fee_per_gas);
  // The spending cap counted this intent's gas at max_gas x max_fee_per_gas: it is never signed for more. The API
  // reserved the estimate of its block plus the gas margin; this block's estimate may be a little higher, and its
  // margin is then what is left of the reservation. Only an estimate beyond the reservation itself stops it.
  const reserved = intent.max_gas === null ? null : BigInt(intent.max_gas);
  if (reserved !== null && needed > reserved) {
    const reason = `not sent: it needs ${needed} gas, more than the ${reserved} reserved for it under the spending cap`;
    await fail(deps, intent, "TRANSACTION_FAILED", reason);
    throw new IntentFailed("TRANSACTION_FAILED", reason);
  }
  const gas = reserved !== null && limit > reserved ? reserved : limit;
  const chainCount = BigInt((countRead as PromiseFulfilledResult<number>).value);

  // The nonce allocated and the signed transaction stored in one database transaction: no nonce is ever skipped.
  const { intent: after, signed } = await signWithNextNonce(
    deps.db,
    deps.appSchema,
    intent,
    chainCount,
    async (nonce) => {
      const raw = await deps.signer.signTransaction(intent.wallet_index, {
        chainId: intent.chain_id,
        type: "eip1559",
        nonce: Number(nonce),
        to: intent.to_address,
        data: intent.data,
        value: BigInt(intent.value),
        gas,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      });
      return { raw, hash: keccak256(raw), gas };
    },
  );
  if (signed) deps.log?.(`intent ${intent.id}: signed nonce ${after.nonce} (${after.tx_hash})`);
  return after;
}

async function broadcastAndTrack(deps: ExecuteDeps, client: PublicClient, intent: IntentRow): Promise<IntentRow> {
  const hash = intent.tx_hash;
  const raw = intent.raw_tx;
  if (!hash || !raw) throw new Error(`intent ${intent.id} is ${intent.status} without a signed transaction`);
  // Signed and not known to be broadcast: sent now (a copy the node has, or one mined meanwhile, is answered with an
  // error the send tolerates). Broadcast before: its receipt may be there already.
  const existing =
    intent.status === "signed" ? undefined : await client.getTransactionReceipt({ hash }).catch(() => undefined);
  if (!existing) {
    try {
      const sender = deps.senders?.get(intent.chain_id) ?? client;
      await sender.request({ method: "eth_sendRawTransaction", params: [raw] });
    } catch (error) {
      const message = errorText(error);
      // The node has it already, or it was mined meanwhile: both are fine, the receipt decides.
      if (!/already known|known transaction|nonce too low|already imported/i.test(message)) throw error;
    }
    if (intent.status === "signed") await markBroadcast(deps.db, deps.appSchema, intent.id);
  }
  // Mined at once on an automining node; otherwise waited for, or left to the receipt tracker.
  const timeoutMs = deps.receiptTimeoutMs ?? 15_000;
  const receipt =
    existing ??
    (await client.getTransactionReceipt({ hash }).catch(() => undefined)) ??
    (deps.trackReceipts
      ? undefined
      : await client
          .waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 100 })
          .catch(() => undefined));
  // viem follows a replacement (same sender and nonce) and hands back the other transaction's receipt: that one is
  // not ours, whatever it did.
  if (receipt && receipt.transactionHash.toLowerCase() !== hash.toLowerCase()) {
    const reason = `dropped or replaced: nonce ${intent.nonce} was used by another transaction (${receipt.transactionHash})`;
    await fail(deps, intent, "TRANSACTION_FAILED", reason);
    throw new IntentFailed("TRANSACTION_FAILED", reason);
  }
  if (!receipt) {
    // Sent just now: the tracker has it; whether another transaction took the nonce is asked when the job wakes.
    if (deps.trackReceipts && intent.status === "signed") throw new ReceiptPending(hash, timeoutMs);
    const mined = BigInt(await client.getTransactionCount({ address: intent.from_address, blockTag: "latest" }));
    if (intent.nonce !== null && mined > BigInt(intent.nonce)) {
      const again = await client.getTransactionReceipt({ hash }).catch(() => undefined);
      if (!again) {
        const reason = `dropped or replaced: nonce ${intent.nonce} was used by another transaction`;
        await fail(deps, intent, "TRANSACTION_FAILED", reason);
        throw new IntentFailed("TRANSACTION_FAILED", reason);
      }
      return settle(deps, client, intent, again);
    }
    if (deps.trackReceipts) throw new ReceiptPending(hash, timeoutMs);
    throw new Error(`no receipt yet for ${hash}; rebroadcasting on retry`);
  }
  return settle(deps, client, intent, receipt);
}

/**
 * Records `receipt` as the intent's outcome: confirmed, or reverted with the reason replayed. Only while the intent is
 * open (its job and the receipt tracker may both get here; the first records it), unless `moved`: a reorg moved a
 * settled intent's transaction to another block (./finality.ts).
 */
export async function settle(
  deps: ExecuteDeps,
  client: PublicClient,
  intent: IntentRow,
  receipt: {
    status: "success" | "reverted";
    blockNumber: bigint;
    blockHash: `0x${string}`;
    gasUsed: bigint;
    effectiveGasPrice?: bigint;
  },
  moved = false,
): Promise<IntentRow> {
  let reason: string | null = null;
  if (receipt.status === "reverted") {
    // Replay the call to learn why: first on the state the block left (a transaction earlier in the same block,
    // such as a front-run, is what usually made it revert, and the reverted one changed nothing), then on the
    // state before the block.
    reason = "reverted on chain";
    for (const blockNumber of [receipt.blockNumber, receipt.blockNumber - 1n]) {
      try {
        await client.call({
          account: intent.from_address,
          to: intent.to_address,
          data: intent.data,
          value: BigInt(intent.value),
          blockNumber,
        });
      } catch (error) {
        reason = `reverted on chain: ${revertReason(error, deps.errorAbi)?.reason ?? "unknown reason"}`;
        break;
      }
    }
  }
  const status = receipt.status === "success" ? "confirmed" : "reverted";
  const settled = await recordOutcome(
    deps.db,
    deps.appSchema,
    intent.id,
    {
      status,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      gasUsed: receipt.gasUsed,
      effectiveGasPrice: receipt.effectiveGasPrice,
      errorReason: reason,
    },
    moved,
  );
  if (!settled) return (await getIntent(deps.db, deps.appSchema, intent.id)) ?? intent;
  deps.log?.(`intent ${intent.id}: ${status} in block ${receipt.blockNumber}`);
  return settled;
}

async function fail(deps: ExecuteDeps, intent: IntentRow, code: ErrorCode, reason: string): Promise<IntentRow> {
  const failed = await failIntent(deps.db, deps.appSchema, intent.id, code, reason);
  deps.log?.(`intent ${intent.id}: failed (${code}) ${reason}`);
  return failed ?? (await getIntent(deps.db, deps.appSchema, intent.id)) ?? intent;
}

type Fees = { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };

/**
 * `fees` within the intent's max fee per gas (reserved under the spending cap): a transaction signed for less waits
 * for a base fee under it, and never costs more than was counted.
 */
function withinBound(fees: Fees, bound: string | null): Fees {
  if (bound === null) return fees;
  const max = BigInt(bound);
  if (fees.maxFeePerGas <= max) return fees;
  return { maxFeePerGas: max, maxPriorityFeePerGas: fees.maxPriorityFeePerGas < max ? fees.maxPriorityFeePerGas : max };
}

/** How long the fees read from a chain are reused, ms: they move once a block, and maxFeePerGas has headroom. */
const FEES_TTL_MS = 1_000;
const feesCache = new WeakMap<PublicClient, { at: number; fees: Promise<Fees> }>();

/** The chain's EIP-1559 fees, read at most once a second per client (concurrent callers share the read). */
function feesPerGas(client: PublicClient): Promise<Fees> {
  const cached = feesCache.get(client);
  if (cached && Date.now() - cached.at < FEES_TTL_MS) return cached.fees;
  const fees = client.estimateFeesPerGas() as Promise<Fees>;
  feesCache.set(client, { at: Date.now(), fees });
  fees.catch(() => {
    if (feesCache.get(client)?.fees === fees) feesCache.delete(client);
  });
  return fees;
}

const summary = (i: IntentRow): ExecuteResult => ({
  id: i.id,
  status: i.status,
  tx_hash: i.tx_hash,
  error_code: i.error_code,
  error_reason: i.error_reason,
});
