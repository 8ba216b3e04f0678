/**
 * The whole service for auto-execution tests: an indexer on the global anvil, the API in process with the worker's
 * execute queue (its own prefix), and one worker process on the same app schema, database and queue.
 */
import { rmSync } from "node:fs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { queueName } from "../../core/jobs.js";
import { createTestApi, startTestIndexer } from "./api.js";
import { type Chain, chain } from "./chain.js";
import { chainsEnv, deploymentsDirFor, sharedRedisUrl, spawnWorker, uniqueName, type WorkerContext } from "./worker.js";

export type StackParameters = {
  /** WALLET_SECRET of the API and the worker: the file's own custodial wallets. */
  walletSecret: string;
  /** How long an autoExecute call waits for its transaction. */
  autoExecuteWaitMs: number;
  /** Name of the worker in echoed output. */
  name: string;
  /** Chains served beside the global anvil (side anvils of the test file): indexed, served by the API and worker. */
  moreChains?: Chain[];
};

export type Stack = Awaited<ReturnType<typeof startStack>>;

/** Start indexer, API and worker; resolves once the worker is ready. close() stops and removes everything. */
export async function startStack(p: StackParameters) {
  const c = chain();
  const more = p.moreChains ?? [];
  const indexer = await startTestIndexer(c, more);
  const queuePrefix = `${uniqueName("q")}-`;
  const connection = new Redis(sharedRedisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName("execute", queuePrefix), { connection });
  const api = await createTestApi({
    indexerSchema: indexer.schema,
    config: { walletSecret: p.walletSecret },
    moreChains: more,
    executeQueue: queue,
    autoExecuteWaitMs: p.autoExecuteWaitMs,
    // Quotes from the worker process, as in production.
    quotes: { prefix: queuePrefix },
  });
  const deploymentsDir = deploymentsDirFor(c.deployment, ...more.map((x) => x.deployment));
  const ctx = { appSchema: api.appSchema, queuePrefix, redisUrl: sharedRedisUrl } as WorkerContext;
  const worker = spawnWorker({
    ctx,
    rpcUrl: c.rpcUrl,
    deploymentsDir,
    walletSecret: p.walletSecret,
    name: p.name,
    databaseUrl: api.databaseUrl,
    indexerSchema: indexer.schema,
    env: { ...chainsEnv(c, more), WORKER_PEER_INTERVAL_MS: "200" },
  });
  const close = async () => {
    await worker.stop();
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    connection.disconnect();
    await api.close();
    await indexer.close();
    rmSync(deploymentsDir, { recursive: true, force: true });
  };
  try {
    await worker.ready();
  } catch (error) {
    await close();
    throw error;
  }
  return { c, indexer, api, queue, worker, close };
}
