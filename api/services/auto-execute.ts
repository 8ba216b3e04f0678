/**
 * Executing transactions for a user with the custodial wallet on record: autoExecute of trade-token and
 * create-token-transaction, execute-transaction and get-intent-status.
 *
 * The API never signs. It records intents in Postgres (db/intents.ts), dispatches them to the worker's execute
 * queue, and waits for the final state by polling the intent row (one indexed SELECT per INTENT_POLL_MS).
 *
 * Decisions:
 * - Steps: a trade that needs a USDC allowance is two intents, the approval and then the trade with
 *   `after_intent_id` = the approval; the worker runs the trade only once the approval is confirmed.
 * - Idempotency: the key is the request's `idempotencyKey` or a fresh uuid. It is scoped per user and per step
 *   (`<userId>:<key>:<step>`), so two users' keys never meet. A reused key executes nothing new: it answers the
 *   first request's intent (waiting for it again), without re-reading the body.
 * - Waiting: up to AUTO_EXECUTE_WAIT_MS (10 s). Confirmed in time: `executed: true` with the transaction hash.
 *   Not final in time: `executed: false`, the intent id and its status (pending, signed or broadcast); the client
 *   polls get-intent-status. Reverted or failed: "<CODE>: <decoded reason> (intent <id>)", CODE being
 *   INSUFFICIENT_BALANCE (the wallet lacks USDC, tokens or ether) or TRANSACTION_FAILED (any other revert); 400,
 *   except where the market moved under a trade (its slippage bound or deadline, core/reverts.ts marketMoved): that
 *   is a failure a retry may cure, 409 with Retry-After and `retryable` in the intent's view.
 * - The sender is always the wallet on record: a `userAddress` that differs is rejected, never signed for.
 */

import { randomUUID } from "node:crypto";
import type { Address, Hex } from "viem";
import { AppError, type ErrorCode, errorCodes } from "../../core/errors.js";
import { AUTO_EXECUTE_WAIT_MS, withGasMargin } from "../../core/limits.js";
import { errorAbi, marketMoved, revertReason } from "../../core/reverts.js";
import { publicClientFor } from "../../core/rpc.js";
import {
  type CreateIntentParameters,
  createIntent,
  dispatchIntent,
  getIntent,
  getUserIntent,
  type IntentRow,
  intentsByIds,
  intentsByKeys,
  isFinal,
  openIntentSending,
} from "../../db/intents.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { attachSpend, checkDestination, reserveGas, reserveSpend } from "./spending.js";

/** Interval between reads of the intent row while waiting, in ms. */
export const INTENT_POLL_MS = 100;

export type Step = {
  /** Names the step inside the idempotency key: "approval", "trade", "create", "transaction". */
  name: string;
  kind: CreateIntentParameters["kind"];
  to: Address;
  data: Hex;
  /** Wei. */
  value?: bigint;
  /**
   * A step any of the wallet's requests may share (the custodial approval): when the wallet has one like it still
   * open on the chain, the next step waits on that one instead of a new copy; when it has none open, `needed` is
   * asked again (an approval mined since the request read the allowance makes the step needless) and the step is
   * left out when it answers false. Both under the user's lock, so no two requests decide at once.
   */
  shared?: { needed(): Promise<boolean> };
  /**
   * The most gas it may use: the intent's max_gas, which the worker never signs past and the spending cap counts.
   * Without it: eth_estimateGas plus the gas margin (core/limits.ts) for a first step, else GAS_BOUND_WITHOUT_ESTIMATE.
   */
  gas?: bigint;
};

/**
 * The gas bound of a step that names none and cannot be estimated now (it reverts now, or waits on a step before it):
 * the worker simulates it before signing, so one that reverts is never sent, and one that needs more fails unsent.
 */
export const GAS_BOUND_WITHOUT_ESTIMATE = 500_000n;

