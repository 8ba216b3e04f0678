/**
 * The event log and its streams, on an anvil of this file's own (the workload mines its own blocks): a WebSocket
 * client and an SSE client dropped at random points during a workload of more than 1,000 trades resume with their
 * last seq and end with every event exactly once, in order, and a state equal to the indexed one; a client that
 * stops reading is closed as a slow consumer; `me` needs a credential and carries the caller's notifications.
 */

import type { Worker } from "node:worker_threads";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import WebSocket from "ws";
import { eventIssues } from "../core/event-schemas.js";
import { pruneEvents, startSequencerThread } from "../db/events.js";
import { readStreamRows } from "../db/indexed/events.js";
import { migrate } from "../db/migrate.js";
import { openStream, type Stream, type WebSocketConstructor } from "../sdk/src/index.js";
import { startSideStack } from "./helpers/api.js";
import { fundedWallets, prng, type Wallet } from "./helpers/chain.js";
import { servedDocuments } from "./helpers/documents.js";
import { runWorkload, type WorkloadReturnType } from "./helpers/indexer/workload.js";
import { httpClient, mcpConfig, ok as mcpOk, serveMcp } from "./helpers/mcp.js";
import {
  loggedSeqs,
  readIndexedState,
  rebuild,
  type Served,
  type StreamClient,
  sequenced,
  serveWithStreams,
  sseClient,
  wsClient,
} from "./helpers/streams.js";
import { until } from "./helpers/until.js";
import { uniqueName } from "./helpers/worker.js";

const SEED = Number(process.env.STREAMS_TEST_SEED ?? 0x5eed16);
let side: Awaited<ReturnType<typeof startSideStack>>;
let served: Served;
let tight: Served;
let wallets: Wallet[];
let setup: WorkloadReturnType;
let load: WorkloadReturnType;
let ws: StreamClient;
let sse: StreamClient;
let slow: WebSocket;
let slowClose: Promise<{ code: number; reason: string }>;
let chainId: number;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The seqs of the log on any of `keys`, once the sequencer has caught up with the indexer. */
const expectedSeqs = (keys: string[]) => loggedSeqs(side.api, keys);

/** Resolves once the sequencer has passed the indexer's block. */
async function sequencedAll() {
  await side.indexer.sync();
  await sequenced(side.api, side.c);
}

/** Drop `client` at random moments until `done` resolves; returns how many times. */
async function chaos(client: StreamClient, done: Promise<unknown>, random: () => number) {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  let drops = 0;
  while (!finished) {
    await sleep(50 + Math.floor(random() * 400));
    client.drop();
    drops++;
    // A reconnect can race the server's own restart of nothing; retry until one holds.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.reconnect();
        break;
      } catch (error) {
        if (attempt > 20) throw error;
        await sleep(50);
      }
    }
  }
  return drops;
}

let drops: { ws: number; sse: number };
/** The SDK's stream client (sdk/src/stream.ts): every seq it handed over, across drops and restarts. */
const sdkSeqs: number[] = [];
let sdk: Stream;
const sdkFaults = { drops: 0, restarts: 0 };

const openSdk = (since: number | undefined) =>
  openStream({
    url: served.url,
    channels: [`chain:${chainId}`],
    since,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    backoff: { initialMs: 20, maxMs: 200 },
    onEvent: (event) => sdkSeqs.push(event.seq),
  });

/** Until `done`: cut the SDK client's connection (it reconnects by itself), or close it and open a new one from its last seq. */
async function sdkChaos(done: Promise<unknown>, random: () => number) {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished) {
    await sleep(50 + Math.floor(random() * 400));
    if (random() < 0.5) {
      sdk.drop();
      sdkFaults.drops++;
    } else {
      const at = sdk.last();
      sdk.close();
      sdk = openSdk(at);
      sdkFaults.restarts++;
    }
  }
}

