import { describe, expect, it } from "vitest";
import {
  type Attribution,
  effectiveAttribution,
  feeBpsAt,
  launchFeeAt,
  launchPart,
  noAttribution,
  splitFee,
  splitFeeFor,
} from "./fees.js";

const A = "0x00000000000000000000000000000000000000a1" as const;
const B = "0x00000000000000000000000000000000000000b2" as const;
const T = "0x00000000000000000000000000000000000000c3" as const;
const ZERO = noAttribution.builder;

describe("splitFee", () => {
  it("takes creator and referral off the whole fee, caps the builder at what is left, gives the protocol the rest", () => {
    // fee 1_000_001, base 100_000_000: creator 30% = 300_000, referral 20% = 200_000, builder 25 bps = 250_000.
    expect(splitFee(1_000_001n, 100_000_000n, 25, true, 3_000)).toEqual({
      creator: 300_000n,
      referral: 200_000n,
      builder: 250_000n,
      protocol: 250_001n,
      launch: 0n,
    });
    // A builder fee larger than the room left is capped at it: the protocol gets nothing, the creator keeps its share.
    expect(splitFee(1_000n, 10_000_000n, 50, true, 4_000)).toEqual({
      creator: 400n,
      referral: 200n,
      builder: 400n,
      protocol: 0n,
      launch: 0n,
    });
  });

  it("never changes the creator's share and always adds up to the fee", () => {
    for (const fee of [0n, 1n, 7n, 999n, 123_456_789n]) {
      for (const [bps, ref] of [
        [0, false],
        [50, true],
        [13, false],
      ] as const) {
        const s = splitFee(fee, fee * 100n, bps, ref, 3_000);
        expect(s.creator).toBe((fee * 3_000n) / 10_000n);
        expect(s.protocol + s.creator + s.referral + s.builder).toBe(fee);
        expect(s.protocol >= 0n).toBe(true);
      }
    }
  });

  it("pays no builder fee without a builder, and no referral without one (splitFeeFor)", () => {
    const a: Attribution = { builder: ZERO, builderFeeBps: 50, referral: ZERO };
    expect(splitFeeFor(10_000n, 1_000_000n, a, 3_000)).toEqual(splitFee(10_000n, 1_000_000n, 0, false, 3_000));
  });
});

describe("effectiveAttribution", () => {
  const base = { trader: T, tokenReferral: ZERO, builderMaxFeeBps: 30, referralApproved: true, creating: true };

  it("passes an approved builder within its maximum and fixes the referral its creator names", () => {
    const requested = { builder: A, builderFeeBps: 30, referral: B };
    expect(effectiveAttribution({ ...base, requested })).toEqual({
      ok: true,
      attribution: requested,
      setsTokenReferral: true,
    });
  });

  it("refuses what the launchpad reverts on, in its order", () => {
    const run = (requested: Attribution, over: Partial<typeof base> = {}) =>
      effectiveAttribution({ ...base, ...over, requested });
    expect(run({ builder: A, builderFeeBps: 1, referral: ZERO }, { builderMaxFeeBps: 0 })).toMatchObject({
      error: "BuilderNotApproved",
    });
    expect(run({ builder: A, builderFeeBps: 31, referral: ZERO })).toMatchObject({ error: "BuilderFeeTooHigh" });
    expect(run({ builder: T, builderFeeBps: 1, referral: ZERO })).toMatchObject({
      error: "SelfAttribution",
      field: "builder",
    });
    expect(run({ ...noAttribution, referral: B }, { referralApproved: false })).toMatchObject({
      error: "ReferrerNotApproved",
    });
    expect(run({ ...noAttribution, referral: T })).toMatchObject({ error: "SelfAttribution", field: "referral" });
  });

  it("ignores a trade's referral, with or without a token referral, and pays none on the referral's own trades", () => {
    for (const tokenReferral of [A, ZERO]) {
      expect(
        effectiveAttribution({
          ...base,
          creating: false,
          tokenReferral,
          referralApproved: false,
          requested: { ...noAttribution, referral: B },
        }),
      ).toEqual({ ok: true, attribution: { ...noAttribution, referral: tokenReferral }, setsTokenReferral: false });
    }
    expect(
      effectiveAttribution({ ...base, creating: false, trader: A, tokenReferral: A, requested: noAttribution }),
    ).toEqual({
      ok: true,
      attribution: noAttribution,
      setsTokenReferral: false,
    });
  });
});

describe("the launch fee", () => {
  const meme = { tradeFeeBps: 100, launchFeeBps: 8_000, launchFeeSeconds: 30 };

  it("falls in a straight line from the start to the trade fee over the window, rounded up, and stays there", () => {
    expect(feeBpsAt(meme, 0n)).toBe(8_000);
    // 100 + ceil(7_900 · 29 / 30) = 100 + ceil(7_636.67)
    expect(feeBpsAt(meme, 1n)).toBe(7_737);
    expect(feeBpsAt(meme, 15n)).toBe(4_050);
    expect(feeBpsAt(meme, 29n)).toBe(364);
    expect(feeBpsAt(meme, 30n)).toBe(100);
    expect(feeBpsAt(meme, 10_000n)).toBe(100);
    let before = Number.POSITIVE_INFINITY;
    for (let t = 0n; t <= 31n; t++) {
      const bps = feeBpsAt(meme, t);
      expect(bps).toBeLessThanOrEqual(before);
      expect(bps).toBeGreaterThanOrEqual(100);
      before = bps;
    }
  });

  it("is the trade fee for a type without one", () => {
    expect(feeBpsAt({ tradeFeeBps: 150, launchFeeBps: 0, launchFeeSeconds: 0 }, 0n)).toBe(150);
    expect(launchFeeAt({ tradeFeeBps: 150, launchFeeBps: 0, launchFeeSeconds: 0 }, 1_000n, 1_000n)).toBeNull();
  });

  it("counts a time before the token's creation as its creation (a head older than a pool read from the chain)", () => {
    // The API's last head can be older than a pool it read from the chain: the trade still lands after creation.
    expect(feeBpsAt({ tradeFeeBps: 150, launchFeeBps: 0, launchFeeSeconds: 0 }, -12n)).toBe(150);
    expect(feeBpsAt(meme, -12n)).toBe(feeBpsAt(meme, 0n));
  });

  it("gives the part above the trade fee to the protocol alone, and splits only the rest", () => {
    // a fee of 8,000 charged at 80% where the trade fee is 1%: 7,900/8,000 of it is the launch part
    expect(launchPart(8_000n, 8_000, 100)).toBe(7_900n);
    expect(launchPart(8_000n, 100, 100)).toBe(0n);
    const a: Attribution = { builder: A, builderFeeBps: 50, referral: B };
    const s = splitFeeFor(8_000n, 10_000n, a, 3_000, { feeBps: 8_000, tradeFeeBps: 100 });
    expect(s.launch).toBe(7_900n);
    expect(s).toEqual({ ...splitFeeFor(100n, 10_000n, a, 3_000), launch: 7_900n });
    expect(s.protocol + s.creator + s.referral + s.builder + s.launch).toBe(8_000n);
  });

  it("names its schedule: the fee now, the trade fee, and when it ends", () => {
    expect(launchFeeAt(meme, 1_000n, 1_015n)).toEqual({
      at: 1_015n,
      bpsNow: 4_050,
      baseBps: 100,
      startBps: 8_000,
      startsAt: 1_000n,
      endsAt: 1_030n,
    });
  });
});
