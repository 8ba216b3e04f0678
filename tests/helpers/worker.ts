/**
 * Helpers for the worker's integration tests: worker processes (`node --import tsx worker/index.ts`) with their
 * output captured, a fresh app schema and queue per test file, a separate anvil (or Redis) for tests that kill,
 * pause or flush things, a JSON-RPC proxy that can fail sends, and readers of what actually landed on chain.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { type Address, encodeFunctionData, type Hex, keccak256, type PublicClient } from "viem";
import { mockUsdcAbi } from "../../abis/index.js";
import type { Deployment } from "../../core/deployment.js";
import { queueName } from "../../core/jobs.js";
import { walletAddress } from "../../core/wallets.js";
import { createIntent, dispatchIntent, type IntentRow } from "../../db/intents.js";
import { migrate } from "../../db/migrate.js";
import { type StartAnvilReturnType, startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { type Chain, chainAt } from "./chain.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const databaseUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const sharedRedisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

let seq = 0;
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${seq++}`;

// ---------------------------------------------------------------- chain handles

/** Write each deployment as <dir>/<slug>.json, the DEPLOYMENTS_DIR a worker process reads. */
export function deploymentsDirFor(...deployments: Deployment[]): string {
  const dir = mkdtempSync(join(tmpdir(), "worker-deployments-"));
  for (const d of deployments) writeFileSync(join(dir, `${d.chainSlug}.json`), JSON.stringify(d));
  return dir;
}

/** The environment that names further chains to a process: CHAINS and RPC_URL_<SLUG> for each. */
export function chainsEnv(home: Chain, more: Chain[]): Record<string, string> {
  const env: Record<string, string> = {
    CHAINS: [home, ...more].map((c) => c.deployment.chainSlug).join(","),
  };
  for (const c of [home, ...more]) env[`RPC_URL_${c.deployment.chainSlug.toUpperCase().replace(/-/g, "_")}`] = c.rpcUrl;
  return env;
}

/** An anvil of its own with the contracts deployed, for tests that stop mining or proxy the RPC. */
export async function startSideChain(p: { blockTime?: number } = {}) {
  const anvil: StartAnvilReturnType = await startAnvil({ port: 0, chainId: 84532, ...p });
  try {
    const deployment = await deploy({
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      write: false,
      launchFee: false,
    });
    const dir = deploymentsDirFor(deployment);
    return {
      anvil,
      deploymentsDir: dir,
      chain: chainAt(anvil.rpcUrl, deployment),
      stop: async () => {
        await anvil.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

/**
 * A redis-server of our own (no persistence), so a test can flush, kill or restart it without touching the shared
 * one. restart() starts it again on the same port, empty.
 */
export async function startRedis() {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const launch = async () => {
    const child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    const exited = new Promise<void>((done) => child.once("exit", () => done()));
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => undefined); // refused until the server listens; the loop retries
    const deadline = Date.now() + 10_000;
    for (;;) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch {
        if (Date.now() > deadline) throw new Error(`redis-server on ${port} did not answer`);
        await sleep(50);
      }
    }
    probe.disconnect();
    return async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    };
  };
  let stopServer: (() => Promise<void>) | null = await launch();
  const stop = async () => {
    await stopServer?.();
    stopServer = null;
  };
  return {
    url,
    stop,
    /** Stop it (when running) and start it again, empty, on the same port. */
    restart: async () => {
      await stop();
      stopServer = await launch();
    },
  };
}

// ---------------------------------------------------------------- app schema + queue

/** A fresh app schema and queue (own prefix) for one test file; cleanup() drops and obliterates both. */
export async function workerContext(p: { redisUrl?: string } = {}) {
  const appSchema = uniqueName("wk");
  const queuePrefix = `${uniqueName("wq")}-`;
  const redisUrl = p.redisUrl ?? sharedRedisUrl;
  await migrate({ databaseUrl, schema: appSchema });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(queueName("execute", queuePrefix), { connection });
  const cleanup = async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    connection.disconnect();
    await db.query(`DROP SCHEMA IF EXISTS ${appSchema} CASCADE`);
    await db.end();
  };
  return { appSchema, queuePrefix, redisUrl, db, queue, cleanup };
}
export type WorkerContext = Awaited<ReturnType<typeof workerContext>>;

export async function intentRow(ctx: WorkerContext, id: string): Promise<IntentRow> {
  const { rows } = await ctx.db.query<IntentRow>(`SELECT * FROM ${ctx.appSchema}.intents WHERE id = $1`, [id]);
  if (!rows[0]) throw new Error(`no intent ${id}`);
  return rows[0];
}

