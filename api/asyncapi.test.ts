/**
 * The streams' AsyncAPI document is valid AsyncAPI 3 (@asyncapi/parser, no error or warning) and names every event kind
 * and every close code. Its payloads are the JSON Schema of core/event-schemas.ts, which the integration tests hold
 * every event they receive to.
 */
import { Parser } from "@asyncapi/parser";
import { describe, expect, it } from "vitest";
import { EVENT_KINDS } from "../core/events.js";
import { asyncApiDocument } from "./asyncapi.js";
import { CLOSE } from "./streams/subscribe.js";

describe("the AsyncAPI document of /stream", () => {
  const doc = asyncApiDocument("http://127.0.0.1:3000");

  it("is valid AsyncAPI 3, with nothing the parser warns about", async () => {
    const { document, diagnostics } = await new Parser().parse(doc as never);
    // Severity 0 is an error, 1 a warning; 2 (information) says only that 3.1 is out.
    expect(
      diagnostics.filter((d) => d.severity < 2).map((d) => `${d.code}: ${d.message} at ${d.path.join(".")}`),
    ).toEqual([]);
    expect(document).toBeDefined();
    expect(
      document
        ?.channels()
        .all()
        .map((c) => c.address()),
    ).toEqual(["/stream", "/stream"]);
    expect(
      document
        ?.operations()
        .all()
        .map((o) => o.id()),
    ).toEqual(["subscribe", "receiveWebSocket", "receiveSse"]);
  });

  it("has a message for every event kind on both transports, and every close code", () => {
    const ws = Object.keys(doc.channels.websocket.messages);
    const sse = Object.keys(doc.channels.sse.messages);
    for (const kind of EVENT_KINDS) {
      expect(ws).toContain(`event_${kind}`);
      expect(sse).toContain(`sse_${kind}`);
    }
    expect(Object.keys(doc.channels.websocket["x-close-codes"]).map(Number).sort()).toEqual(
      Object.values(CLOSE).sort(),
    );
    expect(ws).toEqual(expect.arrayContaining(["subscribe", "unsubscribe", "auth", "ping", "welcome", "error"]));
  });

  it("serves its hosts from PUBLIC_URL, wss and https behind TLS", () => {
    const secure = asyncApiDocument("https://tokens.example");
    expect(secure.servers).toMatchObject({
      websocket: { host: "tokens.example", protocol: "wss" },
      sse: { host: "tokens.example", protocol: "https" },
    });
  });
});
