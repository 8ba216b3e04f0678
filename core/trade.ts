/**
 * A trade request's rules, pure: from the request's fields to the launchpad call, with no I/O. The trade and create
 * services (api/services/trade.ts, create-token.ts) read the market once, then decide with these:
 * - units: JSON numbers in whole USD or tokens become base units exactly (amountToBaseUnits), never by float
 *   multiplication; more decimals than the asset has (6 for USD, 18 for tokens) is refused, not rounded;
 * - request: exactly one amount field, which sets the mode; `direction` (alias `side`) is optional and must agree
 *   with it (tradeMode; quote-token's own fields: quoteMode);
 * - attribution: the builder and token_referral as asked, within the launchpad's fee ceiling (attributionOf; what the
 *   launchpad will actually pay under is core/fees.ts effectiveAttribution);
 * - build: the launchpad call with its bound and deadline (tradeCall, tradeDeadline), the USDC approval a buy needs
 *   first (usdcToApprove), and the gas limit when the estimate cannot be made (fallbackGasOf).
 * The quote and its slippage bound are core/quote.ts's.
 */
import { type Address, encodeFunctionData, type Hex } from "viem";
import { launchpadAbi } from "../abis/index.js";
import { AppError } from "./errors.js";
import { type Attribution, type AttributionError, MAX_BUILDER_FEE_BPS, ZERO_ADDRESS } from "./fees.js";
import { FALLBACK_GAS } from "./limits.js";
import { DEADLINE_SECONDS, type QuoteMode } from "./quote.js";

export const USDC_DECIMALS = 6;
export const TOKEN_DECIMALS = 18;

export const AMOUNT_FIELDS = ["buyAmountUSD", "buyAmountToken", "sellAmountToken", "sellAmountUSD"] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];
const modeOfField: Record<AmountField, QuoteMode> = {
  buyAmountUSD: "buyExactIn",
  buyAmountToken: "buyExactOut",
  sellAmountToken: "sellExactIn",
  sellAmountUSD: "sellExactOut",
};

export type BuilderInput = { address: string; feeBps: number };

/** The fields of a trade-token request that say what to trade: one amount, and optionally its direction. */
export type TradeAmounts = {
  direction?: "buy" | "sell";
  side?: "buy" | "sell";
} & Partial<Record<AmountField, number>>;

/** `details.reason` of amountToBaseUnits's error for an amount finer than its decimals. */
export const TOO_MANY_DECIMALS = "too_many_decimals";

/**
 * A positive JSON number in whole units → base units, exactly: the number's shortest round-trip decimal form is
 * scaled by 10^decimals in integers. More decimals than `decimals` is rejected, never rounded.
 */
export function amountToBaseUnits(value: number, decimals: number, field: string): bigint {
  if (!Number.isFinite(value) || value <= 0)
    throw new AppError("INVALID_PARAMETERS", `${field} must be greater than 0`);
  const m = /^(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/i.exec(String(value));
  if (!m?.[1]) throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: not a decimal number`);
  const fraction = m[2] ?? "";
  const digits = BigInt(m[1] + fraction);
  const shift = Number(m[3] ?? 0) - fraction.length + decimals;
  let units: bigint;
  if (shift >= 0) units = digits * 10n ** BigInt(shift);
  else {
    const div = 10n ** BigInt(-shift);
    if (digits % div !== 0n) {
      throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: more than ${decimals} decimal places`, {
        details: { reason: TOO_MANY_DECIMALS },
      });
    }
    units = digits / div;
  }
  if (units >= 1n << 255n) throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: too large`);
  return units;
}

/** The mode and base-unit amount of a trade-token body (exactly one amount field, agreeing with direction). */
export function tradeMode(body: TradeAmounts): { mode: QuoteMode; field: AmountField; amount: bigint } {
  const given = AMOUNT_FIELDS.filter((f) => body[f] !== undefined);
  if (given.length === 0) {
    throw new AppError("INVALID_PARAMETERS", `Exactly one of ${AMOUNT_FIELDS.join(", ")} is required`);
  }
  if (given.length > 1) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Exactly one of ${AMOUNT_FIELDS.join(", ")} is allowed; got ${given.join(", ")}`,
    );
  }
  if (body.direction && body.side && body.direction !== body.side) {
    throw new AppError("INVALID_PARAMETERS", `direction (${body.direction}) and side (${body.side}) disagree`);
  }
  const field = given[0] as AmountField;
  const mode = modeOfField[field];
  const direction = body.direction ?? body.side;
  const fieldDirection = mode.startsWith("buy") ? "buy" : "sell";
  if (direction && direction !== fieldDirection) {
    const fits = direction === "buy" ? "buyAmountUSD or buyAmountToken" : "sellAmountToken or sellAmountUSD";
    throw new AppError(
      "INVALID_PARAMETERS",
      `${field} does not fit direction ${direction}: a ${direction} takes ${fits}`,
    );
  }
  const decimals = field.endsWith("USD") ? USDC_DECIMALS : TOKEN_DECIMALS;
  return { mode, field, amount: amountToBaseUnits(body[field] as number, decimals, field) };
}

