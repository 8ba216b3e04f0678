/**
 * Webhook endpoints and deliveries in Postgres (db/migrations/018_webhooks.sql), the only place that names their
 * tables. The API's side: a user's endpoints (created, listed, changed, deleted), test deliveries, the delivery log
 * and redelivery (api/services/webhooks.ts decides what may be done and shapes the answers). The worker's side:
 * turning events of the log into deliveries, reading a delivery to send, recording its attempts, and finding pending
 * deliveries to dispatch again. Postgres is the record; Redis (BullMQ) only dispatches, with the delivery id as job
 * id (enqueueDelivery), so dispatching twice sends once at a time and a job Redis lost is dispatched again from here.
 * A write that should be sent now wakes the worker through `<appSchema>_webhooks` (pg_notify with the endpoint's id).
 */
import { randomBytes } from "node:crypto";
import type { Queue } from "bullmq";
import type pg from "pg";
import type { StreamEvent } from "../core/events.js";
import { type WebhookJob, webhookJobSchema } from "../core/jobs.js";
import { type DeliveryStatus, WEBHOOK_TEST_TYPE, type WebhookStatus, webhookWakeChannel } from "../core/webhooks.js";
import { type EventRow, type LoggedEvent, readEvents, streamEventOf } from "./events.js";
import { inTransaction } from "./transaction.js";

type Queryable = Pick<pg.Pool, "query">;

/** A fresh delivery id, `msg_` and 32 hex characters (128 random bits). */
export const newDeliveryId = () => `msg_${randomBytes(16).toString("hex")}`;

// ---------------------------------------------------------------------------------------------------------------
// The API's side: a user's endpoints and their delivery log
// ---------------------------------------------------------------------------------------------------------------

/** An endpoint as its owner sees it: every column but the secret. */
export type EndpointRow = {
  id: string;
  url: string;
  channels: string[];
  status: WebhookStatus;
  description: string;
  consecutive_failures: number;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The endpoint columns every read selects: never the secret. */
const ENDPOINT_COLUMNS =
  "id, url, channels, status, description, consecutive_failures, disabled_reason, created_at, updated_at";

/** Ask the worker to send the endpoint's pending deliveries now (in the caller's transaction, if any). */
const wake = (db: Queryable, schema: string, endpointId: string) =>
  db.query("SELECT pg_notify($1, $2)", [webhookWakeChannel(schema), endpointId]);

/** A user's endpoint, if it is theirs. */
export async function userEndpoint(
  db: Queryable,
  schema: string,
  userId: string,
  id: string,
): Promise<EndpointRow | undefined> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${schema}.webhook_endpoints WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** A user's endpoints, oldest first. */
export async function userEndpoints(db: Queryable, schema: string, userId: string): Promise<EndpointRow[]> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${schema}.webhook_endpoints WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows;
}

/**
 * A new endpoint of a user's, delivering the events logged from now on; undefined when the user has `max` already.
 * The user's row lock makes the count and the insert one step: two concurrent creations cannot both be the last.
 */
