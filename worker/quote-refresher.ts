/**
 * The graduated quote cache (core/quote-cache.ts), kept current: the API makes a Uniswap V3 quote when it finds none
 * valid and writes it to the cache in Redis; a quote asked for again is marked hot (storeQuote, markHot;
 * api/services/quotes.ts). Each time the indexer commits a block (Postgres LISTEN/NOTIFY through db/versions.ts) the
 * refresher quotes every hot entry of that chain again whose validity moved (refreshHotQuotes), over the pool state it
 * reads itself, so a client polling the same quote finds it ready without a call of its own. It runs no jobs; the
 * worker process (worker/index.ts) starts it beside the execute worker, and tests and benchmarks run the same thing.
 *
 * Validity: a Uniswap V3 quote depends on pools the indexer does not all follow (the other fee tiers), so it is
 * valid for the indexed block it was made at, and its own pool's last change (quoteValidity). Curve quotes are
 * never cached: the API computes them from the indexed pool row it holds.
 */
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Address } from "viem";
import type { Deployment } from "../core/deployment.js";
import { quote, quoteToWire } from "../core/quote.js";
import {
  type CachedQuote,
  hotSetKey,
  QUOTE_CACHE_TTL_S,
  type QuoteRequest,
  quoteCacheKey,
  quoteCacheNamespace,
  quoteRequestSchema,
  quoteValidity,
} from "../core/quote-cache.js";
import { readQuotePool } from "../db/indexed/tokens.js";
import { createRedis } from "../db/redis.js";
import { startVersions } from "../db/versions.js";

export type StartQuoteRefresherParameters = Omit<QuoteRefresherDeps, "redis" | "namespace"> & {
  redisUrl: string;
  databaseUrl: string;
  appSchema: string;
  /** Key prefix (QUEUE_PREFIX), as the API's quote client uses. */
  prefix?: string;
};

export type StartQuoteRefresherReturnType = { namespace: string; close(): Promise<void> };

export async function startQuoteRefresher(p: StartQuoteRefresherParameters): Promise<StartQuoteRefresherReturnType> {
  const namespace = quoteCacheNamespace(p.prefix);
  const redis = createRedis(p.redisUrl, { log: p.log, name: "quote refresher redis", maxRetriesPerRequest: null });
  const deps: QuoteRefresherDeps = { ...p, redis, namespace };

  // One refresh per chain at a time; a block indexed meanwhile runs one more pass after it.
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();
  const refresh = (chainSlug: string) => {
    if (!p.chains.has(chainSlug)) return;
    if (running.has(chainSlug)) {
      again.add(chainSlug);
      return;
    }
    const pass = refreshHotQuotes(deps, chainSlug)
      .then(() => undefined)
      .catch((error: unknown) => p.log?.(`quote refresh failed: ${error instanceof Error ? error.message : error}`))
      .finally(() => {
        running.delete(chainSlug);
        if (again.delete(chainSlug)) refresh(chainSlug);
      });
    running.set(chainSlug, pass);
  };
  const versions = await startVersions({
    databaseUrl: p.databaseUrl,
    appSchema: p.appSchema,
    indexerSchema: p.indexerSchema,
    onIndexed: (chainSlug) => refresh(chainSlug),
    log: p.log,
  });
  return {
    namespace,
    async close() {
      await versions.stop();
      await Promise.all(running.values());
      redis.disconnect();
    },
  };
}

export type QuoteRefresherDeps = {
  db: pg.Pool;
  /** Postgres schema the indexer writes (pools and checkpoints). */
  indexerSchema: string;
  /** Deployment and RPC URL of each chain slug this worker quotes on. */
  chains: Map<string, Chain>;
  redis: Redis;
  /** The quote cache's namespace: the cache and the hot set live under it (core/quote-cache.ts). */
  namespace: string;
  log?: (line: string) => void;
};

/** The pool of `token` on `chainId` as indexed, the indexed block, and the quote's validity under them. */
async function readPool(deps: QuoteRefresherDeps, chainId: number, chainSlug: string, token: Address) {
  const { pool, indexedBlock } = await readQuotePool(deps.db, deps, { chainId, chainSlug }, token);
  return { pool, indexedBlock, validity: quoteValidity(pool, indexedBlock) };
}

type PoolState = Awaited<ReturnType<typeof readPool>>;
type Chain = { deployment: Deployment; rpcUrl: string };

/** Quote `request` over `state`, and cache the quote under the state's validity. */
async function quoteAndCache(deps: QuoteRefresherDeps, request: QuoteRequest, chain: Chain, state: PoolState) {
  const q = await quote({
    mode: request.mode,
    amount: BigInt(request.amount),
    token: request.token as Address,
    pool: state.pool,
    contracts: chain.deployment.contracts,
    rpcUrl: chain.rpcUrl,
    indexedBlock: state.indexedBlock,
    attribution: {
      builder: request.attribution.builder as Address,
      builderFeeBps: request.attribution.builderFeeBps,
      referral: request.attribution.referral as Address,
    },
  });
  const result: CachedQuote = { ok: true, validity: state.validity, quote: quoteToWire(q) };
  await deps.redis.set(quoteCacheKey(deps.namespace, request), JSON.stringify(result), "EX", QUOTE_CACHE_TTL_S);
  return result;
}

/**
 * After a block of `chainSlug` is indexed: quote again every hot entry of that chain whose validity moved (its
 * curve pool traded, or any V3 quote at a new block), so that requests find them ready. Expired entries leave the
 * hot set. Returns how many were quoted again.
 */
export async function refreshHotQuotes(deps: QuoteRefresherDeps, chainSlug: string): Promise<number> {
  const key = hotSetKey(deps.namespace);
  const now = Date.now();
  await deps.redis.zremrangebyscore(key, "-inf", now);
  const members = await deps.redis.zrangebyscore(key, now, "+inf");
  let refreshed = 0;
  for (const member of members) {
    const parsed = quoteRequestSchema.safeParse(JSON.parse(member));
    if (!parsed.success || parsed.data.chainSlug !== chainSlug) continue;
    const chain = deps.chains.get(chainSlug);
    if (!chain) continue;
    try {
      const [cached, state] = await Promise.all([
        deps.redis.get(quoteCacheKey(deps.namespace, parsed.data)),
        readPool(deps, chain.deployment.chainId, chainSlug, parsed.data.token as Address),
      ]);
      const current = cached ? (JSON.parse(cached) as CachedQuote) : null;
      if (current?.ok && current.validity === state.validity) continue;
      await quoteAndCache(deps, parsed.data, chain, state);
      refreshed++;
    } catch (error) {
      deps.log?.(`quote refresh of ${member} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return refreshed;
}