/** quote-token's (direction, inputToken) → mode: the amount is in `inputToken` units. */
export function quoteMode(direction: "buy" | "sell", inputToken: "token" | "usdc"): QuoteMode {
  if (direction === "buy") return inputToken === "usdc" ? "buyExactIn" : "buyExactOut";
  return inputToken === "token" ? "sellExactIn" : "sellExactOut";
}

/** The attribution request → the launchpad's Attribution (builder fee 0–50 bps; zero address = none). */
export function attributionOf(builder: BuilderInput | undefined, referral: string | undefined): Attribution {
  const feeBps = builder?.feeBps ?? 0;
  if (feeBps > MAX_BUILDER_FEE_BPS) {
    throw new AppError("INVALID_PARAMETERS", `Invalid builder.feeBps: at most ${MAX_BUILDER_FEE_BPS}`);
  }
  return {
    builder: (builder?.address ?? ZERO_ADDRESS) as Address,
    builderFeeBps: builder ? feeBps : 0,
    referral: (referral ?? ZERO_ADDRESS) as Address,
  };
}

/** The 400 message of each attribution the launchpad would refuse, by the custom error it would revert with. */
export function attributionMessage(error: AttributionError, field: "builder" | "referral", maxFeeBps: number): string {
  switch (error) {
    case "BuilderNotApproved":
      return "Invalid builder.address: not a builder approved by the launchpad's owner";
    case "BuilderFeeTooHigh":
      return `Invalid builder.feeBps: at most ${maxFeeBps} for this builder`;
    case "ReferrerNotApproved":
      return "Invalid token_referral: not a referrer approved by the launchpad's owner";
    case "SelfAttribution":
      return field === "builder"
        ? "Invalid builder.address: the builder cannot be the trader"
        : "Invalid token_referral: the referral cannot be the trader";
  }
}

/** A trade's deadline, unix seconds: DEADLINE_SECONDS after `nowMs`; the launchpad refuses the trade after it. */
export function tradeDeadline(nowMs: number): bigint {
  return BigInt(Math.floor(nowMs / 1000) + DEADLINE_SECONDS);
}

export type TradeCallParameters = {
  mode: QuoteMode;
  token: Address;
  /** The request's amount, base units (USDC for buyExactIn and sellExactOut, token wei otherwise). */
  amount: bigint;
  /** min out (exact-in) or max in (exact-out), base units: core/quote.ts slippageBound. */
  bound: bigint;
  deadline: bigint;
  /** As asked (attributionOf): the launchpad itself ignores a trade's referral. */
  attribution: Attribution;
};

/** The launchpad's calldata for one trade: its function is the mode. */
export function tradeCall(p: TradeCallParameters): Hex {
  return encodeFunctionData({
    abi: launchpadAbi,
    functionName: p.mode,
    args: [p.token, p.amount, p.bound, p.deadline, p.attribution],
  });
}

/**
 * The USDC allowance a trade needs the trader to approve to the launchpad first, or null when it needs none: a buy
 * whose trader allows less than the most it can take (the amount for exact-in, the max-in bound for exact-out) gets
 * an approval of exactly that. Sells need none: the launchpad burns or pulls the seller's own tokens.
 */
export function usdcToApprove(mode: QuoteMode, amount: bigint, bound: bigint, allowance: bigint): bigint | null {
  if (!mode.startsWith("buy")) return null;
  const most = mode === "buyExactIn" ? amount : bound;
  return allowance < most ? most : null;
}

/** The gas limit of a trade whose estimate could not be made (an approval must go first, or no RPC answered). */
export function fallbackGasOf(q: { graduates: boolean; protocol: string }): bigint {
  if (q.graduates) return FALLBACK_GAS.graduatingBuy;
  return q.protocol === "uniswap_v3" ? FALLBACK_GAS.uniswapV3 : FALLBACK_GAS.bondingCurve;
}
