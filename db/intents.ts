/**
 * Intents in Postgres: creating one (idempotently, by key), reading it, and moving it between states. Redis only
 * dispatches; this table is the record.
 */
import type { Queue } from "bullmq";
import type pg from "pg";
import { type ExecuteJob, executeJobSchema } from "../core/jobs.js";
import { logContext } from "../core/log.js";

export const finalStatuses = ["confirmed", "reverted", "failed"] as const;
export type IntentStatus = "pending" | "signed" | "broadcast" | (typeof finalStatuses)[number];

export type IntentRow = {
  id: string;
  idempotency_key: string;
  user_id: string | null;
  kind: string;
  chain_slug: string;
  chain_id: number;
  wallet_index: number;
  from_address: `0x${string}`;
  to_address: `0x${string}`;
  data: `0x${string}`;
  value: string;
  after_intent_id: string | null;
  status: IntentStatus;
  nonce: string | null;
  gas_limit: string | null;
  raw_tx: `0x${string}` | null;
  tx_hash: `0x${string}` | null;
  block_number: string | null;
  /** The block the transaction was confirmed (or reverted) in; checked again until final (worker/processors/finality.ts). */
  block_hash: `0x${string}` | null;
  /** How often a reorg dropped or moved the intent's transaction after it was recorded as mined. */
  reorg_count: number;
  gas_used: string | null;
  error_code: string | null;
  error_reason: string | null;
  attempts: number;
  /** The id of the API request that recorded it (core/log.ts). */
  request_id: string | null;
  /** The most gas, and wei per gas, it may be signed for (null: recorded before the cap counted gas). */
  max_gas: string | null;
  max_fee_per_gas: string | null;
  created_at: Date;
  updated_at: Date;
};

export type CreateIntentParameters = {
  idempotencyKey: string;
  userId: string | null;
  kind: "create_token" | "trade" | "approval" | "transaction" | "claim_fees";
  chainSlug: string;
  chainId: number;
  walletIndex: number;
  from: `0x${string}`;
  to: `0x${string}`;
  data?: `0x${string}`;
  /** Wei. */
  value?: bigint;
  gasLimit?: bigint;
  /** The most gas, and the most per gas, the worker may sign it for (the spending cap reserved them). */
  maxGas?: bigint;
  maxFeePerGas?: bigint;
  afterIntentId?: string;
};

export const isFinal = (status: IntentStatus) => (finalStatuses as readonly string[]).includes(status);

/** Insert an intent, or return the existing one with the same idempotency key. */
export async function createIntent(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  p: CreateIntentParameters,
): Promise<{ intent: IntentRow; created: boolean }> {
  const inserted = await db.query<IntentRow>(
    `INSERT INTO ${schema}.intents
       (idempotency_key, user_id, kind, chain_slug, chain_id, wallet_index, from_address, to_address, data, value,
        gas_limit, after_intent_id, request_id, max_gas, max_fee_per_gas)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING *`,
    [
      p.idempotencyKey,
      p.userId,
      p.kind,
      p.chainSlug,
      p.chainId,
      p.walletIndex,
      p.from.toLowerCase(),
      p.to.toLowerCase(),
      p.data ?? "0x",
      (p.value ?? 0n).toString(),
      p.gasLimit?.toString() ?? null,
      p.afterIntentId ?? null,
      logContext.getStore()?.requestId ?? null,
      p.maxGas?.toString() ?? null,
      p.maxFeePerGas?.toString() ?? null,
    ],
  );
  if (inserted.rows[0]) return { intent: inserted.rows[0], created: true };
  const existing = await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE idempotency_key = $1`, [
    p.idempotencyKey,
  ]);
  const row = existing.rows[0];
  if (!row) throw new Error(`intent ${p.idempotencyKey} vanished`);
  return { intent: row, created: false };
}

export async function getIntent(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  id: string,
): Promise<IntentRow | undefined> {
  return (await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE id = $1`, [id])).rows[0];
}

/** Dispatch an intent. The job id is the intent id, so a job already queued is not queued twice. */
export async function dispatchIntent(queue: Queue, intentId: string) {
  const data: ExecuteJob = executeJobSchema.parse({ intentId });
  await queue.add("execute", data, {
    jobId: intentId,
    attempts: 12,
    backoff: { type: "exponential", delay: 250 },
    removeOnComplete: { count: 5_000 },
    removeOnFail: { count: 5_000 },
  });
}

/**
 * The pending intents that wait on intent $1, once it is final. Run for every settled intent: the partial index on
 * after_intent_id (migration 023) keeps it an index probe however many intents the table holds.
 */
export const dependentsSql = (schema: string) =>
  `SELECT d.id FROM ${schema}.intents d JOIN ${schema}.intents p ON p.id = d.after_intent_id
    WHERE d.after_intent_id = $1 AND d.status = 'pending' AND p.status IN ('confirmed', 'reverted', 'failed')`;

/**
 * Wake the intents that wait on `intentId` (an approval before its trade) once it is final: a waiting job backs
 * off exponentially, so its delayed job is promoted to run now, and a dependent whose job Redis lost is dispatched.
 * A dependent of a prerequisite that failed runs too: it then fails at once with the prerequisite's state.
 */
export async function releaseDependents(db: pg.Pool, schema: string, queue: Queue, intentId: string): Promise<void> {
  const { rows } = await db.query<{ id: string }>(dependentsSql(schema), [intentId]);
  for (const row of rows) {
    const job = await queue.getJob(row.id);
    if (!job) await dispatchIntent(queue, row.id);
    // The job may have moved on meanwhile (active, or done): promoting is then a no-op that throws.
    else if (await job.isDelayed()) await job.promote().catch(() => undefined);
  }
}

/**
 * Re-dispatch every intent that is open in Postgres. Jobs still in Redis are deduplicated by their id, so this
 * only adds the ones Redis lost (a flush, a restart without persistence), or whose job gave up. Returns how many
 * were open and how many of them were dispatched again.
 */
export async function reconcileIntents(
  db: pg.Pool,
  schema: string,
  queue: Queue,
): Promise<{ open: number; dispatched: number }> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${schema}.intents WHERE status IN ('pending', 'signed', 'broadcast') ORDER BY created_at`,
  );
  let dispatched = 0;
  for (const row of rows) {
    const job = await queue.getJob(row.id);
    if (job) {
      const state = await job.getState();
      // A job that gave up (or ended) while its intent is still open must run again.
      if (state === "failed" || state === "completed") await job.remove();
      else continue;
    }
    await dispatchIntent(queue, row.id);
    dispatched++;
  }
  return { open: rows.length, dispatched };
}
