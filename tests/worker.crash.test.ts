/**
 * The worker dying or stopping with a transaction in flight, on an anvil of this file's own with automine off, so a
 * broadcast transaction waits in the mempool for as long as the test wants:
 * - SIGKILL between broadcast and acknowledgement, then a restart: one transaction per intent, each confirmed.
 * - SIGKILL at every other step boundary of an execution, found by a JSON-RPC proxy that holds the worker's next
 *   call there: simulated but not signed; signed but not sent; sent, with the node's answer lost; mined, with the
 *   receipt not recorded. A restart leaves exactly one transaction, the one recorded.
 * - SIGTERM / SIGINT with a job in hand: the job finishes, then the process exits 0.
 * - Blocks that come seconds apart: two execute slots send every intent before the block, and the receipt tracker
 *   settles them all from it; with the tracker too slow, each job settles its own intent when it looks again.
 * - A trade bounded by its exact quote, front-run in the same block by a larger buy with a higher tip: it passed
 *   simulation, reverts on chain, and its intent ends reverted with the decoded reason.
 */
import { encodeFunctionData, maxUint256, parseEther, parseGwei } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, mockUsdcAbi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { walletAddress } from "../core/wallets.js";
import { dispatchIntent, type IntentRow } from "../db/intents.js";
import { type Chain, createToken, fundUsdc, send } from "./helpers/chain.js";
import { until } from "./helpers/until.js";
import {
  dispatchFaucetIntents,
  type HoldRule,
  newIntent,
  sleep,
  spawnWorker,
  startRpcProxy,
  startSideChain,
  txsFrom,
  uniqueName,
  type WorkerContext,
  type WorkerProcess,
  waitForIntents,
  workerContext,
} from "./helpers/worker.js";

const USDC = 10n ** 6n;
const secret = uniqueName("worker-crash-secret");
let side: Awaited<ReturnType<typeof startSideChain>>;
let c: Chain;
let ctx: WorkerContext;

/** Jobs of a killed worker come back after this (WORKER_LOCK_MS) plus BullMQ's 5 s stalled check. */
const LOCK_MS = 5_000;

const startWorker = (
  name: string,
  rpcUrl = c.rpcUrl,
  more: { concurrency?: number; env?: Record<string, string> } = {},
) =>
  spawnWorker({
    ctx,
    rpcUrl,
    deploymentsDir: side.deploymentsDir,
    walletSecret: secret,
    name,
    lockMs: LOCK_MS,
    ...more,
  });

/**
 * Where an execution is killed: the worker's call the proxy holds there, and the intent's recorded status then. The
 * boundary "broadcast recorded, not mined" is the first test below.
 */
const KILL_POINTS: { name: string; hold: HoldRule; status: IntentRow["status"]; nodeHasTx: boolean }[] = [
  {
    name: "simulated, not signed",
    // The answer to the simulation (the gas estimate) and the nonce read, asked in one batch just before the
    // transaction that allocates, signs and records: the node simulated, the worker never heard.
    hold: { method: "eth_getTransactionCount", stage: "answer", when: (params) => params[1] === "pending" },
    status: "pending",
    nodeHasTx: false,
  },
  {
    name: "signed and recorded, not sent",
    hold: { method: "eth_sendRawTransaction", stage: "request" },
    status: "signed",
    nodeHasTx: false,
  },
  {
    name: "sent and accepted by the node, its answer lost",
    hold: { method: "eth_sendRawTransaction", stage: "answer" },
    status: "signed",
    nodeHasTx: true,
  },
  {
    name: "mined, the receipt not recorded",
    hold: { method: "eth_getTransactionReceipt", stage: "answer", when: (_params, result) => result != null },
    status: "broadcast",
    nodeHasTx: true,
  },
];

async function fundedWallet(index: number) {
  const address = walletAddress(secret, index);
  await c.testClient.setBalance({ address, value: parseEther("1") });
  return address;
}

beforeAll(async () => {
  side = await startSideChain();
  c = side.chain;
  ctx = await workerContext();
});

afterAll(async () => {
  await ctx?.cleanup();
  await side?.stop();
});

