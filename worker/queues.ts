/**
 * Queue names and job schemas. Job data is parsed with these schemas when a job is enqueued and again when it is
 * processed, so a malformed job fails loudly at either end. Jobs carry ids only: keys, signed bytes and amounts
 * stay in Postgres.
 */
import { z } from "zod";

export const queueNames = {
  /** Sends an intent's transaction: simulate, sign, broadcast, track the receipt. */
  execute: "execute",
} as const;

export const executeJobSchema = z.object({ intentId: z.uuid() });
export type ExecuteJob = z.infer<typeof executeJobSchema>;

/** Prefix every queue name with QUEUE_PREFIX (tests give each file its own). */
export function queueName(name: keyof typeof queueNames, prefix = process.env.QUEUE_PREFIX ?? ""): string {
  return `${prefix}${queueNames[name]}`;
}
