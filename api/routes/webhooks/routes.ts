/** Webhook route definitions: your endpoints and their deliveries. Schemas in ./schemas.ts, handlers ./handlers.ts. */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { webhookEventBody, webhookTestBody } from "../../../core/event-schemas.js";
import { EVENT_KINDS, MAX_CHANNELS } from "../../../core/events.js";
import { MAX_WEBHOOKS_PER_USER } from "../../../core/webhooks.js";
import { postRoute } from "../common.js";
import {
  CreateWebhookRequest,
  CreateWebhookResponse,
  DeleteWebhookResponse,
  GetWebhookDeliveriesRequest,
  GetWebhookDeliveriesResponse,
  GetWebhooksRequest,
  GetWebhooksResponse,
  RedeliverWebhookRequest,
  UpdateWebhookRequest,
  WebhookDeliveryResponse,
  WebhookIdRequest,
  WebhookResponse,
} from "./schemas.js";

const NOT_FOUND = "Another user's endpoint, or none: 404 `Webhook not found`.";

export const createWebhookRoute = postRoute({
  name: "create-webhook",
  tag: "Webhooks",
  summary: "Register a webhook endpoint",
  description: `Events of the given channels (those logged after this call) are POSTed to url as Standard Webhooks requests (webhook-id, webhook-timestamp, webhook-signature), with the JSON body {type: "event.<kind>", timestamp, data: <the event as streams send it>}. Answers the endpoint and its signing secret (whsec_…), which is shown only here. At most ${MAX_WEBHOOKS_PER_USER} endpoints per user (409 \`At most ${MAX_WEBHOOKS_PER_USER} webhook endpoints per user\`), ${MAX_CHANNELS} channels each. The URL must be https and its host public: a private, loopback or link-local address (or a name resolving to one) is 400 \`Webhook URL refused: …\`.`,
  request: CreateWebhookRequest,
  response: CreateWebhookResponse,
});

export const getWebhooksRoute = postRoute({
  name: "get-webhooks",
  tag: "Webhooks",
  summary: "Your webhook endpoints",
  description: "Every endpoint of yours, oldest first, with its status and failures; never the secret.",
  request: GetWebhooksRequest,
  response: GetWebhooksResponse,
});

export const updateWebhookRoute = postRoute({
  name: "update-webhook",
  tag: "Webhooks",
  summary: "Pause, resume or change a webhook endpoint",
  description: `Sets the fields given (at least one: 400 \`Nothing to update: give status, url, channels or description\`). status paused stops deliveries (events logged meanwhile are not delivered; pending retries wait); active resumes them, and re-enables an endpoint the service disabled, clearing its failures. A new url is checked as at creation. ${NOT_FOUND}`,
  request: UpdateWebhookRequest,
  response: WebhookResponse,
});

export const deleteWebhookRoute = postRoute({
  name: "delete-webhook",
  tag: "Webhooks",
  summary: "Delete a webhook endpoint",
  description: `The endpoint, its deliveries and their log go; nothing more is sent to it. ${NOT_FOUND}`,
  request: WebhookIdRequest,
  response: DeleteWebhookResponse,
});

export const testWebhookRoute = postRoute({
  name: "test-webhook",
  tag: "Webhooks",
  summary: "Send a test delivery",
  description: `Queues a delivery of type webhook.test (data: {webhook_id, message}) now, signed and sent like any other, with the same retries, whatever the endpoint's status (a paused or disabled endpoint can be tested before it is resumed); its failures never count toward disabling. Answers the delivery: follow it with get-webhook-deliveries. ${NOT_FOUND}`,
  request: WebhookIdRequest,
  response: WebhookDeliveryResponse,
});

export const getWebhookDeliveriesRoute = postRoute({
  name: "get-webhook-deliveries",
  tag: "Webhooks",
  summary: "The delivery log of a webhook endpoint",
  description: `Its deliveries, newest first, each with its status, its attempts and their HTTP statuses and errors; status to filter; keyset cursor (pagination.next_cursor). ${NOT_FOUND}`,
  request: GetWebhookDeliveriesRequest,
  response: GetWebhookDeliveriesResponse,
});

export const redeliverWebhookRoute = postRoute({
  name: "redeliver-webhook",
  tag: "Webhooks",
  summary: "Send a delivery again",
  description:
    "Queues the delivery again now, with the same webhook-id and body, and a fresh retry schedule: a delivered or failed one goes once more, a pending one is sent now. Its endpoint must be active (409 `Webhook is paused: resume it to redeliver`), test deliveries excepted. Another user's delivery, or none: 404 `Delivery not found`.",
  request: RedeliverWebhookRequest,
  response: WebhookDeliveryResponse,
});

/** The headers of every delivery (Standard Webhooks), as the worker sends them (worker/processors/webhook.ts). */
const deliveryHeaders = z.object({
  "webhook-id": z
    .string()
    .describe("The delivery's id, msg_…: the same on every attempt and on a redelivery; drop the ones you have seen"),
  "webhook-timestamp": z.string().describe("The attempt's Unix time, seconds"),
  "webhook-signature": z
    .string()
    .describe("v1,<base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` keyed with the secret's bytes>"),
});

const acknowledged = {
  200: {
    description:
      "Any 2xx acknowledges the delivery. Any other answer, or none within the timeout, is tried again on the retry schedule (docs/streams.md#webhooks).",
  },
};

/**
 * The OpenAPI document's `webhooks`: what the worker POSTs to a registered endpoint, one entry per delivery type
 * (`event.<kind>` for each event kind, and `webhook.test`), each body the strict schema of core/event-schemas.ts.
 */
export function registerWebhookDeliveries(registry: OpenAPIHono["openAPIRegistry"]) {
  for (const kind of EVENT_KINDS) {
    registry.registerWebhook({
      method: "post",
      path: `event.${kind}`,
      tags: ["Webhooks"],
      summary: `The ${kind.replace(/_/g, " ")} event, delivered`,
      description: `The body's data is the event exactly as the streams send it (docs/streams.md). Signed per Standard Webhooks: verify webhook-signature with the endpoint's secret before trusting it.`,
      request: {
        headers: deliveryHeaders,
        body: { content: { "application/json": { schema: webhookEventBody(kind) } } },
      },
      responses: acknowledged,
    });
  }
  registry.registerWebhook({
    method: "post",
    path: "webhook.test",
    tags: ["Webhooks"],
    summary: "A test delivery (test-webhook)",
    request: {
      headers: deliveryHeaders,
      body: { content: { "application/json": { schema: webhookTestBody } } },
    },
    responses: acknowledged,
  });
}
