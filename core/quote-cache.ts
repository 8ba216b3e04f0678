/**
 * The graduated quote cache, in Redis: its entries, keys and validity. The API writes a quote there when it makes one
 * (api/services/quotes.ts), and the worker keeps the ones clients poll current on each indexed block
 * (worker/quote-refresher.ts). Every key lives under one namespace (quoteCacheNamespace), prefixed like the queues.
 */
import { z } from "zod";
import type { ErrorCode } from "./errors.js";
import { QUOTE_MODES, type QuoteWire } from "./quote.js";

/** The namespace every key of the quote cache lives under: `quote`, after QUEUE_PREFIX (tests give each file its own). */
export function quoteCacheNamespace(prefix = process.env.QUEUE_PREFIX ?? ""): string {
  return `${prefix}quote`;
}

const address = z.string().regex(/^0x[a-fA-F0-9]{40}$/);
/**
 * One quote: the token on `chainSlug`, the mode, the amount in base units (USDC base units for buyExactIn and
 * sellExactOut, token wei otherwise) and the EFFECTIVE fee attribution (core/fees.ts effectiveAttribution: what the
 * launchpad will pay under, the token's referral included); it changes the fee split, not the amounts.
 */
export const quoteRequestSchema = z.object({
  chainSlug: z.string().min(1),
  token: address,
  mode: z.enum(QUOTE_MODES),
  amount: z.string().regex(/^[1-9]\d*$/, "a positive whole number of base units"),
  attribution: z.object({ builder: address, builderFeeBps: z.number().int().min(0), referral: address }),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export type QuoteFailure = { code: ErrorCode; message: string; status: number; details: Record<string, unknown> };
/** A cache entry: a quote and its validity, or the error a request for it answers. */
export type CachedQuote = { ok: true; validity: string; quote: QuoteWire } | { ok: false; error: QuoteFailure };

/** Redis keys of one quote's data: its cache entry and the hot set it is a member of. */
export const quoteCacheKey = (namespace: string, request: QuoteRequest) =>
  `${namespace}:cache:${request.chainSlug}:${request.token.toLowerCase()}:${request.mode}:${request.amount}:${request.attribution.builder.toLowerCase()}:${request.attribution.builderFeeBps}:${request.attribution.referral.toLowerCase()}`;
export const hotSetKey = (namespace: string) => `${namespace}:hot`;
/** The channel on which every quote written to the cache by a request is announced (its cache key). */
export const askedChannel = (namespace: string) => `${namespace}:asked`;

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
 * (kept current by the worker for HOT_MS, see markHot). The hot set expires with its newest member, so an idle cache
 * leaves nothing behind.
 */
export async function storeQuote(
  redis: QuoteCacheRedis,
  namespace: string,
  request: QuoteRequest,
  result: CachedQuote,
  hot: boolean,
): Promise<void> {
  const m = redis.multi();
  m.set(quoteCacheKey(namespace, request), JSON.stringify(result), "EX", QUOTE_CACHE_TTL_S);
  if (hot) addHot(m, namespace, request);
  m.publish(askedChannel(namespace), quoteCacheKey(namespace, request));
  await m.exec();
}

/**
 * Mark `request` hot for HOT_MS: the worker quotes it again on every block meanwhile. Only a quote asked for more than
 * once is (a client polling it): the amounts a person types into a trade box are each asked once, and quoting every
 * one of them again on every block for HOT_MS would cost an eth_call each per block for nobody.
 */
export async function markHot(
  redis: Pick<QuoteCacheRedis, "multi">,
  namespace: string,
  request: QuoteRequest,
): Promise<void> {
  const m = redis.multi();
  addHot(m, namespace, request);
  await m.exec();
}

function addHot(m: ReturnType<QuoteCacheRedis["multi"]>, namespace: string, request: QuoteRequest): void {
  m.zadd(hotSetKey(namespace), Date.now() + HOT_MS, JSON.stringify(request));
  m.pexpire(hotSetKey(namespace), HOT_MS);
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
