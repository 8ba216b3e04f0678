/**
 * The bonding curve in bigint, step for step the same integer algorithm as contracts/src/libraries/CurveMath.sol
 * and PriceMath.sol, so that every result equals the contract's to the wei (tests/curve.differential.test.ts
 * proves it against the deployed contract).
 *
 * Units: token amounts in token wei (18 decimals), USDC amounts and market caps in USDC base units (6 decimals),
 * fees in bps, prices in USD per whole token with 18 decimals (1e18 = $1). Rounding always favours the pool: reserves and fees
 * up, supplies and payouts down.
 *
 * The curve: reserve weight 1/2, so the virtual reserve is R(S) = R0·S²/S0² and the price P(S) = 2·R0·S/S0², where
 * S is the virtual supply S0 + s and s the curve supply. A buy of a USDC amount inverts R with an exact integer
 * square root.
 */
import { CurveMathError } from "./errors.js";

export const BPS = 10_000n;
/** USDC base units per token wei → USD per whole token with 18 decimals: 1e18 (per token) × 1e12. */
export const PRICE_SCALE = 10n ** 30n;
export const Q96 = 1n << 96n;
export const Q192 = 1n << 192n;
const MAX_UINT256 = (1n << 256n) - 1n;
/** Uniswap V3's TickMath.MIN_TICK, and the sqrtPriceX96 bounds of every V3 pool (getSqrtRatioAtTick(MIN_TICK) and
 * getSqrtRatioAtTick(MAX_TICK)), X96. core/curve.test.ts checks them against @uniswap/v3-core's TickMath.sol. */
export const MIN_TICK = -887272;
export const MAX_TICK = 887272;
export const MIN_SQRT_RATIO = 4295128739n;
export const MAX_SQRT_RATIO = 1461446703485210103287273052203988822378723970342n;

/** A pool type's parameters, as ILaunchpad.PoolTypeParams. */
export type PoolTypeParams = {
  /** Reserve weight in ppm; only 500_000 is supported. */
  weightPpm: number;
  /** S0, token wei. */
  virtualSupply: bigint;
  /** R0, USDC base units. */
  virtualReserve: bigint;
  /** Curve supply at graduation, token wei. */
  migrationSupply: bigint;
  /** Tokens seeded into Uniswap V3 at graduation, token wei. */
  dexSupply: bigint;
  /** USDC seeded into Uniswap V3 at graduation, USDC base units. */
  dexReserve: bigint;
  tradeFeeBps: number;
  creatorShareBps: number;
  /** Uniswap V3 fee tier, hundredths of a bip. */
  dexFeeTier: number;
  /** The curve fee at the token's creation, bps, falling to tradeFeeBps over launchFeeSeconds (core/fees.ts
   * feeBpsAt); 0 with launchFeeSeconds 0 for none. */
  launchFeeBps: number;
  launchFeeSeconds: number;
};

/** A curve quote, as ILaunchpad.CurveQuote. */
export type CurveQuote = {
  /** Tokens minted (buy) or burned (sell) on the curve, token wei. */
  tokenAmount: bigint;
  /** USDC taken (buy, gross) or paid out (sell, net), USDC base units. */
  usdcAmount: bigint;
  /** The trade fee, USDC base units. */
  fee: bigint;
  /** Left for Uniswap V3: USDC (buy exact-in) or tokens (buy exact-out). */
  remainder: bigint;
  /** Whether the trade takes the curve to its migration supply. */
  graduates: boolean;
};

function checked(x: bigint): bigint {
  if (x > MAX_UINT256) throw new CurveMathError("Overflow");
  if (x < 0n) throw new CurveMathError("Underflow");
  return x;
}

/** floor(x·y/d) over 512 bits, as solady's fullMulDiv: reverts when d is 0 or the result exceeds 256 bits. */
export function fullMulDiv(x: bigint, y: bigint, d: bigint): bigint {
  if (d === 0n) throw new CurveMathError("DivisionByZero");
  return checked((x * y) / d);
}

