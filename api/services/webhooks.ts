/**
 * Webhook endpoints (issue 16), the API's side: a user registers, lists, changes, pauses, deletes and tests
 * endpoints, reads their delivery log and sends a delivery again. The worker delivers (worker/webhook-worker.ts):
 * this side writes Postgres only (db/webhooks.ts, whose writes wake the worker when a delivery should go now); the
 * worker's sweep catches a wake-up that was missed.
 *
 * The secret (whsec_ and 32 random bytes in base64) is returned by createWebhook alone. Every other answer is built
 * from columns that exclude it.
 */
import { randomBytes } from "node:crypto";
import { AppError } from "../../core/errors.js";
import { checkWebhookUrl } from "../../core/webhook-url.js";
import {
  type DeliveryStatus,
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_SECRET_BYTES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_TYPE,
} from "../../core/webhooks.js";
import {
  type DeliveryRow,
  deleteEndpoint,
  type EndpointChanges,
  type EndpointRow,
  endpointDeliveries,
  insertEndpoint,
  insertTestDelivery,
  newDeliveryId,
  readDelivery,
  redeliver,
  updateEndpoint,
  userEndpoint,
  userEndpoints,
} from "../../db/webhooks.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { decodeCursor, encodeCursor } from "./social/cursor.js";
import { iso } from "./social/units.js";

/** An endpoint in an answer: its row, with ISO times. */
export type WebhookView = Omit<EndpointRow, "created_at" | "updated_at"> & { created_at: string; updated_at: string };

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

const viewOf = (r: EndpointRow): WebhookView => ({
  ...r,
  created_at: iso(r.created_at),
  updated_at: iso(r.updated_at),
});

const notFound = () => new AppError("NOT_FOUND", "Webhook not found");
const deliveryNotFound = () => new AppError("NOT_FOUND", "Delivery not found");

/** Channels as given, repeats dropped (first kept). */
const distinct = (channels: string[]) => [...new Set(channels)];

async function ownEndpoint(deps: ApiDeps, user: AuthedUser, id: string): Promise<EndpointRow> {
  const row = await userEndpoint(deps.db, deps.config.appSchema, user.id, id);
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
  const url = await checkWebhookUrl(input.url, { allowPrivate: deps.config.webhookAllowPrivate });
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(WEBHOOK_SECRET_BYTES).toString("base64")}`;
  const row = await insertEndpoint(deps.db, deps.config.appSchema, user.id, {
    url: url.href,
    channels: distinct(input.channels),
    secret,
    description: input.description ?? "",
    max: MAX_WEBHOOKS_PER_USER,
  });
  if (!row) {
    throw new AppError("INVALID_PARAMETERS", `At most ${MAX_WEBHOOKS_PER_USER} webhook endpoints per user`, {
      status: 409,
      details: { reason: "webhook_limit", limit: MAX_WEBHOOKS_PER_USER },
    });
  }
  return { webhook: viewOf(row), secret };
}

/** get-webhooks: the caller's endpoints, oldest first. */
export async function listWebhooks(deps: ApiDeps, user: AuthedUser): Promise<WebhookView[]> {
  return (await userEndpoints(deps.db, deps.config.appSchema, user.id)).map(viewOf);
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
  const changes: EndpointChanges = {};
  if (input.url !== undefined) {
    changes.url = (await checkWebhookUrl(input.url, { allowPrivate: deps.config.webhookAllowPrivate })).href;
  }
  if (input.channels !== undefined) changes.channels = distinct(input.channels);
  if (input.description !== undefined) changes.description = input.description;
  if (input.status !== undefined) changes.status = input.status;
  if (Object.keys(changes).length === 0) {
    throw new AppError("INVALID_PARAMETERS", "Nothing to update: give status, url, channels or description");
  }
  const row = await updateEndpoint(deps.db, deps.config.appSchema, user.id, input.webhook_id, changes);
  if (!row) throw notFound();
  return viewOf(row);
}

/** delete-webhook: the endpoint, its deliveries and their attempts. */
export async function deleteWebhook(deps: ApiDeps, user: AuthedUser, id: string): Promise<void> {
  if (!(await deleteEndpoint(deps.db, deps.config.appSchema, user.id, id))) throw notFound();
}

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

async function deliveryView(deps: ApiDeps, id: string): Promise<WebhookDeliveryView> {
  const row = await readDelivery(deps.db, deps.config.appSchema, id);
  if (!row) throw deliveryNotFound();
  return deliveryViewOf(row);
}

/** test-webhook: a webhook.test delivery to the caller's endpoint, due now. */
export async function testWebhook(deps: ApiDeps, user: AuthedUser, id: string): Promise<WebhookDeliveryView> {
  await ownEndpoint(deps, user, id);
  const deliveryId = newDeliveryId();
  if (!(await insertTestDelivery(deps.db, deps.config.appSchema, id, deliveryId))) throw notFound();
  return deliveryView(deps, deliveryId);
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
  await ownEndpoint(deps, user, input.webhook_id);
  const after = input.cursor ? decodeCursor(input.cursor, "webhook_deliveries") : undefined;
  const rows = await endpointDeliveries(deps.db, deps.config.appSchema, input.webhook_id, {
    status: input.status,
    beforePosition: after?.seq,
    limit: input.limit + 1,
  });
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
  const done = await redeliver(deps.db, deps.config.appSchema, user.id, deliveryId, (d) => {
    if (d.endpointStatus !== "active" && d.type !== WEBHOOK_TEST_TYPE) {
      throw new AppError("INVALID_PARAMETERS", `Webhook is ${d.endpointStatus}: resume it to redeliver`, {
        status: 409,
        details: { reason: "webhook_not_active", status: d.endpointStatus },
      });
    }
  });
  if (!done) throw deliveryNotFound();
  return deliveryView(deps, deliveryId);
}
