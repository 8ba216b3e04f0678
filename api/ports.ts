/**
 * The long-lived parts the API's wiring (api/create-deps.ts) hands to handlers and services through ApiDeps
 * (./deps.ts), as interfaces: the chain head (services/chain-head.ts), the graduated quote cache (services/quotes.ts)
 * and the stream hub (streams/hub.ts) implement them. deps.ts names them from here, so it imports nothing from
 * services/ or streams/ (a dependency rule).
 */
import type { Redis } from "ioredis";
import type { StreamEvent } from "../core/events.js";
import type { QuoteReturnType } from "../core/quote.js";

export type ChainHead = {
  /** Latest known block of `chainSlug`, or null before the first answer. */
  get(chainSlug: string): bigint | null;
  /** That block's timestamp (unix seconds), or null before the first answer. */
  timestamp(chainSlug: string): bigint | null;
  stop(): void;
};

export type QuoteClient = {
  /** The quote cache the worker refreshes (no key prefix: the worker reads and writes the same keys). */
  redis: Redis;
  /** The quote cache's namespace: the cache and the hot set live under it (core/quote-cache.ts). */
  namespace: string;
  /** Quotes made or read before, by cache key and validity (a quote of one state never changes). */
  seen: Map<string, QuoteReturnType>;
  /** Graduated quotes being made now, by cache key and validity: concurrent identical requests share one call. */
  inflight: Map<string, Promise<QuoteReturnType>>;
  /** Cache keys announced on askedChannel, with when their cache entry is gone at the latest (unix ms). */
  announced: Map<string, number>;
  /** Cache keys this process marked hot, with until when (unix ms). */
  hot: Map<string, number>;
  log?: (line: string) => void;
  close(): Promise<void>;
};

export type Subscriber = {
  keys: Set<string>;
  /** The last seq this connection has been given or passed over; events at or below it are never sent again. */
  cursor: number;
  live: boolean;
  /** Deliver events, in seq order; returns false when the connection is closing (it is then dropped). */
  send(events: readonly StreamEvent[]): boolean;
};

export type StreamHub = {
  /** The last seq the hub has read. */
  head(): number;
  /** The last seq of the log in Postgres now (the hub's own head may trail it by a notification). */
  logHead(): Promise<number>;
  /** The log's identity (readLogId): a resume point from another log is refused. */
  logId: string;
  /** The first and last seq of the log in Postgres now: the resume points it can serve. */
  logBounds(): Promise<{ oldest: number; head: number }>;
  /** Add a subscriber, live at once, or first catching up from `since` (events with seq > since). */
  attach(subscriber: Subscriber, since: number | null): Promise<void>;
  detach(subscriber: Subscriber): void;
  /** Events after `since` on `keys`, oldest first, at most `limit` (for pull clients such as MCP tools). */
  read(keys: readonly string[], since: number, limit: number): Promise<StreamEvent[]>;
  connections(): number;
  /**
   * Take a connection slot for a client at `address` (WebSocket and SSE share them): a release function, or why the
   * connection is refused (the process's limit or the address's).
   */
  admit(address: string): { release: () => void } | { refused: string };
  stop(): Promise<void>;
};
