/**
 * Quotes where they are cheapest.
 *
 * - **Bonding curve**: the curve math (core/quote.ts, equal to the contract to the wei) over the indexed pool row
 *   the caller already holds (api/services/tokens/lookup.ts keeps it per token until a block writes that token's rows):
 *   microseconds of arithmetic in this process, no I/O.
 * - **Uniswap V3** (graduated): one Multicall3 eth_call (QuoterV2 over every fee tier). A quote is valid for the
 *   indexed block it was made at (core/quote-cache.ts quoteValidity), so it is looked for, in order: in this process (by
 *   key and validity); in the quote cache in Redis, which every API process shares and the worker keeps current
 *   for the quotes polled in the last 30 s, quoting them again on each block (worker/quote-refresher.ts); and
 *   else made here, once for all concurrent identical requests of this process, then written to that cache. A
 *   quote asked for more than once (a client polling it) is marked hot, so the worker keeps it current; one asked
 *   once (each amount a person types) is not re-quoted on every block. A quote written to the cache is announced
 *   to every API process (core/quote-cache.ts askedChannel), so the cache is read only for a quote announced recently
 *   enough to be there: a new amount, which is never there, goes straight to its eth_call without a Redis round
 *   trip first. The announcements are a hint: one missed (a reconnect, a process started since) costs an eth_call
 *   the cache could have saved, never a wrong quote.
 */
import type { Address } from "viem";
import { type QuoteParameters, type QuoteReturnType, quote, quoteFromWire, quoteToWire } from "../../core/quote.js";
import {
  askedChannel,
  type CachedQuote,
  HOT_MS,
  markHot,
  QUOTE_CACHE_TTL_S,
  type QuoteRequest,
  quoteCacheKey,
  quoteCacheNamespace,
  quoteRequestSchema,
  storeQuote,
} from "../../core/quote-cache.js";
import { createRedis } from "../../db/redis.js";
import type { QuoteClient } from "../ports.js";

/** Quotes a process keeps in memory (by key and validity). */
const SEEN_MAX = 10_000;

export type { QuoteClient };

/** Announced keys a process remembers at most, the oldest going first. */
const ANNOUNCED_MAX = 100_000;
/**
 * How long after its announcement a key may still be in the cache: the worker refreshes it while it is hot, each
 * write living QUOTE_CACHE_TTL_S.
 */
const ANNOUNCED_MS = HOT_MS + QUOTE_CACHE_TTL_S * 1_000;

/** Remember `key` as announced now. */
function announce(client: Pick<QuoteClient, "announced">, key: string): void {
  client.announced.delete(key);
  client.announced.set(key, Date.now() + ANNOUNCED_MS);
  if (client.announced.size > ANNOUNCED_MAX) client.announced.delete(client.announced.keys().next().value as string);
}

export type CreateQuoteClientParameters = {
  redisUrl: string;
  /** Queue name prefix (QUEUE_PREFIX); the worker must use the same. */
  prefix?: string;
  log?: (line: string) => void;
};

/** A connection to the shared quote cache. */
export async function createQuoteClient(p: CreateQuoteClientParameters): Promise<QuoteClient> {
  const redis = createRedis(p.redisUrl, {
    log: p.log,
    name: "api quotes",
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
  });
  const namespace = quoteCacheNamespace(p.prefix);
  const client: QuoteClient = {
    redis,
    namespace,
    seen: new Map(),
    inflight: new Map(),
    announced: new Map(),
    hot: new Map(),
    log: p.log,
    async close() {
      subscriber.disconnect();
      redis.disconnect();
    },
  };
  // Its SUBSCRIBE waits for Redis however long it is away (no retry limit: a rejected one would leave nothing to
  // subscribe again), and ioredis subscribes again after each reconnect; what was announced meanwhile is missed (see
  // the file's comment).
  const subscriber = createRedis(p.redisUrl, { log: p.log, name: "api quotes listener", maxRetriesPerRequest: null });
  subscriber.on("message", (_channel: string, key: string) => announce(client, key));
  subscriber.on("error", (error: Error) => p.log?.(`quote announcements: ${error.message}`));
  subscriber.subscribe(askedChannel(namespace)).catch((error: unknown) => {
    p.log?.(`quote announcements not followed: ${error instanceof Error ? error.message : error}`);
  });
  return client;
}

