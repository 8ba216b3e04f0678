import { describe, expect, it } from "vitest";
import { requiredLexemes } from "./search.js";

describe("requiredLexemes", () => {
  it.each([
    ["'moon'", ["moon"]],
    ["'chart' & 'inflat'", ["chart", "inflat"]],
    ["'diamond' <-> 'hand'", ["diamond", "hand"]],
    ["'a' <2> 'b' & 'a'", ["a", "b"]],
    ["( 'well-known' <-> 'well' <-> 'known' ) & 'coin'", ["well-known", "well", "known", "coin"]],
    ["'o''reilli' & 'x'", ["o'reilli", "x"]],
    ["'moon':A & 'chart'", ["moon", "chart"]],
  ])("%s requires %j", (tsquery, lexemes) => {
    expect(requiredLexemes(tsquery)).toEqual(lexemes);
  });

  it.each([
    ["", "no lexeme (stop words only)"],
    ["'moon' | 'chart'", "OR"],
    ["'moon' & !'chart'", "NOT"],
    ["!'moon'", "NOT alone"],
    ["'moon':* & 'chart'", "a prefix"],
    ["'back\\\\slash'", "a backslash"],
    ["'a|b' | 'c'", "OR beside a lexeme that holds a bar"],
  ])("%j requires none for sure (%s)", (tsquery) => {
    expect(requiredLexemes(tsquery)).toBeNull();
  });

  it("reads a bar or a bang inside a lexeme as part of it", () => {
    expect(requiredLexemes("'a|b' & 'c!'")).toEqual(["a|b", "c!"]);
  });
});
