import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { type ChainSlug, chainBySlug } from "../core/chains.js";
import type { Deployment } from "../core/deployment.js";
import { startAnvil } from "./anvil.js";
import { approvalsFromEnv, deploy } from "./deploy.js";
import { DEFAULT_DATABASE_URL, startIndexer } from "./indexer.js";
import { httpTransport, printDemo, seedDemo } from "./seed-demo.js";

/**
 * `npm start`: the local stack. Builds the contracts, starts anvil, deploys, then runs until SIGINT or
 * SIGTERM and shuts everything down in reverse order.
 *
 * The stack is a list of steps run in order. A step that leaves something running returns a Service;
 * the indexer, API and worker join the list the same way (a child process wrapped as a Service).
 *
 * Environment: ANVIL_PORT (default 8545), CHAIN_ID (default 84532, which is base-sepolia; the chain id
 * picks the slug the deployment is written under), DATABASE_URL, INDEXER_SCHEMA (default "indexer"),
 * INDEXER_PORT (Ponder's status server, default 42069).
 *
 * `npm start -- --demo` (or DEMO_SEED=1) seeds the demo (scripts/seed-demo.ts) through the API once it is up.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Service = {
  name: string;
  stop(): Promise<void>;
  /** Settles when the service ends on its own; the stack then shuts down. */
  exited: Promise<void>;
};

type DevContext = {
  anvilPort: number;
  chainId: number;
  chainSlug: ChainSlug;
  rpcUrl?: string;
  deployment?: Deployment;
};

type Step = { name: string; run(ctx: DevContext): Promise<Service | undefined> };

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
      await runCommand("forge", join(root, "node_modules", ".bin", "forge"), ["build", "contracts/src"]);
      return undefined;
    },
  },
  {
    name: "anvil",
    async run(ctx) {
      const anvil = await startAnvil({ port: ctx.anvilPort, chainId: ctx.chainId });
      ctx.rpcUrl = anvil.rpcUrl;
      log(`anvil up at ${anvil.rpcUrl} (chain id ${anvil.chainId}, ${ctx.chainSlug})`);
      return { name: "anvil", stop: anvil.stop, exited: anvil.exited };
    },
  },
  {
    name: "deploy",
    async run(ctx) {
      if (!ctx.rpcUrl) throw new Error("deploy needs the anvil step first");
      const deployment = await deploy({
        rpcUrl: ctx.rpcUrl,
        chainSlug: ctx.chainSlug,
        approvals: approvalsFromEnv(),
        log: (msg) => console.log(`[deploy] ${msg}`),
      });
      ctx.deployment = deployment;
      log(`deployed launchpad at ${deployment.contracts.launchpad}`);
      return undefined;
    },
  },
  {
    name: "indexer",
    async run(ctx) {
      if (!ctx.rpcUrl) throw new Error("the indexer needs the anvil step first");
      const schema = process.env.INDEXER_SCHEMA ?? "indexer";
      // anvil starts from genesis on every run, so the index of the previous run describes another chain.
      log(`starting the indexer (Ponder, schema "${schema}", fresh for this chain)`);
      const started = Date.now();
      const indexer = await startIndexer({
        rpcUrl: ctx.rpcUrl,
        chainSlug: ctx.chainSlug,
        schema,
        fresh: true,
        forgetCachedChain: true,
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
        exited: indexer.exited.then(() => undefined),
      };
    },
  },
  {
    name: "api",
    async run(ctx) {
      if (!ctx.rpcUrl) throw new Error("the API needs the anvil step first");
      const port = Number(process.env.PORT ?? 3000);
      log(`starting the API on port ${port}`);
      const api = spawnService("api", process.execPath, ["--import", "tsx", join(root, "api", "server.ts")], {
        RPC_URL: ctx.rpcUrl,
        CHAIN_SLUG: ctx.chainSlug,
        PORT: String(port),
      });
      await waitForHttp(`http://127.0.0.1:${port}/health`, api.exited, 30_000);
      log(`API ready at http://127.0.0.1:${port}/functions/v1 (docs at http://127.0.0.1:${port}/docs)`);
      return api;
    },
  },
  {
    name: "worker",
    async run(ctx) {
      if (!ctx.rpcUrl) throw new Error("the worker needs the anvil step first");
      log("starting the worker (BullMQ on Redis)");
      const worker = spawnService("worker", process.execPath, ["--import", "tsx", join(root, "worker", "index.ts")], {
        RPC_URL: ctx.rpcUrl,
        CHAIN_SLUG: ctx.chainSlug,
      });
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
    name: "demo",
    async run(ctx) {
      if (!process.argv.includes("--demo") && process.env.DEMO_SEED !== "1") return undefined;
      if (!ctx.rpcUrl || !ctx.deployment) throw new Error("the demo needs the deploy step first");
      const apiUrl = `http://127.0.0.1:${Number(process.env.PORT ?? 3000)}`;
      log("seeding the demo (scripts/seed-demo.ts) through the API");
      const result = await seedDemo({
        call: httpTransport(apiUrl),
        rpcUrl: ctx.rpcUrl,
        deployment: ctx.deployment,
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
        console.log(line.startsWith(`[${name}]`) ? line : `[${name}] ${line}`);
        seen.push(line);
        for (const check of waiting) check();
      }
    });
  }
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
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

/** Resolves once `url` answers 200; fails if the process exits first or the time runs out. */
async function waitForHttp(url: string, exited: Promise<void>, timeoutMs: number): Promise<void> {
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
      CHAIN_ID: z.coerce.number().int().positive().default(84532),
    })
    .safeParse(process.env);
  if (!env.success) {
    const problems = env.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  const chainId = env.data.CHAIN_ID;
  const chain = Object.values(chainBySlug).find((c) => c.chainId === chainId);
  if (!chain) {
    const known = Object.values(chainBySlug)
      .filter((c) => c.kind === "evm")
      .map((c) => `${c.chainId} (${c.slug})`);
    throw new Error(
      `CHAIN_ID ${chainId} is not the chain id of any chain slug, so the deployment has no name. Use one of: ${known.join(", ")}.`,
    );
  }

  const ctx: DevContext = { anvilPort: env.data.ANVIL_PORT, chainId, chainSlug: chain.slug };
  const services: Service[] = [];
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string, code: number) => {
    stopping ??= (async () => {
      log(`${reason}; shutting down`);
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
  process.once("SIGINT", () => void shutdown("SIGINT", 0));
  process.once("SIGTERM", () => void shutdown("SIGTERM", 0));

  for (const step of steps) {
    if (stopping) return;
    let service: Service | undefined;
    try {
      service = await step.run(ctx);
    } catch (error) {
      console.error(`[dev] ${step.name} failed: ${errorMessage(error)}`);
      await shutdown(`${step.name} failed`, 1);
      return;
    }
    if (!service) continue;
    services.push(service);
    const name = service.name;
    void service.exited.then(() => {
      if (!stopping) void shutdown(`${name} exited unexpectedly`, 1);
    });
  }
  log("ready");
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