/** How long the fees read from a chain are reused for the gas bound, ms. */
const FEES_TTL_MS = 2_000;
/** By RPC URL: the chain's fees, read at most once per FEES_TTL_MS. */
const feesOfChain = new Map<string, { at: number; fees: Promise<bigint> }>();

/**
 * The most the steps' intents may pay per gas on `chainSlug`: the chain's maxFeePerGas now (viem: 1.2 x the base fee
 * plus the priority fee), which the worker signs within. An RPC that does not answer is a 503: nothing can be priced.
 */
async function maxFeePerGasOf(deps: ApiDeps, chainSlug: string): Promise<bigint> {
  const rpcUrl = deps.rpcUrls.get(chainSlug) ?? "";
  const cached = feesOfChain.get(rpcUrl);
  if (cached && Date.now() - cached.at < FEES_TTL_MS) return cached.fees;
  const fees = (async () => {
    if (!rpcUrl) throw new Error(`no RPC for ${chainSlug}`);
    return (await clientOf(rpcUrl).estimateFeesPerGas()).maxFeePerGas;
  })();
  feesOfChain.set(rpcUrl, { at: Date.now(), fees });
  return fees.catch((error: unknown) => {
    feesOfChain.delete(rpcUrl);
    throw new AppError("NETWORK_ERROR", "Could not read the chain's gas price: its RPC did not answer; try again", {
      status: 503,
      cause: error,
      details: { retryAfterSeconds: 2 },
    });
  });
}

/** Each step's gas bound (Step.gas), estimating a first step that names none. */
async function gasBoundsOf(deps: ApiDeps, user: AuthedUser, chainSlug: string, steps: Step[]): Promise<bigint[]> {
  const rpcUrl = deps.rpcUrls.get(chainSlug);
  return Promise.all(
    steps.map(async (step, i) => {
      if (step.gas !== undefined) return step.gas;
      if (i > 0 || !rpcUrl) return GAS_BOUND_WITHOUT_ESTIMATE;
      return clientOf(rpcUrl)
        .estimateGas({ account: user.walletAddress, to: step.to, data: step.data, value: step.value ?? 0n })
        .then(withGasMargin, () => GAS_BOUND_WITHOUT_ESTIMATE);
    }),
  );
}

const clientOf = publicClientFor;

/** autoExecute signs with the wallet on record only: a userAddress that is another address is a 400. */
export function requireWalletOnRecord(user: AuthedUser, userAddress: string | undefined): void {
  if (userAddress !== undefined && userAddress.toLowerCase() !== user.walletAddress.toLowerCase()) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `userAddress must be the wallet on record (${user.walletAddress}) when autoExecute is true`,
    );
  }
}

function queueOf(deps: ApiDeps) {
  if (!deps.executeQueue) {
    throw new AppError("INTERNAL", "Automatic execution is not available on this server", { status: 503 });
  }
  return deps.executeQueue;
}

const stepKey = (user: AuthedUser, key: string, step: string) => `${user.id}:${key}:${step}`;

/** The name of a step's `attempt`-th attempt under one key (0: the step's own name; a trade quoted again: trade#2). */
export const attemptStep = (step: string, attempt: number) => (attempt === 0 ? step : `${step}#${attempt + 1}`);

/** The newest attempt at `step` a user's request made under `key` (of the first `max`), and its number. */
export async function findLatestAttempt(
  deps: ApiDeps,
  user: AuthedUser,
  key: string,
  step: string,
  max: number,
): Promise<{ row: IntentRow; attempt: number } | undefined> {
  const keys = Array.from({ length: max }, (_, i) => stepKey(user, key, attemptStep(step, i)));
  const rows = await intentsByKeys(deps.db, deps.config.appSchema, keys);
  let latest: { row: IntentRow; attempt: number } | undefined;
  for (const row of rows) {
    const attempt = keys.indexOf(row.idempotency_key);
    if (!latest || attempt > latest.attempt) latest = { row, attempt };
  }
  return latest;
}

