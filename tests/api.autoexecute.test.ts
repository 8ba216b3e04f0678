import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  maxUint256,
  parseEther,
  parseEventLogs,
  parseGwei,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { createTestApi, type startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, fundedWallets, fundUsdc, send, spendPriceOf, type Wallet } from "./helpers/chain.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { logShapes } from "./helpers/streams.js";
import { until } from "./helpers/until.js";
import { sleep, uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const image = `data:image/png;base64,${PNG_1x1}`;
const secret = uniqueName("autoexecute-secret");
/** Longer than the 10 s default: this machine runs other work, and a trade here is two transactions. */
const WAIT_MS = 30_000;

type Api = Awaited<ReturnType<typeof createTestApi>>;
type Body = Record<string, unknown> & { success: boolean; error?: string };
type Intent = { id: string; kind: string; status: string; afterIntentId: string | null; transactionHash: Hex | null };

let c: Chain;
let api: Api;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let stack: Stack;
let alice: { jwt: string; wallet: Address };
let bob: { jwt: string; wallet: Address };
/** This file's own wallets: one calls the USDC faucet; the other front-runs a trade, and is a stranger's address. */
let funder: Wallet;
let frontRunner: Wallet;

async function userOf(sub: string) {
  const jwt = await api.jwt(sub);
  // The first authenticated call provisions the user and its custodial wallet.
  await api.post("get-intent-status", { intentId: "00000000-0000-4000-8000-000000000000" }, jwt);
  const { rows } = await api.deps.db.query<{ wallet_address: Address }>(
    `SELECT wallet_address FROM ${api.appSchema}.users WHERE external_sub = $1`,
    [sub],
  );
  const wallet = rows[0]?.wallet_address;
  if (!wallet) throw new Error(`no user ${sub}`);
  await c.testClient.setBalance({ address: wallet, value: parseEther("10") });
  return { jwt, wallet };
}

async function faucetTo(to: Address, amount: bigint) {
  await send(c, funder, {
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "faucet",
    args: [to, amount],
  } as never);
}

const usdcOf = (who: Address) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "balanceOf",
    args: [who],
  });
const tokensOf = (token: Address, who: Address) =>
  c.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "balanceOf", args: [who] });
const nonceOf = (who: Address) => c.publicClient.getTransactionCount({ address: who, blockTag: "pending" });

async function createAuto(jwt: string, extra: Record<string, unknown> = {}) {
  return api.post(
    "create-token-transaction",
    {
      name: "Auto Token",
      symbol: "AUTO",
      description: "Deployed by the service",
      image,
      chainSlug: "base-sepolia",
      autoExecute: true,
      ...extra,
    },
    jwt,
  );
}

const trade = (jwt: string, body: Record<string, unknown>) =>
  api.post("trade-token", { chainSlug: "base-sepolia", autoExecute: true, ...body }, jwt);

beforeAll(async () => {
  c = chain();
  [funder, frontRunner] = await fundedWallets(c, 2);
  stack = await startStack({ walletSecret: secret, autoExecuteWaitMs: WAIT_MS, name: "autoexecute" });
  ({ api, indexer } = stack);
  alice = await userOf("autoexecute-alice");
  bob = await userOf("autoexecute-bob");
  await faucetTo(alice.wallet, 100_000n * USDC);
});

afterAll(async () => {
  await stack?.close();
});

