/**
 * Runs the Ponder indexer (indexer/, ponder.config.ts) as a child process, for the run command, the tests and the
 * benchmarks alike.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";
import { getChain } from "../core/chains.js";
import { DEFAULT_DATABASE_URL } from "../core/env.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ponderBin = join(root, "node_modules", "ponder", "dist", "esm", "bin", "ponder.js");

export { DEFAULT_DATABASE_URL };

export type StartIndexerParameters = {
  /** JSON-RPC URL of the chain to index. */
  rpcUrl: string;
  /** The chain's slug; deployments/<slug>.json must exist (default base-sepolia). */
  chainSlug?: string;
  /**
   * Further chains to index beside chainSlug (one Ponder for all), each with its RPC URL; deployments/<slug>.json
   * must exist for each.
   */
  moreChains?: { slug: string; rpcUrl: string }[];
  /** Postgres schema the indexer writes (Ponder's `--schema`). */
  schema: string;
  databaseUrl?: string;
  /** Port of Ponder's HTTP server (/ready, /status); 0 picks a free one (default). */
  port?: number;
  /** Folder holding deployments/<slug>.json (default: the repository's deployments/). */
  deploymentsDir?: string;
  /** Drop the schema first. */
  fresh?: boolean;
  /**
   * Forget the raw chain data Ponder cached for this chain id in this database first: its `ponder_sync` schema is
   * shared by every schema of the database and keyed by chain id and block number only, so a local chain that
   * restarted from genesis (same id, same block numbers, other blocks) would read the old chain's blocks. Only for
   * a database no other indexer of this chain id is using.
   */
  forgetCachedChain?: boolean;
  /** Receives Ponder's output lines; without it Ponder logs only warnings and errors to stderr. */
  log?: (line: string) => void;
  /** Ponder's log level (default: info with a log function, warn without). */
  logLevel?: "silent" | "error" | "warn" | "info" | "debug";
  /** Further environment for the Ponder process. */
  env?: Record<string, string>;
};

/** What can be asked of a running indexer over its HTTP server: the tests' shared indexer is only this. */
export type IndexerStatus = {
  /** Base URL of Ponder's HTTP server. */
  url: string;
  schema: string;
  /** Resolve once /ready answers 200 (backfill done). */
  waitForReady(timeoutMs?: number): Promise<void>;
  /** Resolve once the indexer has processed block `number` (or later) of `slug` (default chainSlug). */
  waitForBlock(number: bigint | number, timeoutMs?: number, slug?: string): Promise<void>;
  /** The last block the indexer has processed of `slug` (default chainSlug); rejects when /status fails. */
  indexedBlock(slug?: string): Promise<bigint | undefined>;
};

export type StartIndexerReturnType = IndexerStatus & {
  process: ChildProcess;
  /** Ponder's last output lines (at most 40), oldest first. */
  lastOutput(): string[];
  /** Stop gracefully (SIGTERM), then SIGKILL after a grace period. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would. */
  kill(): Promise<void>;
  /** Settles with the exit code when Ponder ends. */
  exited: Promise<number | null>;
};

