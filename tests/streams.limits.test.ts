/**
 * Stream connection limits, played as an attacker would: one client address opening connections until it holds
 * every slot of the process. Each address may hold STREAM_MAX_CONNECTIONS_PER_ADDRESS connections, WebSocket and
 * SSE together (3 here), and the process STREAM_MAX_CONNECTIONS (6 here); a forged X-Forwarded-For buys nothing
 * unless the peer is a trusted proxy, and a closed connection gives its slot back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { parseTrustProxy } from "../api/client-address.js";
import { createTestApi } from "./helpers/api.js";
import { type Served, serveWithStreams } from "./helpers/streams.js";
import { uniqueName } from "./helpers/worker.js";

const PER_ADDRESS = 3;
const PER_PROCESS = 6;

let api: Awaited<ReturnType<typeof createTestApi>>;
let served: Served;
/** Connections opened by a test, closed after it. */
let open: WebSocket[] = [];

beforeAll(async () => {
  api = await createTestApi({
    indexerSchema: uniqueName("ix"),
    quotes: false,
    config: { streams: { maxConnections: PER_PROCESS, maxPerAddress: PER_ADDRESS } },
  });
  served = await serveWithStreams(api.app, api.deps);
}, 60_000);

afterAll(async () => {
  await served?.close();
  await api?.close();
});

