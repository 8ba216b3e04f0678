/**
 * The AsyncAPI 3 document of GET /stream (WebSocket and SSE), served at /functions/v1/asyncapi.json beside the
 * OpenAPI document and summed up on the docs page. Built from what the code uses: the event schemas
 * (core/event-schemas.ts), the channel names (core/events.ts), the limits and close codes (api/streams/subscribe.ts).
 * scripts/asyncapi.test.ts validates it with @asyncapi/parser; docs/streams.md is the prose.
 */
import { z } from "zod";
import { eventData } from "../core/event-schemas.js";
import { EVENT_KINDS, MAX_CHANNELS } from "../core/events.js";
import { CLOSE, CLOSE_REASONS, LOG_CHANGED, SINCE_AHEAD, SINCE_EXPIRED, STREAM_LIMITS } from "./streams/subscribe.js";

/** A zod schema as the JSON Schema (draft-07) AsyncAPI's default schema format reads. */
function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { target: "draft-7" }) as Record<string, unknown>;
  return rest;
}

const channelNames = z
  .array(z.string())
  .min(1)
  .max(MAX_CHANNELS)
  .describe("tokens, token:<uuid or address>, account:<address>, chain:<chainId> or me (a credential required)");
const since = z.number().int().min(0).describe("Resume after this seq (first subscribe of a connection only)");
const logId = z.string().describe("The event log's identity (the welcome frame's log)");

/** The messages a WebSocket client sends. */
const clientMessages = {
  subscribe: z.strictObject({
    type: z.literal("subscribe"),
    channels: channelNames,
    since: since.optional(),
    log: logId
      .optional()
      .describe("With since: the log it came from. When the log was made again since (a database reset): log_changed"),
  }),
  unsubscribe: z.strictObject({ type: z.literal("unsubscribe"), channels: channelNames }),
  auth: z.strictObject({ type: z.literal("auth"), token: z.string().describe("A JWT or an API key") }),
  ping: z.strictObject({ type: z.literal("ping") }),
};

const seq = z.number().int().min(0);
/** The frames the server sends besides events. */
const serverFrames = {
  welcome: z.strictObject({
    type: z.literal("welcome"),
    seq: seq.describe("The log's last seq when the connection opened"),
    log: logId.describe("The event log's identity: keep it with your seq, and send it back with since"),
    limits: z.strictObject({ maxBufferedBytes: z.number().int() }),
  }),
  subscribed: z.strictObject({
    type: z.literal("subscribed"),
    channels: z.array(z.string()),
    seq: seq.describe("Events after this seq follow"),
  }),
  unsubscribed: z.strictObject({ type: z.literal("unsubscribed"), channels: z.array(z.string()), seq }),
  authenticated: z.strictObject({ type: z.literal("authenticated"), userId: z.string().nullable() }),
  pong: z.strictObject({ type: z.literal("pong"), seq }),
  error: z.strictObject({
    type: z.literal("error"),
    error: z.string().describe("Why the message was refused; the connection stays"),
    reason: z
      .enum([SINCE_AHEAD, SINCE_EXPIRED, LOG_CHANGED])
      .optional()
      .describe(
        "since_ahead: a since past the log's last seq; since_expired: a since older than the log keeps (EVENT_RETENTION_DAYS); log_changed: a since of another log than this one (log). Each time: resync, then resume from head",
      ),
    head: seq.optional().describe("With reason: the log's last seq"),
    oldest: seq.optional().describe("With since_expired: the oldest seq the log keeps"),
    log: logId.optional().describe("With log_changed: this log's identity"),
  }),
};

const titleOf = (kind: string) => kind.replace(/_/g, " ");

/** An event of `kind` as the log delivers it (core/events.ts StreamEvent, its data core/event-schemas.ts's). */
const eventFields = (kind: (typeof EVENT_KINDS)[number]) => ({
  seq: z.number().int().positive(),
  kind: z.literal(kind),
  chainId: z.number().int().nullable(),
  block: z.strictObject({ number: z.number().int(), hash: z.string() }).nullable(),
  removes: z.number().int().nullable(),
  data: eventData[kind] as z.ZodType,
  createdAt: z.string(),
});

