/**
 * The WebSocket endpoint, GET /stream with an upgrade (the `ws` package on the Node server the API listens on).
 *
 * Client → server, JSON text frames:
 * - `{"type":"subscribe","channels":[…],"since":N}`: listen on more channels. `since` (first subscribe only) resumes
 *   after seq N: every event missed on those channels comes first, then the live ones.
 * - `{"type":"unsubscribe","channels":[…]}`, `{"type":"auth","token":"<JWT or API key>"}` (for clients that cannot
 *   set headers), `{"type":"ping"}`.
 * Server → client: `welcome` (the head seq), `subscribed` / `unsubscribed` (channels and the seq they start after),
 * `event` (a StreamEvent), `error` (a bad message; the connection stays), `pong`.
 * The upgrade may carry `Authorization` (as REST does) and `?channels=a,b&since=N` to subscribe at once.
 * Close codes: 4001 credential refused, 4008 slow consumer (more than maxBufferedBytes unsent), 4029 too many
 * connections (on the process, or from the client's address: StreamHub.admit), 1001 server stopping, 1011 internal
 * error. An abusive client is closed, and nothing it sends reaches the process's error path: 1003 a binary frame,
 * 1007 a message that is not a JSON object (or not UTF-8), 1008 more messages than STREAM_LIMITS' bucket allows,
 * 1009 a frame over STREAM_LIMITS.maxMessageBytes.
 */
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { type WebSocket, WebSocketServer } from "ws";
import { AppError } from "../../core/errors.js";
import type { StreamEvent } from "../../core/events.js";
import { resolveClientAddress } from "../client-address.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { apiLog } from "../log.js";
import type { StreamHub, Subscriber } from "./hub.js";
import {
  CLOSE,
  checkSince,
  keysOf,
  parseLogId,
  parseSince,
  resolveChannels,
  STREAM_LIMITS,
  streamCaller,
} from "./subscribe.js";

export const STREAM_PATH = "/stream";

/** The TCP socket under a `ws` connection; corked, every frame sent meanwhile leaves in one write. */
type Corkable = { _socket: { cork(): void; uncork(): void } };

/** Each event's frame, serialized once however many connections it goes to (the hub shares event objects). */
const frames = new WeakMap<StreamEvent, Buffer>();
function frameOf(event: StreamEvent): Buffer {
  let frame = frames.get(event);
  if (!frame) {
    frame = Buffer.from(JSON.stringify({ type: "event", ...event }));
    frames.set(event, frame);
  }
  return frame;
}

/** What an error frame adds to its message: a refused resume point's reason, the log's head (and oldest seq). */
function frameDetails(error: AppError): Record<string, unknown> {
  const { reason, head, oldest, log } = error.details;
  if (reason === undefined) return {};
  return { reason, head, ...(oldest === undefined ? {} : { oldest }), ...(log === undefined ? {} : { log }) };
}

export type AttachWebSocketsParameters = {
  server: { on(event: "upgrade", listener: (req: IncomingMessage, socket: Duplex, head: Buffer) => void): unknown };
  deps: ApiDeps;
  hub: StreamHub;
  maxBufferedBytes?: number;
  /**
   * How long a slow consumer's connection is kept after its close frame is queued (behind what it has not read), so
   * that a client that drains its buffer in time still learns why (4008); then it is cut. Default 30 s.
   */
  closeGraceMs?: number;
  /**
   * How often every connection is pinged; one that has not answered the previous ping by then is cut (a dead peer).
   * Default STREAM_LIMITS.heartbeatSeconds.
   */
  heartbeatMs?: number;
};

