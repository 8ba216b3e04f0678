import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { Address } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { createApp } from "../../api/app.js";
import { createQuoteClient } from "../../api/services/quotes.js";
import { ensureAppToken } from "../../api/services/tokens/catalog.js";
import { createApiKey } from "../../db/api-keys.js";
import { createUser } from "../../db/users.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL, startIndexer } from "../../scripts/indexer.js";
import { generateChain, mulberry32 } from "../indexer/generateChain.js";
import { figuresRow, formatLoadavg, type LoadFigures, load, machineFacts, tearDown } from "../lib/load.js";
import { capturingDeps, createBenchDeps, explainSummary, oneLine, runDatabase } from "../lib/queries.js";
import { startTicker } from "../lib/ticker.js";
import { startBenchWorker } from "../lib/worker.js";
import { type StartServerReturnType, startServer } from "./serve.js";

const CHAIN_SLUG = "base-sepolia";
const API = "/functions/v1";
const SCHEMA = { app: "bench_app", indexer: "bench_ix" } as const;
/** Far above what any run can send in a minute, so the limiter is measured but never limits. */
/** Tokens per generateChain round (see main). */
const CHUNK_TOKENS = 2000;
const RATE_LIMIT_PER_MINUTE = 1_000_000_000;
/** Targets: req/s as a share of the bare route's, and p99 latency. */
const TARGET = { shareOfBare: 0.25, p99Ms: 25 } as const;

