/**
 * The worker process of a benchmark: `node --import tsx worker/index.ts` with the run's own database, schemas,
 * queue prefix and chain, as `npm start` runs it. Resolves once it executes and quotes.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

export type StartBenchWorkerParameters = {
  databaseUrl: string;
  redisUrl: string;
  appSchema: string;
  indexerSchema: string;
  queuePrefix: string;
  rpcUrl: string;
  chainSlug: string;
  deploymentsDir: string;
  walletSecret?: string;
  concurrency?: number;
};

export type BenchWorker = { process: ChildProcess; stop(): Promise<void> };

export async function startBenchWorker(p: StartBenchWorkerParameters): Promise<BenchWorker> {
  // BENCH_WORKER_CPU_PROF=<dir>: the worker writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_WORKER_CPU_PROF;
  const flags = profile ? ["--cpu-prof", "--cpu-prof-dir", profile] : [];
  const child = spawn(process.execPath, [...flags, "--import", "tsx", "worker/index.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_URL: p.databaseUrl,
      REDIS_URL: p.redisUrl,
      APP_SCHEMA: p.appSchema,
      INDEXER_SCHEMA: p.indexerSchema,
      QUEUE_PREFIX: p.queuePrefix,
      RPC_URL: p.rpcUrl,
      CHAIN_SLUG: p.chainSlug,
      DEPLOYMENTS_DIR: p.deploymentsDir,
      ...(p.walletSecret ? { WALLET_SECRET: p.walletSecret } : {}),
      ...(p.concurrency ? { WORKER_CONCURRENCY: String(p.concurrency) } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  await new Promise<void>((done, fail) => {
    let out = "";
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/ready on queue/.test(out) && /keeping hot quotes of/.test(out)) done();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    void exited.then(() => fail(new Error(`worker exited before it was ready:\n${out}`)));
  });
  return { process: child, stop };
}
