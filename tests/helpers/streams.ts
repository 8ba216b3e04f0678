/**
 * Stream clients for tests: the API served on a real port with its WebSocket endpoint, a WebSocket client and an
 * SSE client that reconnect with their last seq, and the state a client rebuilds from what it received.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import WebSocket from "ws";
import type { ApiDeps } from "../../api/deps.js";
import { attachWebSockets } from "../../api/streams/ws.js";
import { eventIssues } from "../../core/event-schemas.js";
import type { StreamEvent } from "../../core/events.js";
import { readEvents } from "../../db/events.js";

export type Served = { url: string; wsUrl: string; close: () => Promise<void> };

/** Serve `app` on a free port of 127.0.0.1 with GET /stream upgrades. */
export async function serveWithStreams(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  deps: ApiDeps,
  options: { maxBufferedBytes?: number; closeGraceMs?: number; heartbeatMs?: number } = {},
): Promise<Served> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((done) => (server.listening ? done() : server.once("listening", () => done())));
  if (!deps.streams) throw new Error("the API has no stream hub");
  const sockets = attachWebSockets({ server, deps, hub: deps.streams, ...options });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/stream`,
    close: async () => {
      sockets.close();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** A client of either transport: what it received, in order, across every reconnection. */
export type StreamClient = {
  events: StreamEvent[];
  /** The last seq received (the resume point). */
  last(): number;
  connections: number;
  /** Drop the connection now, without a close handshake where the transport allows it. */
  drop(): void;
  /** Reconnect, resuming after last(). */
  reconnect(): Promise<void>;
  /** Resolves once an event with seq ≥ `seq` has arrived (rejects after `ms`). */
  until(predicate: (events: StreamEvent[]) => boolean, ms?: number): Promise<void>;
  close(): void;
  /** Close codes and error messages the server sent. */
  closes: { code: number; reason: string }[];
  errors: string[];
};

type Options = { channels: string[]; since?: number; token?: string };

function clientBase(
  start: number,
): Omit<StreamClient, "drop" | "reconnect" | "close"> & { push(e: StreamEvent): void } {
  const waiters = new Set<() => void>();
  const c = {
    events: [] as StreamEvent[],
    connections: 0,
    closes: [] as { code: number; reason: string }[],
    errors: [] as string[],
    last: () => c.events.at(-1)?.seq ?? start,
    push(e: StreamEvent) {
      c.events.push(e);
      for (const w of waiters) w();
    },
    until(predicate: (events: StreamEvent[]) => boolean, ms = 30_000) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (predicate(c.events)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stream: condition not met in ${ms} ms (${c.events.length} events, last ${c.last()})`));
        }, ms);
        waiters.add(check);
        check();
      });
    },
  };
  return c;
}

/** A WebSocket client of `wsUrl`, subscribed to `channels` from `since` (or from now). */
export async function wsClient(wsUrl: string, o: Options): Promise<StreamClient> {
  const base = clientBase(o.since ?? 0);
  let socket: WebSocket | null = null;
  const connect = (since: number | undefined) =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(wsUrl, o.token ? { headers: { authorization: `Bearer ${o.token}` } } : {});
      socket = ws;
      base.connections++;
      ws.on("message", (raw) => {
        if (socket !== ws) return; // a dropped connection's last frames
        const m = JSON.parse(raw.toString()) as { type: string } & StreamEvent & { error?: string };
        if (m.type === "welcome") ws.send(JSON.stringify({ type: "subscribe", channels: o.channels, since }));
        else if (m.type === "subscribed") resolve();
        else if (m.type === "event") {
          const { type: _, ...event } = m;
          base.push(event as StreamEvent);
        } else if (m.type === "error") {
          base.errors.push(m.error ?? "");
          reject(new Error(m.error));
        }
      });
      ws.on("close", (code, reason) => {
        base.closes.push({ code, reason: reason.toString() });
        reject(new Error(`closed ${code} ${reason.toString()}`));
      });
      ws.on("error", reject);
    });
  await connect(o.since);
  return {
    ...base,
    drop: () => socket?.terminate(),
    reconnect: () => connect(base.last()),
    close: () => socket?.close(),
  };
}