/** ceil(x·y/d) over 512 bits, as solady's fullMulDivUp. */
export function fullMulDivUp(x: bigint, y: bigint, d: bigint): bigint {
  if (d === 0n) throw new CurveMathError("DivisionByZero");
  const p = x * y;
  return checked(p / d + (p % d === 0n ? 0n : 1n));
}

/** ceil(x·y/d), as solady's mulDivUp: reverts when x·y exceeds 256 bits. */
export function mulDivUp(x: bigint, y: bigint, d: bigint): bigint {
  checked(x * y);
  return fullMulDivUp(x, y, d);
}

/** floor(√x). */
export function sqrt(x: bigint): bigint {
  if (x < 0n) throw new CurveMathError("Underflow");
  if (x < 2n) return x;
  // Integer Newton decreases monotonically to ⌊√x⌋ from any start at or above it; a float estimate padded
  // upwards is such a start and leaves only a few iterations.
  let z = BigInt(Math.ceil(Math.sqrt(Number(x)) * (1 + 1e-9))) + 1n;
  for (;;) {
    const next = (z + x / z) >> 1n;
    if (next >= z) break;
    z = next;
  }
  while (z * z > x) z -= 1n;
  while ((z + 1n) * (z + 1n) <= x) z += 1n;
  return z;
}

/** Virtual reserve at virtual supply S: ceil(R0·S²/S0²), USDC base units. */
export function reserveAt(S: bigint, S0: bigint, R0: bigint): bigint {
  return fullMulDivUp(R0, checked(S * S), checked(S0 * S0));
}

/** Largest virtual supply whose reserveAt is at most Rv: isqrt(floor(Rv·S0²/R0)), token wei. */
export function supplyAt(Rv: bigint, S0: bigint, R0: bigint): bigint {
  return sqrt(fullMulDiv(Rv, checked(S0 * S0), R0));
}

/** USDC the curve must hold at curve supply s, USDC base units, rounded up. */
export function cost(p: PoolTypeParams, s: bigint): bigint {
  return reserveAt(checked(p.virtualSupply + s), p.virtualSupply, p.virtualReserve) - p.virtualReserve;
}

/** Fee on a gross USDC amount, rounded up. */
export function feeOf(gross: bigint, feeBps: number | bigint): bigint {
  return mulDivUp(gross, BigInt(feeBps), BPS);
}

/** Smallest gross g with g − feeOf(g) ≥ net. */
export function grossUp(net: bigint, feeBps: number | bigint): bigint {
  return mulDivUp(net, BPS, BPS - BigInt(feeBps));
}

/** Buy with an exact USDC amount (fee included); the part beyond the migration supply is `remainder` (USDC). */
export function buyExactIn(p: PoolTypeParams, s: bigint, usdcIn: bigint): CurveQuote {
  const net = usdcIn - feeOf(usdcIn, p.tradeFeeBps);
  const costNow = cost(p, s);
  const toMigration = checked(cost(p, p.migrationSupply) - costNow);
  if (net >= toMigration) {
    const usdcAmount = grossUp(toMigration, p.tradeFeeBps);
    return {
      tokenAmount: checked(p.migrationSupply - s),
      usdcAmount,
      fee: usdcAmount - toMigration,
      remainder: usdcIn - usdcAmount,
      graduates: true,
    };
  }
  const S = p.virtualSupply + s;
  const newS = supplyAt(checked(costNow + p.virtualReserve + net), p.virtualSupply, p.virtualReserve);
  return { tokenAmount: checked(newS - S), usdcAmount: usdcIn, fee: usdcIn - net, remainder: 0n, graduates: false };
}

/** Buy an exact token amount; the part beyond the migration supply is `remainder` (tokens). */
export function buyExactOut(p: PoolTypeParams, s: bigint, tokensOut: bigint): CurveQuote {
  let onCurve = tokensOut;
  let remainder = 0n;
  let graduates = false;
  if (checked(s + tokensOut) >= p.migrationSupply) {
    onCurve = checked(p.migrationSupply - s);
    remainder = tokensOut - onCurve;
    graduates = true;
  }
  const net = checked(cost(p, s + onCurve) - cost(p, s));
  const usdcAmount = grossUp(net, p.tradeFeeBps);
  return { tokenAmount: onCurve, usdcAmount, fee: usdcAmount - net, remainder, graduates };
}

