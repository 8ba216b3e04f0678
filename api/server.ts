/**
 * The API server: `tsx api/server.ts`. Migrates the app schema, then serves createApp on PORT (default 3000).
 */
import { serve } from "@hono/node-server";
import { parseEnv } from "../core/env.js";
import { createApp } from "./app.js";
import { apiDepsParametersOf, createApiDeps } from "./create-deps.js";
import { apiLog } from "./log.js";
import { attachWebSockets } from "./streams/ws.js";

async function main() {
  const env = parseEnv();
  const { deps, close } = await createApiDeps(apiDepsParametersOf(env));
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) =>
    apiLog.info(`listening on http://${info.address}:${info.port} (docs at /docs)`),
  );
  const sockets = deps.streams ? attachWebSockets({ server, deps, hub: deps.streams }) : undefined;
  const shutdown = () => {
    sockets?.close();
    server.close(() => {
      void close().finally(() => process.exit(0));
    });
  };
  process.once("SIGINT", shutdown);
  process.once("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  apiLog.fatal({ err: error }, error instanceof Error ? error.message : String(error));
  process.exit(1);
});
