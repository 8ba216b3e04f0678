/**
 * End to end from TypeScript with viem against anvil: deploy (approving a builder and a referrer), create a token,
 * trade in every mode with builder and referral set, graduate, trade on Uniswap V3 through the launchpad, claim fees.
 * Every curve trade is checked against core/curve.ts and every V3 trade against QuoterV2 plus core/fees.ts; the
 * attribution rules of core/fees.ts against the launchpad's reverts.
 */
import { type Address, BaseError, ContractFunctionRevertedError, maxUint256, parseEventLogs, zeroAddress } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, quoterV2Abi } from "../abis/index.js";
import * as curve from "../core/curve.js";
import type { Deployment } from "../core/deployment.js";
import {
  type Attribution,
  effectiveAttribution,
  noAttribution,
  REFERRAL_SHARE_BPS,
  splitFee,
  splitFeeFor,
} from "../core/fees.js";
import { deploy } from "../scripts/deploy.js";
import { type Chain, chain, fundedWallets, send, type Wallet } from "./helpers/chain.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;

let c: Chain;
let d: Deployment;
let creator: Wallet;
let trader: Wallet;
let builderWallet: Wallet;
let referralWallet: Wallet;
let strangerWallet: Wallet;
let attribution: Attribution;
let token: Address;

const balances = async (who: Address) => ({
  usdc: await c.publicClient.readContract({
    address: d.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "balanceOf",
    args: [who],
  }),
  token: await c.publicClient.readContract({
    address: token,
    abi: launchTokenAbi,
    functionName: "balanceOf",
    args: [who],
  }),
});
const pool = () =>
  c.publicClient.readContract({
    address: d.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [token],
  });
const claimable = (who: Address) =>
  c.publicClient.readContract({
    address: d.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "claimable",
    args: [who],
  });

type Mode = "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut";
const curveTrade = {
  buyExactIn: curve.buyExactIn,
  buyExactOut: curve.buyExactOut,
  sellExactIn: curve.sellExactIn,
  sellExactOut: curve.sellExactOut,
};

async function trade(mode: Mode, amount: bigint, who: Wallet = trader, a: Attribution = attribution) {
  const bound = mode === "buyExactIn" || mode === "sellExactIn" ? 0n : maxUint256;
  const receipt = await send(c, who, {
    address: d.contracts.launchpad,
    abi: launchpadAbi,
    functionName: mode,
    args: [token, amount, bound, maxUint256, a],
  } as never);
  return parseEventLogs({ abi: launchpadAbi, logs: receipt.logs });
}

/** The custom error a buy by `who` under `a` reverts with, or "ok". */
async function buyRevert(who: Wallet, a: Attribution): Promise<string> {
  try {
    await c.publicClient.simulateContract({
      account: who.account,
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 10n * USDC, 0n, maxUint256, a],
    });
    return "ok";
  } catch (error) {
    const reverted = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
    if (reverted instanceof ContractFunctionRevertedError && reverted.data) return reverted.data.errorName;
    throw error;
  }
}

const BUILDER_MAX_FEE_BPS = 30;

beforeAll(async () => {
  c = chain();
  // A deployment of its own, so this test covers the deploy script too.
  // Approves the builder (max 30 bps) and the referrer, as APPROVED_BUILDERS / APPROVED_REFERRERS would.
  [creator, trader, builderWallet, referralWallet, strangerWallet] = await fundedWallets(c, 5);
  d = await deploy({
    rpcUrl: c.rpcUrl,
    chainSlug: "base-sepolia",
    write: false,
    launchFee: false,
    approvals: {
      builders: [{ address: builderWallet.account.address, maxFeeBps: BUILDER_MAX_FEE_BPS }],
      referrers: [referralWallet.account.address],
    },
  });
  attribution = { builder: builderWallet.account.address, builderFeeBps: 25, referral: referralWallet.account.address };
  for (const w of [trader, builderWallet, referralWallet]) {
    await send(c, w, {
      address: d.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "faucet",
      args: [w.account.address, 1_000_000n * USDC],
    } as never);
    await send(c, w, {
      address: d.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [d.contracts.launchpad, maxUint256],
    } as never);
  }
});

