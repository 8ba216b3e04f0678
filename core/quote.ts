/**
 * quote: what a trade through the launchpad would give, in one of its four modes.
 *
 * - Bonding curve (token not graduated): exact, from core/curve.ts over the INDEXED pool state (no RPC). The result
 *   equals what the launchpad does to the wei, as long as the pool has not moved since the indexed block.
 * - Uniswap V3 (token graduated): QuoterV2 quoteExactInputSingle / quoteExactOutputSingle for the fee tiers 100,
 *   500, 3000 and 10000 (plus the pool's own tier if it is another), all in ONE Multicall3 aggregate3 eth_call with
 *   allowFailure per tier, plus Multicall3.getBlockNumber so the quote states the block it is valid at. A failing
 *   tier does not fail the quote; the best result wins. The launchpad itself always swaps in the token's own pool
 *   at its pool type's tier, so `execution` carries that tier's result: trade bounds come from it, never from
 *   another tier.
 * - A buy that crosses graduation: the curve leg is exact; the V3 remainder cannot be quoted on chain (the pool is
 *   created inside the same transaction), so it is estimated on the full-range position the launchpad will seed
 *   (dexSupply tokens and dexReserve USDC at the curve's final price behave as x·y = k), less the pool's fee tier.
 *   Such a quote has `estimated: true`; trade-token widens its bound by ESTIMATE_MARGIN_BPS.
 *
 * The launchpad's trade fee is always taken on the USDC side, on top of V3 (as Launchpad.sol):
 * buy exact-in swaps gross − feeOf(gross); buy exact-out pays grossUp(net); sell exact-in receives
 * gross − feeOf(gross); sell exact-out swaps for grossUp(usdcOut).
 *
 * Units: token amounts in token wei (18 decimals), USDC amounts in USDC base units (6 decimals), fee tiers in
 * hundredths of a bip, bps for the launchpad fee.
 */

import { type Address, decodeFunctionResult, encodeFunctionData, type Hex } from "viem";
import { z } from "zod";
import { multicall3Abi, quoterV2Abi } from "../abis/index.js";
import * as curve from "./curve.js";
import { AppError, CurveMathError } from "./errors.js";
import { type Attribution, type FeeSplit, feeBpsAt, launchFeeAt, noAttribution, splitFeeFor } from "./fees.js";
import { publicClientFor } from "./rpc.js";

/** The four trade modes, in the order of ILaunchpad.TradeMode (its enum index is the position here). */
export const QUOTE_MODES = ["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"] as const;
export type QuoteMode = (typeof QUOTE_MODES)[number];
export type Protocol = "bonding_curve" | "uniswap_v3";

/** The fee tiers every graduated quote asks QuoterV2 about, in hundredths of a bip. */
export const V3_FEE_TIERS = [100, 500, 3000, 10000] as const;
/** Slippage tolerance of a trade when the request gives none, in bps (1%). */
export const DEFAULT_SLIPPAGE_BPS = 100;
/** The largest slippage tolerance a trade may ask for, in bps (50%). */
export const MAX_SLIPPAGE_BPS = 5000;
/** A trade transaction's deadline, in seconds after it is prepared (the launchpad checks it). */
export const DEADLINE_SECONDS = 20 * 60;
/** Extra room a trade bound gets on top of the slippage when a leg is estimated (crossing buys), in bps. */
export const ESTIMATE_MARGIN_BPS = 50n;
/** The one message for a graduated token that no fee tier can quote. */
export const ALL_TIERS_FAILED =
  "Uniswap V3 quote failed for all fee tiers (100, 500, 3000, 10000): the pool may not exist or lacks liquidity";
/** A graduated token whose own pool's tier cannot be quoted while another tier can. */
export const executionTierFailed = (tier: number) =>
  `Uniswap V3 quote failed for fee tier ${tier}, the pool the launchpad trades through: the pool may not exist or lacks liquidity`;

/** The indexed pool state a quote needs (api/services/tokens/lookup.ts IndexedPool fits it). */
export type QuotePool = {
  supply: bigint;
  graduated: boolean;
  feeTier: number | null;
  sqrtPriceX96: bigint | null;
  usdcIsToken0: boolean;
  params: curve.PoolTypeParams;
  /** The block timestamp of the token's creation (unix seconds): its launch fee's window starts then. */
  createdAt: bigint;
};