/** An SSE client of `url`/stream, reconnecting with Last-Event-ID as EventSource does. */
export async function sseClient(url: string, o: Options): Promise<StreamClient> {
  const base = clientBase(o.since ?? 0);
  let abort: AbortController | null = null;
  const connect = async (since: number | undefined) => {
    const controller = new AbortController();
    abort = controller;
    base.connections++;
    const query = new URLSearchParams({ channels: o.channels.join(",") });
    const headers: Record<string, string> = { accept: "text/event-stream" };
    if (since !== undefined) headers["last-event-id"] = String(since);
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    const res = await fetch(`${url}/stream?${query}`, { headers, signal: controller.signal });
    if (!res.ok || !res.body) throw new Error(`SSE ${res.status}: ${await res.text()}`);
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let welcomed: () => void = () => {};
    const welcome = new Promise<void>((r) => (welcomed = r));
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let cut = buffer.indexOf("\n\n");
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            cut = buffer.indexOf("\n\n");
            const fields = new Map<string, string>();
            for (const line of block.split("\n")) {
              if (line.startsWith(":")) continue;
              const i = line.indexOf(":");
              fields.set(line.slice(0, i), line.slice(i + 1).replace(/^ /, ""));
            }
            if (abort !== controller) return; // a dropped connection's last events
            const name = fields.get("event");
            if (name === "welcome") welcomed();
            else if (name === "error") base.errors.push(fields.get("data") ?? "");
            else if (fields.has("id")) base.push(JSON.parse(fields.get("data") ?? "{}") as StreamEvent);
          }
        }
      } catch {
        // aborted
      }
    })();
    await welcome;
  };
  await connect(o.since);
  return {
    ...base,
    drop: () => abort?.abort(),
    reconnect: () => connect(base.last()),
    close: () => abort?.abort(),
  };
}

/** What a client rebuilds by applying events in order: a `removed` event undoes the one it names. */
export function rebuild(events: readonly StreamEvent[]) {
  const removed = new Set(events.filter((e) => e.kind === "removed").map((e) => e.removes));
  const live = events.filter((e) => e.kind !== "removed" && !removed.has(e.seq));
  const pools = new Map<string, Record<string, unknown>>();
  const balances = new Map<string, string>();
  const fees = new Map<string, string>();
  /** Each minute's candle as its last candle event left it, and each trade's candle event, by `txHash:logIndex`. */
  const minutes = new Map<string, Record<string, unknown>>();
  const candles = new Map<string, Record<string, unknown>>();
  for (const e of live) {
    const d = e.data as Record<string, unknown> & { token?: string; pool?: Record<string, unknown> };
    const key = `${e.chainId}:${d.token}`;
    if ((e.kind === "trade" || e.kind === "graduation" || e.kind === "token_created") && d.pool) pools.set(key, d.pool);
    if (e.kind === "balance") balances.set(`${key}:${d.address}`, String(d.balance));
    if (e.kind === "fees" && d.asset === "usdc") fees.set(`${e.chainId}:${d.recipient}`, String(d.claimable));
    if (e.kind === "candle") {
      const { open, high, low, close, volumeUsdc, volumeToken, trades } = d;
      const candle = { open, high, low, close, volumeUsdc, volumeToken, trades };
      minutes.set(`${key}:${d.bucket}`, candle);
      candles.set(`${d.txHash}:${d.logIndex}`, candle);
    }
  }
  return { live, removed, pools, balances, fees, minutes, candles };
}

