/**
 * Display strings of exact amounts. Every function takes base units as a bigint (USDC base units, 6 decimals; token
 * wei and prices in USD per whole token, 18 decimals) and rounds with integer arithmetic, half away from zero, so
 * what a page shows is the indexed integer rounded once, never a float's approximation of it.
 */

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** `value` / 10^decimals rounded half away from zero to `fraction` digits, as [integer digits, fraction digits]. */
function rounded(value: bigint, decimals: number, fraction: number): [string, string] {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  let scaled: bigint;
  if (fraction >= decimals) scaled = abs * 10n ** BigInt(fraction - decimals);
  else {
    const unit = 10n ** BigInt(decimals - fraction);
    scaled = (abs + unit / 2n) / unit;
  }
  const text = scaled.toString().padStart(fraction + 1, "0");
  const int = text.slice(0, text.length - fraction);
  return [(negative && scaled !== 0n ? "-" : "") + int, text.slice(text.length - fraction)];
}

/**
 * A decimal of `value` base units with `decimals` decimals: thousands grouped, rounded to `maxFraction` digits,
 * trailing zeros trimmed down to `minFraction`.
 */
export function formatDecimal(value: bigint, decimals: number, maxFraction: number, minFraction = 0): string {
  const [int, frac] = rounded(value, decimals, maxFraction);
  let f = frac;
  while (f.length > minFraction && f.endsWith("0")) f = f.slice(0, -1);
  return f ? `${group(int)}.${f}` : group(int);
}

/**
 * `value` with `significant` significant digits after the leading zeros of a number below 1 (0.00001234), and at
 * most `significant` fraction digits at or above 1; thousands grouped.
 */
export function formatSignificant(value: bigint, decimals: number, significant = 4): string {
  const abs = value < 0n ? -value : value;
  if (abs === 0n) return "0";
  const one = 10n ** BigInt(decimals);
  if (abs >= one) return formatDecimal(value, decimals, Math.min(significant, decimals), abs >= 1000n * one ? 0 : 2);
  const leadingZeros = decimals - abs.toString().length;
  return formatDecimal(value, decimals, Math.min(leadingZeros + significant, decimals));
}

/** USDC base units as dollars: "$1,234.56" (cents; amounts below a cent keep four significant digits). */
export function formatUsdc(baseUnits: bigint): string {
  const abs = baseUnits < 0n ? -baseUnits : baseUnits;
  const sign = baseUnits < 0n ? "-" : "";
  if (abs > 0n && abs < 10_000n) return `${sign}$${formatSignificant(abs, 6, 4)}`;
  return `${sign}$${formatDecimal(abs, 6, 2, 2)}`;
}

/** A price in USD per whole token with 18 decimals: "$0.00001234", "$1.25". */
export const formatPrice18 = (price: bigint) => `$${formatSignificant(price, 18, 4)}`;

/** Token wei (18 decimals) as whole tokens, at most two fraction digits: "1,234,567.89". */
export const formatTokens = (wei: bigint) => formatDecimal(wei, 18, 2);

/** Basis points as a percentage: 1234 -> "12.34%". */
export const formatBps = (bps: number) => `${formatDecimal(BigInt(bps), 2, 2)}%`;

/** An address shortened for display: 0x1234…abcd. */
export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
