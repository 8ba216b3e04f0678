import { describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.js";
import { amountToBaseUnits, TOO_MANY_DECIMALS } from "./trade.js";

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
