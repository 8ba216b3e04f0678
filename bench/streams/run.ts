import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Address } from "viem";
import { startIndexer } from "../../scripts/indexer.js";
import { mulberry32 } from "../indexer/generateChain.js";
import { quantile } from "../indexer/measureLatency.js";
import { findProcesses, processTree } from "../indexer/sampleProcesses.js";
import { anvilBlock, fmtLoad, freePort, machineFacts, startBenchChain } from "../lib/machine.js";
import { now, openSubscribers, type Subscriber } from "./openSubscribers.js";
import type { LoopDelay, SendTimes } from "./probe.js";
import { type ApiMemory, cpuSecondsOf, startApiProcess } from "./startApiProcess.js";
import { type MinedBlock, startTrader } from "./startTrader.js";

const CHAIN_SLUG = "base-sepolia";
const CHAIN_ID = 84532;
/** How long a block's events may take to reach every subscriber before the run counts them as late and moves on. */
const BLOCK_TIMEOUT_MS = 10_000;
const TARGET_P99_MS = 150;

const { values: opts } = parseArgs({
  options: {
    connections: { type: "string", default: "1000" },
    blocks: { type: "string", default: "200" },
    "trades-per-block": { type: "string", default: "2" },
    tokens: { type: "string", default: "10" },
    "chain-share": { type: "string", default: "0.2" },
    "burst-blocks": { type: "string", default: "10" },
    "burst-trades": { type: "string", default: "20" },
    seed: { type: "string", default: "1" },
    verbose: { type: "boolean", default: false },
    /** Ponder learns of blocks over anvil's WebSocket (eth_subscribe newHeads) instead of polling every 100 ms. */
    ws: { type: "boolean", default: false },
  },
});
const whole = (name: keyof typeof opts, min = 0) => {
  const n = Number(opts[name]);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}, got ${opts[name]}`);
  return n;
};
const config = {
  connections: whole("connections", 1),
  blocks: whole("blocks", 1),
  tradesPerBlock: whole("trades-per-block", 1),
  tokens: whole("tokens", 1),
  chainShare: Number(opts["chain-share"]),
  burstBlocks: whole("burst-blocks"),
  burstTrades: whole("burst-trades", 1),
  seed: whole("seed"),
  ws: opts.ws === true,
};
if (!(config.chainShare >= 0 && config.chainShare <= 1)) throw new Error("--chain-share must be between 0 and 1");
if (config.tradesPerBlock > config.tokens) throw new Error("--trades-per-block cannot exceed --tokens");
const command = [
  "npm run bench:streams --",
  `--connections ${config.connections}`,
  `--blocks ${config.blocks}`,
  `--trades-per-block ${config.tradesPerBlock}`,
  `--tokens ${config.tokens}`,
  `--chain-share ${config.chainShare}`,
  `--burst-blocks ${config.burstBlocks}`,
  `--burst-trades ${config.burstTrades}`,
  `--seed ${config.seed}`,
  ...(config.ws ? ["--ws"] : []),
].join(" ");

const log = (line: string) => console.log(line);
const verbose = (label: string) => (line: string) => {
  if (opts.verbose) console.log(`  [${label}] ${line}`);
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function main() {
  const runStarted = performance.now();
  log(`Stream benchmark, ${new Date().toISOString()}`);
  for (const fact of machineFacts()) log(`  ${fact}`);
  log(`  ${command}\n`);

  const cleanups: (() => Promise<void> | void)[] = [];
  const schemas = { app: "bench_streams_app", indexer: "bench_streams_ix" };
  const queuePrefix = `bench-streams-${process.pid}-`;
  try {
    // 1. Chain, database, indexer, API.
    const { anvil, deployment, deploymentsDir, database } = await startBenchChain({
      kind: "streams",
      chainId: CHAIN_ID,
      chainSlug: CHAIN_SLUG,
      queuePrefix,
      cleanups,
    });
    log(`[setup] anvil ${anvil.rpcUrl}, deployed; database ${database.database}`);

    const indexedMs = new Map<number, number>();
    const indexer = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      schema: schemas.indexer,
      databaseUrl: database.databaseUrl,
      deploymentsDir,
      fresh: true,
      ...(config.ws ? { env: { WS_URL: anvil.rpcUrl.replace(/^http/, "ws") } } : {}),
      log: (line) => {
        verbose("ponder")(line);
        noteIndexedBlock(indexedMs, line);
      },
    });
    cleanups.push(() => indexer.stop());
    await indexer.waitForReady();

    const api = await startApiProcess({
      port: await freePort(),
      databaseUrl: database.databaseUrl,
      redisUrl: database.redisUrl,
      appSchema: schemas.app,
      indexerSchema: schemas.indexer,
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      deploymentsDir,
      queuePrefix,
      jwtSecret: `bench-streams-jwt-secret-${process.pid}-0123456789abcdef`,
      walletSecret: `bench-streams-wallet-secret-${process.pid}`,
      log: verbose("api"),
    });
    cleanups.push(() => api.stop());
    log(`[setup] indexer ready, API process ${api.pid} on ${api.url}`);

    // Commit times, as Postgres delivers them: Ponder's checkpoint (the trigger db/versions.ts installs, in the
    // transaction that writes a block's rows) and the sequencer's append (its NOTIFY, at commit).
    const listener = new pg.Client({ connectionString: database.databaseUrl, application_name: "bench-streams" });
    await listener.connect();
    cleanups.push(() => listener.end());
    const checkpointAt = new Map<number, number>();
    const appended: { seq: number; at: number }[] = [];
    let checkpointHigh = 0;
    listener.on("notification", (n) => {
      const at = now();
      if (n.channel === `${schemas.indexer}_checkpoint`) {
        const block = Number(n.payload?.slice(n.payload.lastIndexOf(":") + 1));
        for (let b = checkpointHigh + 1; b <= block; b++) checkpointAt.set(b, at);
        checkpointHigh = Math.max(checkpointHigh, block);
      } else appended.push({ seq: Number(n.payload), at });
    });
    await listener.query(`LISTEN "${schemas.indexer}_checkpoint"`);
    await listener.query(`LISTEN "${schemas.app}_events"`);

    // 2. Tokens, then the subscribers.
    const trader = await startTrader({ rpcUrl: anvil.rpcUrl, deployment, seed: config.seed });
    const tokens = await trader.createTokens(config.tokens);
    const head = Number(await anvilBlock(anvil.rpcUrl));
    await indexer.waitForBlock(head);
    await waitForSequencer(listener, schemas.app, head);
    log(`[setup] ${tokens.length} tokens created and indexed (block ${head})`);

    const warmup = await openSubscribers({
      wsUrl: api.wsUrl,
      channels: [`chain:${CHAIN_ID}`, `token:${(tokens[0] as Address).toLowerCase()}`],
      concurrency: 2,
    });
    await warmup.close();
    const memoryBefore = await api.memory();
    const channels = channelsFor(config.connections, config.chainShare, tokens);
    const chainSubscribers = channels.filter((c) => c.startsWith("chain:")).length;
    const opening = now();
    const subs = await openSubscribers({ wsUrl: api.wsUrl, channels, concurrency: 50 });
    cleanups.push(() => subs.close());
    const openSeconds = (now() - opening) / 1000;
    const memoryConnected = await api.memory();
    log(
      `[setup] ${subs.list.length} subscribers connected in ${openSeconds.toFixed(1)} s: ${chainSubscribers} on chain:${CHAIN_ID}, ${subs.list.length - chainSubscribers} on token:<address> (${tokens.length} tokens, round robin)`,
    );
    const perToken = new Map<string, number>();
    for (const c of channels) if (c.startsWith("token:")) perToken.set(c, (perToken.get(c) ?? 0) + 1);

    // 3. Latency: blocks of a few trades, one at a time.
    const random = mulberry32(config.seed);
    const pids = processPids(anvil.rpcUrl, indexer.process.pid as number, api.pid);
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    await api.loopDelay();
    clientLoop.enable();
    const cpuBefore = await cpuSample(pids, database.databaseUrl, database.database);
    const latencyStarted = now();
    const deliveriesBefore = subs.deliveries();
    const latencyBlocks: MinedBlock[] = [];
    let late = 0;
    log(
      `[latency] ${config.blocks} blocks of ${config.tradesPerBlock} trades; each block's events delivered to every subscriber before a random 0–100 ms pause and the next block`,
    );
    for (let i = 0; i < config.blocks; i++) {
      const traded = pick(tokens, config.tradesPerBlock, random);
      const expected =
        chainSubscribers + traded.reduce((a, t) => a + (perToken.get(`token:${t.toLowerCase()}`) ?? 0), 0);
      const block = await trader.mineTrades(traded);
      latencyBlocks.push(block);
      let delivered = await subs.waitForBlock(block.number, expected, BLOCK_TIMEOUT_MS);
      if (delivered) {
        // The hub sends events in seq order to each socket: once the block's last event has reached everyone who
        // listens to it, the whole block has, and the next one starts on an idle pipeline.
        const last = await lastEventOf(listener, schemas.app, block.number);
        const recipients = last.channels.reduce(
          (a, c) => a + (c.startsWith("chain:") ? chainSubscribers : (perToken.get(c) ?? 0)),
          0,
        );
        delivered = await subs.waitForSeq(last.seq, recipients, BLOCK_TIMEOUT_MS);
      }
      if (!delivered) late++;
      if (late === 3 && i === 2) throw new Error("no block's events reached every subscriber in the first 3 blocks");
      if ((i + 1) % 50 === 0) log(`[latency]   ${i + 1}/${config.blocks} blocks`);
      await sleep(random() * 100);
    }
    const latencySeconds = (now() - latencyStarted) / 1000;
    const latencyDeliveries = subs.deliveries() - deliveriesBefore;
    const cpuLatency = cpuDelta(cpuBefore, await cpuSample(pids, database.databaseUrl, database.database));
    clientLoop.disable();
    const serverLoop = await api.loopDelay();
    // Let the last block's events finish before the server's send times are collected.
    await sleep(500);
    const clockOffset = await api.clockOffset();
    const latencySends = await api.sends();
    const sequencerBegan = await sequencerBeginnings(
      listener,
      schemas.app,
      latencyBlocks.map((b) => b.number),
    );

    // 4. Burst: blocks of many trades, mined back to back without waiting, for the delivery rate.
    let burst: BurstFigures | undefined;
    if (config.burstBlocks > 0) {
      log(`[burst] ${config.burstBlocks} blocks of ${config.burstTrades} trades, mined back to back`);
      const before = subs.deliveries();
      const cpu0 = await cpuSample(pids, database.databaseUrl, database.database);
      await api.loopDelay();
      const blocks: MinedBlock[] = [];
      for (let i = 0; i < config.burstBlocks; i++) {
        const traded = Array.from({ length: config.burstTrades }, (_, j) => tokens[(i + j) % tokens.length] as Address);
        blocks.push(await trader.mineTrades(traded));
      }
      const last = blocks.at(-1) as MinedBlock;
      await waitForSequencer(listener, schemas.app, last.number);
      const targets = await expectedCounts(database.databaseUrl, schemas.app, subs.list);
      const complete = await subs.waitForCounts(targets, 120_000);
      const cpu = cpuDelta(cpu0, await cpuSample(pids, database.databaseUrl, database.database));
      const loop = await api.loopDelay();
      const seqs = [...subs.bySeq.values()].filter((r) => r.block >= (blocks[0] as MinedBlock).number);
      const lastReceipt = Math.max(...seqs.map((r) => r.last));
      const firstReceipt = Math.min(...seqs.map((r) => r.first));
      const first = blocks[0] as MinedBlock;
      const sends = await api.sends();
      const sent = sends.reduce((a, x) => a + x.count, 0);
      const sendWindow = Math.max(...sends.map((x) => x.last)) - Math.min(...sends.map((x) => x.first));
      burst = {
        blocks,
        deliveries: subs.deliveries() - before,
        events: seqs.length,
        seconds: (lastReceipt - first.minedAt) / 1000,
        receiptSeconds: (lastReceipt - firstReceipt) / 1000,
        serverSends: sent,
        serverSendSeconds: sendWindow / 1000,
        serverInsideSeconds: sends.reduce((a, x) => a + x.inside, 0) / 1000,
        complete,
        cpu,
        loop,
      };
    }

    // 5. Checks: every subscriber got exactly the log's events on its channel, in order.
    await waitForSequencer(listener, schemas.app, Number(await anvilBlock(anvil.rpcUrl)));
    const targets = await expectedCounts(database.databaseUrl, schemas.app, subs.list);
    await subs.waitForCounts(targets, 30_000);
    await sleep(200);
    const missing = [...targets].reduce((a, [s, n]) => a + Math.max(0, n - s.received), 0);
    const extra = [...targets].reduce((a, [s, n]) => a + Math.max(0, s.received - n), 0);
    const outOfOrder = subs.list.reduce((a, s) => a + s.outOfOrder, 0);
    const dropped = subs.list.filter((s) => s.closed !== null);
    const expectedTotal = [...targets.values()].reduce((a, b) => a + b, 0);
    const trades = [...subs.bySeq.values()].filter((r) => r.kind === "trade").length;
    const kinds = countBy([...subs.bySeq.values()].map((r) => r.kind));

    // 6. Memory: after traffic with every connection open, then after closing them all.
    const memoryAfterTraffic = await api.memory();
    await subs.close();
    await sleep(500);
    const memoryClosed = await api.memory();

    // 7. Figures.
    const blockNumbers = new Set(latencyBlocks.map((b) => b.number));
    const samples: number[] = [];
    const firstPerBlock: number[] = [];
    const lastPerBlock: number[] = [];
    for (const b of latencyBlocks) {
      const firsts = subs.firstByBlock.get(b.number) ?? [];
      for (const t of firsts) samples.push(t - b.minedAt);
      if (firsts.length > 0) {
        firstPerBlock.push(Math.min(...firsts) - b.minedAt);
        lastPerBlock.push(Math.max(...firsts) - b.minedAt);
      }
    }
    const ponderRow = latencyBlocks.flatMap((b) => {
      const at = checkpointAt.get(b.number);
      return at === undefined ? [] : [at - b.minedAt];
    });
    const ponderIndexed = latencyBlocks.flatMap((b) => {
      const ms = indexedMs.get(b.number);
      return ms === undefined ? [] : [ms];
    });
    const stages = stagesOf({
      blocks: latencyBlocks,
      checkpointAt,
      indexedMs,
      sequencerBegan,
      appended,
      bySeq: subs.bySeq,
      firstByBlock: subs.firstByBlock,
      sends: latencySends,
      clockOffset,
      blockNumbers,
    });
    const p99 = quantile(samples, 0.99);

    log("\n================ results ================");
    log(`date ${new Date().toISOString()}`);
    for (const fact of machineFacts()) log(fact);
    log(
      `setup: ${subs.list.length} WebSocket subscribers (${chainSubscribers} on chain:${CHAIN_ID}, ${subs.list.length - chainSubscribers} on token:<address> over ${tokens.length} tokens, ${fmt0((subs.list.length - chainSubscribers) / tokens.length)} each), opened in ${openSeconds.toFixed(1)} s`,
    );
    log(
      `latency phase: ${latencyBlocks.length} blocks × ${config.tradesPerBlock} trades in ${latencySeconds.toFixed(1)} s; ${latencyDeliveries.toLocaleString("en-US")} events delivered = ${fmt0(latencyDeliveries / latencySeconds)} events/s over all subscribers (paced by the run, not a ceiling)`,
    );
    log("");
    log(`block mined → first event of the block received, per subscriber: ${lat(samples)}`);
    log(`  → the first subscriber to get it, per block:                  ${lat(firstPerBlock)}`);
    log(`  → the last subscriber to get it, per block:                   ${lat(lastPerBlock)}`);
    log(`Ponder, block mined → its rows committed (checkpoint NOTIFY):    ${lat(ponderRow)}`);
    log(`  Ponder's own "Indexed block" duration (received → committed): ${lat(ponderIndexed)}`);
    log(
      `target: p99 ≤ ${TARGET_P99_MS} ms → ${p99 <= TARGET_P99_MS ? "met" : "MISSED"} (p99 ${fmt0(p99)} ms; ${late} of ${latencyBlocks.length} blocks not delivered to every subscriber within ${BLOCK_TIMEOUT_MS / 1000} s)`,
    );
    log("");
    log("where the time goes, per block (p50 / p99 / max, ms):");
    for (const [label, xs] of stages.table) log(`  ${label.padEnd(72)}${fmtStage(xs)}`);
    log(
      `  server sends per block: ${fmt0(stages.sendsPerBlock)} (mean), ${stages.usPerSend.toFixed(1)} µs per send (fan-out time / sends), of which ${stages.usInsideSend.toFixed(1)} µs inside WebSocket#send (framing; the corked write leaves at uncork) and the rest in the hub's loop (key match, uncork); clocks aligned over IPC, offset ${clockOffset.toFixed(2)} ms`,
    );
    log(
      `  event-loop delay, API process: p50 ${serverLoop.p50.toFixed(1)} / p99 ${serverLoop.p99.toFixed(1)} / max ${serverLoop.max.toFixed(1)} ms; this process (the subscribers): p50 ${(clientLoop.percentile(50) / 1e6).toFixed(1)} / p99 ${(clientLoop.percentile(99) / 1e6).toFixed(1)} / max ${(clientLoop.max / 1e6).toFixed(1)} ms`,
    );
    log(`  CPU s in the latency phase (${latencySeconds.toFixed(1)} s wall): ${fmtCpu(cpuLatency)}`);
    log("");
    if (burst) {
      const last = burst.blocks.at(-1) as MinedBlock;
      log(
        `burst: ${burst.blocks.length} blocks × ${config.burstTrades} trades mined in ${((last.minedAt - (burst.blocks[0] as MinedBlock).minedAt) / 1000).toFixed(1)} s → ${burst.events.toLocaleString("en-US")} events, ${burst.deliveries.toLocaleString("en-US")} deliveries in ${burst.seconds.toFixed(1)} s (first block mined → last event received)${burst.complete ? "" : " — INCOMPLETE after 120 s"}`,
      );
      log(
        `  **events delivered per second, over all subscribers: ${fmt0(burst.deliveries / burst.receiptSeconds)}** (first → last receipt, ${burst.receiptSeconds.toFixed(1)} s); ${fmt0(burst.deliveries / burst.seconds)} counting from the first block mined`,
      );
      const burstSamples = burst.blocks.flatMap((b) =>
        (subs.firstByBlock.get(b.number) ?? []).map((t) => t - b.minedAt),
      );
      log(`  block mined → first event of the block received, per subscriber: ${lat(burstSamples)}`);
      log(
        `  server: ${burst.serverSends.toLocaleString("en-US")} sends in ${burst.serverSendSeconds.toFixed(1)} s (first → last send) = ${fmt0(burst.serverSends / burst.serverSendSeconds)} sends/s, ${((burst.serverSendSeconds * 1e6) / Math.max(1, burst.serverSends)).toFixed(1)} µs each, ${((burst.serverInsideSeconds * 1e6) / Math.max(1, burst.serverSends)).toFixed(1)} µs of it inside WebSocket#send; API CPU ${(((burst.cpu.get("API") ?? 0) * 1e6) / Math.max(1, burst.serverSends)).toFixed(1)} µs per send`,
      );
      log(
        `  event-loop delay, API process: p50 ${burst.loop.p50.toFixed(1)} / p99 ${burst.loop.p99.toFixed(1)} / max ${burst.loop.max.toFixed(1)} ms (the hub yields every 2,500 events handed out; one connection's batch, up to a page of 1,000 events, is one synchronous step)`,
      );
      log(`  CPU s in the burst: ${fmtCpu(burst.cpu)}`);
      log("");
    }
    const perConnection = (a: ApiMemory, b: ApiMemory, n: number) =>
      `RSS ${kb((b.vmRss - a.vmRss) / n)} KB, heap used ${kb((b.usage.heapUsed - a.usage.heapUsed) / n)} KB, external + array buffers ${kb((b.usage.external - a.usage.external) / n)} KB`;
    log(
      `memory of the API process (VmRSS from /proc; heap from process.memoryUsage() after forced GC: ${memoryBefore.gc ? "yes" : "NO, --expose-gc missing"}):`,
    );
    for (const [label, m] of [
      ["before the subscribers connect", memoryBefore],
      [`${subs.list.length} subscribers connected, no traffic yet`, memoryConnected],
      [`${subs.list.length} subscribers, after the traffic`, memoryAfterTraffic],
      ["after they all closed", memoryClosed],
    ] as const) {
      log(
        `  ${label.padEnd(44)} RSS ${mb(m.vmRss)} MB, heap used ${mb(m.usage.heapUsed)} MB, heap total ${mb(m.usage.heapTotal)} MB, external ${mb(m.usage.external)} MB`,
      );
    }
    log(
      `  **per connection, idle (connected − before): ${perConnection(memoryBefore, memoryConnected, subs.list.length)}**`,
    );
    log(
      `  per connection, after traffic (connected − closed): ${perConnection(memoryClosed, memoryAfterTraffic, subs.list.length)}`,
    );
    log("");
    log(
      `check: ${expectedTotal.toLocaleString("en-US")} events expected on the subscribers' channels, ${missing} missing, ${extra} extra, ${outOfOrder} out of order, ${dropped.length} connections closed by the server${dropped.length ? ` (${[...new Set(dropped.map((s) => s.closed?.code))].join(", ")})` : ""}; ${trades} trade events for ${trader.tradesSent()} trades sent; events by kind: ${Object.entries(
        kinds,
      )
        .map(([k, n]) => `${k} ${n}`)
        .join(", ")}`,
    );
    log(`load average at the end: ${fmtLoad()}`);
    log(`full run: ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
    log(`reproduce: ${command}`);
  } finally {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch (error) {
        console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

type CpuSample = { at: number; byPid: Map<number, { group: string; seconds: number }>; self: number };
type Pids = { api: number; ponder: () => number[]; anvil: number[] };
type BurstFigures = {
  blocks: MinedBlock[];
  deliveries: number;
  events: number;
  /** First block mined → last event received. */
  seconds: number;
  /** First event received → last event received, over all subscribers. */
  receiptSeconds: number;
  serverSends: number;
  /** The server's first send → its last send of the burst's events. */
  serverSendSeconds: number;
  /** Time spent inside WebSocket#send over those sends. */
  serverInsideSeconds: number;
  complete: boolean;
  cpu: Map<string, number>;
  /** The API's event-loop delay during the burst. */
  loop: LoopDelay;
};

function processPids(rpcUrl: string, ponderPid: number, apiPid: number): Pids {
  return {
    api: apiPid,
    ponder: () => processTree(ponderPid),
    anvil: findProcesses(["anvil", "--port", new URL(rpcUrl).port]),
  };
}

/** CPU seconds so far of the API, Ponder's process tree, anvil, this run's Postgres backends and this process. */
async function cpuSample(pids: Pids, databaseUrl: string, database: string): Promise<CpuSample> {
  const byPid = new Map<number, { group: string; seconds: number }>();
  const add = (group: string, pid: number) => byPid.set(pid, { group, seconds: cpuSecondsOf(pid) });
  add("API", pids.api);
  for (const pid of pids.ponder()) add("Ponder", pid);
  for (const pid of pids.anvil) add("anvil", pid);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [database],
    );
    for (const r of rows) add("Postgres", r.pid);
  } finally {
    await client.end();
  }
  const usage = process.cpuUsage();
  return { at: now(), byPid, self: (usage.user + usage.system) / 1e6 };
}

/** CPU seconds per group between two samples; a backend seen only at the end counts from zero. */
function cpuDelta(a: CpuSample, b: CpuSample): Map<string, number> {
  const out = new Map<string, number>();
  for (const [pid, s] of b.byPid) {
    const before = a.byPid.get(pid)?.seconds ?? 0;
    out.set(s.group, (out.get(s.group) ?? 0) + Math.max(0, s.seconds - before));
  }
  out.set("subscribers (this process)", b.self - a.self);
  return out;
}

/**
 * Per block, when each step finished, from five clocks aligned to this one: evm_mine returned; Ponder committed the
 * block (its checkpoint NOTIFY); the sequencer committed the block's events (its NOTIFY carrying a seq at or past the
 * block's last); the server handed the block's first and last event to a socket (the probe, offset by the clock
 * difference); subscribers received its first event (first and last subscriber) and its last event.
 */
function stagesOf(p: {
  blocks: MinedBlock[];
  checkpointAt: Map<number, number>;
  indexedMs: Map<number, number>;
  sequencerBegan: Map<number, number>;
  appended: { seq: number; at: number }[];
  bySeq: Map<number, { block: number; first: number; last: number; count: number }>;
  firstByBlock: Map<number, number[]>;
  sends: SendTimes[];
  clockOffset: number;
  blockNumbers: Set<number>;
}) {
  const seqsOf = new Map<number, number[]>();
  for (const [seq, r] of p.bySeq) {
    if (!p.blockNumbers.has(r.block)) continue;
    const list = seqsOf.get(r.block);
    if (list) list.push(seq);
    else seqsOf.set(r.block, [seq]);
  }
  const sendOf = new Map(p.sends.map((s) => [s.seq, s]));
  const rows = {
    ponder: [] as number[],
    ponderWait: [] as number[],
    ponderIndexing: [] as number[],
    sequencer: [] as number[],
    sequencerWake: [] as number[],
    sequencerStep: [] as number[],
    hub: [] as number[],
    fanout: [] as number[],
    firstTransit: [] as number[],
    lastSubscriber: [] as number[],
    wholeBlock: [] as number[],
    minedToSequenced: [] as number[],
  };
  let sends = 0;
  let fanoutMs = 0;
  let insideMs = 0;
  let blocks = 0;
  for (const b of p.blocks) {
    const seqs = seqsOf.get(b.number);
    const checkpoint = p.checkpointAt.get(b.number);
    if (!seqs || checkpoint === undefined) continue;
    const lastSeq = Math.max(...seqs);
    const sequenced = p.appended.find((a) => a.seq >= lastSeq)?.at;
    const blockSends = seqs.map((s) => sendOf.get(s)).filter((s): s is SendTimes => s !== undefined);
    const firsts = p.firstByBlock.get(b.number) ?? [];
    if (sequenced === undefined || blockSends.length === 0 || firsts.length === 0) continue;
    const firstSend = Math.min(...blockSends.map((s) => s.first)) - p.clockOffset;
    const lastSend = Math.max(...blockSends.map((s) => s.last)) - p.clockOffset;
    const firstReceipt = Math.min(...firsts);
    const lastReceipt = Math.max(...seqs.map((s) => (p.bySeq.get(s) as { last: number }).last));
    rows.ponder.push(checkpoint - b.minedAt);
    const indexing = p.indexedMs.get(b.number);
    if (indexing !== undefined) {
      rows.ponderIndexing.push(indexing);
      rows.ponderWait.push(checkpoint - b.minedAt - indexing);
    }
    rows.sequencer.push(sequenced - checkpoint);
    const began = p.sequencerBegan.get(b.number);
    if (began !== undefined) {
      rows.sequencerWake.push(began - checkpoint);
      rows.sequencerStep.push(sequenced - began);
    }
    rows.minedToSequenced.push(sequenced - b.minedAt);
    rows.hub.push(firstSend - sequenced);
    rows.fanout.push(lastSend - firstSend);
    rows.firstTransit.push(firstReceipt - firstSend);
    rows.lastSubscriber.push(Math.max(...firsts) - b.minedAt);
    rows.wholeBlock.push(lastReceipt - b.minedAt);
    sends += blockSends.reduce((a, s) => a + s.count, 0);
    insideMs += blockSends.reduce((a, s) => a + s.inside, 0);
    fanoutMs += lastSend - firstSend;
    blocks++;
  }
  return {
    table: [
      ["mined → Ponder had the block (polling or newHeads: committed − Indexed)", rows.ponderWait],
      ['Ponder\'s "Indexed block": received → committed', rows.ponderIndexing],
      ["  = mined → Ponder committed the block (checkpoint NOTIFY)", rows.ponder],
      ["Ponder committed → sequencer's transaction began (its wake-up)", rows.sequencerWake],
      ["sequencer's transaction began → committed (one step)", rows.sequencerStep],
      ["  = Ponder committed → sequencer committed the block's events", rows.sequencer],
      ["  = mined → events in the log", rows.minedToSequenced],
      ["sequencer committed → server's first send (NOTIFY, hub's read)", rows.hub],
      ["server's first → last send of the block (fan-out to every socket)", rows.fanout],
      ["server's first send → first subscriber received it", rows.firstTransit],
      ["mined → last subscriber received its first event of the block", rows.lastSubscriber],
      ["mined → last subscriber received the block's last event", rows.wholeBlock],
    ] as [string, number[]][],
    sendsPerBlock: blocks ? sends / blocks : 0,
    usPerSend: sends ? (fanoutMs * 1000) / sends : 0,
    usInsideSend: sends ? (insideMs * 1000) / sends : 0,
  };
}

/** For each subscriber, how many events of the log on its channel came after the seq it subscribed at. */
async function expectedCounts(databaseUrl: string, appSchema: string, list: Subscriber[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const s of list) {
      const key = `${s.channel}|${s.startSeq}`;
      if (counts.has(key)) continue;
      const { rows } = await client.query<{ n: string }>(
        `SELECT count(*)::text AS n FROM "${appSchema}".events WHERE seq > $1 AND channels && $2::text[]`,
        [s.startSeq, [s.channel]],
      );
      counts.set(key, Number(rows[0]?.n ?? 0));
    }
    return new Map(list.map((s) => [s, counts.get(`${s.channel}|${s.startSeq}`) ?? 0]));
  } finally {
    await client.end();
  }
}

/**
 * When the sequencer's transaction that appended each block began (its events' created_at, Postgres's now()), on this
 * process's clock: Postgres and Date.now() read the same wall clock, `now()` here adds the monotonic part.
 */
async function sequencerBeginnings(db: pg.Client, appSchema: string, blocks: number[]) {
  const { rows } = await db.query<{ block: number; at: number }>(
    `SELECT block_number::int AS block, (extract(epoch FROM min(created_at)) * 1000)::float8 AS at
       FROM "${appSchema}".events WHERE chain_id = $1 AND block_number = ANY($2::bigint[]) GROUP BY block_number`,
    [CHAIN_ID, blocks],
  );
  const wallToHere = now() - Date.now();
  return new Map(rows.map((r) => [r.block, r.at + wallToHere]));
}

/** The seq and channels of the last event of `block` in the log. */
async function lastEventOf(db: pg.Client, appSchema: string, block: number) {
  const { rows } = await db.query<{ seq: string; channels: string[] }>(
    `SELECT seq::text, channels FROM "${appSchema}".events WHERE chain_id = $1 AND block_number = $2 ORDER BY seq DESC LIMIT 1`,
    [CHAIN_ID, block],
  );
  const row = rows[0];
  if (!row) throw new Error(`no event of block ${block} in the log`);
  return { seq: Number(row.seq), channels: row.channels };
}

/** Resolves once the sequencer's cursor has reached `block`. */
async function waitForSequencer(db: pg.Client, appSchema: string, block: number) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(50)) {
    const { rows } = await db.query<{ block: string }>(`SELECT block::text FROM "${appSchema}".event_cursors`);
    if (rows.some((r) => Number(r.block) >= block)) return;
  }
  throw new Error(`the sequencer did not reach block ${block} in 60 s`);
}

/** Subscriber i's channel: `chain:<id>` for a `share` of them, spread evenly, else a token's, round robin. */
function channelsFor(n: number, share: number, tokens: Address[]): string[] {
  let token = 0;
  return Array.from({ length: n }, (_, i) =>
    Math.floor((i + 1) * share) > Math.floor(i * share)
      ? `chain:${CHAIN_ID}`
      : `token:${(tokens[token++ % tokens.length] as Address).toLowerCase()}`,
  );
}

/** `k` distinct items of `from`, chosen at random. */
function pick<T>(from: T[], k: number, random: () => number): T[] {
  const pool = [...from];
  const out: T[] = [];
  while (out.length < k) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0] as T);
  return out;
}

/** Record the duration Ponder logs with "Indexed block" (live blocks only), by block number. */
function noteIndexedBlock(into: Map<number, number>, line: string) {
  const m = /Indexed block .*number=(\d+).*\(([\d.]+)(ms|s)\)/.exec(line);
  if (m) into.set(Number(m[1]), Number(m[2]) * (m[3] === "s" ? 1000 : 1));
}

const countBy = (xs: string[]) => {
  const out: Record<string, number> = {};
  for (const x of xs) out[x] = (out[x] ?? 0) + 1;
  return out;
};
const fmt0 = (x: number) => Math.round(x).toLocaleString("en-US");
const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const lat = (xs: number[]) =>
  xs.length === 0
    ? "no samples"
    : `p50 ${fmt0(quantile(xs, 0.5))} ms, p99 ${fmt0(quantile(xs, 0.99))} ms, max ${fmt0(Math.max(...xs))} ms (n=${xs.length})`;
const fmtStage = (xs: number[]) =>
  xs.length === 0
    ? "-"
    : `${quantile(xs, 0.5).toFixed(1)} / ${quantile(xs, 0.99).toFixed(1)} / ${Math.max(...xs).toFixed(1)}`;
const fmtCpu = (cpu: Map<string, number>) => [...cpu].map(([group, s]) => `${group} ${s.toFixed(1)}`).join(", ");

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
