/**
 * The execution worker on the global anvil: one worker process (`node --import tsx worker/index.ts`) with a fresh
 * app schema and queue. Intents end confirmed, reverted or failed with their reason; an intent executes once however
 * often it is created or dispatched; a simulation revert broadcasts nothing.
 * Wallets: one of this file's own from fundedWallets (creates tokens); custodial wallets come from this file's own
 * WALLET_SECRET.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { encodeFunctionData, maxUint256, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, mockUsdcAbi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { errorAbi } from "../core/reverts.js";
import { deriveWalletKey, walletAddress } from "../core/wallets.js";
import { dependentsSql, dispatchIntent } from "../db/intents.js";
import { executeIntent } from "../worker/processors/execute.js";
import { recheckSettled } from "../worker/processors/finality.js";
import { localSigner } from "../worker/signer.js";
import { type Chain, chain, chainAt, createToken, fundedWallets, revertTo, type Wallet } from "./helpers/chain.js";
import {
  deploymentsDirFor,
  faucetData,
  intentRow,
  isSettled,
  newIntent,
  sleep,
  spawnWorker,
  startRpcProxy,
  txsFrom,
  uniqueName,
  type WorkerContext,
  type WorkerProcess,
  waitForIntents,
  workerContext,
} from "./helpers/worker.js";

const USDC = 10n ** 6n;
const secret = uniqueName("worker-execute-secret");
let c: Chain;
let ctx: WorkerContext;
let worker: WorkerProcess;
let deploymentsDir: string;
let startBlock: bigint;
/** Creates the tokens the intents trade. */
let creator: Wallet;

/** A custodial wallet with 1 ETH for gas. */
async function fundedWallet(index: number) {
  const address = walletAddress(secret, index);
  await c.testClient.setBalance({ address, value: parseEther("1") });
  return address;
}

const nonceOf = (address: `0x${string}`) => c.publicClient.getTransactionCount({ address, blockTag: "pending" });

/** What the worker process gives executeIntent, for running it in this process instead. */
const inProcessDeps = (extra: { receiptTimeoutMs?: number } = {}) => ({
  db: ctx.db,
  appSchema: ctx.appSchema,
  signer: localSigner(secret),
  clients: new Map([[c.deployment.chainId, c.publicClient as never]]),
  errorAbi,
  ...extra,
});

async function runIntent(p: Parameters<typeof newIntent>[2]) {
  const { intent } = await newIntent(ctx, c.deployment.chainId, p);
  await dispatchIntent(ctx.queue, intent.id);
  const [row] = await waitForIntents(ctx, [intent.id], isSettled);
  if (!row) throw new Error("unreachable");
  return row;
}

beforeAll(async () => {
  const g = chain();
  c = chainAt(g.rpcUrl, g.deployment);
  startBlock = await c.publicClient.getBlockNumber();
  deploymentsDir = deploymentsDirFor(c.deployment);
  [creator] = await fundedWallets(c, 1);
  ctx = await workerContext();
  worker = spawnWorker({ ctx, rpcUrl: c.rpcUrl, deploymentsDir, walletSecret: secret });
  await worker.ready();
});

