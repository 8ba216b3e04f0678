/**
 * Indexer benchmark: backfill throughput, CPU time and peak memory of our Ponder indexer against a bare Ponder app
 * that only counts the same logs, on one generated chain; then block-to-queryable latency of both while trades
 * arrive live. See bench/README.md. Run: `npx tsx bench/indexer/run.ts [--trades 100000] [--tokens 200]
 * [--wallets 20] [--txs-per-block 250] [--latency-blocks 200] [--seed 1] [--ws] [--floor] [--verbose]`. With `--ws`
 * the latency phases restart both apps on their schemas following anvil's newHeads over WebSocket (WS_URL) instead of
 * polling every 100 ms; the backfills are the same either way. With `--floor` a third app is backfilled too: the
 * bare app's counters plus one row of our trade table per trade (bench/indexer/floor), the least that keeping each
 * trade costs.
 *
 * Nothing is cached between runs: every run starts its own anvil, deploys, generates the chain and indexes it into
 * a Postgres database per app (created here and dropped at the end). Separate databases, not just schemas,
 * because Ponder keeps raw RPC data in a fixed `ponder_sync` schema per database: sharing one would let the second
 * app find the first one's rows, and would leave this chain's logs behind where other local-chain runs (same chain
 * id, same contract addresses) could read them.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL, startIndexer } from "../../scripts/indexer.js";
import { generateChain } from "./generateChain.js";
import { type BackfillFigures, type Metric, measureBackfill, parseMetrics, sumBy } from "./measureBackfill.js";
import { measureLatency, quantile } from "./measureLatency.js";
import { rpc } from "./rpc.js";
import { findProcesses } from "./sampleProcesses.js";
import { startPonderApp } from "./startPonderApp.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const CHAIN_SLUG = "base-sepolia";
const BARE_ROOT = "bench/indexer/bare";
/** With --floor: the bare app's counters plus one row of our trade table per Trade (bench/indexer/floor). */
const FLOOR_ROOT = "bench/indexer/floor";
const SCHEMA = { ours: "bench_ours", bare: "bench_bare", floor: "bench_floor" } as const;
/** Launchpad events with a handler, in ours (indexer/src/Launchpad.ts) and in the bare app alike. */
const HANDLED_LAUNCHPAD_EVENTS = ["ProtocolFeeRecipientSet", "TokenCreated", "Trade", "Graduated", "FeesClaimed"];

