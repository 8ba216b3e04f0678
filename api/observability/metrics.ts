/**
 * The API's Prometheus metrics (GET /metrics, api/observability/health-routes.ts). Each app (createApp) has a
 * registry of its own, so that several apps in one process (the tests) neither collide on metric names nor count
 * each other's requests. Two kinds of metric:
 *
 * - counted as it happens: requests and their durations (api/observability/request-metrics.ts), and spending
 *   refusals (recordSpendRefusal, below);
 * - read at scrape time: intents and webhook deliveries by state (Postgres), execute jobs by state (BullMQ), the
 *   indexer's lag behind the chain head, and open stream connections. Each read is bounded by `timeoutMs`; a read
 *   that fails or does not answer in time leaves its gauge out of that scrape, never fails it, and counts in
 *   metrics_scrape_errors_total{source}.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { SpendRefusal } from "../../core/spend.js";
import { DELIVERY_STATUSES } from "../../core/webhooks.js";
import { type IntentStatus, intentsByStatus } from "../../db/intents.js";
import { deliveriesByStatus } from "../../db/webhooks.js";
import type { ApiDeps } from "../deps.js";
import { freshness } from "../services/indexed.js";
import { singleFlight } from "./single-flight.js";
import { withTimeout } from "./with-timeout.js";

/** How long one scrape-time read may take, ms. */
export const SCRAPE_READ_TIMEOUT_MS = 1_000;

/** Why the spending policy refused an execution: the `reason` its errors carry in their details (api/services/spending.ts). */
export type SpendRefusalReason = SpendRefusal | "daily_spend_cap" | "user_daily_spend_cap";

const SPEND_REFUSAL_REASONS = Object.keys({
  undecodable_call: true,
  unlimited_approval: true,
  token_transfer_not_allowed: true,
  destination_not_allowed: true,
  daily_spend_cap: true,
  user_daily_spend_cap: true,
} satisfies Record<SpendRefusalReason, true>) as SpendRefusalReason[];

const INTENT_STATES = Object.keys({
  pending: true,
  signed: true,
  broadcast: true,
  confirmed: true,
  reverted: true,
  failed: true,
} satisfies Record<IntentStatus, true>) as IntentStatus[];

/** The execute queue's job states reported; BullMQ's getJobCounts names them so. */
const QUEUE_STATES = ["waiting", "active", "delayed", "failed", "completed"] as const;

/** The scrape-time reads, as metrics_scrape_errors_total names them. */
export const SCRAPE_SOURCES = ["intents", "execute_queue", "indexer_lag", "webhook_deliveries"] as const;
export type ScrapeSource = (typeof SCRAPE_SOURCES)[number];

/**
 * Spending refusals, per process: the spending code (api/services/spending.ts) has no app to reach, only the deps,
 * so the counter is the module's, and every app's registry serves it. Apps in one process (tests) therefore all
 * report the process's total. Every reason starts at 0, so that a rate over it exists before the first refusal.
 */
const spendRefusals = new Counter({
  name: "spend_refusals_total",
  help: "Executions the spending policy refused, by reason (the reason in the error's details).",
  labelNames: ["reason"] as const,
  registers: [],
});
for (const reason of SPEND_REFUSAL_REASONS) spendRefusals.inc({ reason }, 0);

/** Count one execution the spending policy refused (a step it cannot price, a destination off the allowlist, a cap). */
export function recordSpendRefusal(reason: SpendRefusalReason): void {
  spendRefusals.inc({ reason });
}

export type ApiMetrics = {
  registry: Registry;
  /** Count one answered request and its duration, in seconds. */
  observeRequest(labels: { endpoint: string; method: string; status: number }, seconds: number): void;
  /** Read the scrape-time gauges, then every metric as Prometheus text (registry.contentType). */
  scrape(): Promise<string>;
};

export type CreateMetricsParameters = {
  /** Bound on each scrape-time read, ms; default SCRAPE_READ_TIMEOUT_MS. */
  timeoutMs?: number;
};