beforeAll(async () => {
  console.log(`streams: seed ${SEED} (STREAMS_TEST_SEED to replay)`);
  side = await startSideStack("streams");
  chainId = side.c.deployment.chainId;
  served = await serveWithStreams(side.api.app, side.api.deps);
  // The slow client below never reads, so it never answers a ping either: without a long heartbeat, a workload slowed
  // by a busy machine let the heartbeat cut it as dead (1006) before its unread events passed the buffer (4008).
  tight = await serveWithStreams(side.api.app, side.api.deps, {
    maxBufferedBytes: 64 * 1024,
    closeGraceMs: 600_000,
    heartbeatMs: 600_000,
  });
  wallets = await fundedWallets(side.c, 10, { seed: "streams" });
  setup = await runWorkload(side.c, { seed: SEED, wallets, create: 4, steps: 10 });
  await sequencedAll();

  ws = await wsClient(served.wsUrl, { channels: [`chain:${chainId}`], since: 0 });
  sse = await sseClient(served.url, { channels: ["tokens", `token:${setup.created[0]}`], since: 0 });
  sdk = openSdk(0);
  // A client that stops reading: its socket is paused for the whole workload.
  slow = new WebSocket(`${tight.wsUrl}?channels=chain:${chainId}`);
  slowClose = new Promise((resolve) =>
    slow.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve) => slow.once("message", () => resolve()));
  (slow as unknown as { _socket: { pause(): void } })._socket.pause();

  const random = prng(SEED).next;
  const workload = runWorkload(side.c, {
    seed: SEED + 1,
    wallets,
    tokens: setup.created,
    steps: 1_300,
    graduate: { meme: 1, preseed: 1 },
  });
  const [loaded, wsDrops, sseDrops] = await Promise.all([
    workload,
    chaos(ws, workload, random),
    chaos(sse, workload, random),
    sdkChaos(workload, random),
  ]);
  load = loaded;
  drops = { ws: wsDrops, sse: sseDrops };
  await sequencedAll();
  (slow as unknown as { _socket: { resume(): void } })._socket.resume();
  console.log(
    `streams: ${load.counts.trades} trades, ${load.counts.transfers} transfers, ${load.counts.graduations} graduations in blocks ${load.firstBlock}..${load.lastBlock}; WebSocket dropped ${drops.ws} times, SSE ${drops.sse} times; the SDK client dropped ${sdkFaults.drops} times and restarted ${sdkFaults.restarts}`,
  );
}, 600_000);

afterAll(async () => {
  sdk?.close();
  ws?.close();
  sse?.close();
  slow?.terminate();
  await served?.close();
  await tight?.close();
  await side?.close();
});

