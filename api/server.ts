/**
 * The API server: `tsx api/server.ts`. Migrates the app schema, then serves createApp on PORT (default 3000).
 */
import { serve } from "@hono/node-server";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { parseEnv, rpcUrlFor } from "../core/env.js";
import { migrate } from "../db/migrate.js";
import { readDeployment } from "../scripts/deploy.js";
import { queueName } from "../worker/queues.js";
import { createApp } from "./app.js";
import { apiConfigFromEnv } from "./config.js";
import { startChainHead } from "./services/chain-head.js";

async function main() {
  const env = parseEnv();
  const config = apiConfigFromEnv();
  await migrate({ databaseUrl: env.DATABASE_URL, schema: config.appSchema });
  const db = new pg.Pool({ connectionString: env.DATABASE_URL, max: 20 });
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 2 });
  const slugs = (process.env.API_CHAINS ?? env.CHAIN_SLUG).split(",").map((s) => s.trim());
  const deployments = new Map(slugs.map((slug) => [slug, readDeployment(slug as never)]));
  const rpcUrls = new Map(slugs.map((slug) => [slug, rpcUrlFor(slug, env) ?? env.RPC_URL]));
  const chainHead = startChainHead(rpcUrls);
  // The worker's execute queue (autoExecute, execute-transaction), on a connection of its own: BullMQ needs
  // maxRetriesPerRequest null and no key prefix.
  const queueConnection = new Redis(env.REDIS_URL, { maxRetriesPerRequest: null });
  const executeQueue = new Queue(queueName("execute"), { connection: queueConnection });
  const app = createApp({ db, redis, config, deployments, chainHead, rpcUrls, executeQueue });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: process.env.HOST ?? "127.0.0.1" }, (info) =>
    console.log(`[api] listening on http://${info.address}:${info.port} (docs at /docs)`),
  );
  const shutdown = () => {
    chainHead.stop();
    server.close(() => {
      void Promise.all([db.end(), redis.quit(), executeQueue.close().then(() => queueConnection.quit())]).finally(() =>
        process.exit(0),
      );
    });
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(`[api] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
