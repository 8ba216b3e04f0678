/**
 * The server side of bench/streams/fanout.ts, in a child process of its own: a `ws` WebSocketServer on a free port of
 * 127.0.0.1 that, when asked over IPC, sends one block's events to every connected socket in one of four ways and
 * answers how long the synchronous loop took (wall and CPU). Nothing of the API runs here: only the loop the hub and
 * api/streams/ws.ts run per event, and the ways it could be written.
 */
import { performance } from "node:perf_hooks";
import { type WebSocket, WebSocketServer } from "ws";

export type FanoutVariant = "per-socket-stringify" | "stringify-once" | "buffer-once" | "socket-major-corked";
export type FanoutRequest = { type: "round"; variant: FanoutVariant; events: Record<string, unknown>[] };
export type FanoutReply =
  | { type: "listening"; port: number }
  | { type: "round"; variant: FanoutVariant; wallMs: number; cpuMs: number; sends: number };

const wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
wss.on("listening", () => {
  const address = wss.address();
  process.send?.({
    type: "listening",
    port: typeof address === "object" && address ? address.port : 0,
  } satisfies FanoutReply);
});

/** The socket under a ws connection: corking it makes every frame sent meanwhile one write. */
type Corkable = { _socket: { cork(): void; uncork(): void } };

function round(variant: FanoutVariant, events: Record<string, unknown>[]): number {
  const sockets = [...wss.clients] as WebSocket[];
  let sends = 0;
  switch (variant) {
    case "per-socket-stringify":
      // As api/streams/hub.ts and ws.ts do today: events outer, sockets inner, a JSON.stringify per send.
      for (const event of events) {
        for (const ws of sockets) {
          ws.send(JSON.stringify({ type: "event", ...event }));
          sends++;
        }
      }
      break;
    case "stringify-once":
      for (const event of events) {
        const text = JSON.stringify({ type: "event", ...event });
        for (const ws of sockets) {
          ws.send(text);
          sends++;
        }
      }
      break;
    case "buffer-once":
      for (const event of events) {
        const frame = Buffer.from(JSON.stringify({ type: "event", ...event }));
        for (const ws of sockets) {
          ws.send(frame, { binary: false });
          sends++;
        }
      }
      break;
    case "socket-major-corked": {
      // Each event serialized once; then per socket all of the block's events in one corked write.
      const frames = events.map((event) => Buffer.from(JSON.stringify({ type: "event", ...event })));
      for (const ws of sockets) {
        const socket = (ws as unknown as Corkable)._socket;
        socket.cork();
        for (const frame of frames) {
          ws.send(frame, { binary: false });
          sends++;
        }
        socket.uncork();
      }
      break;
    }
  }
  return sends;
}

process.on("message", (m: FanoutRequest) => {
  if (m.type !== "round") return;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const sends = round(m.variant, m.events);
  const wallMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  process.send?.({
    type: "round",
    variant: m.variant,
    wallMs,
    cpuMs: (used.user + used.system) / 1000,
    sends,
  } satisfies FanoutReply);
});
process.on("disconnect", () => process.exit(0));
