/**
 * The spending policy (core/spend.ts, api/services/spending.ts) as an attacker meets it: a key with a 5 USD daily
 * cap spends it, then tries every other way value can leave its custodial wallet, over MCP and over REST. Each must
 * be refused before anything is sent; a legitimate spend under a cap still passes on both interfaces.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { type Address, encodeFunctionData, formatUnits, type Hex, keccak256, parseEther, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, multicall3Abi } from "../abis/index.js";
import { createApiKey } from "../api/services/api-keys.js";
import { noAttribution } from "../core/fees.js";
import { poolTypeIds } from "../core/poolTypes.js";
import type { createTestApi } from "./helpers/api.js";
import {
  type Chain,
  chain,
  createToken,
  fundedWallets,
  fundUsdc,
  send,
  spendPriceOf,
  type Wallet,
} from "./helpers/chain.js";
import { call, httpClient, mcpConfig, serveMcp, userWithKey } from "./helpers/mcp.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const WAIT_MS = 60_000;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const chainSlug = "base-sepolia";

type Api = Awaited<ReturnType<typeof createTestApi>>;
type KeyUser = Awaited<ReturnType<typeof userWithKey>>;

let c: Chain;
let api: Api;
let stack: Stack;
let served: Awaited<ReturnType<typeof serveMcp>>;
const clients: Client[] = [];
/** Calls the USDC faucet for each key user (this file's own wallet). */
let funder: Wallet;
/** Where the attacker tries to move value: an address of this file's own. */
let attacker: Address;

async function keyUser(dailyCapUsdc: bigint) {
  const user = await userWithKey(api.deps, { dailyCapUsdc });
  await c.testClient.setBalance({ address: user.wallet, value: parseEther("10") });
  await send(c, funder, {
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "faucet",
    args: [user.wallet, 1_000n * USDC],
  } as never);
  const client = await httpClient(served.url, user.key);
  clients.push(client);
  return { user, client };
}

const usdcCall = (functionName: "transfer" | "approve", to: Address, amount: bigint) =>
  encodeFunctionData({ abi: mockUsdcAbi, functionName, args: [to, amount] });

const capExceeded = (requestedUsd: string) => ({
  code: "INSUFFICIENT_BALANCE",
  error: `Daily spending cap exceeded: ${requestedUsd} USD would bring today's spending to ${Number(requestedUsd) + 5} USD, over the cap of 5 USD`,
  details: { reason: "daily_spend_cap", requestedUsd, spentTodayUsd: "5", dailyCapUsd: "5" },
});

beforeAll(async () => {
  c = chain();
  const [faucetCaller, attackerWallet] = await fundedWallets(c, 2);
  funder = faucetCaller;
  attacker = attackerWallet.account.address;
  stack = await startStack({ walletSecret: uniqueName("spending-secret"), autoExecuteWaitMs: WAIT_MS, name: "spend" });
  ({ api } = stack);
  served = await serveMcp(api.deps, mcpConfig());
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await served?.close();
  await stack?.close();
});

