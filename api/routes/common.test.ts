import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { jsonOf, jsonResponse } from "./common.js";

describe("jsonResponse", () => {
  const body = {
    success: true,
    tokens: [{ id: "a", price: 0.1, name: 'quote " and \u2028' }],
    total: 3,
    missing: undefined,
    method: () => 1,
    freshness: { indexed_block: 7, chain_head: null },
  };

  it("sends the bytes and headers c.json sends, with serialised members put in as they are", async () => {
    const app = new Hono();
    app.get("/json", (c) => c.json(body, 200));
    app.get("/parts", (c) => jsonResponse(c, { ...body, tokens: jsonOf(body.tokens) }));
    const [json, parts] = await Promise.all([app.request("/json"), app.request("/parts")]);
    expect(parts.status).toBe(200);
    expect(parts.headers.get("content-type")).toBe(json.headers.get("content-type"));
    expect(await parts.text()).toBe(await json.text());
  });

  it("serialises an object once, and again for another object", () => {
    const tokens = [{ id: "a" }];
    const first = jsonOf(tokens);
    expect(jsonOf(tokens)).toBe(first);
    expect(first.text).toBe('[{"id":"a"}]');
    expect(jsonOf([{ id: "a" }])).not.toBe(first);
  });
});
