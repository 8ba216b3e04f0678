/**
 * The worker's BullMQ queues and their job schemas. Job data is parsed with these schemas when a job is enqueued and
 * again when it is processed, so a malformed job fails loudly at either end. Jobs carry ids only: keys, signed bytes
 * and amounts stay in Postgres. (The graduated quote cache is not a queue: core/quote-cache.ts.)
 */
import { z } from "zod";

export const queueNames = {
  /** Sends an intent's transaction: simulate, sign, broadcast, track the receipt. */
  execute: "execute",
  /** Sends one webhook delivery (worker/processors/webhook.ts); the job id is the delivery id. */
  webhook: "webhook",
} as const;

export const executeJobSchema = z.object({ intentId: z.uuid() });
export type ExecuteJob = z.infer<typeof executeJobSchema>;

/** A webhook delivery's id (its webhook-id): the URL, the secret and the event stay in Postgres. */
export const webhookJobSchema = z.object({ deliveryId: z.string().regex(/^msg_[A-Za-z0-9]{1,64}$/) });
export type WebhookJob = z.infer<typeof webhookJobSchema>;

/** Prefix every queue name with QUEUE_PREFIX (tests give each file its own). */
export function queueName(name: keyof typeof queueNames, prefix = process.env.QUEUE_PREFIX ?? ""): string {
  return `${prefix}${queueNames[name]}`;
}