export type RequestQuoteParameters = Omit<QuoteParameters, "mode" | "amount" | "token" | "attribution"> & {
  request: QuoteRequest;
  /** core/quote-cache.ts quoteValidity of the pool state in `pool`. */
  validity: string;
};

/**
 * The quote of `request` over the indexed state given: a curve quote computed here; a graduated one from this
 * process, the shared cache, or one eth_call made now (see the file's comment). Without a client (no Redis), a
 * graduated quote is made every time.
 */
export async function requestQuote(
  client: QuoteClient | undefined,
  p: RequestQuoteParameters,
): Promise<QuoteReturnType> {
  const request = quoteRequestSchema.parse(p.request);
  const params: QuoteParameters = {
    ...p,
    mode: request.mode,
    amount: BigInt(request.amount),
    token: request.token as Address,
    attribution: {
      builder: request.attribution.builder as Address,
      builderFeeBps: request.attribution.builderFeeBps,
      referral: request.attribution.referral as Address,
    },
  };
  if (!p.pool.graduated || !client) return quote(params);
  const key = quoteCacheKey(client.namespace, request);
  const id = `${key}|${p.validity}`;
  const known = client.seen.get(id);
  if (known) {
    polled(client, key, request);
    return known;
  }
  let made = client.inflight.get(id);
  if (made) polled(client, key, request);
  else {
    made = makeGraduatedQuote(client, key, request, p.validity, params).finally(() => client.inflight.delete(id));
    client.inflight.set(id, made);
  }
  return remember(client, id, await made);
}

/**
 * `request` is asked for again: mark it hot, so the worker keeps it current (core/quote-cache.ts markHot). Written at most once
 * per half of HOT_MS per key from this process; the answer does not wait for it.
 */
function polled(client: QuoteClient, key: string, request: QuoteRequest): void {
  if (!claimHot(client, key)) return;
  // Kept current by the worker from now on, so in the cache for as long again.
  announce(client, key);
  markHot(client.redis, client.namespace, request).catch((error: unknown) =>
    client.log?.(`quote hot mark failed: ${error instanceof Error ? error.message : error}`),
  );
}

/** Whether `key` is to be marked hot now (not marked by this process in the last half of HOT_MS); if so, noted. */
function claimHot(client: QuoteClient, key: string): boolean {
  const now = Date.now();
  if ((client.hot.get(key) ?? 0) > now + HOT_MS / 2) return false;
  client.hot.delete(key);
  client.hot.set(key, now + HOT_MS);
  if (client.hot.size > ANNOUNCED_MAX) client.hot.delete(client.hot.keys().next().value as string);
  return true;
}

async function makeGraduatedQuote(
  client: QuoteClient,
  key: string,
  request: QuoteRequest,
  validity: string,
  params: QuoteParameters,
): Promise<QuoteReturnType> {
  const until = client.announced.get(key);
  // Announced: asked for before, here or in another process, so asked again now.
  const again = until !== undefined && until > Date.now();
  const cached = again ? await client.redis.get(key).catch(() => null) : null;
  if (cached !== null) {
    const entry = JSON.parse(cached) as CachedQuote;
    if (entry.ok && entry.validity === validity) {
      polled(client, key, request);
      return quoteFromWire(entry.quote);
    }
  }
  const q = await quote(params);
  announce(client, key);
  const hot = again && claimHot(client, key);
  // Shared with the other processes, and kept current by the worker once asked for again; the answer does not wait.
  storeQuote(client.redis, client.namespace, request, { ok: true, validity, quote: quoteToWire(q) }, hot).catch(
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
