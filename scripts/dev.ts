import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type ChainSlug, chainBySlug, getChain } from "../core/chains.js";
import type { Deployment } from "../core/deployment.js";
import { startAnvil } from "./anvil.js";
import { approvalsFromEnv, deploy } from "./deploy.js";
import { DEFAULT_DATABASE_URL, startIndexer } from "./indexer.js";
import { httpTransport, printDemo, seedDemo } from "./seed-demo.js";
import { supervise } from "./supervise.js";

/**
 * `npm start`: the local stack. Builds the contracts, starts anvil, deploys, then runs until SIGINT or
 * SIGTERM and shuts everything down in reverse order.
 *
 * The stack is a list of steps run in order. A step that leaves something running returns a Service;
 * the indexer, API and worker join the list the same way (a child process wrapped as a Service).
 *
 * Environment: CHAINS (default "base-sepolia,bnb-testnet": one anvil per chain, the first the home chain of new
 * tokens; the LayerZero relayer between them when there are several), ANVIL_PORT (the first chain's port, default
 * 8545; the next chains take the next ports), CHAIN_ID (without CHAINS: run that one chain alone), DATABASE_URL,
 * INDEXER_SCHEMA (default "indexer"), INDEXER_PORT (Ponder's status server, default 42069), ANVIL_FORK_URL and
 * ANVIL_FORK_BLOCK (fork mode: the chain runs as a fork of that network at that block, default its latest, and the
 * deploy deploys only our contracts against the network's published ones; one chain, CHAINS' first).
 *
 * `npm start -- --demo` (or DEMO_SEED=1) seeds the demo (scripts/seed-demo.ts) through the API once it is up.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Service = {
  name: string;
  stop(): Promise<void>;
  /** A restartable service's supervisor: no more restarts once the stack shuts down. */
  halt?(): void;
  /**
   * Settles when the service ends on its own, with how it ended. A restartable step's service is started again
   * (scripts/supervise.ts); any other's end shuts the stack down.
   */
  exited: Promise<string | undefined>;
};

type DevChain = {
  slug: ChainSlug;
  chainId: number;
  port: number;
  /** Fork mode: the network this chain's anvil forks, and at which block. */
  fork?: { url: string; block?: number };
  rpcUrl?: string;
  deployment?: Deployment;
};

type DevContext = {
  /** The chains to run; the first is the home chain of new tokens (CHAIN_SLUG). */
  chains: DevChain[];
};

/** The chain environment of the API, worker and relayer: CHAIN_SLUG, CHAINS, RPC_URL and RPC_URL_<SLUG>. */
function chainEnv(ctx: DevContext): Record<string, string> {
  const home = ctx.chains[0];
  if (!home?.rpcUrl) throw new Error("the chains are not up yet");
  const env: Record<string, string> = {
    CHAIN_SLUG: home.slug,
    CHAINS: ctx.chains.map((c) => c.slug).join(","),
    RPC_URL: home.rpcUrl,
  };
  for (const c of ctx.chains) {
    if (!c.rpcUrl) throw new Error(`${c.slug} is not up yet`);
    env[`RPC_URL_${c.slug.toUpperCase().replace(/-/g, "_")}`] = c.rpcUrl;
  }
  return env;
}

type Step = {
  name: string;
  /** Started again after a backoff when its service ends on its own (run's `restart` counts from 1). */
  restartable?: boolean;
  run(ctx: DevContext, restart: number): Promise<Service | undefined>;
};

const log = (msg: string) => console.log(`[dev] ${msg}`);

