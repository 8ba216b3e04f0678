/**
 * depsFromEnv: the API's outside world built from the environment, as api/server.ts and the MCP stdio entry
 * (scripts/mcp-stdio.ts) both need it: the app schema migrated, the Postgres pool, Redis, the deployments and RPC
 * URLs of API_CHAINS (default CHAIN_SLUG), the chain-head poller, the change versions (db/versions.ts),
 * the worker's execute queue and its quote queue and cache. `close` releases all.
 */
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { readDeployment } from "../core/deployment.js";
import { type Env, rpcUrlFor } from "../core/env.js";
import { queueName } from "../core/jobs.js";
import { migrate } from "../db/migrate.js";
import { startVersions } from "../db/versions.js";
import type { ApiConfig, ApiDeps } from "./deps.js";
import { startChainHead } from "./services/chain-head.js";
import { createQuoteClient } from "./services/quotes.js";

/**
 * The API's Redis connection (rate limits). Auto-pipelining sends the commands of one event-loop tick in one write:
 * under concurrent requests that is one socket write for many rate-limit checks instead of one each.
 */
export function createApiRedis(url: string, keyPrefix?: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableAutoPipelining: true, ...(keyPrefix ? { keyPrefix } : {}) });
}

export type DepsFromEnvParameters = { env: Env; config: ApiConfig; poolSize: number };
export type DepsFromEnvReturnType = { deps: ApiDeps; close: () => Promise<void> };

export async function depsFromEnv(p: DepsFromEnvParameters): Promise<DepsFromEnvReturnType> {
  const { env, config } = p;
  await migrate({ databaseUrl: env.DATABASE_URL, schema: config.appSchema });
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: p.poolSize });
  const redis = createApiRedis(env.REDIS_URL);
  const slugs = (process.env.API_CHAINS ?? env.CHAIN_SLUG).split(",").map((s) => s.trim());
  const deployments = new Map(slugs.map((slug) => [slug, readDeployment(slug as never)]));
  const rpcUrls = new Map(slugs.map((slug) => [slug, rpcUrlFor(slug, env) ?? env.RPC_URL]));
  const chainHead = startChainHead(rpcUrls);
  const versions = await startVersions({
    databaseUrl: env.DATABASE_URL,
    appSchema: config.appSchema,
    indexerSchema: config.indexerSchema,
    log: (line) => console.error(`[api] ${line}`),
  });
  // The worker's execute queue (autoExecute, execute-transaction), on a connection of its own: BullMQ needs
  // maxRetriesPerRequest null and no key prefix.
  const queueConnection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const executeQueue = new Queue(queueName("execute"), { connection: queueConnection });
  const quotes = await createQuoteClient({ redisUrl: env.REDIS_URL });
  const close = async () => {
    chainHead.stop();
    await versions.stop();
    await Promise.allSettled([
      db.end(),
      redis.quit(),
      executeQueue.close().then(() => queueConnection.quit()),
      quotes.close(),
    ]);
  };
  return { deps: { db, redis, config, deployments, chainHead, rpcUrls, executeQueue, quotes, versions }, close };
}
