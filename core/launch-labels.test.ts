import { describe, expect, it } from "vitest";
import { labelBefore, labelChanges, sellerRole, type ToldLabel } from "./launch-labels.js";
import type { Label } from "./launch-report.js";

const A = "0x00000000000000000000000000000000000000a1";
const B = "0x00000000000000000000000000000000000000b2";
const C = "0x00000000000000000000000000000000000000c3";

const sniped = (addresses: string[], held = 10): Label => ({
  label: "sniped",
  rule: "a first buy at most 1 block(s) after the creation block",
  addresses,
  figures: { wallets: addresses.length, held_pct: held },
});

describe("labelChanges", () => {
  it("raises a label the log has not told, with no previous wallets", () => {
    expect(labelChanges([], [sniped([A])])).toEqual([
      {
        label: "sniped",
        change: "raised",
        rule: sniped([A]).rule,
        addresses: [A],
        previous: [],
        figures: { wallets: 1, held_pct: 10 },
      },
    ]);
  });

  it("tells nothing when only the figures moved, and tells an update when the wallets did, in any order", () => {
    expect(labelChanges([sniped([A, B], 10)], [sniped([B, A], 3)])).toEqual([]);
    const [change] = labelChanges([sniped([A])], [sniped([A, B])]);
    expect(change).toMatchObject({ change: "updated", addresses: [A, B], previous: [A] });
  });

  it("tells concentrated's raising and withdrawal, not its top ten changing", () => {
    const top = (addresses: string[]): Label => ({ label: "concentrated", rule: "top ten", addresses, figures: {} });
    expect(labelChanges([top([A])], [top([A, B])])).toEqual([]);
    expect(labelChanges([], [top([A])]).map((c) => c.change)).toEqual(["raised"]);
  });

  it("withdraws a label no longer raised, with the figures last told", () => {
    const told: ToldLabel = sniped([A], 7);
    expect(labelChanges([told], [])).toEqual([
      { label: "sniped", change: "withdrawn", rule: told.rule, addresses: [], previous: [A], figures: told.figures },
    ]);
  });

  it("puts a label back as it was before a removed event", () => {
    for (const [told, now] of [
      [[], [sniped([A])]],
      [[sniped([A])], [sniped([A, B])]],
      [[sniped([A])], []],
    ] as [ToldLabel[], Label[]][]) {
      for (const change of labelChanges(told, now)) {
        const before = labelBefore(change);
        expect(before?.addresses ?? []).toEqual(told[0]?.addresses ?? []);
      }
    }
  });
});

describe("sellerRole", () => {
  const report = {
    creator: { address: A, held: 0n, wallets: [{ address: B, funded: 1n, fundedNative: 0n, held: 0n }], sells: [] },
    bundles: [{ wallets: [C], sources: [], bought: 0n, held: 0n }],
  };
  it("names the creator, its wallets and bundles' wallets, whatever the case, and no one else", () => {
    expect(sellerRole(report, A.toUpperCase().replace("0X", "0x"))).toBe("creator");
    expect(sellerRole(report, B)).toBe("creator_wallet");
    expect(sellerRole(report, C)).toBe("bundle");
    expect(sellerRole(report, "0x00000000000000000000000000000000000000d4")).toBeNull();
  });
});
