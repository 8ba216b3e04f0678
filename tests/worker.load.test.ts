/**
 * The worker under load and faults, on anvils of this file's own, behind a JSON-RPC proxy that records what the node
 * answered and can fail sends. The many concurrent sends of one wallet go to an anvil mining a block every second:
 * automining anvil (1.7.1) can leave a sender's transactions unmined for good when their nonces arrive out of order,
 * as two workers send them (foundry-rs/foundry#10122; 50 shuffled sends of one wallet left some unmined in 5 of 120
 * tries, and with a block every second in none of 60; a CI run of this file saw 30 of its 50 intents never mined).
 * The Redis flushes stay on an automining one: they need intents still open a moment after the first are mined.
 * - 50 concurrent intents from one wallet across two worker processes: nonces unique and contiguous, no
 *   "nonce too low" anywhere.
 * - Every other eth_sendRawTransaction fails: retries rebroadcast the stored bytes with exponential backoff, and
 *   no nonce gap appears.
 * - Redis (a redis-server of this file's own) flushed mid-load: a restarted worker reconciles from Postgres and
 *   every intent ends confirmed, exactly once.
 */
import { Redis } from "ioredis";
import { parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { walletAddress } from "../core/wallets.js";
import type { IntentRow } from "../db/intents.js";
import type { Chain } from "./helpers/chain.js";
import {
  dispatchFaucetIntents,
  spawnWorker,
  startRedis,
  startRpcProxy,
  startSideChain,
  txsFrom,
  uniqueName,
  type WorkerContext,
  waitForIntents,
  workerContext,
} from "./helpers/worker.js";

const secret = uniqueName("worker-load-secret");
type OnChain = { side: Awaited<ReturnType<typeof startSideChain>>; c: Chain; startBlock: bigint };
/** The automining anvil, and the one mining a block every second. */
let automined: OnChain;
let interval: OnChain;
let ctx: WorkerContext;

async function onChain(blockTime?: number): Promise<OnChain> {
  const side = await startSideChain(blockTime === undefined ? {} : { blockTime });
  const c = side.chain;
  return { side, c, startBlock: (await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n };
}

async function fundedWallet(on: OnChain, index: number) {
  const address = walletAddress(secret, index);
  await on.c.testClient.setBalance({ address, value: parseEther("10") });
  return address;
}

/** Every intent confirmed with nonces 0..n-1, and the chain holding exactly those transactions from `from`. */
async function expectExactlyOnceAndContiguous(on: OnChain, rows: IntentRow[], from: `0x${string}`) {
  const n = rows.length;
  expect(rows.every((r) => r.status === "confirmed")).toBe(true);
  expect(rows.map((r) => Number(r.nonce)).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
  expect(await on.c.publicClient.getTransactionCount({ address: from, blockTag: "pending" })).toBe(n);
  const txs = await txsFrom(on.c.publicClient, from, on.startBlock);
  expect(txs.map((t) => t.nonce)).toEqual([...Array(n).keys()]);
  expect(txs.map((t) => t.hash).sort()).toEqual(rows.map((r) => r.tx_hash).sort());
}

beforeAll(async () => {
  [automined, interval] = await Promise.all([onChain(), onChain(1)]);
  ctx = await workerContext();
});

afterAll(async () => {
  await ctx?.cleanup();
  await automined?.side.stop();
  await interval?.side.stop();
});

describe("worker under load and faults", () => {
  it("test_execute_noncesUniqueAndContiguous_for50IntentsOfOneWalletAcrossTwoWorkers", async () => {
    const on = interval;
    const from = await fundedWallet(on, 1);
    const proxy = await startRpcProxy(on.c.rpcUrl);
    const workers = ["w1", "w2"].map((name) =>
      spawnWorker({ ctx, rpcUrl: proxy.url, deploymentsDir: on.side.deploymentsDir, walletSecret: secret, name }),
    );
    try {
      await Promise.all(workers.map((w) => w.ready()));
      const ids = await dispatchFaucetIntents(ctx, on.c, { n: 50, walletIndex: 1, secret });
      const rows = await waitForIntents(ctx, ids, (r) => r.status === "confirmed", 60_000);
      await expectExactlyOnceAndContiguous(on, rows, from);
      for (const w of workers) expect(w.lines.filter((l) => /signed nonce/.test(l)).length).toBeGreaterThan(0);
      const lines = workers.flatMap((w) => w.lines);
      expect(lines.filter((l) => /nonce too low/i.test(l))).toEqual([]);
      expect(proxy.nodeErrors.filter((e) => /nonce/i.test(e.message))).toEqual([]);
      expect(proxy.sends.length).toBe(50);
    } finally {
      for (const w of workers) expect(await w.stop()).toEqual({ code: 0, signal: null });
      await proxy.stop();
    }
  });

  it("test_execute_noNonceGapAndBackoff_ifEveryOtherSendFails", async () => {
    const on = interval;
    const from = await fundedWallet(on, 2);
    const proxy = await startRpcProxy(on.c.rpcUrl, { failEveryOtherSend: true });
    const worker = spawnWorker({
      ctx,
      rpcUrl: proxy.url,
      deploymentsDir: on.side.deploymentsDir,
      walletSecret: secret,
    });
    try {
      await worker.ready();
      const ids = await dispatchFaucetIntents(ctx, on.c, { n: 12, walletIndex: 2, secret });
      const rows = await waitForIntents(ctx, ids, (r) => r.status === "confirmed", 90_000);
      await expectExactlyOnceAndContiguous(on, rows, from);

      // Every send was the same signed bytes (one hash per intent), and each failed send was retried after
      // BullMQ's exponential backoff: 250 ms after the first failure, 500 ms after the second, and so on.
      const failed = proxy.sends.filter((s) => s.failed);
      expect(failed.length).toBeGreaterThan(0);
      let retried = 0;
      for (const row of rows) {
        const sends = proxy.sends.filter((s) => s.hash === row.tx_hash);
        expect(sends.length).toBe(row.attempts);
        expect(sends.at(-1)?.failed).toBe(false);
        expect(sends.slice(0, -1).every((s) => s.failed)).toBe(true);
        for (let k = 1; k < sends.length; k++) {
          const gap = (sends[k]?.at ?? 0) - (sends[k - 1]?.at ?? 0);
          expect(gap).toBeGreaterThanOrEqual(250 * 2 ** (k - 1) - 25);
          retried++;
        }
      }
      expect(retried).toBe(failed.length);
      expect(proxy.sends.every((s) => rows.some((r) => r.tx_hash === s.hash))).toBe(true);
      expect(worker.lines.filter((l) => /attempt \d+ failed: HTTP request failed/.test(l)).length).toBe(failed.length);
      expect(proxy.nodeErrors.filter((e) => /nonce/i.test(e.message))).toEqual([]);
    } finally {
      expect(await worker.stop()).toEqual({ code: 0, signal: null });
      await proxy.stop();
    }
  });

  it("test_reconcile_finishesEveryIntentOnce_ifRedisIsFlushedMidLoad", async () => {
    const on = automined;
    const from = await fundedWallet(on, 3);
    const redis = await startRedis();
    const own = await workerContext({ redisUrl: redis.url });
    const start = (name: string) =>
      spawnWorker({
        ctx: own,
        rpcUrl: on.c.rpcUrl,
        deploymentsDir: on.side.deploymentsDir,
        walletSecret: secret,
        concurrency: 2,
        name,
      });
    const first = start("before-flush");
    try {
      await first.ready();
      const ids = await dispatchFaucetIntents(own, on.c, { n: 30, walletIndex: 3, secret });
      await waitForIntents(own, ids.slice(0, 5), (r) => r.status === "confirmed", 30_000);
      // Redis loses everything: the waiting jobs, the active ones' locks, the completed ones.
      const admin = new Redis(redis.url);
      await admin.flushall();
      admin.disconnect();
      expect(await own.queue.getJobCounts("waiting", "active", "completed")).toEqual({
        waiting: 0,
        active: 0,
        completed: 0,
      });
      expect(await first.stop()).toEqual({ code: 0, signal: null });
      const { rows: open } = await own.db.query(
        `SELECT id FROM ${own.appSchema}.intents WHERE status IN ('pending', 'signed', 'broadcast')`,
      );
      expect(open.length).toBeGreaterThan(0); // the flush did lose work

      const second = start("after-flush");
      try {
        const ready = await second.ready();
        expect(ready).toContain(`${open.length} open intent(s) re-dispatched`);
        const rows = await waitForIntents(own, ids, (r) => r.status === "confirmed", 60_000);
        await expectExactlyOnceAndContiguous(on, rows, from);
      } finally {
        expect(await second.stop()).toEqual({ code: 0, signal: null });
      }
    } finally {
      await first.stop();
      await own.cleanup();
      await redis.stop();
    }
  });

  it("test_reconcile_finishesEveryIntentOnce_ifRedisIsFlushedWhileTheWorkerKeepsRunning", async () => {
    // No restart this time: the running worker's periodic reconcile pass finds the intents Redis lost.
    const on = automined;
    const from = await fundedWallet(on, 4);
    const redis = await startRedis();
    const own = await workerContext({ redisUrl: redis.url });
    const worker = spawnWorker({
      ctx: own,
      rpcUrl: on.c.rpcUrl,
      deploymentsDir: on.side.deploymentsDir,
      walletSecret: secret,
      concurrency: 2,
      name: "periodic-reconcile",
      reconcileIntervalMs: 500,
    });
    try {
      await worker.ready();
      const ids = await dispatchFaucetIntents(own, on.c, { n: 40, walletIndex: 4, secret });
      await waitForIntents(own, ids.slice(0, 3), (r) => r.status === "confirmed", 30_000);
      const admin = new Redis(redis.url);
      await admin.flushall();
      admin.disconnect();
      const { rows: open } = await own.db.query(
        `SELECT id FROM ${own.appSchema}.intents WHERE status IN ('pending', 'signed', 'broadcast')`,
      );
      expect(open.length).toBeGreaterThan(0); // the flush did lose work
      await worker.waitForLine(/reconcile: \d+ open intent\(s\) without a live job dispatched again/);
      const rows = await waitForIntents(own, ids, (r) => r.status === "confirmed", 60_000);
      await expectExactlyOnceAndContiguous(on, rows, from);
    } finally {
      expect(await worker.stop()).toEqual({ code: 0, signal: null });
      await own.cleanup();
      await redis.stop();
    }
  });
});