/** Poll until every intent in `ids` satisfies `done`; returns the rows. */
export async function waitForIntents(
  ctx: WorkerContext,
  ids: string[],
  done: (row: IntentRow) => boolean,
  timeoutMs = 60_000,
): Promise<IntentRow[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await ctx.db.query<IntentRow>(`SELECT * FROM ${ctx.appSchema}.intents WHERE id = ANY($1)`, [ids]);
    if (rows.length === ids.length && rows.every(done))
      return ids.map((id) => rows.find((r) => r.id === id) as IntentRow);
    if (Date.now() > deadline) {
      const states = rows.map((r) => `${r.id.slice(0, 8)}:${r.status}:${r.error_reason ?? ""}`).join(", ");
      throw new Error(`intents not done within ${timeoutMs} ms: ${states}`);
    }
    await sleep(100);
  }
}

export const isSettled = (r: IntentRow) => ["confirmed", "reverted", "failed"].includes(r.status);

export type TxIntentParameters = {
  key?: string;
  walletIndex: number;
  secret: string;
  to: Address;
  data: Hex;
  value?: bigint;
  gasLimit?: bigint;
  kind?: "trade" | "approval" | "transaction";
};

/** Create (idempotently) an intent for custodial wallet `walletIndex` in `ctx`. */
export async function newIntent(ctx: WorkerContext, chainId: number, p: TxIntentParameters) {
  return createIntent(ctx.db, ctx.appSchema, {
    idempotencyKey: p.key ?? uniqueName("key"),
    userId: null,
    kind: p.kind ?? "transaction",
    chainSlug: "base-sepolia",
    chainId,
    walletIndex: p.walletIndex,
    from: walletAddress(p.secret, p.walletIndex),
    to: p.to,
    data: p.data,
    ...(p.value !== undefined ? { value: p.value } : {}),
    ...(p.gasLimit !== undefined ? { gasLimit: p.gasLimit } : {}),
  });
}

/** Calldata of MockUSDC.faucet(to, amount): a cheap transaction that always succeeds. */
export const faucetData = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [to, amount] });

/** Create and dispatch `n` faucet intents from one custodial wallet; returns their ids. */
export async function dispatchFaucetIntents(
  ctx: WorkerContext,
  c: Chain,
  p: { n: number; walletIndex: number; secret: string },
): Promise<string[]> {
  const from = walletAddress(p.secret, p.walletIndex);
  const ids: string[] = [];
  for (let i = 0; i < p.n; i++) {
    const { intent } = await newIntent(ctx, c.deployment.chainId, {
      walletIndex: p.walletIndex,
      secret: p.secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, BigInt(i + 1)),
    });
    ids.push(intent.id);
  }
  await Promise.all(ids.map((id) => dispatchIntent(ctx.queue, id)));
  return ids;
}

// ---------------------------------------------------------------- worker processes

export type WorkerProcessParameters = {
  ctx: WorkerContext;
  rpcUrl: string;
  deploymentsDir: string;
  walletSecret: string;
  concurrency?: number;
  /** Name shown in echoed output. */
  name?: string;
  /** Database holding the app schema (default: the shared one; API tests use their file's database). */
  databaseUrl?: string;
  /** WORKER_RECONCILE_INTERVAL_MS: how often the running worker re-dispatches open intents (default 30 s). */
  reconcileIntervalMs?: number;
  /** INDEXER_SCHEMA: the indexed state the worker reads (hot quotes, peers; tests with an indexer). */
  indexerSchema?: string;
  /** WORKER_LOCK_MS: how soon another worker takes over the jobs of one that died (default 30 s). */
  lockMs?: number;
  /** Further variables (webhook settings: WEBHOOK_ALLOW_PRIVATE, WEBHOOK_RETRY_SCHEDULE, …). */
  env?: Record<string, string>;
};

export type WorkerProcess = ReturnType<typeof spawnWorker>;

/** Start `node --import tsx worker/index.ts` with the test's schema, queue and chain. Output lines go to `lines`. */
export function spawnWorker(p: WorkerProcessParameters) {
  const env: NodeJS.ProcessEnv = {
    NODE_ENV: "test",
    DATABASE_URL: p.databaseUrl ?? databaseUrl,
    REDIS_URL: p.ctx.redisUrl,
    APP_SCHEMA: p.ctx.appSchema,
    QUEUE_PREFIX: p.ctx.queuePrefix,
    WALLET_SECRET: p.walletSecret,
    RPC_URL: p.rpcUrl,
    CHAIN_SLUG: "base-sepolia",
    DEPLOYMENTS_DIR: p.deploymentsDir,
    WORKER_CONCURRENCY: String(p.concurrency ?? 16),
    ...(p.reconcileIntervalMs ? { WORKER_RECONCILE_INTERVAL_MS: String(p.reconcileIntervalMs) } : {}),
    ...(p.indexerSchema ? { INDEXER_SCHEMA: p.indexerSchema } : {}),
    ...(p.lockMs ? { WORKER_LOCK_MS: String(p.lockMs) } : {}),
    ...p.env,
  };
  const child = spawnProcess({ entry: "worker/index.ts", env, name: p.name ?? "worker" });
  return { ...child, ready: () => child.waitForLine(/ready on queue/) };
}

