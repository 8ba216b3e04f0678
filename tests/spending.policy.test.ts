/**
 * The spending policy (core/spend.ts, api/services/spending.ts) as an attacker meets it: a key with a 6.5 USD daily
 * cap spends 5 USD (and the gas of it), then tries every other way value can leave its custodial wallet, over MCP and
 * over REST. Each must be refused before anything is sent; a legitimate spend under a cap still passes on both
 * interfaces. The cap counts each call's gas too (at its worst before it is sent, its real cost once mined): what a
 * key has spent is read from the ledger, and a refusal must ask for what the call moves plus a gas part above zero.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  type Address,
  encodeFunctionData,
  formatUnits,
  type Hex,
  keccak256,
  parseEther,
  parseUnits,
  toHex,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, multicall3Abi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { poolTypeIds } from "../core/poolTypes.js";
import { createApiKey } from "../db/api-keys.js";
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
import { call, httpClient, mcpConfig, serveMcp, type ToolOutcome, userWithKey } from "./helpers/mcp.js";
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

const usd = (units: bigint) => formatUnits(units, 6);
const units = (usdText: unknown) => parseUnits(String(usdText), 6);

/** USDC base units the ledger holds today for `column` = `value`: every row, what was moved and what gas cost. */
async function ledgerSum(column: "subject" | "user_id", value: string): Promise<bigint> {
  const { rows } = await api.deps.db.query<{ spent: string }>(
    `SELECT coalesce(sum(amount_usdc), 0)::text AS spent FROM ${api.appSchema}.spend
      WHERE ${column} = $1 AND day = (now() AT TIME ZONE 'UTC')::date AND released_at IS NULL`,
    [value],
  );
  return BigInt(rows[0]?.spent ?? "0");
}
const spentByKey = (user: KeyUser) => ledgerSum("subject", `key:${user.keyId}`);
const spentByUser = (user: KeyUser) => ledgerSum("user_id", user.userId);

/** What a user's wallet has done: its nonce, its intents and its rows in the spending ledger. */
async function footprint(user: KeyUser) {
  const s = api.appSchema;
  const { rows } = await api.deps.db.query<{ intents: string; spend: string }>(
    `SELECT (SELECT count(*) FROM ${s}.intents WHERE user_id = $1)::text AS intents,
            (SELECT count(*) FROM ${s}.spend WHERE user_id = $1)::text AS spend`,
    [user.userId],
  );
  return {
    nonce: await c.publicClient.getTransactionCount({ address: user.wallet }),
    intents: rows[0]?.intents,
    spend: rows[0]?.spend,
    spent: await spentByUser(user),
  };
}

/**
 * Runs `attempt`, which the policy must refuse before anything is sent: no transaction from the user's wallet, no
 * intent, nothing reserved. Returns its outcome and what the key had spent before it.
 */
async function refusedUnsent<T>(user: KeyUser, attempt: () => Promise<T>): Promise<{ out: T; spent: bigint }> {
  const before = await footprint(user);
  const spent = await spentByKey(user);
  const out = await attempt();
  expect(await footprint(user)).toEqual(before);
  return { out, spent };
}

/**
 * An MCP refusal over the key's `cap`, of a call that moves `value` (USDC base units), by a key that had spent `spent`:
 * it asks for the value plus the call's worst-case gas (above zero), and says so in its message.
 */
function expectOverCap(out: ToolOutcome, value: bigint, spent: bigint, cap: bigint) {
  expect(out.body).toMatchObject({
    code: "INSUFFICIENT_BALANCE",
    details: { reason: "daily_spend_cap", spentTodayUsd: usd(spent), dailyCapUsd: usd(cap) },
  });
  const requested = units(out.body.details?.requestedUsd);
  const gas = units(out.body.details?.gasUsd);
  expect(gas).toBeGreaterThan(0n);
  expect(requested).toBe(value + gas);
  expect(spent + requested).toBeGreaterThan(cap);
  expect(out.body.error).toBe(
    `Daily spending cap exceeded: ${usd(requested)} USD would bring today's spending to ${usd(spent + requested)} USD, over the cap of ${usd(cap)} USD`,
  );
}

const CAP_MESSAGE =
  /^Daily spending cap exceeded: ([\d.]+) USD would bring today's spending to ([\d.]+) USD, over the cap of ([\d.]+) USD$/;
const USER_CAP_MESSAGE =
  /^Daily spending cap exceeded: ([\d.]+) USD would bring this user's spending today, over all its credentials, to ([\d.]+) USD, over the user's cap of ([\d.]+) USD$/;

/**
 * A REST refusal (its body has the message only) over `cap`, of a call that moves `value`, by a credential (or user,
 * with USER_CAP_MESSAGE) that had spent `spent`: it asks for more than the value (its gas), which brings `spent` over.
 */
