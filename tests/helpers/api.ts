/**
 * The API in process for tests: a fresh app schema (migrated), its own Redis key prefix, the run's shared indexer on
 * the global anvil (or an indexer of the file's own), and helpers to call endpoints and mint JWTs.
 */
import { rmSync } from "node:fs";
import { SignJWT } from "jose";
import { inject } from "vitest";
import { createApp } from "../../api/app.js";
import { apiConfigFromEnv, DEV_JWT_SECRET } from "../../api/config.js";
import { createApiDeps } from "../../api/create-deps.js";
import type { ApiConfig, ApiDeps } from "../../api/deps.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL, dropSchema, startIndexer } from "../../scripts/indexer.js";
import { startQuoteRefresher } from "../../worker/quote-refresher.js";
import { type Chain, chain, chainAt, globalRpcUrl, sharedIndexerOf } from "./chain.js";
import { createDatabase } from "./indexer/fixtures.js";
import { deploymentsDirFor } from "./worker.js";

const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
let seq = 0;
const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${seq++}`;

/**
 * One Postgres database per test file (vitest runs each file in its own process), shared by that file's indexers
 * and APIs: Ponder's raw-chain cache is database-wide and keyed by chain id only, and every anvil is chain 84532,
 * so files must not share one (see createDatabase). Dropped when the last user of it closes.
 */
let fileDatabase: ReturnType<typeof createDatabase> | undefined;
let users = 0;
async function acquireDatabase(): Promise<string> {
  users++;
  fileDatabase ??= createDatabase(`f${Date.now().toString(36)}`, adminUrl);
  return (await fileDatabase).url;
}
async function releaseDatabase() {
  users--;
  if (users > 0 || !fileDatabase) return;
  const db = await fileDatabase;
  fileDatabase = undefined;
  await db.drop();
}

/** The database of each indexer schema this file reads: its APIs and workers must use the same one. */
const databaseOf = new Map<string, string>();

/**
 * An indexer for a test file. On the global anvil alone it is the run's shared indexer (tests/setup/global.ts), already
 * following the chain: `close` only lets go of it, and `pid` is for signals (SIGSTOP, SIGCONT) that the test undoes.
 * With `own`, on another chain (`c`, a side chain) or with `more` chains beside it, it is an indexer of the file's
 * own in a fresh schema, which `close` stops and drops. Resolves once it is ready.
 */
export async function startTestIndexer(c: Chain = chain(), more: Chain[] = [], options: { own?: boolean } = {}) {
  const { indexer, schema, databaseUrl, close } =
    !options.own && more.length === 0 && c.rpcUrl === globalRpcUrl()
      ? { ...inject("sharedIndexer"), indexer: sharedIndexerOf(c), close: async () => {} }
      : await startOwnIndexer(c, more);
  databaseOf.set(schema, databaseUrl);
  await indexer.waitForReady();
  /** Wait until everything mined so far is indexed, on every chain. */
  const sync = async () => {
    for (const x of [c, ...more]) {
      await indexer.waitForBlock(await x.publicClient.getBlockNumber({ cacheTime: 0 }), 60_000, x.deployment.chainSlug);
    }
  };
  return { indexer, schema, sync, close, databaseUrl };
}

async function startOwnIndexer(c: Chain, more: Chain[]) {
  const databaseUrl = await acquireDatabase();
  const dir = deploymentsDirFor(c.deployment, ...more.map((x) => x.deployment));
  const schema = uniqueName("ix");
  const own = await startIndexer({
    rpcUrl: c.rpcUrl,
    chainSlug: c.deployment.chainSlug,
    moreChains: more.map((x) => ({ slug: x.deployment.chainSlug, rpcUrl: x.rpcUrl })),
    schema,
    deploymentsDir: dir,
    fresh: true,
    databaseUrl,
  });
  const close = async () => {
    await own.stop();
    await dropSchema(databaseUrl, schema);
    databaseOf.delete(schema);
    rmSync(dir, { recursive: true, force: true });
    await releaseDatabase();
  };
  const pid = own.process.pid;
  if (pid === undefined) throw new Error("the indexer has no process id");
  return { indexer: { ...own, pid }, schema, databaseUrl, close };
}

export type TestApiParameters = {
  indexerSchema: string;
  /** The chain served (default: the global anvil). */
  chain?: Chain;
  /** Further chains served beside it. */
  moreChains?: Chain[];
  config?: Partial<ApiConfig>;
  /** The worker's execute queue, for autoExecute and execute-transaction (tests/helpers/worker.ts). */
  executeQueue?: ApiDeps["executeQueue"];
  autoExecuteWaitMs?: number;
  /** Change versions and the caches behind them (db/versions.ts); default true, as in api/server.ts. */
  versions?: boolean;
  /** The event log's sequencer and stream hub (createApiDeps `events`); default on, as in api/server.ts. */
  events?: boolean;
  /**
   * The launch watcher (createApiDeps `launchWatch`): default off here, on in api/server.ts. Each file's API follows
   * the shared chain from an empty log of its own, and watching would make every launch report of the chain's
   * history again in every file (the suite took 28 minutes instead of 13). The files about labels turn it on.
   */
  launchWatch?: boolean;
  /**
   * Quotes (api/services/quotes.ts): by default a quote cache client and the worker's hot-quote refresh in this
   * process under a prefix of the API's own; `{ prefix }` a client only, on the cache of a worker process with that
   * QUEUE_PREFIX; false: none (graduated quotes are then made on every request).
   */
  quotes?: false | { prefix: string };
};

export async function createTestApi(p: TestApiParameters) {
  const c = p.chain ?? chain();
  // Beside the indexer schema it reads, in that indexer's database.
  const indexerDatabase = databaseOf.get(p.indexerSchema);
  const databaseUrl = indexerDatabase ?? (await acquireDatabase());
  const appSchema = uniqueName("app");
  // Custodial wallets of this API's own: with the development secret, wallet index 0 of every file's fresh app
  // schema would be the same address on the shared chain, holding what other files bought.
  const config: ApiConfig = {
    ...apiConfigFromEnv({}),
    appSchema,
    indexerSchema: p.indexerSchema,
    walletSecret: `${uniqueName("wallets")}-test-secret`,
    ...p.config,
  };
  const chains = new Map(
    [c, ...(p.moreChains ?? [])].map((x) => [x.deployment.chainSlug, { deployment: x.deployment, rpcUrl: x.rpcUrl }]),
  );
  const quotePrefix = p.quotes ? p.quotes.prefix : `${uniqueName("aq")}-`;
  const { deps, close: closeDeps } = await createApiDeps({
    databaseUrl,
    redisUrl,
    config,
    chains,
    pool: { max: 10 },
    redisKeyPrefix: `${uniqueName("test")}:`,
    chainHeadPollMs: 200,
    versions: p.versions === false ? false : { pollMs: 100 },
    ...(p.events === false ? { events: false as const } : {}),
    launchWatch: p.launchWatch === true,
    executeQueue: p.executeQueue ?? false,
    quotes: p.quotes === false ? false : { prefix: quotePrefix },
    ...(p.autoExecuteWaitMs !== undefined ? { autoExecuteWaitMs: p.autoExecuteWaitMs } : {}),
  });
  const { versions } = deps;
  const quoteWorker =
    p.quotes === undefined
      ? await startQuoteRefresher({
          db: deps.db,
          databaseUrl,
          redisUrl,
          appSchema,
          indexerSchema: p.indexerSchema,
          chains,
          prefix: quotePrefix,
        })
      : undefined;
  const app = createApp(deps);

  /** Sign an HS256 JWT like the local identity provider would (exp in 1 h unless given). */
  const jwt = async (sub: string | undefined, claims: Record<string, unknown> = {}) => {
    let builder = new SignJWT({ ...claims }).setProtectedHeader({ alg: "HS256" }).setIssuedAt();
    if (sub !== undefined) builder = builder.setSubject(sub);
    if (!("exp" in claims)) builder = builder.setExpirationTime("1h");
    return builder.sign(new TextEncoder().encode(config.jwtSecret ?? DEV_JWT_SECRET));
  };

  /**
   * POST a JSON body to /functions/v1/<name>; returns status and parsed body. First every change notification
   * committed so far is applied, as it would be by the time a remote client's next request arrives.
   */
  const post = async (name: string, body: unknown, token?: string) => {
    await versions?.settled();
    const res = await app.request(`/functions/v1/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return {
      status: res.status,
      headers: res.headers,
      body: (await res.json()) as Record<string, unknown> & { success: boolean; error?: string },
    };
  };

  const close = async () => {
    await quoteWorker?.close();
    await closeDeps();
    await dropSchema(databaseUrl, appSchema);
    if (!indexerDatabase) await releaseDatabase();
  };
  return { app, deps, config, appSchema, databaseUrl, jwt, post, close };
}

/**
 * An anvil of a test file's own, with the contracts deployed, an indexer and the API in process on it: for tests
 * that move the chain's clock or reorg it, which the shared chain must not see.
 */
export async function startSideStack(name: string, options: { launchWatch?: boolean } = {}) {
  const anvil = await startAnvil({ port: 0 });
  try {
    const deployment = await deploy({
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      write: false,
      launchFee: false,
    });
    const c = chainAt(anvil.rpcUrl, deployment);
    const indexer = await startTestIndexer(c);
    const api = await createTestApi({ indexerSchema: indexer.schema, chain: c, launchWatch: options.launchWatch });
    const jwt = await api.jwt(name);
    const close = async () => {
      await api.close();
      await indexer.close();
      await anvil.stop();
    };
    return { c, indexer, api, jwt, close };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