/** Open a WebSocket; resolves with "welcome" once the server greets it, or with the code and reason it closed with. */
function connect(headers: Record<string, string> = {}): Promise<{ ws: WebSocket; outcome: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${served.wsUrl}?channels=tokens`, { headers });
    ws.once("message", (raw) => {
      const m = JSON.parse(raw.toString()) as { type: string };
      if (m.type === "welcome") {
        open.push(ws);
        resolve({ ws, outcome: "welcome" });
      }
    });
    ws.once("close", (code, reason) => resolve({ ws, outcome: `${code} ${reason.toString()}` }));
    ws.once("error", reject);
  });
}

async function closeAll() {
  const closing = open.map((ws) => {
    if (ws.readyState === ws.CLOSED) return Promise.resolve();
    const closed = new Promise<void>((done) => ws.once("close", () => done()));
    ws.close();
    return closed;
  });
  await Promise.all(closing);
  open = [];
  // The server releases a slot when it sees the close.
  await new Promise((r) => setTimeout(r, 100));
}

describe("stream connections per client address", () => {
  it("refuses the connection past the address's limit with 4029, whatever X-Forwarded-For it claims", async () => {
    for (let i = 0; i < PER_ADDRESS; i++) expect((await connect()).outcome).toBe("welcome");
    const refused = `4029 Too many connections from this address (at most ${PER_ADDRESS})`;
    expect((await connect()).outcome).toBe(refused);
    expect((await connect({ "x-forwarded-for": "203.0.113.7" })).outcome).toBe(refused);
    // SSE shares the slots.
    const sse = await fetch(`${served.url}/stream?channels=tokens`, { headers: { accept: "text/event-stream" } });
    expect(sse.status).toBe(429);
    expect(await sse.json()).toMatchObject({ success: false, error: refused.slice(5) });
    await closeAll();
  });

  it("gives a slot back when a connection closes, WebSocket or SSE", async () => {
    const first = await connect();
    for (let i = 1; i < PER_ADDRESS; i++) expect((await connect()).outcome).toBe("welcome");
    expect((await connect()).outcome).toMatch(/^4029 /);
    first.ws.close();
    await new Promise((r) => setTimeout(r, 100));
    expect((await connect()).outcome).toBe("welcome");
    await closeAll();

    const controller = new AbortController();
    const sse = await fetch(`${served.url}/stream?channels=tokens`, {
      headers: { accept: "text/event-stream" },
      signal: controller.signal,
    });
    expect(sse.status).toBe(200);
    for (let i = 1; i < PER_ADDRESS; i++) expect((await connect()).outcome).toBe("welcome");
    expect((await connect()).outcome).toMatch(/^4029 /);
    controller.abort();
    await sse.body?.cancel().catch(() => undefined);
    let outcome = "";
    for (let i = 0; i < 50 && outcome !== "welcome"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      outcome = (await connect()).outcome;
    }
    expect(outcome).toBe("welcome");
    await closeAll();
  });

  it("counts, behind a trusted proxy, each forwarded client alone, and the process's limit over all of them", async () => {
    const trustProxy = api.deps.config.trustProxy;
    api.deps.config.trustProxy = parseTrustProxy("loopback");
    try {
      for (let i = 0; i < PER_PROCESS; i++) {
        const from = { "x-forwarded-for": `198.51.100.${1 + Math.floor(i / 2)}` };
        expect((await connect(from)).outcome).toBe("welcome");
      }
      expect((await connect({ "x-forwarded-for": "198.51.100.99" })).outcome).toBe(
        "4029 Too many connections on this server",
      );
    } finally {
      api.deps.config.trustProxy = trustProxy;
      await closeAll();
    }
  });
});

describe("abusive frames, sent with no credential", () => {
  /** Open a connection, send `frames` once welcomed, and resolve with the code and reason it is closed with. */
  async function closedBy(...frames: (string | Buffer | { binary: Buffer })[]): Promise<string> {
    const { ws, outcome } = await connect();
    expect(outcome).toBe("welcome");
    const closed = new Promise<string>((resolve) => ws.once("close", (code, reason) => resolve(`${code} ${reason}`)));
    ws.on("error", () => undefined);
    for (const frame of frames) {
      if (typeof frame === "object" && "binary" in frame) ws.send(frame.binary, { binary: true });
      else ws.send(frame, { binary: false });
    }
    return closed;
  }

  /** The process still serves: a new connection is welcomed and answers a ping. */
  async function stillServes() {
    const { ws, outcome } = await connect();
    expect(outcome).toBe("welcome");
    const pong = new Promise<{ type: string }>((resolve) => ws.once("message", (raw) => resolve(JSON.parse(`${raw}`))));
    ws.send(JSON.stringify({ type: "ping" }));
    expect((await pong).type).toBe("pong");
    await closeAll();
  }

  it("closes a 70,000-byte frame with 1009 and keeps serving", async () => {
    expect(await closedBy("x".repeat(70_000))).toMatch(/^1009/);
    await stillServes();
  });

  it("closes a binary frame with 1003", async () => {
    expect(await closedBy({ binary: Buffer.from(JSON.stringify({ type: "ping" })) })).toBe(
      "1003 Binary frames are not accepted: send JSON text",
    );
    await stillServes();
  });

  it("closes text that is not a JSON object with 1007, and text that is not UTF-8 too", async () => {
    expect(await closedBy("{not json")).toBe("1007 Malformed message: send a JSON object");
    expect(await closedBy("[1,2]")).toBe("1007 Malformed message: send a JSON object");
    expect(await closedBy(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))).toMatch(/^1007/);
    await stillServes();
  });

  it("closes a client that sends more messages than its bucket holds with 1008", async () => {
    const ping = JSON.stringify({ type: "ping" });
    expect(await closedBy(...Array.from({ length: 200 }, () => ping))).toBe(
      "1008 Too many messages: at most 10 a second",
    );
    await stillServes();
  });

  it("answers a bad message that is a JSON object with an error frame, and keeps the connection", async () => {
    const { ws } = await connect();
    const reply = new Promise<{ type: string; error: string }>((resolve) =>
      ws.once("message", (raw) => resolve(JSON.parse(`${raw}`))),
    );
    ws.send(JSON.stringify({ type: "dance" }));
    expect(await reply).toEqual({ type: "error", error: "type: one of subscribe, unsubscribe, auth, ping" });
    expect(ws.readyState).toBe(ws.OPEN);
    await closeAll();
  });
});