function expectRestOverCap(
  body: { success: boolean; error?: string },
  value: bigint,
  spent: bigint,
  cap: bigint,
  message = CAP_MESSAGE,
) {
  expect(body).toMatchObject({ success: false, error: expect.stringMatching(message) });
  const [, requestedUsd, totalUsd, capUsd] = message.exec(body.error ?? "") ?? [];
  const requested = units(requestedUsd);
  expect(requested).toBeGreaterThan(value);
  expect(units(totalUsd)).toBe(spent + requested);
  expect(units(totalUsd)).toBeGreaterThan(cap);
  expect(units(capUsd)).toBe(cap);
}

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

describe("a key that has spent its cap", () => {
  // Room for a 5 USD transfer and its gas, then for the gas of a call that moves nothing: about a dollar is left.
  const cap = 6_500_000n;
  let capped: { user: KeyUser; client: Client };

  beforeAll(async () => {
    capped = await keyUser(cap);
    const spent = await call(capped.client, "execute_transaction", {
      to: c.deployment.contracts.usdc,
      amount: "0",
      data: usdcCall("transfer", attacker, 5n * USDC),
      chainSlug,
    });
    expect(spent.body).toMatchObject({ executed: true, status: "confirmed" });
    // The 5 USD it moved and the gas it paid, once mined.
    const { rows } = await api.deps.db.query<{ kind: string; tool: string; amount: string }>(
      `SELECT kind, tool, amount_usdc::text AS amount FROM ${api.appSchema}.spend WHERE subject = $1 ORDER BY kind DESC`,
      [`key:${capped.user.keyId}`],
    );
    expect(rows.map((r) => [r.kind, r.tool])).toEqual([
      ["value", "transaction"],
      ["gas", "gas"],
    ]);
    expect(BigInt(rows[0]?.amount ?? "0")).toBe(5n * USDC);
    expect(BigInt(rows[1]?.amount ?? "0")).toBeGreaterThan(0n);
    expect(await spentByKey(capped.user)).toBeGreaterThan(5n * USDC);
  });

  const mcpTx = (to: Address, data: Hex, amount = "0") =>
    refusedUnsent(capped.user, () => call(capped.client, "execute_transaction", { to, amount, data, chainSlug }));

  it("test_approve_outsider_isCountedAtItsAllowance", async () => {
    const { out, spent } = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", attacker, 50n * USDC));
    expectOverCap(out, 50n * USDC, spent, cap);
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
    const { out, spent } = await mcpTx(made.token, data);
    // Counted at the day's high: what the refusal asks for, less its gas, is the value at that price.
    expectOverCap(out, value, spent, cap);
  });

  it("test_approve_unlimitedToOutsider_isRefused", async () => {
    const { out } = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", attacker, 2n ** 255n));
    expect(out.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: `Unlimited approval refused: ${attacker} is neither the launchpad nor on this credential's allowlist`,
      details: { reason: "unlimited_approval" },
    });
  });

  it("test_multicall_approveThenAggregate3_isRefused", async () => {
    const multicall = c.deployment.contracts.multicall3;
    const approve = await mcpTx(c.deployment.contracts.usdc, usdcCall("approve", multicall, 20n * USDC));
    expectOverCap(approve.out, 20n * USDC, approve.spent, cap);
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
    const { out } = await mcpTx(multicall, data);
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
    // The launchpad pulls the initial buy with its allowance, which the service's own trades may leave behind. An
    // approval to the launchpad moves nothing: only its gas counts, which the cap still has room for.
    const before = await spentByKey(capped.user);
    const approve = await call(capped.client, "execute_transaction", {
      to: c.deployment.contracts.usdc,
      amount: "0",
      data: usdcCall("approve", c.deployment.contracts.launchpad, 0n),
      chainSlug,
    });
    expect(approve.body).toMatchObject({ executed: true });
    const { rows } = await api.deps.db.query<{ kind: string; amount: string }>(
      `SELECT kind, amount_usdc::text AS amount FROM ${api.appSchema}.spend WHERE intent_id = $1`,
      [approve.body.intentId],
    );
    expect(rows.map((r) => r.kind)).toEqual(["gas"]);
    expect(BigInt(rows[0]?.amount ?? "0")).toBeGreaterThan(0n);
    expect(await spentByKey(capped.user)).toBe(before + BigInt(rows[0]?.amount ?? "0"));
    const { out, spent } = await mcpTx(c.deployment.contracts.launchpad, data);
    expectOverCap(out, 20n * USDC, spent, cap);
  });

  it("test_restExecuteTransaction_isCapped", async () => {
    const { out: res, spent } = await refusedUnsent(capped.user, () =>
      api.post(
        "execute-transaction",
        { to: c.deployment.contracts.usdc, amount: "0", data: usdcCall("transfer", attacker, 10n * USDC), chainSlug },
        capped.user.key,
      ),
    );
    expect(res.status).toBe(400);
    expectRestOverCap(res.body, 10n * USDC, spent, cap);
  });

  it("test_nativeValue_isPricedAtTheNativePrice", async () => {
    const { out, spent } = await mcpTx(attacker, "0x", parseEther("2").toString());
    expectOverCap(out, 20_000n * USDC, spent, cap);
    const rest = await refusedUnsent(capped.user, () =>
      api.post("execute-transaction", { to: attacker, amount: parseEther("2").toString(), chainSlug }, capped.user.key),
    );
    expectRestOverCap(rest.out.body, 20_000n * USDC, rest.spent, cap);
  });
});