const steps: Step[] = [
  {
    name: "services",
    async run() {
      log("checking Postgres and Redis");
      await runCommand("services", "/bin/bash", [join(root, "scripts", "services.sh")]);
      return undefined;
    },
  },
  {
    name: "contracts",
    // forge's cache makes this about a second when nothing changed, and it keeps the deployed bytecode
    // in step with contracts/src. Only contracts/src is built: the stack does not need the tests.
    async run() {
      log("building contracts (forge build)");
      // Through scripts/foundry.sh: the npm wrapper in node_modules/.bin exits 0 even when the build fails.
      await runCommand("forge", "/bin/bash", [join(root, "scripts", "foundry.sh"), "forge", "build", "contracts/src"]);
      return undefined;
    },
  },
  {
    name: "anvil",
    async run(ctx) {
      const anvils: Service[] = [];
      for (const c of ctx.chains) {
        const anvil = await startAnvil({
          port: c.port,
          chainId: c.chainId,
          ...(c.fork ? { forkUrl: c.fork.url, forkBlockNumber: c.fork.block } : {}),
        });
        c.rpcUrl = anvil.rpcUrl;
        log(`anvil up at ${anvil.rpcUrl} (chain id ${anvil.chainId}, ${c.slug}${c.fork ? ", a fork" : ""})`);
        anvils.push({ name: `anvil ${c.slug}`, stop: anvil.stop, exited: anvil.exited.then(() => undefined) });
      }
      return {
        name: "anvil",
        stop: async () => {
          await Promise.all(anvils.map((a) => a.stop()));
        },
        exited: Promise.race(anvils.map((a) => a.exited.then(() => a.name))).then(
          (name) =>
            `${name} ended: the local chain's state went with it, so the stack stops (npm start begins a new chain)`,
        ),
      };
    },
  },
  {
    name: "deploy",
    async run(ctx) {
      for (const c of ctx.chains) {
        if (!c.rpcUrl) throw new Error("deploy needs the anvil step first");
        const deployment = await deploy({
          rpcUrl: c.rpcUrl,
          chainSlug: c.slug,
          approvals: approvalsFromEnv(),
          log: (msg) => console.log(`[deploy] ${msg}`),
        });
        c.deployment = deployment;
        log(`deployed launchpad at ${deployment.contracts.launchpad} on ${c.slug}`);
      }
      return undefined;
    },
  },
  {
    name: "indexer",
    restartable: true,
    async run(ctx, restart) {
      const [home, ...more] = ctx.chains;
      if (!home?.rpcUrl) throw new Error("the indexer needs the anvil step first");
      const schema = process.env.INDEXER_SCHEMA ?? "indexer";
      // anvil starts from genesis on every run, so the index of the previous run describes another chain. A restart
      // within the run resumes from the index it left.
      const fresh = restart === 0;
      log(
        `starting the indexer (Ponder, schema "${schema}", ${fresh ? "fresh" : "resuming"} for ${ctx.chains.map((c) => c.slug).join(", ")})`,
      );
      const started = Date.now();
      const indexer = await startIndexer({
        rpcUrl: home.rpcUrl,
        chainSlug: home.slug,
        moreChains: more.map((c) => ({ slug: c.slug, rpcUrl: c.rpcUrl ?? "" })),
        schema,
        fresh,
        forgetCachedChain: fresh,
        databaseUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
        port: Number(process.env.INDEXER_PORT ?? 42069),
      });
      try {
        await indexer.waitForReady();
      } catch (error) {
        await indexer.stop(); // not yet a Service of the stack, so nothing else would stop it
        throw error;
      }
      log(`indexer ready in ${Date.now() - started} ms (status at ${indexer.url}/status)`);
      return {
        name: "indexer",
        stop: indexer.stop,
        exited: indexer.exited.then((code) => (code === null ? "killed by a signal" : `code ${code}`)),
      };
    },
  },
  {
    name: "api",
    restartable: true,
    async run(ctx) {
      const port = Number(process.env.PORT ?? 3000);
      log(`starting the API on port ${port}`);
      const api = spawnService("api", process.execPath, ["--import", "tsx", join(root, "api", "server.ts")], {
        ...chainEnv(ctx),
        PORT: String(port),
      });
      await waitForHttp(`http://127.0.0.1:${port}/health`, api.exited, 30_000);
      log(`API ready at http://127.0.0.1:${port}/functions/v1 (docs at http://127.0.0.1:${port}/docs)`);
      return api;
    },
  },
  {
    name: "worker",
    restartable: true,
    async run(ctx) {
      log("starting the worker (BullMQ on Redis)");
      const worker = spawnService(
        "worker",
        process.execPath,
        ["--import", "tsx", join(root, "worker", "index.ts")],
        chainEnv(ctx),
      );
      // Quotes wait on the worker: the stack is ready once it executes and quotes.
      try {
        await worker.printed(/ready on queue/, 60_000);
      } catch (error) {
        await worker.stop();
        throw error;
      }
      return worker;
    },
  },
  {
    name: "relayer",
    restartable: true,
    // The local stand-in for LayerZero's DVNs and executor (relayer/), between the local chains.
    async run(ctx) {
      if (ctx.chains.length < 2) return undefined;
      log("starting the LayerZero relayer (a local stand-in for LayerZero's DVNs and executor)");
      const relayer = spawnService(
        "relayer",
        process.execPath,
        ["--import", "tsx", join(root, "relayer", "main.ts")],
        chainEnv(ctx),
      );
      try {
        await relayer.printed(/relaying between/, 30_000);
      } catch (error) {
        await relayer.stop();
        throw error;
      }
      return relayer;
    },
  },
  {
    name: "demo",
    async run(ctx) {
      if (!process.argv.includes("--demo") && process.env.DEMO_SEED !== "1") return undefined;
      const home = ctx.chains[0];
      if (!home?.rpcUrl || !home.deployment) throw new Error("the demo needs the deploy step first");
      const apiUrl = `http://127.0.0.1:${Number(process.env.PORT ?? 3000)}`;
      log("seeding the demo (scripts/seed-demo.ts) through the API");
      const result = await seedDemo({
        call: httpTransport(apiUrl),
        rpcUrl: home.rpcUrl,
        deployment: home.deployment,
        ...(process.env.AUTH_JWT_SECRET ? { jwtSecret: process.env.AUTH_JWT_SECRET } : {}),
      });
      printDemo(result, apiUrl);
      return undefined;
    },
  },
];

