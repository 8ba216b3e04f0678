/**
 * A client of the service's event stream (GET /stream over WebSocket) that never leaves a gap: it keeps the last seq
 * it handed over, reconnects with backoff when the connection drops, and resumes after that seq, so each event of its
 * channels reaches `onEvent` exactly once, in order. A resume point the server refuses because it is ahead of the log
 * (the log was reset) or older than the log keeps is surfaced as `onResync(head, reason)`: read your state again; the
 * stream goes on from `head`. So is a `resync` event (a chain restarted): `onResync(seq, "chain_restart")`, before the
 * event itself reaches `onEvent`.
 *
 *   const stream = openStream({ url: "http://127.0.0.1:3000", channels: ["tokens"], since: saved, WebSocket,
 *     onEvent: (event) => save(event.seq) });
 *
 * The AsyncAPI document (/functions/v1/asyncapi.json) describes every frame; docs/streams.md tells the same in prose.
 */
import type { webhooks } from "./schema.js";

/** An event of the log, as the stream sends it (the `data` of a webhook delivery of the same kind). */
export type StreamEvent = {
  [T in keyof webhooks]: webhooks[T] extends {
    post: { requestBody?: { content: { "application/json": { data: infer E } } } };
  }
    ? E extends { seq: number }
      ? E
      : never
    : never;
}[keyof webhooks];

/** What the client needs of a WebSocket: the global one (browsers, Node 22) or the `ws` package's. */
export type WebSocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};
export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** Why a stream client must read its state again. */
export type ResyncReason = "since_ahead" | "since_expired" | "log_changed" | "chain_restart";

export type StreamOptions = {
  /** The service's address (http or https); the stream is at <url>/stream. */
  url: string;
  /** Channel names: tokens, token:<id or address>, account:<address>, chain:<chainId>, me. */
  channels: string[];
  /** An API key or JWT; needed for `me`. Sent in an auth message, which browsers can send too. */
  token?: string;
  /** The last seq you handled: the stream resumes after it. Default: from now. */
  since?: number;
  /**
   * The log `since` came from (`stream.log()` when you saved it): if the log was made again since (a database
   * reset), you are told to resync (`log_changed`) instead of being handed another log's events from `since`.
   */
  log?: string;
  onEvent: (event: StreamEvent) => void;
  /**
   * Read your state again: the resume point was ahead of the log (`since_ahead`), older than it keeps
   * (`since_expired`) or of another log (`log_changed`), and the stream goes on from `head`; or a chain restarted
   * (`chain_restart`, a `resync` event at seq `head`).
   */
  onResync?: (head: number, reason: ResyncReason) => void;
  /** A refusal the stream cannot cure by itself (an unknown channel, `me` without a credential). */
  onError?: (message: string) => void;
  /** Each (re)connection, once subscribed. */
  onConnected?: () => void;
  /** Default: the global WebSocket. */
  WebSocket?: WebSocketConstructor;
  /** Reconnection delays: from `initialMs`, doubling to `maxMs` (defaults 250 ms and 10 s). */
  backoff?: { initialMs?: number; maxMs?: number };
};

export type Stream = {
  /** The last seq handed to onEvent (or the resume point given). */
  last(): number | undefined;
  /** The log that seq belongs to (the server's welcome tells it): save it with last(), pass it back as `log`. */
  log(): string | undefined;
  /** Stops for good: no more events, no reconnection. */
  close(): void;
  /** Cuts the current connection as a network fault would; the client reconnects and resumes (for tests). */
  drop(): void;
};

export function openStream(o: StreamOptions): Stream {
  const Socket = o.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!Socket) throw new Error("No WebSocket: pass one (the ws package's) as options.WebSocket");
  const address = `${o.url.replace(/^http/, "ws").replace(/\/+$/, "")}/stream`;
  const initial = o.backoff?.initialMs ?? 250;
  const max = o.backoff?.maxMs ?? 10_000;
  let last = o.since;
  let log = o.log;
  let delay = initial;
  let closed = false;
  let socket: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const subscribe = (ws: WebSocketLike) =>
    ws.send(
      JSON.stringify({
        type: "subscribe",
        channels: o.channels,
        ...(last === undefined ? {} : { since: last, ...(log === undefined ? {} : { log }) }),
      }),
    );

  const connect = () => {
    if (closed) return;
    const ws = new Socket(address);
    socket = ws;
    ws.onmessage = (message) => {
      if (socket !== ws) return; // a dropped connection's last frames
      const frame = JSON.parse(String(message.data)) as Record<string, unknown> & { type?: string };
      switch (frame.type) {
        case "welcome":
          // The log this connection's seqs belong to is sent with since; a different one is refused (log_changed).
          if (log === undefined && typeof frame.log === "string") log = frame.log;
          if (o.token) ws.send(JSON.stringify({ type: "auth", token: o.token }));
          subscribe(ws);
          return;
        case "subscribed":
          delay = initial;
          o.onConnected?.();
          return;
        case "event": {
          const { type: _, ...event } = frame;
          const seq = event.seq as number;
          // A replayed event the client already handed over (never expected, but the order is the promise).
          if (last !== undefined && seq <= last) return;
          last = seq;
          if (event.kind === "resync") o.onResync?.(seq, "chain_restart");
          o.onEvent(event as unknown as StreamEvent);
          return;
        }
        case "error":
          if (
            (frame.reason === "since_ahead" || frame.reason === "since_expired" || frame.reason === "log_changed") &&
            typeof frame.head === "number"
          ) {
            last = frame.head;
            if (typeof frame.log === "string") log = frame.log;
            o.onResync?.(frame.head, frame.reason);
            subscribe(ws);
          } else o.onError?.(String(frame.error));
          return;
        default:
          return;
      }
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      if (closed) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, max);
    };
    ws.onerror = () => undefined; // onclose follows
  };
  connect();

  return {
    last: () => last,
    log: () => log,
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close(1000, "closed by the client");
      socket = null;
    },
    drop() {
      const ws = socket;
      ws?.close(4000, "dropped");
    },
  };
}
