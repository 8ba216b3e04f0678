/**
 * Webhook endpoints (issue 16), the API's side: a user registers, lists, changes, pauses, deletes and tests
 * endpoints, reads their delivery log and sends a delivery again. The worker delivers (worker/webhook-worker.ts):
 * this side writes Postgres only and wakes the worker through `<appSchema>_webhooks` (pg_notify with the endpoint's
 * id) when a delivery should go now; the worker's sweep catches a wake-up that was missed.
 *
 * The secret (whsec_ and 32 random bytes in base64) is returned by createWebhook alone. Every other answer is built
 * from columns that exclude it.
 */
import { randomBytes } from "node:crypto";
import type pg from "pg";
import { AppError } from "../../core/errors.js";
import { checkWebhookUrl } from "../../core/webhook-url.js";
import {
  type DeliveryStatus,
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_TYPE,
  type WebhookStatus,
  webhookWakeChannel,
} from "../../core/webhooks.js";
import { newDeliveryId } from "../../db/webhooks.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { decodeCursor, encodeCursor } from "./social/cursor.js";
import { iso } from "./social/units.js";

type Queryable = Pick<pg.Pool, "query">;

export type WebhookView = {
  id: string;
  url: string;
  channels: string[];
  status: WebhookStatus;
  description: string;
  consecutive_failures: number;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
};

export type WebhookAttemptView = {
  attempted_at: string;
  duration_ms: number;
  status: number | null;
  error: string | null;
};

export type WebhookDeliveryView = {
  id: string;
  webhook_id: string;
  seq: number | null;
  type: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  delivered_at: string | null;
  attempt_log: WebhookAttemptView[];
};

/** The endpoint columns every answer selects: never the secret. */
const ENDPOINT_COLUMNS =
  "id, url, channels, status, description, consecutive_failures, disabled_reason, created_at, updated_at";

type EndpointRow = Omit<WebhookView, "created_at" | "updated_at"> & { created_at: Date; updated_at: Date };

