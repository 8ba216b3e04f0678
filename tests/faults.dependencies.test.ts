/**
 * Dependency outages, played on real processes: `api/server.ts` and `worker/index.ts` against a Postgres and a Redis
 * of this file's own, which the test restarts and stops. Neither process may die; while a dependency is down the API
 * answers 503 with Retry-After and the error envelope; once it is back both serve again without a restart. Both write
 * JSON log lines, and the id of a request follows its intent from the API into the worker's lines.
 */
import { SignJWT } from "jose";
import postgres from "pg";
import { encodeFunctionData, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockUsdcAbi } from "../abis/index.js";
import { DEV_JWT_SECRET } from "../api/config.js";
import { type OwnPostgres, startPostgres } from "./helpers/postgres.js";
import { until } from "./helpers/until.js";
import {
  freePort,
  type SpawnedProcess,
  spawnProcess,
  startRedis,
  startSideChain,
  uniqueName,
} from "./helpers/worker.js";

let pg: OwnPostgres;
let redis: Awaited<ReturnType<typeof startRedis>>;
let side: Awaited<ReturnType<typeof startSideChain>>;
let api: SpawnedProcess;
let worker: SpawnedProcess;
let apiUrl: string;
let jwt: string;
let appSchema: string;

async function post(name: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${apiUrl}/functions/v1/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${jwt}`, ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get("retry-after"),
    requestId: res.headers.get("x-request-id"),
    body: (await res.json()) as Record<string, unknown>,
  };
}

/** A call that reads and writes the app schema (the caller is provisioned on its first call). */
const intentStatus = () => post("get-intent-status", { intentId: "00000000-0000-4000-8000-000000000000" });

beforeAll(async () => {
  [pg, redis, side] = await Promise.all([startPostgres(), startRedis(), startSideChain()]);
  const port = await freePort();
  apiUrl = `http://127.0.0.1:${port}`;
  appSchema = uniqueName("faults");
  const env = {
    NODE_ENV: "test",
    DATABASE_URL: pg.url,
    REDIS_URL: redis.url,
    APP_SCHEMA: appSchema,
    INDEXER_SCHEMA: uniqueName("ix"),
    QUEUE_PREFIX: `${appSchema}-`,
    RPC_URL: side.chain.rpcUrl,
    CHAIN_SLUG: "base-sepolia",
    DEPLOYMENTS_DIR: side.deploymentsDir,
    AUTH_JWT_SECRET: DEV_JWT_SECRET,
    WALLET_SECRET: `${appSchema}-wallet-secret`,
  };
  api = spawnProcess({
    entry: "api/server.ts",
    name: "api",
    env: { ...env, PORT: String(port), PUBLIC_URL: apiUrl },
  });
  await api.waitForLine(/listening on/, 60_000);
  worker = spawnProcess({ entry: "worker/index.ts", name: "worker", env });
  await worker.waitForLine(/ready on queue/, 60_000);
  jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject("faults-user")
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(new TextEncoder().encode(DEV_JWT_SECRET));
  expect((await intentStatus()).status).toBe(404);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled([api?.stop(), worker?.stop()]);
  await Promise.allSettled([pg?.destroy(), redis?.stop(), side?.stop()]);
});

function expectAlive() {
  expect(api.running(), `api exited:\n${api.lines.slice(-20).join("\n")}`).toBe(true);
  expect(worker.running(), `worker exited:\n${worker.lines.slice(-20).join("\n")}`).toBe(true);
}

describe("a restart of Postgres", () => {
  it("ends neither process, and both serve again by themselves", async () => {
    await pg.restart();
    // The pools' idle connections were ended with 57P01; a process that does not hear it dies within a second.
    await new Promise((r) => setTimeout(r, 3_000));
    expectAlive();
    await until("the API serves again", async () => (await intentStatus()).status === 404, 20_000);
    expectAlive();
  });
});

describe("Postgres down", () => {
  it("answers 503 with Retry-After and the envelope, then serves again once it is back", async () => {
    await pg.stop();
    try {
      const down = await intentStatus();
      expect(down.status).toBe(503);
      expect(down.retryAfter).toBe("5");
      expect(down.body).toEqual({ success: false, error: "The database is unavailable; try again in a few seconds" });
      await new Promise((r) => setTimeout(r, 2_000));
      expectAlive();
    } finally {
      await pg.start();
    }
    await until("the API serves again", async () => (await intentStatus()).status === 404, 20_000);
    expectAlive();
  });
});

describe("Redis down, and back", () => {
  it("answers 503 with Retry-After from the rate limiter, and neither process dies", async () => {
    await redis.stop();
    try {
      const down = await intentStatus();
      expect(down.status).toBe(503);
      expect(down.retryAfter).toBe("5");
      expect(down.body).toEqual({
        success: false,
        error: "The cache (Redis) is unavailable; try again in a few seconds",
      });
      await new Promise((r) => setTimeout(r, 2_000));
      expectAlive();
    } finally {
      await redis.restart();
    }
    await until("the API serves again", async () => (await intentStatus()).status === 404, 30_000);
    expectAlive();
  });
});

describe("structured logs", () => {
  it("follow a request's id from the API into the worker's lines for its intent", async () => {
    const client = new postgres.Client({ connectionString: pg.url });
    await client.connect();
    const { rows } = await client.query<{ wallet_address: `0x${string}` }>(
      `SELECT wallet_address FROM ${appSchema}.users WHERE external_sub = 'faults-user'`,
    );
    await client.end();
    const wallet = rows[0]?.wallet_address as `0x${string}`;
    await side.chain.testClient.setBalance({ address: wallet, value: parseEther("1") });
    const requestId = `trace-${Date.now()}`;
    // The USDC faucet, to the wallet itself: a call the spending policy prices without the index (none runs here).
    const usdc = side.chain.deployment.contracts.usdc;
    const data = encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [wallet, 1_000_000n] });
    const sent = await post(
      "execute-transaction",
      { to: usdc, amount: "0", data, chainSlug: "base-sepolia" },
      { "x-request-id": requestId },
    );
    expect(sent.requestId).toBe(requestId);
    expect(sent.body, api.lines.slice(-5).join("\n")).toMatchObject({ executed: true, status: "confirmed" });
    const intentId = sent.body.intentId as string;
    // Every line is one JSON object; the worker's lines for this intent carry the request's id.
    const entries = worker.lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    const traced = entries.filter((e) => e.intentId === intentId);
    expect(traced.length).toBeGreaterThan(0);
    for (const e of traced) expect(e).toMatchObject({ name: "worker", requestId, intentId });
    expect(traced.map((e) => e.msg)).toContainEqual(expect.stringMatching(/signed nonce/));
  });
});