export async function startIndexer(p: StartIndexerParameters): Promise<StartIndexerReturnType> {
  const databaseUrl = p.databaseUrl ?? DEFAULT_DATABASE_URL;
  const chainSlug = p.chainSlug ?? "base-sepolia";
  if (!/^[a-z_][a-z0-9_]*$/.test(p.schema)) throw new Error(`Invalid schema name ${p.schema}: use [a-z0-9_].`);
  if (p.fresh) await dropSchema(databaseUrl, p.schema);
  const more = p.moreChains ?? [];
  if (p.forgetCachedChain) {
    for (const slug of [chainSlug, ...more.map((c) => c.slug)]) {
      const chainId = getChain(slug).chainId;
      if (chainId !== null) await forgetChainData(databaseUrl, chainId);
    }
  }
  const port = p.port || (await freePort());
  const url = `http://127.0.0.1:${port}`;

  // INDEXER_CPU_PROF=<dir>: Ponder writes a V8 CPU profile there when it stops (for the benchmarks).
  const profile = process.env.INDEXER_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${resolve(process.env.INDEXER_CPU_PROF)}`]
    : [];
  const child = spawn(
    process.execPath,
    [
      "--no-deprecation",
      ...profile,
      ponderBin,
      "start",
      "--root",
      "indexer",
      "--schema",
      p.schema,
      "--port",
      String(port),
    ],
    {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        PONDER_TELEMETRY_DISABLED: "true",
        NO_COLOR: "1",
        // Ponder takes PORT from the environment over --port: the API's PORT must not move the status server.
        PORT: String(port),
        PONDER_LOG_LEVEL: p.logLevel ?? (p.log ? "info" : "warn"),
        RPC_URL: p.rpcUrl,
        CHAIN_SLUG: chainSlug,
        INDEXER_CHAINS: [chainSlug, ...more.map((c) => c.slug)].join(","),
        ...Object.fromEntries(more.map((c) => [`RPC_URL_${c.slug.toUpperCase().replace(/-/g, "_")}`, c.rpcUrl])),
        ...(p.deploymentsDir ? { DEPLOYMENTS_DIR: resolve(p.deploymentsDir) } : {}),
        ...p.env,
      },
    },
  );
  const tail: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    // A line can arrive split across chunks: keep the unfinished tail until its newline comes.
    let partial = "";
    stream?.on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      for (const raw of parts) {
        // Ponder colours its output when CI is set (picocolors), even into a pipe: keep lines plain to parse.
        const line = stripVTControlCharacters(raw);
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        if (p.log) p.log(line);
        else if (stream === child.stderr) process.stderr.write(`[indexer] ${line}\n`);
      }
    });
  }
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((done) => {
    child.once("exit", (code) => {
      exitCode = code;
      done(code);
    });
  });

  const status = indexerStatus({
    url,
    schema: p.schema,
    chainSlug,
    failure: () => (exitCode !== undefined ? `exited (code ${exitCode})` : undefined),
    lastOutput: () => tail.slice(-15),
  });

  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (exitCode !== undefined) return;
    child.kill(sig);
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    await exited;
    clearTimeout(timer);
  };

  return {
    ...status,
    process: child,
    lastOutput: () => [...tail],
    exited,
    stop: () => signal("SIGTERM", 10_000),
    kill: () => signal("SIGKILL", 0),
  };
}

/**
 * The status of an indexer at `url` (Ponder's /ready and /status). `failure` says why waiting is pointless (the
 * process exited); `lastOutput` is quoted in errors.
 */
export function indexerStatus(p: {
  url: string;
  schema: string;
  chainSlug: string;
  failure?: () => string | undefined;
  lastOutput?: () => string[];
}): IndexerStatus {
  const fail = (what: string) => {
    const tail = p.lastOutput?.() ?? [];
    return new Error(`Indexer ${what}.${tail.length ? `\nLast output:\n  ${tail.join("\n  ")}` : ""}`);
  };

  /**
   * Probe until it gives a value. `probe` may name what it saw (`seen`), and a timeout says the last of it, or the
   * probe's last error, so that a wait that fails says where the indexer was.
   */
  async function poll<T>(
    what: string,
    timeoutMs: number,
    probe: (seen: (text: string) => void) => Promise<T | undefined>,
  ): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    let last = "nothing";
    const seen = (text: string) => {
      last = text;
    };
    for (;;) {
      const failure = p.failure?.();
      if (failure) throw fail(`${failure} while waiting for ${what}`);
      const value = await probe(seen).catch((error: unknown) => {
        last = `an error: ${error instanceof Error ? error.message : String(error)}`;
        return undefined;
      });
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw fail(`did not reach ${what} within ${timeoutMs} ms (last seen: ${last})`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  const indexedBlock = async (slug = p.chainSlug): Promise<bigint | undefined> => {
    const res = await fetch(`${p.url}/status`);
    if (!res.ok) throw new Error(`/status answered ${res.status}`);
    const status = (await res.json()) as Record<string, { block?: { number?: number } }>;
    const n = status[slug]?.block?.number;
    return n === undefined ? undefined : BigInt(n);
  };

  return {
    url: p.url,
    schema: p.schema,
    indexedBlock,
    async waitForReady(timeoutMs = 120_000) {
      await poll("ready", timeoutMs, async () => ((await fetch(`${p.url}/ready`)).status === 200 ? true : undefined));
    },
    async waitForBlock(number, timeoutMs = 60_000, slug = p.chainSlug) {
      await poll(`block ${number} of ${slug}`, timeoutMs, async (seen) => {
        const n = await indexedBlock(slug);
        seen(n === undefined ? "no block in /status" : `block ${n}`);
        return n !== undefined && n >= BigInt(number) ? n : undefined;
      });
    },
  };
}

/** Delete every row Ponder's shared sync cache (`ponder_sync`) holds for `chainId`. */
export async function forgetChainData(databaseUrl: string, chainId: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'ponder_sync' AND column_name = 'chain_id'`,
    );
    for (const { table_name } of rows) {
      await client.query(`DELETE FROM ponder_sync."${table_name}" WHERE chain_id = $1`, [chainId]);
    }
  } finally {
    await client.end();
  }
}

/** Drop a Postgres schema and everything in it. */
export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A TCP port free on 127.0.0.1 now. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}
