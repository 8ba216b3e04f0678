import { describe, expect, it } from "vitest";
import type { ApiDeps } from "../deps.js";
import { createMetrics, indexerLagOf, recordSpendRefusal } from "./metrics.js";

const CHAIN = "base-sepolia";

type Fakes = {
  query?: (sql: string) => Promise<{ rows: unknown[] }>;
  getJobCounts?: () => Promise<Record<string, number>>;
  head?: bigint | null;
  indexed?: number | null;
  connections?: number;
};

/** Deps with nothing behind them: each read answers what the test says. */
function fakeDeps(f: Fakes = {}): ApiDeps {
  const query =
    f.query ??
    (async (sql: string) => ({
      rows: sql.includes(".intents")
        ? [
            { status: "pending", n: 2 },
            { status: "confirmed", n: 5 },
          ]
        : [{ status: "delivered", n: 4 }],
    }));
  return {
    db: { query },
    config: { appSchema: "app_test", indexerSchema: "ix_test" },
    rpcUrls: new Map([[CHAIN, "http://127.0.0.1:1"]]),
    chainHead: { get: () => (f.head === undefined ? 120n : f.head), stop: () => {} },
    versions: { indexedBlock: () => (f.indexed === undefined ? 100 : f.indexed) },
    executeQueue: { getJobCounts: f.getJobCounts ?? (async () => ({ waiting: 1, active: 2, failed: 3 })) },
    streams: { connections: () => f.connections ?? 3 },
  } as unknown as ApiDeps;
}

/** The sample lines of `name` in Prometheus text (HELP and TYPE lines left out). */
const samples = (text: string, name: string) =>
  text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));

