/**
 * get-tokens' stage filter (new, graduating, graduated) on tokens driven to each stage, and
 * get-token-stats against figures recomputed from the chain's own Trade logs. On an anvil of its own, because the
 * script moves the chain's clock hours ahead: trades in five groups spread over ten hours, so that each window
 * (5m, 1h, 6h, 24h, ending at the last indexed block) holds a different set of them; then days more, for
 * get-leaderboard's 24h, 7d and all-time windows against sums recomputed from the logs.
 */
import { type Address, maxUint256, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { startSideStack } from "./helpers/api.js";
import { type Chain, createToken, fundedWallets, fundUsdc, send, type Wallet } from "./helpers/chain.js";
import { leaderboardFromLogs, topOf } from "./helpers/leaderboard.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
type SideStack = Awaited<ReturnType<typeof startSideStack>>;
const WINDOWS = { "5m": 300n, "1h": 3_600n, "6h": 21_600n, "24h": 86_400n } as const;

let stack: SideStack;
let c: Chain;
let indexer: SideStack["indexer"];
let api: SideStack["api"];
let jwt: string;
let traders: Wallet[];
let token: Address;
let tokenId: string;
let createdBlock: bigint;

type Window = {
  window: keyof typeof WINDOWS;
  price_change_pct: number | null;
  open_price_usd: number | null;
  volume_usdc: string;
  trades: number;
  buys: number;
  sells: number;
  unique_traders: number;
  unique_buyers: number;
  unique_sellers: number;
};
type Stats = { price_usd: number; as_of: { block: number; timestamp: string }; windows: Window[] };

const lookUp = async (layerId: string) => {
  const found = await api.post("search-token", { input: layerId }, jwt);
  expect(found.status).toBe(200);
  return (found.body.token as { id: string }).id;
};

beforeAll(async () => {
  stack = await startSideStack("token-stats");
  ({ c, indexer, api, jwt } = stack);
  const wallets = await fundedWallets(c, 4);
  const creator = wallets[0] as Wallet;
  traders = wallets.slice(1);
  for (const w of traders) await fundUsdc(c, w, 100_000n * USDC);
  const created = await createToken(c, creator, 7, { name: "Stats Token", symbol: "STAT" });
  token = created.token;
  createdBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
  await indexer.sync();
  tokenId = await lookUp(created.tokenLayerId);
});

afterAll(async () => {
  await stack?.close();
});

const trade = (who: Wallet, fn: "buyExactIn" | "sellExactIn", amount: bigint) =>
  send(c, who, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: fn,
    args: [token, amount, 0n, maxUint256, noAttribution],
  } as never);

const poolAt = (blockNumber?: bigint) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [token],
    ...(blockNumber === undefined ? {} : { blockNumber }),
  });

