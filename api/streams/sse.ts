/**
 * Server-Sent Events, for clients that cannot open a WebSocket: GET /stream?channels=a,b&since=N (or the
 * `Last-Event-ID` header, which EventSource sends when it reconnects). Each event is `id: <seq>`,
 * `event: <kind>`, `data: <StreamEvent JSON>`; a `welcome` event first; a comment every heartbeatSeconds. A
 * client with more than maxQueuedEvents unsent gets an `error` event and the response ends: reconnecting resumes.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import { type SSEStreamingApi, streamSSE } from "hono/streaming";
import { AppError } from "../../core/errors.js";
import type { StreamEvent } from "../../core/events.js";
import { clientAddress } from "../client-address.js";
import type { AppEnv } from "../env.js";
import type { StreamHub, Subscriber } from "./hub.js";
import {
  checkSince,
  keysOf,
  parseLogId,
  parseSince,
  resolveChannels,
  STREAM_LIMITS,
  streamCaller,
} from "./subscribe.js";
import { STREAM_PATH } from "./ws.js";

/** Each event's JSON, serialized once however many responses it goes to (the hub shares event objects). */
const serialized = new WeakMap<StreamEvent, string>();
function dataOf(event: StreamEvent): string {
  let data = serialized.get(event);
  if (data === undefined) {
    data = JSON.stringify(event);
    serialized.set(event, data);
  }
  return data;
}

export function registerSseRoute(app: OpenAPIHono<AppEnv>) {
  app.get(STREAM_PATH, async (c) => {
    const deps = c.get("deps");
    const hub: StreamHub | undefined = deps.streams;
    if (!hub) throw new AppError("INTERNAL", "Streams are not enabled on this server", { status: 503 });
    const user = await streamCaller(deps, c.req.header("authorization"));
    const names = (c.req.query("channels") ?? "").split(",").filter((n) => n !== "");
    const since = parseSince(c.req.query("since") ?? c.req.header("last-event-id"));
    const channels = await resolveChannels(deps, names, user);
    await checkSince(hub, since, parseLogId(c.req.query("log")));
    const slot = hub.admit(clientAddress(c, deps.config.trustProxy));
    if ("refused" in slot) throw new AppError("RATE_LIMIT_EXCEEDED", slot.refused);
    c.header("Cache-Control", "no-store");
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, (stream) => follow(hub, stream).finally(slot.release));
    async function follow(hub: StreamHub, stream: SSEStreamingApi) {
      const queue: StreamEvent[] = [];
      let wake: (() => void) | null = null;
      let closed = false;
      let slow = false;
      const subscriber: Subscriber = {
        keys: keysOf(channels),
        cursor: 0,
        live: false,
        send(events) {
          if (closed) return false;
          if (queue.length + events.length > STREAM_LIMITS.maxQueuedEvents) {
            slow = true;
            closed = true;
            wake?.();
            return false;
          }
          queue.push(...events);
          wake?.();
          return true;
        },
      };
      stream.onAbort(() => {
        closed = true;
        hub.detach(subscriber);
        wake?.();
      });
      await stream.writeSSE({
        event: "welcome",
        data: JSON.stringify({ seq: since ?? hub.head(), log: hub.logId, channels: [...channels.keys()] }),
      });
      const attaching = hub.attach(subscriber, since);
      while (!closed || (queue.length > 0 && !slow)) {
        const event = queue.shift();
        if (event) {
          await stream.writeSSE({ id: String(event.seq), event: event.kind, data: dataOf(event) });
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, STREAM_LIMITS.heartbeatSeconds * 1000).unref();
        });
        wake = null;
        if (queue.length === 0 && !closed) await stream.write(": heartbeat\n\n");
      }
      await attaching.catch(() => undefined);
      hub.detach(subscriber);
      if (slow) {
        await stream.writeSSE({
          event: "error",
          data: JSON.stringify({ error: "Slow consumer: too many unsent events; reconnect with Last-Event-ID" }),
        });
      }
    }
  });
}
