/**
 * The service's processes as production runs them: each under supervise() (scripts/supervise.ts), started again after
 * it ends on its own, as systemd's Restart=always and `npm start` do. A test kills a process from outside, and the
 * supervisor, never the test, brings it back. Every instance's output is kept, so a failure can quote it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { type StartIndexerParameters, type StartIndexerReturnType, startIndexer } from "../../scripts/indexer.js";
import { type SupervisedService, supervise } from "../../scripts/supervise.js";
import { spawnProcess } from "./worker.js";

/** One run of a supervised process, from its start to its end. */
export type Instance = SupervisedService & {
  pid: number | undefined;
  /** This run's output lines. */
  lines: string[];
  /** Whether it has printed its ready line (or answered its readiness probe). */
  ready(): boolean;
  running(): boolean;
  kill(signal: NodeJS.Signals): void;
};

export type SupervisedProcess<T extends Instance> = {
  name: string;
  /** The newest run: the one starting, running, or the last that ended. */
  current(): T;
  instances: T[];
  /** The supervisor's lines ("worker ended unexpectedly (SIGKILL); starting it again in 0.2 s"), stamped hh:mm:ss.mmm. */
  log: string[];
  restarts(): number;
  /** The newest run is alive and ready. */
  up(): boolean;
  /**
   * The last `n` lines of every run that ended and of the newest (its last 10 when it runs), each prefixed with its
   * run's number; then the supervisor's lines.
   */
  output(n?: number): string;
  /** Every kept line of every run that contains `text`, each prefixed with its run's number. */
  linesWith(text: string): string[];
  stop(): Promise<void>;
};

const stamp = () => new Date().toISOString().slice(11, 23);

/**
 * Start `start(0)` and keep it running: a run that ends on its own is started again after `backoffMs.first` (doubling
 * while it keeps failing). `start` returns the run as soon as it is spawned, with a `ready` promise that settles once
 * it serves (a run that never gets ready is stopped and counts as a failed start).
 */
export async function superviseProcess<T extends Instance>(p: {
  name: string;
  start(restart: number): Promise<{ instance: T; ready: Promise<void> }> | { instance: T; ready: Promise<void> };
  backoffMs?: { first: number; max: number };
}): Promise<SupervisedProcess<T>> {
  const instances: T[] = [];
  const log: string[] = [];
  const supervisor = await supervise({
    name: p.name,
    backoffMs: p.backoffMs ?? { first: 200, max: 2_000 },
    healthyAfterMs: 10_000,
    log: (line) => log.push(`${stamp()} ${line}`),
    start: async (restart) => {
      const { instance, ready } = await p.start(restart);
      instances.push(instance);
      try {
        await ready;
      } catch (error) {
        await instance.stop();
        throw error;
      }
      return instance;
    },
  });
  const current = () => instances[instances.length - 1] as T;
  return {
    name: p.name,
    current,
    instances,
    log,
    restarts: () => supervisor.restarts(),
    up: () => current().running() && current().ready(),
    output: (n = 30) =>
      [
        ...instances.flatMap((run, i) =>
          run.lines.slice(run.running() ? -Math.min(n, 10) : -n).map((line) => `${p.name}#${i}| ${line}`),
        ),
        ...log.map((line) => `supervisor| ${line}`),
      ].join("\n"),
    linesWith: (text) =>
      instances.flatMap((run, i) =>
        run.lines.filter((line) => line.includes(text)).map((line) => `${p.name}#${i}| ${line}`),
      ),
    stop: () => supervisor.stop(),
  };
}

/** `node --import tsx <entry>` (spawnProcess), ready once it prints `readyLine`. */
export function processRun(p: { entry: string; env: NodeJS.ProcessEnv; name: string; readyLine: RegExp }): {
  instance: Instance;
  ready: Promise<void>;
} {
  const child = spawnProcess({ entry: p.entry, env: p.env, name: p.name });
  let isReady = false;
  const ready = child.waitForLine(p.readyLine, 60_000).then(() => {
    isReady = true;
  });
  return {
    instance: {
      name: p.name,
      pid: child.pid,
      lines: child.lines,
      ready: () => isReady,
      running: child.running,
      kill: (signal) => child.kill(signal),
      exited: child.exited.then(({ code, signal }) => signal ?? `code ${code}`),
      stop: async () => {
        await child.stop();
      },
    },
    ready,
  };
}

export type IndexerInstance = Instance & { indexer: StartIndexerReturnType };

/**
 * One run of Ponder (scripts/indexer.ts startIndexer), ready once /ready answers 200. After a SIGKILL Ponder waits for
 * its dead run's lock to age (up to 25 s) before it resumes, so `readyTimeoutMs` allows for that.
 */
export async function indexerRun(
  p: StartIndexerParameters & { readyTimeoutMs?: number },
): Promise<{ instance: IndexerInstance; ready: Promise<void> }> {
  const lines: string[] = [];
  const indexer = await startIndexer({ ...p, log: (line) => lines.push(`${stamp()} ${line}`) });
  let isReady = false;
  const running = () => indexer.process.exitCode === null && indexer.process.signalCode === null;
  const ready = indexer.waitForReady(p.readyTimeoutMs ?? 120_000).then(() => {
    isReady = true;
  });
  return {
    instance: {
      name: "indexer",
      pid: indexer.process.pid,
      lines,
      indexer,
      ready: () => isReady,
      running,
      kill: (signal) => indexer.process.kill(signal),
      exited: indexer.exited.then((code) =>
        code === null ? (indexer.process.signalCode ?? "signal") : `code ${code}`,
      ),
      stop: indexer.stop,
    },
    ready,
  };
}

/**
 * The process id of the anvil listening on `rpcUrl`'s port, from /proc (startAnvil keeps its child to itself): the
 * process whose command line is the anvil binary with `--port <port>`.
 */
export function anvilPid(rpcUrl: string): number {
  const port = new URL(rpcUrl).port;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let argv: string[];
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
    } catch {
      continue; // ended meanwhile
    }
    const i = argv.indexOf("--port");
    if (argv[0]?.endsWith("/anvil") && i > 0 && argv[i + 1] === port) return Number(entry);
  }
  throw new Error(`no anvil process listens on port ${port}`);
}