describe("createMetrics", () => {
  it("test_scrape_readsEveryGauge_everyKnownStatePresent", async () => {
    const text = await createMetrics(fakeDeps()).scrape();
    expect(samples(text, "intents")).toEqual([
      'intents{state="pending"} 2',
      'intents{state="signed"} 0',
      'intents{state="broadcast"} 0',
      'intents{state="confirmed"} 5',
      'intents{state="reverted"} 0',
      'intents{state="failed"} 0',
    ]);
    expect(samples(text, "webhook_deliveries")).toEqual([
      'webhook_deliveries{outcome="pending"} 0',
      'webhook_deliveries{outcome="delivered"} 4',
      'webhook_deliveries{outcome="failed"} 0',
    ]);
    expect(samples(text, "execute_queue_jobs")).toEqual([
      'execute_queue_jobs{state="waiting"} 1',
      'execute_queue_jobs{state="active"} 2',
      'execute_queue_jobs{state="delayed"} 0',
      'execute_queue_jobs{state="failed"} 3',
      'execute_queue_jobs{state="completed"} 0',
    ]);
    expect(samples(text, "indexer_lag_blocks")).toEqual([`indexer_lag_blocks{chain="${CHAIN}"} 20`]);
    expect(samples(text, "stream_connections")).toEqual(["stream_connections 3"]);
    expect(samples(text, "metrics_scrape_errors_total")).toEqual([
      'metrics_scrape_errors_total{source="intents"} 0',
      'metrics_scrape_errors_total{source="execute_queue"} 0',
      'metrics_scrape_errors_total{source="indexer_lag"} 0',
      'metrics_scrape_errors_total{source="webhook_deliveries"} 0',
    ]);
  });

  it("test_scrape_aFailingRead_leavesItsGaugeOut_countsAnError_andTheRestIsServed", async () => {
    const query = async (sql: string) => {
      if (sql.includes(".intents")) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      return { rows: [{ status: "failed", n: 1 }] };
    };
    const metrics = createMetrics(fakeDeps({ query }));
    const text = await metrics.scrape();
    expect(samples(text, "intents")).toEqual([]);
    expect(samples(text, "webhook_deliveries")).toContain('webhook_deliveries{outcome="failed"} 1');
    expect(samples(text, "metrics_scrape_errors_total")).toContain('metrics_scrape_errors_total{source="intents"} 1');
    // The next scrape counts again: the counter says how many scrapes lost the read.
    expect(await metrics.scrape()).toContain('metrics_scrape_errors_total{source="intents"} 2');
  });

  it("test_scrape_rowsThatAreNoCounts_failTheRead_notTheScrape", async () => {
    const query = async () => ({ rows: [{ status: "pending", n: "2" }] });
    const text = await createMetrics(fakeDeps({ query })).scrape();
    expect(samples(text, "intents")).toEqual([]);
    expect(text).toContain('metrics_scrape_errors_total{source="intents"} 1');
    expect(text).toContain('metrics_scrape_errors_total{source="webhook_deliveries"} 1');
  });

  it("test_scrape_aReadThatNeverAnswers_isCutAtTheTimeout", async () => {
    const never = () => new Promise<never>(() => {});
    const metrics = createMetrics(fakeDeps({ getJobCounts: never, query: never }), { timeoutMs: 50 });
    const started = Date.now();
    const text = await metrics.scrape();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(samples(text, "execute_queue_jobs")).toEqual([]);
    expect(samples(text, "intents")).toEqual([]);
    expect(samples(text, "webhook_deliveries")).toEqual([]);
    expect(samples(text, "metrics_scrape_errors_total")).toEqual([
      'metrics_scrape_errors_total{source="intents"} 1',
      'metrics_scrape_errors_total{source="execute_queue"} 1',
      'metrics_scrape_errors_total{source="indexer_lag"} 0',
      'metrics_scrape_errors_total{source="webhook_deliveries"} 1',
    ]);
    expect(samples(text, "indexer_lag_blocks")).toEqual([`indexer_lag_blocks{chain="${CHAIN}"} 20`]);
  });

  it("test_scrape_anUnknownLag_isLeftOut_andCounted", async () => {
    const text = await createMetrics(fakeDeps({ head: null })).scrape();
    expect(samples(text, "indexer_lag_blocks")).toEqual([]);
    expect(text).toContain('metrics_scrape_errors_total{source="indexer_lag"} 1');
  });

  it("test_scrape_withoutAnExecuteQueue_leavesItsGaugeOut_withoutAnError", async () => {
    const deps = { ...fakeDeps(), executeQueue: undefined, streams: undefined };
    const text = await createMetrics(deps).scrape();
    expect(samples(text, "execute_queue_jobs")).toEqual([]);
    expect(text).toContain('metrics_scrape_errors_total{source="execute_queue"} 0');
    expect(samples(text, "stream_connections")).toEqual(["stream_connections 0"]);
  });

  it("test_scrape_scrapesAtOnce_shareOneSetOfReads", async () => {
    let queries = 0;
    const query = async () => {
      queries++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { rows: [] };
    };
    const metrics = createMetrics(fakeDeps({ query }));
    const texts = await Promise.all(Array.from({ length: 50 }, () => metrics.scrape()));
    // One intents read and one webhook deliveries read, however many scrapes came at once.
    expect(queries).toBe(2);
    for (const text of texts) expect(samples(text, "intents")).toHaveLength(6);
    await metrics.scrape();
    expect(queries).toBe(4);
  });

  it("test_createMetrics_twoAppsInOneProcess_countApart", async () => {
    const a = createMetrics(fakeDeps());
    const b = createMetrics(fakeDeps());
    a.observeRequest({ endpoint: "search-token", method: "POST", status: 200 }, 0.02);
    a.observeRequest({ endpoint: "search-token", method: "POST", status: 200 }, 0.2);
    const textA = await a.scrape();
    expect(samples(textA, "http_requests_total")).toEqual([
      'http_requests_total{endpoint="search-token",method="POST",status="200"} 2',
    ]);
    expect(samples(textA, "http_request_duration_seconds_count")).toEqual([
      'http_request_duration_seconds_count{endpoint="search-token",method="POST"} 2',
    ]);
    expect(samples(textA, "http_request_duration_seconds_bucket")).toContain(
      'http_request_duration_seconds_bucket{le="0.025",endpoint="search-token",method="POST"} 1',
    );
    expect(samples(await b.scrape(), "http_requests_total")).toEqual([]);
  });

  it("test_recordSpendRefusal_countsInEveryAppsRegistry_everyReasonFromZero", async () => {
    const a = createMetrics(fakeDeps());
    const before = samples(await a.scrape(), "spend_refusals_total");
    expect(before).toHaveLength(6);
    const count = (text: string, reason: string) =>
      Number(
        samples(text, "spend_refusals_total")
          .find((l) => l.includes(`"${reason}"`))
          ?.split(" ")[1],
      );
    const was = count(await a.scrape(), "daily_spend_cap");
    recordSpendRefusal("daily_spend_cap");
    const b = createMetrics(fakeDeps());
    expect(count(await a.scrape(), "daily_spend_cap")).toBe(was + 1);
    expect(count(await b.scrape(), "daily_spend_cap")).toBe(was + 1);
  });
});

describe("indexerLagOf", () => {
  it("test_indexerLagOf_isHeadMinusIndexed_neverNegative_nullWhileUnknown", () => {
    expect(indexerLagOf({ chain_head: 120, indexed_block: 100 })).toBe(20);
    expect(indexerLagOf({ chain_head: 100, indexed_block: 103 })).toBe(0);
    expect(indexerLagOf({ chain_head: null, indexed_block: 100 })).toBeNull();
    expect(indexerLagOf({ chain_head: 120, indexed_block: null })).toBeNull();
  });
});
