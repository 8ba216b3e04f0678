/**
 * One attempt of a webhook delivery: read it from Postgres, sign it (Standard Webhooks: webhook-id = the delivery
 * id on every attempt, webhook-timestamp = now in seconds, webhook-signature = v1,<HMAC-SHA256>), POST the JSON body
 * to the endpoint over a connection made only to addresses the SSRF rule vetted (core/webhook-url.ts), and record
 * the result (db/webhooks.ts recordAttempt). A 2xx within the timeout delivers it; anything else (another status, a
 * redirect, a refused address, a connection error, a timeout) is a failed attempt, retried on the schedule.
 *
 * Delivery is at least once: a worker killed after the receiver answered but before the attempt was recorded sends
 * it again, with the same webhook-id, which receivers use to drop repeats.
 */
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type pg from "pg";
import { Webhook } from "standardwebhooks";
import { literalHostRefusal, parseWebhookUrl, webhookLookup } from "../../core/webhook-url.js";
import { eventWebhookBody, testWebhookBody, WEBHOOK_TEST_TYPE } from "../../core/webhooks.js";
import { readDeliveryToSend, recordAttempt } from "../../db/webhooks.js";

export type WebhookProcessorDeps = {
  db: pg.Pool;
  appSchema: string;
  /** Delays between attempts, ms; after the last the delivery fails. */
  schedule: readonly number[];
  /** How long one attempt may take, ms. */
  timeoutMs: number;
  /** Failed deliveries in a row that disable an endpoint. */
  disableAfter: number;
  /** WEBHOOK_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  log: (line: string) => void;
};

export type DeliverWebhookReturnType =
  /** Nothing to send: gone, no longer pending, or its endpoint is not active (it waits in Postgres). */
  | { outcome: "skipped"; reason: string }
  /** Run the job again at `at`: the next attempt is due then. */
  | { outcome: "later"; at: Date }
  | { outcome: "delivered" | "failed" | "disabled"; status: number | null; error: string | null };

/** The longest error text kept for an attempt. */
const ERROR_MAX = 500;

/** One attempt of delivery `deliveryId`, if it is due; see the module comment. */
export async function deliverWebhook(
  deps: WebhookProcessorDeps,
  deliveryId: string,
): Promise<DeliverWebhookReturnType> {
  const d = await readDeliveryToSend(deps.db, deps.appSchema, deliveryId);
  if (!d) return { outcome: "skipped", reason: "no such delivery" };
  if (d.status !== "pending") return { outcome: "skipped", reason: `delivery is ${d.status}` };
  // A paused or disabled endpoint's deliveries wait; a test delivery goes whatever the endpoint's status.
  if (d.endpointStatus !== "active" && d.type !== WEBHOOK_TEST_TYPE) {
    return { outcome: "skipped", reason: `endpoint is ${d.endpointStatus}` };
  }
  if (d.nextAttemptAt.getTime() > Date.now() + 20) return { outcome: "later", at: d.nextAttemptAt };

  // The same body on every attempt: only the timestamp header and the signature over it change.
  const body =
    d.type === WEBHOOK_TEST_TYPE ? testWebhookBody(d.endpointId, d.createdAt) : d.event && eventWebhookBody(d.event);
  const payload = body ? JSON.stringify(body) : null;
  const attemptedAt = new Date();
  const started = performance.now();
  const result = payload
    ? await postWebhook({
        url: d.url,
        body: payload,
        headers: {
          "webhook-id": d.id,
          "webhook-timestamp": String(Math.floor(attemptedAt.getTime() / 1000)),
          "webhook-signature": new Webhook(d.secret).sign(d.id, attemptedAt, payload),
        },
        timeoutMs: deps.timeoutMs,
        allowPrivate: deps.allowPrivate,
      })
    : { status: null, error: "The event of this delivery is no longer in the log" };
  const recorded = await recordAttempt(deps.db, deps.appSchema, {
    deliveryId: d.id,
    attemptsBefore: d.attempts,
    attemptedAt,
    durationMs: Math.round(performance.now() - started),
    status: result.status,
    error: result.error?.slice(0, ERROR_MAX) ?? null,
    schedule: deps.schedule,
    disableAfter: deps.disableAfter,
  });
  if (recorded.outcome === "retry") return { outcome: "later", at: recorded.nextAttemptAt };
  // A redelivery reset the delivery during this attempt: its fresh first attempt is due now.
  if (recorded.outcome === "superseded") return { outcome: "later", at: new Date() };
  if (recorded.outcome === "disabled") deps.log(`webhook ${recorded.endpointId} disabled: deliveries keep failing`);
  return { outcome: recorded.outcome, status: result.status, error: result.error };
}

export type PostWebhookParameters = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivate: boolean;
};

/** What one POST came to: a 2xx (error null), another status, or no response (status null). */
export type PostWebhookReturnType = { status: number | null; error: string | null };

/**
 * POST `body` to `url` once: https only (http too with allowPrivate), no redirects followed, the connection made
 * only to addresses the SSRF rule vetted at this moment, the response's status within `timeoutMs`.
 */
export function postWebhook(p: PostWebhookParameters): Promise<PostWebhookReturnType> {
  let url: URL;
  try {
    url = parseWebhookUrl(p.url, p.allowPrivate);
  } catch (error) {
    return Promise.resolve({ status: null, error: (error as Error).message });
  }
  const refused = literalHostRefusal(url, p.allowPrivate);
  if (refused) return Promise.resolve({ status: null, error: refused });
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((done) => {
    let settled = false;
    const finish = (r: PostWebhookReturnType) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(r);
    };
    const req = request(
      url,
      {
        method: "POST",
        // A connection of its own, made through the vetting lookup: no pooled socket from another resolution.
        agent: false,
        lookup: webhookLookup({ allowPrivate: p.allowPrivate }),
        headers: {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(p.body)),
          "user-agent": "social-token-service-webhooks/1",
          ...p.headers,
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // Only the status counts: the body is drained, and the socket closed at its end or at the deadline.
        res.resume();
        res.once("end", () => req.destroy());
        setTimeout(() => req.destroy(), p.timeoutMs).unref();
        const ok = status >= 200 && status < 300;
        const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
        finish({ status, error: ok ? null : `HTTP ${status}${redirect}` });
      },
    );
    const timer = setTimeout(() => {
      finish({ status: null, error: `Timed out after ${p.timeoutMs} ms` });
      req.destroy();
    }, p.timeoutMs);
    req.on("error", (error) => finish({ status: null, error: error.message }));
    req.end(p.body);
  });
}
