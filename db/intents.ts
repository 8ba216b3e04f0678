/**
 * Intents in Postgres: creating one (idempotently, by key), reading it, and moving it between states. Redis only
 * dispatches; this table is the record.
 */
import type { Queue } from "bullmq";
import type pg from "pg";
import { type ExecuteJob, executeJobSchema } from "../core/jobs.js";
import { logContext } from "../core/log.js";
import { inTransaction } from "./transaction.js";

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
  kind: "create_token" | "trade" | "approval" | "transaction" | "claim_fees" | "peer_connect" | "peer_deploy";
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

/** The intents recorded under any of `keys` (idempotency keys). */
export async function intentsByKeys(db: pg.Pool | pg.PoolClient, schema: string, keys: string[]): Promise<IntentRow[]> {
  return (await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE idempotency_key = ANY($1)`, [keys])).rows;
}

/** The intents of `ids`, in no particular order. */
export async function intentsByIds(db: pg.Pool | pg.PoolClient, schema: string, ids: string[]): Promise<IntentRow[]> {
  return (await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE id = ANY($1)`, [ids])).rows;
}

/** One of a user's own intents; undefined for anyone else's. */
export async function getUserIntent(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  id: string,
  userId: string,
): Promise<IntentRow | undefined> {
  return (await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE id = $1 AND user_id = $2`, [id, userId]))
    .rows[0];
}

/** A wallet's newest open intent that sends exactly this call (kind, target and data), if any. */
export async function openIntentSending(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  p: { from: `0x${string}`; chainId: number; kind: string; to: `0x${string}`; data: `0x${string}` },
): Promise<IntentRow | undefined> {
  const { rows } = await db.query<IntentRow>(
    `SELECT * FROM ${schema}.intents
      WHERE from_address = $1 AND chain_id = $2 AND kind = $3 AND to_address = $4 AND data = $5
        AND status IN ('pending', 'signed', 'broadcast')
      ORDER BY created_at DESC LIMIT 1`,
    [p.from.toLowerCase(), p.chainId, p.kind, p.to.toLowerCase(), p.data],
  );
  return rows[0];
}

/** How many intents are in each status (statuses with none are left out). */
export async function intentsByStatus(db: pg.Pool, schema: string): Promise<{ status: unknown; n: unknown }[]> {
  return (await db.query(`SELECT status, count(*)::int AS n FROM ${schema}.intents GROUP BY status`)).rows;
}

/** The intent that sent transaction `hash` on a chain, if any. */
export async function intentByTxHash(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  chainId: number,
  hash: string,
): Promise<IntentRow | undefined> {
  return (
    await db.query<IntentRow>(`SELECT * FROM ${schema}.intents WHERE chain_id = $1 AND lower(tx_hash) = lower($2)`, [
      chainId,
      hash,
    ])
  ).rows[0];
}

/**
 * The calldata of a wallet's trades ahead of a new one, oldest first: its open trade intents on the launchpad, and
 * those confirmed in blocks above `indexedBlock` (which the indexed state does not hold yet).
 */
export async function tradesAhead(
  db: pg.Pool | pg.PoolClient,
  schema: string,
  p: { chainId: number; wallet: `0x${string}`; launchpad: `0x${string}`; indexedBlock: bigint },
): Promise<`0x${string}`[]> {
  const { rows } = await db.query<{ data: `0x${string}` }>(
    `SELECT data FROM ${schema}.intents
      WHERE chain_id = $1 AND from_address = $2 AND kind = 'trade' AND to_address = $3
        AND (status IN ('pending', 'signed', 'broadcast') OR (status = 'confirmed' AND block_number > $4))
      ORDER BY created_at`,
    [p.chainId, p.wallet.toLowerCase(), p.launchpad.toLowerCase(), p.indexedBlock.toString()],
  );
  return rows.map((row) => row.data);
}

// ---------------------------------------------------------------------------------------------------------------
// An intent's states, and the only statements that move it between them (worker/processors/execute.ts runs them):
//
//   pending ──sign (nonce allocated in the same transaction)──▶ signed ──broadcast──▶ broadcast
//   signed | broadcast ──receipt──▶ confirmed | reverted       open ──fail──▶ failed
//   confirmed | reverted ──a reorg dropped its block──▶ broadcast (the same signed bytes are sent again)
// ---------------------------------------------------------------------------------------------------------------

/**
 * Counts an attempt at an open intent and reads it, in one statement; a final intent (a job waking after the
 * receipt tracker settled it) is read as it is. When the tracker settled the intent while the update waited for its
 * row, the statement's snapshot is the row before, still open: it is read again.
 */
export async function beginAttempt(db: pg.Pool, schema: string, id: string): Promise<IntentRow | undefined> {
  const { rows } = await db.query<IntentRow & { counted: boolean }>(
    `WITH open AS (
       UPDATE ${schema}.intents SET attempts = attempts + 1, updated_at = now()
        WHERE id = $1 AND status NOT IN ('confirmed', 'reverted', 'failed') RETURNING *)
     SELECT *, true AS counted FROM open
     UNION ALL
     SELECT *, false AS counted FROM ${schema}.intents WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM open)`,
    [id],
  );
  const read = rows[0];
  if (!read) return undefined;
  if (!read.counted && !isFinal(read.status)) return getIntent(db, schema, id);
  const { counted: _, ...intent } = read;
  return intent;
}

/** The pending intents that wait on intent `id` (the trades after an approval), oldest first. */
export async function pendingAfter(db: pg.Pool, schema: string, id: string): Promise<IntentRow[]> {
  return (
    await db.query<IntentRow>(
      `SELECT * FROM ${schema}.intents WHERE after_intent_id = $1 AND status = 'pending' ORDER BY created_at`,
      [id],
    )
  ).rows;
}

/**
 * pending → signed: allocates the wallet's next nonce and stores the transaction `sign` makes with it, in one
 * database transaction, so a crash before the commit leaves neither and no nonce is ever skipped. The wallet's
 * nonce row starts at `chainCount`, the chain's pending count, and follows it past transactions sent from the
 * wallet outside the service. `signed` is false when the intent was no longer pending (another worker signed it):
 * it is then returned as it is.
 */
export async function signWithNextNonce(
  db: pg.Pool,
  schema: string,
  intent: IntentRow,
  chainCount: bigint,
  sign: (nonce: bigint) => Promise<{ raw: `0x${string}`; hash: `0x${string}`; gas: bigint }>,
): Promise<{ intent: IntentRow; signed: boolean }> {
  const result = await inTransaction(db, async (conn) => {
    // Lock the intent while it is pending, and the wallet's nonce row (created at the chain's count on first use).
    const allocated = await conn.query<{ nonce: string | null; pending: boolean }>(
      `WITH locked AS (SELECT id FROM ${schema}.intents WHERE id = $1 AND status = 'pending' FOR UPDATE),
            nonce AS (
              INSERT INTO ${schema}.wallet_nonces (chain_id, address, next_nonce) SELECT $2, $3, $4 FROM locked
              ON CONFLICT (chain_id, address)
                DO UPDATE SET next_nonce = GREATEST(${schema}.wallet_nonces.next_nonce, EXCLUDED.next_nonce)
              RETURNING next_nonce)
       SELECT (SELECT next_nonce::text FROM nonce) AS nonce, EXISTS (SELECT 1 FROM locked) AS pending`,
      [intent.id, intent.chain_id, intent.from_address, chainCount.toString()],
    );
    const state = allocated.rows[0];
    if (!state?.pending || state.nonce === null) return undefined;
    const nonce = BigInt(state.nonce);
    const { raw, hash, gas } = await sign(nonce);
    const updated = await conn.query<IntentRow>(
      `WITH next AS (UPDATE ${schema}.wallet_nonces SET next_nonce = $6 WHERE chain_id = $7 AND address = $8)
       UPDATE ${schema}.intents SET status = 'signed', nonce = $2, gas_limit = $3, raw_tx = $4, tx_hash = $5, updated_at = now()
        WHERE id = $1 RETURNING *`,
      [
        intent.id,
        nonce.toString(),
        gas.toString(),
        raw,
        hash,
        (nonce + 1n).toString(),
        intent.chain_id,
        intent.from_address,
      ],
    );
    const signed = updated.rows[0];
    if (!signed) throw new Error("signed intent vanished");
    return signed;
  });
  if (result) return { intent: result, signed: true };
  return { intent: (await getIntent(db, schema, intent.id)) ?? intent, signed: false };
}

/** signed → broadcast. */
export async function markBroadcast(db: pg.Pool, schema: string, id: string): Promise<void> {
  await db.query(
    `UPDATE ${schema}.intents SET status = 'broadcast', updated_at = now() WHERE id = $1 AND status = 'signed'`,
    [id],
  );
}

export type IntentOutcome = {
  status: "confirmed" | "reverted";
  blockNumber: bigint;
  blockHash: `0x${string}`;
  gasUsed: bigint;
  /** Wei per gas the transaction paid; the gas's spend is priced with it. */
  effectiveGasPrice?: bigint | undefined;
  /** Why it reverted (null when confirmed). */
  errorReason: string | null;
};

/**
 * signed | broadcast → confirmed | reverted: the receipt's outcome. Only while the intent is open (its job and the
 * receipt tracker may both get here; the first records it), unless `moved`: a reorg moved a settled intent's
 * transaction to another block. The intent's gas in the spending ledger becomes what it cost (gas used × effective
 * price, at the reservation's price of the native coin, rounded up), in the same statement. Undefined when another
 * caller recorded it first.
 */
export async function recordOutcome(
  db: pg.Pool,
  schema: string,
  id: string,
  o: IntentOutcome,
  moved = false,
): Promise<IntentRow | undefined> {
  const { rows } = await db.query<IntentRow>(
    `WITH settled AS (
       UPDATE ${schema}.intents
          SET status = $2, block_number = $3, gas_used = $4, error_code = $5, error_reason = $6, block_hash = $7,
              updated_at = now()
        WHERE id = $1 AND ($8::boolean OR status IN ('signed', 'broadcast')) RETURNING *),
     cost AS (
       UPDATE ${schema}.spend m
          SET amount_usdc = div($4::numeric * $9::numeric * m.native_usd_price + 999999999999999999, 1000000000000000000)
        WHERE m.intent_id = $1 AND m.kind = 'gas' AND $9::numeric IS NOT NULL AND EXISTS (SELECT 1 FROM settled))
     SELECT * FROM settled`,
    [
      id,
      o.status,
      o.blockNumber.toString(),
      o.gasUsed.toString(),
      o.status === "reverted" ? "TRANSACTION_FAILED" : null,
      o.errorReason,
      o.blockHash,
      moved,
      o.effectiveGasPrice?.toString() ?? null,
    ],
  );
  return rows[0];
}

/** open → failed, with its error code and reason. Undefined when the intent was final already. */
export async function failIntent(
  db: pg.Pool,
  schema: string,
  id: string,
  code: string,
  reason: string,
): Promise<IntentRow | undefined> {
  const { rows } = await db.query<IntentRow>(
    `UPDATE ${schema}.intents SET status = 'failed', error_code = $2, error_reason = $3, updated_at = now()
      WHERE id = $1 AND status NOT IN ('confirmed', 'reverted', 'failed') RETURNING *`,
    [id, code, reason],
  );
  return rows[0];
}

/** Up to `limit` broadcast intents of a chain, longest waiting first (the receipt tracker's pass). */
export async function broadcastOn(db: pg.Pool, schema: string, chainId: number, limit: number): Promise<IntentRow[]> {
  return (
    await db.query<IntentRow>(
      `SELECT * FROM ${schema}.intents
        WHERE status = 'broadcast' AND chain_id = $1 AND tx_hash IS NOT NULL ORDER BY updated_at LIMIT $2`,
      [chainId, limit],
    )
  ).rows;
}

/** The settled intents of a chain mined above `block` (not final yet: a reorg may still move or drop them). */
export async function minedAbove(db: pg.Pool, schema: string, chainId: number, block: bigint): Promise<IntentRow[]> {
  return (
    await db.query<IntentRow>(
      `SELECT * FROM ${schema}.intents
        WHERE chain_id = $1 AND status IN ('confirmed', 'reverted') AND tx_hash IS NOT NULL AND block_number > $2
        ORDER BY nonce`,
      [chainId, block.toString()],
    )
  ).rows;
}

/** Records the block hash of an intent settled before block hashes were recorded. */
export async function recordBlockHash(db: pg.Pool, schema: string, id: string, blockHash: string): Promise<void> {
  await db.query(`UPDATE ${schema}.intents SET block_hash = $2 WHERE id = $1 AND block_hash IS NULL`, [id, blockHash]);
}

/** A reorg moved the intent's transaction to another block: counted (its new outcome is recorded by recordOutcome). */
export async function countReorg(db: pg.Pool, schema: string, id: string): Promise<void> {
  await db.query(`UPDATE ${schema}.intents SET reorg_count = reorg_count + 1 WHERE id = $1`, [id]);
}

/**
 * confirmed | reverted → broadcast: a reorg dropped the block of the intent's transaction. Its outcome is cleared,
 * `reason` recorded, the reorg counted; the same signed bytes are then sent again. False when the intent moved on
 * meanwhile (no longer in the state it was read in, or signed again).
 */
export async function reopenDropped(db: pg.Pool, schema: string, intent: IntentRow, reason: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${schema}.intents
        SET status = 'broadcast', block_number = NULL, block_hash = NULL, gas_used = NULL, error_code = NULL,
            error_reason = $3, reorg_count = reorg_count + 1, updated_at = now()
      WHERE id = $1 AND status = $2 AND tx_hash = $4`,
    [intent.id, intent.status, reason, intent.tx_hash],
  );
  return (rowCount ?? 0) > 0;
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
