/**
 * startQuoteWorker: the refresh of hot graduated quotes each time the indexer commits a block (Postgres
 * LISTEN/NOTIFY through db/versions.ts; worker/processors/quote.ts). The worker process (worker/index.ts) runs it
 * beside the execute worker; tests and benchmarks run the same thing.
 */
import { queueName } from "../core/jobs.js";
import { createRedis } from "../db/redis.js";
import { startVersions } from "../db/versions.js";
import { type QuoteProcessorDeps, refreshHotQuotes } from "./processors/quote.js";

export type StartQuoteWorkerParameters = Omit<QuoteProcessorDeps, "redis" | "queueName"> & {
  redisUrl: string;
  databaseUrl: string;
  appSchema: string;
  /** Queue name prefix (QUEUE_PREFIX), as the API's quote client uses. */
  prefix?: string;
};

export type StartQuoteWorkerReturnType = { queueName: string; close(): Promise<void> };

export async function startQuoteWorker(p: StartQuoteWorkerParameters): Promise<StartQuoteWorkerReturnType> {
  const name = queueName("quote", p.prefix);
  const redis = createRedis(p.redisUrl, { log: p.log, name: "quote worker redis", maxRetriesPerRequest: null });
  const deps: QuoteProcessorDeps = { ...p, redis, queueName: name };

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
    queueName: name,
    async close() {
      await versions.stop();
      await Promise.all(running.values());
      redis.disconnect();
    },
  };
}