describe("autoExecute", () => {
  let tokenId: string;
  let token: Address;

  it("test_createToken_autoExecute_deploysWithTheWalletOnRecord", async () => {
    const res = await createAuto(alice.jwt, { userAddress: alice.wallet.toLowerCase() });
    expect(res.body.error).toBeUndefined();
    expect(res.status).toBe(200);
    const body = res.body as Body & {
      executed: boolean;
      transactionHash: Hex;
      intentId: string;
      status: string;
      metadata: { tokenId: string; addresses: { evm: Address }; token_layer_id: Hex };
    };
    expect(body).toMatchObject({ executed: true, status: "confirmed", replayed: false });
    expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await c.publicClient.getTransactionReceipt({ hash: body.transactionHash });
    expect(receipt.status).toBe("success");
    expect(receipt.from).toBe(alice.wallet.toLowerCase());
    const [created] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
    expect(created?.args.token).toBe(body.metadata.addresses.evm);
    expect(created?.args.creator).toBe(alice.wallet);
    expect(created?.args.tokenLayerId).toBe(body.metadata.token_layer_id);
    tokenId = body.metadata.tokenId;
    token = body.metadata.addresses.evm;

    // The token is found: indexed, and search-token answers with its address.
    await indexer.sync();
    const found = await api.post("search-token", { input: tokenId }, alice.jwt);
    expect(found.status).toBe(200);
    const t = found.body.token as { token_addresses: { address: string }[] };
    expect(t.token_addresses.map((a) => a.address.toLowerCase())).toContain(token.toLowerCase());

    const status = await api.post("get-intent-status", { intentId: body.intentId }, alice.jwt);
    expect(status.status).toBe(200);
    expect(status.body.intent).toMatchObject({
      id: body.intentId,
      kind: "create_token",
      status: "confirmed",
      from: alice.wallet.toLowerCase(),
      to: c.deployment.contracts.launchpad.toLowerCase(),
      transactionHash: body.transactionHash,
      blockNumber: Number(receipt.blockNumber),
      errorCode: null,
      errorReason: null,
    });
  });

  it("test_tradeToken_autoExecute_buysWithAnApprovalFirst_thenSellsWithout", async () => {
    await indexer.sync();
    const usdcBefore = await usdcOf(alice.wallet);
    const buy = await trade(alice.jwt, { tokenId, buyAmountUSD: 250 });
    expect(buy.body.error).toBeUndefined();
    const body = buy.body as Body & {
      executed: boolean;
      transactionHash: Hex;
      intents: Intent[];
      quote: { outputAmountBaseUnits: string };
    };
    expect(body).toMatchObject({ executed: true, status: "confirmed" });
    expect(body.intents.map((i) => [i.kind, i.status])).toEqual([
      ["approval", "confirmed"],
      ["trade", "confirmed"],
    ]);
    expect(body.intents[1]?.afterIntentId).toBe(body.intents[0]?.id);
    expect(body.intents[1]?.transactionHash).toBe(body.transactionHash);
    expect((await c.publicClient.getTransactionReceipt({ hash: body.transactionHash })).status).toBe("success");
    // Exactly as quoted: the curve quote is exact.
    expect(usdcBefore - (await usdcOf(alice.wallet))).toBe(250n * USDC);
    const held = await tokensOf(token, alice.wallet);
    expect(held).toBe(BigInt(body.quote.outputAmountBaseUnits));

    await indexer.sync();
    const sell = await trade(alice.jwt, { tokenId, sellAmountToken: 1000 });
    expect(sell.body.error).toBeUndefined();
    const sold = sell.body as Body & { intents: Intent[]; transactionHash: Hex };
    expect(sold).toMatchObject({ executed: true, status: "confirmed" });
    expect(sold.intents.map((i) => i.kind)).toEqual(["trade"]);
    expect(held - (await tokensOf(token, alice.wallet))).toBe(1000n * 10n ** 18n);
  });

  it("test_autoExecute_rejectsAUserAddressThatIsNotTheWalletOnRecord", async () => {
    const other = frontRunner.account.address;
    const expected = `userAddress must be the wallet on record (${alice.wallet}) when autoExecute is true`;
    const t = await trade(alice.jwt, { tokenId, buyAmountUSD: 1, userAddress: other });
    expect(t.status).toBe(400);
    expect(t.body).toEqual({ success: false, error: expected });
    const cr = await createAuto(alice.jwt, { userAddress: other });
    expect(cr.status).toBe(400);
    expect(cr.body).toEqual({ success: false, error: expected });
  });

  it("test_autoExecute_executesOnce_whenTheIdempotencyKeyIsReused", async () => {
    await indexer.sync();
    const key = uniqueName("reuse");
    const nonceBefore = await nonceOf(alice.wallet);
    const usdcBefore = await usdcOf(alice.wallet);
    // Alice's wallet approved the launchpad once already, for good (api/services/trade.ts custodialApproval).
    const allowance = await c.publicClient.readContract({
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "allowance",
      args: [alice.wallet, c.deployment.contracts.launchpad],
    });
    const approvals = allowance >= 10n * USDC ? 0 : 1;
    // Two requests at once and one after: one trade in all (and the approval, if one was still needed).
    const [a, b] = await Promise.all([
      trade(alice.jwt, { tokenId, buyAmountUSD: 10, idempotencyKey: key }),
      trade(alice.jwt, { tokenId, buyAmountUSD: 10, idempotencyKey: key }),
    ]);
    const c3 = await trade(alice.jwt, { tokenId, buyAmountUSD: 10, idempotencyKey: key });
    for (const r of [a, b, c3]) {
      expect(r.body.error).toBeUndefined();
      expect(r.body).toMatchObject({ executed: true, status: "confirmed" });
    }
    expect(new Set([a, b, c3].map((r) => r.body.intentId)).size).toBe(1);
    expect(new Set([a, b, c3].map((r) => r.body.transactionHash)).size).toBe(1);
    expect(c3.body.replayed).toBe(true);
    expect(c3.body.quote).toBeUndefined();
    expect(await nonceOf(alice.wallet)).toBe(nonceBefore + 1 + approvals);
    expect(usdcBefore - (await usdcOf(alice.wallet))).toBe(10n * USDC);

    // The same key for another user is another request.
    await faucetTo(bob.wallet, 20n * USDC);
    const bobs = await trade(bob.jwt, { tokenId, buyAmountUSD: 10, idempotencyKey: key });
    expect(bobs.body).toMatchObject({ executed: true, replayed: false });
    expect(bobs.body.intentId).not.toBe(a.body.intentId);

    // create-token-transaction: the replay records no second token and answers the first one's metadata.
    const ckey = uniqueName("create");
    const first = await createAuto(alice.jwt, { idempotencyKey: ckey, name: "Once" });
    const again = await createAuto(alice.jwt, { idempotencyKey: ckey, name: "Once" });
    expect(first.body).toMatchObject({ executed: true, replayed: false });
    expect(again.body).toMatchObject({ executed: true, replayed: true, transactionHash: first.body.transactionHash });
    expect(again.body.metadata).toEqual(first.body.metadata);
    const { rows } = await api.deps.db.query(`SELECT count(*)::int AS n FROM ${api.appSchema}.tokens WHERE name = $1`, [
      "Once",
    ]);
    expect(rows[0]?.n).toBe(1);
  });

  it("test_sendToken_autoExecute_sendsOnce_whenTheIdempotencyKeyIsReused", async () => {
    const key = uniqueName("send");
    const send = () =>
      api.post(
        "send-token",
        { to: bob.wallet, chainSlug: "base-sepolia", amount: 7, autoExecute: true, idempotencyKey: key },
        alice.jwt,
      );
    const nonceBefore = await nonceOf(alice.wallet);
    const [aliceBefore, bobBefore] = [await usdcOf(alice.wallet), await usdcOf(bob.wallet)];
    const [a, b] = await Promise.all([send(), send()]);
    const c3 = await send();
    for (const r of [a, b, c3]) {
      expect(r.body.error).toBeUndefined();
      expect(r.body).toMatchObject({ executed: true, status: "confirmed", amountBaseUnits: "7000000" });
    }
    expect(new Set([a, b, c3].map((r) => r.body.transactionHash)).size).toBe(1);
    expect(c3.body.replayed).toBe(true);
    expect(await nonceOf(alice.wallet)).toBe(nonceBefore + 1);
    expect(aliceBefore - (await usdcOf(alice.wallet))).toBe(7n * USDC);
    expect((await usdcOf(bob.wallet)) - bobBefore).toBe(7n * USDC);
    // A launched token counts against the spending cap at its spending price (tests/helpers/chain.ts spendPriceOf),
    // rounded up to a USDC base unit. The service prices from the indexed pool: the trades above (autoExecute answers
    // once they are mined, not indexed) must be indexed first, or it prices at a stale, lower price.
    await indexer.sync();
    const price = await spendPriceOf(c, token);
    const sent = await api.post(
      "send-token",
      { to: bob.wallet, tokenId, chainSlug: "base-sepolia", amount: 3, autoExecute: true },
      alice.jwt,
    );
    expect(sent.body.error).toBeUndefined();
    expect(sent.body).toMatchObject({
      executed: true,
      status: "confirmed",
      amountBaseUnits: (3n * 10n ** 18n).toString(),
    });
    const value = (3n * 10n ** 18n * price + 10n ** 30n - 1n) / 10n ** 30n;
    const { rows } = await api.deps.db.query<{ amount: string; kind: string }>(
      `SELECT m.amount_usdc::text AS amount, m.kind FROM ${api.appSchema}.spend m
         JOIN ${api.appSchema}.intents i ON i.id = m.intent_id WHERE i.id = $1 ORDER BY m.kind DESC`,
      [sent.body.intentId],
    );
    // What it moved, and its gas (the real cost once mined).
    expect(rows.map((r) => r.kind)).toEqual(["value", "gas"]);
    expect(BigInt(rows[0]?.amount ?? "0")).toBe(value);
    expect(BigInt(rows[1]?.amount ?? "0")).toBeGreaterThan(0n);
    expect(value).toBeGreaterThan(0n);
  });

  it("test_autoExecute_answersInsufficientBalance_whenTheWalletHasNoUsdc", async () => {
    const carol = await userOf("autoexecute-carol");
    await indexer.sync();
    const res = await trade(carol.jwt, { tokenId, buyAmountUSD: 5 });
    expect(res.status).toBe(400);
    // The approval the buy needs is not sent: the buy would revert after it (worker: approvalWithoutTrade).
    expect(res.body.error).toMatch(
      /^INSUFFICIENT_BALANCE: not sent: the trade after it would revert \(TransferFromFailed\(\)\) \(intent [0-9a-f-]{36}\)$/,
    );
    const intentId = /intent ([0-9a-f-]{36})/.exec(res.body.error ?? "")?.[1];
    const status = await api.post("get-intent-status", { intentId }, carol.jwt);
    expect(status.body.intent).toMatchObject({
      kind: "approval",
      status: "failed",
      errorCode: "INSUFFICIENT_BALANCE",
      errorReason: "not sent: the trade after it would revert (TransferFromFailed())",
      transactionHash: null,
    });
    expect(await nonceOf(carol.wallet)).toBe(0);
    // A sell without tokens is stopped before any intent, by the indexed balance.
    const sell = await trade(carol.jwt, { tokenId, sellAmountToken: 1 });
    expect(sell.body).toEqual({ success: false, error: "Insufficient token balance" });
  });

  /**
   * A front-runner's buy of 5,000 USD, left in the mempool (automine off) with a higher tip than ours (anvil suggests
   * 1 gwei). Not much higher: the tip of its block raises the fees the API reads next, and so the gas the next trades
   * reserve under Alice's spending cap; at 100 gwei and NATIVE_USD_PRICE 10,000 USD that was 500 USD a trade, and a
   * 20-USD trade here met the cap.
   */
  async function pendingFrontRun() {
    await frontRunner.writeContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 5_000n * USDC, 0n, maxUint256, noAttribution],
      maxPriorityFeePerGas: parseGwei("3"),
      maxFeePerGas: parseGwei("1000"),
      gas: 500_000n,
    } as never);
  }

  /** Alice's trade intents under `key`, oldest first: each attempt's status, hash and slippage bound. */
  async function attemptsOf(key: string) {
    const { rows } = await api.deps.db.query<{
      idempotency_key: string;
      status: string;
      tx_hash: Hex | null;
      data: Hex;
    }>(
      `SELECT idempotency_key, status, tx_hash, data FROM ${api.appSchema}.intents
        WHERE idempotency_key LIKE $1 AND kind = 'trade' ORDER BY created_at`,
      [`%:${key}:trade%`],
    );
    return rows.map((r) => {
      const call = decodeFunctionData({ abi: launchpadAbi, data: r.data });
      return { step: r.idempotency_key.split(":").pop(), status: r.status, hash: r.tx_hash, bound: call.args?.[2] };
    });
  }

  it("test_autoExecute_answersRetryable409_whenAPendingFrontRunKeepsTheBoundStale_thenTheSameKeyRuns", async () => {
    // Alice's allowance is set once, through execute-transaction, so the trade is one transaction.
    const approve = encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [c.deployment.contracts.launchpad, maxUint256],
    });
    const approved = await api.post(
      "execute-transaction",
      { to: c.deployment.contracts.usdc, amount: "0", data: approve, chainSlug: "base-sepolia" },
      alice.jwt,
    );
    expect(approved.body).toMatchObject({ executed: true, status: "confirmed", dryRun: false });
    await fundUsdc(c, frontRunner, 20_000n * USDC);
    await indexer.sync();
    const key = uniqueName("moved");

    await c.testClient.setAutomine(false);
    try {
      // The front-run waits in the mempool; the quote (the chain's latest state) does not know it.
      await pendingFrontRun();
      const nonceBefore = await c.publicClient.getTransactionCount({ address: alice.wallet, blockTag: "latest" });
      const res = await trade(alice.jwt, { tokenId, buyAmountUSD: 50, slippageBps: 0, idempotencyKey: key });
      // The worker simulates on the pending state (anvil's, with the front-run in it) and broadcasts nothing. The
      // market moved under the trade: a retry may cure that, so it is a 409 with Retry-After, not a 400.
      expect(res.status).toBe(409);
      expect(res.headers.get("retry-after")).toBe("1");
      expect(res.body.error).toMatch(
        /^TRANSACTION_FAILED: simulation reverted: SlippageExceeded\(\d+, \d+\) \(intent [0-9a-f-]{36}\)$/,
      );
      // Quoted again twice, on the chain's latest state: the pending front-run is not chased (the bound stays).
      const attempts = await attemptsOf(key);
      expect(attempts.map((a) => [a.step, a.status, a.hash])).toEqual([
        ["trade", "failed", null],
        ["trade#2", "failed", null],
        ["trade#3", "failed", null],
      ]);
      expect(new Set(attempts.map((a) => a.bound)).size).toBe(1);
      const intentId = /intent ([0-9a-f-]{36})/.exec(res.body.error ?? "")?.[1];
      const status = await api.post("get-intent-status", { intentId }, alice.jwt);
      expect(status.body.intent).toMatchObject({
        kind: "trade",
        status: "failed",
        transactionHash: null,
        retryable: true,
      });
      expect(await c.publicClient.getTransactionCount({ address: alice.wallet, blockTag: "pending" })).toBe(
        nonceBefore,
      );

      // The key reused for another trade is answered the key's own failure, and records nothing.
      const other = await trade(alice.jwt, { tokenId, buyAmountUSD: 60, slippageBps: 0, idempotencyKey: key });
      expect(other.status).toBe(409);
      expect(other.body.error).toBe(res.body.error);
      expect(await attemptsOf(key)).toHaveLength(3);
    } finally {
      await c.testClient.mine({ blocks: 1 });
      await c.testClient.setAutomine(true);
    }
    // The front-run is mined: the same request, sent again with its key, is quoted on the moved price and runs.
    const usdcBefore = await usdcOf(alice.wallet);
    const again = await trade(alice.jwt, { tokenId, buyAmountUSD: 50, slippageBps: 0, idempotencyKey: key });
    expect(again.body).toMatchObject({ executed: true, status: "confirmed", replayed: false, requotes: 0 });
    expect((await attemptsOf(key)).map((a) => [a.step, a.status])).toEqual([
      ["trade", "failed"],
      ["trade#2", "failed"],
      ["trade#3", "failed"],
      ["trade#4", "confirmed"],
    ]);
    expect(usdcBefore - (await usdcOf(alice.wallet))).toBe(50n * USDC);
    // And once more: the confirmed attempt is the key's answer, nothing new runs.
    const replay = await trade(alice.jwt, { tokenId, buyAmountUSD: 50, slippageBps: 0, idempotencyKey: key });
    expect(replay.body).toMatchObject({ executed: true, replayed: true, intentId: again.body.intentId });
    expect(usdcBefore - (await usdcOf(alice.wallet))).toBe(50n * USDC);
  });

  it("test_autoExecute_quotesAgainAndRuns_whenTheMarketMovesBeforeItsTradeIsSent", async () => {
    await indexer.sync();
    const key = uniqueName("requote");
    const usdcBefore = await usdcOf(alice.wallet);
    await c.testClient.setAutomine(false);
    let answer: Awaited<ReturnType<typeof trade>> | undefined;
    try {
      await pendingFrontRun();
      let answered = false;
      const res = trade(alice.jwt, { tokenId, buyAmountUSD: 20, slippageBps: 0, idempotencyKey: key }).finally(() => {
        answered = true;
      });
      // The first attempt fails in simulation on the pending front-run; before the re-quote (REQUOTE_DELAY_MS), the
      // front-run is mined, so the next quote is made on the price it left. (An answer before that is a failure the
      // expectations below show.)
      await until(
        "the first attempt failed",
        async () => answered || (await attemptsOf(key))[0]?.status === "failed",
        30_000,
      );
      await c.testClient.mine({ blocks: 1 });
      await c.testClient.setAutomine(true);
      answer = await res;
    } finally {
      await c.testClient.mine({ blocks: 1 });
      await c.testClient.setAutomine(true);
    }
    expect(answer?.body.error).toBeUndefined();
    expect(answer?.body).toMatchObject({ executed: true, status: "confirmed", replayed: false, requotes: 1 });
    const attempts = await attemptsOf(key);
    expect(attempts.map((a) => [a.step, a.status])).toEqual([
      ["trade", "failed"],
      ["trade#2", "confirmed"],
    ]);
    // The new bound is the new price's: fewer tokens for the same 20 USD.
    expect((attempts[1]?.bound as bigint) < (attempts[0]?.bound as bigint)).toBe(true);
    expect(usdcBefore - (await usdcOf(alice.wallet))).toBe(20n * USDC);
  });
});