describe("streams that resume", () => {
  it("ran a workload of at least 1,000 trades while both clients were dropped again and again", () => {
    expect(load.counts.trades).toBeGreaterThanOrEqual(1_000);
    expect(drops.ws).toBeGreaterThan(10);
    expect(drops.sse).toBeGreaterThan(10);
  });

  it("gives the WebSocket client every event of its channel exactly once, in order", async () => {
    const expected = await expectedSeqs([`chain:${chainId}`]);
    await ws.until((events) => events.at(-1)?.seq === expected.at(-1));
    expect(expected.length).toBeGreaterThan(5_000);
    expect(ws.events.map((e) => e.seq)).toEqual(expected);
  });

  it("gives the SSE client every event of its channels exactly once, in order", async () => {
    const token = setup.created[0]?.toLowerCase() as string;
    const expected = await expectedSeqs(["tokens", `token:${token}`]);
    await sse.until((events) => events.at(-1)?.seq === expected.at(-1));
    expect(sse.events.map((e) => e.seq)).toEqual(expected);
    const kinds = new Set(sse.events.map((e) => e.kind));
    for (const kind of ["token_created", "trade", "candle", "balance"]) expect(kinds).toContain(kind);
  });

  it("gives the SDK's stream client, dropped and restarted from its last seq, every event exactly once, in order", async () => {
    const expected = await expectedSeqs([`chain:${chainId}`]);
    await until("the SDK client is at the head", () => sdkSeqs.at(-1) === expected.at(-1), 20_000);
    expect(sdkFaults.drops).toBeGreaterThan(0);
    expect(sdkFaults.restarts).toBeGreaterThan(0);
    expect(sdkSeqs).toEqual(expected);
  });

  it("rebuilds, from the WebSocket client's events, the pools, balances, fees and candles the indexer holds", async () => {
    const ix = side.indexer.schema;
    const db = side.api.deps.db;
    const state = rebuild(ws.events);
    const indexed = await readIndexedState(db, ix, chainId);
    expect(indexed.pools.length).toBe(setup.created.length + (load.created.length ?? 0));
    for (const { token, ...expected } of indexed.pools) {
      expect({ token, ...state.pools.get(`${chainId}:${token}`) }).toEqual({ token, ...expected });
    }
    const nonZero = [...state.balances].filter(([, b]) => b !== "0");
    expect(new Map(nonZero)).toEqual(indexed.balances);
    expect(state.fees).toEqual(indexed.fees);
    // Each trade's candle event is its minute as it stood after the trade (so the last one is the minute's candle).
    const candled = [...indexed.minutes.values()].reduce((n, k) => n + Number(k.trades), 0);
    expect(candled).toBeGreaterThanOrEqual(load.counts.trades);
    expect(state.minutes).toEqual(indexed.minutes);
    expect(state.candles).toEqual(indexed.candles);
  });

  it("reads the indexer's rows a step at a time, whole blocks each, and all the steps give the same rows as one read", async () => {
    // A connection of its own, as the sequencer reads on: the API pool's 2 s statement timeout cancelled the one
    // read of the whole workload's rows (and its candles) in a loaded CI run.
    const db = new pg.Client({ connectionString: side.indexer.databaseUrl });
    await db.connect();
    onTestFinished(() => db.end());
    const schemas = { appSchema: side.api.deps.config.appSchema, indexerSchema: side.indexer.schema };
    const { rows: tops } = await db.query<{ head: string }>(
      `SELECT max(block_number)::text AS head FROM "${schemas.indexerSchema}".stream_event WHERE chain_id = $1`,
      [chainId],
    );
    const head = Number(tops[0]?.head);
    const all = await readStreamRows(db, schemas, chainId, 0, head, 1_000_000);
    expect(all.through).toBe(head);
    const limit = 50;
    const stepped: typeof all.rows = [];
    let after = 0;
    let steps = 0;
    while (after < head) {
      const step = await readStreamRows(db, schemas, chainId, after, head, limit);
      expect(step.through).toBeGreaterThan(after);
      // Fewer than `limit` rows before its last block, and that block whole (the next step starts after it).
      expect(step.rows.filter((r) => r.blockNumber < step.through).length).toBeLessThan(limit);
      expect(step.rows.every((r) => r.blockNumber > after && r.blockNumber <= step.through)).toBe(true);
      stepped.push(...step.rows);
      after = step.through;
      steps++;
    }
    expect(steps).toBeGreaterThan(all.rows.length / (2 * limit));
    expect(stepped).toEqual(all.rows);
  });

  it("closes a client that stops reading with 4008, and it can resume", async () => {
    const closed = await Promise.race([slowClose, sleep(20_000).then(() => null)]);
    expect(closed?.code).toBe(4008);
  });
});

describe("event shapes", () => {
  it("every event the WebSocket and SSE clients received fits its kind's schema (core/event-schemas.ts)", () => {
    const events = [...ws.events, ...sse.events];
    const kinds = new Set(events.map((e) => e.kind));
    // The workload makes every chain kind: tokens, trades, candles, balances, fees, graduations and their removal.
    for (const kind of ["token_created", "trade", "candle", "balance", "fees", "graduation"]) {
      expect(kinds).toContain(kind);
    }
    const misfits = new Map<string, string[]>();
    for (const event of events) {
      const issues = eventIssues(event);
      if (issues.length > 0 && !misfits.has(event.kind)) misfits.set(event.kind, [JSON.stringify(event), ...issues]);
    }
    expect(Object.fromEntries(misfits)).toEqual({});
  });

  it("every event received fits the served AsyncAPI document's payload, and its webhook body the OpenAPI webhooks'", async () => {
    const documents = await servedDocuments(served.url);
    const events = [...ws.events, ...sse.events];
    const misfits = new Map<string, string[]>();
    for (const event of events) {
      const issues = [...documents.event(event), ...documents.webhook(event).map((i) => `webhook: ${i}`)];
      if (issues.length > 0 && !misfits.has(event.kind)) misfits.set(event.kind, [JSON.stringify(event), ...issues]);
    }
    expect(Object.fromEntries(misfits)).toEqual({});
    // It can fail: an event with a field the documents do not name does not fit either.
    const [first] = events;
    if (!first) throw new Error("no event received");
    const forged = { ...first, data: { ...first.data, extra: 1 } };
    expect(documents.event(forged)).not.toEqual([]);
    expect(documents.webhook(forged)).not.toEqual([]);
  });
});

