/**
 * core/curve.ts against the deployed Launchpad's view functions, to the wei: random pool states of both pool
 * types, random amounts in all four modes, reverts included; and inside the launch window, core/fees.ts's schedule
 * and core/quote.ts's quotes and fee splits against the contract's views and trades, second by second. Seeded: set
 * CURVE_SEED to replay a run.
 */
import { type Address, maxUint256, parseEventLogs } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import * as curve from "../core/curve.js";
import { feeBpsAt, noAttribution } from "../core/fees.js";
import { quote } from "../core/quote.js";
import {
  type Chain,
  chain,
  createToken,
  fundedWallets,
  fundUsdc,
  prng,
  registerLaunchFeeType,
  send,
  type Wallet,
} from "./helpers/chain.js";

const seed = Number(process.env.CURVE_SEED ?? 20261122);
const rand = prng(seed);
const modes = ["quoteBuyExactIn", "quoteBuyExactOut", "quoteSellExactIn", "quoteSellExactOut"] as const;
const local = {
  BuyExactIn: curve.buyExactIn,
  BuyExactOut: curve.buyExactOut,
  SellExactIn: curve.sellExactIn,
  SellExactOut: curve.sellExactOut,
};

type Case = { token: Address; mode: (typeof modes)[number]; amount: bigint };

let c: Chain;
let trader: Wallet;
const tokens: Address[] = [];

async function poolOf(token: Address) {
  return c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [token],
  });
}

beforeAll(async () => {
  c = chain();
  [trader] = await fundedWallets(c, 1);
  await fundUsdc(c, trader, 3_000_000n * 10n ** 6n);
  const launchpad = c.deployment.contracts.launchpad;
  // Per pool type: a fresh pool, one at a random depth, and one just short of graduation.
  for (const poolType of [7, 8]) {
    for (const depth of ["fresh", "random", "edge"] as const) {
      const { token } = await createToken(c, trader, poolType);
      tokens.push(token);
      if (depth === "fresh") continue;
      const { params } = await poolOf(token);
      const target =
        depth === "random"
          ? rand.amount(params.migrationSupply - 1n)
          : params.migrationSupply - rand.amount(10n ** 18n);
      await send(c, trader, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactOut",
        args: [token, target, maxUint256, maxUint256, noAttribution],
      } as never);
    }
  }
});

describe(`core/curve.ts equals the contract's views (seed ${seed})`, () => {
  it("agrees on at least 1,000 random quotes across all four modes and both pool types", async () => {
    const cases: Case[] = [];
    const pools = new Map<Address, Awaited<ReturnType<typeof poolOf>>>();
    for (const token of tokens) pools.set(token, await poolOf(token));
    for (let i = 0; i < 1_200; i++) {
      const token = tokens[i % tokens.length] as Address;
      const pool = pools.get(token);
      if (!pool) throw new Error("pool missing");
      const mode = modes[rand.int(4)] as Case["mode"];
      const p = pool.params;
      // Sometimes in range, sometimes beyond it, so reverts and graduation crossings are compared too.
      const max =
        mode === "quoteBuyExactIn"
          ? curve.cost(p, p.migrationSupply) * 2n
          : mode === "quoteBuyExactOut"
            ? p.migrationSupply * 2n
            : mode === "quoteSellExactIn"
              ? pool.supply + pool.supply / 10n + 1n
              : curve.cost(p, pool.supply) + 10n;
      cases.push({ token, mode, amount: rand.amount(max) });
    }
    // The smallest amounts, in every mode, on every pool.
    for (const token of tokens) for (const mode of modes) cases.push({ token, mode, amount: 1n });

    const results = await c.publicClient.multicall({
      allowFailure: true,
      batchSize: 0,
      contracts: cases.map((k) => ({
        address: c.deployment.contracts.launchpad,
        abi: launchpadAbi,
        functionName: k.mode,
        args: [k.token, k.amount],
      })),
    });

    let compared = 0;
    let reverts = 0;
    const perMode: Record<string, number> = {};
    for (const [i, k] of cases.entries()) {
      const pool = pools.get(k.token);
      if (!pool) throw new Error("pool missing");
      const fn = local[k.mode.replace("quote", "") as keyof typeof local];
      let expected: curve.CurveQuote | "revert";
      try {
        expected = fn(pool.params, pool.supply, k.amount);
      } catch (error) {
        if (!(error instanceof Error) || error.name !== "CurveMathError") throw error;
        expected = "revert";
      }
      const r = results[i];
      if (!r) throw new Error("missing result");
      const context = `${k.mode}(${k.amount}) at supply ${pool.supply} of pool type ${pool.poolType}`;
      if (expected === "revert") {
        expect(r.status, context).toBe("failure");
        reverts++;
      } else {
        expect(r.status, `${context}: ${r.status === "failure" ? r.error.message : ""}`).toBe("success");
        expect(r.result, context).toEqual(expected);
      }
      compared++;
      perMode[k.mode] = (perMode[k.mode] ?? 0) + 1;
    }
    expect(compared).toBeGreaterThanOrEqual(1_000);
    expect(reverts).toBeLessThan(compared / 2);
    for (const mode of modes) expect(perMode[mode]).toBeGreaterThan(200);
    console.log(`[differential] ${compared} cases (${reverts} reverting on both sides), per mode:`, perMode);
  });

  it("agrees on price, market cap and graduation progress of every pool", async () => {
    for (const token of tokens) {
      const pool = await poolOf(token);
      expect(pool.price).toBe(curve.price(pool.params, pool.supply));
      expect(pool.marketCap).toBe(curve.marketCap(pool.params, pool.supply));
      expect(pool.progressBps).toBe(curve.progressBps(pool.params, pool.supply));
    }
  });
});

