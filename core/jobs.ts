/**
 * Queue names and job schemas, and the graduated quote cache's entries, keys and validity, which the API writes
 * when it makes a quote (api/services/quotes.ts) and the worker keeps current (worker/processors/quote.ts). Job data
 * is parsed with these schemas when a job is enqueued and again when it is processed, so a malformed job fails
 * loudly at either end. Jobs carry ids only: keys, signed bytes and amounts stay in Postgres.
 */
import { z } from "zod";
import type { ErrorCode } from "./errors.js";
import { QUOTE_MODES, type QuoteWire } from "./quote.js";

export const queueNames = {
  /** Sends an intent's transaction: simulate, sign, broadcast, track the receipt. */
  execute: "execute",
  /** Names the graduated quote cache and its hot set (no jobs run on it). */
  quote: "quote",
  /** Sends one webhook delivery (worker/processors/webhook.ts); the job id is the delivery id. */
  webhook: "webhook",
} as const;

export const executeJobSchema = z.object({ intentId: z.uuid() });
export type ExecuteJob = z.infer<typeof executeJobSchema>;

/** A webhook delivery's id (its webhook-id): the URL, the secret and the event stay in Postgres. */
export const webhookJobSchema = z.object({ deliveryId: z.string().regex(/^msg_[A-Za-z0-9]{1,64}$/) });
export type WebhookJob = z.infer<typeof webhookJobSchema>;

const address = z.string().regex(/^0x[a-fA-F0-9]{40}$/);
/**
 * One quote: the token on `chainSlug`, the mode, the amount in base units (USDC base units for buyExactIn and
 * sellExactOut, token wei otherwise) and the EFFECTIVE fee attribution (core/fees.ts effectiveAttribution: what the
 * launchpad will pay under, the token's referral included); it changes the fee split, not the amounts.
 */
export const quoteJobSchema = z.object({
  chainSlug: z.string().min(1),
  token: address,
  mode: z.enum(QUOTE_MODES),
  amount: z.string().regex(/^[1-9]\d*$/, "a positive whole number of base units"),
  attribution: z.object({ builder: address, builderFeeBps: z.number().int().min(0), referral: address }),
});
export type QuoteJob = z.infer<typeof quoteJobSchema>;

/** Prefix every queue name with QUEUE_PREFIX (tests give each file its own). */
export function queueName(name: keyof typeof queueNames, prefix = process.env.QUEUE_PREFIX ?? ""): string {
  return `${prefix}${queueNames[name]}`;
}

export type QuoteJobError = { code: ErrorCode; message: string; status: number; details: Record<string, unknown> };
/** A job's return value: a quote and its validity, or the error a request for it answers. */
export type QuoteJobResult = { ok: true; validity: string; quote: QuoteWire } | { ok: false; error: QuoteJobError };

/** Redis keys of one quote's data: its cache entry and the hot set it is a member of. */
export const quoteCacheKey = (queueName: string, job: QuoteJob) =>
  `${queueName}:cache:${job.chainSlug}:${job.token.toLowerCase()}:${job.mode}:${job.amount}:${job.attribution.builder.toLowerCase()}:${job.attribution.builderFeeBps}:${job.attribution.referral.toLowerCase()}`;
export const hotSetKey = (queueName: string) => `${queueName}:hot`;
/** The channel on which every quote written to the cache by a request is announced (its cache key). */
export const askedChannel = (queueName: string) => `${queueName}:asked`;

/** How long a quote asked for is kept current on new blocks after the request, ms. */
export const HOT_MS = 30_000;
/** How long a cache entry lives without being refreshed, seconds. */
export const QUOTE_CACHE_TTL_S = 120;

/** The Redis commands the quote cache uses (ioredis fits). */
type QuoteCacheRedis = {
  multi(): {
    set(key: string, value: string, ex: "EX", seconds: number): unknown;
    zadd(key: string, score: number, member: string): unknown;
    pexpire(key: string, ms: number): unknown;
    publish(channel: string, message: string): unknown;
    exec(): Promise<unknown>;
  };
};

/**
 * Write a quote to the cache and announce its key on askedChannel, in one round trip; with `hot`, also mark it hot
 * (kept current by the worker for HOT_MS, see markHot). The hot set expires with its newest member, so an idle queue
 * leaves nothing behind.
 */
export async function storeQuote(
  redis: QuoteCacheRedis,
  queueName: string,
  job: QuoteJob,
  result: QuoteJobResult,
  hot: boolean,
): Promise<void> {
  const m = redis.multi();
  m.set(quoteCacheKey(queueName, job), JSON.stringify(result), "EX", QUOTE_CACHE_TTL_S);
  if (hot) addHot(m, queueName, job);
  m.publish(askedChannel(queueName), quoteCacheKey(queueName, job));
  await m.exec();
}

/**
 * Mark `job` hot for HOT_MS: the worker quotes it again on every block meanwhile. Only a quote asked for more than
 * once is (a client polling it): the amounts a person types into a trade box are each asked once, and quoting every
 * one of them again on every block for HOT_MS would cost an eth_call each per block for nobody.
 */
export async function markHot(redis: Pick<QuoteCacheRedis, "multi">, queueName: string, job: QuoteJob): Promise<void> {
  const m = redis.multi();
  addHot(m, queueName, job);
  await m.exec();
}

function addHot(m: ReturnType<QuoteCacheRedis["multi"]>, queueName: string, job: QuoteJob): void {
  m.zadd(hotSetKey(queueName), Date.now() + HOT_MS, JSON.stringify(job));
  m.pexpire(hotSetKey(queueName), HOT_MS);
}

/**
 * The validity string of a quote over a pool in the state `pool` at indexed block `indexedBlock`. A curve quote is
 * valid while the pool row is the one last changed in block `updatedBlock` with hash `updatedBlockHash`; a Uniswap
 * V3 quote (its other fee tiers are pools the indexer does not follow) only at the indexed block it was made at, and
 * while its own pool's last change is that same block. Keyed on the block hash, so that a reorg that replaces the
 * block of the pool's last change at the same height invalidates what was cached over it.
 */
export function quoteValidity(
  pool: { graduated: boolean; updatedBlock: bigint; updatedBlockHash: string },
  indexedBlock: bigint | null,
): string {
  const changed = `${pool.updatedBlock}:${pool.updatedBlockHash.toLowerCase()}`;
  return pool.graduated ? `block:${indexedBlock ?? "?"}:pool:${changed}` : `pool:${changed}`;
}