/** The intent a user's request made under `key` for `step`, if the key was used before. */
export async function findIntentByKey(
  deps: ApiDeps,
  user: AuthedUser,
  key: string,
  step: string,
): Promise<IntentRow | undefined> {
  return (await findLatestAttempt(deps, user, key, step, 1))?.row;
}

/** The intent chain ending in `last` (its prerequisites first). */
async function chainOf(deps: ApiDeps, last: IntentRow): Promise<IntentRow[]> {
  const out = [last];
  let cur = last;
  while (cur.after_intent_id) {
    const before = await getIntent(deps.db, deps.config.appSchema, cur.after_intent_id);
    if (!before) break;
    cur = before;
    out.unshift(cur);
  }
  return out;
}

/**
 * Record `steps` as one chain of intents (each after the previous), in one database transaction, and dispatch
 * every one still open. Idempotent by (user, key, step). Every execution from a custodial wallet passes here, so
 * here the spending policy prices the steps and reserves their spend in the same transaction
 * (api/services/spending.ts): refused or over a cap, nothing is recorded.
 */
export async function submitSteps(
  deps: ApiDeps,
  user: AuthedUser,
  p: { chainSlug: string; chainId: number; key: string; steps: Step[] },
): Promise<IntentRow[]> {
  // Read before the transaction opens: no connection waits on the chain.
  const [gas, maxFeePerGas] = await Promise.all([
    gasBoundsOf(deps, user, p.chainSlug, p.steps),
    maxFeePerGasOf(deps, p.chainSlug),
  ]);
  const conn = await deps.db.connect();
  const rows: IntentRow[] = [];
  let queue: ReturnType<typeof queueOf>;
  try {
    await conn.query("BEGIN");
    const reserved = await reserveSpend(deps, conn, user, {
      chainSlug: p.chainSlug,
      steps: p.steps.map((step, i) => ({ ...step, gas: gas[i] })),
      tool: p.steps[p.steps.length - 1]?.kind ?? "transaction",
      maxFeePerGas,
    });
    // The policy answers first (refused, over a cap), then whether this server executes at all.
    queue = queueOf(deps);
    let created = false;
    for (const [i, step] of p.steps.entries()) {
      // reserveSpend holds the user's lock: no other request of this wallet decides meanwhile.
      if (step.shared && rows.length === 0) {
        const open = await openIntentSending(conn, deps.config.appSchema, {
          from: user.walletAddress,
          chainId: p.chainId,
          kind: step.kind,
          to: step.to,
          data: step.data,
        });
        if (open) {
          rows.push(open);
          continue;
        }
        if (!(await step.shared.needed())) continue;
      }
      const { intent, created: fresh } = await createIntent(conn, deps.config.appSchema, {
        idempotencyKey: stepKey(user, p.key, step.name),
        userId: user.id,
        kind: step.kind,
        chainSlug: p.chainSlug,
        chainId: p.chainId,
        walletIndex: user.walletIndex,
        from: user.walletAddress,
        to: step.to,
        data: step.data,
        value: step.value ?? 0n,
        maxGas: gas[i] ?? GAS_BOUND_WITHOUT_ESTIMATE,
        maxFeePerGas,
        ...(rows.length > 0 ? { afterIntentId: rows[rows.length - 1]?.id } : {}),
      });
      rows.push(intent);
      if (fresh) await reserveGas(deps, conn, user, intent.id, reserved.gasUsdc[i] ?? 0n);
      created ||= fresh;
    }
    const last = rows[rows.length - 1];
    if (created && last) await attachSpend(deps, conn, reserved.valueId, last.id);
    // Nothing new: a concurrent request with the same key made these intents first, and its reservation pays.
    await conn.query(created ? "COMMIT" : "ROLLBACK");
  } catch (error) {
    await conn.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    conn.release();
  }
  await dispatchOpen(queue, rows);
  return rows;
}

