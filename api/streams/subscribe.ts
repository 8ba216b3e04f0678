/**
 * What WebSocket and SSE clients share: the caller (the same credentials as REST), the channels they name, turned
 * into the keys events are published on (core/events.ts), and the limits.
 */

import { AppError } from "../../core/errors.js";
import { type Channel, channelKeys, MAX_CHANNELS, parseChannel } from "../../core/events.js";
import { readTokenKeys } from "../../db/indexed/events.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { authenticate } from "../middleware/auth.js";
import type { StreamHub } from "../ports.js";

/** Transport limits: a connection whose unsent events exceed these is closed as a slow consumer. */
export const STREAM_LIMITS = {
  /** Bytes a WebSocket may have buffered unsent. */
  maxBufferedBytes: 4 * 1024 * 1024,
  /** Events an SSE response may have queued unsent. */
  maxQueuedEvents: 10_000,
  /** Seconds between heartbeats (WebSocket ping, SSE comment). */
  heartbeatSeconds: 25,
  /** Bytes of the largest message a WebSocket client may send; a larger frame closes it with 1009. */
  maxMessageBytes: 64 * 1024,
  /** Messages a WebSocket client may send at once, and then each second (a token bucket); past it, 1008. */
  messageBurst: 50,
  messagesPerSecond: 10,
} as const;

/** Close codes of the WebSocket endpoint (4000–4999 are the application's). */
export const CLOSE = {
  goingAway: 1001,
  /** A binary frame: the stream speaks JSON text. */
  unsupportedData: 1003,
  /** A text frame that is not UTF-8 (ws closes it itself), or not a JSON object. */
  malformed: 1007,
  /** More messages than the bucket allows (STREAM_LIMITS.messageBurst, then messagesPerSecond). */
  tooManyMessages: 1008,
  /** A frame larger than STREAM_LIMITS.maxMessageBytes (ws closes it itself). */
  tooLarge: 1009,
  internal: 1011,
  unauthorized: 4001,
  slowConsumer: 4008,
  tooManyConnections: 4029,
} as const;

/** Why each close code closes a WebSocket (the AsyncAPI document's `x-close-codes`, the docs page). */
export const CLOSE_REASONS: Record<keyof typeof CLOSE, string> = {
  goingAway: "the server is stopping",
  unsupportedData: "a binary frame: the stream speaks JSON text",
  malformed: "a message that is not a JSON object, or not UTF-8",
  tooManyMessages: `more messages than the bucket allows (${STREAM_LIMITS.messageBurst} at once, then ${STREAM_LIMITS.messagesPerSecond} a second)`,
  tooLarge: `a frame over ${STREAM_LIMITS.maxMessageBytes} bytes`,
  internal: "an internal error",
  unauthorized: "the credential of an auth message was refused",
  slowConsumer: `more than ${STREAM_LIMITS.maxBufferedBytes} bytes unsent: reconnect with since`,
  tooManyConnections: "too many connections on the server, or from the client's address",
};

/** The caller of a stream, from an `Authorization` value (`Bearer <JWT or API key>`), or null without one. */
export async function streamCaller(deps: ApiDeps, authorization: string | undefined): Promise<AuthedUser | null> {
  if (!authorization) return null;
  return authenticate(deps, authorization);
}

/** Channel name → the keys it listens on, for each of `names`; refuses unknown names and `me` without a caller. */
export async function resolveChannels(
  deps: ApiDeps,
  names: readonly string[],
  user: AuthedUser | null,
): Promise<Map<string, string[]>> {
  if (names.length === 0) throw new AppError("INVALID_PARAMETERS", "channels: name at least one channel");
  if (names.length > MAX_CHANNELS) {
    throw new AppError("INVALID_PARAMETERS", `channels: at most ${MAX_CHANNELS} per connection`);
  }
  const out = new Map<string, string[]>();
  for (const name of names) {
    const channel = parseChannel(name);
    if ("error" in channel) throw new AppError("INVALID_PARAMETERS", channel.error);
    if (channel.type === "me" && !user) {
      throw new AppError("AUTHENTICATION_FAILED", "Channel me requires authentication");
    }
    out.set(name, channelKeys(channel, { resolved: await resolved(deps, channel), user: meOf(user) }));
  }
  return out;
}

