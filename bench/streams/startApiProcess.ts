/**
 * The API as production runs it (`api/server.ts`: createApiDeps with the event log's sequencer and stream hub,
 * createApp, the WebSocket endpoint) in a child process of its own, so its memory is its own and its event loop is not
 * shared with the 1,000 clients. bench/streams/probe.ts is preloaded to answer the benchmark over IPC (clock, memory
 * after GC, when each event was handed to the sockets); VmRSS and CPU time come from /proc.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { generatePrivateKey } from "viem/accounts";
import type { LoopDelay, ProbeReply, ProbeRequest, SendTimes } from "./probe.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export type StartApiProcessParameters = {
  port: number;
  databaseUrl: string;
  redisUrl: string;
  appSchema: string;
  indexerSchema: string;
  rpcUrl: string;
  chainSlug: string;
  deploymentsDir: string;
  /** Prefix of the API's BullMQ queues (execute, quote): one of this run's own. */
  queuePrefix: string;
  jwtSecret: string;
  walletSecret: string;
  log: (line: string) => void;
};

export type ApiMemory = {
  /** VmRSS from /proc/<pid>/status, bytes. */
  vmRss: number;
  /** process.memoryUsage() in the server after two full GCs (`gc` false if GC could not be forced). */
  usage: NodeJS.MemoryUsage;
  gc: boolean;
};

export type StartApiProcessReturnType = {
  url: string;
  wsUrl: string;
  pid: number;
  process: ChildProcess;
  /**
   * Memory now, after forcing GC in the server; asked twice 500 ms apart and the second answer kept, so memory the
   * first collection freed has been handed back before VmRSS is read.
   */
  memory(): Promise<ApiMemory>;
  /** The server's clock minus this process's (ms), from the IPC round trip with the smallest delay. */
  clockOffset(): Promise<number>;
  /** For each event seq since the last call: when the server handed it to its first and last socket (its clock). */
  sends(): Promise<SendTimes[]>;
  /** The server's event-loop delay since the last call. */
  loopDelay(): Promise<LoopDelay>;
  /** CPU time of the process (user + system, all threads) so far, seconds. */
  cpuSeconds(): number;
  /** Lines the server printed. */
  lines: string[];
  stop(): Promise<void>;
};

export async function startApiProcess(p: StartApiProcessParameters): Promise<StartApiProcessReturnType> {
  const child = spawn(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "--import", "./bench/streams/probe.ts", "api/server.ts"],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "production",
        // Production refuses anvil's well-known deployer key even where, as in the API, nothing deploys.
        DEPLOYER_PRIVATE_KEY: generatePrivateKey(),
        DATABASE_URL: p.databaseUrl,
        REDIS_URL: p.redisUrl,
        APP_SCHEMA: p.appSchema,
        // Every subscriber of the bench connects from 127.0.0.1: one address holding them all.
        STREAM_MAX_CONNECTIONS_PER_ADDRESS: "100000",
        STREAM_MAX_CONNECTIONS: "100000",
        INDEXER_SCHEMA: p.indexerSchema,
        QUEUE_PREFIX: p.queuePrefix,
        RPC_URL: p.rpcUrl,
        CHAIN_SLUG: p.chainSlug,
        API_CHAINS: p.chainSlug,
        DEPLOYMENTS_DIR: p.deploymentsDir,
        HOST: "127.0.0.1",
        PORT: String(p.port),
        PUBLIC_URL: `http://127.0.0.1:${p.port}`,
        AUTH_JWT_SECRET: p.jwtSecret,
        WALLET_SECRET: p.walletSecret,
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  const lines: string[] = [];
  let exited = false;
  const exit = new Promise<void>((done) =>
    child.once("exit", () => {
      exited = true;
      done();
    }),
  );
  const listening = new Promise<void>((ready, fail) => {
    for (const stream of [child.stdout, child.stderr]) {
      let partial = "";
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        const parts = (partial + chunk).split("\n");
        partial = parts.pop() ?? "";
        for (const line of parts.filter(Boolean)) {
          lines.push(line);
          if (lines.length > 500) lines.shift();
          p.log(line);
          if (line.includes("listening on")) ready();
        }
      });
    }
    child.once("exit", (code) => fail(new Error(`the API exited (code ${code}):\n${lines.slice(-20).join("\n")}`)));
  });
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const stop = async () => {
    process.off("exit", killOnExit);
    if (exited) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exit;
    clearTimeout(timer);
  };
  try {
    await listening;
  } catch (error) {
    await stop();
    throw error;
  }

  let nextId = 1;
  const pending = new Map<number, (reply: ProbeReply) => void>();
  child.on("message", (reply: ProbeReply) => {
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const ask = <T extends ProbeReply["type"]>(type: T) =>
    new Promise<Extract<ProbeReply, { type: T }>>((answer, fail) => {
      const id = nextId++;
      const timer = setTimeout(() => {
        pending.delete(id);
        fail(new Error(`the API's probe did not answer ${type}`));
      }, 30_000);
      pending.set(id, (reply) => {
        clearTimeout(timer);
        answer(reply as Extract<ProbeReply, { type: T }>);
      });
      child.send({ id, type } satisfies ProbeRequest);
    });
  const pid = child.pid as number;

  return {
    url: `http://127.0.0.1:${p.port}`,
    wsUrl: `ws://127.0.0.1:${p.port}/stream`,
    pid,
    process: child,
    lines,
    async memory() {
      await ask("memory");
      await new Promise((r) => setTimeout(r, 500));
      const { memory: usage, gc } = await ask("memory");
      return { vmRss: vmRssOf(pid), usage, gc };
    },
    async clockOffset() {
      let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
      for (let i = 0; i < 20; i++) {
        const sent = performance.timeOrigin + performance.now();
        const { now } = await ask("now");
        const received = performance.timeOrigin + performance.now();
        if (received - sent < best.rtt) best = { rtt: received - sent, offset: now - (sent + received) / 2 };
      }
      return best.offset;
    },
    sends: async () => (await ask("sends")).sends,
    loopDelay: async () => (await ask("loop")).delay,
    cpuSeconds: () => cpuSecondsOf(pid),
    stop,
  };
}

/** VmRSS of a process, bytes (0 when it is gone). */
export function vmRssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** User + system CPU time of a process (all its threads), seconds; 0 when it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;
