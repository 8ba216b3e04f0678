/**
 * The API server: `tsx api/server.ts`. Migrates the app schema, then serves createApp on PORT (default 3000).
 */
import { serve } from "@hono/node-server";
import { parseEnv } from "../core/env.js";
import { createApp } from "./app.js";
import { apiConfigFromEnv } from "./config.js";
import { depsFromEnv } from "./deps-from-env.js";

async function main() {
  const env = parseEnv();
  const { deps, close } = await depsFromEnv({ env, config: apiConfigFromEnv(), poolSize: 20 });
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: process.env.HOST ?? "127.0.0.1" }, (info) =>
    console.log(`[api] listening on http://${info.address}:${info.port} (docs at /docs)`),
  );
  const shutdown = () => {
    server.close(() => {
      void close().finally(() => process.exit(0));
    });
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(`[api] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
