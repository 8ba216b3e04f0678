/**
 * The fee split of one trade and the attribution rules, as contracts/src/libraries/FeeMath.sol and
 * Launchpad._attribution. USDC base units throughout, shares in bps, every share rounded down.
 *
 * Launch fee: in the seconds after a token's creation a curve trade pays more than the trade fee (feeBpsAt); what it
 * pays above it (launchPart) goes to the protocol alone, and only the rest is split, so nobody gets any of it back.
 *
 * Split: the creator gets floor(fee · creatorShareBps / BPS) whatever the attribution, so attribution never shrinks
 * its reward; the token's referral (when paid) floor(fee · REFERRAL_SHARE_BPS / BPS) of the whole fee; the builder
 * floor(base · builderFeeBps / BPS), capped at what is left; the protocol keeps the rest. The parts add up to the fee
 * exactly, so attribution never changes what the trader pays: it is paid out of the protocol's part.
 *
 * Attribution: nobody can pay a share to itself. A builder must be approved by the owner with a maximum fee
 * (setBuilder) and may not be the trader. A token's referral is an approved referrer (setReferrer) named by its creator
 * in createToken, permanent; a trade's referral is ignored (a dust trade could take an unreferred token's referral),
 * and the referral is paid nothing on its own trades.
 */
import { BPS } from "./curve.js";

/** The most the owner may approve for a builder, in bps of a trade's USDC amount (Launchpad.MAX_BUILDER_FEE_BPS). */
export const MAX_BUILDER_FEE_BPS = 50;
/** The token referral's share of each fee, in bps of the whole fee (Launchpad.REFERRAL_SHARE_BPS). */
export const REFERRAL_SHARE_BPS = 2_000;
export const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000" as const;

export type Attribution = { builder: `0x${string}`; builderFeeBps: number; referral: `0x${string}` };
/** The parts of one fee, adding up to it. `launch` is what a trade in the launch window pays above the trade fee. */
export type FeeSplit = { protocol: bigint; creator: bigint; referral: bigint; builder: bigint; launch: bigint };

export const noAttribution: Attribution = { builder: ZERO_ADDRESS, builderFeeBps: 0, referral: ZERO_ADDRESS };

const isZero = (a: string) => BigInt(a) === 0n;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Split `fee` of a trade whose USDC side is `base`, both in USDC base units, as FeeMath.split: creator and referral
 * off the whole fee, the builder (bps of `base`) capped at what is left, the protocol the rest; all rounded down.
 * `builderFeeBps` is zero when no builder is paid; `payReferral` whether a referral is paid on this trade.
 */
export function splitFee(
  fee: bigint,
  base: bigint,
  builderFeeBps: number,
  payReferral: boolean,
  creatorShareBps: number,
  referralShareBps: number = REFERRAL_SHARE_BPS,
): FeeSplit {
  const creator = (fee * BigInt(creatorShareBps)) / BPS;
  const referral = payReferral ? (fee * BigInt(referralShareBps)) / BPS : 0n;
  const room = fee - creator - referral;
  let builder = (base * BigInt(builderFeeBps)) / BPS;
  if (builder > room) builder = room;
  return { protocol: room - builder, creator, referral, builder, launch: 0n };
}

/**
 * splitFee under an effective attribution (as a Trade event carries it): builder fee only with a builder. A fee
 * charged at `feeBps` above the pool's `tradeFeeBps` (the launch window) first gives its launch part to the protocol
 * alone (launchPart), as Launchpad._accrue; the rest splits as any fee.
 */
export function splitFeeFor(
  fee: bigint,
  base: bigint,
  a: Attribution,
  creatorShareBps: number,
  rates: { feeBps: number; tradeFeeBps: number } = { feeBps: 0, tradeFeeBps: 0 },
): FeeSplit {
  const launch = launchPart(fee, rates.feeBps, rates.tradeFeeBps);
  const split = splitFee(
    fee - launch,
    base,
    isZero(a.builder) ? 0 : a.builderFeeBps,
    !isZero(a.referral),
    creatorShareBps,
  );
  return { ...split, launch };
}

/** What the launch fee's schedule needs of a pool type (ILaunchpad.PoolTypeParams). */
export type LaunchFeeParams = { tradeFeeBps: number; launchFeeBps: number; launchFeeSeconds: number };