/** Sell an exact token amount; `usdcAmount` is what the seller receives after the fee. */
export function sellExactIn(p: PoolTypeParams, s: bigint, tokensIn: bigint): CurveQuote {
  if (tokensIn > s) throw new CurveMathError("InsufficientReserve", "more tokens than the curve supply");
  const gross = cost(p, s) - cost(p, s - tokensIn);
  const fee = feeOf(gross, p.tradeFeeBps);
  return { tokenAmount: tokensIn, usdcAmount: gross - fee, fee, remainder: 0n, graduates: false };
}

/** Sell for an exact USDC amount after the fee; `tokenAmount` is the fewest tokens that pay for it. */
export function sellExactOut(p: PoolTypeParams, s: bigint, usdcOut: bigint): CurveQuote {
  const gross = grossUp(usdcOut, p.tradeFeeBps);
  const costNow = cost(p, s);
  if (gross > costNow) throw new CurveMathError("InsufficientReserve", "more USDC than the curve holds");
  const newS = supplyAt(costNow + p.virtualReserve - gross, p.virtualSupply, p.virtualReserve);
  return {
    tokenAmount: p.virtualSupply + s - newS,
    usdcAmount: usdcOut,
    fee: gross - usdcOut,
    remainder: 0n,
    graduates: false,
  };
}

/** Marginal price at curve supply s, USD per whole token with 18 decimals (1e18 = $1), rounded down. */
export function price(p: PoolTypeParams, s: bigint): bigint {
  const S0 = p.virtualSupply;
  return fullMulDiv(checked(2n * p.virtualReserve * PRICE_SCALE), S0 + s, checked(S0 * S0));
}

/** Curve supply times price, USDC base units, rounded down. */
export function marketCap(p: PoolTypeParams, s: bigint): bigint {
  return marketCapAt(price(p, s), s);
}

/** Supply (token wei) times a price (18-decimal USD per token), in USDC base units, rounded down. */
export function marketCapAt(price18: bigint, supply: bigint): bigint {
  return fullMulDiv(price18, supply, PRICE_SCALE);
}

/** Curve supply over migration supply, bps (0 to 10_000), rounded down. */
export function progressBps(p: PoolTypeParams, s: bigint): bigint {
  return s >= p.migrationSupply ? BPS : (s * BPS) / p.migrationSupply;
}

/** The curve's exact final price as num/den USDC base units per token wei. */
export function finalPrice(p: PoolTypeParams): { num: bigint; den: bigint } {
  const S0 = p.virtualSupply;
  return { num: 2n * p.virtualReserve * (S0 + p.migrationSupply), den: S0 * S0 };
}

/** sqrtPriceX96 for num/den USDC base units per token wei, rounded down (PriceMath.sqrtPriceX96). */
export function sqrtPriceX96(num: bigint, den: bigint, usdcIsToken0: boolean): bigint {
  const ratioX192 = usdcIsToken0 ? fullMulDiv(den, Q192, num) : fullMulDiv(num, Q192, den);
  return sqrt(ratioX192);
}

/** Price in USD per whole token with 18 decimals at a V3 sqrtPriceX96, rounded down (PriceMath.priceFromSqrt). */
export function priceFromSqrt(sqrtP: bigint, usdcIsToken0: boolean): bigint {
  if (sqrtP === 0n) return 0n;
  if (usdcIsToken0) return fullMulDiv(fullMulDiv(Q96, PRICE_SCALE, sqrtP), Q96, sqrtP);
  return fullMulDiv(fullMulDiv(sqrtP, sqrtP, Q96), PRICE_SCALE, Q96);
}

/** Whether USDC sorts before the token in a V3 pool (addresses compared as numbers). */
export function isUsdcToken0(usdc: string, token: string): boolean {
  return BigInt(usdc) < BigInt(token);
}