describe("a legitimate spend under the cap", () => {
  let tokenId: string;

  beforeAll(async () => {
    // Room for a creation's gas: createToken deploys the token's V3 pool (about 8M gas, over 100 USD here).
    const creator = await keyUser(1_000n * USDC);
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
    // Room for two 5 USD buys, a 2 USD transfer and their gas (about 4 USD on the test chain), not for a third buy.
    const cap = 17_500_000n;
    const { user, client } = await keyUser(cap);
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
    // Both interfaces counted: 10 USD moved, and the gas of each intent.
    const byKind = async () => {
      const { rows } = await api.deps.db.query<{ kind: string; amount: string }>(
        `SELECT kind, sum(amount_usdc)::text AS amount FROM ${api.appSchema}.spend WHERE subject = $1 GROUP BY kind`,
        [`key:${user.keyId}`],
      );
      return Object.fromEntries(rows.map((r) => [r.kind, BigInt(r.amount)]));
    };
    const counted = await byKind();
    expect(counted.value).toBe(10n * USDC);
    expect(counted.gas).toBeGreaterThan(0n);
    const spent = await spentByKey(user);
    expect(spent).toBe(10n * USDC + (counted.gas ?? 0n));
    // 5 more (and its gas) does not fit.
    const over = await refusedUnsent(user, () =>
      api.post("trade-token", { tokenId, chainSlug, side: "buy", buyAmountUSD: 5, autoExecute: true }, user.key),
    );
    expectRestOverCap(over.out.body, 5n * USDC, spent, cap);
    // 2 USD still does.
    const transfer = await api.post(
      "execute-transaction",
      { to: c.deployment.contracts.usdc, amount: "0", data: usdcCall("transfer", attacker, 2n * USDC), chainSlug },
      user.key,
    );
    expect(transfer.body).toMatchObject({ success: true, executed: true });
    expect((await byKind()).value).toBe(12n * USDC);
    expect(await spentByKey(user)).toBeGreaterThan(spent + 2n * USDC);
    expect(await spentByKey(user)).toBeLessThanOrEqual(cap);
  });
});

describe("the per-user cap", () => {
  it("test_userCap_sumsEveryKeyOfTheUser_overRestAndMcp", async () => {
    const { user, client } = await keyUser(0n);
    const s = api.appSchema;
    // Keys without a cap of their own: the server's credential cap (1000 USD) and a user cap of 8 USD, room for one
    // 5 USD transfer and its gas.
    const userCap = 8n * USDC;
    await api.deps.db.query(`UPDATE ${s}.api_keys SET daily_spend_cap_usdc = NULL WHERE id = $1`, [user.keyId]);
    const second = await createApiKey(api.deps.db, s, { userId: user.userId, tier: "authenticated" });
    const defaults = api.deps.config.spending;
    api.deps.config.spending = { ...defaults, userCapUsdc: userCap };
    try {
      const transfer = usdcCall("transfer", attacker, 5n * USDC);
      const first = await call(client, "execute_transaction", {
        to: c.deployment.contracts.usdc,
        amount: "0",
        data: transfer,
        chainSlug,
      });
      expect(first.body).toMatchObject({ executed: true });
      const { rows } = await api.deps.db.query<{ amount_usdc: string }>(
        `SELECT subject_kind, interface, kind, tool, amount_usdc::text FROM ${s}.spend WHERE user_id = $1
          ORDER BY kind DESC`,
        [user.userId],
      );
      expect(rows).toEqual([
        { subject_kind: "key", interface: "mcp", kind: "value", tool: "transaction", amount_usdc: "5000000" },
        {
          subject_kind: "key",
          interface: "mcp",
          kind: "gas",
          tool: "gas",
          amount_usdc: expect.stringMatching(/^\d+$/),
        },
      ]);
      const gas = BigInt(rows[1]?.amount_usdc ?? "0");
      expect(gas).toBeGreaterThan(0n);
      const spent = await spentByUser(user);
      expect(spent).toBe(5n * USDC + gas);
      // The other key has spent nothing, and its own cap is 1000 USD: the user's cap refuses it.
      const other = await refusedUnsent(user, () =>
        api.post(
          "execute-transaction",
          { to: c.deployment.contracts.usdc, amount: "0", data: transfer, chainSlug },
          second.key,
        ),
      );
      expectRestOverCap(other.out.body, 5n * USDC, spent, userCap, USER_CAP_MESSAGE);
    } finally {
      api.deps.config.spending = defaults;
    }
  });
});
