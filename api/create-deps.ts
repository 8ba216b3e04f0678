/**
 * createApiDeps: the one place the API's outside world is assembled, for the server (api/server.ts), the MCP stdio
 * entry (scripts/mcp-stdio.ts), the tests (tests/helpers/api.ts) and the benchmarks. It migrates the app schema,
 * opens the Postgres pool and Redis, starts the chain-head poller and the change versions (db/versions.ts), and
 * connects to the worker's execute queue and to the quote cache. What it opened, `close` releases; what the
 * caller passed in (an execute queue) stays the caller's.
 */

import { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type pg from "pg";
import { type ChainTarget, chainTargets, type Env } from "../core/env.js";
import { queueName } from "../core/jobs.js";
import { lineLog } from "../core/log.js";
import { type Sequencer, startSequencerThread } from "../db/events.js";
import { migrate } from "../db/migrate.js";
import { createPool } from "../db/pool.js";
import { createRedis } from "../db/redis.js";
import { startVersions } from "../db/versions.js";
import { apiConfigOf } from "./config.js";
import type { ApiConfig, ApiDeps } from "./deps.js";
import { apiLog } from "./log.js";
import { startChainHead } from "./services/chain-head.js";
import { startLaunchWatch } from "./services/launch-watch.js";
import { createQuoteClient } from "./services/quotes.js";
import { type StreamHub, startStreamHub } from "./streams/hub.js";

/**
 * The API's Redis connection (rate limits). Auto-pipelining sends the commands of one event-loop tick in one write:
 * under concurrent requests that is one socket write for many rate-limit checks instead of one each.
 */
function createApiRedis(url: string, log: (line: string) => void, keyPrefix?: string): Redis {
  return createRedis(url, {
    log,
    name: "api redis",
    maxRetriesPerRequest: 2,
    enableAutoPipelining: true,
    ...(keyPrefix ? { keyPrefix } : {}),
  });
}

export type CreateApiDepsParameters = {
  databaseUrl: string;
  redisUrl: string;
  config: ApiConfig;
  /** The chains served, by slug: deployment and RPC URL. */
  chains: Map<string, ChainTarget>;
  /**
   * Options of the Postgres pool besides its URL; default 20 connections, as the server, and config's statement
   * timeout.
   */
  pool?: Omit<pg.PoolConfig, "connectionString">;
  /** Prefix of the API's own Redis keys (rate limits); none by default. */
  redisKeyPrefix?: string;
  /** How often the chain head is polled, ms; default 1 000. */
  chainHeadPollMs?: number;
  /** Change versions and the caches behind them; default on, polling every 250 ms when notifications fail. */
  versions?: false | { pollMs?: number; caching?: boolean };
  /**
   * The worker's execute queue (autoExecute, execute-transaction): by default one opened here on QUEUE_PREFIX's
   * queue, `{ prefix }` one on another prefix's queue, a Queue the caller's own, false none (those answer 503).
   */
  executeQueue?: false | Queue | { prefix: string };
  /**
   * The graduated quote cache the worker keeps current (quote-token, trade-token): by default under QUEUE_PREFIX,
   * `{ prefix }` another's; false none (graduated quotes are then made on every request).
   */
  quotes?: false | { prefix?: string };
  /** How long an executing request waits for its intent to be final; ms (services/auto-execute.ts default). */
  autoExecuteWaitMs?: number;
  /**
   * The event log: a sequencer (db/events.ts; one works at a time per app schema) and this process's stream hub
   * (api/streams/hub.ts). Default on; false for neither.
   */
  events?: false | { pollMs?: number };
  /**
   * The launch watcher (services/launch-watch.ts; one works at a time per app schema), where the events are. Default
   * on; false for none (tests whose API follows a shared chain from an empty log, which would label every launch of
   * it again).
   */
  launchWatch?: boolean;
  /** Where start-up notes go; default stderr with an [api] tag. */
  log?: (line: string) => void;
};

export type CreateApiDepsReturnType = { deps: ApiDeps; close: () => Promise<void> };

export async function createApiDeps(p: CreateApiDepsParameters): Promise<CreateApiDepsReturnType> {
  const { config } = p;
  const log = p.log ?? lineLog(apiLog);
  await migrate({ databaseUrl: p.databaseUrl, schema: config.appSchema });
  const db = createPool({
    log,
    name: "api",
    max: 20,
    statement_timeout: config.dbStatementTimeoutMs,
    ...p.pool,
    connectionString: p.databaseUrl,
  });
  const redis = createApiRedis(p.redisUrl, log, p.redisKeyPrefix);
  const deployments = new Map([...p.chains].map(([slug, c]) => [slug, c.deployment]));
  const rpcUrls = new Map([...p.chains].map(([slug, c]) => [slug, c.rpcUrl]));
  const chainHead = startChainHead(rpcUrls, p.chainHeadPollMs);
  const closers: (() => Promise<unknown>)[] = [];
  const versions =
    p.versions === false
      ? undefined
      : await startVersions({
          databaseUrl: p.databaseUrl,
          appSchema: config.appSchema,
          indexerSchema: config.indexerSchema,
          pollMs: p.versions?.pollMs,
          caching: p.versions?.caching,
          log,
        });
  let executeQueue: Queue | undefined;
  if (p.executeQueue instanceof Queue) executeQueue = p.executeQueue;
  else if (p.executeQueue !== false) {
    // On a connection of its own: BullMQ needs maxRetriesPerRequest null and no key prefix.
    const connection = createRedis(p.redisUrl, { log, name: "api queue", maxRetriesPerRequest: null });
    const queue = new Queue(queueName("execute", p.executeQueue?.prefix), { connection });
    executeQueue = queue;
    closers.push(() => queue.close().then(() => connection.quit()));
  }
  const quotes =
    p.quotes === false ? undefined : await createQuoteClient({ redisUrl: p.redisUrl, prefix: p.quotes?.prefix, log });
  if (quotes) closers.push(() => quotes.close());
  let sequencer: Sequencer | undefined;
  let streams: StreamHub | undefined;
  if (p.events !== false) {
    const schemas = { appSchema: config.appSchema, indexerSchema: config.indexerSchema };
    sequencer = startSequencerThread({
      databaseUrl: p.databaseUrl,
      schemas,
      pollMs: p.events?.pollMs,
      retentionDays: config.eventRetentionDays,
      log,
    });
    // A pool of its own: replays and the fan-out's reads never wait behind requests, nor requests behind them.
    const streamsDb = createPool({
      log,
      max: 4,
      application_name: "api-streams",
      statement_timeout: config.dbStatementTimeoutMs,
      connectionString: p.databaseUrl,
    });
    const hub = await startStreamHub({
      db: streamsDb,
      databaseUrl: p.databaseUrl,
      appSchema: config.appSchema,
      limits: config.streams,
      log,
    });
    streams = {
      ...hub,
      stop: async () => {
        await hub.stop();
        await streamsDb.end();
      },
    };
  }
  const deps: ApiDeps = {
    db,
    redis,
    config,
    deployments,
    rpcUrls,
    chainHead,
    ...(versions ? { versions } : {}),
    ...(executeQueue ? { executeQueue } : {}),
    ...(quotes ? { quotes } : {}),
    ...(streams ? { streams } : {}),
    ...(p.autoExecuteWaitMs !== undefined ? { autoExecuteWaitMs: p.autoExecuteWaitMs } : {}),
  };
  // Launch labels follow the log where the log is sequenced (./services/launch-watch.ts: one works at a time).
  const launchWatch =
    p.events === false || p.launchWatch === false
      ? undefined
      : startLaunchWatch(deps, { databaseUrl: p.databaseUrl, pollMs: p.events?.pollMs, log });
  const close = async () => {
    chainHead.stop();
    await launchWatch?.stop();
    await streams?.stop();
    await sequencer?.stop();
    await versions?.stop();
    await Promise.allSettled([db.end(), redis.quit(), ...closers.map((c) => c())]);
  };
  return { deps, close };
}

/** The production wiring from a parsed environment: API_CHAINS (default CHAIN_SLUG), DATABASE_URL, REDIS_URL. */
export function apiDepsParametersOf(env: Env, pool?: CreateApiDepsParameters["pool"]): CreateApiDepsParameters {
  return {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    config: apiConfigOf(env),
    chains: chainTargets(env, env.API_CHAINS),
    ...(pool ? { pool } : {}),
  };
}