export type QuoteParameters = {
  mode: QuoteMode;
  /** USDC base units for buyExactIn / sellExactOut, token wei for buyExactOut / sellExactIn. */
  amount: bigint;
  token: Address;
  pool: QuotePool;
  /** Chain contracts (from the deployment): needed for graduated tokens only. */
  contracts: { usdc: Address; quoterV2: Address; multicall3: Address };
  /** RPC of the chain: needed for graduated tokens only. */
  rpcUrl?: string;
  /** Block the indexed state is valid at (curve quotes). */
  indexedBlock?: bigint | null;
  /** The timestamp of the block the trade is expected to land in (unix seconds): the curve charges that block's
   * fee, the launch fee in its window. Without it, the trade fee. */
  at?: bigint;
  /** The effective attribution (core/fees.ts effectiveAttribution), as the Trade event will carry it. */
  attribution?: Attribution;
};

export type TierResult = {
  feeTier: number;
  ok: boolean;
  /** USDC base units or token wei paid in, fee included (null when the tier failed). */
  inputAmount: bigint | null;
  outputAmount: bigint | null;
};

/** A token's launch fee at a quote's block (core/fees.ts launchFeeAt). */
export type LaunchFee = NonNullable<ReturnType<typeof launchFeeAt>>;

export type QuoteReturnType = {
  mode: QuoteMode;
  protocol: Protocol;
  isGraduated: boolean;
  /** Whether this trade takes the curve to its migration supply (and so graduates the token). */
  graduates: boolean;
  /** True when a leg is an estimate (the V3 remainder of a crossing buy). */
  estimated: boolean;
  inputToken: "usdc" | "token";
  outputToken: "usdc" | "token";
  /** Best result: USDC base units or token wei the trader pays in (fee included). */
  inputAmount: bigint;
  /** Best result: what the trader gets out (fee deducted). */
  outputAmount: bigint;
  /** Fee tier the best result comes from; null for a pure curve trade. */
  feeTier: number | null;
  /** What the launchpad will do: its own pool's tier (or the curve). Null when that tier has no quote. */
  execution: { feeTier: number | null; inputAmount: bigint; outputAmount: bigint } | null;
  /** (average execution price excluding the launchpad fee − marginal price before) / marginal price, signed so a
   * worse price is positive; a fraction (0.01 = 1%). */
  priceImpact: number;
  /** The launchpad's fee in USDC base units, and how it splits. `tradeFeeBps` is the pool type's trade fee;
   * `feeBps` what the curve leg is charged, the launch fee in its window. */
  fee: { tradeFeeBps: number; feeBps: number; total: bigint; split: FeeSplit; poolFeeTier: number | null };
  /** The token's launch fee at `at` (core/fees.ts launchFeeAt); null for a type without one or a graduated token. */
  launchFee: LaunchFee | null;
  legs: { protocol: Protocol; inputAmount: bigint; outputAmount: bigint; fee: bigint; estimated: boolean }[];
  tiers: TierResult[];
  timestamp: Date;
  /** Block the quote is valid at: the indexed block (curve) or the block of the eth_call (V3). */
  block: bigint | null;
};

const clientOf = publicClientFor;

const isBuy = (m: QuoteMode) => m === "buyExactIn" || m === "buyExactOut";
const isExactIn = (m: QuoteMode) => m === "buyExactIn" || m === "sellExactIn";
const addSplit = (a: FeeSplit, b: FeeSplit): FeeSplit => ({
  protocol: a.protocol + b.protocol,
  creator: a.creator + b.creator,
  referral: a.referral + b.referral,
  builder: a.builder + b.builder,
  launch: a.launch + b.launch,
});

/** Price impact as a signed fraction: (paid per token − spot) / spot for buys, (spot − got per token) / spot for sells. */
function impact(buy: boolean, usdcNet: bigint, tokens: bigint, spot18: bigint): number {
  if (tokens === 0n || spot18 === 0n) return 0;
  const avg18 = (usdcNet * curve.PRICE_SCALE) / tokens;
  const diff = buy ? avg18 - spot18 : spot18 - avg18;
  return Number((diff * 1_000_000n) / spot18) / 1_000_000;
}

/** `details.reason` of the error an amount beyond what the curve holds gets: callers tell it by this, not its text. */
export const SHORT_CURVE = "insufficient_curve_liquidity";

