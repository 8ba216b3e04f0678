/**
 * The launch fee on every surface, against the chain: quote-token and trade-token (REST), the MCP quote tool,
 * get-token-stats and the token page. The test chains deploy their pool types without a launch fee
 * (scripts/deploy.ts launchFee: false), so this file registers a type of its own with meme's parameters and the
 * schedule the chains deploy with (80% falling to 1% over 30 s), and creates its token of that type.
 */
import { type Address, maxUint256, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { formatUsdc } from "../api/web/format.js";
import { feeBpsAt, noAttribution } from "../core/fees.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import {
  type Chain,
  chain,
  createToken,
  fundedWallets,
  fundUsdc,
  registerLaunchFeeType,
  send,
  type Wallet,
} from "./helpers/chain.js";
import { httpClient, mcpConfig, ok, serveMcp } from "./helpers/mcp.js";

const LAUNCH_TYPE = 202;
const USDC = 10n ** 6n;

let c: Chain;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let served: Awaited<ReturnType<typeof serveMcp>>;
let jwt: string;
let trader: Wallet;
let token: Address;
let tokenId: string;
let createdAt: bigint;

const iso = (unix: bigint) => new Date(Number(unix) * 1000).toISOString();
const poolOf = () =>
  c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [token],
  });

type LaunchFeeView = {
  at: string;
  bpsNow: number;
  baseBps: number;
  startBps: number;
  startsAt: string;
  endsAt: string;
  active: boolean;
};

beforeAll(async () => {
  c = chain();
  await registerLaunchFeeType(c, LAUNCH_TYPE);
  indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  served = await serveMcp(api.deps, mcpConfig());
  jwt = await api.jwt("launch-fee-trader");
  let creator: Wallet;
  [creator, trader] = await fundedWallets(c, 2);
  // Approved beforehand, so that a prepared trade has no approval to mine ahead of it.
  await fundUsdc(c, trader, 10_000n * USDC);
  const created = await createToken(c, creator, LAUNCH_TYPE, { name: "Launch Fee Token", symbol: "LFEE" });
  token = created.token;
  createdAt = (await poolOf()).createdAt;
  await indexer.sync();
  const found = await api.post("search-token", { input: created.tokenLayerId }, jwt);
  expect(found.status).toBe(200);
  tokenId = (found.body.token as { id: string }).id;
});

afterAll(async () => {
  await served?.close();
  await api?.close();
  await indexer?.close();
});