export async function insertEndpoint(
  db: pg.Pool,
  schema: string,
  userId: string,
  p: { url: string; channels: string[]; secret: string; description: string; max: number },
): Promise<EndpointRow | undefined> {
  return inTransaction(db, async (client) => {
    await client.query(`SELECT 1 FROM ${schema}.users WHERE id = $1 FOR UPDATE`, [userId]);
    const { rows: counted } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.webhook_endpoints WHERE user_id = $1`,
      [userId],
    );
    if ((counted[0]?.n ?? 0) >= p.max) return undefined;
    const { rows } = await client.query<EndpointRow>(
      `INSERT INTO ${schema}.webhook_endpoints (user_id, url, channels, secret, description, from_seq)
       VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(max(seq), 0) FROM ${schema}.events))
       RETURNING ${ENDPOINT_COLUMNS}`,
      [userId, p.url, p.channels, p.secret, p.description],
    );
    const row = rows[0];
    if (!row) throw new Error("webhook insert returned nothing");
    return row;
  });
}

export type EndpointChanges = {
  url?: string;
  channels?: string[];
  description?: string;
  /** Active again re-enables a disabled endpoint and clears its failures. */
  status?: "active" | "paused";
};

/**
 * A user's endpoint with `changes` made; undefined when it is not theirs. When it is active after the change, the
 * worker is woken in the same transaction to send what waited.
 */
export async function updateEndpoint(
  db: pg.Pool,
  schema: string,
  userId: string,
  id: string,
  changes: EndpointChanges,
): Promise<EndpointRow | undefined> {
  const sets: string[] = [];
  const values: unknown[] = [id, userId];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (changes.url !== undefined) set("url", changes.url);
  if (changes.channels !== undefined) set("channels", changes.channels);
  if (changes.description !== undefined) set("description", changes.description);
  if (changes.status !== undefined) {
    set("status", changes.status);
    if (changes.status === "active") sets.push("consecutive_failures = 0", "disabled_reason = NULL");
  }
  if (sets.length === 0) return userEndpoint(db, schema, userId, id);
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<EndpointRow>(
      `UPDATE ${schema}.webhook_endpoints SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND user_id = $2
       RETURNING ${ENDPOINT_COLUMNS}`,
      values,
    );
    const row = rows[0];
    if (row?.status === "active") await wake(client, schema, row.id);
    return row;
  });
}

/** Deletes a user's endpoint, its deliveries and their attempts; false when it is not theirs. */
export async function deleteEndpoint(db: Queryable, schema: string, userId: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`DELETE FROM ${schema}.webhook_endpoints WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
  return (rowCount ?? 0) > 0;
}

/** A delivery as its endpoint's owner sees it, with its last 20 attempts, newest first. */
export type DeliveryRow = {
  id: string;
  position: string;
  endpoint_id: string;
  seq: string | null;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_status: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  attempt_log: { attempted_at: string; duration_ms: number; status: number | null; error: string | null }[];
};

/** Delivery columns (alias d) with the last 20 attempts, newest first. */
const DELIVERY_COLUMNS = (s: string) => `d.id, d.position::text, d.endpoint_id, d.seq::text, d.type, d.status,
       d.attempts, d.next_attempt_at, d.last_status, d.last_error, d.created_at, d.delivered_at,
       COALESCE((SELECT jsonb_agg(jsonb_build_object('attempted_at', a.attempted_at, 'duration_ms', a.duration_ms,
                                                     'status', a.status, 'error', a.error) ORDER BY a.id DESC)
                   FROM (SELECT * FROM ${s}.webhook_attempts WHERE delivery_id = d.id ORDER BY id DESC LIMIT 20) a),
                '[]'::jsonb) AS attempt_log`;

export async function readDelivery(db: Queryable, schema: string, id: string): Promise<DeliveryRow | undefined> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS(schema)} FROM ${schema}.webhook_deliveries d WHERE d.id = $1`,
    [id],
  );
  return rows[0];
}

/** An endpoint's deliveries (of one status, if given), newest first, before `beforePosition`, up to `limit`. */
export async function endpointDeliveries(
  db: Queryable,
  schema: string,
  endpointId: string,
  p: { status?: DeliveryStatus | undefined; beforePosition?: string | undefined; limit: number },
): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS(schema)} FROM ${schema}.webhook_deliveries d
      WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2) AND ($3::bigint IS NULL OR d.position < $3)
      ORDER BY d.position DESC LIMIT $4`,
    [endpointId, p.status ?? null, p.beforePosition ?? null, p.limit],
  );
  return rows;
}

/** How many deliveries are in each status (statuses with none are left out). */
export async function deliveriesByStatus(db: Queryable, schema: string): Promise<{ status: unknown; n: unknown }[]> {
  return (await db.query(`SELECT status, count(*)::int AS n FROM ${schema}.webhook_deliveries GROUP BY status`)).rows;
}

/** A webhook.test delivery to an endpoint, due now, and the worker woken; false when the endpoint is gone. */
export async function insertTestDelivery(
  db: pg.Pool,
  schema: string,
  endpointId: string,
  deliveryId: string,
): Promise<boolean> {
  try {
    await inTransaction(db, async (client) => {
      await client.query(
        `INSERT INTO ${schema}.webhook_deliveries (id, endpoint_id, seq, type) VALUES ($1, $2, NULL, $3)`,
        [deliveryId, endpointId, WEBHOOK_TEST_TYPE],
      );
      await wake(client, schema, endpointId);
    });
    return true;
  } catch (error) {
    // The endpoint was deleted meanwhile.
    if ((error as { code?: string }).code === "23503") return false;
    throw error;
  }
}

