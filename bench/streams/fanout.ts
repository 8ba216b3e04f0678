/**
 * What one block's fan-out to 1,000 WebSocket connections costs, written four ways: the question behind the stream
 * benchmark's largest stage (see bench/streams/README.md). Run: `npx tsx bench/streams/fanout.ts [--connections 1000]
 * [--events 16] [--rounds 7]`.
 *
 * A bare `ws` server (bench/streams/fanoutServer.ts, its own process) and `--connections` clients here. One round sends
 * one block's events, shaped like the log's (per trade: trade, four candles, two fees, one balance; about 1 KB, 500 B,
 * 400 B and 450 B of JSON) to every connection, in one of these ways:
 * - `per-socket-stringify`: events outer, sockets inner, `JSON.stringify` per send (api/streams/hub.ts + ws.ts today);
 * - `stringify-once`: the same loop, each event serialized once;
 * - `buffer-once`: serialized once into a Buffer, so `ws` does not encode the string again per socket;
 * - `socket-major-corked`: sockets outer, each socket's events inside one cork/uncork: one write per socket.
 * The variants take turns, round after round, so load from other work on the machine falls on all of them alike.
 * Figures per variant (median over rounds): the server's synchronous loop (wall and CPU), µs per send, and from the
 * request to every client holding every event.
 */
import { spawn } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { quantile } from "../indexer/measureLatency.js";
import type { FanoutReply, FanoutRequest, FanoutVariant } from "./fanoutServer.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const VARIANTS: FanoutVariant[] = ["per-socket-stringify", "stringify-once", "buffer-once", "socket-major-corked"];

const { values: opts } = parseArgs({
  options: {
    connections: { type: "string", default: "1000" },
    events: { type: "string", default: "16" },
    rounds: { type: "string", default: "7" },
  },
});
const connections = Number(opts.connections);
const eventCount = Number(opts.events);
const rounds = Number(opts.rounds);