function curveError(error: unknown): never {
  if (error instanceof CurveMathError) {
    if (error.reason === "InsufficientReserve") {
      throw new AppError("INVALID_PARAMETERS", "Insufficient liquidity on the bonding curve for this amount", {
        cause: error,
        details: { reason: SHORT_CURVE },
      });
    }
    throw new AppError("INVALID_PARAMETERS", "Amount out of range for the bonding curve", { cause: error });
  }
  throw error;
}

/**
 * Exact-in / exact-out on the full-range position a graduation seeds (x·y = k over dexSupply and dexReserve, V3 fee
 * tier off the input). Input rounded up, output down.
 */
function seededSwap(p: curve.PoolTypeParams, buy: boolean, exactIn: boolean, amount: bigint): bigint {
  const x = p.dexSupply;
  const y = p.dexReserve;
  const [rIn, rOut] = buy ? [y, x] : [x, y];
  const feeMillionths = BigInt(p.dexFeeTier);
  if (exactIn) {
    const a = (amount * (1_000_000n - feeMillionths)) / 1_000_000n;
    return (rOut * a) / (rIn + a);
  }
  if (amount >= rOut)
    throw new AppError("INVALID_PARAMETERS", "Insufficient liquidity in the Uniswap V3 pool for this amount");
  const a = curve.fullMulDivUp(rIn, amount, rOut - amount);
  return curve.fullMulDivUp(a, 1_000_000n, 1_000_000n - feeMillionths);
}

function curveQuote(q: QuoteParameters): QuoteReturnType {
  const { pool, mode, amount } = q;
  const p = pool.params;
  const a = q.attribution ?? noAttribution;
  const spot = curve.price(p, pool.supply);
  // The curve leg is charged the fee of the block it lands in (Launchpad._curveParams); a V3 leg the trade fee.
  const feeBps = q.at === undefined ? p.tradeFeeBps : feeBpsAt(p, q.at - pool.createdAt);
  const rates = { feeBps, tradeFeeBps: p.tradeFeeBps };
  const charged = { ...p, tradeFeeBps: feeBps };
  let c: curve.CurveQuote;
  try {
    c =
      mode === "buyExactIn"
        ? curve.buyExactIn(charged, pool.supply, amount)
        : mode === "buyExactOut"
          ? curve.buyExactOut(charged, pool.supply, amount)
          : mode === "sellExactIn"
            ? curve.sellExactIn(charged, pool.supply, amount)
            : curve.sellExactOut(charged, pool.supply, amount);
  } catch (error) {
    curveError(error);
  }
  const buy = isBuy(mode);
  if (c.tokenAmount === 0n || (!buy && c.usdcAmount === 0n)) {
    throw new AppError("INVALID_PARAMETERS", "Amount too small: the trade would move nothing");
  }
  const curveBase = buy ? c.usdcAmount : c.usdcAmount + c.fee;
  const legs: QuoteReturnType["legs"] = [
    {
      protocol: "bonding_curve",
      inputAmount: buy ? c.usdcAmount : c.tokenAmount,
      outputAmount: buy ? c.tokenAmount : c.usdcAmount,
      fee: c.fee,
      estimated: false,
    },
  ];
  let split = splitFeeFor(c.fee, curveBase, a, p.creatorShareBps, rates);
  let fee = c.fee;
  let usdcIn = c.usdcAmount;
  let tokens = c.tokenAmount;
  if (c.graduates && c.remainder > 0n) {
    if (mode === "buyExactIn") {
      const v3Fee = curve.feeOf(c.remainder, p.tradeFeeBps);
      // As Launchpad._buyExactIn: a remainder the fee leaves at most 1 unit of is dust that stays with the trader.
      if (c.remainder - v3Fee > 1n) {
        const out = seededSwap(p, true, true, c.remainder - v3Fee);
        legs.push({ protocol: "uniswap_v3", inputAmount: c.remainder, outputAmount: out, fee: v3Fee, estimated: true });
        split = addSplit(split, splitFeeFor(v3Fee, c.remainder, a, p.creatorShareBps));
        fee += v3Fee;
        usdcIn += c.remainder;
        tokens += out;
      }
    } else {
      const net = seededSwap(p, true, false, c.remainder);
      const gross = curve.grossUp(net, p.tradeFeeBps);
      legs.push({
        protocol: "uniswap_v3",
        inputAmount: gross,
        outputAmount: c.remainder,
        fee: gross - net,
        estimated: true,
      });
      split = addSplit(split, splitFeeFor(gross - net, gross, a, p.creatorShareBps));
      fee += gross - net;
      usdcIn += gross;
      tokens += c.remainder;
    }
  }
  const estimated = legs.length > 1;
  const inputAmount = buy ? usdcIn : c.tokenAmount;
  const outputAmount = buy ? tokens : c.usdcAmount;
  return {
    mode,
    protocol: "bonding_curve",
    isGraduated: false,
    graduates: c.graduates,
    estimated,
    inputToken: buy ? "usdc" : "token",
    outputToken: buy ? "token" : "usdc",
    inputAmount,
    outputAmount,
    feeTier: estimated ? p.dexFeeTier : null,
    execution: { feeTier: estimated ? p.dexFeeTier : null, inputAmount, outputAmount },
    priceImpact: impact(buy, buy ? usdcIn - fee : c.usdcAmount + c.fee, tokens, spot),
    fee: { tradeFeeBps: p.tradeFeeBps, feeBps, total: fee, split, poolFeeTier: estimated ? p.dexFeeTier : null },
    launchFee: q.at === undefined ? null : launchFeeAt(p, pool.createdAt, q.at),
    legs,
    tiers: [],
    timestamp: new Date(),
    block: q.indexedBlock ?? null,
  };
}