/**
 * A curve trade's fee in bps `elapsed` seconds after its token's creation, as FeeMath.feeBpsAt: launchFeeBps at
 * creation, falling in a straight line to tradeFeeBps at launchFeeSeconds, rounded up; tradeFeeBps from then on.
 * A negative `elapsed` counts as 0: no trade lands before its token's creation (on chain elapsed is unsigned), but
 * the head a quote's time comes from can be older than a pool read from the chain.
 */
export function feeBpsAt(p: LaunchFeeParams, elapsed: bigint): number {
  const window = BigInt(p.launchFeeSeconds);
  const since = elapsed < 0n ? 0n : elapsed;
  if (since >= window) return p.tradeFeeBps;
  const drop = BigInt(p.launchFeeBps - p.tradeFeeBps);
  return p.tradeFeeBps + Number((drop * (window - since) + window - 1n) / window);
}

/** The launch part of a fee charged at `feeBps` where the trade fee is `tradeFeeBps`, as FeeMath.launchPart. */
export function launchPart(fee: bigint, feeBps: number, tradeFeeBps: number): bigint {
  if (feeBps <= tradeFeeBps) return 0n;
  return (fee * BigInt(feeBps - tradeFeeBps)) / BigInt(feeBps);
}

/**
 * The launch fee of a token created at `createdAt` (unix seconds), at `at`: the fee in bps then, the pool type's
 * trade fee it falls to, the schedule's start and when it ends (unix seconds). Null for a type without one.
 */
export function launchFeeAt(p: LaunchFeeParams, createdAt: bigint, at: bigint) {
  if (p.launchFeeSeconds === 0) return null;
  return {
    at,
    bpsNow: feeBpsAt(p, at - createdAt),
    baseBps: p.tradeFeeBps,
    startBps: p.launchFeeBps,
    startsAt: createdAt,
    endsAt: createdAt + BigInt(p.launchFeeSeconds),
  };
}

/** Why the launchpad would revert an attribution, named after its custom error. */
export type AttributionError = "BuilderNotApproved" | "BuilderFeeTooHigh" | "ReferrerNotApproved" | "SelfAttribution";

export type EffectiveAttributionParameters = {
  /** What the call names. */
  requested: Attribution;
  /** The caller (msg.sender): the trader or the token's creator. */
  trader: string;
  /** The token's referral so far (zero address for none, and for a token not created yet). */
  tokenReferral: string;
  /** The call is createToken, whose referral becomes the token's; a trade's named referral is ignored. */
  creating: boolean;
  /** The requested builder's approved maximum fee in bps; 0 when it is not approved. */
  builderMaxFeeBps: number;
  /** Whether the requested referral is an approved referrer. */
  referralApproved: boolean;
};

export type EffectiveAttributionReturnType =
  | { ok: true; attribution: Attribution; setsTokenReferral: boolean }
  | { ok: false; error: AttributionError; field: "builder" | "referral" };

/**
 * The attribution a call is paid under, as Launchpad._attribution, checked in the contract's order: the builder
 * (approved, within its maximum, not the caller), then the referral, which only createToken names (approved, not the
 * caller; the token's for good), a trade's being ignored. The effective referral is the token's referral unless the
 * caller is that referral.
 */
export function effectiveAttribution(p: EffectiveAttributionParameters): EffectiveAttributionReturnType {
  const { requested: a, trader } = p;
  const attribution: Attribution = { ...noAttribution };
  if (!isZero(a.builder)) {
    if (p.builderMaxFeeBps === 0) return { ok: false, error: "BuilderNotApproved", field: "builder" };
    if (a.builderFeeBps > p.builderMaxFeeBps) return { ok: false, error: "BuilderFeeTooHigh", field: "builder" };
    if (same(a.builder, trader)) return { ok: false, error: "SelfAttribution", field: "builder" };
    attribution.builder = a.builder;
    attribution.builderFeeBps = a.builderFeeBps;
  }
  let referral = p.tokenReferral;
  let setsTokenReferral = false;
  if (p.creating && !isZero(a.referral)) {
    if (!p.referralApproved) return { ok: false, error: "ReferrerNotApproved", field: "referral" };
    if (same(a.referral, trader)) return { ok: false, error: "SelfAttribution", field: "referral" };
    referral = a.referral;
    setsTokenReferral = true;
  }
  if (!same(referral, trader)) attribution.referral = referral as `0x${string}`;
  return { ok: true, attribution, setsTokenReferral };
}