describe("worker crash and shutdown", () => {
  it("test_execute_oneTransactionPerIntent_ifTheWorkerIsKilledAfterBroadcast", async () => {
    const from = await fundedWallet(1);
    const startBlock = (await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
    await c.testClient.setAutomine(false);
    const first = startWorker("first");
    await first.ready();
    const ids = await dispatchFaucetIntents(ctx, c, { n: 3, walletIndex: 1, secret });
    // Broadcast and recorded, but no receipt can come: nothing is mined. The jobs are handed back to look again later.
    await waitForIntents(ctx, ids, (r) => r.status === "broadcast", 30_000);
    const states = () => Promise.all(ids.map(async (id) => (await ctx.queue.getJob(id))?.getState()));
    await until("the three jobs are delayed", async () => (await states()).every((s) => s === "delayed"));
    first.kill("SIGKILL");
    expect((await first.exited).signal).toBe("SIGKILL");

    await c.testClient.mine({ blocks: 1 });
    await c.testClient.setAutomine(true);

    // The new process's receipt tracker finds them mined and records them; their jobs, when they wake, find them
    // settled. Nothing is signed again.
    const second = startWorker("second");
    try {
      await second.ready();
      const rows = await waitForIntents(ctx, ids, (r) => r.status === "confirmed", 90_000);
      expect(new Set(rows.map((r) => r.nonce))).toEqual(new Set(["0", "1", "2"]));
      expect(await c.publicClient.getTransactionCount({ address: from, blockTag: "pending" })).toBe(3);
      const txs = await txsFrom(c.publicClient, from, startBlock);
      expect(txs.map((t) => t.hash).sort()).toEqual(rows.map((r) => r.tx_hash).sort());
      expect(second.lines.some((l) => /signed nonce/.test(l))).toBe(false);
    } finally {
      expect(await second.stop()).toEqual({ code: 0, signal: null });
    }
  });

  KILL_POINTS.forEach((point, i) => {
    it(`test_execute_oneTransactionPerIntent_ifTheWorkerIsKilled_${point.name}`, async () => {
      const walletIndex = 10 + i;
      const from = await fundedWallet(walletIndex);
      const startBlock = (await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
      await c.testClient.setAutomine(false);
      const proxy = await startRpcProxy(c.rpcUrl);
      const first = startWorker(`kill-${i}`, proxy.url);
      let second: WorkerProcess | undefined;
      try {
        await first.ready();
        const held = proxy.hold(point.hold);
        const [id] = await dispatchFaucetIntents(ctx, c, { n: 1, walletIndex, secret });
        if (!id) throw new Error("no intent");
        if (point.status === "broadcast") {
          // Sent and recorded; the worker polls for the receipt, which comes (and is held) once a block is mined.
          await waitForIntents(ctx, [id], (r) => r.status === "broadcast", 30_000);
          await c.testClient.mine({ blocks: 1 });
        }
        await held;
        first.kill("SIGKILL");
        await first.exited;

        const [killed] = await waitForIntents(ctx, [id], () => true, 1_000);
        expect(killed?.status).toBe(point.status);
        const inNode = killed?.tx_hash
          ? await c.publicClient.getTransaction({ hash: killed.tx_hash }).then(
              () => true,
              () => false,
            )
          : false;
        expect(inNode).toBe(point.nodeHasTx);

        second = startWorker(`restart-${i}`);
        await second.ready();
        if (point.status !== "broadcast") {
          await waitForIntents(ctx, [id], (r) => r.status === "broadcast", LOCK_MS + 30_000);
          await c.testClient.mine({ blocks: 1 });
        }
        const [row] = await waitForIntents(ctx, [id], (r) => r.status === "confirmed", LOCK_MS + 30_000);
        // One transaction: the one recorded, signed again only when nothing had been signed before the kill.
        expect(await c.publicClient.getTransactionCount({ address: from, blockTag: "pending" })).toBe(1);
        const txs = await txsFrom(c.publicClient, from, startBlock);
        expect(txs.map((t) => t.hash)).toEqual([row?.tx_hash]);
        if (killed?.tx_hash) expect(row?.tx_hash).toBe(killed.tx_hash);
        expect(second.lines.filter((l) => /signed nonce/.test(l)).length).toBe(point.status === "pending" ? 1 : 0);
      } finally {
        if (second) expect(await second.stop()).toEqual({ code: 0, signal: null });
        await first.stop();
        await proxy.stop();
        await c.testClient.setAutomine(true);
      }
    });
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    it(`test_shutdown_finishesTheJobInHandAndExits0_on${signal}`, async () => {
      const walletIndex = signal === "SIGTERM" ? 2 : 3;
      const from = await fundedWallet(walletIndex);
      // The job in hand: signed, its send held by the proxy until the signal has been given.
      const proxy = await startRpcProxy(c.rpcUrl);
      const worker = startWorker(signal, proxy.url);
      try {
        await worker.ready();
        const held = proxy.hold({ method: "eth_sendRawTransaction", stage: "request" });
        const { intent } = await newIntent(ctx, c.deployment.chainId, {
          walletIndex,
          secret,
          to: c.deployment.contracts.usdc,
          data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [from, 1n] }),
        });
        await dispatchIntent(ctx.queue, intent.id);
        await held;
        worker.kill(signal);
        await worker.waitForLine(new RegExp(`${signal}: finishing jobs in hand`));
        await sleep(500);
        expect(worker.running()).toBe(true); // still sending the transaction of the job in hand
        proxy.release();
        expect(await worker.exited).toEqual({ code: 0, signal: null });
        const [row] = await waitForIntents(ctx, [intent.id], (r) => r.status === "confirmed", 1_000);
        expect(row?.attempts).toBe(1);
        expect(await (await ctx.queue.getJob(intent.id))?.getState()).toBe("completed");
      } finally {
        await worker.stop();
        await proxy.stop();
      }
    });
  }

  it("test_execute_twoSlotsSendEveryIntentBeforeTheBlock_andTheTrackerSettlesThemFromIt", async () => {
    const wallets = [30, 31, 32];
    for (const i of wallets) await fundedWallet(i);
    await c.testClient.setAutomine(false);
    // The jobs look again only after a minute: what settles the intents within seconds is the receipt tracker.
    const worker = startWorker("slots", c.rpcUrl, { concurrency: 2, env: { WORKER_RECEIPT_TIMEOUT_MS: "60000" } });
    try {
      await worker.ready();
      const ids = (
        await Promise.all(wallets.map((walletIndex) => dispatchFaucetIntents(ctx, c, { n: 8, walletIndex, secret })))
      ).flat();
      // No block is mined meanwhile: a job that waited for its receipt would hold one of the two slots for good.
      await waitForIntents(ctx, ids, (r) => r.status === "broadcast", 30_000);
      for (const i of wallets) {
        expect(
          await c.publicClient.getTransactionCount({ address: walletAddress(secret, i), blockTag: "pending" }),
        ).toBe(8);
      }
      await c.testClient.mine({ blocks: 1 });
      const block = await c.publicClient.getBlockNumber({ cacheTime: 0 });
      const rows = await waitForIntents(ctx, ids, (r) => r.status === "confirmed", 10_000);
      expect(new Set(rows.map((r) => r.block_number))).toEqual(new Set([String(block)]));
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
    } finally {
      await worker.stop();
      await c.testClient.setAutomine(true);
    }
  });

  it("test_execute_aJobSettlesItsOwnIntentWhenItLooksAgain_ifTheTrackerIsTooSlow", async () => {
    const walletIndex = 33;
    await fundedWallet(walletIndex);
    await c.testClient.setAutomine(false);
    // The tracker reads the head once an hour; each job looks again 3 s after its broadcast.
    const worker = startWorker("no-tracker", c.rpcUrl, {
      env: { WORKER_RECEIPT_TIMEOUT_MS: "3000", WORKER_RECEIPT_POLL_MS: "3600000" },
    });
    try {
      await worker.ready();
      const ids = await dispatchFaucetIntents(ctx, c, { n: 3, walletIndex, secret });
      // Every job has handed back (an intent is marked broadcast before its job's one receipt read, so a block
      // mined as soon as all three are marked could still be seen by that read).
      await until(
        "every job waits to look again",
        async () =>
          (await Promise.all(ids.map(async (id) => (await ctx.queue.getJob(id))?.isDelayed()))).every(Boolean),
        30_000,
      );
      await c.testClient.mine({ blocks: 1 });
      const rows = await waitForIntents(ctx, ids, (r) => r.status === "confirmed", 10_000);
      expect(new Set(rows.map((r) => r.nonce))).toEqual(new Set(["0", "1", "2"]));
      // Each job ran twice (sent, then found mined) and signed once.
      expect(worker.lines.filter((l) => /signed nonce/.test(l)).length).toBe(3);
      expect(rows.map((r) => r.attempts)).toEqual([2, 2, 2]);
    } finally {
      await worker.stop();
      await c.testClient.setAutomine(true);
    }
  });

  it("test_execute_endsReverted_withTheDecodedReason_ifAFrontRunMakesASimulatedTradeRevertOnChain", async () => {
    const trader = await fundedWallet(4);
    const { usdc, launchpad } = c.deployment.contracts;
    await c.testClient.setAutomine(true);
    const { token } = await createToken(c as never, c.wallet(0) as never, 7);
    const frontRunner = c.wallet(1);
    await fundUsdc(c as never, frontRunner as never, 10_000n * USDC);
    await send(
      c as never,
      c.wallet(0) as never,
      {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "faucet",
        args: [trader, 100n * USDC],
      } as never,
    );
    const worker = startWorker("race");
    try {
      await worker.ready();
      const approve = await newIntent(ctx, c.deployment.chainId, {
        walletIndex: 4,
        secret,
        kind: "approval",
        to: usdc,
        data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] }),
      });
      await dispatchIntent(ctx.queue, approve.intent.id);
      await waitForIntents(ctx, [approve.intent.id], (r) => r.status === "confirmed", 30_000);

      // The trade's bound is its exact quote: it passes simulation, and is signed and broadcast.
      await c.testClient.setAutomine(false);
      const usdcIn = 10n * USDC;
      const { result: quoted } = await c.publicClient.simulateContract({
        account: trader,
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, usdcIn, 0n, maxUint256, noAttribution],
      });
      const buy = await newIntent(ctx, c.deployment.chainId, {
        walletIndex: 4,
        secret,
        kind: "trade",
        to: launchpad,
        data: encodeFunctionData({
          abi: launchpadAbi,
          functionName: "buyExactIn",
          args: [token, usdcIn, quoted, maxUint256, noAttribution],
        }),
      });
      await dispatchIntent(ctx.queue, buy.intent.id);
      await waitForIntents(ctx, [buy.intent.id], (r) => r.status === "broadcast", 30_000);
      // A larger buy with a higher tip lands first in the same block and moves the price.
      const frontRun = await frontRunner.writeContract({
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, 1_000n * USDC, 0n, maxUint256, noAttribution],
        gas: 1_000_000n,
        maxFeePerGas: parseGwei("200"),
        maxPriorityFeePerGas: parseGwei("100"),
      });
      await c.testClient.mine({ blocks: 1 });
      const [row] = await waitForIntents(ctx, [buy.intent.id], (r) => r.status !== "broadcast", 30_000);
      const frontRunReceipt = await c.publicClient.getTransactionReceipt({ hash: frontRun });
      expect(frontRunReceipt.status).toBe("success");
      const { result: nowOut } = await c.publicClient.simulateContract({
        account: trader,
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, usdcIn, 0n, maxUint256, noAttribution],
      });
      expect(nowOut).toBeLessThan(quoted);
      expect(row).toMatchObject({
        status: "reverted",
        error_code: "TRANSACTION_FAILED",
        error_reason: `reverted on chain: SlippageExceeded(${nowOut}, ${quoted})`,
        block_number: String(frontRunReceipt.blockNumber),
      });
      const receipt = await c.publicClient.getTransactionReceipt({ hash: row?.tx_hash as `0x${string}` });
      expect(receipt.status).toBe("reverted");
      expect(receipt.transactionIndex).toBeGreaterThan(frontRunReceipt.transactionIndex);
    } finally {
      await c.testClient.setAutomine(true);
      await worker.stop();
    }
  });
});
