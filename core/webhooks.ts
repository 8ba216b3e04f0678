/**
 * Webhooks' shared rules (issue 16): what the API registers and the worker delivers. An endpoint listens on channels
 * named as subscriptions name them (core/events.ts); each event of the log (the `events` table) whose keys match
 * becomes one delivery, sent by the worker as a Standard Webhooks request (`webhook-id` = the delivery's id,
 * `webhook-timestamp`, `webhook-signature`) whose body is `webhookBody`.
 */
import type { StreamEvent } from "./events.js";

/** Endpoints a user may have at once. */
export const MAX_WEBHOOKS_PER_USER = 10;
/** Longest endpoint description, characters. */
export const MAX_WEBHOOK_DESCRIPTION = 500;
/** Secrets are `whsec_` and the base64 of this many random bytes, as Standard Webhooks writes them. */
export const WEBHOOK_SECRET_BYTES = 32;
export const WEBHOOK_SECRET_PREFIX = "whsec_";

export const WEBHOOK_STATUSES = ["active", "paused", "disabled"] as const;
export type WebhookStatus = (typeof WEBHOOK_STATUSES)[number];
export const DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The payload type of a test delivery (test-webhook). Event deliveries are `event.<kind>`. */
export const WEBHOOK_TEST_TYPE = "webhook.test";

/**
 * Delays between attempts (the Standard Webhooks reference schedule): after the first attempt fails, retries 5 s,
 * 5 min, 30 min, 2 h, 5 h, 10 h and 10 h later, 8 attempts over 27 h 35 min 5 s. WEBHOOK_RETRY_SCHEDULE replaces it.
 */
export const DEFAULT_WEBHOOK_RETRY_SCHEDULE = "5s,5m,30m,2h,5h,10h,10h";

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const;

/** `5s,5m,2h` as milliseconds, or null when it is not such a list (whole numbers with ms, s, m or h). */
export function parseDurations(list: string): number[] | null {
  const parts = list.split(",").map((p) => p.trim());
  const out: number[] = [];
  for (const part of parts) {
    const m = /^(\d{1,9})(ms|s|m|h)$/.exec(part);
    if (!m) return null;
    out.push(Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS]);
  }
  return out;
}

/** The Postgres channel on which the API asks the worker to send an endpoint's pending deliveries now. */
export const webhookWakeChannel = (appSchema: string) => `${appSchema}_webhooks`;

/** The JSON body of a delivery. `timestamp` is when the event was logged (or the test was asked for), ISO 8601. */
export type WebhookBody =
  | { type: `event.${string}`; timestamp: string; data: StreamEvent }
  | { type: typeof WEBHOOK_TEST_TYPE; timestamp: string; data: { webhook_id: string; message: string } };

/** The body of an event's delivery. */
export function eventWebhookBody(event: StreamEvent): WebhookBody {
  return { type: `event.${event.kind}`, timestamp: event.createdAt, data: event };
}

/** The body of a test delivery to endpoint `webhookId`, asked for at `at`. */
export function testWebhookBody(webhookId: string, at: Date): WebhookBody {
  return {
    type: WEBHOOK_TEST_TYPE,
    timestamp: at.toISOString(),
    data: { webhook_id: webhookId, message: "A test delivery from test-webhook" },
  };
}