async function dispatchOpen(queue: NonNullable<ApiDeps["executeQueue"]>, rows: IntentRow[]) {
  try {
    for (const row of rows) if (!isFinal(row.status)) await dispatchIntent(queue, row.id);
  } catch (error) {
    throw new AppError(
      "NETWORK_ERROR",
      "Could not queue the transaction for execution: retry with the same idempotencyKey",
      { cause: error, status: 503 },
    );
  }
}

/** Poll the chain's rows until its last intent is final or `waitMs` passes; returns the rows as last read. */
async function awaitFinal(deps: ApiDeps, rows: IntentRow[], waitMs: number): Promise<IntentRow[]> {
  const ids = rows.map((r) => r.id);
  const deadline = Date.now() + waitMs;
  let current = rows;
  for (;;) {
    const last = current[current.length - 1];
    if (!last || isFinal(last.status) || Date.now() >= deadline) return current;
    await new Promise((r) => setTimeout(r, INTENT_POLL_MS));
    const fresh = await intentsByIds(deps.db, deps.config.appSchema, ids);
    current = ids.map((id) => fresh.find((r) => r.id === id) ?? (current.find((r) => r.id === id) as IntentRow));
  }
}

const toCode = (code: string | null): ErrorCode =>
  (errorCodes as readonly string[]).includes(code ?? "") ? (code as ErrorCode) : "TRANSACTION_FAILED";

/** The JSON form of an intent (get-intent-status, and the `intents` of an executing response). */
export function intentView(r: IntentRow) {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status,
    chainSlug: r.chain_slug,
    chainId: r.chain_id,
    from: r.from_address,
    to: r.to_address,
    value: r.value,
    afterIntentId: r.after_intent_id,
    transactionHash: r.tx_hash,
    blockNumber: r.block_number === null ? null : Number(r.block_number),
    gasUsed: r.gas_used,
    errorCode: r.error_code,
    errorReason: r.error_reason,
    /** Failed or reverted because the market moved under it: the same trade sent again may run. */
    retryable: (r.status === "failed" || r.status === "reverted") && marketMoved(r.error_reason),
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}
export type IntentView = ReturnType<typeof intentView>;

export type ExecutionResult = {
  executed: boolean;
  transactionHash: string | null;
  intentId: string;
  status: IntentRow["status"];
  intents: IntentView[];
};

/** Seconds a client is told to wait (Retry-After) before sending again a trade the market moved under. */
const MARKET_MOVED_RETRY_AFTER_SECONDS = 1;

/**
 * Wait for the chain of intents (up to `waitMs`, default the server's autoExecute wait) and answer: executed
 * (confirmed in time), still running (executed false, with the status), or throw the failure of the first intent
 * that failed, as "<CODE>: <reason>": 409 with `details.retryable` where the market moved under it, else its code's
 * status. `details.transactionHash` null: nothing of it was sent.
 */
export async function settleExecution(deps: ApiDeps, rows: IntentRow[], waitMs?: number): Promise<ExecutionResult> {
  const done = await awaitFinal(deps, rows, Math.max(0, waitMs ?? deps.autoExecuteWaitMs ?? AUTO_EXECUTE_WAIT_MS));
  const last = done[done.length - 1];
  if (!last) throw new Error("no intent to settle");
  // A failed prerequisite is the cause; the trade after it only says "prerequisite … failed".
  const failed = done.find((r) => r.status === "failed" || r.status === "reverted");
  if (failed && (isFinal(last.status) || failed !== last)) {
    const code = toCode(failed.error_code);
    const reason = failed.error_reason ?? `transaction ${failed.status}`;
    const details = {
      intentId: last.id,
      failedIntentId: failed.id,
      status: failed.status,
      transactionHash: failed.tx_hash,
    };
    const retryable = marketMoved(failed.error_reason);
    throw new AppError(code, `${code}: ${reason} (intent ${failed.id})`, {
      ...(retryable ? { status: 409, retryable } : {}),
      details: retryable ? { ...details, retryable, retryAfterSeconds: MARKET_MOVED_RETRY_AFTER_SECONDS } : details,
    });
  }
  return {
    executed: last.status === "confirmed",
    transactionHash: last.tx_hash,
    intentId: last.id,
    status: last.status,
    intents: done.map(intentView),
  };
}