type V3Amounts = { inputAmount: bigint; outputAmount: bigint; fee: bigint; gross: bigint };

/** The launchpad's amounts around one QuoterV2 result `r` (amountOut for exact-in, amountIn for exact-out). */
function launchpadAround(mode: QuoteMode, amount: bigint, feeBps: number, r: bigint): V3Amounts {
  switch (mode) {
    case "buyExactIn": {
      const fee = curve.feeOf(amount, feeBps);
      return { inputAmount: amount, outputAmount: r, fee, gross: amount };
    }
    case "buyExactOut": {
      const gross = curve.grossUp(r, feeBps);
      return { inputAmount: gross, outputAmount: amount, fee: gross - r, gross };
    }
    case "sellExactIn": {
      const fee = curve.feeOf(r, feeBps);
      return { inputAmount: amount, outputAmount: r - fee, fee, gross: r };
    }
    case "sellExactOut": {
      const gross = curve.grossUp(amount, feeBps);
      return { inputAmount: r, outputAmount: amount, fee: gross - amount, gross };
    }
  }
}

/**
 * The one eth_call a graduated quote makes: Multicall3 aggregate3 over QuoterV2 for every fee tier asked about (the
 * pool's own tier included) and getBlockNumber; with what is asked of the pool (the amount after the launchpad's fee).
 */
export function v3QuoteCall(q: Pick<QuoteParameters, "pool" | "mode" | "amount" | "contracts" | "token">) {
  const { pool, mode, amount, contracts } = q;
  const p = pool.params;
  const buy = isBuy(mode);
  const exactIn = isExactIn(mode);
  const [tokenIn, tokenOut] = buy ? [contracts.usdc, q.token] : [q.token, contracts.usdc];
  // What is asked of the pool: buy exact-in swaps gross − fee; sell exact-out needs grossUp(usdcOut) out.
  let poolAmount = amount;
  if (mode === "buyExactIn") poolAmount = amount - curve.feeOf(amount, p.tradeFeeBps);
  if (mode === "sellExactOut") poolAmount = curve.grossUp(amount, p.tradeFeeBps);
  const execTier = pool.feeTier ?? p.dexFeeTier;
  const tiers: number[] = [...V3_FEE_TIERS];
  if (!tiers.includes(execTier)) tiers.push(execTier);

  const calls = tiers.map((fee) => ({
    target: contracts.quoterV2,
    allowFailure: true,
    callData: exactIn
      ? encodeFunctionData({
          abi: quoterV2Abi,
          functionName: "quoteExactInputSingle",
          args: [{ tokenIn, tokenOut, amountIn: poolAmount, fee, sqrtPriceLimitX96: 0n }],
        })
      : encodeFunctionData({
          abi: quoterV2Abi,
          functionName: "quoteExactOutputSingle",
          args: [{ tokenIn, tokenOut, amount: poolAmount, fee, sqrtPriceLimitX96: 0n }],
        }),
  }));
  calls.push({
    target: contracts.multicall3,
    allowFailure: true,
    callData: encodeFunctionData({ abi: multicall3Abi, functionName: "getBlockNumber" }),
  });
  const data = encodeFunctionData({ abi: multicall3Abi, functionName: "aggregate3", args: [calls] });
  return { to: contracts.multicall3, data, tiers, execTier, poolAmount, buy, exactIn };
}

