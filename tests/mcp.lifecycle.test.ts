import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Address, encodeFunctionData, formatUnits, type Hex, parseEther, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import type { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, fundedWallets } from "./helpers/chain.js";
import { call, httpClient, mcpConfig, ok, serveMcp, userWithKey } from "./helpers/mcp.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
/** USDC base units of a USD decimal string (the spending cap's figures). */
const units = (usd: string) => parseUnits(usd, 6);
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const secret = uniqueName("mcp-lifecycle-secret");
/** Longer than the 10 s default: this machine runs other work, and a buy here is two transactions. */
const WAIT_MS = 60_000;

type Api = Awaited<ReturnType<typeof createTestApi>>;
type KeyUser = Awaited<ReturnType<typeof userWithKey>>;
type Execution = {
  success: true;
  executed: boolean;
  transactionHash: Hex;
  intentId: string;
  status: string;
  inputAmount: string;
  outputAmount: string;
  protocol: string;
  quote: { graduates: boolean; outputAmountBaseUnits: string; isGraduated: boolean };
};

let c: Chain;
let api: Api;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let stack: Stack;
let served: Awaited<ReturnType<typeof serveMcp>>;
const clients: Client[] = [];

async function userClient(p: Parameters<typeof userWithKey>[1]) {
  const user = await userWithKey(api.deps, p);
  await c.testClient.setBalance({ address: user.wallet, value: parseEther("10") });
  const client = await httpClient(served.url, user.key);
  clients.push(client);
  return { user, client };
}

/** MockUSDC.faucet to the caller's own wallet, sent through execute_transaction (a USDC mint spends nothing). */
async function faucet(client: Client, to: Address, amount: bigint) {
  const out = await ok<Execution>(client, "execute_transaction", {
    to: c.deployment.contracts.usdc,
    amount: "0",
    data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [to, amount] }),
    chainSlug: "base-sepolia",
  });
  expect(out).toMatchObject({ executed: true, status: "confirmed" });
}

const usdcOf = (who: Address) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "balanceOf",
    args: [who],
  });

beforeAll(async () => {
  c = chain();
  stack = await startStack({ walletSecret: secret, autoExecuteWaitMs: WAIT_MS, name: "mcp-lifecycle" });
  ({ api, indexer } = stack);
  served = await serveMcp(api.deps, mcpConfig());
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await served?.close();
  await stack?.close();
});

