/**
 * The fee split of one trade, as contracts/src/libraries/FeeMath.sol. USDC base units throughout.
 * The builder takes builderFeeBps of the trade's USDC side (capped at the fee); of the rest the referral (when set)
 * takes REFERRAL_SHARE_BPS and the creator creatorShareBps; the protocol keeps what remains. The parts add up to the
 * fee exactly, so attribution never changes what the trader pays.
 */
import { BPS } from "./curve.js";

export const MAX_BUILDER_FEE_BPS = 50;
export const REFERRAL_SHARE_BPS = 2_000;
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;

export type Attribution = { builder: `0x${string}`; builderFeeBps: number; referral: `0x${string}` };
export type FeeSplit = { protocol: bigint; creator: bigint; referral: bigint; builder: bigint };

export const noAttribution: Attribution = { builder: ZERO_ADDRESS, builderFeeBps: 0, referral: ZERO_ADDRESS };

/** Split `fee` of a trade whose USDC side is `base`, both in USDC base units; shares round down. */
export function splitFee(
  fee: bigint,
  base: bigint,
  a: Attribution,
  creatorShareBps: number,
  referralShareBps: number = REFERRAL_SHARE_BPS,
): FeeSplit {
  let builder = 0n;
  if (BigInt(a.builder) !== 0n) {
    builder = (base * BigInt(a.builderFeeBps)) / BPS;
    if (builder > fee) builder = fee;
  }
  const rest = fee - builder;
  const referral = BigInt(a.referral) !== 0n ? (rest * BigInt(referralShareBps)) / BPS : 0n;
  const creator = (rest * BigInt(creatorShareBps)) / BPS;
  return { protocol: rest - referral - creator, creator, referral, builder };
}
