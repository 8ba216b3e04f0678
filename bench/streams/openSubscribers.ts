/**
 * The benchmark's WebSocket subscribers: `ws` clients in this process, each subscribed to one channel from now on
 * (`{"type":"subscribe","channels":[…]}` after `welcome`, no `since`), recording when events arrive.
 *
 * Receiving is kept cheap, because these clients share two cores with the server they measure: only the first
 * 160 bytes of an event frame are decoded, where the server writes `{"type":"event","seq":N,"kind":"…","chainId":N,
 * "block":{"number":N` (api/streams/ws.ts), and a few counters are updated. Nothing else of the event is parsed.
 *
 * What is kept: per block, the time each subscriber received its first event of that block (the latency sample); per
 * seq, the first and last receipt over all subscribers and how many received it; per subscriber, how many events
 * arrived and whether their seqs only went up.
 */
import { performance } from "node:perf_hooks";
import WebSocket from "ws";

export type Subscriber = {
  index: number;
  channel: string;
  socket: WebSocket;
  /** The head seq its welcome named: it receives events after the seq its subscription starts at. */
  startSeq: number;
  received: number;
  lastSeq: number;
  lastBlock: number;
  /** Events whose seq was not above the previous one's. */
  outOfOrder: number;
  closed: { code: number; reason: string } | null;
};

export type SeqReceipts = { block: number; kind: string; first: number; last: number; count: number };

export type Subscribers = {
  list: Subscriber[];
  /** Block → when each subscriber that received something of it received its first event (ms, this clock). */
  firstByBlock: Map<number, number[]>;
  bySeq: Map<number, SeqReceipts>;
  /** Events received over all subscribers so far. */
  deliveries(): number;
  /** Resolves true once `expected` subscribers have received an event of `block`, false after `timeoutMs`. */
  waitForBlock(block: number, expected: number, timeoutMs: number): Promise<boolean>;
  /** Resolves true once `expected` subscribers have received event `seq`, false after `timeoutMs`. */
  waitForSeq(seq: number, expected: number, timeoutMs: number): Promise<boolean>;
  /** Resolves true once every subscriber's received count reaches its target, false after `timeoutMs`. */
  waitForCounts(targets: Map<Subscriber, number>, timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
};

export type OpenSubscribersParameters = {
  wsUrl: string;
  /** One channel per subscriber. */
  channels: string[];
  /** Connections opened at once. */
  concurrency: number;
};

/** Milliseconds on a clock shared with other processes of this machine (wall-clock origin, monotonic). */
export const now = () => performance.timeOrigin + performance.now();

const EVENT = '{"type":"event"';
const HEAD = /"seq":(\d+),"kind":"([a-z_]+)","chainId":(?:\d+|null),"block":(?:\{"number":(\d+)|null)/;

export async function openSubscribers(p: OpenSubscribersParameters): Promise<Subscribers> {
  const firstByBlock = new Map<number, number[]>();
  const bySeq = new Map<number, SeqReceipts>();
  const blockWaiters = new Set<() => void>();
  let deliveries = 0;

  const onEvent = (s: Subscriber, data: Buffer, t: number) => {
    const m = HEAD.exec(data.toString("latin1", 0, Math.min(data.length, 160)));
    if (!m) return;
    const seq = Number(m[1]);
    const block = m[3] === undefined ? -1 : Number(m[3]);
    deliveries++;
    s.received++;
    if (seq <= s.lastSeq) s.outOfOrder++;
    s.lastSeq = seq;
    const r = bySeq.get(seq);
    if (r) {
      r.last = t;
      r.count++;
    } else bySeq.set(seq, { block, kind: m[2] as string, first: t, last: t, count: 1 });
    if (block !== s.lastBlock) {
      s.lastBlock = block;
      const firsts = firstByBlock.get(block);
      if (firsts) firsts.push(t);
      else firstByBlock.set(block, [t]);
      for (const w of blockWaiters) w();
    }
  };

  const open = (index: number, channel: string) =>
    new Promise<Subscriber>((resolve, reject) => {
      const socket = new WebSocket(p.wsUrl, { perMessageDeflate: false });
      const s: Subscriber = {
        index,
        channel,
        socket,
        startSeq: 0,
        received: 0,
        lastSeq: 0,
        lastBlock: -1,
        outOfOrder: 0,
        closed: null,
      };
      socket.on("message", (data: Buffer) => {
        const t = now();
        if (data.length > EVENT.length && data.toString("latin1", 0, EVENT.length) === EVENT) {
          onEvent(s, data, t);
          return;
        }
        const m = JSON.parse(data.toString()) as { type: string; seq?: number; error?: string };
        if (m.type === "welcome") {
          s.startSeq = m.seq ?? 0;
          socket.send(JSON.stringify({ type: "subscribe", channels: [channel] }));
        } else if (m.type === "subscribed") {
          s.startSeq = m.seq ?? s.startSeq;
          s.lastSeq = s.startSeq;
          resolve(s);
        } else if (m.type === "error") reject(new Error(`subscriber ${index} (${channel}): ${m.error}`));
      });
      socket.on("close", (code, reason) => {
        s.closed = { code, reason: reason.toString() };
        reject(new Error(`subscriber ${index} closed ${code} ${reason.toString()}`));
      });
      socket.on("error", reject);
    });

  const list: Subscriber[] = [];
  let next = 0;
  const opener = async () => {
    for (let i = next++; i < p.channels.length; i = next++) list[i] = await open(i, p.channels[i] as string);
  };
  await Promise.all(Array.from({ length: Math.min(p.concurrency, p.channels.length) }, opener));

  const poll = (done: () => boolean, timeoutMs: number, tick?: Set<() => void>) =>
    new Promise<boolean>((resolve) => {
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        clearInterval(interval);
        tick?.delete(check);
        resolve(ok);
      };
      const check = () => {
        if (done()) finish(true);
      };
      const timer = setTimeout(() => finish(false), timeoutMs);
      // Counts grow on every message: look every 5 ms rather than on each of them.
      const interval = setInterval(check, 5);
      tick?.add(check);
      check();
    });

  return {
    list,
    firstByBlock,
    bySeq,
    deliveries: () => deliveries,
    waitForBlock: (block, expected, timeoutMs) =>
      poll(() => (firstByBlock.get(block)?.length ?? 0) >= expected, timeoutMs, blockWaiters),
    waitForSeq: (seq, expected, timeoutMs) => poll(() => (bySeq.get(seq)?.count ?? 0) >= expected, timeoutMs),
    waitForCounts: (targets, timeoutMs) => poll(() => [...targets].every(([s, n]) => s.received >= n), timeoutMs),
    async close() {
      await Promise.all(
        list.map(
          (s) =>
            new Promise<void>((done) => {
              if (s.socket.readyState === WebSocket.CLOSED) return done();
              const timer = setTimeout(() => {
                s.socket.terminate();
                done();
              }, 5_000);
              s.socket.once("close", () => {
                clearTimeout(timer);
                done();
              });
              s.socket.close();
            }),
        ),
      );
    },
  };
}