describe("a token's life through MCP tools", () => {
  let alice: KeyUser;
  let aliceClient: Client;
  let bobClient: Client;
  let tokenId: string;
  let token: Address;

  beforeAll(async () => {
    // Graduating a meme token takes ~32 000 USD of buys: this key's own cap allows it.
    ({ user: alice, client: aliceClient } = await userClient({ tier: "premium", dailyCapUsdc: 100_000n * USDC }));
    ({ client: bobClient } = await userClient({ tier: "authenticated" }));
    await faucet(aliceClient, alice.wallet, 60_000n * USDC);
  });

  it("test_lifecycle_1_create", async () => {
    const created = await ok<Execution & { tokenId: string; contractAddress: Address }>(aliceClient, "create_token", {
      name: "Lifecycle Token",
      symbol: "LIFE",
      description: "Lives its whole life through MCP",
      image: `data:image/png;base64,${PNG_1x1}`,
      chainSlug: "base-sepolia",
      tags: ["lifecycle"],
      autoExecute: true,
    });
    expect(created).toMatchObject({ success: true, executed: true, status: "confirmed" });
    expect(created.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
    const receipt = await c.publicClient.getTransactionReceipt({ hash: created.transactionHash });
    expect(receipt.from).toBe(alice.wallet.toLowerCase());
    tokenId = created.tokenId;
    token = created.contractAddress;
    expect(await c.publicClient.getCode({ address: token })).toMatch(/^0x[0-9a-f]{10,}/);
    await indexer.sync();
    expect((await ok<{ id: string }>(aliceClient, "search_token", { input: "LIFE" })).id).toBe(tokenId);
  });

  let quotedTokens: string;

  it("test_dailyCap_reservesTheTransactionsOwnBound_forACrossingExactOutBuy", async () => {
    // A buy of exact tokens that crosses graduation is quoted with an estimated V3 leg, so the transaction's max-in
    // carries an estimate margin on top of the slippage. The cap used to reserve quote × (1 + slippage) only: a key
    // whose cap sat between the two executed a transaction allowed to spend more than the cap. It must reserve the
    // transaction's own bound.
    const order = {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountToken: 800_000_001, // the whole curve and 1 token more from the pool it seeds
      autoExecute: true,
    };
    const preview = await ok<{
      trade: { boundBaseUnits: string };
      quote: { estimated?: boolean };
      spend: { amountUsd: string };
    }>(aliceClient, "trade_token", { ...order, dryRun: true });
    const bound = BigInt(preview.trade.boundBaseUnits);
    expect(preview.spend.amountUsd).toBe(formatUnits(bound, 6));
    // A cap one base unit under the bound refuses it. What the refusal reserves besides the buy's worst-case gas (its
    // transactions' gas bounds at their max fee per gas) is the transaction's own bound.
    const { client } = await userClient({ tier: "authenticated", dailyCapUsdc: bound - 1n });
    const refused = await call(client, "trade_token", order);
    expect(refused.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { reason: "daily_spend_cap", spentTodayUsd: "0", dailyCapUsd: formatUnits(bound - 1n, 6) },
    });
    const details = refused.body.details as { requestedUsd: string; gasUsd: string };
    const gas = units(details.gasUsd);
    expect(gas).toBeGreaterThan(0n);
    expect(units(details.requestedUsd)).toBe(bound + gas);
  });

  it("test_lifecycle_2_quote", async () => {
    const quote = await ok<Record<string, unknown>>(aliceClient, "quote_trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      inputToken: "usdc",
      amount: 100,
    });
    expect(quote).toMatchObject({ inputAmount: "100", protocol: "bonding_curve", isGraduated: false });
    quotedTokens = quote.outputAmountBaseUnits as string;
    expect(BigInt(quotedTokens)).toBeGreaterThan(0n);
  });

  it("test_lifecycle_3_buy", async () => {
    const buy = await ok<Execution>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: 100,
      autoExecute: true,
    });
    expect(buy).toMatchObject({ executed: true, status: "confirmed", inputAmount: "100", protocol: "bonding_curve" });
    // The curve quote is exact: the buy receives what was quoted.
    const held = await c.publicClient.readContract({
      address: token,
      abi: launchTokenAbi,
      functionName: "balanceOf",
      args: [alice.wallet],
    });
    expect(held).toBe(BigInt(quotedTokens));
    await indexer.sync();
  });

  let postId: string;

  it("test_lifecycle_4_post", async () => {
    const post = await ok<{ id: string; content: string; tagged_coin_id: string }>(aliceClient, "create_post", {
      content: "LIFE is live",
      taggedCoinId: tokenId,
    });
    expect(post).toMatchObject({ content: "LIFE is live", tagged_coin_id: tokenId });
    postId = post.id;
  });

  it("test_lifecycle_5_vote", async () => {
    const vote = await ok<Record<string, unknown>>(bobClient, "vote", {
      content_id: postId,
      content_type: "post",
      vote_type: "upvote",
    });
    expect(vote).toMatchObject({ content_id: postId, vote_type: "upvote", action: "created", upvotes: 1 });
    const onToken = await ok<Record<string, unknown>>(aliceClient, "vote", {
      content_id: tokenId,
      content_type: "token",
      vote_type: "upvote",
    });
    // Weighted by Alice's holdings of the token.
    expect(onToken.weight_wei).toBe(quotedTokens);
  });

  it("test_lifecycle_6_graduate", async () => {
    const pool = await ok<{ pool_data: { remaining_to_graduation: string } }>(aliceClient, "get_pool_data", {
      tokenId,
    });
    const remaining = BigInt(pool.pool_data.remaining_to_graduation);
    const toGraduate = await ok<{ inputAmount: string }>(aliceClient, "quote_trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      inputToken: "token",
      amount: Number(remaining / 10n ** 18n + 1n),
    });
    // A little more than the rest of the curve: the remainder goes through the new Uniswap V3 pool.
    const usd = Math.ceil(Number(toGraduate.inputAmount) * 1.02);
    const buy = await ok<Execution>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: usd,
      slippageBps: 500,
      autoExecute: true,
    });
    expect(buy).toMatchObject({ executed: true, status: "confirmed" });
    expect(buy.quote.graduates).toBe(true);
    await indexer.sync();
    const after = await ok<{ pool_data: { is_graduated: boolean; venue: string; v3_pool: { address: string } } }>(
      aliceClient,
      "get_pool_data",
      { tokenId },
    );
    expect(after.pool_data).toMatchObject({ is_graduated: true, venue: "uniswap_v3" });
    expect(after.pool_data.v3_pool.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    // Holders hear of it.
    const notes = await ok<{ notifications: { kind: string; token_id: string | null }[] }>(
      aliceClient,
      "get_notifications",
    );
    expect(notes.notifications).toContainEqual(expect.objectContaining({ kind: "graduation", token_id: tokenId }));
  });

  it("test_lifecycle_7_tradeOnV3", async () => {
    const quote = await ok<Record<string, unknown>>(aliceClient, "quote_trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      amount: 1000,
    });
    expect(quote).toMatchObject({ protocol: "uniswap_v3", isGraduated: true });
    const sell = await ok<Execution>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      sellAmountToken: 1000,
      autoExecute: true,
    });
    expect(sell).toMatchObject({ executed: true, status: "confirmed", protocol: "uniswap_v3", inputAmount: "1000" });
    const buy = await ok<Execution>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: 50,
      autoExecute: true,
    });
    expect(buy).toMatchObject({ executed: true, status: "confirmed", protocol: "uniswap_v3" });
    await indexer.sync();
    const candles = await ok<{ candles: { trades: number }[] }>(aliceClient, "get_token_candles", {
      tokenId,
      interval: "1d",
    });
    expect(candles.candles.reduce((n, x) => n + x.trades, 0)).toBeGreaterThanOrEqual(4);
  });

  it("test_lifecycle_8_claimFees", async () => {
    const claimable = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [alice.wallet],
    });
    expect(claimable).toBeGreaterThan(0n);
    const before = await usdcOf(alice.wallet);
    const claim = await ok<Execution & { claimableBaseUnits: string }>(aliceClient, "claim_fees", {
      chainSlug: "base-sepolia",
      autoExecute: true,
    });
    expect(claim).toMatchObject({ executed: true, status: "confirmed", claimableBaseUnits: claimable.toString() });
    expect((await usdcOf(alice.wallet)) - before).toBe(claimable);
    const status = await ok<{ intent: Record<string, unknown> }>(aliceClient, "get_intent_status", {
      intentId: claim.intentId,
    });
    expect(status.intent).toMatchObject({
      kind: "claim_fees",
      status: "confirmed",
      transactionHash: claim.transactionHash,
      from: alice.wallet.toLowerCase(),
    });
    // Nothing left: a second claim is refused before any transaction.
    const again = await call(aliceClient, "claim_fees", { chainSlug: "base-sepolia", autoExecute: true });
    expect(again.body).toMatchObject({ code: "INSUFFICIENT_BALANCE", error: "No fees to claim" });
    await indexer.sync();
    const portfolio = await ok<{
      holdings: { token_id: string; is_graduated: boolean }[];
      fees: { claimed: string }[];
    }>(aliceClient, "get_portfolio");
    expect(portfolio.holdings[0]).toMatchObject({ token_id: tokenId, is_graduated: true });
    expect(portfolio.fees[0]?.claimed).toBe(claimable.toString());
  });
});

