/**
 * GET /metrics, /health and /ready of the API in process against the run's indexer on the global anvil, Postgres,
 * Redis and a BullMQ queue of this file's own: requests move the request counters and histograms under their
 * endpoint's label, the scrape-time gauges read what is there, promtool accepts the text, and /ready names the part
 * that is down (a Redis or a Postgres on a port nothing listens on) with 503.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../api/app.js";
import type { ApiDeps } from "../api/deps.js";
import { MAX_INDEXER_LAG_BLOCKS } from "../api/observability/check-readiness.js";
import { queueName } from "../core/jobs.js";
import { createIntent } from "../db/intents.js";
import { createPool } from "../db/pool.js";
import { createRedis } from "../db/redis.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { chain } from "./helpers/chain.js";
import { userWithKey } from "./helpers/mcp.js";
import { type Served, serveWithStreams, wsClient } from "./helpers/streams.js";
import { until } from "./helpers/until.js";
import { freePort, sharedRedisUrl, uniqueName } from "./helpers/worker.js";

const PROMTOOL = "/usr/bin/promtool";
const CHAIN = chain().deployment.chainSlug;

let ix: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let queueConnection: Redis;
let queue: Queue;
let served: Served;

beforeAll(async () => {
  ix = await startTestIndexer();
  queueConnection = new Redis(sharedRedisUrl, { maxRetriesPerRequest: null });
  queue = new Queue(queueName("execute", `${uniqueName("mq")}-`), { connection: queueConnection });
  api = await createTestApi({ indexerSchema: ix.schema, quotes: false, executeQueue: queue });
  served = await serveWithStreams(api.app, api.deps);
  await ix.sync();
});

afterAll(async () => {
  await served?.close();
  await api?.close();
  await queue?.obliterate({ force: true }).catch(() => undefined);
  await queue?.close();
  queueConnection?.disconnect();
  await ix?.close();
});

/** The value of one sample of Prometheus text (`name{labels} value`), or undefined when the scrape lacks it. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function scrape(app: { request: (path: string) => Response | Promise<Response> } = api.app) {
  const res = await app.request("/metrics");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return res.text();
}

describe("GET /metrics", () => {
  it("test_metrics_requestsMoveTheirEndpointsCountersAndHistograms", async () => {
    const jwt = await api.jwt("metrics-user");
    const ok = await api.post("get-tokens", { filter: "new" }, jwt);
    expect(ok.status).toBe(200);
    const invalid = await api.post("search-token", {}, jwt);
    expect(invalid.status).toBe(400);
    // An endpoint that does not exist: counted under `other`, never under the name the client made up.
    const missing = await api.post("no-such-endpoint-1f3a", {}, jwt);
    expect(missing.status).toBe(404);
    const page = await api.app.request("/token/no-such-token-1f3a");
    expect(page.status).toBe(404);

    const text = await scrape();
    expect(sample(text, 'http_requests_total{endpoint="get-tokens",method="POST",status="200"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="search-token",method="POST",status="400"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="other",method="POST",status="404"}')).toBe(1);
    expect(sample(text, 'http_requests_total{endpoint="web",method="GET",status="404"}')).toBe(1);
    expect(text).not.toContain("no-such-endpoint-1f3a");
    expect(text).not.toContain("no-such-token-1f3a");
    expect(sample(text, 'http_request_duration_seconds_count{endpoint="get-tokens",method="POST"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count{endpoint="search-token",method="POST"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket{le="+Inf",endpoint="get-tokens",method="POST"}')).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_sum{endpoint="get-tokens",method="POST"}')).toBeGreaterThan(0);

    // The scrape itself is counted once it has answered: the next scrape shows it.
    expect(sample(await scrape(), 'http_requests_total{endpoint="metrics",method="GET",status="200"}')).toBe(1);
  });

  it("test_metrics_gaugesReadPostgresTheQueueTheIndexerAndTheStreams", async () => {
    const { deployment } = chain();
    await createIntent(api.deps.db, api.appSchema, {
      idempotencyKey: uniqueName("metrics"),
      userId: null,
      kind: "transaction",
      chainSlug: deployment.chainSlug,
      chainId: deployment.chainId,
      walletIndex: 0,
      from: "0x0000000000000000000000000000000000000001",
      to: "0x0000000000000000000000000000000000000002",
    });
    await queue.add("metrics-probe", {}, { delay: 60_000 });
    const stream = await wsClient(served.wsUrl, { channels: ["tokens"] });
    try {
      // The chain head poller and the indexer each read the chain apart: wait until the lag is in.
      let text = "";
      await until(
        "the indexer's lag is in the scrape",
        async () => {
          text = await scrape();
          return sample(text, `indexer_lag_blocks{chain="${CHAIN}"}`) !== undefined;
        },
        10_000,
      );

      expect(sample(text, 'intents{state="pending"}')).toBe(1);
      expect(sample(text, 'intents{state="confirmed"}')).toBe(0);
      expect(sample(text, 'webhook_deliveries{outcome="delivered"}')).toBe(0);
      expect(sample(text, 'execute_queue_jobs{state="delayed"}')).toBe(1);
      expect(sample(text, 'execute_queue_jobs{state="waiting"}')).toBe(0);
      expect(sample(text, `indexer_lag_blocks{chain="${CHAIN}"}`)).toBeLessThanOrEqual(MAX_INDEXER_LAG_BLOCKS);
      expect(sample(text, "stream_connections")).toBe(1);
      expect(sample(text, 'spend_refusals_total{reason="daily_spend_cap"}')).toBe(0);
      for (const source of ["intents", "execute_queue", "webhook_deliveries"]) {
        expect(sample(text, `metrics_scrape_errors_total{source="${source}"}`)).toBe(0);
      }
    } finally {
      stream.close();
    }
  });

  it("test_metrics_spendRefusalsAreCountedByReason", async () => {
    const series = 'spend_refusals_total{reason="destination_not_allowed"}';
    const before = sample(await scrape(), series) ?? Number.NaN;
    const user = await userWithKey(api.deps, { allow: ["0x000000000000000000000000000000000000dead"] });
    const refused = await api.post(
      "execute-transaction",
      { to: "0x000000000000000000000000000000000000beef", amount: "1", chainSlug: CHAIN },
      user.key,
    );
    expect(refused.status).toBe(400);
    expect(sample(await scrape(), series)).toBe(before + 1);
  });

  it("test_metrics_promtoolAcceptsTheText", async () => {
    expect(existsSync(PROMTOOL), `${PROMTOOL} is missing: bash scripts/install.sh installs Debian's prometheus`).toBe(
      true,
    );
    const text = await scrape();
    const checked = spawnSync(PROMTOOL, ["check", "metrics"], { input: text, encoding: "utf8", timeout: 10_000 });
    expect(checked.stdout + checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  });
});

describe("GET /health and /ready", () => {
  it("test_health_isOk", async () => {
    const res = await api.app.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("test_ready_everyPartAnswers_is200", async () => {
    await ix.sync();
    const res = await api.app.request("/ready");
    const body = (await res.json()) as { ready: boolean; checks: Record<string, { ok: boolean }> };
    expect(body).toMatchObject({
      ready: true,
      checks: {
        postgres: { ok: true },
        redis: { ok: true },
        [`rpc:${CHAIN}`]: { ok: true },
        [`indexer:${CHAIN}`]: { ok: true },
      },
    });
    expect(res.status).toBe(200);
  });

  it("test_ready_redisOnAClosedPort_is503NamingRedis", async () => {
    const port = await freePort();
    const redis = createRedis(`redis://127.0.0.1:${port}`, { log: () => {}, maxRetriesPerRequest: 1 });
    try {
      const app = createApp({ ...api.deps, redis } satisfies ApiDeps);
      const started = Date.now();
      const res = await app.request("/ready");
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      const body = (await res.json()) as { ready: boolean; failing: string[]; checks: Record<string, { ok: boolean }> };
      expect(body.ready).toBe(false);
      expect(body.failing).toEqual(["redis"]);
      expect(body.checks.postgres?.ok).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  it("test_ready_postgresOnAClosedPort_is503NamingPostgres_andMetricsStillAnswer", async () => {
    const port = await freePort();
    const db = createPool({ log: () => {}, connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
    try {
      const app = createApp({ ...api.deps, db } satisfies ApiDeps);
      const res = await app.request("/ready");
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      const body = (await res.json()) as { failing: string[]; checks: Record<string, { ok: boolean; error?: string }> };
      expect(body.failing).toContain("postgres");
      expect(body.failing).not.toContain("redis");
      expect(body.checks.postgres).toEqual({ ok: false, ms: expect.any(Number), error: "ECONNREFUSED" });

      // The scrape answers without Postgres: the gauges read from it are left out and counted as errors.
      const text = await scrape(app);
      expect(sample(text, 'intents{state="pending"}')).toBeUndefined();
      expect(sample(text, 'metrics_scrape_errors_total{source="intents"}')).toBe(1);
      expect(sample(text, 'metrics_scrape_errors_total{source="webhook_deliveries"}')).toBe(1);
      expect(sample(text, 'execute_queue_jobs{state="delayed"}')).toBeDefined();
    } finally {
      await db.end();
    }
  });
});
