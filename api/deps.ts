/**
 * What the API needs from the outside world, built once at start (api/server.ts) or per test. Handlers and
 * services receive it; nothing reaches for globals.
 */
import type { Queue } from "bullmq";
import type { Redis } from "ioredis";
import type pg from "pg";
import type { Deployment } from "../core/deployment.js";
import type { SpendingConfig } from "../core/spend.js";
import type { Versions } from "../db/versions.js";
import type { TrustProxy } from "./client-address.js";
import type { ChainHead, QuoteClient, StreamHub } from "./ports.js";

export type ApiConfig = {
  /** Postgres schema of the app tables (migrations in db/). */
  appSchema: string;
  /** Postgres schema the indexer writes. */
  indexerSchema: string;
  /** HS256 secret for local JWTs. */
  jwtSecret?: string;
  /** JWKS URL for production JWTs; when set, HS256 is not accepted. */
  jwksUrl?: string;
  jwtIssuer?: string;
  jwtAudience?: string;
  /** Algorithms accepted with the JWKS (default RS256). */
  jwtAlgorithms: string[];
  /** Server secret the custodial wallets are derived from. */
  walletSecret: string;
  /** Requests per user (or per IP when anonymous) per minute, on REST. */
  rateLimitPerMinute: number;
  /** Largest accepted request body, in bytes. */
  bodyLimitBytes: number;
  /** Statement timeout of the API's Postgres pool, ms: a longer statement is cancelled and answers 503. */
  dbStatementTimeoutMs: number;
  /** Public base URL of the service (hub and metadata links). */
  publicUrl: string;
  /** Proxies whose X-Forwarded-For is believed for the client address (TRUST_PROXY); none by default. */
  trustProxy: TrustProxy;
  /** Caps, default allowlist and native price of every execution from a custodial wallet, REST and MCP alike. */
  spending: SpendingConfig;
  /** WEBHOOK_ALLOW_PRIVATE: webhook URLs may be http and resolve to private addresses (development and tests). */
  webhookAllowPrivate: boolean;
  /** Stream connections (WebSocket and SSE) this process accepts, in all and per client address. */
  streams: { maxConnections: number; maxPerAddress: number };
  /** Days the event log keeps an event (EVENT_RETENTION_DAYS; default 30). */
  eventRetentionDays?: number;
};

export type ApiDeps = {
  db: pg.Pool;
  redis: Redis;
  config: ApiConfig;
  /** Deployments by chain slug, for the chains this service trades on. */
  deployments: Map<string, Deployment>;
  /** RPC URL per chain slug (quotes of graduated tokens, simulations). */
  rpcUrls: Map<string, string>;
  chainHead: ChainHead;
  /**
   * Change versions from Postgres (LISTEN/NOTIFY). With them, token reads, search-token records, API keys and the
   * indexed block are cached per process until the state they come from changes; without them every read queries.
   */
  versions?: Versions;
  /**
   * The worker's execute queue (core/jobs.ts), for autoExecute and execute-transaction. Without it those
   * answer 503: this server does not execute transactions.
   */
  executeQueue?: Queue;
  /**
   * The graduated quote cache the worker keeps current (api/services/quotes.ts). Without it graduated quotes are
   * made on every request; curve quotes never need it.
   */
  quotes?: QuoteClient;
  /** How long an executing request waits for its intent to be final before answering with its status; ms. */
  autoExecuteWaitMs?: number;
  /** The event log as this process streams it (api/streams/hub.ts); without it GET /stream answers 503. */
  streams?: StreamHub;
};
