/**
 * Streams when the API runs as several processes: two `api/server.ts` processes on one app schema, a WebSocket
 * client on each. Both clients get the same events (each process reads the log and fans it out to its own clients),
 * and when the process that was sequencing is killed, the other takes over and its client misses nothing.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { DEV_JWT_SECRET } from "../api/config.js";
import { noAttribution } from "../core/fees.js";
import { startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, createToken, fundedWallets, fundUsdc, send, type Wallet } from "./helpers/chain.js";
import { type StreamClient, wsClient } from "./helpers/streams.js";
import { deploymentsDirFor, freePort, sharedRedisUrl, uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const root = new URL("..", import.meta.url).pathname;

type ApiProcess = { child: ChildProcess; port: number; lines: string[]; exited: Promise<void> };

let c: Chain;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let deploymentsDir: string;
const appSchema = uniqueName("app");
const apis: ApiProcess[] = [];
let wallet: Wallet;
let token: `0x${string}`;

async function startApi(name: string): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "api/server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "test",
      DATABASE_URL: indexer.databaseUrl,
      REDIS_URL: sharedRedisUrl,
      APP_SCHEMA: appSchema,
      INDEXER_SCHEMA: indexer.schema,
      QUEUE_PREFIX: `${appSchema}-`,
      RPC_URL: c.rpcUrl,
      CHAIN_SLUG: c.deployment.chainSlug,
      DEPLOYMENTS_DIR: deploymentsDir,
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      AUTH_JWT_SECRET: DEV_JWT_SECRET,
      WALLET_SECRET: `${appSchema}-wallet-secret`,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const listening = new Promise<void>((resolve, reject) => {
    for (const stream of [child.stdout, child.stderr]) {
      stream?.setEncoding("utf8");
      stream?.on("data", (chunk: string) => {
        for (const line of chunk.split("\n").filter(Boolean)) {
          lines.push(line);
          if (line.includes("listening on")) resolve();
        }
      });
    }
    child.once("exit", (code) => reject(new Error(`${name} exited ${code}: ${lines.join("\n")}`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await listening;
  return { child, port, lines, exited };
}

async function buy(usdc: bigint) {
  await send(c, wallet, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [token, usdc * USDC, 0n, maxUint256, noAttribution],
  } as never);
}

const seqs = (client: StreamClient) => client.events.map((e) => e.seq);

/** Resolves once neither client has received anything for 300 ms and both hold as many events. */
async function settled(a: StreamClient, b: StreamClient) {
  for (let i = 0; i < 100; i++) {
    const counts = [a.events.length, b.events.length];
    await new Promise((r) => setTimeout(r, 300));
    if (counts[0] === counts[1] && counts[0] === a.events.length && counts[1] === b.events.length) return;
  }
}

beforeAll(async () => {
  c = chain();
  indexer = await startTestIndexer();
  deploymentsDir = deploymentsDirFor(c.deployment);
  // One at a time: the first migrates the app schema.
  apis.push(await startApi("api-1"));
  apis.push(await startApi("api-2"));
  [wallet] = await fundedWallets(c, 1, { seed: "streams.processes" });
  await fundUsdc(c, wallet, 1_000n * USDC);
  ({ token } = await createToken(c, wallet, 7));
}, 120_000);

afterAll(async () => {
  for (const api of apis) api.child.kill("SIGKILL");
  await indexer?.close();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

describe("streams across API processes", () => {
  it("gives a client of each process the same events, and goes on when the sequencing process dies", async () => {
    const channels = [`token:${token.toLowerCase()}`];
    const [a, b] = apis as [ApiProcess, ApiProcess];
    const one = await wsClient(`ws://127.0.0.1:${a.port}/stream`, { channels, since: 0 });
    const two = await wsClient(`ws://127.0.0.1:${b.port}/stream`, { channels, since: 0 });
    for (const usdc of [10n, 20n, 30n]) await buy(usdc);
    const trades = (client: StreamClient) => client.events.filter((e) => e.kind === "trade").length;
    await one.until((events) => events.filter((e) => e.kind === "trade").length === 3);
    await two.until((events) => events.filter((e) => e.kind === "trade").length === 3);
    // A trade's candles, balances and fees follow it: compare once both clients have stopped receiving.
    await settled(one, two);
    expect(seqs(one)).toEqual(seqs(two));
    expect(one.events.map((e) => e.kind)).toContain("token_created");

    // Kill whichever process holds the sequencer's lock; the other must take over.
    const leader = [a, b].find((p) => p.lines.some((l) => l.includes("events: sequencing"))) as ApiProcess;
    const survivor = leader === a ? two : one;
    leader.child.kill("SIGKILL");
    await leader.exited;
    for (const usdc of [40n, 50n]) await buy(usdc);
    await survivor.until((events) => events.filter((e) => e.kind === "trade").length === 5, 30_000);
    expect(trades(survivor)).toBe(5);
    const all = seqs(survivor);
    expect(new Set(all).size).toBe(all.length);
    expect([...all].sort((x, y) => x - y)).toEqual(all);
    one.close();
    two.close();
  }, 90_000);
});
