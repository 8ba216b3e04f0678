/**
 * Quotes through the worker. Every API process reads the quote cache the worker keeps in Redis
 * (worker/processors/quote.ts); an entry counts only under the validity the caller derives from the indexed state it
 * sees (the curve pool's last update, or the indexed block for Uniswap V3). Without a valid entry the request
 * enqueues a quote job and waits for its result through BullMQ's job events. Concurrent requests for the same quote
 * and state share one job (its id is derived from both).
 */
import { createHash } from "node:crypto";
import { Queue, QueueEvents } from "bullmq";
import { Redis } from "ioredis";
import { AppError } from "../../core/errors.js";
import { type QuoteJob, type QuoteJobResult, queueName, quoteCacheKey, quoteJobSchema } from "../../core/jobs.js";
import { type QuoteReturnType, quoteFromWire } from "../../core/quote.js";

/** How long a request waits for a quote job by default, ms. */
export const QUOTE_TIMEOUT_MS = 10_000;
/** Quotes a process keeps in memory (by key and validity). */
const SEEN_MAX = 10_000;

export type QuoteClient = {
  queue: Queue;
  events: QueueEvents;
  /** Reads the quote cache (no key prefix: the worker writes the same keys). */
  redis: Redis;
  queueName: string;
  timeoutMs: number;
  /** Quotes read before, by cache key and validity (a quote of one state never changes). */
  seen: Map<string, QuoteReturnType>;
  close(): Promise<void>;
};

export type CreateQuoteClientParameters = {
  redisUrl: string;
  /** Queue name prefix (QUEUE_PREFIX); the worker must use the same. */
  prefix?: string;
  timeoutMs?: number;
};

/** The quote queue, its events and a cache connection; resolves once the events listen. */
export async function createQuoteClient(p: CreateQuoteClientParameters): Promise<QuoteClient> {
  const name = queueName("quote", p.prefix);
  // BullMQ needs maxRetriesPerRequest null on its connections; the events connection blocks, so it is its own.
  const redis = new Redis(p.redisUrl, { maxRetriesPerRequest: null, enableAutoPipelining: true });
  const queue = new Queue(name, { connection: redis });
  const blocking = new Redis(p.redisUrl, { maxRetriesPerRequest: null });
  const events = new QueueEvents(name, { connection: blocking });
  await events.waitUntilReady();
  return {
    queue,
    events,
    redis,
    queueName: name,
    timeoutMs: p.timeoutMs ?? QUOTE_TIMEOUT_MS,
    seen: new Map(),
    async close() {
      // BullMQ leaves connections it was given open.
      await events.close();
      await queue.close();
      blocking.disconnect();
      redis.disconnect();
    },
  };
}

function answer(result: QuoteJobResult): QuoteReturnType {
  if (result.ok) return quoteFromWire(result.quote);
  const { code, message, status, details } = result.error;
  throw new AppError(code, message, { status, details });
}

/**
 * The quote of `job` valid under `validity`: from the cache, or from a quote job the worker runs now. 503 when no
 * worker answers within the client's timeout.
 */
export async function requestQuote(client: QuoteClient, job: QuoteJob, validity: string): Promise<QuoteReturnType> {
  const data = quoteJobSchema.parse(job);
  const key = quoteCacheKey(client.queueName, data);
  // A quote of one state never changes: this process keeps the ones it read, by key and validity.
  const known = client.seen.get(`${key}|${validity}`);
  if (known) return known;
  const cached = await client.redis.get(key);
  if (cached !== null) {
    const entry = JSON.parse(cached) as QuoteJobResult;
    if (entry.ok && entry.validity === validity) return remember(client, `${key}|${validity}`, answer(entry));
  }
  const jobId = createHash("sha256").update(`${key}|${validity}`).digest("hex");
  const added = await client.queue.add("quote", data, {
    jobId,
    attempts: 1,
    // Kept a few seconds, so that a request arriving just after the job finished shares its result.
    removeOnComplete: { age: 5, count: 10_000 },
    removeOnFail: { age: 5, count: 10_000 },
  });
  let result: unknown;
  try {
    result = await added.waitUntilFinished(client.events, client.timeoutMs);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/timed out before finishing/.test(reason)) {
      await added.remove().catch(() => undefined);
      throw new AppError("NETWORK_ERROR", `Quote unavailable: no quote worker answered within ${client.timeoutMs} ms`, {
        status: 503,
        cause: error,
      });
    }
    throw new AppError("NETWORK_ERROR", "Quote failed: the quote worker could not complete it", { cause: error });
  }
  const done = result as QuoteJobResult;
  const quote = answer(done);
  return done.ok ? remember(client, `${key}|${done.validity}`, quote) : quote;
}

/** Keep `quote` under `id` (key and validity), the oldest going first past SEEN_MAX. */
function remember(client: QuoteClient, id: string, quote: QuoteReturnType): QuoteReturnType {
  client.seen.delete(id);
  client.seen.set(id, quote);
  if (client.seen.size > SEEN_MAX) client.seen.delete(client.seen.keys().next().value as string);
  return quote;
}
