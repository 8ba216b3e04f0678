import { describe, expect, it } from "vitest";
import { TEXT_RULE, text, url } from "./schemas.js";

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("text", () => {
  it("test_text_keepsTabLineBreaksAndPairedSurrogates", () => {
    const kept = "line one\n\tline two\r\n🚀 é";
    expect(text(100).parse(kept)).toBe(kept);
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["a C0 control", "bell\u0007"],
    ["escape", "\u001b[31m"],
    ["vertical tab", "a\u000bb"],
    ["a lone high surrogate", "a\ud800"],
    ["a lone low surrogate", "\udc00a"],
    ["reversed surrogates", "\ude80\ud83d"],
  ])("test_text_revertsIf%s", (_, value) => {
    expect(issues(text(100).safeParse(value))).toEqual([TEXT_RULE]);
  });

  it("test_text_revertsIfOverItsMaximum_withoutReadingTheText", () => {
    expect(text(3).parse("abc")).toBe("abc");
    expect(issues(text(3).safeParse("ab\u0000d"))).toEqual(["Too big: expected string to have <=3 characters"]);
  });

  it("test_text_withoutAMaximum_stillRefusesInvalidCharacters", () => {
    expect(text().parse("x".repeat(10_000))).toHaveLength(10_000);
    expect(issues(text().safeParse("\u0000"))).toEqual([TEXT_RULE]);
  });
});

describe("url", () => {
  it("test_url_revertsIfItHoldsNUL_orIsOver2048Characters", () => {
    expect(url.parse("https://example.com/a")).toBe("https://example.com/a");
    expect(issues(url.safeParse("https://example.com/\u0000"))).toEqual([TEXT_RULE]);
    expect(issues(url.safeParse(`https://example.com/${"a".repeat(2048)}`))).toEqual([
      "Too big: expected string to have <=2048 characters",
    ]);
  });
});