afterAll(async () => {
  await worker?.stop();
  await ctx?.cleanup();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

describe("worker execute", () => {
  it("test_execute_confirmsATransaction", async () => {
    const from = await fundedWallet(1);
    const before = await nonceOf(from);
    const row = await runIntent({
      walletIndex: 1,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 5n),
    });
    expect(row).toMatchObject({ status: "confirmed", nonce: String(before), error_code: null, error_reason: null });
    const receipt = await c.publicClient.getTransactionReceipt({ hash: row.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(String(receipt.blockNumber)).toBe(row.block_number);
    expect(String(receipt.gasUsed)).toBe(row.gas_used);
    expect(await nonceOf(from)).toBe(before + 1);
  });

  it("test_execute_onceForOneIdempotencyKey_evenWhenDispatchedAgainAfterItsJobWasRemoved", async () => {
    const from = await fundedWallet(2);
    const before = await nonceOf(from);
    const p = {
      key: uniqueName("same-key"),
      walletIndex: 2,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 7n),
    };
    const first = await newIntent(ctx, c.deployment.chainId, p);
    const second = await newIntent(ctx, c.deployment.chainId, p);
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(second.intent.id).toBe(first.intent.id);
    const id = first.intent.id;

    await Promise.all([dispatchIntent(ctx.queue, id), dispatchIntent(ctx.queue, id)]);
    const [done] = await waitForIntents(ctx, [id], isSettled);
    expect(done?.status).toBe("confirmed");
    expect(done?.attempts).toBe(1);

    // The job is gone from Redis (removed, evicted, flushed): dispatching again runs a job that changes nothing.
    const job = await ctx.queue.getJob(id);
    await waitUntil(async () => (await job?.getState()) === "completed");
    await job?.remove();
    expect(await ctx.queue.getJob(id)).toBeUndefined();
    await dispatchIntent(ctx.queue, id);
    let again = await ctx.queue.getJob(id);
    await waitUntil(async () => {
      again = await ctx.queue.getJob(id);
      return (await again?.getState()) === "completed";
    });
    expect(again?.returnvalue).toEqual({
      id,
      status: "confirmed",
      tx_hash: done?.tx_hash,
      error_code: null,
      error_reason: null,
    });

    const after = await intentRow(ctx, id);
    expect(after).toMatchObject({ status: "confirmed", tx_hash: done?.tx_hash, nonce: done?.nonce });
    expect(await nonceOf(from)).toBe(before + 1);
    const txs = await txsFrom(c.publicClient, from, startBlock);
    expect(txs.map((t) => t.hash)).toEqual([done?.tx_hash]);
  });

  it("test_execute_signsOnce_whenTwoExecutionsOfOneIntentRace", async () => {
    const from = await fundedWallet(3);
    const before = await nonceOf(from);
    const { intent } = await newIntent(ctx, c.deployment.chainId, {
      walletIndex: 3,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 9n),
    });
    // In process, outside the queue: two executions of the same pending intent at once.
    const deps = inProcessDeps();
    const [a, b] = await Promise.all([executeIntent(deps, intent.id), executeIntent(deps, intent.id)]);
    expect(a.status).toBe("confirmed");
    expect(b).toEqual(a);
    expect(await nonceOf(from)).toBe(before + 1);
    expect((await txsFrom(c.publicClient, from, startBlock)).map((t) => t.hash)).toEqual([a.tx_hash]);
  });

  it("test_execute_failsWithoutBroadcast_ifSimulationRevertsOnAStaleSlippageBound", async () => {
    const trader = walletAddress(secret, 4);
    await fundedWallet(4);
    const { token } = await createToken(c, creator, 7);
    // USDC from the faucet (sent by the custodial wallet itself) and an approval, both through the worker.
    const usdc = c.deployment.contracts.usdc;
    const launchpad = c.deployment.contracts.launchpad;
    expect((await runIntent({ walletIndex: 4, secret, to: usdc, data: faucetData(trader, 100n * USDC) })).status).toBe(
      "confirmed",
    );
    const approve = encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] });
    expect((await runIntent({ walletIndex: 4, secret, to: usdc, data: approve, kind: "approval" })).status).toBe(
      "confirmed",
    );

    const usdcIn = 10n * USDC;
    const { result: tokensOut } = await c.publicClient.simulateContract({
      account: trader,
      address: launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, usdcIn, 0n, maxUint256, noAttribution],
    });
    const bound = tokensOut * 2n; // a quote that went stale: the curve no longer gives this much
    const data = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, usdcIn, bound, maxUint256, noAttribution],
    });
    const nonceBefore = await nonceOf(trader);
    const blockBefore = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    const row = await runIntent({ walletIndex: 4, secret, to: launchpad, data, kind: "trade" });
    expect(row).toMatchObject({
      status: "failed",
      error_code: "TRANSACTION_FAILED",
      error_reason: `simulation reverted: SlippageExceeded(${tokensOut}, ${bound})`,
      nonce: null,
      raw_tx: null,
      tx_hash: null,
    });
    // Not retried: a revert is final.
    const job = await ctx.queue.getJob(row.id);
    await waitUntil(async () => (await job?.getState()) === "failed");
    expect((await ctx.queue.getJob(row.id))?.attemptsMade).toBe(1);
    expect(await nonceOf(trader)).toBe(nonceBefore);
    expect(await txsFrom(c.publicClient, trader, blockBefore + 1n)).toEqual([]);
  });

  it("test_execute_failsWithInsufficientBalance_ifTheWalletLacksTheTokens", async () => {
    const holder = await fundedWallet(5);
    const usdc = c.deployment.contracts.usdc;
    const nonceBefore = await nonceOf(holder);
    // A USDC transfer of more than the wallet holds: ERC20InsufficientBalance(sender, balance, needed).
    const transfer = encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "transfer",
      args: [walletAddress(secret, 6), 1n],
    });
    const row = await runIntent({ walletIndex: 5, secret, to: usdc, data: transfer });
    expect(row).toMatchObject({
      status: "failed",
      error_code: "INSUFFICIENT_BALANCE",
      error_reason: `simulation reverted: ERC20InsufficientBalance(${holder}, 0, 1)`,
      tx_hash: null,
    });

    // A buy with no USDC behind it: the launchpad's transferFrom fails.
    const { token } = await createToken(c, creator, 7);
    const approve = encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [c.deployment.contracts.launchpad, maxUint256],
    });
    expect((await runIntent({ walletIndex: 5, secret, to: usdc, data: approve, kind: "approval" })).status).toBe(
      "confirmed",
    );
    const buy = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 10n * USDC, 0n, maxUint256, noAttribution],
    });
    const buyRow = await runIntent({
      walletIndex: 5,
      secret,
      to: c.deployment.contracts.launchpad,
      data: buy,
      kind: "trade",
    });
    expect(buyRow).toMatchObject({
      status: "failed",
      error_code: "INSUFFICIENT_BALANCE",
      error_reason: "simulation reverted: TransferFromFailed()",
      tx_hash: null,
    });
    expect(await nonceOf(holder)).toBe(nonceBefore + 1); // the approval only
  });

  it("test_execute_endsReverted_ifTheTransactionRevertsOnChain", async () => {
    // The call simulates fine, but the intent's own gas limit is too small for it: the transaction is mined and
    // reverts (out of gas), so the intent is reverted, not failed, and it is not sent again.
    const from = await fundedWallet(7);
    const before = await nonceOf(from);
    const row = await runIntent({
      walletIndex: 7,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 1n),
      gasLimit: 30_000n,
    });
    expect(row).toMatchObject({
      status: "reverted",
      error_code: "TRANSACTION_FAILED",
      error_reason: "reverted on chain",
      gas_used: "30000",
    });
    const receipt = await c.publicClient.getTransactionReceipt({ hash: row.tx_hash as `0x${string}` });
    expect(receipt.status).toBe("reverted");
    expect(await nonceOf(from)).toBe(before + 1);
  });
  it("test_execute_decodesTheRevertByACall_ifTheNodeAnswersAGasEstimateRevertWithoutItsData", async () => {
    const holder = await fundedWallet(7);
    const proxy = await startRpcProxy(c.rpcUrl, { estimateRevertsWithoutData: true });
    try {
      const through = chainAt(proxy.url, c.deployment);
      const transfer = encodeFunctionData({
        abi: mockUsdcAbi,
        functionName: "transfer",
        args: [walletAddress(secret, 6), 1n],
      });
      const { intent } = await newIntent(ctx, c.deployment.chainId, {
        walletIndex: 7,
        secret,
        to: c.deployment.contracts.usdc,
        data: transfer,
      });
      const deps = { ...inProcessDeps(), clients: new Map([[c.deployment.chainId, through.publicClient as never]]) };
      await expect(executeIntent(deps, intent.id)).rejects.toThrow(/ERC20InsufficientBalance/);
      expect(await intentRow(ctx, intent.id)).toMatchObject({
        status: "failed",
        error_code: "INSUFFICIENT_BALANCE",
        error_reason: `simulation reverted: ERC20InsufficientBalance(${holder}, 0, 1)`,
        tx_hash: null,
      });
      // The estimate answered without data, then the call was made to learn why.
      expect(proxy.methods.filter((m) => m === "eth_call")).toHaveLength(1);
    } finally {
      await proxy.stop();
    }
  });

  it("test_releaseDependents_findsTheWaitingIntentsThroughAnIndex_notAScanOfEveryIntent", async () => {
    // Run for every settled intent: a scan of the whole table each time grows with every intent ever made. On a
    // test schema the planner scans anyway (a few rows), so the plan is asked for with scans priced out: only an
    // index that serves the statement keeps the scan of `d` out of it.
    const conn = await ctx.db.connect();
    try {
      await conn.query("BEGIN");
      await conn.query("SET LOCAL enable_seqscan = off");
      const { rows } = await conn.query<{ "QUERY PLAN": string }>(`EXPLAIN ${dependentsSql(ctx.appSchema)}`, [
        randomUUID(),
      ]);
      const plan = rows.map((r) => r["QUERY PLAN"]).join("\n");
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(
        /Index Scan using intents_after_intent_idx on intents d|Bitmap Index Scan on intents_after_intent_idx/,
      );
    } finally {
      await conn.query("ROLLBACK");
      conn.release();
    }
  });

  it("test_execute_failsAsReplaced_ifAnotherTransactionTakesTheBroadcastNonce", async () => {
    // Automine off, so the broadcast waits in anvil's mempool; it is dropped there and another transaction with the
    // same nonce is mined instead: no receipt for the intent's hash will ever come, and the worker says so.
    const from = await fundedWallet(8);
    const { intent } = await newIntent(ctx, c.deployment.chainId, {
      walletIndex: 8,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 5n),
    });
    const deps = inProcessDeps({ receiptTimeoutMs: 1_500 });
    await c.testClient.setAutomine(false);
    try {
      const execution = executeIntent(deps, intent.id).catch((error: Error) => error);
      await waitUntil(async () => (await intentRow(ctx, intent.id)).status === "broadcast");
      const sent = await intentRow(ctx, intent.id);
      await c.testClient.dropTransaction({ hash: sent.tx_hash as `0x${string}` });
      const owner = c.walletOf(privateKeyToAccount(deriveWalletKey(secret, 8)));
      const replacement = await owner.sendTransaction({ to: from, value: 0n, nonce: Number(sent.nonce), gas: 21_000n });
      await c.testClient.mine({ blocks: 1 });
      const outcome = await execution;
      const reason = new RegExp(`^dropped or replaced: nonce ${sent.nonce} was used by another transaction`);
      expect(outcome).toBeInstanceOf(Error);
      expect((outcome as Error).message).toMatch(reason);
      const ended = await intentRow(ctx, intent.id);
      expect(ended).toMatchObject({ status: "failed", error_code: "TRANSACTION_FAILED", tx_hash: sent.tx_hash });
      expect(ended.error_reason).toMatch(reason);
      expect((await c.publicClient.getTransactionReceipt({ hash: replacement })).status).toBe("success");
      await expect(c.publicClient.getTransactionReceipt({ hash: sent.tx_hash as `0x${string}` })).rejects.toThrow();
    } finally {
      await c.testClient.setAutomine(true);
    }
  });
});