describe("get-token-stats", () => {
  it("answers zero trades and no price change for a token nobody traded yet", async () => {
    const res = await api.post("get-token-stats", { tokenId }, jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stats = res.body as unknown as Stats;
    expect(stats.windows.map((w) => w.window)).toEqual(["5m", "1h", "6h", "24h"]);
    for (const w of stats.windows) expect(w).toMatchObject({ trades: 0, volume_usdc: "0", price_change_pct: 0 });
  });

  it("equals, window by window, the sums recomputed from the chain's Trade logs", async () => {
    const [t1, t2, t3] = traders as [Wallet, Wallet, Wallet];
    const at = async (secondsAfterLast: number) => {
      const last = await c.publicClient.getBlock();
      await c.testClient.setNextBlockTimestamp({ timestamp: last.timestamp + BigInt(secondsAfterLast) });
    };
    // A: two buys. B, 7 h later: a buy and a sell. C, 2 h later: a buy. D, 50 min later: a sell and a buy.
    // E, 3 min later: a buy. Seen from E: the 5m window holds D and E, 1h C to E, 6h B to E, 24h all.
    await trade(t1, "buyExactIn", 100n * USDC);
    await trade(t2, "buyExactIn", 50n * USDC);
    await at(7 * 3600);
    await trade(t3, "buyExactIn", 200n * USDC);
    await trade(t1, "sellExactIn", 1_000n * TOKEN);
    await at(2 * 3600);
    await trade(t2, "buyExactIn", 30n * USDC);
    await at(50 * 60);
    await trade(t3, "sellExactIn", 500n * TOKEN);
    await trade(t1, "buyExactIn", 10n * USDC);
    await at(3 * 60);
    await trade(t2, "buyExactIn", 5n * USDC);
    await indexer.sync();

    const res = await api.post("get-token-stats", { tokenId, chainSlug: "base-sepolia" }, jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stats = res.body as unknown as Stats;

    // The chain's account: every Trade log of the token, with its block's time.
    const head = await c.publicClient.getBlock();
    expect(stats.as_of).toEqual({
      block: Number(head.number),
      timestamp: new Date(Number(head.timestamp) * 1000).toISOString(),
    });
    const logs = parseEventLogs({
      abi: launchpadAbi,
      eventName: "Trade",
      logs: await c.publicClient.getLogs({ address: c.deployment.contracts.launchpad, fromBlock: createdBlock }),
    }).filter((l) => l.args.token.toLowerCase() === token.toLowerCase());
    const trades = await Promise.all(
      logs.map(async (l) => ({
        time: (await c.publicClient.getBlock({ blockNumber: l.blockNumber })).timestamp,
        trader: l.args.trader.toLowerCase(),
        isBuy: l.args.mode === 0 || l.args.mode === 1,
        usdc: l.args.usdcAmount,
        price: l.args.state.price,
      })),
    );
    expect(trades).toHaveLength(8);
    const start = (await poolAt(createdBlock)).price;
    const close = (await poolAt()).price;
    expect(stats.price_usd).toBe(Number(close) / 1e18);

    const expected = Object.entries(WINDOWS).map(([window, secs]) => {
      const inside = trades.filter((t) => t.time > head.timestamp - secs && t.time <= head.timestamp);
      const before = trades.filter((t) => t.time <= head.timestamp - secs).at(-1);
      const open = before?.price ?? start;
      const buyers = new Set(inside.filter((t) => t.isBuy).map((t) => t.trader));
      const sellers = new Set(inside.filter((t) => !t.isBuy).map((t) => t.trader));
      return {
        window,
        price_change_pct: Number(((close - open) * 10_000n) / open) / 100,
        open_price_usd: Number(open) / 1e18,
        volume_usdc: inside.reduce((sum, t) => sum + t.usdc, 0n).toString(),
        trades: inside.length,
        buys: inside.filter((t) => t.isBuy).length,
        sells: inside.filter((t) => !t.isBuy).length,
        unique_traders: new Set(inside.map((t) => t.trader)).size,
        unique_buyers: buyers.size,
        unique_sellers: sellers.size,
      };
    });
    expect(stats.windows.map(({ volume_usd: _, ...w }: Window & { volume_usd?: number }) => w)).toEqual(expected);
    expect(stats.windows.map((w) => w.trades)).toEqual([3, 4, 6, 8]);
    expect(stats.windows[3]?.price_change_pct).toBeGreaterThan(0);
  });

  it.each([
    [{}, 400, "Missing required fields: tokenId"],
    [{ tokenId: "nope" }, 400, "Invalid tokenId"],
    [{ tokenId: "00000000-0000-4000-8000-000000000000" }, 404, "Token not found"],
    [{ chainSlug: "bnb-testnet" }, 400, "Token not available on chain bnb-testnet"],
  ])("answers %j with %i", async (body, status, message) => {
    const payload = Object.keys(body).length === 0 ? {} : { tokenId, ...body };
    const res = await api.post("get-token-stats", payload, jwt);
    expect(res.status).toBe(status);
    expect(res.body.error).toContain(message);
  });
});

describe("get-leaderboard windows", () => {
  it("ranks each board over 24h, 7d and all time as the chain's logs sum up, with the clock moved days ahead", async () => {
    const [, t2, t3] = traders as [Wallet, Wallet, Wallet];
    // After the stats script (A to E over ten hours): F two days later, G six days after F. Seen from G, the 24h
    // window holds G alone, 7d holds F and G, all time everything.
    const later = async (seconds: number) => {
      const last = await c.publicClient.getBlock();
      await c.testClient.setNextBlockTimestamp({ timestamp: last.timestamp + BigInt(seconds) });
    };
    await later(2 * 86_400);
    await trade(t3, "sellExactIn", 2_000n * TOKEN);
    await later(6 * 86_400);
    await trade(t2, "buyExactIn", 40n * USDC);
    await indexer.sync();
    const sizes: number[] = [];
    for (const period of ["24h", "7d", "all"] as const) {
      const expected = await leaderboardFromLogs(c, period);
      for (const board of ["pnl", "volume", "creator_fees"] as const) {
        const res = await api.post("get-leaderboard", { board, period, limit: 100 }, jwt);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const entries = res.body.entries as {
          rank: number;
          address: string;
          value: { usdc: string };
          events: number;
        }[];
        expect(
          entries.map((e) => ({ rank: e.rank, address: e.address, value: e.value.usdc, events: e.events })),
          `${board} ${period}`,
        ).toEqual(topOf(expected[board], 100));
        if (board === "volume") sizes.push(entries.reduce((n, e) => n + e.events, 0));
      }
    }
    expect(sizes).toEqual([1, 2, 10]);
  });
});

describe("get-tokens stage", () => {
  const list = async (stage?: string) => {
    const res = await api.post("get-tokens", { filter: "new", limit: 100, ...(stage ? { stage } : {}) }, jwt);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.tokens as { id: string }[]).map((t) => t.id);
  };

  it("keeps tokens below 80% of the curve, at or above it, and graduated apart", async () => {
    const [creator, buyer] = (await fundedWallets(c, 2)) as [Wallet, Wallet];
    await fundUsdc(c, buyer, 200_000n * USDC);
    const make = async (symbol: string) => {
      const made = await createToken(c, creator, 7, { name: `Stage ${symbol}`, symbol });
      return { address: made.token, layerId: made.tokenLayerId };
    };
    const [fresh, near, done] = [await make("NEW"), await make("NEAR"), await make("DONE")];
    // near: bought to 85% of its migration supply (exact out); done: bought past it, which graduates it.
    const pool = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "getPool",
      args: [near.address],
    });
    await send(c, buyer, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactOut",
      args: [near.address, (pool.params.migrationSupply * 85n) / 100n, maxUint256, maxUint256, noAttribution],
    } as never);
    await send(c, buyer, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [done.address, 60_000n * USDC, 0n, maxUint256, noAttribution],
    } as never);
    await indexer.sync();
    const [freshId, nearId, doneId] = [
      await lookUp(fresh.layerId),
      await lookUp(near.layerId),
      await lookUp(done.layerId),
    ];

    const all = await list();
    expect(all).toEqual(expect.arrayContaining([freshId, nearId, doneId, tokenId]));
    expect(new Set(await list("new"))).toEqual(new Set([freshId, tokenId]));
    expect(await list("graduating")).toEqual([nearId]);
    expect(await list("graduated")).toEqual([doneId]);
    const pools = await Promise.all(
      [nearId, doneId].map(async (id) => (await api.post("get-pool-data", { tokenId: id }, jwt)).body.pool_data),
    );
    expect(pools.map((p) => (p as { is_graduated: boolean }).is_graduated)).toEqual([false, true]);
  });

  it("refuses an unknown stage", async () => {
    const res = await api.post("get-tokens", { filter: "new", stage: "moon" }, jwt);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid stage value. Must be one of: new, graduating, graduated");
  });
});
