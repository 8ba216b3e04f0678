/**
 * Quote jobs: the worker quotes one launchpad trade (core/quote.ts) over the indexed pool state it reads itself,
 * and caches the answer in Redis under the state it is valid for, where every API process reads it
 * (api/services/quotes.ts). A request that finds no valid entry enqueues a job and waits for its result.
 *
 * Validity: a curve quote depends only on its pool row, so it stays valid until the pool's last change (the block
 * number and hash of `updated_block`) moves; a Uniswap V3 quote depends on pools the indexer does not all follow
 * (the other fee tiers), so it is valid for the indexed block it was made at, and its own pool's last change. The
 * validity is a string both sides derive from the indexed state they read (core/jobs.ts quoteValidity).
 *
 * Refresh: each quote a request asked for stays "hot" for HOT_MS. When a block is indexed the worker quotes every
 * hot entry again whose validity moved (refreshHotQuotes), so a client polling the same quote finds it ready.
 */
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Address } from "viem";
import type { Deployment } from "../../core/deployment.js";
import { AppError } from "../../core/errors.js";
import {
  hotSetKey,
  type QuoteJob,
  type QuoteJobResult,
  quoteCacheKey,
  quoteJobSchema,
  quoteValidity,
} from "../../core/jobs.js";
import { quote, quoteToWire } from "../../core/quote.js";
import { readQuotePool } from "../../db/indexed/deployments.js";

/** How long a requested quote is refreshed on new blocks after the request, ms. */
export const HOT_MS = 30_000;
/** How long a cache entry lives without being refreshed, seconds. */
const CACHE_TTL_S = 120;

export type QuoteProcessorDeps = {
  db: pg.Pool;
  /** Postgres schema the indexer writes (pools and checkpoints). */
  indexerSchema: string;
  /** Deployment and RPC URL of each chain slug this worker quotes on. */
  chains: Map<string, Chain>;
  redis: Redis;
  /** Name of the quote queue: the cache and the hot set live under it. */
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
  await deps.redis.set(quoteCacheKey(deps.queueName, job), JSON.stringify(result), "EX", CACHE_TTL_S);
  return result;
}

/**
 * Quote `data` over the pool as indexed now, cache it under its validity and return it. An application error (an
 * amount the curve cannot fill, every fee tier failing, the chain's RPC not answering) is the answer, returned,
 * not a failed job; anything else (Postgres unreachable, a bug) fails the job, and the request waiting on it.
 */
export async function processQuote(deps: QuoteProcessorDeps, data: unknown): Promise<QuoteJobResult> {
  const job = quoteJobSchema.parse(data);
  try {
    const chain = deps.chains.get(job.chainSlug);
    if (!chain) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${job.chainSlug}`);
    const state = await readPool(deps, chain.deployment.chainId, job.chainSlug, job.token as Address);
    return await quoteAndCache(deps, job, chain, state);
  } catch (error) {
    if (error instanceof AppError) {
      return {
        ok: false,
        error: { code: error.code, message: error.message, status: error.status, details: error.details },
      };
    }
    throw error;
  }
}

/** Mark `job` as asked for: refreshHotQuotes keeps it current for HOT_MS from now. */
export async function markHot(deps: QuoteProcessorDeps, job: QuoteJob): Promise<void> {
  const key = hotSetKey(deps.queueName);
  // The set itself expires with its newest member, so an idle queue leaves nothing behind.
  await deps.redis
    .multi()
    .zadd(key, Date.now() + HOT_MS, JSON.stringify(job))
    .pexpire(key, HOT_MS)
    .exec();
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