/** A pool type of the test chain's own with meme's parameters and the launch fee the chains deploy with. */
const WINDOW_TYPE = 201;

describe(`core/ mirrors the launch fee to the wei (seed ${seed})`, () => {
  it("agrees on the schedule, the quotes and each trade's fee split at every second of the window", async () => {
    const launchpad = c.deployment.contracts.launchpad;
    await registerLaunchFeeType(c, WINDOW_TYPE);
    const { token } = await createToken(c, trader, WINDOW_TYPE);
    const created = await poolOf(token);
    expect(created.params.launchFeeSeconds).toBe(30);
    const quotePool = (v: typeof created) => ({
      supply: v.supply,
      graduated: false,
      feeTier: null,
      sqrtPriceX96: null,
      usdcIsToken0: false,
      params: v.params,
      createdAt: v.createdAt,
    });
    let seen = 0;
    // One trade per block, each block a second or more after the last, across the window and past its end.
    for (let elapsed = 1n; elapsed <= 34n; elapsed += 1n + BigInt(rand.int(2))) {
      await c.testClient.setNextBlockTimestamp({ timestamp: created.createdAt + elapsed });
      await c.testClient.mine({ blocks: 1 });
      const block = await c.publicClient.getBlock();
      const at = block.timestamp;
      const before = await c.publicClient.readContract({
        address: launchpad,
        abi: launchpadAbi,
        functionName: "getPool",
        args: [token],
        blockNumber: block.number,
      });
      expect(before.feeBps, `fee at +${at - created.createdAt}s`).toBe(
        BigInt(feeBpsAt(before.params, at - before.createdAt)),
      );
      // A buy in the next block, a second later: core quotes it at that time.
      const lands = at + 1n;
      const mode = rand.int(2) === 0 ? "buyExactIn" : "buyExactOut";
      const amount =
        mode === "buyExactIn" ? rand.amount(2_000n * 10n ** 6n) + 10n ** 6n : rand.amount(10n ** 24n) + 10n ** 18n;
      const q = await quote({
        mode,
        amount,
        token,
        pool: quotePool(before),
        contracts: c.deployment.contracts,
        at: lands,
        attribution: noAttribution,
      });
      await c.testClient.setNextBlockTimestamp({ timestamp: lands });
      const receipt = await send(c, trader, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: mode,
        args: [token, amount, mode === "buyExactIn" ? 0n : maxUint256, maxUint256, noAttribution],
      } as never);
      const [trade] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "Trade" });
      if (!trade) throw new Error("no Trade event");
      const context = `${mode}(${amount}) at +${lands - created.createdAt}s`;
      expect(trade.args.usdcAmount, context).toBe(q.inputAmount);
      expect(trade.args.tokenAmount, context).toBe(q.outputAmount);
      expect(trade.args.fees, context).toEqual(q.fee.split);
      expect(q.fee.feeBps, context).toBe(feeBpsAt(before.params, lands - before.createdAt));
      expect(q.launchFee?.bpsNow, context).toBe(q.fee.feeBps);
      if (lands - created.createdAt < 30n) expect(q.fee.split.launch, context).toBeGreaterThan(0n);
      else expect(q.fee.split.launch, context).toBe(0n);
      seen++;
    }
    expect(seen).toBeGreaterThanOrEqual(12);
  });
});
