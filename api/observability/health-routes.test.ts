import { OpenAPIHono } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import type { ApiDeps } from "../deps.js";
import type { AppEnv } from "../env.js";
import { registerHealthRoutes } from "./health-routes.js";
import { createMetrics } from "./metrics.js";

const never = () => new Promise<never>(() => {});
const refused = async () => {
  throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), { code: "ECONNREFUSED" });
};

/** Postgres and Redis stand-ins, and no chain (readiness then checks those two alone). */
function fakeDeps(f: { query?: () => Promise<unknown>; ping?: () => Promise<unknown> } = {}): ApiDeps {
  return {
    db: { query: f.query ?? (async () => ({ rows: [] })) },
    redis: { ping: f.ping ?? (async () => "PONG") },
    config: { appSchema: "app_test", indexerSchema: "ix_test" },
    rpcUrls: new Map(),
  } as unknown as ApiDeps;
}

function appOf(deps: ApiDeps) {
  const app = new OpenAPIHono<AppEnv>();
  registerHealthRoutes(app, deps, createMetrics(deps, { timeoutMs: 50 }));
  return app;
}

describe("registerHealthRoutes", () => {
  it("test_health_isOk_whateverTheDependenciesSay", async () => {
    const res = await appOf(fakeDeps({ query: never, ping: refused })).request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("test_ready_everyPartAnswers_is200", async () => {
    const res = await appOf(fakeDeps()).request("/ready");
    expect(res.status).toBe(200);
    expect(res.headers.get("retry-after")).toBeNull();
    expect(await res.json()).toMatchObject({ ready: true, checks: { postgres: { ok: true }, redis: { ok: true } } });
  });

  it("test_ready_aFailingPart_is503WithRetryAfter_namingIt", async () => {
    const res = await appOf(fakeDeps({ ping: refused })).request("/ready");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = (await res.json()) as { ready: boolean; failing: string[]; checks: Record<string, unknown> };
    expect(body.ready).toBe(false);
    expect(body.failing).toEqual(["redis"]);
    expect(body.checks.redis).toMatchObject({ ok: false, error: "ECONNREFUSED" });
    expect(body.checks.postgres).toMatchObject({ ok: true });
  });

  it("test_metrics_isPrometheusText_evenWithPostgresDown", async () => {
    const res = await appOf(fakeDeps({ query: never })).request("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toContain('metrics_scrape_errors_total{source="intents"} 1');
  });
});