const meOf = (user: AuthedUser | null) => (user ? { id: user.id, wallet: user.walletAddress } : null);

async function resolved(deps: ApiDeps, channel: Channel) {
  if (channel.type !== "token") return undefined;
  return readTokenKeys(deps.db, deps.config, channel);
}

/** The union of the keys of every channel. */
export function keysOf(channels: Map<string, string[]>): Set<string> {
  return new Set([...channels.values()].flat());
}

/** `details.reason` of a resume point ahead of the log (sinceAhead). */
export const SINCE_AHEAD = "since_ahead";

/**
 * The refusal of a resume point past the log's head `head`: no event will ever carry it (the log was reset, or the
 * seq is another deployment's), so following from it would be silent for good. The client must read the state again
 * (resync) and resume from `head`. REST and SSE answer it 409; a WebSocket gets it as an error frame.
 */
export function sinceAhead(since: number, head: number): AppError {
  return new AppError(
    "INVALID_PARAMETERS",
    `since ${since} is ahead of the event log, whose last seq is ${head}: resync, then resume from ${head}`,
    { status: 409, details: { reason: SINCE_AHEAD, since, head } },
  );
}

/** `details.reason` of a resume point older than the log keeps (sinceExpired). */
export const SINCE_EXPIRED = "since_expired";

/**
 * The refusal of a resume point older than the retained log (db/events.ts pruneEvents): the events after it up to
 * `oldest` are gone, so following from it would skip them in silence. The client must resync and resume from `head`.
 * REST and SSE answer it 410; a WebSocket gets it as an error frame.
 */
export function sinceExpired(since: number, bounds: { oldest: number; head: number }): AppError {
  const { oldest, head } = bounds;
  return new AppError(
    "INVALID_PARAMETERS",
    `since ${since} is older than the event log keeps, which starts at seq ${oldest}: resync, then resume from ${head}`,
    { status: 410, details: { reason: SINCE_EXPIRED, since, oldest, head } },
  );
}

/** Refuses a resume point the log cannot serve: past its head, or before what it keeps. */
export function checkSinceWithin(since: number, bounds: { oldest: number; head: number }): void {
  if (since > bounds.head) throw sinceAhead(since, bounds.head);
  // `oldest - 1` is still whole: the next event is the oldest.
  if (since < bounds.oldest - 1) throw sinceExpired(since, bounds);
}

/** `details.reason` of a resume point of another log (logChanged). */
export const LOG_CHANGED = "log_changed";

/**
 * The refusal of a resume point that names another log than this one (`log`): the log was made again (a database
 * reset) and its seqs count anew, so the client's seq means nothing here. 409; a WebSocket gets an error frame.
 */
export function logChanged(since: number, given: string, log: string, head: number): AppError {
  return new AppError(
    "INVALID_PARAMETERS",
    `since ${since} belongs to event log ${given}, not to this one (${log}): resync, then resume from ${head}`,
    { status: 409, details: { reason: LOG_CHANGED, since, head, log } },
  );
}

/** A log id from a client: a uuid, or null when it names none. */
export function parseLogId(value: unknown): string | null {
  if (value === undefined || value === null || value === "") return null;
  if (typeof value !== "string" || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)) {
    throw new AppError("INVALID_PARAMETERS", "log: the event log's id (a uuid), as the welcome frame gives it");
  }
  return value.toLowerCase();
}

/**
 * Refuses a resume point the log cannot serve: one of another log (when the client names its log), or outside
 * checkSinceWithin. Postgres is asked for the bounds: a process's own head may trail the log by a notification, and
 * only Postgres knows what pruning left.
 */
export async function checkSince(hub: StreamHub, since: number | null, log: string | null = null): Promise<void> {
  if (since === null) return;
  if (log !== null && log !== hub.logId) throw logChanged(since, log, hub.logId, (await hub.logBounds()).head);
  if (since === hub.head()) return;
  checkSinceWithin(since, await hub.logBounds());
}

/** A resume point from a client: a non-negative integer seq, or null for "from now". */
export function parseSince(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new AppError("INVALID_PARAMETERS", "since: a sequence number (an integer ≥ 0)");
  return n;
}