/** The AsyncAPI 3.0 document; `publicUrl` is the service's address (PUBLIC_URL). */
export function asyncApiDocument(publicUrl: string) {
  const url = new URL(publicUrl);
  const secure = url.protocol === "https:";
  const eventMessages = Object.fromEntries(
    EVENT_KINDS.map((kind) => [
      `event_${kind}`,
      {
        name: kind,
        title: `${titleOf(kind)} event`,
        summary: `A ${titleOf(kind)} event of the log (docs/streams.md)`,
        payload: jsonSchema(z.strictObject({ type: z.literal("event"), ...eventFields(kind) })),
      },
    ]),
  );
  const sseEvents = Object.fromEntries(
    EVENT_KINDS.map((kind) => [
      `sse_${kind}`,
      {
        name: kind,
        title: `${titleOf(kind)} (SSE)`,
        summary: `id: <seq>, event: ${kind}, data: the event`,
        payload: jsonSchema(z.strictObject(eventFields(kind))),
      },
    ]),
  );
  const frameMessages = Object.fromEntries(
    Object.entries(serverFrames).map(([name, schema]) => [name, { name, payload: jsonSchema(schema) }]),
  );
  const sentMessages = Object.fromEntries(
    Object.entries(clientMessages).map(([name, schema]) => [name, { name, payload: jsonSchema(schema) }]),
  );
  const ref = (channel: string, names: string[]) =>
    names.map((name) => ({ $ref: `#/channels/${channel}/messages/${name}` }));
  return {
    asyncapi: "3.0.0",
    info: {
      title: "Social token trading service: streams",
      version: "1.0.0",
      description:
        "The event log over WebSocket and Server-Sent Events at GET /stream. Every event has a gap-free seq; a client keeps the last it received and resumes from it (since, or Last-Event-ID). A since past the log's last seq is refused, naming the head. Authorization: Bearer <JWT or API key> (the me channel needs it).",
    },
    defaultContentType: "application/json",
    servers: {
      websocket: {
        host: url.host,
        protocol: secure ? "wss" : "ws",
        description: "WebSocket: GET /stream with an upgrade",
      },
      sse: {
        host: url.host,
        protocol: secure ? "https" : "http",
        description: "Server-Sent Events: GET /stream (Accept: text/event-stream)",
      },
    },
    channels: {
      websocket: {
        address: "/stream",
        title: "WebSocket",
        servers: [{ $ref: "#/servers/websocket" }],
        description: `JSON text frames. The upgrade may carry Authorization and ?channels=a,b&since=N to subscribe at once. Close codes: ${Object.entries(
          CLOSE,
        )
          .map(([name, code]) => `${code} ${CLOSE_REASONS[name as keyof typeof CLOSE]}`)
          .join("; ")}.`,
        "x-close-codes": Object.fromEntries(
          Object.entries(CLOSE).map(([name, code]) => [String(code), CLOSE_REASONS[name as keyof typeof CLOSE]]),
        ),
        messages: { ...sentMessages, ...frameMessages, ...eventMessages },
        bindings: {
          ws: {
            method: "GET",
            query: {
              type: "object",
              properties: {
                channels: { type: "string", description: "Comma-separated channel names" },
                since: { type: "string", description: "A seq to resume after" },
                log: { type: "string", description: "With since: the log it came from (the welcome frame's log)" },
              },
            },
          },
        },
      },
      sse: {
        address: "/stream",
        title: "Server-Sent Events",
        servers: [{ $ref: "#/servers/sse" }],
        description: `GET /stream?channels=a,b&since=N (or Last-Event-ID). Each event is id: <seq>, event: <kind>, data: <event JSON>; a welcome event first ({seq, log, channels}); a comment every ${STREAM_LIMITS.heartbeatSeconds} s. More than ${STREAM_LIMITS.maxQueuedEvents} events unsent: an error event, and the response ends. ?log=<id> names the log since came from. A since past the log's last seq, or of another log: 409; one older than the log keeps: 410; with the JSON error envelope, before any event.`,
        messages: {
          ...sseEvents,
          sse_welcome: {
            name: "welcome",
            payload: jsonSchema(z.strictObject({ seq, log: logId, channels: z.array(z.string()) })),
          },
          sse_error: {
            name: "error",
            payload: jsonSchema(z.strictObject({ error: z.string() })),
          },
        },
      },
    },
    operations: {
      subscribe: {
        action: "send",
        channel: { $ref: "#/channels/websocket" },
        summary: "Subscribe, unsubscribe, authenticate or ping",
        messages: ref("websocket", Object.keys(clientMessages)),
      },
      receiveWebSocket: {
        action: "receive",
        channel: { $ref: "#/channels/websocket" },
        summary: "The server's frames: welcome, subscribed, events, errors and pongs",
        messages: ref("websocket", [...Object.keys(frameMessages), ...Object.keys(eventMessages)]),
      },
      receiveSse: {
        action: "receive",
        channel: { $ref: "#/channels/sse" },
        summary: "The events of the channels named, after the welcome event",
        messages: ref("sse", [...Object.keys(sseEvents), "sse_welcome", "sse_error"]),
      },
    },
  };
}
