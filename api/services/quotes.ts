/**
 * Quotes where they are cheapest.
 *
 * - **Bonding curve**: the curve math (core/quote.ts, equal to the contract to the wei) over the indexed pool row
 *   the caller already holds (api/services/tokens.ts keeps it per token until a block writes that token's rows):
 *   microseconds of arithmetic in this process, no I/O.
 * - **Uniswap V3** (graduated): one Multicall3 eth_call (QuoterV2 over every fee tier). A quote is valid for the
 *   indexed block it was made at (core/jobs.ts quoteValidity), so it is looked for, in order: in this process (by
 *   key and validity); in the quote cache in Redis, which every API process shares and the worker keeps current
 *   for the quotes asked for in the last 30 s, quoting them again on each block (worker/processors/quote.ts); and
 *   else made here, once for all concurrent identical requests of this process, then written to that cache and
 *   marked hot so the worker keeps it current.
 */
import type { Redis } from "ioredis";
import { Redis as RedisClient } from "ioredis";
import type { Address } from "viem";
import {
  type QuoteJob,
  type QuoteJobResult,
  queueName,
  quoteCacheKey,
  quoteJobSchema,
  storeHotQuote,
} from "../../core/jobs.js";
import { type QuoteParameters, type QuoteReturnType, quote, quoteFromWire, quoteToWire } from "../../core/quote.js";

/** Quotes a process keeps in memory (by key and validity). */
const SEEN_MAX = 10_000;

export type QuoteClient = {
  /** The quote cache the worker refreshes (no key prefix: the worker reads and writes the same keys). */
  redis: Redis;
  /** The quote queue's name: the cache and the hot set live under it (core/jobs.ts). */
  queueName: string;
  /** Quotes made or read before, by cache key and validity (a quote of one state never changes). */
  seen: Map<string, QuoteReturnType>;
  /** Graduated quotes being made now, by cache key and validity: concurrent identical requests share one call. */
  inflight: Map<string, Promise<QuoteReturnType>>;
  log?: (line: string) => void;
  close(): Promise<void>;
};

export type CreateQuoteClientParameters = {
  redisUrl: string;
  /** Queue name prefix (QUEUE_PREFIX); the worker must use the same. */
  prefix?: string;
  log?: (line: string) => void;
};

/** A connection to the shared quote cache. */
export async function createQuoteClient(p: CreateQuoteClientParameters): Promise<QuoteClient> {
  const redis = new RedisClient(p.redisUrl, { maxRetriesPerRequest: 2, enableAutoPipelining: true });
  return {
    redis,
    queueName: queueName("quote", p.prefix),
    seen: new Map(),
    inflight: new Map(),
    log: p.log,
    async close() {
      redis.disconnect();
    },
  };
}

export type RequestQuoteParameters = Omit<QuoteParameters, "mode" | "amount" | "token" | "attribution"> & {
  job: QuoteJob;
  /** core/jobs.ts quoteValidity of the pool state in `pool`. */
  validity: string;
};

/**
 * The quote of `job` over the indexed state given: a curve quote computed here; a graduated one from this
 * process, the shared cache, or one eth_call made now (see the file's comment). Without a client (no Redis), a
 * graduated quote is made every time.
 */
export async function requestQuote(
  client: QuoteClient | undefined,
  p: RequestQuoteParameters,
): Promise<QuoteReturnType> {
  const job = quoteJobSchema.parse(p.job);
  const params: QuoteParameters = {
    ...p,
    mode: job.mode,
    amount: BigInt(job.amount),
    token: job.token as Address,
    attribution: {
      builder: job.attribution.builder as Address,
      builderFeeBps: job.attribution.builderFeeBps,
      referral: job.attribution.referral as Address,
    },
  };
  if (!p.pool.graduated || !client) return quote(params);
  const key = quoteCacheKey(client.queueName, job);
  const id = `${key}|${p.validity}`;
  const known = client.seen.get(id);
  if (known) return known;
  let made = client.inflight.get(id);
  if (!made) {
    made = makeGraduatedQuote(client, key, job, p.validity, params).finally(() => client.inflight.delete(id));
    client.inflight.set(id, made);
  }
  return remember(client, id, await made);
}

async function makeGraduatedQuote(
  client: QuoteClient,
  key: string,
  job: QuoteJob,
  validity: string,
  params: QuoteParameters,
): Promise<QuoteReturnType> {
  const cached = await client.redis.get(key).catch(() => null);
  if (cached !== null) {
    const entry = JSON.parse(cached) as QuoteJobResult;
    if (entry.ok && entry.validity === validity) return quoteFromWire(entry.quote);
  }
  const q = await quote(params);
  // Shared with the other processes and kept current by the worker; the answer does not wait for it.
  storeHotQuote(client.redis, client.queueName, job, { ok: true, validity, quote: quoteToWire(q) }).catch(
    (error: unknown) => client.log?.(`quote cache write failed: ${error instanceof Error ? error.message : error}`),
  );
  return q;
}

/** Keep `quote` under `id` (key and validity), the oldest going first past SEEN_MAX. */
function remember(client: QuoteClient, id: string, quote: QuoteReturnType): QuoteReturnType {
  client.seen.delete(id);
  client.seen.set(id, quote);
  if (client.seen.size > SEEN_MAX) client.seen.delete(client.seen.keys().next().value as string);
  return quote;
}
