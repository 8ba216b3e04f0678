/**
 * The environment, parsed once with zod at start: one schema for every process (API, MCP, worker, deploy and the run
 * command). Every default is a local-development default (anvil, local Postgres and Redis); production sets each
 * variable explicitly. A bad value fails start-up with the variable's name. Processes derive their own configuration
 * from the parsed `Env` (api/config.ts, api/mcp/config.ts, worker/config.ts); none reads process.env itself.
 */
import { z } from "zod";
import { type Deployment, readDeployment } from "./deployment.js";
import { DEV_WALLET_SECRET } from "./wallets.js";
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, parseDurations } from "./webhooks.js";

/** The local Postgres every command uses unless DATABASE_URL says otherwise. */
export const DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

/** anvil's well-known account 0. A documented local-development default, never a real key. */
export const ANVIL_DEV_PRIVATE_KEY = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const;

const hex32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be 0x followed by 64 hex characters");
const pgName = z.string().regex(/^[a-z_][a-z0-9_]*$/, "must be a lower-case Postgres identifier");
const positiveInt = z.coerce.number().int().positive();
/** Whole USD (at most 6 places), or "off". */
const usdOrOff = z
  .string()
  .regex(/^(off|\d+(\.\d{1,6})?)$/, 'must be a USD amount or "off"')
  .optional();
const port = z.coerce.number().int().min(1).max(65535);

