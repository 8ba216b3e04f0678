/**
 * One wallet's intents never fight each other. Played as a busy user would: ten 1 USD buys at once from one custodial
 * wallet holding 100 USDC. Before, each buy approved exactly its own maximum, an approval replaced the allowance
 * before it, and one buy in ten confirmed while the rest were refused or reverted with gas paid. Now the wallet
 * approves the launchpad once (api/services/trade.ts custodialApproval), the buys that need it wait on the one
 * approval still open (auto-execute.ts openSharedStep), and an approval whose trade would revert is never sent
 * (worker/processors/execute.ts approvalWithoutTrade).
 */
import { type Address, maxUint256, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockUsdcAbi } from "../abis/index.js";
import type { createTestApi } from "./helpers/api.js";
import { type Chain, chain, createToken, fundedWallets, send, type Wallet } from "./helpers/chain.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const WAIT_MS = 60_000;

type Api = Awaited<ReturnType<typeof createTestApi>>;

let c: Chain;
let api: Api;
let stack: Stack;
let funder: Wallet;
let tokenId: string;

async function userOf(sub: string, usdc: bigint) {
  const jwt = await api.jwt(sub);
  await api.post("get-intent-status", { intentId: "00000000-0000-4000-8000-000000000000" }, jwt);
  const { rows } = await api.deps.db.query<{ wallet_address: Address }>(
    `SELECT wallet_address FROM ${api.appSchema}.users WHERE external_sub = $1`,
    [sub],
  );
  const wallet = rows[0]?.wallet_address as Address;
  await c.testClient.setBalance({ address: wallet, value: parseEther("10") });
  if (usdc > 0n) {
    await send(c, funder, {
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "faucet",
      args: [wallet, usdc],
    } as never);
  }
  return { jwt, wallet };
}

const buy = (jwt: string, usd: number, idempotencyKey?: string) =>
  api.post(
    "trade-token",
    {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: usd,
      autoExecute: true,
      ...(idempotencyKey ? { idempotencyKey } : {}),
    },
    jwt,
  );

const nonceOf = (who: Address) => c.publicClient.getTransactionCount({ address: who, blockTag: "latest" });

beforeAll(async () => {
  c = chain();
  [funder] = (await fundedWallets(c, 1)) as [Wallet];
  stack = await startStack({
    walletSecret: uniqueName("concurrency-secret"),
    autoExecuteWaitMs: WAIT_MS,
    name: "conc",
  });
  ({ api } = stack);
  const made = await createToken(c, funder, 7, { name: uniqueName("Busy"), symbol: "BUSY" });
  await stack.indexer.sync();
  const found = await api.post("search-token", { input: made.token }, await api.jwt("concurrency-reader"));
  tokenId = (found.body.token as { id: string }).id;
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

describe("one wallet's concurrent buys", () => {
  it("all confirm, with one approval sent for all of them", async () => {
    const user = await userOf(uniqueName("busy"), 100n * USDC);
    const results = await Promise.all(Array.from({ length: 10 }, () => buy(user.jwt, 1)));
    const statuses = results.map((r) => `${r.status} ${r.body.status ?? r.body.error}`);
    expect(statuses).toEqual(Array.from({ length: 10 }, () => "200 confirmed"));

    const { rows } = await api.deps.db.query<{ kind: string; status: string }>(
      `SELECT kind, status FROM ${api.appSchema}.intents WHERE from_address = $1 ORDER BY created_at`,
      [user.wallet.toLowerCase()],
    );
    expect(rows.filter((r) => r.kind === "approval")).toEqual([{ kind: "approval", status: "confirmed" }]);
    expect(rows.filter((r) => r.kind === "trade" && r.status === "confirmed")).toHaveLength(10);
    // Eleven transactions, every one of them useful: the approval and the ten buys.
    expect(await nonceOf(user.wallet)).toBe(11);
    const allowance = await c.publicClient.readContract({
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "allowance",
      args: [user.wallet, c.deployment.contracts.launchpad],
    });
    expect(allowance).toBe(maxUint256);

    // Backlogged after the approval: the next buys need none.
    const more = await Promise.all(Array.from({ length: 5 }, () => buy(user.jwt, 2)));
    expect(more.map((r) => `${r.status} ${r.body.status ?? r.body.error}`)).toEqual(
      Array.from({ length: 5 }, () => "200 confirmed"),
    );
    expect(await nonceOf(user.wallet)).toBe(16);
  });

  it("sends no approval whose trade would revert", async () => {
    // A wallet with gas but no USDC: the buy's transferFrom would fail after the approval.
    const user = await userOf(uniqueName("broke"), 0n);
    const res = await buy(user.jwt, 1);
    expect(res.status).toBe(400);
    expect(String(res.body.error)).toMatch(/^INSUFFICIENT_BALANCE: not sent: the trade after it would revert/);
    expect(await nonceOf(user.wallet)).toBe(0);
  });
});