describe("finality: a reorg after confirmation", () => {
  /** Execute a faucet intent in this process from custodial wallet `index`, with a chain snapshot taken before it. */
  async function confirmedAfterSnapshot(index: number) {
    const from = await fundedWallet(index);
    const snapshot = await c.testClient.snapshot();
    const { intent } = await newIntent(ctx, c.deployment.chainId, {
      walletIndex: index,
      secret,
      to: c.deployment.contracts.usdc,
      data: faucetData(from, 7n),
    });
    expect((await executeIntent(inProcessDeps(), intent.id)).status).toBe("confirmed");
    const mined = await intentRow(ctx, intent.id);
    const receipt = await c.publicClient.getTransactionReceipt({ hash: mined.tx_hash as `0x${string}` });
    expect(mined.block_hash).toBe(receipt.blockHash);
    const { timestamp } = await c.publicClient.getBlock({ blockHash: receipt.blockHash });
    return { from, snapshot, intent: mined, minedAt: timestamp };
  }

  it("test_finality_aReorgThatDropsAConfirmedTransaction_rebroadcastsTheSameSignedBytes", async () => {
    const { from, snapshot, intent, minedAt } = await confirmedAfterSnapshot(60);
    const hash = intent.tx_hash as `0x${string}`;
    // The reorg: the block with the transaction is gone (anvil does not put it back in its pool).
    await revertTo(c, snapshot);
    await expect(c.publicClient.getTransactionReceipt({ hash })).rejects.toThrow();

    const rechecked = await recheckSettled(inProcessDeps(), 12);
    expect(rechecked.dropped).toBeGreaterThanOrEqual(1);
    const reopened = await intentRow(ctx, intent.id);
    expect(reopened).toMatchObject({ status: "broadcast", block_number: null, block_hash: null, reorg_count: 1 });
    expect(reopened.error_reason).toMatch(
      /^a reorg dropped block \d+: the same signed transaction is broadcast again$/,
    );

    // Executing it again broadcasts the stored bytes: the same hash, mined once, in a new block, a second after the
    // dropped one (a block with the same parent, transactions and timestamp would have its hash again). Set
    // outright: "the clock plus a second" (increaseTime) once mined the very same block again in a CI run, the shared
    // anvil's timestamps not being the clock's after the other files' blocks and time moves.
    await c.testClient.setNextBlockTimestamp({ timestamp: minedAt + 1n });
    expect((await executeIntent(inProcessDeps(), intent.id)).status).toBe("confirmed");
    const again = await intentRow(ctx, intent.id);
    const receipt = await c.publicClient.getTransactionReceipt({ hash });
    expect(again).toMatchObject({ status: "confirmed", tx_hash: hash, nonce: intent.nonce, reorg_count: 1 });
    expect(again.block_hash).toBe(receipt.blockHash);
    expect(again.block_hash).not.toBe(intent.block_hash);
    const usdc = await c.publicClient.readContract({
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [from],
    });
    expect(usdc).toBe(7n);
    // Checked again, nothing moves.
    await recheckSettled(inProcessDeps(), 12);
    expect((await intentRow(ctx, intent.id)).status).toBe("confirmed");
  });

  it("test_finality_aDroppedTransactionWhoseNonceWasTaken_endsFailedWithTheReason", async () => {
    const { snapshot, intent } = await confirmedAfterSnapshot(61);
    await revertTo(c, snapshot);
    // After the reorg, another transaction of the same wallet takes the nonce.
    const owner = c.walletOf(privateKeyToAccount(deriveWalletKey(secret, 61)));
    const other = await owner.sendTransaction({ to: owner.account.address, value: 0n, nonce: Number(intent.nonce) });
    await c.publicClient.waitForTransactionReceipt({ hash: other });

    expect((await recheckSettled(inProcessDeps(), 12)).dropped).toBeGreaterThanOrEqual(1);
    const outcome = await executeIntent(inProcessDeps({ receiptTimeoutMs: 1_000 }), intent.id).catch(
      (error: unknown) => error,
    );
    expect((outcome as Error).message).toMatch(/^dropped or replaced: nonce \d+ was used by another transaction/);
    const ended = await intentRow(ctx, intent.id);
    expect(ended).toMatchObject({ status: "failed", error_code: "TRANSACTION_FAILED", reorg_count: 1 });
    // Never left confirmed for a transaction the chain no longer has.
    await expect(c.publicClient.getTransactionReceipt({ hash: intent.tx_hash as `0x${string}` })).rejects.toThrow();
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(50);
  }
}
