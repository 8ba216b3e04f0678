import { describe, expect, it } from "vitest";
import { GAS_MARGIN_PERCENT, withGasMargin } from "./limits.js";

describe("the gas margin", () => {
  it("adds GAS_MARGIN_PERCENT to an estimate, rounded down", () => {
    expect(GAS_MARGIN_PERCENT).toBe(25n);
    expect(withGasMargin(100_000n)).toBe(125_000n);
    expect(withGasMargin(21_001n)).toBe(26_251n);
    expect(withGasMargin(3n)).toBe(3n);
    expect(withGasMargin(0n)).toBe(0n);
  });
});