/**
 * A user's delivery pending again, due now, with a fresh schedule (its attempt log is kept), and the worker woken,
 * when `allowed` says yes to it (given its type and its endpoint's status), in one transaction with the delivery
 * locked. What `allowed` throws is thrown; undefined when the delivery is not the user's.
 */
export async function redeliver(
  db: pg.Pool,
  schema: string,
  userId: string,
  deliveryId: string,
  allowed: (d: { type: string; endpointStatus: WebhookStatus }) => void,
): Promise<true | undefined> {
  return inTransaction(db, async (client) => {
    const { rows } = await client.query<{ endpoint_id: string; type: string; endpoint_status: WebhookStatus }>(
      `SELECT d.endpoint_id, d.type, e.status AS endpoint_status
         FROM ${schema}.webhook_deliveries d JOIN ${schema}.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND e.user_id = $2 FOR UPDATE OF d`,
      [deliveryId, userId],
    );
    const row = rows[0];
    if (!row) return undefined;
    allowed({ type: row.type, endpointStatus: row.endpoint_status });
    await client.query(
      `UPDATE ${schema}.webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = NULL
        WHERE id = $1`,
      [deliveryId],
    );
    await wake(client, schema, row.endpoint_id);
    return true as const;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The worker's side: events into deliveries, sending, attempts, the sweep
// ---------------------------------------------------------------------------------------------------------------

/**
 * The dispatcher's lock (one dispatcher per app schema), tried on the dispatcher's own connection, which then listens
 * for new events and for wake-ups. False when another dispatcher holds it. The lock and the listening end with the
 * connection.
 */
export async function takeDispatcherLock(client: pg.ClientBase, schema: string): Promise<boolean> {
  const { rows } = await client.query<{ ok: boolean }>(
    "SELECT pg_try_advisory_lock(hashtext('webhook_dispatcher'), hashtext($1)) AS ok",
    [schema],
  );
  if (!rows[0]?.ok) return false;
  await client.query(`LISTEN "${schema}_events"`);
  await client.query(`LISTEN "${webhookWakeChannel(schema)}"`);
  return true;
}

/** An active endpoint as the dispatcher matches it: its channels as named, and its owner (for `me`). */
export type EndpointToMatch = {
  id: string;
  channels: string[];
  fromSeq: number;
  user: { id: string; wallet: string | null };
};

export async function readActiveEndpoints(db: Queryable, schema: string): Promise<EndpointToMatch[]> {
  const { rows } = await db.query<{
    id: string;
    channels: string[];
    from_seq: string;
    user_id: string;
    wallet_address: string | null;
  }>(
    `SELECT e.id, e.channels, e.from_seq::text, e.user_id, u.wallet_address
       FROM ${schema}.webhook_endpoints e JOIN ${schema}.users u ON u.id = e.user_id
      WHERE e.status = 'active'`,
  );
  return rows.map((r) => ({
    id: r.id,
    channels: r.channels,
    fromSeq: Number(r.from_seq),
    user: { id: r.user_id, wallet: r.wallet_address },
  }));
}

export type { LoggedEvent };

export type DispatchBatchParameters = {
  /** Events read at most. */
  limit: number;
  /** Which endpoints get an event: their ids. */
  match: (e: LoggedEvent) => string[];
  /**
   * The log is gap-free, so a seq missing after the cursor is one still being committed: by default the batch stops
   * before it. True to step over it (the caller decided it will not come).
   */
  skipGap?: boolean;
};

export type DispatchBatchReturnType = {
  /** Events the cursor moved over. */
  processed: number;
  cursor: number;
  /** The seq missing after the cursor, when the batch stopped before a gap. */
  gap: number | null;
  /** The deliveries created, to enqueue once committed. */
  deliveries: string[];
};

/**
 * One step of the dispatcher, in one transaction: the events after the cursor (in seq order, up to `limit`, stopping
 * at a gap), a delivery for each event and each endpoint `match` names that is still active and was created before
 * the event, and the cursor moved past them. A delivery that exists already (unique per endpoint and seq) is left.
 * The cursor row is locked, so two dispatchers never interleave.
 */
export async function dispatchBatch(
  client: pg.ClientBase,
  schema: string,
  p: DispatchBatchParameters,
): Promise<DispatchBatchReturnType> {
  await client.query("BEGIN");
  try {
    const cursorRow = await client.query<{ seq: string }>(`SELECT seq::text FROM ${schema}.webhook_cursor FOR UPDATE`);
    const cursor = Number(cursorRow.rows[0]?.seq ?? 0);
    const rows = await readEvents(client, schema, { after: cursor, limit: p.limit });
    let expected = cursor + 1;
    let gap: number | null = null;
    const taken: LoggedEvent[] = [];
    for (const r of rows) {
      const seq = r.event.seq;
      if (seq !== expected && !(p.skipGap && taken.length === 0)) {
        gap = expected;
        break;
      }
      taken.push(r);
      expected = seq + 1;
    }
    const endpoints: string[] = [];
    const seqs: number[] = [];
    const types: string[] = [];
    for (const r of taken) {
      const { event } = r;
      for (const id of p.match(r)) {
        endpoints.push(id);
        seqs.push(event.seq);
        types.push(`event.${event.kind}`);
      }
    }
    let deliveries: string[] = [];
    if (endpoints.length > 0) {
      const ids = endpoints.map(() => newDeliveryId());
      const inserted = await client.query<{ id: string }>(
        `INSERT INTO ${schema}.webhook_deliveries (id, endpoint_id, seq, type)
         SELECT d.id, d.endpoint_id, d.seq, d.type
           FROM unnest($1::text[], $2::uuid[], $3::bigint[], $4::text[]) AS d(id, endpoint_id, seq, type)
           JOIN ${schema}.webhook_endpoints e ON e.id = d.endpoint_id AND e.status = 'active' AND d.seq > e.from_seq
         ON CONFLICT (endpoint_id, seq) DO NOTHING
         RETURNING id`,
        [ids, endpoints, seqs, types],
      );
      deliveries = inserted.rows.map((r) => r.id);
    }
    const last = taken.at(-1);
    const moved = last ? last.event.seq : cursor;
    if (last) await client.query(`UPDATE ${schema}.webhook_cursor SET seq = $1`, [moved]);
    await client.query("COMMIT");
    return { processed: taken.length, cursor: moved, gap, deliveries };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** Whether the log has events the dispatcher has not gone past yet (one index probe). */
export async function hasUndispatchedEvents(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${schema}.events WHERE seq > (SELECT seq FROM ${schema}.webhook_cursor)) AS yes`,
  );
  return rows[0]?.yes === true;
}

/** Options of every delivery job. Retries are the delivery's own (recordAttempt); BullMQ's only cover crashes. */
const jobOptions = (deliveryId: string, delay: number) => ({
  jobId: deliveryId,
  delay: Math.max(0, delay),
  // A job that throws (the database is down, not the receiver) is tried again a few times; after that the
  // delivery stays pending in Postgres and the sweep dispatches it again.
  attempts: 5,
  backoff: { type: "exponential" as const, delay: 1_000 },
  removeOnComplete: true,
  removeOnFail: true,
});

/**
 * Dispatch a delivery, due at `dueAt` (default now), unless a live job has it: a waiting or active one is left, a
 * delayed one is promoted when the delivery is due now, and an ended one is replaced. Returns whether a job was
 * added.
 */
export async function enqueueDelivery(queue: Queue, deliveryId: string, dueAt: Date = new Date()): Promise<boolean> {
  const data: WebhookJob = webhookJobSchema.parse({ deliveryId });
  const delay = dueAt.getTime() - Date.now();
  const job = await queue.getJob(deliveryId);
  if (job) {
    const state = await job.getState();
    if (state === "delayed") {
      // Due now (a redelivery of a delivery waiting for its next retry): run it now.
      if (delay <= 0) await job.promote().catch(() => undefined);
      return false;
    }
    if (state !== "completed" && state !== "failed" && state !== "unknown") return false;
    await job.remove().catch(() => undefined);
  }
  await queue.add("deliver", data, jobOptions(deliveryId, delay));
  return true;
}

/** Dispatch deliveries just created (no job can have them yet), due now. */
export async function enqueueNewDeliveries(queue: Queue, deliveryIds: readonly string[]): Promise<void> {
  await queue.addBulk(
    deliveryIds.map((deliveryId) => ({
      name: "deliver",
      data: webhookJobSchema.parse({ deliveryId }),
      opts: jobOptions(deliveryId, 0),
    })),
  );
}

/** A delivery with what sending it needs: the endpoint (its secret included) and the event. */
export type DeliveryToSend = {
  id: string;
  endpointId: string;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  url: string;
  secret: string;
  endpointStatus: WebhookStatus;
  /** The event; null for a test delivery, or when the event is no longer in the log. */
  event: StreamEvent | null;
};

export async function readDeliveryToSend(
  db: Queryable,
  schema: string,
  deliveryId: string,
): Promise<DeliveryToSend | undefined> {
  const { rows } = await db.query<
    Omit<EventRow, "channels" | "seq"> & {
      id: string;
      endpoint_id: string;
      type: string;
      status: DeliveryStatus;
      attempts: number;
      next_attempt_at: Date;
      delivery_created_at: Date;
      url: string;
      secret: string;
      endpoint_status: WebhookStatus;
      seq: string | null;
    }
  >(
    `SELECT d.id, d.endpoint_id, d.type, d.status, d.attempts, d.next_attempt_at, d.created_at AS delivery_created_at,
            w.url, w.secret, w.status AS endpoint_status, v.seq::text, v.kind, v.chain_id, v.block_number::text,
            v.block_hash, v.removes::text, v.data, v.created_at
       FROM ${schema}.webhook_deliveries d JOIN ${schema}.webhook_endpoints w ON w.id = d.endpoint_id
       LEFT JOIN ${schema}.events v ON v.seq = d.seq
      WHERE d.id = $1`,
    [deliveryId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    type: r.type,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    createdAt: r.delivery_created_at,
    url: r.url,
    secret: r.secret,
    endpointStatus: r.endpoint_status,
    event: r.seq === null ? null : streamEventOf({ ...r, seq: r.seq }),
  };
}

export type RecordAttemptParameters = {
  deliveryId: string;
  /** The delivery's attempts when this one started: if a redelivery reset them meanwhile, only the log is written. */
  attemptsBefore: number;
  attemptedAt: Date;
  durationMs: number;
  /** The HTTP status, null when no response came. */
  status: number | null;
  /** Null when delivered. */
  error: string | null;
  /** The retry schedule (ms between attempts): when it is used up, the delivery fails. */
  schedule: readonly number[];
  /** Failed deliveries in a row that disable the endpoint. */
  disableAfter: number;
};

export type RecordAttemptReturnType =
  | { outcome: "delivered" | "failed" | "superseded" }
  | { outcome: "retry"; nextAttemptAt: Date }
  | { outcome: "disabled"; endpointId: string };

/**
 * Record one attempt, in one transaction: the attempt log; then a 2xx delivers it (and resets the endpoint's
 * failures in a row), anything else schedules the next attempt, or fails the delivery once the schedule is used
 * up. A failed event delivery counts against its endpoint; at `disableAfter` in a row the endpoint is disabled and
 * its owner notified (notification kind webhook_disabled). Test deliveries never count.
 */
export async function recordAttempt(
  pool: pg.Pool,
  schema: string,
  p: RecordAttemptParameters,
): Promise<RecordAttemptReturnType> {
  return inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO ${schema}.webhook_attempts (delivery_id, attempted_at, duration_ms, status, error)
       VALUES ($1, $2, $3, $4, $5)`,
      [p.deliveryId, p.attemptedAt, p.durationMs, p.status, p.error],
    );
    const attempts = p.attemptsBefore + 1;
    const delivered = p.error === null;
    const exhausted = !delivered && attempts > p.schedule.length;
    const retryInMs = delivered || exhausted ? 0 : (p.schedule[attempts - 1] ?? 0);
    const updated = await client.query<{ endpoint_id: string; type: string; next_attempt_at: Date }>(
      `UPDATE ${schema}.webhook_deliveries
          SET attempts = $3, last_attempt_at = $4, last_status = $5, last_error = $6,
              status = CASE WHEN $7 THEN 'delivered' WHEN $8 THEN 'failed' ELSE 'pending' END,
              delivered_at = CASE WHEN $7 THEN now() ELSE delivered_at END,
              next_attempt_at = CASE WHEN $7 OR $8 THEN next_attempt_at
                                     ELSE now() + $9::float8 * interval '1 millisecond' END
        WHERE id = $1 AND status = 'pending' AND attempts = $2
        RETURNING endpoint_id, type, next_attempt_at`,
      [p.deliveryId, p.attemptsBefore, attempts, p.attemptedAt, p.status, p.error, delivered, exhausted, retryInMs],
    );
    const row = updated.rows[0];
    let result: RecordAttemptReturnType;
    if (!row) result = { outcome: "superseded" };
    else if (row.type === WEBHOOK_TEST_TYPE) {
      result = delivered
        ? { outcome: "delivered" }
        : exhausted
          ? { outcome: "failed" }
          : { outcome: "retry", nextAttemptAt: row.next_attempt_at };
    } else if (delivered) {
      await client.query(
        `UPDATE ${schema}.webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0`,
        [row.endpoint_id],
      );
      result = { outcome: "delivered" };
    } else if (!exhausted) result = { outcome: "retry", nextAttemptAt: row.next_attempt_at };
    else result = await countFailure(client, schema, row.endpoint_id, p);
    return result;
  });
}

/** A failed delivery against its endpoint: one more in a row, and at `disableAfter` the endpoint is disabled. */
async function countFailure(
  client: pg.ClientBase,
  schema: string,
  endpointId: string,
  p: RecordAttemptParameters,
): Promise<RecordAttemptReturnType> {
  const { rows } = await client.query<{ consecutive_failures: number; status: WebhookStatus; user_id: string }>(
    `UPDATE ${schema}.webhook_endpoints SET consecutive_failures = consecutive_failures + 1
      WHERE id = $1 RETURNING consecutive_failures, status, user_id`,
    [endpointId],
  );
  const e = rows[0];
  if (e?.status !== "active" || e.consecutive_failures < p.disableAfter) return { outcome: "failed" };
  const reason = `${e.consecutive_failures} deliveries in a row failed after every retry; the last: ${p.error}`;
  await client.query(
    `UPDATE ${schema}.webhook_endpoints SET status = 'disabled', disabled_reason = $2, updated_at = now()
      WHERE id = $1`,
    [endpointId, reason.slice(0, 1000)],
  );
  await client.query(
    `INSERT INTO ${schema}.notifications (user_id, kind, webhook_endpoint_id, dedupe_key)
     VALUES ($1, 'webhook_disabled', $2, $3) ON CONFLICT (user_id, dedupe_key) DO NOTHING`,
    [e.user_id, endpointId, `webhook_disabled:${endpointId}:${Date.now()}`],
  );
  return { outcome: "disabled", endpointId };
}

/**
 * Pending deliveries of active endpoints (or of one endpoint, test deliveries of an inactive one included), soonest
 * due first: what the sweep makes sure has a job.
 */
export async function readPendingDeliveries(
  db: Queryable,
  schema: string,
  p: { endpointId?: string; limit: number },
): Promise<{ id: string; nextAttemptAt: Date }[]> {
  const { rows } = await db.query<{ id: string; next_attempt_at: Date }>(
    `SELECT d.id, d.next_attempt_at
       FROM ${schema}.webhook_deliveries d JOIN ${schema}.webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.status = 'pending' AND ($1::uuid IS NULL OR d.endpoint_id = $1)
        AND (e.status = 'active' OR d.type = $2)
      ORDER BY d.next_attempt_at LIMIT $3`,
    [p.endpointId ?? null, WEBHOOK_TEST_TYPE, p.limit],
  );
  return rows.map((r) => ({ id: r.id, nextAttemptAt: r.next_attempt_at }));
}
