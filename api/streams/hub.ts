/**
 * The event log as this API process streams it: one LISTEN on `<appSchema>_events` (every process has its own, so a
 * client on any of them gets every event), a read of each new batch in seq order, and the fan-out to connections.
 *
 * A connection either is live (it gets each new event that matches its keys, in order, as the hub reads it) or is
 * catching up from a seq it names: the events it missed come from the hub's ring of recent events when they are
 * all still there, else from Postgres in pages, and it turns live at the seq the hub has reached, with no gap and
 * no duplicate. A connection whose transport cannot keep up is closed by its transport (see `send`).
 *
 * Fan-out is connection-major: each page read is handed to each connection as one batch (so its transport can write
 * it at once: api/streams/ws.ts corks the socket), and the loop yields to the event loop every FANOUT_CHUNK
 * events handed out, so that a block to thousands of connections does not hold up everything else the process serves
 * (bench/streams/fanout.ts measured the ways to write this loop).
 */
import pg from "pg";
import { matches, type StreamEvent } from "../../core/events.js";
import { type LoggedEvent, readEvents, readHeadSeq, readLogBounds, readLogId } from "../../db/events.js";
import type { Queryable } from "../../db/indexed/types.js";
import type { StreamHub, Subscriber } from "../ports.js";

export type { StreamHub, Subscriber };

/** Connections a hub admits: in all, and per client address. */
export type ConnectionLimits = { maxConnections: number; maxPerAddress: number };

const PAGE = 1_000;
/** Frames handed to connections between two yields to the event loop (about 10 ms of fan-out). */
const FANOUT_CHUNK = 2_500;
/** Recent events kept in memory for resumes. */
const RING = 20_000;

export type StartStreamHubParameters = {
  db: Queryable;
  databaseUrl: string;
  appSchema: string;
  /** How often to look for new events when no notification comes (default 1000 ms). */
  pollMs?: number;
  /** Default 20,000 connections, 100 per address. */
  limits?: ConnectionLimits;
  log?: (line: string) => void;
};

export async function startStreamHub(p: StartStreamHubParameters): Promise<StreamHub> {
  const app = p.appSchema;
  if (!/^[a-z_][a-z0-9_]*$/.test(app)) throw new Error(`Invalid schema name ${app}`);
  const subscribers = new Set<Subscriber>();
  const ring: LoggedEvent[] = [];
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | null = null;
  let head = await readHeadSeq(p.db, app);
  const logId = await readLogId(p.db, app);
  const limits = p.limits ?? { maxConnections: 20_000, maxPerAddress: 100 };
  const perAddress = new Map<string, number>();
  let admitted = 0;

  /**
   * Hand `entries` (in seq order) to a subscriber: those past its cursor on its keys. Returns how many it was
   * handed, or -1 when it was dropped.
   */
  const deliver = (subscriber: Subscriber, entries: readonly LoggedEvent[]): number => {
    const batch: StreamEvent[] = [];
    for (const entry of entries) {
      if (entry.event.seq <= subscriber.cursor) continue;
      subscriber.cursor = entry.event.seq;
      if (matches(entry.channels, subscriber.keys)) batch.push(entry.event);
    }
    if (batch.length === 0 || subscriber.send(batch)) return batch.length;
    subscribers.delete(subscriber);
    return -1;
  };

  let pumping: Promise<void> | null = null;
  let again = false;
  const pumpOnce = async () => {
    for (;;) {
      const rows = await readEvents(p.db, app, { after: head, limit: PAGE });
      // The log is gap-free: a seq that skips means a sequencer's transaction is not visible yet; read again then.
      let fresh = 0;
      while (fresh < rows.length && rows[fresh]?.event.seq === head + fresh + 1) fresh++;
      const entries = rows.slice(0, fresh);
      if (entries.length > 0) {
        head = (entries.at(-1) as LoggedEvent).event.seq;
        ring.push(...entries);
        if (ring.length > RING) ring.splice(0, ring.length - RING);
        let handed = 0;
        for (const s of [...subscribers]) {
          // One attached while the loop yielded, or dropped meanwhile: the cursor and the set keep it exact.
          if (s.live && subscribers.has(s)) handed += Math.max(0, deliver(s, entries));
          if (handed >= FANOUT_CHUNK) {
            handed = 0;
            await new Promise((next) => setImmediate(next));
          }
        }
      }
      if (fresh < rows.length || rows.length < PAGE) return;
    }
  };
  const pump = () => {
    if (stopped) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((error: unknown) => p.log?.(`streams: read failed (${error instanceof Error ? error.message : error})`))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          pump();
        }
      });
  };

  const listen = async () => {
    const c = new pg.Client({ connectionString: p.databaseUrl, application_name: "api-streams" });
    c.on("notification", () => pump());
    c.on("error", () => undefined);
    c.on("end", () => {
      if (listener === c) listener = null;
    });
    await c.connect();
    await c.query(`LISTEN "${app}_events"`);
    listener = c;
  };
  const tick = () => {
    if (stopped) return;
    if (!listener)
      listen().catch((error: unknown) =>
        p.log?.(`streams: listen failed (${error instanceof Error ? error.message : error})`),
      );
    pump();
    timer = setTimeout(tick, p.pollMs ?? 1_000);
    timer.unref();
  };
  await listen();
  tick();

  return {
    head: () => head,
    logHead: () => readHeadSeq(p.db, app),
    logId,
    logBounds: () => readLogBounds(p.db, app),
    connections: () => subscribers.size,
    admit(address) {
      if (admitted >= limits.maxConnections) return { refused: "Too many connections on this server" };
      const held = perAddress.get(address) ?? 0;
      if (held >= limits.maxPerAddress) {
        return { refused: `Too many connections from this address (at most ${limits.maxPerAddress})` };
      }
      admitted++;
      perAddress.set(address, held + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          admitted--;
          const left = (perAddress.get(address) ?? 1) - 1;
          if (left > 0) perAddress.set(address, left);
          else perAddress.delete(address);
        },
      };
    },
    async attach(subscriber, since) {
      subscribers.add(subscriber);
      if (since === null || since >= head) {
        subscriber.cursor = Math.max(subscriber.cursor, since ?? head);
        subscriber.live = true;
        return;
      }
      subscriber.live = false;
      subscriber.cursor = since;
      for (;;) {
        if (!subscribers.has(subscriber)) return;
        const oldest = ring[0]?.event.seq;
        if (oldest !== undefined && subscriber.cursor >= oldest - 1) {
          // Everything missed is in memory: replay it and turn live in the same turn of the event loop.
          if (deliver(subscriber, ring) >= 0) subscriber.live = true;
          return;
        }
        const through = head;
        const rows = await readEvents(p.db, app, {
          after: subscriber.cursor,
          through,
          keys: [...subscriber.keys],
          limit: PAGE,
        });
        if (deliver(subscriber, rows) < 0) return;
        if (rows.length < PAGE) subscriber.cursor = Math.max(subscriber.cursor, through);
        if (subscriber.cursor >= head) {
          subscriber.live = true;
          return;
        }
      }
    },
    detach(subscriber) {
      subscribers.delete(subscriber);
    },
    async read(keys, since, limit) {
      return (await readEvents(p.db, app, { after: since, through: head, keys, limit })).map((e) => e.event);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      subscribers.clear();
      await pumping;
      await listener?.end().catch(() => undefined);
      listener = null;
    },
  };
}