describe("launchpad end to end", () => {
  it("deploys every contract with code", async () => {
    for (const [name, address] of Object.entries(d.contracts)) {
      const code = await c.publicClient.getCode({ address });
      expect(code && code.length > 2, `${name} has code`).toBe(true);
    }
  });

  it("creates a token at its predicted address with a deterministic token_layer_id", async () => {
    const salt = `0x${"ab".repeat(32)}` as const;
    const args = ["E2E Meme", "E2E", "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy"] as const;
    const predicted = await c.publicClient.readContract({
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "predictTokenAddress",
      args: [creator.account.address, salt, ...args],
    });
    const receipt = await send(c, creator, {
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "createToken",
      args: [
        {
          name: args[0],
          symbol: args[1],
          tokenURI: args[2],
          poolType: 7,
          salt,
          attribution,
          initialBuyUsdc: 0n,
          minTokensOut: 0n,
          deadline: maxUint256,
        },
      ],
    } as never);
    const [created] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
    expect(created?.args.token).toBe(predicted);
    token = predicted;
    const layerId = await c.publicClient.readContract({
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "tokenLayerIdOf",
      args: [creator.account.address, salt],
    });
    expect(created?.args.tokenLayerId).toBe(layerId);
    // The creator names the token's referral in createToken, for good.
    const [referralSet] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenReferralSet" });
    expect(referralSet?.args.referral).toBe(attribution.referral);
    expect(created?.args.attribution).toEqual(attribution);
    expect((await pool()).referral).toBe(attribution.referral);
    expect(await c.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "decimals" })).toBe(
      18,
    );
  });

  it("trades on the curve in all four modes, exactly as core/curve.ts quotes, with fees attributed", async () => {
    const steps: [Mode, bigint][] = [
      ["buyExactIn", 1_234n * USDC],
      ["buyExactOut", 20_000_000n * TOKEN],
      ["sellExactIn", 5_000_000n * TOKEN],
      ["sellExactOut", 100n * USDC],
    ];
    for (const [mode, amount] of steps) {
      const before = await pool();
      const quote = curveTrade[mode](before.params, before.supply, amount);
      const mine = await balances(trader.account.address);
      const builderBefore = await claimable(attribution.builder);
      const logs = await trade(mode, amount);
      const after = await balances(trader.account.address);
      const isBuy = mode.startsWith("buy");
      expect(after.token - mine.token).toBe(isBuy ? quote.tokenAmount : -quote.tokenAmount);
      expect(after.usdc - mine.usdc).toBe(isBuy ? -quote.usdcAmount : quote.usdcAmount);
      const ev = logs.find((l) => l.eventName === "Trade");
      if (ev?.eventName !== "Trade") throw new Error("no Trade event");
      expect(ev.args.venue).toBe(0);
      const base = isBuy ? quote.usdcAmount : quote.usdcAmount + quote.fee;
      expect(ev.args.attribution).toEqual(attribution);
      expect(ev.args.fees).toEqual(splitFee(quote.fee, base, 25, true, before.params.creatorShareBps));
      expect(ev.args.fees).toEqual(splitFeeFor(quote.fee, base, ev.args.attribution, before.params.creatorShareBps));
      // The creator's share is off the whole fee, attribution or not; the referral's too.
      expect(ev.args.fees.creator).toBe((quote.fee * BigInt(before.params.creatorShareBps)) / 10_000n);
      expect(ev.args.fees.referral).toBe((quote.fee * BigInt(REFERRAL_SHARE_BPS)) / 10_000n);
      expect(ev.args.state.supply).toBe((await pool()).supply);
      expect((await claimable(attribution.builder)) - builderBefore).toBe(ev.args.fees.builder);
      expect(ev.args.fees.builder > 0n && ev.args.fees.referral > 0n).toBe(true);
    }
  });

  it("applies the attribution rules of core/fees.ts exactly where the launchpad reverts", async () => {
    const builder = builderWallet;
    const referral = referralWallet;
    const stranger = strangerWallet.account.address;
    const cases: [string, Wallet, Attribution][] = [
      ["approved builder and referral", trader, attribution],
      ["unapproved builder", trader, { ...noAttribution, builder: stranger, builderFeeBps: 1 }],
      ["fee above the builder's maximum", trader, { ...attribution, builderFeeBps: BUILDER_MAX_FEE_BPS + 1 }],
      ["the builder trading for itself", builder, attribution],
      // A trade's referral is ignored, approved or not: only the creator names the token's.
      ["an unapproved referral named by a trade", trader, { ...noAttribution, referral: stranger }],
      ["the referral trading", referral, { ...noAttribution, referral: referral.account.address }],
    ];
    const tokenReferral = (await pool()).referral;
    for (const [name, who, a] of cases) {
      const builderMaxFeeBps = await c.publicClient.readContract({
        address: d.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "builderMaxFeeBps",
        args: [a.builder],
      });
      const referralApproved = await c.publicClient.readContract({
        address: d.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "isReferrer",
        args: [a.referral],
      });
      const ours = effectiveAttribution({
        requested: a,
        trader: who.account.address,
        tokenReferral,
        creating: false,
        builderMaxFeeBps: BigInt(a.builder) === 0n ? 0 : builderMaxFeeBps,
        referralApproved,
      });
      expect(await buyRevert(who, a), name).toBe(ours.ok ? "ok" : ours.error);
    }
    // The referral's own trade pays no referral: the event carries the effective attribution.
    const before = await pool();
    const quote = curve.buyExactIn(before.params, before.supply, 10n * USDC);
    const logs = await trade("buyExactIn", 10n * USDC, referral, attribution);
    const ev = logs.find((l) => l.eventName === "Trade");
    if (ev?.eventName !== "Trade") throw new Error("no Trade event");
    expect(ev.args.attribution).toEqual({ ...attribution, referral: zeroAddress });
    expect(ev.args.fees).toEqual(splitFee(quote.fee, quote.usdcAmount, 25, false, before.params.creatorShareBps));
    expect(ev.args.fees.referral).toBe(0n);
  });

  it("graduates on a buy that crosses the migration supply, seeding V3 at the curve's final price", async () => {
    const before = await pool();
    const quote = curve.buyExactIn(before.params, before.supply, 60_000n * USDC);
    expect(quote.graduates).toBe(true);
    const logs = await trade("buyExactIn", 60_000n * USDC);
    const names = logs.map((l) => l.eventName).filter((n) => n === "Trade" || n === "Graduated");
    expect(names).toEqual(["Trade", "Graduated", "Trade"]);
    const after = await pool();
    expect(after.graduated).toBe(true);
    expect(after.v3Pool).not.toBe("0x0000000000000000000000000000000000000000");
    const { num, den } = curve.finalPrice(before.params);
    const finalPrice = (num * 10n ** 30n) / den;
    const grad = logs.find((l) => l.eventName === "Graduated");
    if (grad?.eventName !== "Graduated") throw new Error("no Graduated event");
    const v3Price = grad.args.state.price;
    const gap = v3Price > finalPrice ? v3Price - finalPrice : finalPrice - v3Price;
    expect(gap * 100n <= finalPrice).toBe(true);
  });

  it("routes all four modes through Uniswap V3 after graduation, as QuoterV2 and core/fees.ts predict", async () => {
    const { v3Pool, params } = await pool();
    const fee = params.tradeFeeBps;
    const quoter = async (
      fn: "quoteExactInputSingle" | "quoteExactOutputSingle",
      tokenIn: Address,
      tokenOut: Address,
      amount: bigint,
    ) => {
      const { result } = await c.publicClient.simulateContract({
        address: d.contracts.quoterV2,
        abi: quoterV2Abi,
        functionName: fn,
        args: [
          fn === "quoteExactInputSingle"
            ? { tokenIn, tokenOut, amountIn: amount, fee: params.dexFeeTier, sqrtPriceLimitX96: 0n }
            : { tokenIn, tokenOut, amount, fee: params.dexFeeTier, sqrtPriceLimitX96: 0n },
        ],
      } as never);
      return (result as readonly bigint[])[0] as bigint;
    };
    const usdc = d.contracts.usdc;
    // buy exact-in: the fee comes off the top, the rest is swapped.
    let mine = await balances(trader.account.address);
    const grossIn = 500n * USDC;
    const out = await quoter("quoteExactInputSingle", usdc, token, grossIn - curve.feeOf(grossIn, fee));
    let logs = await trade("buyExactIn", grossIn);
    let now = await balances(trader.account.address);
    expect(now.token - mine.token).toBe(out);
    expect(mine.usdc - now.usdc).toBe(grossIn);
    const ev = logs.find((l) => l.eventName === "Trade");
    if (ev?.eventName !== "Trade") throw new Error("no Trade event");
    expect(ev.args.venue).toBe(1);
    expect(ev.args.fees.builder).toBe((grossIn * 25n) / 10_000n);

    // buy exact-out
    mine = now;
    const want = 1_000_000n * TOKEN;
    const netIn = await quoter("quoteExactOutputSingle", usdc, token, want);
    await trade("buyExactOut", want);
    now = await balances(trader.account.address);
    expect(now.token - mine.token).toBe(want);
    expect(mine.usdc - now.usdc).toBe(curve.grossUp(netIn, fee));

    // sell exact-in
    mine = now;
    const sell = 2_000_000n * TOKEN;
    const grossOut = await quoter("quoteExactInputSingle", token, usdc, sell);
    await trade("sellExactIn", sell);
    now = await balances(trader.account.address);
    expect(mine.token - now.token).toBe(sell);
    expect(now.usdc - mine.usdc).toBe(grossOut - curve.feeOf(grossOut, fee));

    // sell exact-out
    mine = now;
    const receive = 50n * USDC;
    const tokensIn = await quoter("quoteExactOutputSingle", token, usdc, curve.grossUp(receive, fee));
    logs = await trade("sellExactOut", receive);
    now = await balances(trader.account.address);
    expect(now.usdc - mine.usdc).toBe(receive);
    expect(mine.token - now.token).toBe(tokensIn);
    expect(v3Pool).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });

  it("pays every fee recipient what accrued to it, and the launchpad stays solvent", async () => {
    const recipients: [Wallet, string][] = [
      [builderWallet, "builder"],
      [referralWallet, "referral"],
      [creator, "creator"],
      [c.owner(), "protocol"],
    ];
    for (const [w, role] of recipients) {
      const who = w.account.address;
      const owed = await claimable(who);
      expect(owed > 0n, `${role} has fees`).toBe(true);
      const before = await c.publicClient.readContract({
        address: d.contracts.usdc,
        abi: mockUsdcAbi,
        functionName: "balanceOf",
        args: [who],
      });
      await send(c, w, {
        address: d.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "claimFees",
        args: [],
      } as never);
      const after = await c.publicClient.readContract({
        address: d.contracts.usdc,
        abi: mockUsdcAbi,
        functionName: "balanceOf",
        args: [who],
      });
      expect(after - before).toBe(owed);
      expect(await claimable(who)).toBe(0n);
    }
    const held = await c.publicClient.readContract({
      address: d.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [d.contracts.launchpad],
    });
    const reserve = await c.publicClient.readContract({
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "totalReserve",
    });
    const owed = await c.publicClient.readContract({
      address: d.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "totalClaimable",
    });
    expect(held >= reserve + owed).toBe(true);
  });
});
