/**
 * The worker's configuration, derived from the parsed environment (core/env.ts holds the one schema and its
 * defaults).
 */
import { type ChainTarget, chainTargets, type Env, walletSecretOf } from "../core/env.js";

export type WorkerConfig = {
  databaseUrl: string;
  redisUrl: string;
  /** Postgres schema of the app tables (intents). */
  appSchema: string;
  /** Postgres schema the indexer writes (pools to quote). */
  indexerSchema: string;
  /** Server secret the custodial wallets are derived from. */
  walletSecret: string;
  /** The chains executed and quoted on (WORKER_CHAINS, default CHAIN_SLUG), by slug. */
  chains: Map<string, ChainTarget>;
  /** Intents executed at once. */
  concurrency: number;
  /** Quote jobs answered at once. */
  quoteConcurrency: number;
  /** How often open intents without a live job are dispatched again, ms. */
  reconcileIntervalMs: number;
  /** Blocks below the head at which an executed intent is final (worker/processors/finality.ts). */
  finalityDepth: number;
  /** Lock of an execute job, ms: how long the jobs of a worker that died stay with it. */
  lockMs: number;
};

export function workerConfigOf(env: Env): WorkerConfig {
  return {
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    appSchema: env.APP_SCHEMA,
    indexerSchema: env.INDEXER_SCHEMA,
    walletSecret: walletSecretOf(env),
    chains: chainTargets(env, env.WORKER_CHAINS),
    concurrency: env.WORKER_CONCURRENCY,
    quoteConcurrency: env.WORKER_QUOTE_CONCURRENCY,
    reconcileIntervalMs: env.WORKER_RECONCILE_INTERVAL_MS,
    finalityDepth: env.WORKER_FINALITY_DEPTH,
    lockMs: env.WORKER_LOCK_MS,
  };
}
