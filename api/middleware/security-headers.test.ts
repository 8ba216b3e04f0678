import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaders, setHeaderEarly } from "./security-headers.js";

/** An app with a plain route, a route with its own CSP, a streamed body and an error. */
function app() {
  const a = new Hono();
  a.use("*", securityHeaders({ contentSecurityPolicy: { defaultSrc: ["'none'"] }, xFrameOptions: "DENY" }));
  a.use("/early/*", async (c, next) => {
    setHeaderEarly(c, "X-RateLimit-Limit", "3");
    await next();
  });
  a.get("/plain", (c) => c.json({ ok: true }));
  a.get("/early/kept", (c) => c.json({ ok: true }));
  a.get("/early/own", (c) => c.json({ ok: true }, 200, { "X-RateLimit-Limit": "4" }));
  a.get("/own", (c) =>
    c.body("own", 200, {
      "content-type": "text/plain",
      "content-security-policy": "default-src 'self'",
      "x-frame-options": "SAMEORIGIN",
    }),
  );
  a.get("/stream", (c) => c.body(new Blob(["streamed"]).stream(), 200, { "content-type": "text/plain" }));
  a.get("/error", () => {
    throw new Error("boom");
  });
  a.onError((_, c) => c.json({ success: false }, 500));
  return a;
}

/** A response's headers, without those Node or Hono add whatever the middleware does. */
const headersOf = (res: Response) =>
  Object.fromEntries(
    [...res.headers.entries()].filter(
      ([name]) => !["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name),
    ),
  );

describe("securityHeaders", () => {
  let url: string;
  let close: () => void;
  beforeAll(async () => {
    await new Promise<void>((ready) => {
      const server = serve({ fetch: app().fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) => {
        url = `http://127.0.0.1:${info.port}`;
        ready();
      });
      close = () => server.close();
    });
  });
  afterAll(() => close?.());

  it.each(["/plain", "/own", "/stream", "/error", "/early/kept", "/early/own"])(
    "sends over HTTP the headers it sets in process: %s",
    async (path) => {
      const inProcess = await app().request(path);
      const overHttp = await fetch(`${url}${path}`);
      expect(overHttp.status).toBe(inProcess.status);
      expect(headersOf(overHttp)).toEqual(headersOf(inProcess));
      expect(await overHttp.text()).toBe(await inProcess.text());
    },
  );

  it("keeps a header the handler set itself, and sets the rest", async () => {
    const res = await fetch(`${url}/own`);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'self'");
    expect(res.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${url}/early/kept`)).headers.get("x-ratelimit-limit")).toBe("3");
    expect((await fetch(`${url}/early/own`)).headers.get("x-ratelimit-limit")).toBe("4");
    const plain = await fetch(`${url}/plain`);
    expect(plain.headers.get("content-security-policy")).toBe("default-src 'none'");
    expect(plain.headers.get("x-frame-options")).toBe("DENY");
  });
});