describe("execution errors and the spending cap", () => {
  it("test_transactionFailed_whenTheTransactionWouldRevert", async () => {
    const { client } = await userClient({ tier: "authenticated" });
    const out = await call(client, "execute_transaction", {
      to: c.deployment.contracts.launchpad,
      amount: "0",
      data: encodeFunctionData({ abi: launchpadAbi, functionName: "claimFees" }),
      chainSlug: "base-sepolia",
    });
    expect(out.isError).toBe(true);
    expect(out.body.code).toBe("TRANSACTION_FAILED");
    expect(out.body.error).toMatch(
      /^TRANSACTION_FAILED: simulation reverted: NothingToClaim\(\) \(intent [0-9a-f-]{36}\)$/,
    );
    expect(out.body.details).toMatchObject({ status: "failed", transactionHash: null, retryable: false });
    const status = await ok<{ intent: Record<string, unknown> }>(client, "get_intent_status", {
      intentId: out.body.details?.intentId,
    });
    expect(status.intent).toMatchObject({ kind: "transaction", status: "failed", errorCode: "TRANSACTION_FAILED" });
  });

  it("test_dailyCap_countsExecutedBuys_andReleasesFailedOnes", async () => {
    const cap = 150n * USDC;
    const { user, client } = await userClient({ tier: "authenticated", dailyCapUsdc: cap });
    const subject = `key:${user.keyId}`;
    const listed = await ok<{ tokens: { id: string }[] }>(client, "get_tokens", {
      filter: "new",
      hashtag_name: "lifecycle",
    });
    const tokenId = listed.tokens[0]?.id;
    expect(tokenId).toBeDefined();
    const buy = (usd: number, idempotencyKey?: string) =>
      call(client, "trade_token", {
        tokenId,
        chainSlug: "base-sepolia",
        direction: "buy",
        buyAmountUSD: usd,
        autoExecute: true,
        ...(idempotencyKey ? { idempotencyKey } : {}),
      });
    /** This key's spend rows today, with their intents' status. */
    const spendRows = async () =>
      (
        await api.deps.db.query<{ kind: string; amount_usdc: string; intent_id: string; status: string }>(
          `SELECT s.kind, s.amount_usdc::text, s.intent_id, i.status
             FROM ${api.appSchema}.spend s JOIN ${api.appSchema}.intents i ON i.id = s.intent_id
            WHERE s.subject = $1 ORDER BY s.created_at`,
          [subject],
        )
      ).rows;
    /** The gas this key's intents cost or have reserved, but none of an intent that failed (it was never mined). */
    const gasCounted = async () =>
      (await spendRows())
        .filter((r) => r.kind === "gas" && r.status !== "failed")
        .reduce((sum, r) => sum + BigInt(r.amount_usdc), 0n);
    type CapDetails = { requestedUsd: string; gasUsd: string; spentTodayUsd: string; dailyCapUsd: string };

    // No USDC yet: the buy would revert, so its approval is not sent (no gas paid), and its 40 USD no longer count.
    const broke = await buy(40);
    expect(broke.body.code).toBe("INSUFFICIENT_BALANCE");
    expect(broke.body.error).toMatch(
      /^INSUFFICIENT_BALANCE: not sent: the trade after it would revert \(TransferFromFailed\(\)\)/,
    );

    await faucet(client, user.wallet, 500n * USDC);
    const key = uniqueName("once");
    const first = await buy(100, key);
    expect(first.body).toMatchObject({ executed: true, status: "confirmed" });
    // Replaying the key executes nothing new, so it spends nothing new (it would not fit under the cap otherwise).
    const rowsBeforeReplay = await spendRows();
    const replay = await buy(100, key);
    expect(replay.body).toMatchObject({ executed: true, replayed: true, transactionHash: first.body.transactionHash });
    expect(await spendRows()).toEqual(rowsBeforeReplay);
    // Sells move nothing out: they spend their gas only (no value row, below).
    const gasBeforeSell = await gasCounted();
    const sell = await call(client, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      sellAmountToken: 1,
      autoExecute: true,
    });
    expect(sell.body).toMatchObject({ executed: true, protocol: "uniswap_v3" });
    expect(await gasCounted()).toBeGreaterThan(gasBeforeSell);
    // Spent today: the 100 USD buy and the gas of what was mined (the faucet, the buy and the sell), not the 40.
    const spent = 100n * USDC + (await gasCounted());
    expect(spent).toBeGreaterThan(100n * USDC);
    const over = await buy(60);
    expect(over.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { reason: "daily_spend_cap", spentTodayUsd: formatUnits(spent, 6), dailyCapUsd: "150" },
    });
    const overDetails = over.body.details as CapDetails;
    expect(units(overDetails.gasUsd)).toBeGreaterThan(0n);
    expect(units(overDetails.requestedUsd)).toBe(60n * USDC + units(overDetails.gasUsd));

    // A USDC transfer through execute_transaction counts too, with its gas: what is left under the cap does not fit
    // with the transfer's worst-case gas on top; less that gas (and a margin for a slightly different estimate) does.
    const [recipient] = await fundedWallets(c, 1);
    const transferCall = (amount: bigint, dryRun = false) =>
      call(client, "execute_transaction", {
        to: c.deployment.contracts.usdc,
        amount: "0",
        data: encodeFunctionData({
          abi: mockUsdcAbi,
          functionName: "transfer",
          args: [recipient.account.address, amount],
        }),
        chainSlug: "base-sepolia",
        ...(dryRun ? { dryRun } : {}),
      });
    const transfer = (amount: bigint) => transferCall(amount);
    const left = cap - spent;
    const whole = await transfer(left);
    expect(whole.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { reason: "daily_spend_cap", spentTodayUsd: formatUnits(spent, 6) },
    });
    const wholeDetails = whole.body.details as CapDetails;
    const transferGas = units(wholeDetails.gasUsd);
    expect(transferGas).toBeGreaterThan(0n);
    expect(units(wholeDetails.requestedUsd)).toBe(left + transferGas);
    const sent = left - transferGas - USDC / 100n;
    expect((await transfer(sent)).body).toMatchObject({ executed: true, status: "confirmed" });
    // Its gas cost less than reserved, but what is left is less than the next transfer's gas: 0.000001 USD more, which
    // would fit by value, does not.
    const spentAfter = 100n * USDC + sent + (await gasCounted());
    expect(spentAfter).toBeGreaterThan(spent + sent);
    expect(spentAfter + 1n).toBeLessThanOrEqual(cap);
    const one = await transfer(1n);
    expect(one.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { reason: "daily_spend_cap", spentTodayUsd: formatUnits(spentAfter, 6), dailyCapUsd: "150" },
    });
    const oneDetails = one.body.details as CapDetails;
    expect(units(oneDetails.gasUsd)).toBeGreaterThan(0n);
    expect(units(oneDetails.requestedUsd)).toBe(1n + units(oneDetails.gasUsd));
    expect(spentAfter + units(oneDetails.requestedUsd)).toBeGreaterThan(cap);

    // The failed buy's reservation stays with its intent, which says it spent nothing.
    const { rows } = await api.deps.db.query(
      `SELECT s.amount_usdc::text, s.subject_kind, s.interface, s.tool, s.user_id, i.status
         FROM ${api.appSchema}.spend s JOIN ${api.appSchema}.intents i ON i.id = s.intent_id
        WHERE s.subject = $1 AND s.kind = 'value' ORDER BY s.created_at`,
      [subject],
    );
    const row = { subject_kind: "key", interface: "mcp", user_id: user.userId };
    expect(rows).toEqual([
      { ...row, amount_usdc: "40000000", tool: "trade", status: "failed" },
      { ...row, amount_usdc: "100000000", tool: "trade", status: "confirmed" },
      { ...row, amount_usdc: sent.toString(), tool: "transaction", status: "confirmed" },
    ]);
    // Gas: one row for each of the user's intents, whatever it was for. A mined one's is what it cost (> 0); a failed
    // one's (the broke buy's) is its reservation, which does not count.
    const { rows: intents } = await api.deps.db.query<{ id: string; status: string }>(
      `SELECT id, status FROM ${api.appSchema}.intents WHERE user_id = $1`,
      [user.userId],
    );
    const gasRows = (await spendRows()).filter((r) => r.kind === "gas");
    expect(gasRows.map((r) => r.intent_id).sort()).toEqual(intents.map((i) => i.id).sort());
    for (const r of gasRows) expect(BigInt(r.amount_usdc)).toBeGreaterThan(0n);
    expect(new Set(gasRows.map((r) => r.status))).toEqual(new Set(["failed", "confirmed"]));
    const { rows: tools } = await api.deps.db.query(
      `SELECT DISTINCT tool, subject_kind, interface, user_id FROM ${api.appSchema}.spend
        WHERE subject = $1 AND kind = 'gas'`,
      [subject],
    );
    expect(tools).toEqual([{ ...row, tool: "gas" }]);
    const preview = async () =>
      units(((await transferCall(1n, true)).body.spend as { spentTodayUsd: string }).spentTodayUsd);
    const spentNow = 100n * USDC + sent + (await gasCounted());
    expect(await preview()).toBe(spentNow);
    // An execution that ends reverted after the call returned (recorded as the worker would) stops counting its value;
    // the gas it paid still counts.
    await api.deps.db.query(
      `UPDATE ${api.appSchema}.intents SET status = 'reverted'
        WHERE id = (SELECT intent_id FROM ${api.appSchema}.spend
                     WHERE subject = $1 AND kind = 'value' AND tool = 'transaction')`,
      [subject],
    );
    expect(await preview()).toBe(spentNow - sent);
    expect((await transfer(1n)).body).toMatchObject({ executed: true });
  });
});
