import { describe, expect, it } from "vitest";
import { html, raw, safeUrl } from "./html.js";

describe("html", () => {
  it("escapes every interpolation, in text and in quoted attributes", () => {
    const name = `<script>alert(1)</script>`;
    const title = `" onmouseover="alert(1)`;
    expect(html`<p title="${title}">${name}</p>`.value).toBe(
      `<p title="&quot; onmouseover=&quot;alert(1)">&lt;script&gt;alert(1)&lt;/script&gt;</p>`,
    );
    expect(html`${"'&"}`.value).toBe("&#39;&amp;");
  });

  it("nests templates and arrays without escaping them twice, and renders nothing for null and false", () => {
    const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${raw("<hr>")}`.value).toBe(
      "<ul><li>a&lt;b</li><li>c</li></ul><hr>",
    );
  });
});

describe("safeUrl", () => {
  it("keeps http(s) URLs and same-origin paths, and data:image only where allowed", () => {
    expect(safeUrl("https://example.com/a.png")).toBe("https://example.com/a.png");
    expect(safeUrl("/ipfs/abc")).toBe("/ipfs/abc");
    expect(safeUrl("data:image/png;base64,AAAA")).toBeUndefined();
    expect(safeUrl("data:image/png;base64,AAAA", { allowData: true })).toBe("data:image/png;base64,AAAA");
  });

  it("drops script URLs, protocol-relative URLs and data URLs that are not raster images", () => {
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl(" JavaScript:alert(1)")).toBeUndefined();
    expect(safeUrl("//evil.example/x")).toBeUndefined();
    expect(safeUrl("data:image/svg+xml;base64,PHN2Zz4=", { allowData: true })).toBeUndefined();
    expect(safeUrl("data:text/html,<script>alert(1)</script>", { allowData: true })).toBeUndefined();
  });
});
