/**
 * Where a request's time goes: deps whose pool records every query (text, parameters, client time), and
 * EXPLAIN ANALYZE of a recorded read with its real parameters; a benchmark's API deps and its database.
 */
import pg from "pg";
import { apiConfigFromEnv } from "../../api/config.js";
import { type CreateApiDepsParameters, createApiDeps } from "../../api/create-deps.js";
import type { ApiDeps } from "../../api/deps.js";
import { adminQuery } from "../../db/admin.js";

export type CapturedQuery = { text: string; values: unknown[]; ms: number };

/** Deps like the server's, over a pool of their own whose every query is recorded. */
export function capturingDeps(base: Omit<ApiDeps, "db">, databaseUrl: string) {
  const captured: CapturedQuery[] = [];
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const query = db.query.bind(db) as (text: unknown, values?: unknown[]) => Promise<unknown>;
  (db as unknown as { query: unknown }).query = async (text: unknown, values?: unknown[]) => {
    const started = performance.now();
    try {
      return await query(text, values);
    } finally {
      // Prepared statements arrive as { name, text, values }.
      const q = typeof text === "string" ? { text, values } : (text as { text: string; values?: unknown[] });
      captured.push({ text: q.text, values: q.values ?? [], ms: performance.now() - started });
    }
  };
  return { deps: { ...base, db } as ApiDeps, captured, close: () => db.end() };
}

export const isRead = (q: CapturedQuery) => /^\s*(SELECT|WITH)\b/i.test(q.text) && !/nextval/i.test(q.text);
export const oneLine = (sql: string) => sql.replace(/\s+/g, " ").trim();

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

/** EXPLAIN ANALYZE of a captured SELECT: server execution time and the relations it scans, by scan type. */
export async function explainSummary(pool: pg.Pool, q: CapturedQuery): Promise<{ ms: string; top: string }> {
  if (!isRead(q)) return { ms: "-", top: "(not a read)" };
  const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
    `EXPLAIN (ANALYZE, FORMAT JSON) ${q.text}`,
    q.values,
  );
  const plan = rows[0]?.["QUERY PLAN"][0];
  if (!plan) return { ms: "?", top: "?" };
  const scans: string[] = [];
  const walk = (n: PlanNode) => {
    if (/Scan/.test(n["Node Type"]) && n["Relation Name"]) {
      scans.push(`${n["Node Type"].replace(" Scan", "")}:${n["Relation Name"]}`);
    }
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(plan.Plan);
  return { ms: plan["Execution Time"].toFixed(2), top: [...new Set(scans)].join(",").slice(0, 48) };
}

/** The full text plan of EXPLAIN (ANALYZE, BUFFERS) for a captured read. */
export async function explainText(pool: pg.Pool, q: CapturedQuery): Promise<string[]> {
  const { rows } = await pool.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
  return rows.map((r) => r["QUERY PLAN"]);
}

/**
 * The names of one run of benchmark `kind`: its own database `bench_<kind>_<pid>` (or `name`, one an earlier run
 * kept) on the server of BENCH_DATABASE_URL (default the local one), and its Redis key prefix; create() and drop()
 * the database.
 */
export function runDatabase(kind: string, defaultAdminUrl: string, name?: string) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? defaultAdminUrl;
  const database = name ?? `bench_${kind}_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const admin = (sql: string) => adminQuery(adminUrl, sql);
  return {
    database,
    databaseUrl: url.toString(),
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    redisKeyPrefix: `bench_${kind}_${process.pid}:`,
    create: () => admin(`CREATE DATABASE "${database}"`),
    drop: () => admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}

/**
 * The API's dependencies as a benchmark runs them: the app and indexer schemas and rate limit given, change versions
 * without caching (so the maintained get-tokens ranking is read, and nothing is served from memory), no execute
 * queue and no quote client.
 */
export function createBenchDeps(p: {
  databaseUrl: string;
  redisUrl: string;
  schemas: { app: string; indexer: string };
  rateLimitPerMinute: number;
  chains: CreateApiDepsParameters["chains"];
  redisKeyPrefix: string;
  pool?: CreateApiDepsParameters["pool"];
}) {
  return createApiDeps({
    databaseUrl: p.databaseUrl,
    redisUrl: p.redisUrl,
    config: {
      ...apiConfigFromEnv({}),
      appSchema: p.schemas.app,
      indexerSchema: p.schemas.indexer,
      rateLimitPerMinute: p.rateLimitPerMinute,
      // Set-up checks and EXPLAIN ANALYZE read whole tables: not the request path's 2 s bound.
      dbStatementTimeoutMs: 10 * 60_000,
    },
    chains: p.chains,
    ...(p.pool ? { pool: p.pool } : {}),
    redisKeyPrefix: p.redisKeyPrefix,
    versions: { caching: false },
    executeQueue: false,
    quotes: false,
    // In-process deps set up and profile: no event log sequencer beside the servers'.
    events: false,
  });
}