/** A reused idempotency key: dispatch what is still open (Redis may have lost it) and settle it again. */
export async function replayExecution(deps: ApiDeps, last: IntentRow): Promise<ExecutionResult> {
  const rows = await chainOf(deps, last);
  await dispatchOpen(queueOf(deps), rows);
  return settleExecution(deps, rows);
}

export const newIdempotencyKey = (given: string | undefined) => given ?? randomUUID();

/** get-intent-status: one of the user's own intents; any other id is "Intent not found". */
export async function getIntentStatus(deps: ApiDeps, user: AuthedUser, intentId: string) {
  const row = await getUserIntent(deps.db, deps.config.appSchema, intentId, user.id);
  if (!row) throw new AppError("NOT_FOUND", "Intent not found");
  return intentView(row);
}

export type ExecuteTransactionInput = {
  to: string;
  /** Wei, decimal string. */
  amount: string;
  chainSlug: string;
  data?: string;
  dryRun?: boolean;
  idempotencyKey?: string;
};

/**
 * execute-transaction: a raw transaction (to, value in wei, calldata) from the user's custodial wallet. With
 * dryRun it is simulated only (eth_call and eth_estimateGas from the wallet, on the latest block) and the answer
 * says what would happen; otherwise it is executed like autoExecute.
 */
export async function executeTransaction(deps: ApiDeps, user: AuthedUser, body: ExecuteTransactionInput) {
  const deployment = deps.deployments.get(body.chainSlug);
  const rpcUrl = deps.rpcUrls.get(body.chainSlug);
  if (!deployment || !rpcUrl) {
    throw new AppError("INVALID_PARAMETERS", `Transactions are not available on chain ${body.chainSlug}`);
  }
  const value = BigInt(body.amount);
  if (value >= 1n << 256n) throw new AppError("INVALID_PARAMETERS", "Invalid amount: too large");
  const to = body.to as Address;
  const data = (body.data ?? "0x") as Hex;
  await checkDestination(deps, user, to);
  const transaction = { from: user.walletAddress, to, value: value.toString(), data, chain: deployment.chainSlug };

  if (body.dryRun) {
    const client = clientOf(rpcUrl);
    const request = { account: user.walletAddress, to, data, value };
    try {
      const call = await client.call(request);
      const gas = await client.estimateGas(request);
      return {
        executed: false,
        dryRun: true,
        transaction,
        simulation: {
          success: true,
          returnData: call.data ?? "0x",
          gasEstimate: gas.toString(),
          gasLimit: withGasMargin(gas).toString(),
          errorCode: null,
          reason: null,
        },
      };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const revert =
        revertReason(error, errorAbi) ??
        (/insufficient funds/i.test(text)
          ? { code: "INSUFFICIENT_BALANCE" as const, reason: "insufficient funds for the value and gas" }
          : undefined);
      if (!revert) {
        throw new AppError("NETWORK_ERROR", "Simulation failed: the chain's RPC did not answer", { cause: error });
      }
      return {
        executed: false,
        dryRun: true,
        transaction,
        simulation: {
          success: false,
          returnData: null,
          gasEstimate: null,
          gasLimit: null,
          errorCode: revert.code,
          reason: revert.reason,
        },
      };
    }
  }

  const key = newIdempotencyKey(body.idempotencyKey);
  const existing = await findIntentByKey(deps, user, key, "transaction");
  const execution = existing
    ? await replayExecution(deps, existing)
    : await settleExecution(
        deps,
        await submitSteps(deps, user, {
          chainSlug: deployment.chainSlug,
          chainId: deployment.chainId,
          key,
          steps: [{ name: "transaction", kind: "transaction", to, data, value }],
        }),
      );
  return { ...execution, dryRun: false, transaction };
}