async function main() {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/streams/fanoutServer.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    let onReply: (r: FanoutReply) => void = () => {};
    child.on("message", (r: FanoutReply) => onReply(r));
    const next = () => new Promise<FanoutReply>((done) => (onReply = done));
    const listening = await next();
    if (listening.type !== "listening") throw new Error("the fan-out server did not start");

    let received = 0;
    let target = 0;
    let reached: () => void = () => {};
    const sockets: WebSocket[] = [];
    for (let i = 0; i < connections; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, connections - i) }, async () => {
          const ws = new WebSocket(`ws://127.0.0.1:${listening.port}`, { perMessageDeflate: false });
          ws.on("message", () => {
            if (++received === target) reached();
          });
          await new Promise<void>((open, fail) => {
            ws.once("open", () => open());
            ws.once("error", fail);
          });
          sockets.push(ws);
        }),
      );
    }
    const events = blockEvents(eventCount);
    const figures = new Map(
      VARIANTS.map((v) => [v, { wall: [] as number[], cpu: [] as number[], all: [] as number[] }]),
    );
    for (let r = -1; r < rounds; r++) {
      for (const variant of VARIANTS) {
        target = received + events.length * sockets.length;
        const everything = new Promise<void>((done) => (reached = done));
        const started = performance.now();
        child.send({ type: "round", variant, events } satisfies FanoutRequest);
        const reply = await next();
        await everything;
        const all = performance.now() - started;
        if (reply.type !== "round") throw new Error("unexpected reply");
        if (r < 0) continue; // the first round warms up
        const f = figures.get(variant) as { wall: number[]; cpu: number[]; all: number[] };
        f.wall.push(reply.wallMs);
        f.cpu.push(reply.cpuMs);
        f.all.push(all);
        await new Promise((done) => setTimeout(done, 50));
      }
    }
    const sends = events.length * sockets.length;
    const bytes = events.reduce((a, e) => a + JSON.stringify({ type: "event", ...e }).length, 0);
    console.log(`Fan-out of one block, ${new Date().toISOString()}`);
    console.log(
      `machine: ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? "?"}), node ${process.version}, load average ${loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
    );
    console.log(
      `${sockets.length} connections × ${events.length} events (${bytes} bytes of JSON per block) = ${sends} sends per round; median of ${rounds} rounds`,
    );
    console.log(
      `${"variant".padEnd(24)}${"loop ms".padStart(10)}${"CPU ms".padStart(10)}${"µs/send".padStart(10)}${"all received ms".padStart(18)}`,
    );
    for (const [variant, f] of figures) {
      const wall = quantile(f.wall, 0.5);
      console.log(
        `${variant.padEnd(24)}${wall.toFixed(1).padStart(10)}${quantile(f.cpu, 0.5).toFixed(1).padStart(10)}${((wall * 1000) / sends).toFixed(1).padStart(10)}${quantile(f.all, 0.5).toFixed(1).padStart(18)}`,
      );
    }
    console.log(
      `reproduce: npx tsx bench/streams/fanout.ts --connections ${connections} --events ${eventCount} --rounds ${rounds}`,
    );
    for (const ws of sockets) ws.terminate();
  } finally {
    child.kill("SIGTERM");
  }
}

/** `n` events shaped like one block's in the log: per trade, the trade, four candles, two fees and a balance. */
function blockEvents(n: number): Record<string, unknown>[] {
  const address = (i: number) => `0x${i.toString(16).padStart(40, "0")}`;
  const hash = (i: number) => `0x${i.toString(16).padStart(64, "0")}`;
  const pool = {
    supply: "123456789012345678901234",
    reserve: "98765432109",
    price: "1234567890123",
    marketCap: "152415787654",
    progressBps: 1234,
    graduated: false,
    v3Pool: null,
  };
  const at = (i: number) => ({
    token: address(7),
    tokenId: null,
    chainId: 84532,
    txHash: hash(i),
    logIndex: i,
    timestamp: 1764000000,
  });
  const base = (seq: number, kind: string, data: Record<string, unknown>) => ({
    seq,
    kind,
    chainId: 84532,
    block: { number: 1234, hash: hash(1234) },
    removes: null,
    data: { ...data, ...at(seq) },
    createdAt: new Date(1764000000000).toISOString(),
  });
  const shapes: ((seq: number) => Record<string, unknown>)[] = [
    (seq) =>
      base(seq, "trade", {
        trader: address(9),
        side: "buy",
        mode: "exact_in",
        venue: "bonding_curve",
        tokenAmount: "81234567890123456789012",
        usdcAmount: "1000000",
        price: "1234567890123",
        fees: { protocol: "5000", creator: "5000", referral: "0", builder: "0" },
        builder: address(0),
        referral: address(0),
        pool,
      }),
    ...[60, 300, 3600, 86400].map(
      (interval) => (seq: number) =>
        base(seq, "candle", {
          interval,
          bucket: 1764000000 - (1764000000 % interval),
          open: "1234567890123",
          high: "1234567890999",
          low: "1234567890000",
          close: "1234567890555",
          volumeUsdc: "123456789",
          volumeToken: "81234567890123456789012",
          trades: 17,
        }),
    ),
    ...[1, 2].map(
      (r) => (seq: number) =>
        base(seq, "fees", {
          type: "accrued",
          recipient: address(r),
          asset: "usdc",
          amount: "5000",
          claimable: "1234567",
          accrued: "1234567",
          claimed: "0",
        }),
    ),
    (seq) =>
      base(seq, "balance", {
        address: address(9),
        balance: "81234567890123456789012",
        holdersCount: 42,
        transfer: { from: address(0), to: address(9), value: "81234567890123456789012" },
      }),
  ];
  return Array.from({ length: n }, (_, i) =>
    (shapes[i % shapes.length] as (seq: number) => Record<string, unknown>)(1000 + i),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