/** Resolves once the event log's sequencer has passed `block` (default: the chain's head) on every chain it follows. */
export async function sequenced(
  api: { deps: ApiDeps; appSchema: string },
  c: { publicClient: { getBlockNumber(o: { cacheTime: number }): Promise<bigint> } },
  block?: bigint,
) {
  const target = Number(block ?? (await c.publicClient.getBlockNumber({ cacheTime: 0 })));
  for (let i = 0; i < 600; i++) {
    const { rows } = await api.deps.db.query<{ block: string }>(
      `SELECT block::text FROM "${api.appSchema}".event_cursors`,
    );
    if (rows.some((r) => Number(r.block) >= target)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the sequencer did not reach block ${target}`);
}

/** The seqs of the log on any of `keys`, in order. */
export async function loggedSeqs(api: { deps: ApiDeps; appSchema: string }, keys: string[]): Promise<number[]> {
  const { rows } = await api.deps.db.query<{ seq: string }>(
    `SELECT e.seq::text AS seq FROM "${api.appSchema}".events e WHERE e.channels && $1::text[] ORDER BY e.seq`,
    [keys],
  );
  return rows.map((r) => Number(r.seq));
}

/** What the indexer holds of `chainId` in schema `ix`, keyed as `rebuild` keys a client's state. */
export async function readIndexedState(db: ApiDeps["db"], ix: string, chainId: number) {
  const pools = await db.query<Record<string, string | boolean | null>>(
    `SELECT token, supply::text, reserve::text, price::text, market_cap::text AS "marketCap",
            progress_bps AS "progressBps", graduated, v3_pool AS "v3Pool"
       FROM "${ix}".pool WHERE chain_id = $1`,
    [chainId],
  );
  const holders = await db.query<{ token: string; address: string; balance: string }>(
    `SELECT token, address, balance::text FROM "${ix}".holder WHERE chain_id = $1 AND balance > 0`,
    [chainId],
  );
  // Claimable USDC fees: the fees rows (other credits, claims) and the trade rows' fee shares.
  const fees = await db.query<{ recipient: string; claimable: string }>(
    `SELECT recipient, sum(v)::text AS claimable FROM (
       SELECT recipient, accrued - claimed AS v FROM "${ix}".fees WHERE chain_id = $1
       UNION ALL SELECT protocol_recipient, fee_protocol + fee_launch FROM "${ix}".trade
                  WHERE chain_id = $1 AND fee_protocol + fee_launch > 0
       UNION ALL SELECT creator, fee_creator FROM "${ix}".trade WHERE chain_id = $1 AND fee_creator > 0
       UNION ALL SELECT referral, fee_referral FROM "${ix}".trade WHERE chain_id = $1 AND fee_referral > 0
       UNION ALL SELECT builder, fee_builder FROM "${ix}".trade WHERE chain_id = $1 AND fee_builder > 0) x
     GROUP BY recipient`,
    [chainId],
  );
  // Each trade's 1-minute candle as it stood after it, folded here from the trade rows in chain order (ordered by
  // the table's numeric columns: an output column cast to text of the same name would order as text).
  const trades = await db.query<Record<string, string>>(
    `SELECT r.token, r.tx_hash, r.log_index::text, r.timestamp::text, r.price::text, r.usdc_amount::text,
            r.token_amount::text
       FROM "${ix}".trade r WHERE r.chain_id = $1 ORDER BY r.block_number, r.log_index`,
    [chainId],
  );
  const minutes = new Map<string, Record<string, string | number>>();
  const candles = new Map<string, Record<string, string | number>>();
  for (const t of trades.rows) {
    const bucket = BigInt(t.timestamp as string) - (BigInt(t.timestamp as string) % 60n);
    const key = `${chainId}:${t.token}:${bucket}`;
    const price = BigInt(t.price as string);
    const k = minutes.get(key);
    const next = k
      ? {
          open: k.open as string,
          high: String(price > BigInt(k.high as string) ? price : BigInt(k.high as string)),
          low: String(price < BigInt(k.low as string) ? price : BigInt(k.low as string)),
          close: String(price),
          volumeUsdc: String(BigInt(k.volumeUsdc as string) + BigInt(t.usdc_amount as string)),
          volumeToken: String(BigInt(k.volumeToken as string) + BigInt(t.token_amount as string)),
          trades: (k.trades as number) + 1,
        }
      : {
          open: String(price),
          high: String(price),
          low: String(price),
          close: String(price),
          volumeUsdc: t.usdc_amount as string,
          volumeToken: t.token_amount as string,
          trades: 1,
        };
    minutes.set(key, next);
    candles.set(`${t.tx_hash}:${t.log_index}`, next);
  }
  return {
    pools: pools.rows,
    /** Each minute's candle after its last trade. */
    minutes,
    /** Each trade's minute candle after it, by `txHash:logIndex`. */
    candles,
    balances: new Map(holders.rows.map((h) => [`${chainId}:${h.token}:${h.address}`, h.balance])),
    fees: new Map(fees.rows.map((f) => [`${chainId}:${f.recipient}`, f.claimable])),
  };
}

/**
 * Every event of the log of `api`, checked against its kind's schema (core/event-schemas.ts): the kinds it holds,
 * and the first misfit of each kind with its issues (empty when all fit). Waits for the outbox to be moved first.
 */
export async function logShapes(api: { deps: ApiDeps; appSchema: string }) {
  // The app's events wait in the outbox until the sequencer moves them (every 250 ms at most).
  for (let i = 0; i < 100; i++) {
    const { rows } = await api.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${api.appSchema}".event_outbox`,
    );
    if (rows[0]?.n === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const kinds = new Set<string>();
  const misfits: Record<string, string[]> = {};
  for (let after = 0; ; ) {
    const page = await readEvents(api.deps.db, api.appSchema, { after, limit: 2_000 });
    for (const { event } of page) {
      kinds.add(event.kind);
      const issues = eventIssues(event);
      if (issues.length > 0 && !misfits[event.kind]) misfits[event.kind] = [JSON.stringify(event), ...issues];
    }
    if (page.length < 2_000) break;
    after = (page.at(-1) as { event: StreamEvent }).event.seq;
  }
  return { kinds, misfits };
}