describe("a key whose 5 USD cap is spent", () => {
  let capped: { user: KeyUser; client: Client };

  beforeAll(async () => {
    capped = await keyUser(5n * USDC);
    const spent = await call(capped.client, "execute_transaction", {
      to: c.deployment.contracts.usdc,
      amount: "0",
      data: usdcCall("transfer", attacker, 5n * USDC),
      chainSlug,
    });
    expect(spent.body).toMatchObject({ executed: true, status: "confirmed" });
  });

  const mcpTx = (to: Address, data: Hex, amount = "0") =>
    call(capped.client, "execute_transaction", { to, amount, data, chainSlug });

  it("test_approve_outsider_isCountedAtItsAllowance", async () => {
    const out = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", attacker, 50n * USDC));
    expect(out.body).toMatchObject(capExceeded("50"));
    const allowance = await c.publicClient.readContract({
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "allowance",
      args: [capped.user.wallet, attacker],
    });
    expect(allowance).toBe(0n);
  });

  it("test_launchedTokenTransfer_isCountedAtItsPoolPrice", async () => {
    // The attacker's way round a cap on USDC: move the wallet's launched tokens out instead.
    const made = await createToken(c, funder, 7, { name: uniqueName("Capped"), symbol: "CAP" });
    // The price pushed up, then down again before the transfer: the policy counts the day's high, not the dip.
    await fundUsdc(c, funder, 2_000n * USDC);
    const lp = (functionName: string, args: unknown[]) =>
      send(c, funder, { address: c.deployment.contracts.launchpad, abi: launchpadAbi, functionName, args } as never);
    await lp("buyExactIn", [made.token, 1_000n * USDC, 0n, 2n ** 64n, noAttribution]);
    const held = await c.publicClient.readContract({
      address: made.token,
      abi: launchTokenAbi,
      functionName: "balanceOf",
      args: [funder.account.address],
    });
    await lp("sellExactIn", [made.token, (held * 9n) / 10n, 0n, 2n ** 64n, noAttribution]);
    await stack.indexer.sync();
    const price = await spendPriceOf(c, made.token);
    const now = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "getPool",
      args: [made.token],
    });
    expect(price).toBeGreaterThan(now.price);
    const amount = 10_000_000n * 10n ** 18n;
    const value = (amount * price + 10n ** 30n - 1n) / 10n ** 30n;
    expect(value).toBeGreaterThan(0n);
    const data = encodeFunctionData({ abi: launchTokenAbi, functionName: "transfer", args: [attacker, amount] });
    const out = await mcpTx(made.token, data);
    expect(out.body).toMatchObject(capExceeded(formatUnits(value, 6)));
  });

  it("test_approve_unlimitedToOutsider_isRefused", async () => {
    const out = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", attacker, 2n ** 255n));
    expect(out.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: `Unlimited approval refused: ${attacker} is neither the launchpad nor on this credential's allowlist`,
      details: { reason: "unlimited_approval" },
    });
  });

  it("test_multicall_approveThenAggregate3_isRefused", async () => {
    const multicall = c.deployment.contracts.multicall3;
    const approve = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", multicall, 20n * USDC));
    expect(approve.body).toMatchObject(capExceeded("20"));
    const pull = encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "transferFrom",
      args: [capped.user.wallet, attacker, 20n * USDC],
    });
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [[{ target: c.deployment.contracts.usdc, allowFailure: false, callData: pull }]],
    });
    const out = await mcpTx(multicall, data);
    expect(out.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: `Call refused: the spending policy cannot decode what this call to ${multicall} moves, and ${multicall} is not on this credential's allowlist`,
      details: { reason: "undecodable_call" },
    });
  });

  it("test_createToken_withInitialBuy_isCounted", async () => {
    const data = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "createToken",
      args: [
        {
          name: "Bypass",
          symbol: "BYP",
          tokenURI: "ipfs://bypass",
          poolType: poolTypeIds.meme,
          salt: keccak256(toHex(uniqueName("salt"))),
          attribution: noAttribution,
          initialBuyUsdc: 20n * USDC,
          minTokensOut: 0n,
          deadline: BigInt(Math.floor(Date.now() / 1000) + 3600),
        },
      ],
    });
    // The launchpad pulls the initial buy with its allowance, which the service's own trades may leave behind.
    const approve = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", c.deployment.contracts.launchpad, 0n));
    expect(approve.body).toMatchObject({ executed: true });
    const out = await mcpTx(c.deployment.contracts.launchpad, data);
    expect(out.body).toMatchObject(capExceeded("20"));
  });

  it("test_restExecuteTransaction_isCapped", async () => {
    const res = await api.post(
      "execute-transaction",
      { to: c.deployment.contracts.usdc, amount: "0", data: usdcCall("transfer", attacker, 10n * USDC), chainSlug },
      capped.user.key,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: capExceeded("10").error });
  });

  it("test_nativeValue_isPricedAtTheNativePrice", async () => {
    const out = await mcpTx(attacker, "0x", parseEther("2").toString());
    expect(out.body).toMatchObject(capExceeded("20000"));
    const rest = await api.post(
      "execute-transaction",
      { to: attacker, amount: parseEther("2").toString(), chainSlug },
      capped.user.key,
    );
    expect(rest.body).toMatchObject({ success: false, error: capExceeded("20000").error });
  });
});

