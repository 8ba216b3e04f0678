/**
 * GET /health (liveness: the process serves), GET /ready (readiness: its dependencies answer,
 * api/observability/check-readiness.ts) and GET /metrics (Prometheus text, api/observability/metrics.ts).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ApiDeps } from "../deps.js";
import type { AppEnv } from "../env.js";
import { checkReadiness } from "./check-readiness.js";
import type { ApiMetrics } from "./metrics.js";
import { singleFlight } from "./single-flight.js";

/** Seconds a load balancer is asked to wait before it asks /ready again after a 503. */
export const READY_RETRY_AFTER_SECONDS = 5;

export function registerHealthRoutes(app: OpenAPIHono<AppEnv>, deps: ApiDeps, metrics: ApiMetrics) {
  // Calls that arrive while the checks run share them (api/observability/single-flight.ts).
  const readiness = singleFlight(() => checkReadiness(deps));

  // Nothing is checked: a process that answers at all is alive, and restarting it would not bring Postgres back.
  app.get("/health", (c) => c.json({ ok: true }));

  app.get("/ready", async (c) => {
    const { ready, checks, failing } = await readiness();
    c.header("Cache-Control", "no-store");
    if (ready) return c.json({ ready: true, checks }, 200);
    c.header("Retry-After", String(READY_RETRY_AFTER_SECONDS));
    return c.json({ ready: false, checks, failing }, 503);
  });

  app.get("/metrics", async (c) => {
    const body = await metrics.scrape();
    c.header("Cache-Control", "no-store");
    return c.body(body, 200, { "Content-Type": metrics.registry.contentType });
  });
}