/** A comma-separated list: its non-empty entries, trimmed. */
export function listOf(s: string | undefined): string[] {
  return (s ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
}
const evmAddress = /^0x[0-9a-fA-F]{40}$/;

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),

  // Chains and stores.
  /** The chain this process serves by default (a ChainSlug), and the home chain of new tokens. */
  CHAIN_SLUG: z.string().default("base-sepolia"),
  /**
   * Comma-separated chain slugs the service runs on (API, worker, indexer and relayer alike, unless API_CHAINS,
   * WORKER_CHAINS, INDEXER_CHAINS or RELAYER_CHAINS says otherwise); default CHAIN_SLUG.
   */
  CHAINS: z.string().optional(),
  /** JSON-RPC endpoint of CHAIN_SLUG. RPC_URL_<SLUG> (upper case, dashes as underscores) adds further chains. */
  RPC_URL: z.string().url().default("http://127.0.0.1:8545"),
  /**
   * Indexer only, optional: a WebSocket JSON-RPC endpoint of CHAIN_SLUG (WS_URL_<SLUG> for further chains). With it
   * Ponder learns of new blocks from eth_subscribe("newHeads") instead of polling every 100 ms (local) or 1 s.
   */
  WS_URL: z.string().url().optional(),
  /** Local anvil: port and chain id used by the run command and the tests. */
  ANVIL_PORT: port.default(8545),
  CHAIN_ID: positiveInt.default(84532),
  DATABASE_URL: z.string().default(DEFAULT_DATABASE_URL),
  REDIS_URL: z.string().default("redis://127.0.0.1:6379"),
  /** Postgres schema of the app tables (migrations in db/). */
  APP_SCHEMA: pgName.default("app"),
  /** Postgres schema the indexer writes. */
  INDEXER_SCHEMA: pgName.default("indexer"),
  /** Deployer of local contracts. Defaults to anvil's account 0; required on real networks. */
  DEPLOYER_PRIVATE_KEY: hex32.default(ANVIL_DEV_PRIVATE_KEY),
  /** Server secret the custodial wallets are derived from (API and worker); required in production. */
  WALLET_SECRET: z.string().min(16).optional(),

  // API.
  PORT: port.default(3000),
  HOST: z.string().default("127.0.0.1"),
  /** Comma-separated chain slugs the API serves; default CHAINS. */
  API_CHAINS: z.string().optional(),
  AUTH_JWT_SECRET: z.string().min(32).optional(),
  AUTH_JWKS_URL: z.string().url().optional(),
  AUTH_JWT_ISSUER: z.string().optional(),
  AUTH_JWT_AUDIENCE: z.string().optional(),
  AUTH_JWT_ALGORITHMS: z.string().default("RS256"),
  RATE_LIMIT_PER_MINUTE: positiveInt.default(300),
  BODY_LIMIT_BYTES: positiveInt.default(8 * 1024 * 1024),
  /**
   * Longest a Postgres statement of the API's pool may run, ms; Postgres cancels a longer one and the request
   * answers 503. Migrations, the change listener and the worker have connections of their own, without it.
   */
  DB_STATEMENT_TIMEOUT_MS: positiveInt.default(2000),
  PUBLIC_URL: z.string().url().default("http://127.0.0.1:3000"),
  /**
   * Proxies whose X-Forwarded-For is believed (REST and MCP rate limits): empty for none, a hop count, or a
   * comma-separated list of addresses and CIDR blocks ("loopback" for 127.0.0.0/8 and ::1). api/client-address.ts.
   */
  TRUST_PROXY: z.string().default(""),
  SOCIAL_POSTS_PER_MINUTE: positiveInt.default(20),
  SOCIAL_VOTES_PER_MINUTE: positiveInt.default(120),
  SOCIAL_MAX_CONTENT_LENGTH: positiveInt.default(5000),
  IPFS_PINNING_URL: z.string().url().optional(),
  IPFS_PINNING_JWT: z.string().optional(),

  // MCP (api/mcp/config.ts).
  MCP_RATE_LIMIT_ANONYMOUS: positiveInt.default(10),
  MCP_RATE_LIMIT_AUTHENTICATED: positiveInt.default(100),
  MCP_RATE_LIMIT_PREMIUM: positiveInt.default(1000),
  MCP_RATE_WINDOW_MS: positiveInt.default(60_000),
  // The spending policy of every execution from a custodial wallet, REST and MCP alike (core/spend.ts,
  // api/config.ts); the MCP_ names are kept from when only MCP tools were capped.
  /** Daily cap of a credential without one of its own; whole USD (at most 6 places) or "off"; default 1000. */
  MCP_DAILY_SPEND_CAP_USD: usdOrOff,
  /** Daily cap of a user across all its credentials (core/spend.ts); whole USD or "off"; default 1000. */
  USER_DAILY_SPEND_CAP_USD: usdOrOff,
  /** USD per whole native coin that ether value sent from a custodial wallet is counted at; default 10000. */
  NATIVE_USD_PRICE: z
    .string()
    .regex(/^\d+(\.\d{1,6})?$/, "must be a USD amount")
    .default("10000"),
  MCP_ALLOWED_DESTINATIONS: z
    .string()
    .optional()
    .refine((s) => listOf(s).every((a) => evmAddress.test(a)), "must be a comma-separated list of 0x addresses"),
  /** "true" lets calls without a credential use the read-only tools (10/min tier); off by default, as the spec says. */
  MCP_ALLOW_ANONYMOUS: z.enum(["true", "false"]).default("false"),
  MCP_AUTHORIZATION_SERVERS: z.string().optional(),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .refine((s) => listOf(s).every((o) => URL.canParse(o)), "must be a comma-separated list of origins"),

  // Indexer (indexer/lib/chains.ts).
  /** Comma-separated chain slugs the indexer indexes; default CHAINS. */
  INDEXER_CHAINS: z.string().optional(),
  /**
   * How many times a local chain's RPC URL is given to Ponder, which paces each URL from 20 requests a second
   * (indexer/lib/chains.ts ponderRpc). 1: one connection, through the transport a remote chain uses.
   */
  INDEXER_RPC_LANES: positiveInt.default(25),

  // Worker (worker/config.ts).
  /** Comma-separated chain slugs the worker executes and quotes on; default CHAINS. */
  WORKER_CHAINS: z.string().optional(),
  WORKER_CONCURRENCY: positiveInt.default(16),
  WORKER_RECONCILE_INTERVAL_MS: positiveInt.default(30_000),
  /** How often the worker's receipt tracker reads each chain's head and settles what it mined, ms. */
  WORKER_RECEIPT_POLL_MS: positiveInt.default(250),
  /**
   * How long after a broadcast an execute job looks at its transaction again, ms: the tracker has usually settled it
   * by then; if not, the job rebroadcasts it and notices a nonce another transaction took.
   */
  WORKER_RECEIPT_TIMEOUT_MS: positiveInt.default(15_000),
  /** How often the worker looks for tokens to deploy to their destination chains (worker/peers.ts), ms. */
  WORKER_PEER_INTERVAL_MS: positiveInt.default(1_000),

  // Relayer (relayer/, local only).
  /** Comma-separated chain slugs the local LayerZero relayer delivers between; default CHAINS. */
  RELAYER_CHAINS: z.string().optional(),
  /** Blocks below the head at which an executed intent is final; until then each reconcile pass checks it again. */
  WORKER_FINALITY_DEPTH: positiveInt.default(12),
  /**
   * How long an execute job's lock lasts, ms. A live worker renews it every half of this; a worker that died leaves
   * its jobs locked until it expires, and another worker takes them over within this plus 5 s.
   */
  WORKER_LOCK_MS: positiveInt.default(30_000),

  // Streams (api/streams/): WebSocket and SSE connections of one API process.
  /** Connections one API process accepts, WebSocket and SSE together. */
  STREAM_MAX_CONNECTIONS: positiveInt.default(20_000),
  /** Connections one client address (as TRUST_PROXY resolves it) may hold on one API process. */
  STREAM_MAX_CONNECTIONS_PER_ADDRESS: positiveInt.default(100),
  /**
   * Days the event log keeps an event (db/events.ts pruneEvents). A resume point older than what is kept is refused
   * (410, `since_expired`); an event the webhook dispatcher has not passed is kept whatever its age.
   */
  EVENT_RETENTION_DAYS: positiveInt.default(30),

  // Webhooks (core/webhooks.ts, core/webhook-url.ts; API and worker).
  /**
   * Development only: "true" lets webhooks go to private, loopback and link-local addresses, and over http. Off by
   * default: deliveries go to public addresses over https only, checked at registration and at every attempt.
   */
  WEBHOOK_ALLOW_PRIVATE: z.enum(["true", "false"]).default("false"),
  /** Delays between a delivery's attempts, comma-separated (ms, s, m or h); the delivery fails after the last. */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default(DEFAULT_WEBHOOK_RETRY_SCHEDULE)
    .refine((s) => (parseDurations(s)?.length ?? 0) > 0, "must be a comma-separated list of durations like 5s,5m,2h"),
  /** How long one attempt may take, from resolving the host to the response's status, ms. */
  WEBHOOK_TIMEOUT_MS: positiveInt.default(10_000),
  /** An endpoint is disabled when this many of its deliveries in a row failed after every retry. */
  WEBHOOK_DISABLE_AFTER: positiveInt.default(5),
  /** Deliveries attempted at once per worker. */
  WEBHOOK_CONCURRENCY: positiveInt.default(16),
  /** How often the dispatcher looks for new events when no notification came, ms. */
  WEBHOOK_POLL_MS: positiveInt.default(1000),
});