describe("channels", () => {
  it("refuses `me` without a credential, an unknown channel, and a bad credential at the upgrade", async () => {
    await expect(wsClient(served.wsUrl, { channels: ["me"], since: 0 })).rejects.toThrow(
      "Channel me requires authentication",
    );
    await expect(wsClient(served.wsUrl, { channels: ["everything"] })).rejects.toThrow(/Unknown channel/);
    await expect(wsClient(served.wsUrl, { channels: ["tokens"], token: "sk_not_a_key" })).rejects.toThrow(/401/);
  });

  it("carries a user's notifications on their `me` channel, and nobody else's", async () => {
    const alice = await side.api.jwt("streams-alice");
    const bob = await side.api.jwt("streams-bob");
    const me = await side.api.post("get-me", {}, alice);
    const aliceId = (me.body.user as { id: string }).id;
    const head = ws.last();
    const aliceStream = await wsClient(served.wsUrl, { channels: ["me"], token: alice, since: head });
    const bobStream = await wsClient(served.wsUrl, { channels: ["me"], token: bob, since: head });
    expect((await side.api.post("follow-user", { user_id: aliceId }, bob)).status).toBe(200);
    await aliceStream.until((events) => events.some((e) => e.kind === "notification"));
    const note = aliceStream.events.find((e) => e.kind === "notification");
    expect(note?.data).toMatchObject({ kind: "follow" });
    await sleep(300);
    expect(bobStream.events.filter((e) => e.kind === "notification")).toEqual([]);
    aliceStream.close();
    bobStream.close();
  });
});

describe("events since a sequence number (get-events, get_events)", () => {
  it("pages a token's events with next until the log's head, as the stream gave them", async () => {
    const token = setup.created[0]?.toLowerCase() as string;
    const expected = await expectedSeqs([`token:${token}`]);
    const seen: number[] = [];
    let since = 0;
    for (let page = 0; page < 100; page++) {
      const res = await side.api.post("get-events", { channels: [`token:${token}`], since, limit: 500 });
      expect(res.status).toBe(200);
      const body = res.body as unknown as { events: { seq: number }[]; next: number; head: number };
      seen.push(...body.events.map((e) => e.seq));
      if (body.events.length === 0) break;
      since = body.next;
    }
    expect(seen).toEqual(expected);
    const refused = await side.api.post("get-events", { channels: ["me"] });
    expect(refused).toMatchObject({ status: 401, body: { error: "Channel me requires authentication" } });
    const unknown = await side.api.post("get-events", { channels: ["everything"] });
    expect(unknown.status).toBe(400);
  });

  it("answers the MCP tool get_events with the same events", async () => {
    const mcp = await serveMcp(side.api.deps, mcpConfig({ allowAnonymous: true }));
    try {
      const client = await httpClient(mcp.url);
      const rest = await side.api.post("get-events", { channels: ["tokens"], since: 0, limit: 50 });
      const tool = await mcpOk<{ events: { seq: number }[]; next: number }>(client, "get_events", {
        channels: ["tokens"],
        since: 0,
        limit: 50,
      });
      const restSeqs = (rest.body as unknown as { events: { seq: number }[] }).events.map((e) => e.seq);
      expect(restSeqs.length).toBeGreaterThan(0);
      expect(tool.events.map((e) => e.seq)).toEqual(restSeqs);
      await client.close();
    } finally {
      await mcp.close();
    }
  });
});

/** A raw WebSocket on `url` and every frame it received, parsed. */
async function rawSocket(url: string) {
  const socket = new WebSocket(url);
  const frames: Record<string, unknown>[] = [];
  socket.on("message", (data) => frames.push(JSON.parse(data.toString())));
  await until("the welcome frame", () => frames.length > 0);
  return { socket, frames, of: (type: string) => frames.filter((f) => f.type === type) };
}

