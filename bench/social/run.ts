/**
 * Social benchmark: get-posts-2, get-timeline-posts (following) and search (posts) at 50 connections over
 * 1,000,000 posts and 5,000,000 votes, beside a bare Hono route in the same run; the EXPLAIN (ANALYZE, BUFFERS)
 * plans of the feed queries with real parameters. See bench/social/README.md.
 * Run: `npx tsx bench/social/run.ts [--posts 1000000] [--votes 5000000] [--users 20000] [--tokens 1000]
 * [--clubs 100] [--topics 50] [--viewers 50] [--duration 10] [--connections 50] [--warmup 2] [--pool 20]
 * [--seed 1] [--samples 2000]`.
 *
 * Every run from nothing: a database of its own (`bench_social_<pid>`, dropped at the end), the app schema migrated
 * into it, the bulk seed (seed.ts) and its checks (verify.ts). The API runs in a child process
 * (bench/api/serve.ts: createApp, pg Pool, Redis rate limiter at 1e9/min so it never answers 429); requests
 * authenticate with real API keys of real seeded users.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { createApp } from "../../api/app.js";
import type { ApiDeps } from "../../api/deps.js";
import { createApiKey } from "../../db/api-keys.js";
import { DEFAULT_DATABASE_URL } from "../../scripts/indexer.js";
import { type StartServerReturnType, startServer } from "../api/serve.js";
import {
  figuresRow,
  formatLoadavg,
  type LoadFigures,
  type LoadRequest,
  type LoadTarget,
  load,
  machineFacts,
  tearDown,
} from "../lib/load.js";
import {
  capturingDeps,
  createBenchDeps,
  explainSummary,
  explainText,
  isRead,
  oneLine,
  runDatabase,
} from "../lib/queries.js";
import { seedSocial } from "./seed.js";
import { verifySeed } from "./verify.js";
import { WORDS } from "./words.js";

const API = "/functions/v1";
const SCHEMA = { app: "bench_app", indexer: "bench_ix" } as const;
const RATE_LIMIT_PER_MINUTE = 1_000_000_000;
const TARGET_P99_MS = 50;

const { values: opts } = parseArgs({
  options: {
    posts: { type: "string", default: "1000000" },
    votes: { type: "string", default: "5000000" },
    users: { type: "string", default: "20000" },
    tokens: { type: "string", default: "1000" },
    clubs: { type: "string", default: "100" },
    topics: { type: "string", default: "50" },
    viewers: { type: "string", default: "50" },
    /** Distinct mode: viewers with keys of their own for the distinct-viewer timeline (one per request, in turn). */
    "distinct-viewers": { type: "string", default: "5000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "2" },
    pool: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    samples: { type: "string", default: "2000" },
    keep: { type: "boolean", default: false },
    database: { type: "string" },
    only: { type: "string" },
  },
});
const num = (name: Exclude<keyof typeof opts, "keep" | "database" | "only">) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${opts[name]}`);
  return n;
};
const cfg = {
  posts: num("posts"),
  votes: num("votes"),
  users: num("users"),
  tokens: num("tokens"),
  clubs: num("clubs"),
  topics: num("topics"),
  viewers: num("viewers"),
  distinctViewers: num("distinct-viewers"),
  duration: num("duration"),
  connections: num("connections"),
  warmup: Number(opts.warmup),
  pool: num("pool"),
  seed: num("seed"),
  samples: num("samples"),
};
/** A database an earlier run kept (`--keep`): its seed is used as it is, with the seed options it was made with. */
const reused = opts.database;
if (reused !== undefined && !/^bench_social_\d+$/.test(reused)) {
  throw new Error(`--database must name a database an earlier run kept (bench_social_<pid>), got ${reused}`);
}
/** `--only a,b`: load only the targets of these names (the bare route always runs), e.g. to profile one endpoint. */
const only = opts.only?.split(",").map((name) => name.trim());
const command = `npx tsx bench/social/run.ts ${Object.entries(cfg)
  .map(([k, v]) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${v}`)
  .join(" ")}${reused ? ` --database ${reused}` : ""}${only ? ` --only ${only.join(",")}` : ""}`;

const log = (line: string) => console.log(line);
const { database, databaseUrl, redisUrl, redisKeyPrefix, create, drop } = runDatabase(
  "social",
  DEFAULT_DATABASE_URL,
  reused,
);
const secs = (ms: number) => (ms / 1000).toFixed(1);
const json = (v: unknown) => JSON.stringify(v);

type Viewer = { id: string; auth: string; follows: number };

/** Viewers spread over the follow-count distribution: the user at each of `n` evenly spaced quantiles. */
async function pickViewers(deps: ApiDeps, n: number): Promise<Viewer[]> {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<{ id: string; follows: number }>(
    `WITH f AS (SELECT follower_id AS id, count(*)::int AS follows FROM ${s}.follows GROUP BY follower_id),
          q AS (SELECT id, follows, row_number() OVER (ORDER BY follows, id) AS r, count(*) OVER () AS total FROM f)
     SELECT id, follows FROM q
      WHERE r IN (SELECT 1 + floor((k + 0.5) / $1 * total)::int FROM generate_series(0, $1 - 1) k, (SELECT max(total) AS total FROM q) t)
      ORDER BY follows`,
    [n],
  );
  const viewers: Viewer[] = [];
  for (const r of rows) {
    const { key } = await createApiKey(deps.db, s, { userId: r.id, name: "bench social" });
    viewers.push({ id: r.id, auth: `Bearer ${key}`, follows: r.follows });
  }
  return viewers;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

async function main() {
  const runStarted = performance.now();
  const loadAtStart = formatLoadavg();
  log(`Social benchmark, ${new Date().toISOString()}`);
  for (const line of machineFacts()) log(`  ${line}`);
  log(`  reproduce: ${command}\n`);

  const cleanups: (() => Promise<void> | void)[] = [];
  const servers: StartServerReturnType[] = [];
  try {
    // 1. Database, schema, seed (or a kept database as it is, with any newer migrations applied).
    if (!reused) await create();
    if (!opts.keep && !reused) cleanups.push(drop);
    const { deps, close: closeDeps } = await createBenchDeps({
      databaseUrl,
      redisUrl,
      schemas: SCHEMA,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
      chains: new Map(),
      pool: { max: 8 },
      redisKeyPrefix,
    });
    cleanups.push(closeDeps);
    const { db: pool, ...base } = deps;
    const { config } = deps;

    let seeded: { steps: [string, number][] } = { steps: [] };
    let seedMs = 0;
    if (reused) {
      log(`[seed] reusing ${database} as an earlier run seeded and checked it (no seed, no checks)`);
    } else {
      const seedClient = new pg.Client({ connectionString: databaseUrl });
      await seedClient.connect();
      const seedStarted = performance.now();
      const result = await seedSocial({
        client: seedClient,
        appSchema: SCHEMA.app,
        indexerSchema: SCHEMA.indexer,
        walletSecret: config.walletSecret,
        log,
        ...cfg,
      }).finally(() => seedClient.end());
      seeded = result;
      seedMs = performance.now() - seedStarted;
      log(`[seed] total ${secs(seedMs)} s; rows: ${json(result.counts)}`);

      const verifyStarted = performance.now();
      const verified = await verifySeed(deps, cfg.samples);
      for (const line of verified.lines) log(`[check] ${line}`);
      log(`[check] ${secs(performance.now() - verifyStarted)} s`);
    }
    if (opts.keep) log(`[seed] kept: reuse with --database ${database}; drop with DROP DATABASE ${database}`);

    // 2. Viewers and request bodies.
    const viewers = await pickViewers(deps, cfg.viewers);
    const follows = viewers.map((v) => v.follows).sort((a, b) => a - b);
    const all = (
      await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${SCHEMA.app}.follows GROUP BY follower_id ORDER BY 1`,
      )
    ).rows.map((r) => r.n);
    log(
      `[setup] ${viewers.length} viewers with real API keys, following ${follows[0]}–${follows.at(-1)} accounts (median ${quantile(follows, 0.5)}, p90 ${quantile(follows, 0.9)}); all ${all.length} following users: median ${quantile(all, 0.5)}, p90 ${quantile(all, 0.9)}, max ${all.at(-1)}`,
    );
    const first = viewers[0] as Viewer;
    const app = createApp(deps);
    const call = async (path: string, body: unknown, auth = first.auth) => {
      const res = await app.request(`${API}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: auth },
        body: json(body),
      });
      const out = (await res.json()) as { success: boolean; pagination?: { next_cursor: string | null } };
      if (res.status !== 200) throw new Error(`${path} ${json(body)} answered ${res.status}: ${json(out)}`);
      return out;
    };
    // get-posts-2: first pages, pages 2–4 by cursor, and first pages of the 20 most posted-about tokens.
    const ranked: LoadRequest[] = [];
    let cursor: string | null | undefined;
    const cursorPages: string[] = [];
    for (let page = 0; page < 3; page++) {
      cursor = (await call("get-posts-2", { limit: 10, ...(cursor ? { cursor } : {}) })).pagination?.next_cursor;
      if (cursor) cursorPages.push(cursor);
    }
    const topTokens = (
      await pool.query<{ id: string }>(
        `SELECT tagged_token_id AS id FROM ${SCHEMA.app}.posts WHERE tagged_token_id IS NOT NULL
          AND parent_post_id IS NULL AND club_id IS NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 20`,
      )
    ).rows.map((r) => r.id);
    for (const [i, v] of viewers.entries()) {
      ranked.push({ body: json({ limit: 10 }), auth: v.auth });
      ranked.push({ body: json({ limit: 10, cursor: cursorPages[i % cursorPages.length] }), auth: v.auth });
      ranked.push({ body: json({ limit: 10, token_id: topTokens[i % topTokens.length] }), auth: v.auth });
    }
    // get-timeline-posts following: each viewer's first page, with its own key.
    const timeline: LoadRequest[] = viewers.map((v) => ({
      body: json({ filter: "following", limit: 20 }),
      auth: v.auth,
    }));
    // search posts: words at several frequency ranks, phrases, a coin symbol, partial words.
    const symbol = (
      await pool.query<{ symbol: string }>(`SELECT symbol FROM ${SCHEMA.app}.tokens WHERE id = $1`, [topTokens[0]])
    ).rows[0]?.symbol;
    const queries = [
      WORDS[2],
      WORDS[5],
      WORDS[20],
      WORDS[80],
      WORDS[200],
      `${WORDS[14]} ${WORDS[23]}`,
      "governance proposal",
      "diamond hands",
      "wen lambo",
      symbol,
      "bullis",
      "graduat",
    ].filter((q): q is string => Boolean(q));
    const searches: LoadRequest[] = viewers.flatMap((v, i) =>
      queries.map((q, k) => ({
        body: json({ query: q, type: "posts", limit: 20 }),
        auth: (viewers[(i + k) % viewers.length] ?? v).auth,
      })),
    );
    log(`[setup] search queries: ${queries.map((q) => json(q)).join(", ")}`);
    // Distinct mode: what a new search or a new viewer meets. Two-word queries from the seed's vocabulary, never the
    // same twice in a run (40,000 of them), and viewers with keys of their own, each asking once in turn.
    const distinctQueries: LoadRequest[] = [];
    for (let i = 0; i < 200; i++) {
      for (let j = 0; j < 200; j++) {
        const q = `${WORDS[(i * 7) % WORDS.length]} ${WORDS[(j * 13 + 101) % WORDS.length]}`;
        distinctQueries.push({ body: json({ query: q, type: "posts", limit: 20 }), auth: first.auth });
      }
    }
    const newViewers = await pickViewers(deps, cfg.distinctViewers);
    const distinctTimeline: LoadRequest[] = newViewers.map((v) => ({
      body: json({ filter: "following", limit: 20 }),
      auth: v.auth,
    }));
    log(
      `[setup] distinct mode: ${distinctQueries.length} two-word queries, ${newViewers.length} viewers with keys of their own`,
    );

    const allTargets: (LoadTarget & { server: "api" | "bare"; note: string })[] = [
      {
        name: "bare Hono POST",
        server: "bare",
        path: "/bare",
        requests: [{ body: json({ any: "thing" }) }],
        note: "constant JSON",
      },
      {
        name: "get-posts-2",
        server: "api",
        path: `${API}/get-posts-2`,
        requests: ranked,
        note: "limit 10: first page, pages 2–4 by cursor, first page of 20 tokens, in turn",
      },
      {
        name: "timeline following",
        server: "api",
        path: `${API}/get-timeline-posts`,
        requests: timeline,
        note: `filter following, limit 20, ${viewers.length} viewers with their keys`,
      },
      {
        name: "search posts",
        server: "api",
        path: `${API}/search`,
        requests: searches,
        note: `type posts, limit 20, ${queries.length} queries`,
      },
      {
        name: "search posts (distinct)",
        server: "api",
        path: `${API}/search`,
        requests: distinctQueries,
        note: `type posts, limit 20, a new query each request (${distinctQueries.length} before any repeats)`,
      },
      {
        name: "timeline following (distinct)",
        server: "api",
        path: `${API}/get-timeline-posts`,
        requests: distinctTimeline,
        note: `filter following, limit 20, a new viewer each request (${distinctTimeline.length} before any repeats)`,
      },
    ];

    const unknown = only?.filter((name) => !allTargets.some((t) => t.name === name)) ?? [];
    if (unknown.length > 0) {
      throw new Error(`--only: no target ${unknown.join(", ")} (targets: ${allTargets.map((t) => t.name).join(", ")})`);
    }
    const targets = allTargets.filter((t) => t.server === "bare" || !only || only.includes(t.name));

    // 3. Servers; every request shape answers 200 before load.
    // The indexer's tables here are a stand-in without stream_event: no event log sequencer.
    const serverParams = { databaseUrl, redisUrl, redisKeyPrefix, config, noEvents: true };
    const api = await startServer({ ...serverParams, kind: "api", poolSize: cfg.pool });
    servers.push(api);
    const bare = await startServer({ ...serverParams, kind: "bare", poolSize: 0 });
    servers.push(bare);
    const serverOf = (t: { server: "api" | "bare" }) => (t.server === "api" ? api : bare);
    // A distinct target's bodies are checked at the end of its list, which the load does not reach before it repeats.
    const isDistinct = (t: { name: string }) => t.name.endsWith("(distinct)");
    for (const t of targets) {
      for (const r of isDistinct(t) ? t.requests.slice(-3) : t.requests.slice(0, 12)) {
        const res = await fetch(`${serverOf(t).url}${t.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: r.auth ?? first.auth },
          body: r.body,
        });
        if (res.status !== 200) throw new Error(`${t.name} ${r.body} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      }
    }

    // 4. Load.
    log(
      `\n[load] autocannon here, server in its own process (pg pool ${cfg.pool}); ${cfg.connections} connections, ${cfg.warmup} s warm-up then ${cfg.duration} s per target; load average before ${formatLoadavg()}`,
    );
    const figures: LoadFigures[] = [];
    for (const t of targets) {
      const p = { target: t, server: serverOf(t), auth: first.auth, connections: cfg.connections };
      // No warm-up for a distinct target: it would answer the first bodies of the timed run from the cache.
      if (cfg.warmup > 0 && !isDistinct(t)) await load({ ...p, seconds: cfg.warmup });
      const f = await load({ ...p, seconds: cfg.duration });
      figures.push(f);
      const repeats = isDistinct(t) && f.total > t.requests.length ? `; REPEATED after ${t.requests.length}` : "";
      log(`[load] ${figuresRow(f)}  (${t.note}${repeats}; load average ${formatLoadavg()})`);
    }

    // The same load on a server without change notifications: nothing cached, every read from Postgres.
    await api.stop();
    const uncached = await startServer({ ...serverParams, kind: "api", poolSize: cfg.pool, uncached: true });
    servers.push(uncached);
    log(
      `\n[load uncached] the same targets on a server without change notifications: no cache, every read from Postgres`,
    );
    const uncachedFigures = new Map<string, LoadFigures>();
    for (const t of targets.filter((x) => x.server === "api")) {
      const p = { target: t, server: uncached, auth: first.auth, connections: cfg.connections };
      if (cfg.warmup > 0) await load({ ...p, seconds: cfg.warmup });
      const f = await load({ ...p, seconds: cfg.duration });
      uncachedFigures.set(t.name, f);
      log(`[load uncached] ${figuresRow(f)}  (load average ${formatLoadavg()})`);
    }
    await uncached.stop();

    // 5. Plans of the feed queries with real parameters, from one request each in process.
    log("\n[plans] one request each in process; every query with its server time, the main one's full plan");
    const median = viewers[Math.floor(viewers.length / 2)] as Viewer;
    const most = viewers.at(-1) as Viewer;
    const profiles: [string, string, unknown, string][] = [
      ["get-posts-2, first page", "get-posts-2", { limit: 10 }, first.auth],
      ["get-posts-2, page 4 by cursor", "get-posts-2", { limit: 10, cursor: cursorPages.at(-1) }, first.auth],
      ["get-posts-2, token with most posts", "get-posts-2", { limit: 10, token_id: topTokens[0] }, first.auth],
      [
        `timeline following, viewer following ${median.follows}`,
        "get-timeline-posts",
        { filter: "following", limit: 20 },
        median.auth,
      ],
      [
        `timeline following, viewer following ${most.follows}`,
        "get-timeline-posts",
        { filter: "following", limit: 20 },
        most.auth,
      ],
      [
        `search posts ${json(queries[0])} (common word)`,
        "search",
        { query: queries[0], type: "posts", limit: 20 },
        first.auth,
      ],
      [
        `search posts "governance proposal"`,
        "search",
        { query: "governance proposal", type: "posts", limit: 20 },
        first.auth,
      ],
      [`search posts "bullis" (partial word)`, "search", { query: "bullis", type: "posts", limit: 20 }, first.auth],
    ];
    for (const [label, path, body, auth] of profiles) {
      const { deps: recorded, captured, close } = capturingDeps(base, databaseUrl);
      const started = performance.now();
      const res = await createApp(recorded).request(`${API}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: auth },
        body: json(body),
      });
      await res.arrayBuffer();
      const wall = performance.now() - started;
      log(`\n  ${label}: HTTP ${res.status}, ${captured.length} queries, ${wall.toFixed(1)} ms in process`);
      const main = captured.find((q) => isRead(q) && /FROM \S+\.posts p|FROM \S+\.follows f|WITH c AS/.test(q.text));
      for (const q of captured) {
        const plan = await explainSummary(pool, q);
        log(`    ${plan.ms.padStart(8)} ms  ${plan.top.padEnd(48)} ${oneLine(q.text).slice(0, 100)}`);
      }
      if (main) {
        log(`    main query, params ${json(main.values).slice(0, 200)}:`);
        log(`      ${oneLine(main.text)}`);
        for (const line of await explainText(pool, main)) log(`      ${line}`);
      }
      await close();
    }

    // 6. Against the target.
    const bareFig = figures[0] as LoadFigures;
    log(`\n[result] target p99 ≤ ${TARGET_P99_MS} ms at ${cfg.connections} connections`);
    log(
      `  ${"".padEnd(20)} ${"req/s".padStart(7)} ${"p50".padStart(5)} ${"p90".padStart(5)} ${"p99".padStart(5)} ${"max".padStart(6)}  errors/non-2xx`,
    );
    for (const f of figures) {
      const bare = f === bareFig;
      const verdict = bare ? "" : f.p99 <= TARGET_P99_MS ? "  → met" : "  → MISSED";
      const plain = uncachedFigures.get(f.name);
      const without = plain ? `; without caches ${plain.reqPerSec.toFixed(0)} req/s, p99 ${plain.p99} ms` : "";
      log(
        `  ${f.name.padEnd(20)} ${f.reqPerSec.toFixed(0).padStart(7)} ${String(f.p50).padStart(5)} ${String(f.p90).padStart(5)} ${String(f.p99).padStart(5)} ${String(f.max).padStart(6)}  ${f.errors}/${f.non2xx}${verdict}${without}`,
      );
    }
    log(`\n[seed] ${seeded.steps.map(([n, t]) => `${n}: ${t.toFixed(1)} s`).join("; ")}`);
    log(
      `[done] seeding ${secs(seedMs)} s, total ${secs(performance.now() - runStarted)} s; load average at start ${loadAtStart}, at the end ${formatLoadavg()}`,
    );
    log(`  reproduce: ${command}`);
  } finally {
    await tearDown(servers, cleanups, { url: redisUrl, prefix: redisKeyPrefix });
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:social] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