const { values: opts } = parseArgs({
  options: {
    tokens: { type: "string", default: "10000" },
    trades: { type: "string", default: "10000" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "2" },
    pool: { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    /** Live mode: trades per block and ms between blocks while the load runs (0 trades: no live mode). */
    "live-trades": { type: "string", default: "50" },
    "live-block-ms": { type: "string", default: "2000" },
    only: { type: "string" },
  },
});
const num = (name: Exclude<keyof typeof opts, "only">) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${opts[name]}`);
  return n;
};
const cfg = {
  tokens: num("tokens"),
  trades: num("trades"),
  duration: num("duration"),
  connections: num("connections"),
  warmup: num("warmup"),
  pool: num("pool"),
  seed: num("seed"),
  liveTrades: num("live-trades"),
  liveBlockMs: num("live-block-ms"),
};
/** `--only a,b`: load only the targets of these names (the bare route always runs), e.g. to profile one endpoint. */
const only = opts.only?.split(",").map((name) => name.trim());
const command = `npx tsx bench/api/run.ts --tokens ${cfg.tokens} --trades ${cfg.trades} --duration ${cfg.duration} --connections ${cfg.connections} --warmup ${cfg.warmup} --pool ${cfg.pool} --seed ${cfg.seed} --live-trades ${cfg.liveTrades} --live-block-ms ${cfg.liveBlockMs}${only ? ` --only ${only.join(",")}` : ""}`;

const log = (line: string) => console.log(line);
const { databaseUrl, redisUrl, redisKeyPrefix, create, drop } = runDatabase("api", DEFAULT_DATABASE_URL);
const s = (ms: number) => (ms / 1000).toFixed(1);

/** Run `fn` over `items` with at most `concurrency` in flight. */
async function eachLimited<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

type Target = {
  name: string;
  server: "api" | "bare";
  path: string;
  /** Request bodies, sent in turn. */
  bodies: string[];
  note: string;
  /** Served from the API's per-process cache once seen: measured cold (each body once) before the timed run. */
  cached?: boolean;
};

async function main() {
  const runStarted = performance.now();
  log(`API benchmark, ${new Date().toISOString()}`);
  for (const line of machineFacts()) log(`  ${line}`);
  log(`  reproduce: ${command}\n`);

  const cleanups: (() => Promise<void> | void)[] = [];
  const servers: StartServerReturnType[] = [];
  try {
    // 1. A real chain with `tokens` tokens, indexed by our Ponder indexer.
    const setupStarted = performance.now();
    const anvil = await startAnvil({ port: 0, chainId: 84532 });
    cleanups.push(() => anvil.stop());
    const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: CHAIN_SLUG, write: false, launchFee: false });
    const deploymentsDir = mkdtempSync(join(tmpdir(), "bench-api-"));
    cleanups.push(() => rmSync(deploymentsDir, { recursive: true, force: true }));
    writeFileSync(join(deploymentsDir, `${CHAIN_SLUG}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
    log(`[setup] generating ${cfg.tokens} tokens and ${cfg.trades} trades on ${anvil.rpcUrl}`);
    // generateChain predicts every token's address in one JSON-RPC batch, which anvil refuses at 10,000 calls, so
    // the tokens come in rounds of at most CHUNK_TOKENS. Rounds differ by seed (salts, hence addresses), but
    // generateChain names tokens by their index in the round: symbols and names repeat once per round.
    const rounds = Math.max(1, Math.ceil(cfg.tokens / CHUNK_TOKENS));
    // generateChain's failedTxs counts the whole chain's logs against its own round's transactions, so it is not
    // summed here: the indexed token count is checked against --tokens below instead.
    const chain = { txsSent: 0, blocksWithTxs: 0, headBlock: 0 };
    for (let round = 0; round < rounds; round++) {
      const tokens = Math.min(CHUNK_TOKENS, cfg.tokens - round * CHUNK_TOKENS);
      const r = await generateChain({
        rpcUrl: anvil.rpcUrl,
        deployment,
        trades: Math.ceil(cfg.trades / rounds),
        tokens,
        wallets: 20,
        txsPerBlock: 250,
        seed: cfg.seed * 1000 + round,
        trailingBlocks: round === rounds - 1 ? 32 : 0,
        log: (line) => log(`[setup] round ${round + 1}/${rounds}: ${line}`),
      });
      chain.txsSent += r.txsSent;
      chain.blocksWithTxs += r.blocksWithTxs;
      chain.headBlock = r.headBlock;
    }
    const chainMs = performance.now() - setupStarted;
    log(
      `[setup] chain: ${chain.txsSent} txs in ${chain.blocksWithTxs} blocks, head ${chain.headBlock}, ${s(chainMs)} s`,
    );

    // Ponder keeps raw RPC data in a per-database `ponder_sync` schema; a database of our own keeps this chain's
    // logs (same chain id and addresses as every local chain) away from other runs.
    await create();
    cleanups.push(drop);
    const indexStarted = performance.now();
    const indexer = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      schema: SCHEMA.indexer,
      databaseUrl,
      deploymentsDir,
      fresh: true,
    });
    cleanups.push(() => indexer.stop());
    await indexer.waitForReady(30 * 60_000);
    await indexer.waitForBlock(chain.headBlock, 30 * 60_000);
    const indexMs = performance.now() - indexStarted;
    await indexer.stop();

    const { deps, close: closeDeps } = await createBenchDeps({
      databaseUrl,
      redisUrl,
      schemas: SCHEMA,
      rateLimitPerMinute: RATE_LIMIT_PER_MINUTE,
      chains: new Map([[CHAIN_SLUG, { deployment, rpcUrl: anvil.rpcUrl }]]),
      redisKeyPrefix,
    });
    cleanups.push(closeDeps);
    const { db: pool, ...base } = deps;
    const { config } = deps;

    const indexed = await pool.query<{ token_layer_id: string; address: string; symbol: string; graduated: boolean }>(
      `SELECT t.token_layer_id, t.address, t.symbol, p.graduated FROM ${SCHEMA.indexer}.token t
         JOIN ${SCHEMA.indexer}.pool p ON p.chain_id = t.chain_id AND p.token = t.address ORDER BY t.created_block, t.address`,
    );
    const counts = (
      await pool.query<{ trades: string; holders: string; candles: string }>(
        `SELECT (SELECT count(*) FROM ${SCHEMA.indexer}.trade) AS trades, (SELECT count(*) FROM ${SCHEMA.indexer}.holder) AS holders,
                (SELECT count(*) FROM (SELECT DISTINCT chain_id, token, timestamp - timestamp % 60
                   FROM ${SCHEMA.indexer}.trade) m) AS candles`,
      )
    ).rows[0];
    if (indexed.rows.length !== cfg.tokens) {
      throw new Error(`the indexer holds ${indexed.rows.length} tokens with pools, expected ${cfg.tokens}`);
    }
    const appStarted = performance.now();
    await eachLimited(indexed.rows, 16, async (r) => {
      await ensureAppToken(deps, r.token_layer_id);
    });
    const appMs = performance.now() - appStarted;
    const user = await createUser(deps, null, "bench");
    const { key } = await createApiKey(pool, SCHEMA.app, { userId: user.id, name: "bench" });
    const auth = `Bearer ${key}`;
    // Statistics as autovacuum would have them on a database in use: bulk-created rows are not analyzed yet, and
    // without statistics Postgres scans whole tables for lookups by expression indexes (lower(token_layer_id)).
    const tables = await pool.query<{ t: string }>(
      `SELECT format('%I.%I', schemaname, tablename) AS t FROM pg_tables WHERE schemaname = ANY($1)`,
      [[SCHEMA.app, SCHEMA.indexer]],
    );
    await pool.query(`ANALYZE ${tables.rows.map((r) => r.t).join(", ")}`);
    const setupMs = performance.now() - setupStarted;
    log(
      `[setup] method: real on-chain tokens (createToken txs on anvil) indexed by our Ponder indexer; no synthetic rows; ANALYZE after seeding`,
    );
    log(
      `[setup] indexed ${indexed.rows.length} tokens, ${counts?.trades} trades, ${counts?.holders} holder rows, ${counts?.candles} minute candles in ${s(indexMs)} s (Ponder start to head); app rows via ensureAppToken in ${s(appMs)} s; setup total ${s(setupMs)} s\n`,
    );

    // 2. Request bodies over all tokens, in a seeded random order.
    const apps = await pool.query<{ id: string; token_layer_id: string }>(
      `SELECT id, token_layer_id FROM ${SCHEMA.app}.tokens`,
    );
    const idOf = new Map(apps.rows.map((r) => [r.token_layer_id.toLowerCase(), r.id]));
    const random = mulberry32(cfg.seed);
    const tokens = indexed.rows
      .map((r) => ({ ...r, id: idOf.get(r.token_layer_id.toLowerCase()) as string, order: random() }))
      .sort((a, b) => a.order - b.order);
    const trader: Address = mnemonicToAccount("test test test test test test test test test test test junk", {
      addressIndex: 1,
    }).address;
    const json = (v: unknown) => JSON.stringify(v);
    const allTargets: Target[] = [
      {
        name: "bare Hono POST",
        server: "bare",
        path: "/bare",
        bodies: [json({ any: "thing" })],
        note: "constant JSON, no middleware",
      },
      {
        name: "search-token",
        server: "api",
        path: `${API}/search-token`,
        bodies: tokens.map((t, i) => json({ input: [t.symbol, t.address, t.id][i % 3] })),
        note: `input cycles symbol / address / uuid over ${tokens.length} tokens`,
        cached: true,
      },
      {
        name: "get-pool-data",
        server: "api",
        path: `${API}/get-pool-data`,
        bodies: tokens.map((t) => json({ tokenId: t.id })),
        note: `tokenId over ${tokens.length} tokens`,
        cached: true,
      },
      {
        name: "get-tokens trending",
        server: "api",
        path: `${API}/get-tokens`,
        bodies: [json({ filter: "trending" })],
        note: "first page (limit 20)",
      },
      {
        name: "trade-token buy",
        server: "api",
        path: `${API}/trade-token`,
        bodies: tokens
          .filter((t) => !t.graduated)
          .map((t) => json({ tokenId: t.id, chainSlug: CHAIN_SLUG, buyAmountUSD: 1, userAddress: trader })),
        note: "buyAmountUSD 1 on curve tokens, from a funded wallet with allowance: allowance read + eth_estimateGas",
      },
    ];

    const unknown = only?.filter((name) => !allTargets.some((t) => t.name === name)) ?? [];
    if (unknown.length > 0) {
      throw new Error(`--only: no target ${unknown.join(", ")} (targets: ${allTargets.map((t) => t.name).join(", ")})`);
    }
    const targets = allTargets.filter((t) => t.server === "bare" || !only || only.includes(t.name));

    // 3. The worker process (quotes for trade-token), then the servers; every target answers 200 before loading it.
    const queuePrefix = `bench-api-${process.pid}-`;
    const worker = await startBenchWorker({
      databaseUrl,
      redisUrl,
      appSchema: SCHEMA.app,
      indexerSchema: SCHEMA.indexer,
      queuePrefix,
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      deploymentsDir,
    });
    cleanups.push(() => worker.stop());
    const serverParams = { databaseUrl, redisUrl, redisKeyPrefix, config, deployment, rpcUrl: anvil.rpcUrl };
    const api = await startServer({ ...serverParams, kind: "api", poolSize: cfg.pool, quotePrefix: queuePrefix });
    servers.push(api);
    const bare = await startServer({ ...serverParams, kind: "bare", poolSize: 0 });
    servers.push(bare);
    const serverOf = (t: Target) => (t.server === "api" ? api : bare);
    for (const t of targets) {
      for (const body of t.bodies.slice(0, 3)) {
        const res = await fetch(`${serverOf(t).url}${t.path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: auth },
          body,
        });
        if (res.status !== 200) throw new Error(`${t.name} ${body} answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer().catch(() => undefined);
      }
    }

    // 4. Load, one target at a time, each after a warm-up.
    log(
      `[load] autocannon in this process, server in its own (pg pool ${cfg.pool}); ${cfg.connections} connections, ${cfg.warmup} s warm-up then ${cfg.duration} s per target; rate limit ${RATE_LIMIT_PER_MINUTE}/min (never reached); auth: API key`,
    );
    const loadParams = (t: Target, server: StartServerReturnType) => ({
      target: { ...t, requests: t.bodies.map((body) => ({ body })) },
      server,
      auth,
      connections: cfg.connections,
    });
    /** A warm-up, then the timed load. */
    const timedLoad = async (t: Target, server: StartServerReturnType) => {
      if (cfg.warmup > 0) await load({ ...loadParams(t, server), seconds: cfg.warmup });
      return load({ ...loadParams(t, server), seconds: cfg.duration });
    };
    const figures: LoadFigures[] = [];
    const coldFigures = new Map<string, LoadFigures>();
    for (const t of targets) {
      const p = loadParams(t, serverOf(t));
      if (t.cached) {
        // The server caches these reads until a block is indexed (db/versions.ts). Cold: each body once,
        // nothing cached yet. The timed run then measures the warm cache of an idle chain.
        const cold = await load({ ...p, seconds: 0, amount: t.bodies.length });
        coldFigures.set(t.name, cold);
        log(`[load] ${figuresRow({ ...cold, name: `${t.name} (cold)` })}  (every body once, none cached)`);
      }
      const f = await timedLoad(t, serverOf(t));
      figures.push(f);
      log(`[load] ${figuresRow(f)}  (${t.note}; load average ${loadavg()[0]?.toFixed(2)})`);
    }

    // Live: the indexer runs again and a block with `liveTrades` buys on random tokens lands every `liveBlockMs`
    // while each target loads, so cached reads meet what a moving chain does to them.
    const liveFigures = new Map<string, LoadFigures>();
    if (cfg.liveTrades > 0) {
      const liveIndexer = await startIndexer({
        rpcUrl: anvil.rpcUrl,
        chainSlug: CHAIN_SLUG,
        schema: SCHEMA.indexer,
        databaseUrl,
        deploymentsDir,
      });
      cleanups.push(() => liveIndexer.stop());
      await liveIndexer.waitForReady(10 * 60_000);
      const ticker = await startTicker({
        rpcUrl: anvil.rpcUrl,
        deployment,
        tokens: tokens.filter((t) => !t.graduated).map((t) => t.address as Address),
        perBlock: cfg.liveTrades,
        intervalMs: cfg.liveBlockMs,
        random: mulberry32(cfg.seed + 7),
        // Every block of the live loads, and a few for the pauses between them.
        presignedBlocks: Math.ceil((targets.length * (cfg.warmup + cfg.duration) * 1000) / cfg.liveBlockMs) + 4,
        log,
      });
      cleanups.push(() => ticker.stop());
      log(
        `\n[load live] the same targets while a block with ${cfg.liveTrades} buys on random tokens lands every ${cfg.liveBlockMs} ms, indexed as it comes (Ponder running)`,
      );
      const before = ticker.stats();
      for (const t of targets) {
        const f = await timedLoad(t, serverOf(t));
        liveFigures.set(t.name, f);
        log(`[load live] ${figuresRow(f)}  (load average ${loadavg()[0]?.toFixed(2)})`);
      }
      const after = ticker.stats();
      await ticker.stop();
      await liveIndexer.waitForBlock(Number(after.lastBlock), 60_000);
      const { rows } = await pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM ${SCHEMA.indexer}.trade WHERE block_number > $1`,
        [chain.headBlock],
      );
      log(
        `[load live] ${after.blocks - before.blocks} blocks with ${after.trades - before.trades} trades during the loads; ${rows[0]?.n} live trades indexed in all`,
      );
      await liveIndexer.stop();
    }

    // The same load on a server without change notifications: nothing cached, every read from Postgres.
    await api.stop();
    const uncached = await startServer({
      ...serverParams,
      kind: "api",
      poolSize: cfg.pool,
      quotePrefix: queuePrefix,
      uncached: true,
    });
    servers.push(uncached);
    log(
      "\n[load uncached] the same targets on a server without change notifications: no cache, every read from Postgres",
    );
    const uncachedFigures = new Map<string, LoadFigures>();
    for (const t of targets.filter((x) => x.server === "api")) {
      const f = await timedLoad(t, uncached);
      uncachedFigures.set(t.name, f);
      log(`[load uncached] ${figuresRow(f)}  (load average ${loadavg()[0]?.toFixed(2)})`);
    }
    await uncached.stop();

    // 5. Where the time goes: queries per request and their plans, from one request per endpoint in process.
    log("\n[profile] one request per endpoint in process, every query EXPLAIN ANALYZEd with its real parameters");
    const profileBodies: [string, string][] = [
      ["search-token (symbol)", json({ input: tokens[1]?.symbol })],
      ["search-token (address)", json({ input: tokens[2]?.address })],
      ["search-token (uuid)", json({ input: tokens[3]?.id })],
      ["get-pool-data", json({ tokenId: tokens[4]?.id })],
      ["get-tokens trending", json({ filter: "trending" })],
      [
        "trade-token buy",
        json({
          tokenId: tokens.find((t) => !t.graduated)?.id,
          chainSlug: CHAIN_SLUG,
          buyAmountUSD: 1,
          userAddress: trader,
        }),
      ],
    ];
    const paths: Record<string, string> = {
      "search-token": "search-token",
      "get-pool-data": "get-pool-data",
      "get-tokens": "get-tokens",
      "trade-token": "trade-token",
    };
    const quotes = await createQuoteClient({ redisUrl, prefix: queuePrefix });
    cleanups.push(() => quotes.close());
    for (const [label, body] of profileBodies) {
      const { deps: counted, captured, close } = capturingDeps({ ...base, quotes }, databaseUrl);
      const app = createApp(counted);
      const path = paths[label.split(" ")[0] as string];
      const started = performance.now();
      const res = await app.request(`${API}/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: auth },
        body,
      });
      await res.arrayBuffer();
      const wall = performance.now() - started;
      const sumMs = captured.reduce((n, q) => n + q.ms, 0);
      log(
        `  ${label}: HTTP ${res.status}, ${captured.length} queries (client time ${sumMs.toFixed(1)} ms of ${wall.toFixed(1)} ms in process)`,
      );
      for (const q of captured) {
        const plan = await explainSummary(pool, q);
        log(`    ${plan.ms.padStart(8)} ms  ${plan.top.padEnd(48)} ${oneLine(q.text).slice(0, 110)}`);
      }
      await close();
    }

    // 6. Against the targets.
    const bareRps = figures[0]?.reqPerSec ?? 0;
    log(`\n[result] targets: ≥ ${TARGET.shareOfBare * 100}% of the bare route's req/s and p99 ≤ ${TARGET.p99Ms} ms`);
    for (const f of figures.slice(1)) {
      const share = bareRps > 0 ? f.reqPerSec / bareRps : 0;
      const judged = f.name === "search-token" || f.name === "get-pool-data";
      const ok = share >= TARGET.shareOfBare && f.p99 <= TARGET.p99Ms;
      const pct = (g: LoadFigures) => `${((g.reqPerSec / (bareRps || 1)) * 100).toFixed(1)}% of bare, p99 ${g.p99} ms`;
      const cold = coldFigures.get(f.name);
      const plain = uncachedFigures.get(f.name);
      const live = liveFigures.get(f.name);
      const liveBare = liveFigures.get(figures[0]?.name ?? "");
      const liveNote = live
        ? `; live ${pct(live)}${liveBare ? ` (${((live.reqPerSec / (liveBare.reqPerSec || 1)) * 100).toFixed(1)}% of the bare route measured live)` : ""}${live.p99 <= TARGET.p99Ms && live.reqPerSec / (bareRps || 1) >= TARGET.shareOfBare ? " → live target met" : " → live target MISSED"}`
        : "";
      const coldNote = `${cold ? `; cold (each body once) ${pct(cold)}` : ""}${liveNote}${plain ? `; without caches ${pct(plain)}` : ""}`;
      log(
        `  ${f.name.padEnd(22)} ${(share * 100).toFixed(1).padStart(5)}% of bare, p99 ${f.p99} ms${judged ? (ok ? "  → target met" : "  → target MISSED") : "  (no target)"}${coldNote}`,
      );
    }
    log(`\n[done] total ${s(performance.now() - runStarted)} s; load average at the end ${formatLoadavg()}`);
  } finally {
    await tearDown(servers, cleanups, { url: redisUrl, prefix: redisKeyPrefix });
  }
}

main().catch((error: unknown) => {
  console.error(`[bench:api] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
