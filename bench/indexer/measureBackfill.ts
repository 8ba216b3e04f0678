/**
 * Backfill of one Ponder app over a finished chain: wall time from spawning Ponder until its /status reports the
 * chain's head block, split at the moment Ponder logs that it started fetching backfill data (everything before
 * is build and startup: loading config, schema and handlers, connecting to Postgres, creating tables), peak memory
 * of its process tree, CPU time of it, of its Postgres backends and of the chain node, and its Prometheus metrics
 * at the end (handler time per event, store operations, where the backfill loop spent its time).
 */
import type { ChildProcess } from "node:child_process";
import pg from "pg";
import { type ProcessFigures, processTree, sampleProcesses } from "./sampleProcesses.js";

export type RunningApp = {
  url: string;
  process: ChildProcess;
  indexedBlock(): Promise<bigint | undefined>;
  stop(): Promise<void>;
};

export type MeasureBackfillParameters = {
  /** Starts the app; Ponder's output lines go to `onLine`. */
  start: (onLine: (line: string) => void) => Promise<RunningApp>;
  headBlock: number;
  timeoutMs: number;
  /** The app's database: the CPU time of its Postgres backends is counted too (found in pg_stat_activity). */
  database: string;
  /** A connection string for looking up those backends (any database of the same server). */
  adminDatabaseUrl: string;
  /** Processes of the chain node (anvil), whose CPU time during the backfill is reported as well. */
  nodePids: number[];
  /** Progress lines for the console. */
  log: (line: string) => void;
};

/** Ponder log messages whose first appearance is timed, in seconds after the spawn. */
const milestones = {
  fetchStarted: "Started fetching backfill JSON-RPC data",
  indexingStarted: "Started backfill indexing",
  fetchFinished: "Finished fetching backfill JSON-RPC data",
  backfillCompleted: "Completed backfill indexing",
  indexesCreated: "Created database indexes",
  ready: "Started returning 200 responses endpoint=/ready",
} as const;

export type Milestone = keyof typeof milestones;

export type CpuSeconds = { ponder: number; postgres: number; node: number };

export type Metric = { name: string; labels: Record<string, string>; value: number };

export type BackfillFigures = {
  /** Spawn until /status reports the head block. */
  totalSeconds: number;
  /** Spawn until Ponder logs "Started fetching backfill JSON-RPC data". */
  startupSeconds: number;
  /** totalSeconds less startupSeconds: fetching, decoding, handlers, flushes, index creation, to the head. */
  backfillSeconds: number;
  /** Seconds after the spawn at which each milestone was first logged. */
  milestones: Partial<Record<Milestone, number>>;
  /** Ponder's process tree: peak memory, CPU time. */
  ponder: ProcessFigures;
  /** Postgres backends serving the app's database: CPU time (their memory is mostly shared buffers). */
  postgres: ProcessFigures;
  /** The chain node answering the app's RPC calls: CPU time. */
  node: ProcessFigures;
  /** CPU seconds each group had used when startup ended ("Started fetching backfill JSON-RPC data"). */
  startupCpu: CpuSeconds;
  metrics: Metric[];
  /** The app, still running (live) so the caller can go on measuring it or stop it. */
  app: RunningApp;
};

export async function measureBackfill(p: MeasureBackfillParameters): Promise<BackfillFigures> {
  const seen: Partial<Record<Milestone, number>> = {};
  const tail: string[] = [];
  const t0 = performance.now();
  let cpuNow: (() => CpuSeconds) | undefined;
  let startupCpu: CpuSeconds | undefined;
  const onLine = (line: string) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
    for (const [key, text] of Object.entries(milestones) as [Milestone, string][]) {
      if (seen[key] === undefined && line.includes(text)) seen[key] = (performance.now() - t0) / 1000;
    }
    if (startupCpu === undefined && line.includes(milestones.fetchStarted)) startupCpu = cpuNow?.();
  };
  const app = await p.start(onLine);
  const pid = app.process.pid;
  if (pid === undefined) throw new Error("Ponder did not start (no pid)");
  const ponder = sampleProcesses(() => processTree(pid), 100);
  const lookup = new pg.Client({ connectionString: p.adminDatabaseUrl });
  await lookup.connect();
  const postgres = sampleProcesses(async () => {
    const r = await lookup.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [p.database]);
    return r.rows.map((row) => row.pid);
  }, 500);
  const node = sampleProcesses(() => p.nodePids, 500);
  cpuNow = () => ({ ponder: ponder.cpuSoFar(), postgres: postgres.cpuSoFar(), node: node.cpuSoFar() });
  const stopSampling = async () => {
    const figures = { ponder: await ponder.stop(), postgres: await postgres.stop(), node: await node.stop() };
    await lookup.end();
    return figures;
  };
  let exitCode: number | null | undefined;
  app.process.once("exit", (code) => {
    exitCode = code;
  });

  const deadline = t0 + p.timeoutMs;
  let lastReport = t0;
  let totalSeconds: number | undefined;
  while (totalSeconds === undefined) {
    if (exitCode !== undefined) {
      await stopSampling();
      throw new Error(`Ponder exited (code ${exitCode}) during the backfill. Last output:\n  ${tail.join("\n  ")}`);
    }
    if (performance.now() > deadline) {
      await stopSampling();
      await app.stop();
      throw new Error(
        `Ponder did not reach block ${p.headBlock} in ${p.timeoutMs} ms. Last output:\n  ${tail.join("\n  ")}`,
      );
    }
    const block = await app.indexedBlock().catch(() => undefined);
    if (block !== undefined && block >= BigInt(p.headBlock)) {
      totalSeconds = (performance.now() - t0) / 1000;
      break;
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      p.log(`  ${((lastReport - t0) / 1000).toFixed(0)} s: indexed block ${block ?? "-"} of ${p.headBlock}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const sampled = await stopSampling();
  const metrics = parseMetrics(await (await fetch(`${app.url}/metrics`)).text());
  const startupSeconds = seen.fetchStarted ?? seen.indexingStarted ?? 0;
  return {
    totalSeconds,
    startupSeconds,
    backfillSeconds: totalSeconds - startupSeconds,
    milestones: seen,
    ...sampled,
    startupCpu: startupCpu ?? { ponder: 0, postgres: 0, node: 0 },
    metrics,
    app,
  };
}

/** Prometheus text format, one sample per line: `name{label="value",…} number`. */
export function parseMetrics(text: string): Metric[] {
  const out: Metric[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k as string] = v as string;
    out.push({ name: m[1] as string, labels, value: Number(m[3]) });
  }
  return out;
}

/** Sum of a metric's samples whose labels include `where`, grouped by one label. */
export function sumBy(metrics: Metric[], name: string, label: string, where: Record<string, string> = {}) {
  const out = new Map<string, number>();
  for (const m of metrics) {
    if (m.name !== name) continue;
    if (Object.entries(where).some(([k, v]) => m.labels[k] !== v)) continue;
    const key = m.labels[label] ?? "";
    out.set(key, (out.get(key) ?? 0) + m.value);
  }
  return out;
}
