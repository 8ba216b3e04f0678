/**
 * The worker process: `tsx worker/index.ts`. Migrates the app schema, re-dispatches open intents that Redis lost,
 * then executes intents and answers quote jobs (worker/quote-worker.ts) until SIGINT/SIGTERM, when it finishes the
 * jobs in hand and exits.
 */
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { createPublicClient, http, type PublicClient } from "viem";
import { type Deployment, readDeployment } from "../core/deployment.js";
import { parseEnv, rpcUrlFor } from "../core/env.js";
import { executeJobSchema, queueName } from "../core/jobs.js";
import { errorAbi } from "../core/reverts.js";
import { DEV_WALLET_SECRET } from "../core/wallets.js";
import { reconcileIntents, releaseDependents } from "../db/intents.js";
import { migrate } from "../db/migrate.js";
import { executeIntent } from "./processors/execute.js";
import { startQuoteWorker } from "./quote-worker.js";
import { localSigner } from "./signer.js";

async function main() {
  const env = parseEnv();
  const appSchema = process.env.APP_SCHEMA ?? "app";
  const walletSecret = process.env.WALLET_SECRET ?? DEV_WALLET_SECRET;
  if (env.NODE_ENV === "production" && !process.env.WALLET_SECRET)
    throw new Error("WALLET_SECRET is required in production");
  await migrate({ databaseUrl: env.DATABASE_URL, schema: appSchema });
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
  const slugs = (process.env.WORKER_CHAINS ?? env.CHAIN_SLUG).split(",").map((s) => s.trim());
  const clients = new Map<number, PublicClient>();
  const chains = new Map<string, { deployment: Deployment; rpcUrl: string }>();
  for (const slug of slugs) {
    const deployment = readDeployment(slug as never);
    const url = rpcUrlFor(slug, env) ?? env.RPC_URL;
    clients.set(deployment.chainId, createPublicClient({ transport: http(url, { retryCount: 0 }) }) as PublicClient);
    chains.set(slug, { deployment, rpcUrl: url });
  }
  const connection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const name = queueName("execute");
  const queue = new Queue(name, { connection });
  const log = (line: string) => console.log(`[worker] ${line}`);
  const deps = { db, appSchema, signer: localSigner(walletSecret), clients, errorAbi, log };

  const worker = new Worker(
    name,
    async (job) => {
      const { intentId } = executeJobSchema.parse(job.data);
      try {
        return await executeIntent(deps, intentId);
      } finally {
        // Whatever this attempt ended with: when the intent is final, what waits on it runs now, not after a backoff.
        await releaseDependents(db, appSchema, queue, intentId).catch((error: unknown) =>
          log(`intent ${intentId}: could not release dependents: ${String(error)}`),
        );
      }
    },
    {
      connection,
      concurrency: Number(process.env.WORKER_CONCURRENCY ?? 16),
      lockDuration: 30_000,
      stalledInterval: 5_000,
    },
  );
  worker.on("failed", (job, error) => log(`job ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`));
  const quotes = await startQuoteWorker({
    db,
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    appSchema,
    indexerSchema: process.env.INDEXER_SCHEMA ?? "indexer",
    chains,
    concurrency: Number(process.env.WORKER_QUOTE_CONCURRENCY ?? 32),
    log,
  });
  log(`quoting on queue ${quotes.queueName}`);
  const reconciled = await reconcileIntents(db, appSchema, queue);
  log(`ready on queue ${name}; ${reconciled.open} open intent(s) re-dispatched`);
  // Not only on start: a job that stalled too often or ran out of attempts (a long RPC outage) while its intent is
  // still open is dispatched again on the next pass, and so is one Redis lost while every worker kept running.
  const reconcileEveryMs = Number(process.env.WORKER_RECONCILE_INTERVAL_MS ?? 30_000);
  let reconciling = false;
  const reconciler = setInterval(async () => {
    if (reconciling) return;
    reconciling = true;
    try {
      const { dispatched } = await reconcileIntents(db, appSchema, queue);
      if (dispatched > 0) log(`reconcile: ${dispatched} open intent(s) without a live job dispatched again`);
    } catch (error) {
      log(`reconcile pass failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      reconciling = false;
    }
  }, reconcileEveryMs);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: finishing jobs in hand`);
    clearInterval(reconciler);
    await Promise.all([worker.close(), quotes.close()]);
    await queue.close();
    connection.disconnect();
    await db.end();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(`[worker] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
