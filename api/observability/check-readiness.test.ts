import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiDeps } from "../deps.js";
import { checkReadiness, MAX_INDEXER_LAG_BLOCKS } from "./check-readiness.js";

const CHAIN = "base-sepolia";
/** A port nothing listens on: connections to it are refused at once. */
const CLOSED_RPC = "http://127.0.0.1:1";

/** A JSON-RPC stand-in that answers eth_blockNumber with block 0x78 (120). */
let rpc: Server;
let rpcUrl: string;
beforeAll(async () => {
  rpc = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: "0x78" }));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => rpc.close(resolve)));

type Fakes = {
  query?: () => Promise<unknown>;
  ping?: () => Promise<unknown>;
  rpcUrl?: string;
  indexed?: number | null;
};

function fakeDeps(f: Fakes = {}): ApiDeps {
  return {
    db: { query: f.query ?? (async (sql: string) => ({ rows: sql === "SELECT 1" ? [{ "?column?": 1 }] : [] })) },
    redis: { ping: f.ping ?? (async () => "PONG") },
    config: { appSchema: "app_test", indexerSchema: "ix_test" },
    rpcUrls: new Map([[CHAIN, f.rpcUrl ?? rpcUrl]]),
    chainHead: { get: () => 120n, stop: () => {} },
    versions: { indexedBlock: () => (f.indexed === undefined ? 115 : f.indexed) },
  } as unknown as ApiDeps;
}

const never = () => new Promise<never>(() => {});

describe("checkReadiness", () => {
  it("test_checkReadiness_everyPartAnswers_isReady", async () => {
    const report = await checkReadiness(fakeDeps());
    expect(report.ready).toBe(true);
    expect(report.failing).toEqual([]);
    expect(Object.keys(report.checks)).toEqual(["postgres", "redis", `rpc:${CHAIN}`, `indexer:${CHAIN}`]);
    expect(report.checks[`rpc:${CHAIN}`]).toMatchObject({ ok: true, block: 120 });
    expect(report.checks[`indexer:${CHAIN}`]).toMatchObject({ ok: true, lagBlocks: 5 });
  });

  it("test_checkReadiness_revertsIfPostgresRefuses_namingPostgresAndItsErrorCode", async () => {
    const refused = async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.5:5432"), { code: "ECONNREFUSED" });
    };
    const report = await checkReadiness(fakeDeps({ query: refused }));
    expect(report.ready).toBe(false);
    expect(report.failing).toEqual(["postgres"]);
    // The code, never the message with the address in it.
    expect(report.checks.postgres).toMatchObject({ ok: false, error: "ECONNREFUSED" });
  });

  it("test_checkReadiness_revertsIfRedisNeverAnswers_withinTheBound", async () => {
    const started = Date.now();
    const report = await checkReadiness(fakeDeps({ ping: never }), { timeoutMs: 50 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(report.failing).toEqual(["redis"]);
    expect(report.checks.redis).toMatchObject({ ok: false, error: "No answer within 50 ms" });
  });

  it("test_checkReadiness_revertsIfTheRpcRefuses", async () => {
    const report = await checkReadiness(fakeDeps({ rpcUrl: CLOSED_RPC }));
    expect(report.failing).toEqual([`rpc:${CHAIN}`]);
    expect(report.checks[`rpc:${CHAIN}`]?.ok).toBe(false);
  });

  it("test_checkReadiness_revertsIfTheIndexerIsTooFarBehind", async () => {
    const behind = 120 - MAX_INDEXER_LAG_BLOCKS - 1;
    const report = await checkReadiness(fakeDeps({ indexed: behind }));
    expect(report.failing).toEqual([`indexer:${CHAIN}`]);
    expect(report.checks[`indexer:${CHAIN}`]).toMatchObject({
      ok: false,
      error: `The indexer is ${MAX_INDEXER_LAG_BLOCKS + 1} blocks behind the chain head (at most ${MAX_INDEXER_LAG_BLOCKS})`,
    });
    // At the bound it is still ready.
    expect((await checkReadiness(fakeDeps({ indexed: 120 - MAX_INDEXER_LAG_BLOCKS }))).ready).toBe(true);
  });
});