describe("get-intent-status and execute-transaction", () => {
  it("test_getIntentStatus_hidesOtherUsersIntents", async () => {
    const sent = await api.post(
      "execute-transaction",
      { to: frontRunner.account.address, amount: "1000", chainSlug: "base-sepolia" },
      alice.jwt,
    );
    expect(sent.body.error).toBeUndefined();
    const intentId = sent.body.intentId as string;
    expect((await api.post("get-intent-status", { intentId }, alice.jwt)).status).toBe(200);
    const other = await api.post("get-intent-status", { intentId }, bob.jwt);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, error: "Intent not found" });
    const unknown = await api.post("get-intent-status", { intentId: "6f1c1f8e-1111-4a4a-8b8b-123456789abc" }, bob.jwt);
    expect(unknown.body).toEqual({ success: false, error: "Intent not found" });
    expect((await api.post("get-intent-status", {}, bob.jwt)).body).toEqual({
      success: false,
      error: "Missing required fields: intentId",
    });
  });

  it("test_executeTransaction_sendsValueFromTheCustodialWallet", async () => {
    const to = "0x000000000000000000000000000000000000bEEF" as Address;
    const before = await c.publicClient.getBalance({ address: to });
    const res = await api.post("execute-transaction", { to, amount: "123456789", chainSlug: "base-sepolia" }, bob.jwt);
    expect(res.body).toMatchObject({ success: true, executed: true, status: "confirmed", dryRun: false });
    const receipt = await c.publicClient.getTransactionReceipt({ hash: res.body.transactionHash as Hex });
    expect(receipt.from).toBe(bob.wallet.toLowerCase());
    expect((await c.publicClient.getBalance({ address: to })) - before).toBe(123456789n);
  });

  it("test_executeTransaction_dryRun_simulatesOnly", async () => {
    const nonceBefore = await nonceOf(bob.wallet);
    const transfer = encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "transfer",
      args: [alice.wallet, 10n ** 15n],
    });
    const bad = await api.post(
      "execute-transaction",
      { to: c.deployment.contracts.usdc, amount: "0", data: transfer, chainSlug: "base-sepolia", dryRun: true },
      bob.jwt,
    );
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ executed: false, dryRun: true });
    expect(bad.body.simulation).toMatchObject({
      success: false,
      errorCode: "INSUFFICIENT_BALANCE",
      gasEstimate: null,
      gasLimit: null,
    });
    expect((bad.body.simulation as { reason: string }).reason).toMatch(
      new RegExp(`^ERC20InsufficientBalance\\(${bob.wallet}, \\d+, ${10n ** 15n}\\)$`),
    );
    const good = await api.post(
      "execute-transaction",
      { to: frontRunner.account.address, amount: "1", chainSlug: "base-sepolia", dryRun: true },
      bob.jwt,
    );
    expect(good.body.simulation).toMatchObject({ success: true, errorCode: null, reason: null });
    expect(Number((good.body.simulation as { gasEstimate: string }).gasEstimate)).toBe(21_000);
    // 21,000 plus the gas margin (25%, core/limits.ts).
    expect((good.body.simulation as { gasLimit: string }).gasLimit).toBe("26250");
    expect(await nonceOf(bob.wallet)).toBe(nonceBefore);
  });

  it("test_executeTransaction_validatesItsFields", async () => {
    const res = await api.post(
      "execute-transaction",
      { to: "0x12", amount: "1.5", chainSlug: "base-sepolia" },
      bob.jwt,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid to: must match ^0x[a-fA-F0-9]{40}$");
    const missing = await api.post("execute-transaction", { chainSlug: "base-sepolia" }, bob.jwt);
    expect(missing.body.error).toBe("Missing required fields: to, amount");
  });

  it("test_pendingAnswer_whenNotFinalInTime_thenPollable", async () => {
    // A second API on the same app schema and queue that does not wait at all.
    const quick = await createTestApi({
      indexerSchema: indexer.schema,
      config: { walletSecret: secret, appSchema: api.appSchema },
      executeQueue: stack.queue,
      autoExecuteWaitMs: 0,
    });
    try {
      const res = await quick.post(
        "execute-transaction",
        { to: frontRunner.account.address, amount: "7", chainSlug: "base-sepolia" },
        bob.jwt,
      );
      expect(res.body).toMatchObject({ success: true, executed: false, status: "pending" });
      const intentId = res.body.intentId as string;
      const deadline = Date.now() + WAIT_MS;
      let status = "";
      while (Date.now() < deadline) {
        const s = await quick.post("get-intent-status", { intentId }, bob.jwt);
        status = (s.body.intent as { status: string }).status;
        if (status === "confirmed") break;
        await sleep(100);
      }
      expect(status).toBe("confirmed");
    } finally {
      await quick.close();
    }
  });
});

describe("the event log", () => {
  it("holds intents and chain events that fit their schemas (core/event-schemas.ts)", async () => {
    const { kinds, misfits } = await logShapes(api);
    expect([...kinds]).toEqual(expect.arrayContaining(["intent", "trade", "token_created"]));
    expect(misfits).toEqual({});
  });
});
