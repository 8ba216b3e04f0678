/**
 * Queue names and job schemas. Job data is parsed with these schemas when a job is enqueued and again when it is
 * processed, so a malformed job fails loudly at either end. Jobs carry ids only: keys, signed bytes and amounts
 * stay in Postgres.
 */
import { z } from "zod";

export const queueNames = {
  /** Sends an intent's transaction: simulate, sign, broadcast, track the receipt. */
  execute: "execute",
  /** Quotes one launchpad trade (worker/processors/quote.ts) and caches the answer. */
  quote: "quote",
} as const;

export const executeJobSchema = z.object({ intentId: z.uuid() });
export type ExecuteJob = z.infer<typeof executeJobSchema>;

const address = z.string().regex(/^0x[a-fA-F0-9]{40}$/);
/**
 * One quote: the token on `chainSlug`, the mode, the amount in base units (USDC base units for buyExactIn and
 * sellExactOut, token wei otherwise) and the EFFECTIVE fee attribution (core/fees.ts effectiveAttribution: what the
 * launchpad will pay under, the token's referral included); it changes the fee split, not the amounts.
 */
export const quoteJobSchema = z.object({
  chainSlug: z.string().min(1),
  token: address,
  mode: z.enum(["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"]),
  amount: z.string().regex(/^[1-9]\d*$/, "a positive whole number of base units"),
  attribution: z.object({ builder: address, builderFeeBps: z.number().int().min(0), referral: address }),
});
export type QuoteJob = z.infer<typeof quoteJobSchema>;

/** Prefix every queue name with QUEUE_PREFIX (tests give each file its own). */
export function queueName(name: keyof typeof queueNames, prefix = process.env.QUEUE_PREFIX ?? ""): string {
  return `${prefix}${queueNames[name]}`;
}
