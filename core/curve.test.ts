import { describe, expect, it } from "vitest";
import {
  buyExactIn,
  buyExactOut,
  cost,
  feeOf,
  finalPrice,
  grossUp,
  price,
  priceFromSqrt,
  reserveAt,
  sellExactIn,
  sellExactOut,
  sqrt,
  sqrtPriceX96,
  supplyAt,
} from "./curve.js";
import { CurveMathError } from "./errors.js";
import { defaultPoolTypes } from "./poolTypes.js";

const meme = defaultPoolTypes.meme;
const preseed = defaultPoolTypes["startup-preseed"];
const TOKEN = 10n ** 18n;
const USDC = 10n ** 6n;

describe("sqrt", () => {
  it("is the exact floor square root across magnitudes", () => {
    for (const x of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 30n, 10n ** 30n - 1n, (1n << 255n) + 12345n]) {
      const r = sqrt(x);
      expect(r * r <= x).toBe(true);
      expect((r + 1n) * (r + 1n) > x).toBe(true);
    }
  });
});

describe("reserveAt and supplyAt", () => {
  it("are inverse: supplyAt gives the largest supply whose reserve fits", () => {
    const { virtualSupply: S0, virtualReserve: R0 } = meme;
    for (const Rv of [R0, R0 + 1n, R0 + 12_345n, 40_500n * USDC, 1234567891n]) {
      const S = supplyAt(Rv, S0, R0);
      expect(reserveAt(S, S0, R0) <= Rv).toBe(true);
      expect(reserveAt(S + 1n, S0, R0) > Rv).toBe(true);
    }
  });
});

describe("pool type parameters", () => {
  it("meme starts at $0.00001 and graduates at $0.00009 after raising $40,000", () => {
    expect(price(meme, 0n)).toBe(10n ** 13n); // $0.00001 in 18-decimal USD
    expect(price(meme, meme.migrationSupply)).toBe(9n * 10n ** 13n);
    expect(cost(meme, meme.migrationSupply)).toBe(40_000n * USDC);
  });
  it("startup-preseed starts at $0.0002 and graduates at $0.0008 after raising $300,000", () => {
    expect(price(preseed, 0n)).toBe(2n * 10n ** 14n);
    expect(price(preseed, preseed.migrationSupply)).toBe(8n * 10n ** 14n);
    expect(cost(preseed, preseed.migrationSupply)).toBe(300_000n * USDC);
  });
});

describe("fees", () => {
  it("grossUp is the smallest gross whose net covers the amount", () => {
    for (const net of [1n, 2n, 99n, 100n, 12_345_678n]) {
      const g = grossUp(net, 100);
      expect(g - feeOf(g, 100) >= net).toBe(true);
      expect(g - 1n - feeOf(g - 1n, 100) < net).toBe(true);
    }
  });
});

describe("trades", () => {
  it("buy exact-in then sell exact-in of the same tokens loses exactly the two fees or more", () => {
    const s = 123_456_789n * TOKEN;
    const buy = buyExactIn(meme, s, 1_000n * USDC);
    const sell = sellExactIn(meme, s + buy.tokenAmount, buy.tokenAmount);
    expect(sell.usdcAmount < buy.usdcAmount).toBe(true);
    expect(buy.usdcAmount - sell.usdcAmount >= buy.fee + sell.fee).toBe(true);
  });

  it("buy exact-out charges at least what buy exact-in needs for the same tokens", () => {
    const s = 5n * TOKEN;
    const out = buyExactOut(preseed, s, 1_000_000n * TOKEN);
    const back = buyExactIn(preseed, s, out.usdcAmount);
    expect(back.tokenAmount >= out.tokenAmount).toBe(true);
  });

  it("a buy past the migration supply fills the curve and leaves the rest for V3", () => {
    const q = buyExactIn(meme, 0n, 50_000n * USDC);
    expect(q.graduates).toBe(true);
    expect(q.tokenAmount).toBe(meme.migrationSupply);
    expect(q.usdcAmount + q.remainder).toBe(50_000n * USDC);
    const o = buyExactOut(meme, meme.migrationSupply - TOKEN, 3n * TOKEN);
    expect(o).toMatchObject({ tokenAmount: TOKEN, remainder: 2n * TOKEN, graduates: true });
  });

  it("sells beyond the curve throw what the contract reverts with", () => {
    expect(() => sellExactIn(meme, TOKEN, TOKEN + 1n)).toThrow(CurveMathError);
    expect(() => sellExactOut(meme, TOKEN, 1_000n * USDC)).toThrow(/InsufficientReserve/);
  });

  it("sell exact-out burns the fewest tokens that pay the amount", () => {
    const s = 300_000_000n * TOKEN;
    const q = sellExactOut(meme, s, 777n * USDC);
    const fewer = sellExactIn(meme, s, q.tokenAmount - 1n);
    expect(fewer.usdcAmount < 777n * USDC).toBe(true);
    expect(sellExactIn(meme, s, q.tokenAmount).usdcAmount >= 777n * USDC).toBe(true);
  });
});

describe("V3 price conversion", () => {
  it("round-trips the curve's final price within a part per billion, both orientations", () => {
    for (const params of [meme, preseed]) {
      const { num, den } = finalPrice(params);
      const exact = (num * 10n ** 30n) / den;
      for (const usdcIsToken0 of [true, false]) {
        const p = priceFromSqrt(sqrtPriceX96(num, den, usdcIsToken0), usdcIsToken0);
        const diff = p > exact ? p - exact : exact - p;
        expect(diff * 10n ** 9n <= exact).toBe(true);
      }
    }
  });
});