const { values: opts } = parseArgs({
  options: {
    trades: { type: "string", default: "100000" },
    tokens: { type: "string", default: "200" },
    wallets: { type: "string", default: "20" },
    "txs-per-block": { type: "string", default: "250" },
    "latency-blocks": { type: "string", default: "200" },
    seed: { type: "string", default: "1" },
    ws: { type: "boolean", default: false },
    floor: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});
const num = (name: keyof typeof opts) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, got ${opts[name]}`);
  return n;
};
const config = {
  trades: num("trades"),
  tokens: num("tokens"),
  wallets: num("wallets"),
  txsPerBlock: num("txs-per-block"),
  latencyBlocks: num("latency-blocks"),
  seed: num("seed"),
};
const command = [
  "npx tsx bench/indexer/run.ts",
  `--trades ${config.trades}`,
  `--tokens ${config.tokens}`,
  `--wallets ${config.wallets}`,
  `--txs-per-block ${config.txsPerBlock}`,
  `--latency-blocks ${config.latencyBlocks}`,
  `--seed ${config.seed}`,
  ...(opts.ws ? ["--ws"] : []),
  ...(opts.floor ? ["--floor"] : []),
].join(" ");

const log = (line: string) => console.log(line);
const ponderLog = (label: string) => (line: string) => {
  if (opts.verbose) console.log(`  [${label}] ${line}`);
};
const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL;
const databaseUrlOf = (db: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  return url.toString();
};
const databases = {
  ours: `bench_indexer_${process.pid}_ours`,
  bare: `bench_indexer_${process.pid}_bare`,
  ...(opts.floor ? { floor: `bench_indexer_${process.pid}_floor` } : {}),
};

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function main() {
  const runStarted = performance.now();
  const facts = await machineFacts();
  log(`Indexer benchmark, ${new Date().toISOString()}`);
  log(`  ${facts.join("\n  ")}`);
  log(`  ${command}\n`);

  const cleanups: (() => Promise<void> | void)[] = [];
  // Ponder writes a ponder-env.d.ts into each app's root; one it made here goes again at the end.
  const envFiles = [BARE_ROOT, FLOOR_ROOT]
    .map((appRoot) => join(root, appRoot, "ponder-env.d.ts"))
    .filter((file) => !existsSync(file));
  try {
    // 1. The chain.
    log("[chain] starting anvil and deploying");
    const anvil = await startAnvil({ port: 0, chainId: 84532 });
    cleanups.push(() => anvil.stop());
    const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: CHAIN_SLUG, write: false, launchFee: false });
    const deploymentsDir = mkdtempSync(join(tmpdir(), "bench-indexer-"));
    cleanups.push(() => rmSync(deploymentsDir, { recursive: true, force: true }));
    writeFileSync(join(deploymentsDir, `${CHAIN_SLUG}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
    log(`[chain] generating on ${anvil.rpcUrl}`);
    const chain = await generateChain({
      rpcUrl: anvil.rpcUrl,
      deployment,
      trades: config.trades,
      tokens: config.tokens,
      wallets: config.wallets,
      txsPerBlock: config.txsPerBlock,
      seed: config.seed,
      trailingBlocks: 32,
      log: (line) => log(`[chain] ${line}`),
    });
    // Logs some handler receives: launchpad events with a handler, and launched tokens' transfers.
    const handled =
      HANDLED_LAUNCHPAD_EVENTS.reduce((a, name) => a + (chain.launchpadLogs[name] ?? 0), 0) + chain.tokenTransferLogs;
    log(
      `[chain] launchpad logs ${chain.launchpadLogsTotal} (${fmtCounts(chain.launchpadLogs)}), token Transfer logs ${chain.tokenTransferLogs}, logs with a handler ${handled}, failed txs ${chain.failedTxs}; counted in ${chain.countSeconds.toFixed(1)} s\n`,
    );

    for (const db of Object.values(databases)) {
      await admin((c) => c.query(`CREATE DATABASE "${db}"`));
      cleanups.push(() => admin((c) => c.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`)).then(() => {}));
    }
    const timeoutMs = 30 * 60_000;
    // Ponder's own "Indexed block" duration per live block: from receiving the block to committing its rows.
    const indexedBlockMs = { ours: new Map<number, number>(), bare: new Map<number, number>() };
    const nodePids = findProcesses(["anvil", "--port", new URL(anvil.rpcUrl).port]);

    // 2. The bare app, the floor app (--floor), then ours, one after the other.
    /** The backfill of an app other than ours (the bare app, the floor app) into its own database and schema. */
    const backfillOf = (appRoot: string, label: "bare" | "floor", database: string) =>
      measureBackfill({
        headBlock: chain.headBlock,
        timeoutMs,
        database,
        adminDatabaseUrl: adminUrl,
        nodePids,
        log,
        start: (onLine) =>
          startPonderApp({
            appRoot,
            rpcUrl: anvil.rpcUrl,
            chainSlug: CHAIN_SLUG,
            schema: SCHEMA[label],
            databaseUrl: databaseUrlOf(database),
            deploymentsDir,
            log: (line) => {
              onLine(line);
              ponderLog(label)(line);
            },
          }),
      });
    log(`[bare] backfill (ponder start --root ${BARE_ROOT})`);
    const bare = await backfillOf(BARE_ROOT, "bare", databases.bare);
    cleanups.push(() => bare.app.stop());
    const bareCounts = new pg.Client({ connectionString: databaseUrlOf(databases.bare) });
    await bareCounts.connect();
    const counted = await bareCounts.query<{ name: string; count: number }>(
      `SELECT name, count FROM "${SCHEMA.bare}"."event_count" ORDER BY name`,
    );
    await bareCounts.end();
    await bare.app.stop();
    const bareTotal = counted.rows.reduce((a, r) => a + r.count, 0);
    log(`[bare] counted ${bareTotal} events (${counted.rows.map((r) => `${r.name} ${r.count}`).join(", ")})`);
    if (bareTotal !== handled) log(`[bare] WARNING: it counted ${bareTotal} events, eth_getLogs ${handled}`);
    log(`[bare] ${summaryLine(bare, handled)}\n`);

    let floor: Awaited<ReturnType<typeof backfillOf>> | undefined;
    if (databases.floor) {
      log(`[floor] backfill (ponder start --root ${FLOOR_ROOT})`);
      floor = await backfillOf(FLOOR_ROOT, "floor", databases.floor);
      await floor.app.stop();
      const trades = await rowCounts(databaseUrlOf(databases.floor), SCHEMA.floor, ["trade"]);
      log(`[floor] rows: ${fmtCounts(trades)}`);
      log(`[floor] ${summaryLine(floor, handled)}\n`);
    }

    log("[ours] backfill (startIndexer: ponder start --root indexer)");
    const ours = await measureBackfill({
      headBlock: chain.headBlock,
      timeoutMs,
      database: databases.ours,
      adminDatabaseUrl: adminUrl,
      nodePids,
      log,
      start: (onLine) =>
        startIndexer({
          rpcUrl: anvil.rpcUrl,
          chainSlug: CHAIN_SLUG,
          schema: SCHEMA.ours,
          databaseUrl: databaseUrlOf(databases.ours),
          deploymentsDir,
          fresh: true,
          log: (line) => {
            onLine(line);
            ponderLog("ours")(line);
            noteIndexedBlock(indexedBlockMs.ours, line);
          },
        }),
    });
    cleanups.push(() => ours.app.stop());
    const oursRows = await rowCounts(databaseUrlOf(databases.ours), SCHEMA.ours);
    log(`[ours] rows: ${fmtCounts(oursRows)}`);
    log(`[ours] ${summaryLine(ours, handled)}\n`);

    // 3. Latency of ours, live; then the bare app's on the same chain, as the floor Ponder itself sets here.
    // With --ws both are restarted on their schemas following newHeads: Ponder syncs the blocks after the finalized
    // one only on a new head, so an empty block is mined once the restarted app has its finalized range (as any
    // chain with a block time would bring one).
    const wsUrl = opts.ws ? anvil.rpcUrl.replace(/^http/, "ws") : undefined;
    const untilHead = async (app: { indexedBlock(): Promise<bigint | undefined> }, name: string) => {
      const chainRpc = rpc(anvil.rpcUrl);
      let head = BigInt(await chainRpc.call<string>("eth_blockNumber"));
      let nudged = Date.now();
      for (const deadline = Date.now() + 180_000; ((await app.indexedBlock().catch(() => undefined)) ?? -1n) < head; ) {
        if (Date.now() > deadline) throw new Error(`the restarted ${name} app did not reach block ${head} in 180 s`);
        if (wsUrl && Date.now() - nudged > 2_000) {
          await chainRpc.call("evm_mine");
          head = BigInt(await chainRpc.call<string>("eth_blockNumber"));
          nudged = Date.now();
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    let oursLive = ours.app;
    if (wsUrl) {
      log("[latency] ours: restarting it on its schema, following newHeads over WebSocket");
      await ours.app.stop();
      oursLive = await startIndexer({
        rpcUrl: anvil.rpcUrl,
        chainSlug: CHAIN_SLUG,
        schema: SCHEMA.ours,
        databaseUrl: databaseUrlOf(databases.ours),
        deploymentsDir,
        env: { WS_URL: wsUrl },
        log: (line) => {
          ponderLog("ours")(line);
          noteIndexedBlock(indexedBlockMs.ours, line);
        },
      });
      cleanups.push(() => oursLive.stop());
      await untilHead(oursLive, "ours");
    }
    log(`[latency] ours: ${config.latencyBlocks} blocks, one trade each`);
    const metricsOf = async (url: string) => parseMetrics(await (await fetch(`${url}/metrics`)).text());
    const liveBefore = await metricsOf(oursLive.url);
    const latency = await measureLatency({
      rpcUrl: anvil.rpcUrl,
      deployment,
      visibleIn: { databaseUrl: databaseUrlOf(databases.ours), schema: SCHEMA.ours, table: "trade" },
      tokens: chain.tokenAddresses.slice(0, 20),
      blocks: config.latencyBlocks,
      seed: config.seed,
      log: (line) => log(`[latency] ${line}`),
    });
    const live = liveWork(liveBefore, await metricsOf(oursLive.url), latency.length);
    await oursLive.stop();

    log(`[latency] bare: restarting it on its schema, then ${config.latencyBlocks} blocks`);
    const bareLive = await startPonderApp({
      appRoot: BARE_ROOT,
      rpcUrl: anvil.rpcUrl,
      wsUrl,
      chainSlug: CHAIN_SLUG,
      schema: SCHEMA.bare,
      databaseUrl: databaseUrlOf(databases.bare),
      deploymentsDir,
      log: (line) => {
        ponderLog("bare")(line);
        noteIndexedBlock(indexedBlockMs.bare, line);
      },
    });
    cleanups.push(() => bareLive.stop());
    await untilHead(bareLive, "bare");
    const bareLatency = await measureLatency({
      rpcUrl: anvil.rpcUrl,
      deployment,
      visibleIn: { databaseUrl: databaseUrlOf(databases.bare), schema: SCHEMA.bare, table: "event_count" },
      tokens: chain.tokenAddresses.slice(0, 20),
      blocks: config.latencyBlocks,
      seed: config.seed + 1,
      log: (line) => log(`[latency] ${line}`),
    });
    await bareLive.stop();

    // 4. Figures.
    const f = figures(ours, bare, handled);
    const lat = (xs: number[]) =>
      `p50 ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms, p99 ${quantile(xs, 0.99).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms, ${xs.filter((x) => x > 80).length} over 80 ms (n=${xs.length})`;

    log("\n================ results ================");
    log(`date ${new Date().toISOString()}`);
    for (const fact of facts) log(fact);
    log(
      `chain: ${chain.blocksWithTxs} blocks with ${chain.txsSent} txs (${chain.tradesSent} trades, up to ${config.txsPerBlock} trades/block), head ${chain.headBlock}; ` +
        `${chain.launchpadLogsTotal} launchpad logs (${fmtCounts(chain.launchpadLogs)}) + ${chain.tokenTransferLogs} token Transfer logs; failed txs ${chain.failedTxs}`,
    );
    log(`generation: ${s(chain.generateSeconds)} s (+ ${s(chain.countSeconds)} s counting logs with eth_getLogs)`);
    log("");
    for (const row of f.table)
      log(`${row[0].padEnd(44)}${row[1].padStart(10)}${row[2].padStart(10)}${row[3].padStart(11)}`);
    log(
      `target (issue 18): ours ≥ 90% of bare's logs per CPU-second → ${f.cpuRatio >= 0.9 ? "met" : "MISSED"} (${(f.ratio * 100).toFixed(0)}% by wall time, ${(f.cpuRatio * 100).toFixed(0)}% by CPU time)`,
    );
    if (floor) {
      const [o, b, fl] = [ours, bare, floor].map((x) => logsPerCpuSecond(x, handled)) as [number, number, number];
      log(
        `floor app (${FLOOR_ROOT}: one row of our trade table per Trade, the other events counted): ${fl.toFixed(0)} logs per CPU s (Ponder ${s(cpu(floor, "ponder"))} + Postgres ${s(cpu(floor, "postgres"))} CPU s) = ${((fl / b) * 100).toFixed(0)}% of bare's; ours = ${((o / fl) * 100).toFixed(0)}% of the floor's`,
      );
    }
    log("");
    const defined = (xs: (number | undefined)[]) => xs.filter((x): x is number => x !== undefined);
    const queryable = defined(latency.map((l) => l.queryableMs));
    const bareQueryable = defined(bareLatency.map((l) => l.queryableMs));
    log(`latency, block mined → trade queryable in Postgres, ours: ${lat(queryable)}`);
    log(
      `  Ponder's "Indexed block" duration (received → committed): ${lat(defined(latency.map((l) => indexedBlockMs.ours.get(l.block))))}`,
    );
    log(`  per live block (Ponder metrics): ${live}`);
    log(`latency, block mined → trade queryable in Postgres, bare: ${lat(bareQueryable)}`);
    log(
      `  Ponder's "Indexed block" duration (received → committed): ${lat(defined(bareLatency.map((l) => indexedBlockMs.bare.get(l.block))))}`,
    );
    const never = latency.length - queryable.length + bareLatency.length - bareQueryable.length;
    if (never > 0) log(`  WARNING: ${never} trades never became queryable within 10 s`);
    log(
      `target (issue 18): p99 ≤ 80 ms → ${quantile(queryable, 0.99) <= 80 ? "met" : "MISSED"} (${opts.ws ? "new heads by WebSocket subscription" : "Ponder polls the chain every 100 ms, its minimum pollingInterval: that alone adds 0–100 ms; --ws subscribes instead"})`,
    );
    log("");
    log("milestones, seconds after spawn:");
    for (const [label, f] of [
      ["ours", ours],
      ["bare", bare],
    ] as const) {
      log(
        `  ${label}: ${Object.entries(f.milestones)
          .map(([k, v]) => `${k} ${s(v)}`)
          .join(", ")}, head ${s(f.totalSeconds)}`,
      );
      log(
        `  ${label} processes (peak RSS): ${f.ponder.processes.map((p) => `${p.command}(${p.pid}) ${(p.peakRss / 2 ** 20).toFixed(0)} MB`).join(", ")}`,
      );
    }
    log("");
    log(profile("ours", ours));
    log(profile("bare", bare));
    log(
      `load average at the end: ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    log(`full run: ${s((performance.now() - runStarted) / 1000)} s`);
    log(`reproduce: ${command}`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const file of envFiles) rmSync(file, { force: true });
  }
}

/** Record the duration Ponder logs with "Indexed block" (live blocks only), by block number. */
function noteIndexedBlock(into: Map<number, number>, line: string) {
  const m = /Indexed block .*number=(\d+).*\(([\d.]+)(ms|s)\)/.exec(line);
  if (m) into.set(Number(m[1]), Number(m[2]) * (m[3] === "s" ? 1000 : 1));
}

/**
 * What Ponder did per live block during the latency phase, from the change in its metrics: database calls by kind
 * (count and milliseconds), the cache's flushes of our tables, and its own receive-to-processed time.
 */
function liveWork(before: Metric[], after: Metric[], blocks: number) {
  const key = (m: Metric) => `${m.name}{${Object.values(m.labels).join(",")}}`;
  const was = new Map(before.map((m) => [key(m), m.value]));
  const delta = (name: string, ...labels: string[]) => {
    const out = new Map<string, number>();
    for (const m of after) {
      if (m.name !== name) continue;
      const d = m.value - (was.get(key(m)) ?? 0);
      const k = labels.map((l) => m.labels[l] ?? "").join(".");
      if (d > 0) out.set(k, (out.get(k) ?? 0) + d);
    }
    return out;
  };
  const per = (n: number) => (n / blocks).toFixed(1);
  const calls = delta("ponder_database_method_duration_count", "method");
  const ms = delta("ponder_database_method_duration_sum", "method");
  const flushes = delta("ponder_indexing_cache_query_duration_count", "table", "method");
  const flushMs = delta("ponder_indexing_cache_query_duration_sum", "table", "method");
  const processed = [...delta("ponder_realtime_latency_sum", "chain").values()].reduce((a, b) => a + b, 0);
  const database = [...calls.entries()]
    .sort((a, b) => (ms.get(b[0]) ?? 0) - (ms.get(a[0]) ?? 0))
    .map(([method, n]) => `${method} ${per(n)}× ${per(ms.get(method) ?? 0)} ms`);
  const tables = [...flushes.entries()].map(([table, n]) => `${table} ${per(n)}× ${per(flushMs.get(table) ?? 0)} ms`);
  return `received → processed ${per(processed)} ms (mean); database calls: ${database.join(", ")}; cache queries by table and method (flush: write, load: prefetch read, find: read on a miss): ${tables.join(", ")}`;
}

/** CPU seconds of `group` in the backfill, startup excluded. */
const cpu = (f: BackfillFigures, group: "ponder" | "postgres" | "node") => f[group].cpuSeconds - f.startupCpu[group];

/** Logs handled per CPU second of the app and its Postgres backends in the backfill: the throughput target's measure. */
const logsPerCpuSecond = (f: BackfillFigures, handled: number) => handled / (cpu(f, "ponder") + cpu(f, "postgres"));

/** The comparison table: wall time, CPU time and memory of both apps, with ours/bare ratios. */
function figures(ours: BackfillFigures, bare: BackfillFigures, handled: number) {
  const perSecond = (f: BackfillFigures) => handled / f.backfillSeconds;
  // Until "Completed backfill indexing": every event is indexed by then; what follows is index creation and the
  // realtime sync of the last 30 blocks (empty, and not yet final when the backfill started).
  const historical = (f: BackfillFigures) => (f.milestones.backfillCompleted ?? f.totalSeconds) - f.startupSeconds;
  const perCpuSecond = (f: BackfillFigures) => logsPerCpuSecond(f, handled);
  const mainHwm = (f: BackfillFigures) => f.ponder.processes.find((p) => p.pid === f.app.process.pid)?.peakRss ?? 0;
  const row = (label: string, of: (f: BackfillFigures) => number, digits: number, ratio = true) =>
    [label, of(ours).toFixed(digits), of(bare).toFixed(digits), ratio ? (of(ours) / of(bare)).toFixed(2) : ""] as [
      string,
      string,
      string,
      string,
    ];
  const mb = (bytes: number) => bytes / 2 ** 20;
  const table: [string, string, string, string][] = [
    ["", "ours", "bare", "ours/bare"],
    ["logs handled", String(handled), String(handled), ""],
    row("startup: spawn → fetching (s)", (f) => f.startupSeconds, 1),
    row("backfill: fetching → head indexed (s)", (f) => f.backfillSeconds, 1),
    row("total: spawn → head indexed (s)", (f) => f.totalSeconds, 1),
    row("historical: fetching → completed (s)", historical, 1),
    row("throughput, backfill (logs/s)", perSecond, 0),
    row("throughput, historical (logs/s)", (f) => handled / historical(f), 0),
    row("throughput, incl. startup (logs/s)", (f) => handled / f.totalSeconds, 0),
    row("CPU s in backfill: Ponder process tree", (f) => cpu(f, "ponder"), 1),
    row("CPU s in backfill: its Postgres backends", (f) => cpu(f, "postgres"), 1),
    row("CPU s in backfill: anvil", (f) => cpu(f, "node"), 1),
    row("CPU s in startup: Ponder process tree", (f) => f.startupCpu.ponder, 1),
    row("logs per CPU s (Ponder + Postgres)", perCpuSecond, 0),
    row("peak RSS, Ponder tree, sampled (MB)", (f) => mb(f.ponder.peakRss), 0),
    row("peak RSS, Ponder process, VmHWM (MB)", (f) => mb(mainHwm(f)), 0),
    row("JS heap used at head (MB)", (f) => mb(sumBy(f.metrics, "nodejs_heap_size_used_bytes", "").get("") ?? 0), 0),
  ];
  return { table, ratio: perSecond(ours) / perSecond(bare), cpuRatio: perCpuSecond(ours) / perCpuSecond(bare) };
}

function summaryLine(f: BackfillFigures, handled: number) {
  return `startup ${s(f.startupSeconds)} s, backfill ${s(f.backfillSeconds)} s, total ${s(f.totalSeconds)} s → ${(handled / f.backfillSeconds).toFixed(0)} logs/s; peak RSS ${(f.ponder.peakRss / 2 ** 20).toFixed(0)} MB; CPU s Ponder ${s(f.ponder.cpuSeconds)}, Postgres ${s(f.postgres.cpuSeconds)}, anvil ${s(f.node.cpuSeconds)}; load average now ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" ")}`;
}

/** Where the handlers' time went: Ponder's own metrics at the end of the backfill. */
function profile(label: string, f: BackfillFigures) {
  const handlerMs = sumBy(f.metrics, "ponder_indexing_function_duration_sum", "event");
  const handlerCount = sumBy(f.metrics, "ponder_indexing_function_duration_count", "event");
  const byTwo = (name: string, a: string, b: string) => {
    const out = new Map<string, number>();
    for (const m of f.metrics) {
      if (m.name !== name) continue;
      const k = `${m.labels[a]}.${m.labels[b]}`;
      out.set(k, (out.get(k) ?? 0) + m.value);
    }
    return [...out.entries()].filter(([, n]) => n > 0).sort((x, y) => y[1] - x[1]);
  };
  const storeOps = byTwo("ponder_indexing_store_queries_total", "table", "method");
  // Cache lookups by table and outcome ("complete": the table is wholly in memory; "hit"; "miss": a database read),
  // and the time the cache spent in the database by table and method (find: misses, load: prefetch, flush: writes).
  const cacheRequests = byTwo("ponder_indexing_cache_requests_total", "table", "type");
  const cacheMs = byTwo("ponder_indexing_cache_query_duration_sum", "table", "method");
  const dbMs = sumBy(f.metrics, "ponder_database_method_duration_sum", "method");
  // Ponder's backfill loop: "extract" is time spent awaiting the next batch of events (RPC and sync store), and
  // "transform" is time spent indexing a batch: prefetch, handlers ("index"), flushing rows ("load"), checkpoint.
  const groups = sumBy(f.metrics, "ponder_historical_concurrency_group_duration", "group");
  const steps = sumBy(f.metrics, "ponder_historical_transform_duration", "step");
  const sec = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(1);
  const totalHandlerMs = [...handlerMs.values()].reduce((a, b) => a + b, 0);
  const totalOps = storeOps.reduce((a, [, n]) => a + n, 0);
  const events = [...handlerCount.values()].reduce((a, b) => a + b, 0);
  const lines = [
    `profile ${label}: handlers ${(totalHandlerMs / 1000).toFixed(1)} s in total over ${events} events; ${totalOps} store operations (${(totalOps / Math.max(1, events)).toFixed(1)} per event)`,
    ...[...handlerMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(
        ([event, ms]) =>
          `    ${event.padEnd(36)} ${(ms / 1000).toFixed(1).padStart(7)} s  ${String(handlerCount.get(event) ?? 0).padStart(7)} calls  ${((ms * 1000) / Math.max(1, handlerCount.get(event) ?? 0)).toFixed(0).padStart(5)} µs/call`,
      ),
    `    store operations: ${storeOps.map(([k, n]) => `${k} ${n}`).join(", ")}`,
    `    cache lookups: ${cacheRequests.map(([k, n]) => `${k} ${n}`).join(", ")}`,
    `    cache time in the database (s): ${cacheMs.map(([k, ms]) => `${k} ${sec(ms)}`).join(", ")}`,
    `    backfill pipeline (s): waiting for RPC data ${sec(groups.get("extract"))}, indexing ${sec(groups.get("transform"))}; indexing steps: ${[
      ...steps.entries(),
    ]
      .map(([k, ms]) => `${k} ${sec(ms)}`)
      .join(", ")}`,
    `    database time by method, summed over concurrent calls (s): ${[...dbMs.entries()]
      .sort((a, b) => b[1] - a[1])
      .filter(([, ms]) => ms >= 50)
      .map(([k, ms]) => `${k} ${sec(ms)}`)
      .join(", ")}`,
  ];
  return lines.join("\n");
}

async function rowCounts(databaseUrl: string, schema: string, tables = ["token", "pool", "trade", "holder", "fees"]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const table of tables) {
      const r = await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${schema}"."${table}"`);
      out[table] = Number(r.rows[0]?.n ?? 0);
    }
    return out;
  } finally {
    await client.end();
  }
}

async function machineFacts(): Promise<string[]> {
  const cpu = cpus();
  const version = (bin: string) =>
    spawnSync(join(root, "node_modules", ".bin", bin), ["--version"], { encoding: "utf8" }).stdout.split("\n")[0];
  const ponder = JSON.parse(readFileSync(join(root, "node_modules", "ponder", "package.json"), "utf8")).version;
  const postgres = await admin((c) => c.query<{ server_version: string }>("SHOW server_version"));
  return [
    `machine: ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, load average ${loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
    `software: node ${process.version}, ponder ${ponder}, ${version("anvil")}, Postgres ${postgres.rows[0]?.server_version}`,
  ];
}

const s = (seconds: number) => seconds.toFixed(1);
const fmtCounts = (counts: Record<string, number>) =>
  Object.entries(counts)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