export type SpawnedProcess = ReturnType<typeof spawnProcess>;

/**
 * Start `node --import tsx <entry>` with exactly `env` (plus PATH and HOME), keeping its output lines (echoed with
 * WORKER_TEST_ECHO=1) so a test can wait for one.
 */
export function spawnProcess(p: { entry: string; env: NodeJS.ProcessEnv; name: string }) {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", p.entry], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...p.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const waiters: { re: RegExp; done: (line: string) => void }[] = [];
  const echo = process.env.WORKER_TEST_ECHO === "1";
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      for (const line of parts) {
        lines.push(line);
        if (echo) console.log(`${new Date().toISOString().slice(17, 23)} ${p.name}| ${line}`);
        for (const w of [...waiters]) {
          if (w.re.test(line)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.done(line);
          }
        }
      }
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal })),
  );
  const waitForLine = (re: RegExp, timeoutMs = 30_000) => {
    const seen = lines.find((l) => re.test(l));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`${p.name} printed no line matching ${re} within ${timeoutMs} ms:\n${lines.join("\n")}`)),
        timeoutMs,
      );
      const waiter = {
        re,
        done: (line: string) => {
          clearTimeout(timer);
          done(line);
        },
      };
      waiters.push(waiter);
      void exited.then(() => {
        if (!waiters.includes(waiter)) return;
        clearTimeout(timer);
        fail(new Error(`${p.name} exited before printing ${re}:\n${lines.join("\n")}`));
      });
    });
  };
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    pid: child.pid,
    lines,
    exited,
    running,
    waitForLine,
    kill: (signal: NodeJS.Signals) => child.kill(signal),
    /** SIGTERM and wait; SIGKILL if it does not exit in 20 s. Safe when already exited. */
    stop: async () => {
      if (!running()) return exited;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

// ---------------------------------------------------------------- a JSON-RPC proxy

export type ProxiedSend = { at: number; hash: Hex; failed: boolean };

/**
 * A call the proxy holds: it does not answer it, so the caller hangs there until it is killed or the call released.
 * - `stage: "request"`: the call does not reach the node (until released).
 * - `stage: "answer"`: the node gets the call and answers; the answer is kept back (until released).
 * `when` narrows the calls held by their params and, at the answer stage, the node's result.
 */
export type HoldRule = {
  method: string;
  stage: "request" | "answer";
  when?: (params: unknown[], result?: unknown) => boolean;
};

type JsonRpcCall = { id?: unknown; method?: string; params?: unknown[] };
/** Calls the proxy answers with an error of its own: -32601 (method not found) is a node that does not serve them. */
type Refusal = { methods: string[]; code: number; message?: string };
type JsonRpcAnswer = { id?: unknown; result?: unknown; error?: { message?: string; data?: unknown } };

/**
 * An HTTP JSON-RPC proxy in front of `target`. With `failEveryOtherSend`, every second eth_sendRawTransaction it
 * receives is answered with HTTP 500 and never reaches the node; the `refuseMethods` are refused (-32601). `hold(rule)` makes it hold the calls a rule matches
 * (see HoldRule) and resolves at the first one it holds, which is where a test kills the caller. Records every send
 * and every JSON-RPC error the node returned, so a test can assert what the worker saw.
 */
export async function startRpcProxy(
  target: string,
  p: { failEveryOtherSend?: boolean; estimateRevertsWithoutData?: boolean; refuseMethods?: string[] } = {},
) {
  const sends: ProxiedSend[] = [];
  /** Every JSON-RPC method called through the proxy, in order (a batch counts each of its calls). */
  const methods: string[] = [];
  const nodeErrors: { method: string; message: string }[] = [];
  let sendCount = 0;
  let refusal: Refusal | undefined = p.refuseMethods ? { methods: p.refuseMethods, code: -32601 } : undefined;
  let holding: { rule: HoldRule; held: () => void } | undefined;
  /** What each held call does once released. */
  const held: (() => void)[] = [];
  /** An outage of the node as its callers see it: connections cut at once, or calls never answered until it ends. */
  let outage: "refused" | "silent" | undefined;
  const silenced: (() => void)[] = [];
  const holds = (call: JsonRpcCall | undefined, stage: HoldRule["stage"], result?: unknown) => {
    if (!holding || !call || holding.rule.method !== call.method || holding.rule.stage !== stage) return false;
    if (holding.rule.when && !holding.rule.when(call.params ?? [], result)) return false;
    holding.held();
    return true;
  };
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      if (outage === "refused") {
        req.socket.destroy();
        return;
      }
      if (outage === "silent") {
        silenced.push(() => req.emit("end"));
        return;
      }
      const body = Buffer.concat(chunks).toString("utf8");
      let parsed: JsonRpcCall | unknown[] = {};
      try {
        parsed = JSON.parse(body);
      } catch {}
      // A JSON-RPC batch (the worker's client batches the calls of one tick) is held, failed or answered whole.
      const calls = [parsed].flat() as JsonRpcCall[];
      for (const call of calls) methods.push(String(call?.method));
      if (calls.some((call) => holds(call, "request"))) {
        held.push(() => void forward());
        return;
      }
      // A method the node does not serve, as providers refuse one (a single call; batches pass).
      if (!Array.isArray(parsed) && refusal?.methods.includes(String(parsed.method))) {
        const error = {
          code: refusal.code,
          message: refusal.message ?? `the method ${parsed.method} does not exist/is not available`,
        };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ jsonrpc: "2.0", id: parsed.id ?? null, error }));
        return;
      }
      const raws = calls.filter((call) => call?.method === "eth_sendRawTransaction");
      if (raws.length > 0) {
        const fail = p.failEveryOtherSend === true && sendCount++ % 2 === 1;
        for (const call of raws) sends.push({ at: Date.now(), hash: keccak256(call.params?.[0] as Hex), failed: fail });
        if (fail) {
          res.writeHead(500, { "content-type": "text/plain" }).end("upstream unavailable");
          return;
        }
      }
      await forward(true);
      /** The call to the node and its answer to the caller (kept back when a rule holds the answer). */
      async function forward(mayHold = false) {
        try {
          const upstream = await fetch(target, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body,
          });
          let text = await upstream.text();
          const answers = [JSON.parse(text)].flat() as JsonRpcAnswer[];
          // A batch's answers may come in any order: each call's by its id.
          // A batch refused whole comes back as one error without an id: it is every call's answer.
          const answerOf = (call: JsonRpcCall) =>
            !Array.isArray(parsed) || (answers.length === 1 && answers[0]?.id == null)
              ? answers[0]
              : answers.find((a) => a?.id === call?.id);
          if (p.estimateRevertsWithoutData) {
            // As some nodes answer: a reverting gas estimate with its message and no revert data.
            for (const call of calls) {
              const error = call?.method === "eth_estimateGas" ? answerOf(call)?.error : undefined;
              if (error) delete error.data;
            }
            text = JSON.stringify(Array.isArray(parsed) ? answers : answers[0]);
          }
          for (const call of calls) {
            const error = answerOf(call)?.error;
            if (error) nodeErrors.push({ method: String(call?.method), message: String(error.message) });
          }
          const answer = () => res.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
          if (mayHold && calls.some((call) => holds(call, "answer", answerOf(call)?.result))) held.push(answer);
          else answer();
        } catch (error) {
          res.writeHead(502).end(String(error));
        }
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((done) => server.listen(port, "127.0.0.1", () => done()));
  return {
    url: `http://127.0.0.1:${port}`,
    sends,
    methods,
    nodeErrors,
    /** Answer the calls of `r.methods` with a JSON-RPC error from now on (undefined: pass them again). */
    refuse: (r: Refusal | undefined) => {
      refusal = r;
    },
    /** Hold the calls `rule` matches from now on; resolves when the first is held. */
    hold: (rule: HoldRule) =>
      new Promise<void>((held) => {
        holding = { rule, held };
      }),
    /** Stop holding: calls made from now on pass (those held stay held). */
    passAll: () => {
      holding = undefined;
    },
    /** Stop holding, and let the calls held so far go on (to the node, or their answers to the caller). */
    release: () => {
      holding = undefined;
      for (const go of held.splice(0)) go();
    },
    /**
     * Make the node unreachable from now on: `refused` cuts every connection as it comes (a node that is down),
     * `silent` answers nothing until `endOutage` (a node that hangs; the calls then go on).
     */
    outage: (kind: "refused" | "silent") => {
      outage = kind;
    },
    endOutage: () => {
      outage = undefined;
      for (const go of silenced.splice(0)) go();
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

// ---------------------------------------------------------------- what landed on chain

/** Every transaction sent by `from` in blocks [fromBlock, latest], in chain order. */
export async function txsFrom(client: PublicClient, from: Address, fromBlock: bigint) {
  const latest = await client.getBlockNumber({ cacheTime: 0 });
  const numbers: bigint[] = [];
  for (let n = fromBlock; n <= latest; n++) numbers.push(n);
  const blocks = await Promise.all(
    numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true })),
  );
  return blocks.flatMap((b) => b.transactions.filter((t) => t.from.toLowerCase() === from.toLowerCase()));
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
