/**
 * startWebhookWorker: webhook deliveries in the worker process. The dispatcher (worker/webhook-dispatcher.ts) turns
 * events of the log into deliveries in Postgres and enqueues them; a BullMQ worker on the webhook queue sends each
 * (worker/processors/webhook.ts). A delivery's job id is its id, and its retries are its own: after a failed
 * attempt the same job waits in BullMQ's delayed set until the next attempt is due (moveToDelayed), so every
 * attempt of a delivery carries the same webhook-id. A job that died with its worker is taken over when its lock
 * (`lockMs`) expires; one that Redis lost, or that never got enqueued, is enqueued again by the dispatcher's sweep.
 */
import { DelayedError, Queue, Worker } from "bullmq";
import type pg from "pg";
import { queueName, webhookJobSchema } from "../core/jobs.js";
import { createRedis } from "../db/redis.js";
import type { WebhookConfig } from "./config.js";
import { deliverWebhook, type WebhookProcessorDeps } from "./processors/webhook.js";
import { startWebhookDispatcher } from "./webhook-dispatcher.js";

export type StartWebhookWorkerParameters = {
  db: pg.Pool;
  databaseUrl: string;
  redisUrl: string;
  appSchema: string;
  /** Where `token:` channels' addresses are read. */
  indexerSchema: string;
  webhooks: WebhookConfig;
  /** Lock of a delivery job, ms: how long the job of a worker that died stays with it. */
  lockMs: number;
  /** How often pending deliveries without a live job are enqueued again, ms. */
  reconcileIntervalMs: number;
  /** Queue name prefix; default QUEUE_PREFIX. */
  prefix?: string;
  log: (line: string) => void;
};

export type StartWebhookWorkerReturnType = { queueName: string; close(): Promise<void> };

export async function startWebhookWorker(p: StartWebhookWorkerParameters): Promise<StartWebhookWorkerReturnType> {
  const name = queueName("webhook", p.prefix);
  const connection = createRedis(p.redisUrl, { log: p.log, name: "webhook worker redis", maxRetriesPerRequest: null });
  const queue = new Queue(name, { connection });
  const deps: WebhookProcessorDeps = {
    db: p.db,
    appSchema: p.appSchema,
    schedule: p.webhooks.schedule,
    timeoutMs: p.webhooks.timeoutMs,
    disableAfter: p.webhooks.disableAfter,
    allowPrivate: p.webhooks.allowPrivate,
    log: p.log,
  };
  const worker = new Worker(
    name,
    async (job, token) => {
      const { deliveryId } = webhookJobSchema.parse(job.data);
      const result = await deliverWebhook(deps, deliveryId);
      if (result.outcome === "later") {
        await job.moveToDelayed(result.at.getTime(), token);
        throw new DelayedError();
      }
      return result;
    },
    {
      connection,
      concurrency: p.webhooks.concurrency,
      lockDuration: p.lockMs,
      stalledInterval: Math.min(5_000, p.lockMs),
    },
  );
  worker.on("failed", (job, error) => p.log(`webhook job ${job?.id} failed: ${error.message}`));
  const dispatcher = await startWebhookDispatcher({
    db: p.db,
    databaseUrl: p.databaseUrl,
    appSchema: p.appSchema,
    indexerSchema: p.indexerSchema,
    queue,
    pollMs: p.webhooks.pollMs,
    sweepIntervalMs: p.reconcileIntervalMs,
    log: p.log,
  });
  await worker.waitUntilReady();
  return {
    queueName: name,
    async close() {
      await dispatcher.stop();
      await worker.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
