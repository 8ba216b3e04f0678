import { describe, expect, it } from "vitest";
import { formatBps, formatDecimal, formatPrice18, formatSignificant, formatTokens, formatUsdc } from "./format.js";

describe("formatDecimal", () => {
  it("rounds half away from zero with integers only and groups thousands", () => {
    expect(formatDecimal(1_234_567_895n, 3, 2)).toBe("1,234,567.9");
    expect(formatDecimal(1_234_567_895n, 3, 2, 2)).toBe("1,234,567.90");
    expect(formatDecimal(-1_005n, 3, 2)).toBe("-1.01");
    expect(formatDecimal(4n, 3, 2)).toBe("0");
    expect(formatDecimal(-4n, 3, 2)).toBe("0");
  });

  it("keeps amounts a float would not: 2^64 + 1 whole tokens", () => {
    expect(formatTokens((2n ** 64n + 1n) * 10n ** 18n)).toBe("18,446,744,073,709,551,617");
  });
});

describe("formatSignificant", () => {
  it("keeps four significant digits below 1 and at most four fraction digits above", () => {
    expect(formatSignificant(12_345_678_901_234n, 18)).toBe("0.00001235");
    expect(formatSignificant(1_234_567_890_000_000_000n, 18)).toBe("1.2346");
    expect(formatSignificant(1_500_000_000_000_000_000n, 18)).toBe("1.50");
    expect(formatSignificant(0n, 18)).toBe("0");
  });
});

describe("money", () => {
  it("formats USDC base units as dollars", () => {
    expect(formatUsdc(1_234_560_000n)).toBe("$1,234.56");
    expect(formatUsdc(0n)).toBe("$0.00");
    expect(formatUsdc(1_234n)).toBe("$0.001234");
    expect(formatUsdc(-2_500_000n)).toBe("-$2.50");
  });

  it("formats 18-decimal prices and basis points", () => {
    expect(formatPrice18(10n ** 12n)).toBe("$0.000001");
    expect(formatBps(1234)).toBe("12.34%");
    expect(formatBps(10_000)).toBe("100%");
  });
});
