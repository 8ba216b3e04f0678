/**
 * The server side of the API benchmark, run as its own process (startServer) so that the load generator and the
 * server never share an event loop. It serves either the real app (createApp with a pg Pool, Redis, the chain head
 * poller, as api/server.ts builds them) or a bare Hono app with one POST route returning a constant JSON, both with
 * @hono/node-server on a free port of 127.0.0.1.
 *
 * The parent talks to it over the IPC channel: the child sends `{ type: "listening", port }` once it serves, and
 * answers `{ type: "stats" }` with the pool's counters and how many queries it has sent, so the parent can see
 * whether requests queue for a connection.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createApp } from "../../api/app.js";
import { createApiDeps } from "../../api/create-deps.js";
import type { ApiConfig } from "../../api/deps.js";
import type { Deployment } from "../../core/deployment.js";

export type ServerKind = "api" | "bare";

export type ServeParameters = {
  kind: ServerKind;
  databaseUrl: string;
  redisUrl: string;
  /** Every Redis key the server writes starts with this (the rate limiter's sorted sets). */
  redisKeyPrefix: string;
  /** Connections of the server's pg Pool (api/server.ts uses 20). */
  poolSize: number;
  config: ApiConfig;
  /**
   * Without change notifications (db/versions.ts): then nothing is cached across requests (API keys,
   * token records, post views, timelines, search candidates) and every read goes to Postgres.
   */
  uncached?: boolean;
  /** Queue prefix of a running worker process: quote-token and trade-token get their quotes from it. */
  quotePrefix?: string;
  /** The chain the app reads (deployments, chain-head poller); none for a benchmark of app tables only. */
  deployment?: Deployment;
  /** Without the event log's sequencer and streams (a stand-in indexer schema has no stream_event table). */
  noEvents?: boolean;
  rpcUrl?: string;
};

export type PoolStats = { total: number; idle: number; waiting: number; queries: number };
/** Processes whose CPU serves a server's requests: itself, its pool's Postgres backends, Redis. */
export type ServerPids = { server: number; postgres: number[]; redis: number | null };

type ToParent =
  | { type: "listening"; port: number }
  | ({ type: "stats" } & PoolStats)
  | { type: "pids"; pids: ServerPids };

export type StartServerReturnType = {
  url: string;
  process: ChildProcess;
  /** The server's pg Pool counters now (zeros for the bare server). */
  stats(): Promise<PoolStats>;
  /** The processes serving it now (bench/lib/cpu.ts reads their CPU time). */
  pids(): Promise<ServerPids>;
  stop(): Promise<void>;
};

const serveFile = fileURLToPath(import.meta.url);

/** Start a server process and resolve once it listens. */
export async function startServer(p: ServeParameters): Promise<StartServerReturnType> {
  // BENCH_SERVE_CPU_PROF=<dir>: each server writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_SERVE_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_SERVE_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, ["--no-deprecation", ...profile, "--import", "tsx", serveFile], {
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: {
      ...process.env,
      BENCH_API_SERVE: JSON.stringify(p, (_, v) => (typeof v === "bigint" ? { $bigint: `${v}` } : v)),
    },
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const onMessage = (m: ToParent) => {
      if (m.type === "listening") {
        child.off("message", onMessage);
        done(m.port);
      }
    };
    child.on("message", onMessage);
    void exited.then((code) => fail(new Error(`${p.kind} server exited (code ${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    stats: () =>
      new Promise<PoolStats>((done) => {
        const onMessage = (m: ToParent) => {
          if (m.type !== "stats") return;
          child.off("message", onMessage);
          done({ total: m.total, idle: m.idle, waiting: m.waiting, queries: m.queries });
        };
        child.on("message", onMessage);
        child.send({ type: "stats" });
      }),
    pids: () =>
      new Promise<ServerPids>((done) => {
        const onMessage = (m: ToParent) => {
          if (m.type !== "pids") return;
          child.off("message", onMessage);
          done(m.pids);
        };
        child.on("message", onMessage);
        child.send({ type: "pids" });
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function runChild(p: ServeParameters) {
  const send = (m: ToParent) => process.send?.(m);
  let stats = (): PoolStats => ({ total: 0, idle: 0, waiting: 0, queries: 0 });
  let pids = async (): Promise<ServerPids> => ({ server: process.pid, postgres: [], redis: null });
  let close = async () => {};
  let fetch: (request: Request) => Response | Promise<Response>;

  if (p.kind === "bare") {
    const bare = new Hono();
    bare.post("/bare", (c) => c.json({ success: true, value: "constant" }));
    fetch = bare.fetch;
  } else {
    // Idle connections stay, so that the CPU time of every backend that served the run can be read at its end.
    const application_name = `bench-serve-${process.pid}`;
    const chains = new Map(
      p.deployment && p.rpcUrl ? [[p.deployment.chainSlug, { deployment: p.deployment, rpcUrl: p.rpcUrl }]] : [],
    );
    // As api/server.ts: change versions from Postgres, so that token reads and API keys are cached per process.
    const created = await createApiDeps({
      databaseUrl: p.databaseUrl,
      redisUrl: p.redisUrl,
      config: p.config,
      chains,
      pool: { max: p.poolSize, idleTimeoutMillis: 0, application_name },
      redisKeyPrefix: p.redisKeyPrefix,
      // Without caches, not without the maintained get-tokens ranking: it is indexed state, not a cache.
      versions: p.uncached ? { caching: false } : {},
      executeQueue: false,
      quotes: p.quotePrefix ? { prefix: p.quotePrefix } : false,
      ...(p.noEvents ? { events: false as const } : {}),
    });
    const { db, redis } = created.deps;
    let queries = 0;
    const query = db.query.bind(db) as (...args: unknown[]) => unknown;
    (db as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      queries++;
      return query(...args);
    };
    const app = createApp(created.deps);
    fetch = app.fetch;
    stats = () => ({ total: db.totalCount, idle: db.idleCount, waiting: db.waitingCount, queries });
    pids = async () => {
      const backends = await query(
        "SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND pid <> pg_backend_pid()",
        [application_name],
      );
      const info = await redis.info("server");
      const redisPid = /process_id:(\d+)/.exec(info)?.[1];
      return {
        server: process.pid,
        postgres: (backends as { rows: { pid: number }[] }).rows.map((r) => r.pid),
        redis: redisPid ? Number(redisPid) : null,
      };
    };
    close = created.close;
  }

  const server = serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info) =>
    send({ type: "listening", port: info.port }),
  );
  process.on("message", (m: { type?: string }) => {
    if (m.type === "stats") send({ type: "stats", ...stats() });
    if (m.type === "pids") void pids().then((list) => send({ type: "pids", pids: list }));
  });
  process.once("SIGTERM", () => {
    server.close(() => void close().finally(() => process.exit(0)));
  });
}

const raw = process.env.BENCH_API_SERVE;
if (raw && process.argv[1] === serveFile) {
  // The config's spending caps are bigints: they cross as { $bigint: "<digits>" }.
  const revive = (_: string, v: unknown) =>
    v && typeof v === "object" && "$bigint" in v ? BigInt((v as { $bigint: string }).$bigint) : v;
  runChild(JSON.parse(raw, revive) as ServeParameters).catch((error: unknown) => {
    console.error(`[bench:serve] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  });
}