export type Env = z.infer<typeof envSchema>;

/** Parse `source` (default process.env); throws one error naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  if (result.data.NODE_ENV === "production" && result.data.DEPLOYER_PRIVATE_KEY === ANVIL_DEV_PRIVATE_KEY) {
    throw new Error(
      "Invalid environment:\n  DEPLOYER_PRIVATE_KEY: the local development key cannot be used in production",
    );
  }
  return result.data;
}

/** The server secret the custodial wallets are derived from; required in production (API and worker). */
export function walletSecretOf(env: Env): string {
  if (env.WALLET_SECRET) return env.WALLET_SECRET;
  if (env.NODE_ENV === "production") throw new Error("Invalid environment:\n  WALLET_SECRET is required in production");
  return DEV_WALLET_SECRET;
}

/** RPC URL configured for a chain slug: RPC_URL_<SLUG>, else RPC_URL when the slug is CHAIN_SLUG. */
export function rpcUrlFor(slug: string, env: Env, source: Record<string, string | undefined> = process.env) {
  const key = `RPC_URL_${slug.toUpperCase().replace(/-/g, "_")}`;
  return source[key] ?? (slug === env.CHAIN_SLUG ? env.RPC_URL : undefined);
}

/** WebSocket RPC URL configured for a chain slug: WS_URL_<SLUG>, else WS_URL when the slug is CHAIN_SLUG. */
export function wsUrlFor(slug: string, env: Env, source: Record<string, string | undefined> = process.env) {
  const key = `WS_URL_${slug.toUpperCase().replace(/-/g, "_")}`;
  return source[key] ?? (slug === env.CHAIN_SLUG ? env.WS_URL : undefined);
}

/** A chain a process serves: its deployment and the RPC URL it reaches it by. */
export type ChainTarget = { deployment: Deployment; rpcUrl: string };

/** The chain slugs a process serves: its own list if set, else CHAINS, else CHAIN_SLUG. */
export function chainSlugsOf(env: Env, list: string | undefined): string[] {
  return listOf(list ?? env.CHAINS ?? env.CHAIN_SLUG);
}

/**
 * The chains named by a comma-separated list (default CHAINS, then CHAIN_SLUG), by slug, each with its deployment
 * file and RPC URL (RPC_URL_<SLUG>, else RPC_URL).
 */
export function chainTargets(env: Env, list: string | undefined): Map<string, ChainTarget> {
  const slugs = chainSlugsOf(env, list);
  return new Map(
    slugs.map((slug) => [
      slug,
      { deployment: readDeployment(slug as never), rpcUrl: rpcUrlFor(slug, env) ?? env.RPC_URL },
    ]),
  );
}