describe("the launch fee, as the surfaces show it and the chain charges it", () => {
  it("quote-token and trade-token quote the fee of the block the trade lands in, and the chain charges it", async () => {
    const chainPool = await poolOf();
    const quoted = await api.post(
      "quote-token",
      { tokenId, chainSlug: "base-sepolia", direction: "buy", inputToken: "usdc", amount: 100 },
      jwt,
    );
    expect(quoted.status).toBe(200);
    const q = quoted.body.quote as { fee: { feeBps: number; tradeFeeBps: number }; launchFee: LaunchFeeView };
    const at = BigInt(Date.parse(q.launchFee.at) / 1000);
    expect(q.launchFee).toEqual({
      at: q.launchFee.at,
      bpsNow: feeBpsAt(chainPool.params, at - createdAt),
      baseBps: 100,
      startBps: 8_000,
      startsAt: iso(createdAt),
      endsAt: iso(createdAt + 30n),
      active: at - createdAt < 30n,
    });
    expect(q.fee.feeBps).toBe(q.launchFee.bpsNow);
    expect(q.fee.tradeFeeBps).toBe(100);

    // A prepared buy, sent at once: it lands no earlier than the time it was quoted at, so the chain charges no
    // more than the quote said, and exactly the schedule of the block it lands in; in the same second, the quote.
    const prepared = await api.post(
      "trade-token",
      { tokenId, chainSlug: "base-sepolia", buyAmountUSD: 100, userAddress: trader.account.address },
      jwt,
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const body = prepared.body as unknown as {
      approvals?: unknown[];
      transaction: { to: Address; data: `0x${string}`; gasLimit: string };
      quote: {
        outputAmountBaseUnits: string;
        fee: { amountBaseUnits: string; launch: string };
        launchFee: LaunchFeeView;
      };
    };
    expect(body.approvals ?? []).toEqual([]);
    expect(body.quote.launchFee.bpsNow).toBeGreaterThan(100);
    const hash = await trader.sendTransaction({
      to: body.transaction.to,
      data: body.transaction.data,
      gas: BigInt(body.transaction.gasLimit),
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    const [trade] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "Trade" });
    if (!trade) throw new Error("no Trade event");
    const landed = (await c.publicClient.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
    const quotedAt = BigInt(Date.parse(body.quote.launchFee.at) / 1000);
    expect(landed).toBeGreaterThanOrEqual(quotedAt);
    const charged = feeBpsAt(chainPool.params, landed - createdAt);
    const f = trade.args.fees;
    const fee = f.protocol + f.creator + f.referral + f.builder + f.launch;
    expect(fee).toBe((100n * USDC * BigInt(charged) + 9_999n) / 10_000n);
    expect(f.launch).toBe((fee * BigInt(charged - 100)) / BigInt(charged));
    expect(fee).toBeLessThanOrEqual(BigInt(body.quote.fee.amountBaseUnits));
    expect(trade.args.tokenAmount).toBeGreaterThanOrEqual(BigInt(body.quote.outputAmountBaseUnits));
    if (landed === quotedAt) {
      expect(fee).toBe(BigInt(body.quote.fee.amountBaseUnits));
      expect(f.launch).toBe(BigInt(body.quote.fee.launch));
      expect(trade.args.tokenAmount).toBe(BigInt(body.quote.outputAmountBaseUnits));
    }
  });

  it("the MCP quote tool shows the same schedule, checked against the chain", async () => {
    const client = await httpClient(served.url, await api.jwt("launch-fee-mcp"));
    try {
      const q = await ok<{ launchFee: LaunchFeeView; fee: { feeBps: number } }>(client, "quote_trade_token", {
        tokenId,
        chainSlug: "base-sepolia",
        direction: "buy",
        inputToken: "usdc",
        amount: 5,
      });
      const chainPool = await poolOf();
      const at = BigInt(Date.parse(q.launchFee.at) / 1000);
      expect(q.launchFee.startsAt).toBe(iso(chainPool.createdAt));
      expect(q.launchFee.endsAt).toBe(iso(chainPool.createdAt + BigInt(chainPool.params.launchFeeSeconds)));
      expect(q.launchFee.bpsNow).toBe(feeBpsAt(chainPool.params, at - chainPool.createdAt));
      expect(q.fee.feeBps).toBe(q.launchFee.bpsNow);
    } finally {
      await client.close();
    }
  });

  it("get-token-stats and the token page show what the window collected, as the chain's Trade logs sum it", async () => {
    // One more buy in the window, a second after the last block.
    const head = await c.publicClient.getBlock();
    if (head.timestamp + 1n - createdAt < 30n) {
      await c.testClient.setNextBlockTimestamp({ timestamp: head.timestamp + 1n });
      await send(c, trader, {
        address: c.deployment.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, 50n * USDC, 0n, maxUint256, noAttribution],
      } as never);
    }
    await indexer.sync();
    const logs = await c.publicClient.getContractEvents({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      eventName: "Trade",
      args: { token },
      fromBlock: 0n,
    });
    const collected = logs.reduce((sum, l) => sum + (l.args.fees?.launch ?? 0n), 0n);
    expect(collected).toBeGreaterThan(0n);

    const stats = await api.post("get-token-stats", { tokenId, chainSlug: "base-sepolia" }, jwt);
    expect(stats.status).toBe(200);
    const launch = (stats.body as unknown as { launch_fee: Record<string, unknown> }).launch_fee;
    expect(launch).toMatchObject({
      start_bps: 8_000,
      base_bps: 100,
      starts_at: iso(createdAt),
      ends_at: iso(createdAt + 30n),
      collected_usdc: collected.toString(),
    });

    const page = await (await fetch(`${served.base}/token/${tokenId}`)).text();
    expect(page).toContain(`data-testid="launch-fee-collected">${formatUsdc(collected)}</span>`);
    expect(page, page.match(/Launch fee.{0,400}/s)?.[0]).toContain(
      `title="80% at launch, falling to 1% by ${iso(createdAt + 30n).slice(11, 19)} UTC"`,
    );
  });
});