async function v3Quote(q: QuoteParameters): Promise<QuoteReturnType> {
  const { pool, mode, amount } = q;
  const p = pool.params;
  if (!q.rpcUrl) throw new AppError("NETWORK_ERROR", "No RPC configured for this chain");
  const { to, data, tiers, execTier, buy, exactIn } = v3QuoteCall(q);
  let returned: Hex | undefined;
  try {
    returned = (await clientOf(q.rpcUrl).call({ to, data })).data;
  } catch (error) {
    throw new AppError("NETWORK_ERROR", "Uniswap V3 quote failed: the chain's RPC did not answer", { cause: error });
  }
  if (!returned) throw new AppError("NETWORK_ERROR", "Uniswap V3 quote failed: empty answer from Multicall3");
  const results = decodeFunctionResult({ abi: multicall3Abi, functionName: "aggregate3", data: returned }) as readonly {
    success: boolean;
    returnData: Hex;
  }[];
  const blockResult = results[tiers.length];
  const block =
    blockResult?.success === true
      ? (decodeFunctionResult({
          abi: multicall3Abi,
          functionName: "getBlockNumber",
          data: blockResult.returnData,
        }) as bigint)
      : null;

  const tierResults: TierResult[] = [];
  const amountsByTier = new Map<number, V3Amounts>();
  tiers.forEach((feeTier, i) => {
    const r = results[i];
    let value: bigint | undefined;
    if (r?.success && r.returnData !== "0x") {
      try {
        const [v, sqrtAfter] = decodeFunctionResult({
          abi: quoterV2Abi,
          functionName: exactIn ? "quoteExactInputSingle" : "quoteExactOutputSingle",
          data: r.returnData,
        }) as readonly [bigint, bigint, number, bigint];
        // An exact-in swap that ran into a price limit was only partly filled: the launchpad would revert.
        const exhausted = sqrtAfter <= curve.MIN_SQRT_RATIO + 1n || sqrtAfter >= curve.MAX_SQRT_RATIO - 1n;
        if (v > 0n && !exhausted) value = v;
      } catch {
        value = undefined;
      }
    }
    if (value === undefined) {
      tierResults.push({ feeTier, ok: false, inputAmount: null, outputAmount: null });
      return;
    }
    const a = launchpadAround(mode, amount, p.tradeFeeBps, value);
    if (a.outputAmount <= 0n) {
      tierResults.push({ feeTier, ok: false, inputAmount: null, outputAmount: null });
      return;
    }
    amountsByTier.set(feeTier, a);
    tierResults.push({ feeTier, ok: true, inputAmount: a.inputAmount, outputAmount: a.outputAmount });
  });
  if (amountsByTier.size === 0) throw new AppError("INVALID_PARAMETERS", ALL_TIERS_FAILED, { details: { tiers } });

  // Best: most out for exact-in, least in for exact-out.
  let bestTier = -1;
  let best: V3Amounts | undefined;
  for (const [tier, a] of amountsByTier) {
    const better = !best || (exactIn ? a.outputAmount > best.outputAmount : a.inputAmount < best.inputAmount);
    if (better) {
      best = a;
      bestTier = tier;
    }
  }
  if (!best) throw new AppError("INVALID_PARAMETERS", ALL_TIERS_FAILED);
  const exec = amountsByTier.get(execTier);
  const usedForFee = exec ?? best;
  const a = q.attribution ?? noAttribution;
  const split = splitFeeFor(usedForFee.fee, usedForFee.gross, a, p.creatorShareBps);
  const spot = pool.sqrtPriceX96 ? curve.priceFromSqrt(pool.sqrtPriceX96, pool.usdcIsToken0) : 0n;
  const tokens = buy ? best.outputAmount : best.inputAmount;
  const usdcNet = buy ? best.inputAmount - best.fee : best.outputAmount + best.fee;
  return {
    mode,
    protocol: "uniswap_v3",
    isGraduated: true,
    graduates: false,
    estimated: false,
    inputToken: buy ? "usdc" : "token",
    outputToken: buy ? "token" : "usdc",
    inputAmount: best.inputAmount,
    outputAmount: best.outputAmount,
    feeTier: bestTier,
    execution: exec ? { feeTier: execTier, inputAmount: exec.inputAmount, outputAmount: exec.outputAmount } : null,
    priceImpact: impact(buy, usdcNet, tokens, spot),
    fee: {
      tradeFeeBps: p.tradeFeeBps,
      feeBps: p.tradeFeeBps,
      total: usedForFee.fee,
      split,
      poolFeeTier: exec ? execTier : bestTier,
    },
    launchFee: null,
    legs: [
      {
        protocol: "uniswap_v3",
        inputAmount: best.inputAmount,
        outputAmount: best.outputAmount,
        fee: best.fee,
        estimated: false,
      },
    ],
    tiers: tierResults,
    timestamp: new Date(),
    block,
  };
}

