import { decodeFunctionData, getAddress } from "viem";
import { describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { AppError } from "./errors.js";
import { MAX_BUILDER_FEE_BPS, ZERO_ADDRESS } from "./fees.js";
import { FALLBACK_GAS } from "./limits.js";
import { DEADLINE_SECONDS } from "./quote.js";
import {
  amountToBaseUnits,
  attributionOf,
  fallbackGasOf,
  quoteMode,
  TOO_MANY_DECIMALS,
  tradeCall,
  tradeDeadline,
  tradeMode,
  usdcToApprove,
} from "./trade.js";

const refusal = (f: () => unknown): AppError => {
  try {
    f();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("no refusal");
};

describe("amountToBaseUnits", () => {
  it("converts a JSON number in whole units exactly, through its shortest decimal form", () => {
    expect(amountToBaseUnits(1, 6, "a")).toBe(1_000_000n);
    expect(amountToBaseUnits(0.1, 6, "a")).toBe(100_000n);
    // 0.1 + 0.2 is 0.30000000000000004 as a double: that is its decimal form, and it is finer than 6 decimals.
    expect(amountToBaseUnits(0.3, 6, "a")).toBe(300_000n);
    expect(amountToBaseUnits(1.000001, 6, "a")).toBe(1_000_001n);
    expect(amountToBaseUnits(1e-18, 18, "a")).toBe(1n);
    expect(amountToBaseUnits(1e21, 18, "a")).toBe(10n ** 39n);
    expect(amountToBaseUnits(123456789.123456, 6, "a")).toBe(123_456_789_123_456n);
  });

  it("refuses more decimals than the unit has, tagged so that callers tell it by its reason, never rounding", () => {
    for (const [value, decimals] of [
      [0.0000001, 6],
      [0.1 + 0.2, 6],
      [1e-19, 18],
    ] as const) {
      const e = refusal(() => amountToBaseUnits(value, decimals, "amount"));
      expect(e.code).toBe("INVALID_PARAMETERS");
      expect(e.message).toBe(`Invalid amount: more than ${decimals} decimal places`);
      expect(e.details.reason).toBe(TOO_MANY_DECIMALS);
    }
  });

  it("refuses zero, negatives and non-finite numbers", () => {
    for (const value of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      const e = refusal(() => amountToBaseUnits(value, 6, "buyAmountUSD"));
      expect(e.message).toBe("buyAmountUSD must be greater than 0");
      expect(e.details.reason).toBeUndefined();
    }
  });
});

describe("tradeMode", () => {
  it("takes the mode from the one amount field, in its asset's base units", () => {
    expect(tradeMode({ buyAmountUSD: 12.5 })).toEqual({
      mode: "buyExactIn",
      field: "buyAmountUSD",
      amount: 12_500_000n,
    });
    expect(tradeMode({ buyAmountToken: 2 })).toMatchObject({ mode: "buyExactOut", amount: 2n * 10n ** 18n });
    expect(tradeMode({ sellAmountToken: 0.5, direction: "sell" })).toMatchObject({
      mode: "sellExactIn",
      amount: 5n * 10n ** 17n,
    });
    expect(tradeMode({ sellAmountUSD: 3, side: "sell" })).toMatchObject({ mode: "sellExactOut", amount: 3_000_000n });
  });

  it("refuses no amount, two amounts, a direction the field does not fit, and direction and side that disagree", () => {
    expect(refusal(() => tradeMode({})).message).toBe(
      "Exactly one of buyAmountUSD, buyAmountToken, sellAmountToken, sellAmountUSD is required",
    );
    expect(refusal(() => tradeMode({ buyAmountUSD: 1, sellAmountToken: 1 })).message).toBe(
      "Exactly one of buyAmountUSD, buyAmountToken, sellAmountToken, sellAmountUSD is allowed; got buyAmountUSD, sellAmountToken",
    );
    expect(refusal(() => tradeMode({ buyAmountUSD: 1, direction: "sell" })).message).toBe(
      "buyAmountUSD does not fit direction sell: a sell takes sellAmountToken or sellAmountUSD",
    );
    expect(refusal(() => tradeMode({ buyAmountUSD: 1, direction: "buy", side: "sell" })).message).toBe(
      "direction (buy) and side (sell) disagree",
    );
    // USD has 6 decimals: a finer buy is refused, not rounded.
    expect(refusal(() => tradeMode({ buyAmountUSD: 0.0000001 })).details.reason).toBe(TOO_MANY_DECIMALS);
  });
});

describe("quoteMode", () => {
  it("reads quote-token's amount in its input token", () => {
    expect(quoteMode("buy", "usdc")).toBe("buyExactIn");
    expect(quoteMode("buy", "token")).toBe("buyExactOut");
    expect(quoteMode("sell", "token")).toBe("sellExactIn");
    expect(quoteMode("sell", "usdc")).toBe("sellExactOut");
  });
});

describe("attributionOf", () => {
  const builder = "0x00000000000000000000000000000000000000b1";
  const referral = "0x00000000000000000000000000000000000000c1";

  it("is none when nothing is asked, and the builder's fee only with a builder", () => {
    expect(attributionOf(undefined, undefined)).toEqual({
      builder: ZERO_ADDRESS,
      builderFeeBps: 0,
      referral: ZERO_ADDRESS,
    });
    expect(attributionOf({ address: builder, feeBps: 20 }, referral)).toEqual({
      builder,
      builderFeeBps: 20,
      referral,
    });
  });

  it("refuses a builder fee above the launchpad's ceiling, and accepts the ceiling", () => {
    expect(attributionOf({ address: builder, feeBps: MAX_BUILDER_FEE_BPS }, undefined).builderFeeBps).toBe(
      MAX_BUILDER_FEE_BPS,
    );
    expect(refusal(() => attributionOf({ address: builder, feeBps: MAX_BUILDER_FEE_BPS + 1 }, undefined)).message).toBe(
      `Invalid builder.feeBps: at most ${MAX_BUILDER_FEE_BPS}`,
    );
  });
});

describe("the launchpad call", () => {
  const token = "0x00000000000000000000000000000000000000a1";
  const attribution = { builder: ZERO_ADDRESS, builderFeeBps: 0, referral: ZERO_ADDRESS } as const;

  it("calls the mode's function with the amount, the bound, the deadline and the attribution", () => {
    const deadline = tradeDeadline(1_700_000_000_999);
    expect(deadline).toBe(1_700_000_000n + BigInt(DEADLINE_SECONDS));
    for (const mode of ["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"] as const) {
      const data = tradeCall({ mode, token, amount: 5n, bound: 7n, deadline, attribution });
      const call = decodeFunctionData({ abi: launchpadAbi, data });
      expect(call.functionName).toBe(mode);
      expect(call.args).toEqual([getAddress(token), 5n, 7n, deadline, attribution]);
    }
  });

  it("approves for a buy exactly what it may take when the allowance is short, and never for a sell", () => {
    // exact-in takes its amount; exact-out at most its bound (max in).
    expect(usdcToApprove("buyExactIn", 100n, 90n, 0n)).toBe(100n);
    expect(usdcToApprove("buyExactIn", 100n, 90n, 99n)).toBe(100n);
    expect(usdcToApprove("buyExactIn", 100n, 90n, 100n)).toBeNull();
    expect(usdcToApprove("buyExactOut", 100n, 130n, 129n)).toBe(130n);
    expect(usdcToApprove("buyExactOut", 100n, 130n, 130n)).toBeNull();
    expect(usdcToApprove("sellExactIn", 100n, 90n, 0n)).toBeNull();
    expect(usdcToApprove("sellExactOut", 100n, 90n, 0n)).toBeNull();
  });

  it("falls back to the venue's gas limit", () => {
    expect(fallbackGasOf({ graduates: false, protocol: "bonding_curve" })).toBe(FALLBACK_GAS.bondingCurve);
    expect(fallbackGasOf({ graduates: false, protocol: "uniswap_v3" })).toBe(FALLBACK_GAS.uniswapV3);
    expect(fallbackGasOf({ graduates: true, protocol: "bonding_curve+uniswap_v3" })).toBe(FALLBACK_GAS.graduatingBuy);
  });
});
