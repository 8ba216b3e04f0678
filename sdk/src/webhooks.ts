/**
 * Verifying a webhook delivery (Standard Webhooks, over the `standardwebhooks` package): the signature, the timestamp
 * (within 5 minutes) and the body, which comes back typed by the OpenAPI document's `webhooks` (./schema.ts).
 */
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { webhooks } from "./schema.js";

export { WebhookVerificationError };

/** A delivery's type: `event.<kind>` for each event kind, or `webhook.test`. */
export type WebhookType = keyof webhooks;

/** The body of a delivery of type `T`. */
export type WebhookBody<T extends WebhookType = WebhookType> = T extends WebhookType
  ? webhooks[T] extends { post: { requestBody?: { content: { "application/json": infer B } } } }
    ? B
    : never
  : never;

/** The headers a delivery carries: webhook-id, webhook-timestamp, webhook-signature (any case, as Node gives them). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/**
 * The body of a delivery, once its signature verifies with the endpoint's secret (the `whsec_…` create-webhook
 * answered); throws WebhookVerificationError otherwise. Pass the body exactly as received, before any parsing.
 * Deliveries can repeat (retries, redeliveries): drop the `webhook-id`s you have handled.
 */
export function verifyWebhook(secret: string, headers: WebhookHeaders, body: string): WebhookBody {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? (value[0] ?? "") : value;
  }
  return new Webhook(secret).verify(body, flat) as WebhookBody;
}
