/**
 * zod schemas of the webhook endpoints (create-webhook, get-webhooks, update-webhook, delete-webhook, test-webhook,
 * get-webhook-deliveries, redeliver-webhook). The service (api/services/webhooks.ts) declares its own types; the
 * handlers check they fit.
 */
import { z } from "@hono/zod-openapi";
import { channelNameSchema, MAX_CHANNELS } from "../../../core/events.js";
import { limit, text, URL_MAX, uuid } from "../../../core/schemas.js";
import {
  DELIVERY_STATUSES,
  MAX_WEBHOOK_DESCRIPTION,
  MAX_WEBHOOKS_PER_USER,
  WEBHOOK_STATUSES,
} from "../../../core/webhooks.js";
import { CursorPagination, cursorParam } from "../common-schemas.js";

const webhookUrl = text(URL_MAX)
  .min(1)
  .describe(
    "Where deliveries are POSTed: an https URL whose host is and resolves to public addresses only (private, loopback, link-local, unique-local, CGNAT, multicast and unspecified addresses are refused, checked again at every delivery); no user name or password",
  );

const channels = z
  .array(channelNameSchema)
  .min(1)
  .max(MAX_CHANNELS)
  .describe(
    `1 to ${MAX_CHANNELS} channels: tokens (new tokens and graduations), token:<id or address> (its trades, candles, holder balances, posts, replies and votes), account:<address> (its trades, transfers and balances), me (your notifications, intents and the fees of your wallet on record). Repeats are dropped`,
  );

const description = text(MAX_WEBHOOK_DESCRIPTION).describe(`At most ${MAX_WEBHOOK_DESCRIPTION} characters`);

const webhookId = uuid.describe("The endpoint's id (webhook.id)");

// Requests

export const CreateWebhookRequest = z
  .object({ url: webhookUrl, channels, description: description.optional() })
  .openapi("CreateWebhookRequest");

export const GetWebhooksRequest = z.object({}).openapi("GetWebhooksRequest");

export const UpdateWebhookRequest = z
  .object({
    webhook_id: webhookId,
    status: z
      .enum(["active", "paused"])
      .optional()
      .describe("paused stops deliveries; active resumes them (and re-enables an endpoint the service disabled)"),
    url: webhookUrl.optional(),
    channels: channels.optional(),
    description: description.optional(),
  })
  .openapi("UpdateWebhookRequest");

export const WebhookIdRequest = z.object({ webhook_id: webhookId }).openapi("WebhookIdRequest");

export const GetWebhookDeliveriesRequest = z
  .object({
    webhook_id: webhookId,
    status: z.enum(DELIVERY_STATUSES).optional().describe("Only deliveries in this status"),
    limit: limit(100, 20),
    cursor: cursorParam,
  })
  .openapi("GetWebhookDeliveriesRequest");

export const RedeliverWebhookRequest = z
  .object({ delivery_id: z.string().min(1).max(100).describe("The delivery's id (its webhook-id, msg_…)") })
  .openapi("RedeliverWebhookRequest");

// Records

export const Webhook = z
  .object({
    id: uuid,
    url: z.string(),
    channels: z.array(z.string()).describe("As you named them"),
    status: z
      .enum(WEBHOOK_STATUSES)
      .describe("active; paused (by you); disabled (by the service, after failing deliveries: see disabled_reason)"),
    description: z.string(),
    consecutive_failures: z.number().int().describe("Deliveries in a row that failed after every retry"),
    disabled_reason: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi("Webhook");

export const WebhookAttempt = z
  .object({
    attempted_at: z.string(),
    duration_ms: z.number().int(),
    status: z.number().int().nullable().describe("The HTTP status; null when no response came"),
    error: z.string().nullable().describe("Why it failed; null when delivered"),
  })
  .openapi("WebhookAttempt");

export const WebhookDelivery = z
  .object({
    id: z.string().describe("The webhook-id header: the same on every attempt and redelivery"),
    webhook_id: uuid,
    seq: z.number().int().nullable().describe("The event's sequence number; null for a test delivery"),
    type: z.string().describe("The body's type: event.<kind>, or webhook.test"),
    status: z.enum(DELIVERY_STATUSES),
    attempts: z.number().int().describe("Attempts since it was last queued"),
    next_attempt_at: z.string().nullable().describe("When a pending delivery's next attempt is due"),
    last_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    delivered_at: z.string().nullable(),
    attempt_log: z.array(WebhookAttempt).describe("Its attempts, newest first (at most 20)"),
  })
  .openapi("WebhookDelivery");

// Responses

export const CreateWebhookResponse = z
  .object({
    success: z.literal(true),
    webhook: Webhook,
    secret: z
      .string()
      .describe(
        "The signing secret (whsec_…), shown this once: verify each delivery's webhook-signature with it (Standard Webhooks)",
      ),
  })
  .openapi("CreateWebhookResponse");

export const WebhookResponse = z.object({ success: z.literal(true), webhook: Webhook }).openapi("WebhookResponse");

export const GetWebhooksResponse = z
  .object({
    success: z.literal(true),
    webhooks: z.array(Webhook).describe(`Yours, oldest first (at most ${MAX_WEBHOOKS_PER_USER})`),
  })
  .openapi("GetWebhooksResponse");

export const DeleteWebhookResponse = z
  .object({ success: z.literal(true), deleted: z.literal(true) })
  .openapi("DeleteWebhookResponse");

export const WebhookDeliveryResponse = z
  .object({ success: z.literal(true), delivery: WebhookDelivery })
  .openapi("WebhookDeliveryResponse");

export const GetWebhookDeliveriesResponse = z
  .object({ success: z.literal(true), deliveries: z.array(WebhookDelivery), pagination: CursorPagination })
  .openapi("GetWebhookDeliveriesResponse");