describe("a resume point ahead of the log", () => {
  const refusal = (since: number, head: number) =>
    `since ${since} is ahead of the event log, whose last seq is ${head}: resync, then resume from ${head}`;
  const logHead = () => (side.api.deps.streams as NonNullable<typeof side.api.deps.streams>).logHead();

  it("is refused on a WebSocket with an error frame naming the head; the connection stays and may resume at the head", async () => {
    const head = await logHead();
    const ahead = head + 1_000;
    const { socket, of } = await rawSocket(served.wsUrl);
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: ahead }));
    await until("the error frame", () => of("error").length > 0);
    expect(of("error")).toEqual([{ type: "error", error: refusal(ahead, head), reason: "since_ahead", head }]);
    expect(of("subscribed")).toEqual([]);
    // The head itself is a resume point: nothing was missed.
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: head }));
    await until("subscribed", () => of("subscribed").length > 0);
    expect(of("subscribed")).toEqual([{ type: "subscribed", channels: ["tokens"], seq: head }]);
    socket.close();

    // The same from the upgrade's query.
    const atOnce = await rawSocket(`${served.wsUrl}?channels=tokens&since=${ahead}`);
    await until("the error frame", () => atOnce.of("error").length > 0);
    expect(atOnce.of("error")[0]).toMatchObject({ reason: "since_ahead", head });
    atOnce.socket.close();
  });

  it("is told to the SDK's stream client as a resync from the head, and the client goes on from there", async () => {
    const head = await logHead();
    const resyncs: number[] = [];
    let connected = 0;
    const stream = openStream({
      url: served.url,
      channels: ["tokens"],
      since: head + 1_000,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onEvent: () => undefined,
      onResync: (at) => resyncs.push(at),
      onConnected: () => connected++,
    });
    try {
      await until("the client resynced and subscribed", () => connected > 0);
      expect(resyncs).toEqual([head]);
      expect(stream.last()).toBe(head);
    } finally {
      stream.close();
    }
  });

  it("is answered 409 naming the head over SSE (since or Last-Event-ID) and by get-events; the head is accepted", async () => {
    const head = await logHead();
    const ahead = head + 1_000;
    for (const res of [
      await fetch(`${served.url}/stream?channels=tokens&since=${ahead}`),
      await fetch(`${served.url}/stream?channels=tokens`, { headers: { "last-event-id": String(ahead) } }),
    ]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ success: false, error: refusal(ahead, head) });
    }
    const atHead = new AbortController();
    const open = await fetch(`${served.url}/stream?channels=tokens&since=${head}`, { signal: atHead.signal });
    expect(open.status).toBe(200);
    atHead.abort();

    const events = await side.api.post("get-events", { channels: ["tokens"], since: head + 1 });
    expect(events).toMatchObject({ status: 409, body: { success: false, error: refusal(head + 1, head) } });
    const atHeadEvents = await side.api.post("get-events", { channels: ["tokens"], since: head });
    expect(atHeadEvents.body).toMatchObject({ events: [], next: head, head });
  });
});