/** Quote one launchpad trade: the curve from indexed state, or Uniswap V3 through QuoterV2 (one eth_call). */
export async function quote(q: QuoteParameters): Promise<QuoteReturnType> {
  if (q.amount <= 0n) throw new AppError("INVALID_PARAMETERS", "Amount must be greater than 0");
  return q.pool.graduated ? v3Quote(q) : curveQuote(q);
}

/** The slippage bound of a trade in base units: min out (exact-in, rounded down) or max in (exact-out, rounded up). */
export function slippageBound(
  mode: QuoteMode,
  execution: { inputAmount: bigint; outputAmount: bigint },
  slippageBps: number,
  estimated: boolean,
): bigint {
  const bps = BigInt(slippageBps) + (estimated ? ESTIMATE_MARGIN_BPS : 0n);
  if (isExactIn(mode)) return (execution.outputAmount * (curve.BPS - (bps > curve.BPS ? curve.BPS : bps))) / curve.BPS;
  return curve.mulDivUp(execution.inputAmount, curve.BPS + bps, curve.BPS);
}

/**
 * The JSON form of a quote that crosses Redis (the graduated quote cache): base units as decimal
 * strings, the timestamp as ISO 8601. `quoteFromWire` parses it back with zod, so a malformed entry fails loudly.
 */
const units = z.string().regex(/^-?\d+$/);
const big = units.transform((v) => BigInt(v));
const protocol = z.enum(["bonding_curve", "uniswap_v3"]);
const splitWire = z.object({ protocol: big, creator: big, referral: big, builder: big, launch: big });
const launchFeeWire = z.object({
  at: big,
  bpsNow: z.number().int(),
  baseBps: z.number().int(),
  startBps: z.number().int(),
  startsAt: big,
  endsAt: big,
});
export const quoteWireSchema = z.object({
  mode: z.enum(QUOTE_MODES),
  protocol,
  isGraduated: z.boolean(),
  graduates: z.boolean(),
  estimated: z.boolean(),
  inputToken: z.enum(["usdc", "token"]),
  outputToken: z.enum(["usdc", "token"]),
  inputAmount: big,
  outputAmount: big,
  feeTier: z.number().int().nullable(),
  execution: z.object({ feeTier: z.number().int().nullable(), inputAmount: big, outputAmount: big }).nullable(),
  priceImpact: z.number(),
  fee: z.object({
    tradeFeeBps: z.number().int(),
    feeBps: z.number().int(),
    total: big,
    split: splitWire,
    poolFeeTier: z.number().int().nullable(),
  }),
  launchFee: launchFeeWire.nullable(),
  legs: z.array(z.object({ protocol, inputAmount: big, outputAmount: big, fee: big, estimated: z.boolean() })),
  tiers: z.array(
    z.object({ feeTier: z.number().int(), ok: z.boolean(), inputAmount: big.nullable(), outputAmount: big.nullable() }),
  ),
  timestamp: z.iso.datetime().transform((v) => new Date(v)),
  block: big.nullable(),
});
export type QuoteWire = z.input<typeof quoteWireSchema>;

export function quoteToWire(q: QuoteReturnType): QuoteWire {
  return JSON.parse(
    JSON.stringify(q, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)),
  ) as QuoteWire;
}

export function quoteFromWire(wire: unknown): QuoteReturnType {
  return quoteWireSchema.parse(wire);
}
