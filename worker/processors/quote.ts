/**
 * The graduated quote cache, kept current: the API makes a Uniswap V3 quote when it finds none valid and writes it
 * to the cache in Redis; a quote asked for again is marked hot (core/jobs.ts storeQuote, markHot;
 * api/services/quotes.ts). Each time a block is indexed the worker quotes every hot entry again whose validity
 * moved (refreshHotQuotes), over the pool state it reads itself, so a client polling the same quote finds it ready
 * without a call of its own.
 *
 * Validity: a Uniswap V3 quote depends on pools the indexer does not all follow (the other fee tiers), so it is
 * valid for the indexed block it was made at, and its own pool's last change (core/jobs.ts quoteValidity). Curve
 * quotes are never cached: the API computes them from the indexed pool row it holds.
 */
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Address } from "viem";
import type { Deployment } from "../../core/deployment.js";
import {
  hotSetKey,
  QUOTE_CACHE_TTL_S,
  type QuoteJob,
  type QuoteJobResult,
  quoteCacheKey,
  quoteJobSchema,
  quoteValidity,
} from "../../core/jobs.js";
import { quote, quoteToWire } from "../../core/quote.js";
import { readQuotePool } from "../../db/indexed/deployments.js";

export type QuoteProcessorDeps = {
  db: pg.Pool;
  /** Postgres schema the indexer writes (pools and checkpoints). */
  indexerSchema: string;
  /** Deployment and RPC URL of each chain slug this worker quotes on. */
  chains: Map<string, Chain>;
  redis: Redis;
  /** Name of the quote queue: the cache and the hot set live under it (core/jobs.ts). */
  queueName: string;
  log?: (line: string) => void;
};

/** The pool of `token` on `chainId` as indexed, the indexed block, and the quote's validity under them. */
async function readPool(deps: QuoteProcessorDeps, chainId: number, chainSlug: string, token: Address) {
  const { pool, indexedBlock } = await readQuotePool(deps.db, deps, { chainId, chainSlug }, token);
  return { pool, indexedBlock, validity: quoteValidity(pool, indexedBlock) };
}

type PoolState = Awaited<ReturnType<typeof readPool>>;
type Chain = { deployment: Deployment; rpcUrl: string };

/** Quote `job` over `state`, and cache the quote under the state's validity. */
async function quoteAndCache(deps: QuoteProcessorDeps, job: QuoteJob, chain: Chain, state: PoolState) {
  const q = await quote({
    mode: job.mode,
    amount: BigInt(job.amount),
    token: job.token as Address,
    pool: state.pool,
    contracts: chain.deployment.contracts,
    rpcUrl: chain.rpcUrl,
    indexedBlock: state.indexedBlock,
    attribution: {
      builder: job.attribution.builder as Address,
      builderFeeBps: job.attribution.builderFeeBps,
      referral: job.attribution.referral as Address,
    },
  });
  const result: QuoteJobResult = { ok: true, validity: state.validity, quote: quoteToWire(q) };
  await deps.redis.set(quoteCacheKey(deps.queueName, job), JSON.stringify(result), "EX", QUOTE_CACHE_TTL_S);
  return result;
}

/**
 * After a block of `chainSlug` is indexed: quote again every hot entry of that chain whose validity moved (its
 * curve pool traded, or any V3 quote at a new block), so that requests find them ready. Expired entries leave the
 * hot set. Returns how many were quoted again.
 */
export async function refreshHotQuotes(deps: QuoteProcessorDeps, chainSlug: string): Promise<number> {
  const key = hotSetKey(deps.queueName);
  const now = Date.now();
  await deps.redis.zremrangebyscore(key, "-inf", now);
  const members = await deps.redis.zrangebyscore(key, now, "+inf");
  let refreshed = 0;
  for (const member of members) {
    const job = quoteJobSchema.safeParse(JSON.parse(member));
    if (!job.success || job.data.chainSlug !== chainSlug) continue;
    const chain = deps.chains.get(chainSlug);
    if (!chain) continue;
    try {
      const [cached, state] = await Promise.all([
        deps.redis.get(quoteCacheKey(deps.queueName, job.data)),
        readPool(deps, chain.deployment.chainId, chainSlug, job.data.token as Address),
      ]);
      const current = cached ? (JSON.parse(cached) as QuoteJobResult) : null;
      if (current?.ok && current.validity === state.validity) continue;
      await quoteAndCache(deps, job.data, chain, state);
      refreshed++;
    } catch (error) {
      deps.log?.(`quote refresh of ${member} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return refreshed;
}
