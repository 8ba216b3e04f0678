import { describe, expect, it } from "vitest";
import { isHashtag, normalizeHashtag, SLUG_MAX, slugify } from "./text.js";

describe("slugify", () => {
  it("folds accents, lowercases and joins words with single hyphens", () => {
    expect(slugify("  Crème Brûlée -- Coin!! ")).toBe("creme-brulee-coin");
    expect(slugify("日本語")).toBe("token");
  });

  it("caps at SLUG_MAX characters without a trailing hyphen, whichever endpoint asks", () => {
    // creation capped at 60 and the on-chain backfill at 48: the same name gave two slugs
    const name = `${"a".repeat(59)} bcd`;
    expect(SLUG_MAX).toBe(60);
    expect(slugify(name)).toBe("a".repeat(59));
    expect(slugify("x".repeat(100))).toHaveLength(60);
  });
});

describe("normalizeHashtag", () => {
  it("strips every leading '#', trims and lowercases", () => {
    // tag-coin stripped one '#', so '##Frog' was stored as '#frog' and never matched
    expect(normalizeHashtag("  ##Frog ")).toBe("frog");
    expect(normalizeHashtag("#MemeSeason")).toBe("memeseason");
  });

  it("isHashtag accepts 1–50 letters, digits or underscores", () => {
    expect(isHashtag("frog_2")).toBe(true);
    expect(isHashtag("élan")).toBe(true);
    expect(isHashtag("")).toBe(false);
    expect(isHashtag("two words")).toBe(false);
    expect(isHashtag("a".repeat(51))).toBe(false);
  });
});