/** Spawns a long-running child whose output is prefixed with its name; stop() sends SIGTERM, then SIGKILL. */
function spawnService(
  name: string,
  bin: string,
  args: string[],
  env: Record<string, string>,
): Service & { printed(line: RegExp, timeoutMs: number): Promise<void> } {
  const child = spawn(bin, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
  const seen: string[] = [];
  const waiting = new Set<() => void>();
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      for (const line of chunk.split("\n")) {
        if (!line.trim()) continue;
        console.log(humanLine(name, line));
        seen.push(line);
        for (const check of waiting) check();
      }
    });
  }
  const exited = new Promise<string>((done) => child.once("exit", (code, signal) => done(signal ?? `code ${code}`)));
  return {
    name,
    exited,
    /** Resolves once the service has printed a line matching `line`; fails if it exits first or time runs out. */
    printed: (line, timeoutMs) =>
      new Promise<void>((done, fail) => {
        const timer = setTimeout(() => fail(new Error(`${name} printed no ${line} within ${timeoutMs} ms`)), timeoutMs);
        const check = () => {
          if (!seen.some((l) => line.test(l))) return;
          waiting.delete(check);
          clearTimeout(timer);
          done();
        };
        waiting.add(check);
        check();
        void exited.then(() => {
          waiting.delete(check);
          clearTimeout(timer);
          fail(new Error(`${name} exited before it printed ${line}`));
        });
      }),
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * A child's output line for a person at the terminal: the API, worker and relayer write JSON lines (core/log.ts),
 * shown here as `[name] message (request …, intent …)`, with an error's message; other lines as they are.
 */
function humanLine(name: string, line: string): string {
  let entry: { msg?: unknown; level?: unknown; requestId?: unknown; intentId?: unknown; err?: { message?: unknown } };
  try {
    entry = JSON.parse(line);
  } catch {
    return line.startsWith(`[${name}]`) ? line : `[${name}] ${line}`;
  }
  if (typeof entry !== "object" || entry === null || typeof entry.msg !== "string") return `[${name}] ${line}`;
  const context = [
    entry.requestId ? `request ${entry.requestId}` : "",
    entry.intentId ? `intent ${entry.intentId}` : "",
  ].filter(Boolean);
  const level = typeof entry.level === "number" && entry.level >= 50 ? "ERROR " : "";
  const error = entry.err?.message ? `: ${entry.err.message}` : "";
  return `[${name}] ${level}${entry.msg}${error}${context.length > 0 ? ` (${context.join(", ")})` : ""}`;
}

/** Resolves once `url` answers 200; fails if the process exits first or the time runs out. */
async function waitForHttp(url: string, exited: Promise<unknown>, timeoutMs: number): Promise<void> {
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`exited before ${url} answered`);
    const ok = await fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function main() {
  const env = z
    .object({
      ANVIL_PORT: z.coerce.number().int().min(1).max(65535).default(8545),
      CHAIN_ID: z.coerce.number().int().positive().optional(),
      CHAINS: z.string().optional(),
      ANVIL_FORK_URL: z.url().optional(),
      ANVIL_FORK_BLOCK: z.coerce.number().int().nonnegative().optional(),
    })
    .safeParse(process.env);
  if (!env.success) {
    const problems = env.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const ctx: DevContext = { chains: devChains(env.data) };
  const services: Service[] = [];
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string, code: number) => {
    stopping ??= (async () => {
      log(`${reason}; shutting down`);
      // First of all, before any is stopped: a child that ends of the same Ctrl-C is not started again.
      for (const service of services) service.halt?.();
      for (const service of [...services].reverse()) {
        try {
          await service.stop();
          log(`stopped ${service.name}`);
        } catch (error) {
          console.error(`[dev] stopping ${service.name} failed: ${errorMessage(error)}`);
        }
      }
      process.exit(code);
    })();
    return stopping;
  };
  // `on`, not `once`: a Ctrl-C reaches this process twice (from the terminal, and relayed by the tsx CLI that runs it),
  // and a second signal left to Node's default would end it halfway through the shutdown, leaving anvil running.
  process.on("SIGINT", () => void shutdown("SIGINT", 0));
  process.on("SIGTERM", () => void shutdown("SIGTERM", 0));

  for (const step of steps) {
    if (stopping) return;
    let service: Service | undefined;
    try {
      service = await step.run(ctx, 0);
    } catch (error) {
      console.error(`[dev] ${step.name} failed: ${errorMessage(error)}`);
      await shutdown(`${step.name} failed`, 1);
      return;
    }
    if (!service) continue;
    if (step.restartable) {
      // Started again with backoff when it ends on its own: a crash of one process does not end the stack.
      const first = service;
      const supervisor = await supervise({
        name: service.name,
        start: async (restart) => {
          if (restart === 0) return first;
          const again = await step.run(ctx, restart);
          if (!again) throw new Error(`${step.name} started nothing`);
          return again;
        },
        log,
      });
      services.push({
        name: service.name,
        stop: supervisor.stop,
        halt: supervisor.halt,
        exited: new Promise(() => undefined),
      });
      continue;
    }
    services.push(service);
    const name = service.name;
    void service.exited.then((how) => {
      if (!stopping) void shutdown(`${name} exited unexpectedly (${how ?? "no exit code"})`, 1);
    });
  }
  log("ready (a process that ends on its own is started again; Ctrl-C stops the stack)");
}

/**
 * The local chains to run: CHAINS, else the one chain of CHAIN_ID, else base-sepolia and bnb-testnet (in fork mode,
 * base-sepolia alone).
 */
function devChains(env: {
  ANVIL_PORT: number;
  CHAIN_ID?: number | undefined;
  CHAINS?: string | undefined;
  ANVIL_FORK_URL?: string | undefined;
  ANVIL_FORK_BLOCK?: number | undefined;
}): DevChain[] {
  const evm = Object.values(chainBySlug).filter((c) => c.kind === "evm");
  let slugs: string[];
  if (env.CHAINS !== undefined) {
    slugs = env.CHAINS.split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  } else if (env.CHAIN_ID !== undefined) {
    const chain = evm.find((c) => c.chainId === env.CHAIN_ID);
    if (!chain) {
      throw new Error(
        `CHAIN_ID ${env.CHAIN_ID} is not the chain id of any chain slug, so the deployment has no name. Use one of: ${evm.map((c) => `${c.chainId} (${c.slug})`).join(", ")}.`,
      );
    }
    slugs = [chain.slug];
  } else {
    slugs = env.ANVIL_FORK_URL ? ["base-sepolia"] : ["base-sepolia", "bnb-testnet"];
  }
  if (slugs.length === 0) throw new Error("CHAINS is empty: name at least one chain slug.");
  if (env.ANVIL_FORK_URL && slugs.length > 1) {
    throw new Error(
      `ANVIL_FORK_URL runs one chain as a fork, but CHAINS names ${slugs.length}: a fork talks to LayerZero's published endpoint, which the local relayer cannot deliver to. Set CHAINS to the forked network's slug.`,
    );
  }
  return slugs.map((slug, i) => {
    const chain = getChain(slug);
    if (chain.kind !== "evm") {
      throw new Error(`CHAINS names ${slug}, which is not an EVM chain: it cannot run on a local anvil.`);
    }
    const fork = env.ANVIL_FORK_URL ? { url: env.ANVIL_FORK_URL, block: env.ANVIL_FORK_BLOCK } : undefined;
    return { slug: chain.slug, chainId: chain.chainId, port: env.ANVIL_PORT + i, ...(fork ? { fork } : {}) };
  });
}

/** Runs a command to completion, prefixing its output, and fails with its exit code. */
function runCommand(name: string, bin: string, args: string[]): Promise<void> {
  if (!existsSync(bin)) return Promise.reject(new Error(`${bin} is missing. Run \`npm ci\` first.`));
  return new Promise((done, fail) => {
    const child = spawn(bin, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"] });
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        for (const line of chunk.split("\n")) if (line.trim()) console.log(`[${name}] ${line}`);
      });
    }
    child.once("error", fail);
    child.once("exit", (code, signal) => {
      if (code === 0) done();
      else fail(new Error(`${name} ${args.join(" ")} exited with ${signal ?? `code ${code}`}`));
    });
  });
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

main().catch((error: unknown) => {
  console.error(`[dev] ${errorMessage(error)}`);
  process.exit(1);
});