export function createMetrics(deps: ApiDeps, p: CreateMetricsParameters = {}): ApiMetrics {
  const timeoutMs = p.timeoutMs ?? SCRAPE_READ_TIMEOUT_MS;
  const registry = new Registry();
  registry.registerMetric(spendRefusals);
  const registers = [registry];
  const requests = new Counter({
    name: "http_requests_total",
    help: "Requests answered, by endpoint (the REST endpoint's name, or web, ipfs, mcp, stream, health, ready, metrics, other), method and status.",
    labelNames: ["endpoint", "method", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its response (a stream's: to its first byte), seconds, by endpoint and method.",
    labelNames: ["endpoint", "method"] as const,
    registers,
  });
  const scrapeErrors = new Counter({
    name: "metrics_scrape_errors_total",
    help: "Scrape-time reads that failed or did not answer in time, by source; the gauge it feeds is left out of that scrape.",
    labelNames: ["source"] as const,
    registers,
  });
  for (const source of SCRAPE_SOURCES) scrapeErrors.inc({ source }, 0);
  const intents = new Gauge({
    name: "intents",
    help: "Intents in Postgres, by state.",
    labelNames: ["state"] as const,
    registers,
  });
  const queueJobs = new Gauge({
    name: "execute_queue_jobs",
    help: "Jobs of the worker's execute queue, by state; absent when this server has no execute queue.",
    labelNames: ["state"] as const,
    registers,
  });
  const indexerLag = new Gauge({
    name: "indexer_lag_blocks",
    help: "Blocks between the chain head (as last polled) and the block the indexer last committed, by chain.",
    labelNames: ["chain"] as const,
    registers,
  });
  const streamConnections = new Gauge({
    name: "stream_connections",
    help: "Stream connections (WebSocket and SSE) of this process subscribed to the event log.",
    registers,
  });
  const webhookDeliveries = new Gauge({
    name: "webhook_deliveries",
    help: "Webhook deliveries in Postgres, by outcome (pending, delivered, failed).",
    labelNames: ["outcome"] as const,
    registers,
  });

  const { appSchema } = deps.config;
  /**
   * Counts by status from `status, n` rows, every known status present (0 when no row has it). A row that is no
   * count fails the read here, where it is counted as a scrape error, not when the gauge is set.
   */
  const countsBy = async (read: Promise<{ status: unknown; n: unknown }[]>, states: readonly string[]) => {
    const rows = await read;
    const counts = new Map(states.map((s) => [s, 0]));
    for (const { status, n } of rows) {
      if (typeof status !== "string" || typeof n !== "number") throw new Error(`Not a count by status: ${status}`);
      counts.set(status, n);
    }
    return counts;
  };
  type Read = { source: ScrapeSource; read: () => Promise<() => void> };
  const reads = (): Read[] => [
    {
      source: "intents",
      read: async () => {
        const counts = await countsBy(intentsByStatus(deps.db, appSchema), INTENT_STATES);
        return () => {
          for (const [state, n] of counts) intents.set({ state }, n);
        };
      },
    },
    {
      source: "webhook_deliveries",
      read: async () => {
        const counts = await countsBy(deliveriesByStatus(deps.db, appSchema), DELIVERY_STATUSES);
        return () => {
          for (const [outcome, n] of counts) webhookDeliveries.set({ outcome }, n);
        };
      },
    },
    {
      source: "execute_queue",
      read: async () => {
        const counts = await deps.executeQueue?.getJobCounts(...QUEUE_STATES);
        return () => {
          if (counts) for (const state of QUEUE_STATES) queueJobs.set({ state }, Number(counts[state] ?? 0));
        };
      },
    },
    // One read per chain, so that one chain's failure leaves the others' lag in.
    ...[...deps.rpcUrls.keys()].map(
      (chain): Read => ({
        source: "indexer_lag",
        read: async () => {
          const lag = indexerLagOf(await freshness(deps, chain));
          if (lag === null) throw new Error(`The indexer's lag on ${chain} is not known yet`);
          return () => indexerLag.set({ chain }, lag);
        },
      }),
    ),
  ];

  // Scrapes that arrive while one reads share its reads (and its errors, counted once).
  const readAll = singleFlight(() =>
    Promise.all(
      reads().map(({ source, read }) =>
        withTimeout(read(), timeoutMs).catch(() => {
          scrapeErrors.inc({ source });
          return () => {};
        }),
      ),
    ),
  );

  return {
    registry,
    observeRequest({ endpoint, method, status }, seconds) {
      requests.inc({ endpoint, method, status: String(status) });
      durations.observe({ endpoint, method }, seconds);
    },
    async scrape() {
      const setters = await readAll();
      // Reset and set with no await in between, so that a scrape running beside this one cannot mix its values in.
      for (const gauge of [intents, queueJobs, indexerLag, webhookDeliveries]) gauge.reset();
      for (const set of setters) set();
      streamConnections.set(deps.streams?.connections() ?? 0);
      return registry.metrics();
    },
  };
}

/**
 * Blocks the indexer is behind the chain head (0 when the head as last polled is behind the indexer), or null while
 * either is unknown.
 */
export function indexerLagOf(f: { indexed_block: number | null; chain_head: number | null }): number | null {
  if (f.indexed_block === null || f.chain_head === null) return null;
  return Math.max(0, f.chain_head - f.indexed_block);
}