describe("a legitimate spend under the cap", () => {
  let tokenId: string;

  beforeAll(async () => {
    const creator = await keyUser(100n * USDC);
    const res = await api.post(
      "create-token-transaction",
      {
        name: "Spend Token",
        symbol: "SPND",
        description: "for the spending policy",
        image: `data:image/png;base64,${PNG_1x1}`,
        chainSlug,
        autoExecute: true,
      },
      creator.user.key,
    );
    expect(res.body).toMatchObject({ success: true, executed: true });
    tokenId = (res.body.metadata as { tokenId: string }).tokenId;
    await stack.indexer.sync();
  });

  it("test_mcpAndRest_buysUnderTheCap_execute_andCount", async () => {
    const { user, client } = await keyUser(12n * USDC);
    const mcp = await call(client, "trade_token", {
      tokenId,
      chainSlug,
      direction: "buy",
      buyAmountUSD: 5,
      autoExecute: true,
    });
    expect(mcp.body).toMatchObject({ executed: true, status: "confirmed" });
    const rest = await api.post(
      "trade-token",
      { tokenId, chainSlug, side: "buy", buyAmountUSD: 5, autoExecute: true },
      user.key,
    );
    expect(rest.body).toMatchObject({ success: true, executed: true });
    // 10 of 12 USD spent across both interfaces: 5 more does not fit.
    const over = await api.post(
      "trade-token",
      { tokenId, chainSlug, side: "buy", buyAmountUSD: 5, autoExecute: true },
      user.key,
    );
    expect(over.body).toMatchObject({
      success: false,
      error: "Daily spending cap exceeded: 5 USD would bring today's spending to 15 USD, over the cap of 12 USD",
    });
    const transfer = await api.post(
      "execute-transaction",
      { to: c.deployment.contracts.usdc, amount: "0", data: usdcCall("transfer", attacker, 2n * USDC), chainSlug },
      user.key,
    );
    expect(transfer.body).toMatchObject({ success: true, executed: true });
  });
});

describe("the per-user cap", () => {
  it("test_userCap_sumsEveryKeyOfTheUser_overRestAndMcp", async () => {
    const { user, client } = await keyUser(0n);
    const s = api.appSchema;
    // Keys without a cap of their own: the server's credential cap (1000 USD) and a user cap of 8 USD.
    await api.deps.db.query(`UPDATE ${s}.api_keys SET daily_spend_cap_usdc = NULL WHERE id = $1`, [user.keyId]);
    const second = await createApiKey(api.deps.db, s, { userId: user.userId, tier: "authenticated" });
    const defaults = api.deps.config.spending;
    api.deps.config.spending = { ...defaults, userCapUsdc: 8n * USDC };
    try {
      const transfer = usdcCall("transfer", attacker, 5n * USDC);
      const first = await call(client, "execute_transaction", {
        to: c.deployment.contracts.usdc,
        amount: "0",
        data: transfer,
        chainSlug,
      });
      expect(first.body).toMatchObject({ executed: true });
      const other = await api.post(
        "execute-transaction",
        { to: c.deployment.contracts.usdc, amount: "0", data: transfer, chainSlug },
        second.key,
      );
      expect(other.body).toMatchObject({
        success: false,
        error:
          "Daily spending cap exceeded: 5 USD would bring this user's spending today, over all its credentials, to 10 USD, over the user's cap of 8 USD",
      });
      const { rows } = await api.deps.db.query(
        `SELECT subject_kind, interface, tool, amount_usdc::text FROM ${s}.spend WHERE user_id = $1`,
        [user.userId],
      );
      expect(rows).toEqual([{ subject_kind: "key", interface: "mcp", tool: "transaction", amount_usdc: "5000000" }]);
    } finally {
      api.deps.config.spending = defaults;
    }
  });
});