export function attachWebSockets(p: AttachWebSocketsParameters) {
  // closeTimeout (ws 8.23, not in its types): ws cuts a connection that long after its close frame was queued; it is
  // the slow consumer's grace (ws's own default, 30 s, would otherwise cut it first).
  const options = { noServer: true, maxPayload: STREAM_LIMITS.maxMessageBytes, closeTimeout: p.closeGraceMs ?? 30_000 };
  const wss = new WebSocketServer(options);
  const maxBuffered = p.maxBufferedBytes ?? STREAM_LIMITS.maxBufferedBytes;
  const alive = new WeakMap<WebSocket, boolean>();

  p.server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A client that resets its socket while the upgrade is authenticated: nothing is left to answer.
    socket.on("error", () => socket.destroy());
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== STREAM_PATH) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n");
      return;
    }
    const forwarded = req.headers["x-forwarded-for"];
    const address = resolveClientAddress(
      p.deps.config.trustProxy,
      req.socket.remoteAddress ?? null,
      Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    );
    streamCaller(p.deps, req.headers.authorization).then(
      (user) => wss.handleUpgrade(req, socket, head, (ws) => void open(ws, url, user, address)),
      (error: unknown) => {
        const message = error instanceof AppError ? error.message : "Authentication failed";
        const body = JSON.stringify({ success: false, error: message });
        socket.end(
          `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      },
    );
  });

  const heartbeat = setInterval(
    () => {
      for (const ws of wss.clients) {
        // A connection closing is cut by its close timeout (the slow consumer's grace), not for a missed pong.
        if (ws.readyState !== ws.OPEN) continue;
        if (alive.get(ws) === false) {
          ws.terminate();
          continue;
        }
        alive.set(ws, false);
        ws.ping();
      }
    },
    p.heartbeatMs ?? STREAM_LIMITS.heartbeatSeconds * 1000,
  );
  heartbeat.unref();

  const open = async (ws: WebSocket, url: URL, caller: AuthedUser | null, address: string) => {
    const reply = (message: Record<string, unknown>) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
    };
    const slot = p.hub.admit(address);
    if ("refused" in slot) {
      ws.close(CLOSE.tooManyConnections, slot.refused);
      return;
    }
    ws.on("close", slot.release);
    // A frame ws refuses (over maxPayload: 1009; text that is not UTF-8: 1007; a protocol error: 1002) arrives here,
    // and ws closes the connection with that code itself. Unheard, the error would end the process.
    ws.on("error", () => undefined);
    alive.set(ws, true);
    ws.on("pong", () => alive.set(ws, true));
    let user = caller;
    const channels = new Map<string, string[]>();
    let attached = false;
    const subscriber: Subscriber = {
      keys: new Set(),
      cursor: 0,
      live: false,
      send(events: readonly StreamEvent[]) {
        if (ws.readyState !== ws.OPEN) return false;
        // The batch goes out as one write: the frames queue in the corked socket and leave at uncork.
        const socket = (ws as unknown as Corkable)._socket;
        socket.cork();
        try {
          for (const event of events) {
            if (ws.bufferedAmount > maxBuffered) {
              // Cut closeGraceMs later if it has not read that far (the server's closeTimeout).
              ws.close(CLOSE.slowConsumer, "Slow consumer: too many unsent events; reconnect with since");
              return false;
            }
            ws.send(frameOf(event), { binary: false });
          }
        } finally {
          socket.uncork();
        }
        return true;
      },
    };
    ws.on("close", () => p.hub.detach(subscriber));

    const subscribe = async (names: string[], sinceValue: unknown, logValue: unknown) => {
      const since = parseSince(sinceValue);
      const log = parseLogId(logValue);
      if (since !== null && attached) {
        throw new AppError("INVALID_PARAMETERS", "since: only the first subscribe of a connection can resume");
      }
      const resolved = await resolveChannels(p.deps, names, user);
      await checkSince(p.hub, since, log);
      for (const [name, keys] of resolved) channels.set(name, keys);
      subscriber.keys = keysOf(channels);
      reply({ type: "subscribed", channels: [...resolved.keys()], seq: since ?? p.hub.head() });
      if (!attached) {
        attached = true;
        await p.hub.attach(subscriber, since);
      }
    };

    const handle = async (raw: string) => {
      let message: { type?: unknown; channels?: unknown; since?: unknown; log?: unknown; token?: unknown };
      try {
        message = JSON.parse(raw);
      } catch {
        message = null as never;
      }
      if (typeof message !== "object" || message === null || Array.isArray(message)) {
        ws.close(CLOSE.malformed, "Malformed message: send a JSON object");
        return;
      }
      const names = Array.isArray(message.channels) ? message.channels.map(String) : [];
      switch (message.type) {
        case "subscribe":
          return subscribe(names, message.since, message.log);
        case "unsubscribe":
          for (const name of names) channels.delete(name);
          subscriber.keys = keysOf(channels);
          return reply({ type: "unsubscribed", channels: names, seq: subscriber.cursor });
        case "auth":
          try {
            user = await streamCaller(p.deps, `Bearer ${String(message.token ?? "")}`);
          } catch (error) {
            ws.close(CLOSE.unauthorized, error instanceof AppError ? error.message : "Authentication failed");
            return;
          }
          return reply({ type: "authenticated", userId: user?.id ?? null });
        case "ping":
          return reply({ type: "pong", seq: p.hub.head() });
        default:
          throw new AppError("INVALID_PARAMETERS", "type: one of subscribe, unsubscribe, auth, ping");
      }
    };

    // Messages are handled one at a time, in order.
    let queue: Promise<unknown> = Promise.resolve();
    const run = (work: () => Promise<unknown>) => {
      queue = queue.then(work).catch((error: unknown) => {
        if (error instanceof AppError) reply({ type: "error", error: error.message, ...frameDetails(error) });
        else {
          apiLog.error({ err: error }, "stream error");
          ws.close(CLOSE.internal, "Internal error");
        }
      });
    };
    // A token bucket of messages: messageBurst at once, then messagesPerSecond.
    let tokens: number = STREAM_LIMITS.messageBurst;
    let filled = Date.now();
    ws.on("message", (data, isBinary) => {
      if (ws.readyState !== ws.OPEN) return;
      if (isBinary) {
        ws.close(CLOSE.unsupportedData, "Binary frames are not accepted: send JSON text");
        return;
      }
      const now = Date.now();
      tokens = Math.min(STREAM_LIMITS.messageBurst, tokens + ((now - filled) / 1000) * STREAM_LIMITS.messagesPerSecond);
      filled = now;
      if (tokens < 1) {
        ws.close(CLOSE.tooManyMessages, `Too many messages: at most ${STREAM_LIMITS.messagesPerSecond} a second`);
        return;
      }
      tokens -= 1;
      run(() => handle(data.toString()));
    });
    reply({ type: "welcome", seq: p.hub.head(), log: p.hub.logId, limits: { maxBufferedBytes: maxBuffered } });
    const initial = url.searchParams.get("channels");
    const query = (name: string) => url.searchParams.get(name) ?? undefined;
    if (initial) run(() => subscribe(initial.split(","), query("since"), query("log")));
  };

  return {
    connections: () => wss.clients.size,
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.close(CLOSE.goingAway, "Server stopping");
      wss.close();
    },
  };
}
