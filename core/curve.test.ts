import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  buyExactIn,
  buyExactOut,
  cost,
  feeOf,
  finalPrice,
  grossUp,
  MAX_SQRT_RATIO,
  MAX_TICK,
  MIN_SQRT_RATIO,
  MIN_TICK,
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

describe("V3 price bounds", () => {
  // Read from Uniswap's own source, so a wrong constant here cannot agree with itself.
  const tickMath = readFileSync(
    new URL("../node_modules/@uniswap/v3-core/contracts/libraries/TickMath.sol", import.meta.url),
    "utf8",
  );
  const constant = (name: string): bigint => {
    const m = new RegExp(`int\\d+\\s+internal\\s+constant\\s+${name}\\s*=\\s*(-?\\d+)\\s*;`).exec(tickMath);
    if (!m?.[1]) throw new Error(`${name} not found in TickMath.sol`);
    return BigInt(m[1]);
  };

  it("equal Uniswap V3's TickMath MIN_SQRT_RATIO, MAX_SQRT_RATIO and MIN_TICK", () => {
    expect(MIN_SQRT_RATIO).toBe(constant("MIN_SQRT_RATIO"));
    expect(MAX_SQRT_RATIO).toBe(constant("MAX_SQRT_RATIO"));
    expect(BigInt(MIN_TICK)).toBe(constant("MIN_TICK"));
    expect(MAX_TICK).toBe(-MIN_TICK);
  });

  it("are the sqrt prices of the extreme ticks", () => {
    expect(sqrtPriceX96AtTick(MIN_TICK)).toBe(MIN_SQRT_RATIO);
    expect(sqrtPriceX96AtTick(MAX_TICK)).toBe(MAX_SQRT_RATIO);
  });
});

/** TickMath.getSqrtRatioAtTick, transcribed from the constants in TickMath.sol (X128 steps, rounded up to X96). */
function sqrtPriceX96AtTick(tick: number): bigint {
  const absTick = BigInt(Math.abs(tick));
  const steps = [
    0xfffcb933bd6fad37aa2d162d1a594001n,
    0xfff97272373d413259a46990580e213an,
    0xfff2e50f5f656932ef12357cf3c7fdccn,
    0xffe5caca7e10e4e61c3624eaa0941cd0n,
    0xffcb9843d60f6159c9db58835c926644n,
    0xff973b41fa98c081472e6896dfb254c0n,
    0xff2ea16466c96a3843ec78b326b52861n,
    0xfe5dee046a99a2a811c461f1969c3053n,
    0xfcbe86c7900a88aedcffc83b479aa3a4n,
    0xf987a7253ac413176f2b074cf7815e54n,
    0xf3392b0822b70005940c7a398e4b70f3n,
    0xe7159475a2c29b7443b29c7fa6e889d9n,
    0xd097f3bdfd2022b8845ad8f792aa5825n,
    0xa9f746462d870fdf8a65dc1f90e061e5n,
    0x70d869a156d2a1b890bb3df62baf32f7n,
    0x31be135f97d08fd981231505542fcfa6n,
    0x9aa508b5b7a84e1c677de54f3e99bc9n,
    0x5d6af8dedb81196699c329225ee604n,
    0x2216e584f5fa1ea926041bedfe98n,
    0x48a170391f7dc42444e8fa2n,
  ];
  let ratio = absTick & 1n ? (steps[0] as bigint) : 1n << 128n;
  for (let i = 1; i < steps.length; i++) {
    if (absTick & (1n << BigInt(i))) ratio = (ratio * (steps[i] as bigint)) >> 128n;
  }
  if (tick > 0) ratio = ((1n << 256n) - 1n) / ratio;
  return (ratio >> 32n) + (ratio % (1n << 32n) === 0n ? 0n : 1n);
}
