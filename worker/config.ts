/**
 * The worker's configuration, derived from the parsed environment (core/env.ts holds the one schema and its
 * defaults).
 */
import { type ChainTarget, chainTargets, type Env, walletSecretOf } from "../core/env.js";
import { parseDurations } from "../core/webhooks.js";

/** Webhook deliveries (worker/webhook-worker.ts). */
export type WebhookConfig = {
  /** WEBHOOK_ALLOW_PRIVATE: private addresses and http allowed (development). */
  allowPrivate: boolean;
  /** Delays between a delivery's attempts, ms (WEBHOOK_RETRY_SCHEDULE). */
  schedule: number[];
  /** How long one attempt may take, ms. */
  timeoutMs: number;
  /** Failed deliveries in a row that disable an endpoint. */
  disableAfter: number;
  /** Deliveries attempted at once. */
  concurrency: number;
  /** How often the dispatcher looks for events without a notification, ms. */
  pollMs: number;
};

export type WorkerConfig = {
  databaseUrl: string;
  redisUrl: string;
  /** Postgres schema of the app tables (intents). */
  appSchema: string;
  /** Postgres schema the indexer writes (pools to quote). */
  indexerSchema: string;
  /** Server secret the custodial wallets are derived from. */
  walletSecret: string;
  /** The chains executed and quoted on (WORKER_CHAINS, default CHAINS, then CHAIN_SLUG), by slug. */
  chains: Map<string, ChainTarget>;
  /** Intents executed at once. */
  concurrency: number;
  /** How often open intents without a live job are dispatched again, ms. */
  reconcileIntervalMs: number;
  /** How often the receipt tracker reads each chain's head, ms (worker/processors/receipts.ts). */
  receiptPollMs: number;
  /** How long after a broadcast an execute job looks at its transaction again (rebroadcasting it), ms. */
  receiptTimeoutMs: number;
  /** Blocks below the head at which an executed intent is final (worker/processors/finality.ts). */
  finalityDepth: number;
  /** Lock of an execute or webhook job, ms: how long the jobs of a worker that died stay with it. */
  lockMs: number;
  /** The service's operator account (DEPLOYER_PRIVATE_KEY): it deploys tokens' peers on their destination chains. */
  operatorKey: `0x${string}`;
  /** How often pending peer deployments are looked for, ms (worker/peers.ts). */
  peerIntervalMs: number;
  webhooks: WebhookConfig;
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
    reconcileIntervalMs: env.WORKER_RECONCILE_INTERVAL_MS,
    receiptPollMs: env.WORKER_RECEIPT_POLL_MS,
    receiptTimeoutMs: env.WORKER_RECEIPT_TIMEOUT_MS,
    finalityDepth: env.WORKER_FINALITY_DEPTH,
    lockMs: env.WORKER_LOCK_MS,
    operatorKey: env.DEPLOYER_PRIVATE_KEY as `0x${string}`,
    peerIntervalMs: env.WORKER_PEER_INTERVAL_MS,
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "true",
      schedule: parseDurations(env.WEBHOOK_RETRY_SCHEDULE) ?? [],
      timeoutMs: env.WEBHOOK_TIMEOUT_MS,
      disableAfter: env.WEBHOOK_DISABLE_AFTER,
      concurrency: env.WEBHOOK_CONCURRENCY,
      pollMs: env.WEBHOOK_POLL_MS,
    },
  };
}