const viewOf = (r: EndpointRow): WebhookView => ({
  ...r,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const notFound = () => new AppError("NOT_FOUND", "Webhook not found");

/** Channels as given, repeats dropped (first kept). */
const distinct = (channels: string[]) => [...new Set(channels)];

/** Ask the worker to send the endpoint's pending deliveries now (in the caller's transaction, if any). */
const wake = (db: Queryable, schema: string, endpointId: string) =>
  db.query("SELECT pg_notify($1, $2)", [webhookWakeChannel(schema), endpointId]);

async function ownEndpoint(db: Queryable, schema: string, user: AuthedUser, id: string): Promise<EndpointRow> {
  const { rows } = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${schema}.webhook_endpoints WHERE id = $1 AND user_id = $2`,
    [id, user.id],
  );
  const row = rows[0];
  if (!row) throw notFound();
  return row;
}

export type CreateWebhookInput = { url: string; channels: string[]; description?: string };

/** create-webhook: a new endpoint and its secret, shown this once. */
export async function createWebhook(
  deps: ApiDeps,
  user: AuthedUser,
  input: CreateWebhookInput,
): Promise<{ webhook: WebhookView; secret: string }> {
  const s = deps.config.appSchema;
  const url = await checkWebhookUrl(input.url, { allowPrivate: deps.config.webhookAllowPrivate });
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString("base64")}`;
  const client = await deps.db.connect();
  try {
    await client.query("BEGIN");
    // The user's row lock makes the count and the insert one step: two concurrent creations cannot both be the 10th.
    await client.query(`SELECT 1 FROM ${s}.users WHERE id = $1 FOR UPDATE`, [user.id]);
    const { rows: counted } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${s}.webhook_endpoints WHERE user_id = $1`,
      [user.id],
    );
    if ((counted[0]?.n ?? 0) >= MAX_WEBHOOKS_PER_USER) {
      throw new AppError("INVALID_PARAMETERS", `At most ${MAX_WEBHOOKS_PER_USER} webhook endpoints per user`, {
        status: 409,
        details: { reason: "webhook_limit", limit: MAX_WEBHOOKS_PER_USER },
      });
    }
    const { rows } = await client.query<EndpointRow>(
      `INSERT INTO ${s}.webhook_endpoints (user_id, url, channels, secret, description, from_seq)
       VALUES ($1, $2, $3, $4, $5, (SELECT COALESCE(max(seq), 0) FROM ${s}.events))
       RETURNING ${ENDPOINT_COLUMNS}`,
      [user.id, url.href, distinct(input.channels), secret, input.description ?? ""],
    );
    await client.query("COMMIT");
    const row = rows[0];
    if (!row) throw new Error("webhook insert returned nothing");
    return { webhook: viewOf(row), secret };
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** get-webhooks: the caller's endpoints, oldest first. */
export async function listWebhooks(deps: ApiDeps, user: AuthedUser): Promise<WebhookView[]> {
  const { rows } = await deps.db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM ${deps.config.appSchema}.webhook_endpoints WHERE user_id = $1
      ORDER BY created_at, id`,
    [user.id],
  );
  return rows.map(viewOf);
}

export type UpdateWebhookInput = {
  webhook_id: string;
  status?: "active" | "paused";
  url?: string;
  channels?: string[];
  description?: string;
};

/**
 * update-webhook: the fields given. Resuming (status active) re-enables a disabled endpoint and clears its failures;
 * the worker is woken to send what waited.
 */
export async function updateWebhook(deps: ApiDeps, user: AuthedUser, input: UpdateWebhookInput): Promise<WebhookView> {
  const s = deps.config.appSchema;
  const sets: string[] = [];
  const values: unknown[] = [input.webhook_id, user.id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (input.url !== undefined) {
    set("url", (await checkWebhookUrl(input.url, { allowPrivate: deps.config.webhookAllowPrivate })).href);
  }
  if (input.channels !== undefined) set("channels", distinct(input.channels));
  if (input.description !== undefined) set("description", input.description);
  if (input.status !== undefined) {
    set("status", input.status);
    if (input.status === "active") sets.push("consecutive_failures = 0", "disabled_reason = NULL");
  }
  if (sets.length === 0) {
    throw new AppError("INVALID_PARAMETERS", "Nothing to update: give status, url, channels or description");
  }
  const client = await deps.db.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<EndpointRow>(
      `UPDATE ${s}.webhook_endpoints SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND user_id = $2
       RETURNING ${ENDPOINT_COLUMNS}`,
      values,
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.status === "active") await wake(client, s, row.id);
    await client.query("COMMIT");
    return viewOf(row);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** delete-webhook: the endpoint, its deliveries and their attempts. */
export async function deleteWebhook(deps: ApiDeps, user: AuthedUser, id: string): Promise<void> {
  const { rowCount } = await deps.db.query(
    `DELETE FROM ${deps.config.appSchema}.webhook_endpoints WHERE id = $1 AND user_id = $2`,
    [id, user.id],
  );
  if (!rowCount) throw notFound();
}

type DeliveryRow = {
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

const deliveryViewOf = (r: DeliveryRow): WebhookDeliveryView => ({
  id: r.id,
  webhook_id: r.endpoint_id,
  seq: r.seq === null ? null : Number(r.seq),
  type: r.type,
  status: r.status,
  attempts: r.attempts,
  next_attempt_at: r.status === "pending" ? iso(r.next_attempt_at) : null,
  last_status: r.last_status,
  last_error: r.last_error,
  created_at: iso(r.created_at),
  delivered_at: r.delivered_at ? iso(r.delivered_at) : null,
  attempt_log: r.attempt_log.map((a) => ({ ...a, attempted_at: iso(new Date(a.attempted_at)) })),
});

async function readDelivery(db: Queryable, schema: string, id: string): Promise<WebhookDeliveryView> {
  const { rows } = await db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS(schema)} FROM ${schema}.webhook_deliveries d WHERE d.id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new AppError("NOT_FOUND", "Delivery not found");
  return deliveryViewOf(row);
}

/** test-webhook: a webhook.test delivery to the caller's endpoint, due now. */
export async function testWebhook(deps: ApiDeps, user: AuthedUser, id: string): Promise<WebhookDeliveryView> {
  const s = deps.config.appSchema;
  await ownEndpoint(deps.db, s, user, id);
  const deliveryId = newDeliveryId();
  const client = await deps.db.connect();
  try {
    await client.query("BEGIN");
    await client.query(`INSERT INTO ${s}.webhook_deliveries (id, endpoint_id, seq, type) VALUES ($1, $2, NULL, $3)`, [
      deliveryId,
      id,
      WEBHOOK_TEST_TYPE,
    ]);
    await wake(client, s, id);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    // Deleted meanwhile.
    if ((error as { code?: string }).code === "23503") throw notFound();
    throw error;
  } finally {
    client.release();
  }
  return readDelivery(deps.db, s, deliveryId);
}

export type GetWebhookDeliveriesInput = {
  webhook_id: string;
  status?: DeliveryStatus;
  limit: number;
  cursor?: string;
};

/** get-webhook-deliveries: the endpoint's deliveries, newest first, keyset-paged. */
export async function listDeliveries(
  deps: ApiDeps,
  user: AuthedUser,
  input: GetWebhookDeliveriesInput,
): Promise<{
  deliveries: WebhookDeliveryView[];
  pagination: { limit: number; has_more: boolean; next_cursor: string | null };
}> {
  const s = deps.config.appSchema;
  await ownEndpoint(deps.db, s, user, input.webhook_id);
  const after = input.cursor ? decodeCursor(input.cursor, "webhook_deliveries") : undefined;
  const { rows } = await deps.db.query<DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS(s)} FROM ${s}.webhook_deliveries d
      WHERE d.endpoint_id = $1 AND ($2::text IS NULL OR d.status = $2) AND ($3::bigint IS NULL OR d.position < $3)
      ORDER BY d.position DESC LIMIT $4`,
    [input.webhook_id, input.status ?? null, after?.seq ?? null, input.limit + 1],
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const hasMore = rows.length > input.limit;
  return {
    deliveries: page.map(deliveryViewOf),
    pagination: {
      limit: input.limit,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor("webhook_deliveries", { seq: last.position }) : null,
    },
  };
}

/**
 * redeliver-webhook: the delivery pending again, due now, with a fresh schedule (its attempt log is kept). Its
 * endpoint must be active, unless it is a test delivery.
 */
export async function redeliverWebhook(
  deps: ApiDeps,
  user: AuthedUser,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const s = deps.config.appSchema;
  const client = await deps.db.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ endpoint_id: string; type: string; endpoint_status: WebhookStatus }>(
      `SELECT d.endpoint_id, d.type, e.status AS endpoint_status
         FROM ${s}.webhook_deliveries d JOIN ${s}.webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.id = $1 AND e.user_id = $2 FOR UPDATE OF d`,
      [deliveryId, user.id],
    );
    const row = rows[0];
    if (!row) throw new AppError("NOT_FOUND", "Delivery not found");
    if (row.endpoint_status !== "active" && row.type !== WEBHOOK_TEST_TYPE) {
      throw new AppError("INVALID_PARAMETERS", `Webhook is ${row.endpoint_status}: resume it to redeliver`, {
        status: 409,
        details: { reason: "webhook_not_active", status: row.endpoint_status },
      });
    }
    await client.query(
      `UPDATE ${s}.webhook_deliveries SET status = 'pending', attempts = 0, next_attempt_at = now(), delivered_at = NULL
        WHERE id = $1`,
      [deliveryId],
    );
    await wake(client, s, row.endpoint_id);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return readDelivery(deps.db, s, deliveryId);
}
