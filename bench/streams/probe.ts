/**
 * Loaded into the API process the stream benchmark measures (`node --expose-gc --import tsx --import
 * ./bench/streams/probe.ts api/server.ts`), so the server's own code runs unchanged. Over the IPC channel the
 * benchmark opens, it answers:
 * - `now`: this process's clock (performance.timeOrigin + performance.now(), ms), to align the two processes' clocks;
 * - `memory`: process.memoryUsage() after two full garbage collections (when `--expose-gc` is given);
 * - `sends`: for each event seq, when the server first and last handed it to a socket (`WebSocket#send`), how many
 *   times, and the time spent inside `send` (framing, and the socket write unless the socket is corked, as the hub's
 *   batches are: their write happens at uncork, outside `send`; the rest of the fan-out loop is the hub's own), then
 *   forgets them. This is where the hub's fan-out starts and ends for an event.
 * - `loop`: the delay of this process's event loop since the last `loop` (perf_hooks' monitorEventLoopDelay, 10 ms
 *   resolution): how long a ready callback (a notification, a socket's data) may wait for the loop to be free.
 *
 * Recording a send costs a prefix test, a short slice and a Map update: the server builds each frame as
 * `{"type":"event","seq":N,…` (api/streams/ws.ts, once per event, as a Buffer), so the seq sits at a fixed offset.
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { WebSocket } from "ws";

export type ProbeRequest = { id: number; type: "now" | "memory" | "sends" | "loop" };
/** Event-loop delay, ms. */
export type LoopDelay = { p50: number; p99: number; max: number; mean: number };
/** One event's sends: first and last start (ms, this process's clock), how many, and the ms spent inside `send`. */
export type SendTimes = { seq: number; first: number; last: number; count: number; inside: number };
export type ProbeReply =
  | { id: number; type: "now"; now: number }
  | { id: number; type: "memory"; gc: boolean; memory: NodeJS.MemoryUsage }
  | { id: number; type: "sends"; sends: SendTimes[] }
  | { id: number; type: "loop"; delay: LoopDelay };

const PREFIX = '{"type":"event","seq":';
const now = () => performance.timeOrigin + performance.now();
const sends = new Map<number, SendTimes>();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();

const PREFIX_BYTES = Buffer.from(PREFIX);
/** The seq of an event frame (a string or, as api/streams/ws.ts sends them, a Buffer), or null for other frames. */
function seqOf(data: unknown): number | null {
  if (typeof data === "string") {
    return data.startsWith(PREFIX) ? Number(data.slice(PREFIX.length, data.indexOf(",", PREFIX.length))) : null;
  }
  if (!Buffer.isBuffer(data) || data.compare(PREFIX_BYTES, 0, PREFIX_BYTES.length, 0, PREFIX_BYTES.length) !== 0) {
    return null;
  }
  return Number(data.toString("latin1", PREFIX_BYTES.length, data.indexOf(44, PREFIX_BYTES.length)));
}

const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
  const seq = seqOf(data);
  if (seq === null) return (send as (...args: unknown[]) => void).call(this, data, ...rest);
  const t = now();
  let s = sends.get(seq);
  if (s) {
    s.last = t;
    s.count++;
  } else {
    s = { seq, first: t, last: t, count: 1, inside: 0 };
    sends.set(seq, s);
  }
  (send as (...args: unknown[]) => void).call(this, data, ...rest);
  s.inside += now() - t;
} as typeof WebSocket.prototype.send;

const collect = async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return false;
  for (let i = 0; i < 2; i++) {
    gc();
    await new Promise((r) => setImmediate(r));
  }
  return true;
};

process.on("message", (message: ProbeRequest) => {
  const reply = (r: ProbeReply) => process.send?.(r);
  switch (message.type) {
    case "now":
      return reply({ id: message.id, type: "now", now: now() });
    case "memory":
      return void collect().then((gc) => reply({ id: message.id, type: "memory", gc, memory: process.memoryUsage() }));
    case "loop": {
      const ms = (ns: number) => ns / 1e6;
      const delay = {
        p50: ms(loop.percentile(50)),
        p99: ms(loop.percentile(99)),
        max: ms(loop.max),
        mean: ms(loop.mean),
      };
      loop.reset();
      return reply({ id: message.id, type: "loop", delay });
    }
    case "sends": {
      const out = [...sends.values()];
      sends.clear();
      return reply({ id: message.id, type: "sends", sends: out });
    }
  }
});
// The channel must not keep the server alive on its own: api/server.ts decides when it exits.
process.channel?.unref();
