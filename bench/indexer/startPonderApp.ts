/**
 * Runs a Ponder app other than ours (the bare counting app) exactly as scripts/indexer.ts runs ours: the same
 * binary, command, environment and port handling; only `--root` differs. scripts/indexer.ts fixes the root to
 * indexer/, so it cannot start this app itself.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/indexer.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ponderBin = join(root, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");

export type StartPonderAppParameters = {
  /** The app's folder, relative to the repository root (Ponder's `--root`). */
  appRoot: string;
  rpcUrl: string;
  /** New blocks by WebSocket subscription (WS_URL) instead of polling, when given. */
  wsUrl?: string;
  chainSlug: string;
  schema: string;
  databaseUrl: string;
  deploymentsDir: string;
  log: (line: string) => void;
  logLevel?: "error" | "warn" | "info" | "debug";
};

export type PonderApp = {
  url: string;
  process: ChildProcess;
  exited: Promise<number | null>;
  indexedBlock(): Promise<bigint | undefined>;
  stop(): Promise<void>;
};

export async function startPonderApp(p: StartPonderAppParameters): Promise<PonderApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [ponderBin, "start", "--root", p.appRoot, "--schema", p.schema, "--port", String(port)],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: p.databaseUrl,
        PONDER_TELEMETRY_DISABLED: "true",
        PONDER_LOG_LEVEL: p.logLevel ?? "info",
        RPC_URL: p.rpcUrl,
        ...(p.wsUrl ? { WS_URL: p.wsUrl } : {}),
        CHAIN_SLUG: p.chainSlug,
        INDEXER_CHAINS: p.chainSlug,
        DEPLOYMENTS_DIR: resolve(p.deploymentsDir),
      },
    },
  );
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      for (const line of chunk.split("\n")) if (line.trim()) p.log(line);
    });
  }
  let done = false;
  const exited = new Promise<number | null>((resolveExit) => {
    child.once("exit", (code) => {
      done = true;
      resolveExit(code);
    });
  });
  return {
    url,
    process: child,
    exited,
    async indexedBlock() {
      const res = await fetch(`${url}/status`);
      if (!res.ok) return undefined;
      const status = (await res.json()) as Record<string, { block?: { number?: number } }>;
      const n = status[p.chainSlug]?.block?.number;
      return n === undefined ? undefined : BigInt(n);
    },
    async stop() {
      if (done) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
