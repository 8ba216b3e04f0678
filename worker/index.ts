/**
 * The worker process: `tsx worker/index.ts`. Migrates the app schema, re-dispatches open intents that Redis lost,
 * then executes intents and keeps hot graduated quotes current (worker/quote-refresher.ts) until SIGINT/SIGTERM, when
 * it finishes the jobs in hand and exits.
 */
import { DelayedError, type Job, Queue, Worker } from "bullmq";
import { createPublicClient, http, type PublicClient } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { parseEnv } from "../core/env.js";
import { executeJobSchema, queueName } from "../core/jobs.js";
import { createLogger, lineLog, logContext } from "../core/log.js";
import { errorAbi } from "../core/reverts.js";
import { reconcileIntents, releaseDependents } from "../db/intents.js";
import { migrate } from "../db/migrate.js";
import { createPool } from "../db/pool.js";
import { createRedis } from "../db/redis.js";
import { workerConfigOf } from "./config.js";
import { startPeerDeployer } from "./peers.js";
import { executeIntent, ReceiptPending } from "./processors/execute.js";
import { recheckSettled } from "./processors/finality.js";
import { startReceiptTracker } from "./processors/receipts.js";
import { startQuoteRefresher } from "./quote-refresher.js";
import { localSigner, withOperator } from "./signer.js";
import { startWebhookWorker } from "./webhook-worker.js";

const workerLog = createLogger("worker");

async function main() {
  const config = workerConfigOf(parseEnv());
  const { appSchema } = config;
  await migrate({ databaseUrl: config.databaseUrl, schema: appSchema });
  const log = lineLog(workerLog);
  const db = createPool({ connectionString: config.databaseUrl, max: 10, name: "worker", log });
  const clients = new Map<number, PublicClient>();
  const senders = new Map<number, PublicClient>();
  for (const { deployment, rpcUrl } of config.chains.values()) {
    // JSON-RPC batching: the calls the jobs make in the same tick go in one HTTP request. Each request through fetch
    // costs this process about a millisecond of CPU on 2 shared cores (bench:worker), which bounded executions per
    // second before the node did; batched, a call costs about a tenth of that. Sends are batched apart, with sends
    // only (ExecuteDeps.senders): each transport batches its own calls.
    const transport = http(rpcUrl, { retryCount: 0, batch: { wait: 0 } });
    clients.set(deployment.chainId, createPublicClient({ transport }) as PublicClient);
    const sends = http(rpcUrl, { retryCount: 0, batch: { wait: 0 } });
    senders.set(deployment.chainId, createPublicClient({ transport: sends }) as PublicClient);
  }
  const connection = createRedis(config.redisUrl, { log, name: "worker redis", maxRetriesPerRequest: null });
  const name = queueName("execute");
  const queue = new Queue(name, { connection });
  const deps = {
    db,
    appSchema,
    signer: withOperator(localSigner(config.walletSecret), config.operatorKey),
    clients,
    senders,
    errorAbi,
    log,
    trackReceipts: true,
    receiptTimeoutMs: config.receiptTimeoutMs,
  };
  const release = (intentId: string) =>
    releaseDependents(db, appSchema, queue, intentId).catch((error: unknown) =>
      log(`intent ${intentId}: could not release dependents: ${String(error)}`),
    );
  // Settles broadcast intents from their blocks, so a job hands back once its transaction is sent.
  const receipts = startReceiptTracker(deps, { pollMs: config.receiptPollMs, onSettled: release });

  const worker = new Worker(
    name,
    // Each job in a log context of its own: executeIntent names its intent and request there, and nothing after the
    // job (the next job, a webhook round) inherits them.
    (job, token) => logContext.run({}, () => runJob(job, token)),
    {
      connection,
      concurrency: config.concurrency,
      lockDuration: config.lockMs,
      // A dead worker's jobs are taken over at the first stalled check after their lock ran out: every 5 s, or
      // every half lock when the lock is shorter (as in the tests), so takeover is within about 1.5 locks.
      stalledInterval: Math.min(5_000, Math.ceil(config.lockMs / 2)),
    },
  );
  async function runJob(job: Job, token: string | undefined) {
    const { intentId } = executeJobSchema.parse(job.data);
    let pending = false;
    try {
      return await executeIntent(deps, intentId);
    } catch (error) {
      // Sent and not mined yet: the slot is free for the next intent; the job looks again later (not an attempt).
      if (!(error instanceof ReceiptPending) || !token) throw error;
      pending = true;
      await job.moveToDelayed(Date.now() + error.retryInMs, token);
      throw new DelayedError();
    } finally {
      // Whatever this attempt ended with: when the intent is final, what waits on it runs now, not after a backoff.
      // (Not final while its receipt is pending: the tracker releases it when it settles it.)
      if (!pending) await release(intentId);
    }
  }
  worker.on("failed", (job, error) => log(`job ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`));
  const quotes = await startQuoteRefresher({
    db,
    databaseUrl: config.databaseUrl,
    redisUrl: config.redisUrl,
    appSchema,
    indexerSchema: config.indexerSchema,
    chains: config.chains,
    log,
  });
  log(`keeping hot quotes of ${quotes.namespace} current`);
  const webhooks = await startWebhookWorker({ ...config, db, log });
  const peers = startPeerDeployer({
    db,
    appSchema,
    indexerSchema: config.indexerSchema,
    chains: config.chains,
    clients,
    operator: privateKeyToAccount(config.operatorKey).address,
    queue,
    intervalMs: config.peerIntervalMs,
    log,
  });
  const reconciled = await reconcileIntents(db, appSchema, queue);
  log(`ready on queue ${name}; ${reconciled.open} open intent(s) re-dispatched`);
  // Not only on start: a job that stalled too often or ran out of attempts (a long RPC outage) while its intent is
  // still open is dispatched again on the next pass, and so is one Redis lost while every worker kept running. Each
  // pass first looks up again what was mined in the last finalityDepth blocks: a transaction a reorg dropped is
  // open again (broadcast), and this same pass dispatches it.
  let reconciling = false;
  const reconciler = setInterval(async () => {
    if (reconciling) return;
    reconciling = true;
    try {
      const rechecked = await recheckSettled(deps, config.finalityDepth);
      if (rechecked.dropped + rechecked.moved > 0)
        log(`finality: a reorg dropped ${rechecked.dropped} and moved ${rechecked.moved} mined intent(s)`);
      const { dispatched } = await reconcileIntents(db, appSchema, queue);
      if (dispatched > 0) log(`reconcile: ${dispatched} open intent(s) without a live job dispatched again`);
    } catch (error) {
      log(`reconcile pass failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      reconciling = false;
    }
  }, config.reconcileIntervalMs);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log(`${signal}: finishing jobs in hand`);
    clearInterval(reconciler);
    await Promise.all([worker.close(), quotes.close(), webhooks.close(), peers.close(), receipts.close()]);
    await queue.close();
    connection.disconnect();
    await db.end();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  workerLog.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