describe("a resume point of another log", () => {
  const hub = () => side.api.deps.streams as NonNullable<typeof side.api.deps.streams>;
  /** A log that is not this one, as a client's saved log is after a database reset. */
  const other = "00000000-0000-4000-8000-000000000000";
  const refusal = (since: number, head: number) =>
    `since ${since} belongs to event log ${other}, not to this one (${hub().logId}): resync, then resume from ${head}`;

  it("is refused on a WebSocket with an error frame naming this log and the head; this log's id is accepted", async () => {
    const { head } = await hub().logBounds();
    const { socket, frames, of } = await rawSocket(served.wsUrl);
    expect(frames[0]).toMatchObject({ type: "welcome", log: hub().logId });
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: 1, log: other }));
    await until("the error frame", () => of("error").length > 0);
    expect(of("error")).toEqual([
      { type: "error", error: refusal(1, head), reason: "log_changed", head, log: hub().logId },
    ]);
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: head, log: hub().logId }));
    await until("subscribed", () => of("subscribed").length > 0);
    socket.close();
  });

  it("is answered 409 over SSE (?log=) and by get-events; an answer names its log", async () => {
    const { head } = await hub().logBounds();
    const res = await fetch(`${served.url}/stream?channels=tokens&since=1&log=${other}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, error: refusal(1, head) });
    const refused = await side.api.post("get-events", { channels: ["tokens"], since: 1, log: other });
    expect(refused).toMatchObject({ status: 409, body: { success: false, error: refusal(1, head) } });
    const answered = await side.api.post("get-events", { channels: ["tokens"], since: head, log: hub().logId });
    expect(answered.body).toMatchObject({ success: true, log: hub().logId, head });
  });

  it("is told to the SDK's stream client as a resync from the head, which then keeps this log", async () => {
    const { head } = await hub().logBounds();
    const resyncs: [number, string][] = [];
    let connected = 0;
    const stream = openStream({
      url: served.url,
      channels: ["tokens"],
      since: 1,
      log: other,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onEvent: () => undefined,
      onResync: (at, reason) => resyncs.push([at, reason]),
      onConnected: () => connected++,
    });
    try {
      await until("the client resynced and subscribed", () => connected > 0);
      expect(resyncs).toEqual([[head, "log_changed"]]);
      expect({ last: stream.last(), log: stream.log() }).toEqual({ last: head, log: hub().logId });
    } finally {
      stream.close();
    }
  });
});

describe("the sequencer", () => {
  it("appends events while the API's own thread is held: it works on a thread of its own", async () => {
    const { db, config } = side.api.deps;
    const app = config.appSchema;
    await sequencedAll();
    const heldMs = 2_000;
    const channel = `user:${crypto.randomUUID()}`;
    const { rows: at } = await db.query<{ now: Date }>("SELECT clock_timestamp() AS now");
    await db.query(`INSERT INTO "${app}".event_outbox (kind, channels, data) VALUES ('notification', $1, '{}')`, [
      [channel],
    ]);
    // This thread runs nothing for heldMs: no callback, no I/O. A sequencer on it would wait as long.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, heldMs);
    const { rows } = await db.query<{ created_at: Date }>(
      `SELECT created_at FROM "${app}".events WHERE $1 = ANY (channels)`,
      [channel],
    );
    expect(rows).toHaveLength(1);
    const appendedAfterMs = (rows[0]?.created_at.getTime() ?? 0) - (at[0]?.now.getTime() ?? 0);
    expect(appendedAfterMs).toBeLessThan(heldMs);
  });
});

describe("the sequencer's thread", () => {
  it("is started again when it ends, and the new one goes on sequencing", async () => {
    const databaseUrl = side.indexer.databaseUrl;
    const appSchema = uniqueName("seqthread");
    await migrate({ databaseUrl, schema: appSchema });
    const threads: Worker[] = [];
    const exitCodes: number[] = [];
    const lines: string[] = [];
    const sequencer = startSequencerThread(
      {
        databaseUrl,
        schemas: { appSchema, indexerSchema: side.indexer.schema },
        pollMs: 100,
        log: (l) => lines.push(l),
      },
      (thread) => {
        threads.push(thread);
        thread.on("exit", (code) => exitCodes.push(code));
      },
    );
    const db = side.api.deps.db;
    const appended = async (channel: string) => {
      await db.query(
        `INSERT INTO "${appSchema}".event_outbox (kind, channels, data) VALUES ('notification', $1, '{}')`,
        [[channel]],
      );
      await until(
        `an event on ${channel}`,
        async () =>
          (await db.query(`SELECT 1 FROM "${appSchema}".events WHERE $1 = ANY (channels)`, [channel])).rowCount === 1,
        15_000,
      );
    };
    try {
      await appended(`user:${crypto.randomUUID()}`);
      expect(threads).toHaveLength(1);
      await threads[0]?.terminate();
      await until("a second thread", () => threads.length === 2, 5_000);
      await appended(`user:${crypto.randomUUID()}`);
      expect(lines.some((l) => l.includes("sequencer thread ended"))).toBe(true);
    } finally {
      const stopping = Date.now();
      await sequencer.stop();
      // The thread closed its connection and ended by itself (exit code 0), well before stop() would end it (5 s).
      expect(Date.now() - stopping).toBeLessThan(3_000);
      await db.query(`DROP SCHEMA "${appSchema}" CASCADE`);
    }
    // stop() ended the thread it had, and no other was started after it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(threads).toHaveLength(2);
    expect(exitCodes).toEqual([1, 0]);
  }, 60_000);

  it("refuses a schema name it could not quote, at once", () => {
    const schemas = { appSchema: 'app"; DROP TABLE x; --', indexerSchema: side.indexer.schema };
    expect(() => startSequencerThread({ databaseUrl: side.indexer.databaseUrl, schemas })).toThrow(
      /Invalid schema name/,
    );
  });
});

describe("a resume point older than the log keeps", () => {
  const DAY = 86_400_000;
  const hub = () => side.api.deps.streams as NonNullable<typeof side.api.deps.streams>;
  const refusal = (since: number, oldest: number, head: number) =>
    `since ${since} is older than the event log keeps, which starts at seq ${oldest}: resync, then resume from ${head}`;
  let oldest: number;
  let head: number;
  /**
   * A connection of its own, as the sequencer prunes on: the API's pool has a statement timeout (2 s), which a loaded
   * CI run's UPDATE of half the log once exceeded.
   */
  let db: pg.Client;

  beforeAll(async () => {
    db = new pg.Client({ connectionString: side.indexer.databaseUrl });
    await db.connect();
    const app = side.api.deps.config.appSchema;
    await sequencedAll();
    head = (await hub().logBounds()).head;
    // The first half of the log is made 31 days old, as time would make it; the retention is 30 days.
    const aged = Math.floor(head / 2);
    await db.query(`UPDATE "${app}".events SET created_at = created_at - interval '31 days' WHERE seq <= $1`, [aged]);
    const retention = new Date(Date.now() - 30 * DAY);
    // Nothing the webhook dispatcher has not gone past is dropped (it runs in the worker, which this stack has not).
    await db.query(`UPDATE "${app}".webhook_cursor SET seq = 0`);
    expect(await pruneEvents(db, app, retention)).toEqual({ pruned: 0, oldest: 1 });
    await db.query(`UPDATE "${app}".webhook_cursor SET seq = $1`, [head]);
    const pruned = await pruneEvents(db, app, retention);
    expect(pruned).toEqual({ pruned: aged, oldest: aged + 1 });
    oldest = pruned.oldest;
  });

  it("is refused on a WebSocket with an error frame naming the oldest seq and the head; oldest - 1 is accepted", async () => {
    const { socket, of } = await rawSocket(served.wsUrl);
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: 0 }));
    await until("the error frame", () => of("error").length > 0);
    expect(of("error")).toEqual([
      { type: "error", error: refusal(0, oldest, head), reason: "since_expired", head, oldest },
    ]);
    expect(of("subscribed")).toEqual([]);
    // Nothing after oldest - 1 is gone: it is a resume point.
    socket.send(JSON.stringify({ type: "subscribe", channels: ["tokens"], since: oldest - 1 }));
    await until("subscribed", () => of("subscribed").length > 0);
    expect(of("subscribed")).toEqual([{ type: "subscribed", channels: ["tokens"], seq: oldest - 1 }]);
    socket.close();
  });

  it("is answered 410 naming the oldest seq over SSE (since or Last-Event-ID) and by get-events", async () => {
    const since = oldest - 2;
    for (const res of [
      await fetch(`${served.url}/stream?channels=tokens&since=${since}`),
      await fetch(`${served.url}/stream?channels=tokens`, { headers: { "last-event-id": String(since) } }),
    ]) {
      expect(res.status).toBe(410);
      expect(await res.json()).toEqual({ success: false, error: refusal(since, oldest, head) });
    }
    const events = await side.api.post("get-events", { channels: ["tokens"], since });
    expect(events).toMatchObject({ status: 410, body: { success: false, error: refusal(since, oldest, head) } });
    const kept = await side.api.post("get-events", {
      channels: [`chain:${side.c.deployment.chainId}`],
      since: oldest - 1,
    });
    expect(kept.status).toBe(200);
  });

  it("is told to the SDK's stream client as a resync from the head", async () => {
    const resyncs: [number, string][] = [];
    let connected = 0;
    const stream = openStream({
      url: served.url,
      channels: ["tokens"],
      since: 0,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      onEvent: () => undefined,
      onResync: (at, reason) => resyncs.push([at, reason]),
      onConnected: () => connected++,
    });
    try {
      await until("the client resynced and subscribed", () => connected > 0);
      expect(resyncs).toEqual([[head, "since_expired"]]);
      expect(stream.last()).toBe(head);
    } finally {
      stream.close();
    }
  });

  afterAll(async () => {
    await db?.end();
  });

  it("keeps the log's last event whatever its age: the next seq follows it", async () => {
    const all = await pruneEvents(db, side.api.deps.config.appSchema, new Date(Date.now() + DAY));
    expect(all).toEqual({ pruned: head - oldest, oldest: head });
    expect(await hub().logBounds()).toEqual({ oldest: head, head });
  });
});
