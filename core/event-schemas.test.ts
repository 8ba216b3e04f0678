import { describe, expect, it } from "vitest";
import { eventIssues, webhookBodyIssues } from "./event-schemas.js";
import type { StreamEvent } from "./events.js";
import { eventWebhookBody, testWebhookBody } from "./webhooks.js";

const trade = {
  seq: 8,
  kind: "trade",
  chainId: 84532,
  block: { number: 37, hash: `0x${"81".repeat(32)}` },
  removes: null,
  data: {
    fees: { builder: "0", creator: "3", protocol: "6", referral: "2" },
    mode: "buy_exact_in",
    pool: {
      price: "10000010349994",
      supply: "103499946438805435822",
      v3Pool: null,
      reserve: "1035",
      graduated: false,
      marketCap: "1035",
      progressBps: 0,
    },
    side: "buy",
    price: "10000010349994",
    token: `0x${"36".repeat(20)}`,
    venue: "bonding_curve",
    trader: `0x${"de".repeat(20)}`,
    txHash: `0x${"c6".repeat(32)}`,
    builder: `0x${"00".repeat(20)}`,
    chainId: 84532,
    tokenId: null,
    logIndex: 24,
    referral: `0x${"b7".repeat(20)}`,
    timestamp: 1795972920,
    usdcAmount: "1046",
    tokenAmount: "103499946438805435822",
  },
  createdAt: "2026-11-29T17:22:01.049Z",
};

describe("eventIssues", () => {
  it("accepts an event as the log delivers it", () => {
    expect(eventIssues(trade)).toEqual([]);
    const removed = { ...trade, seq: 9, kind: "removed", removes: 8, data: { seq: 8, kind: "trade" } };
    expect(eventIssues(removed)).toEqual([]);
  });

  it("names what drifted: a field added or dropped, an amount that is not base units, a kind it does not know", () => {
    expect(eventIssues({ ...trade, data: { ...trade.data, extra: 1 } })).toEqual(['data: Unrecognized key: "extra"']);
    const { usdcAmount: _, ...dropped } = trade.data;
    expect(eventIssues({ ...trade, data: dropped })).toEqual([
      "data.usdcAmount: Invalid input: expected string, received undefined",
    ]);
    expect(eventIssues({ ...trade, data: { ...trade.data, usdcAmount: "10.46" } })).toEqual([
      "data.usdcAmount: a decimal string of base units",
    ]);
    expect(eventIssues({ ...trade, kind: "trades" })).toHaveLength(1);
    // An app event carries no chain or block.
    expect(eventIssues({ ...trade, kind: "intent" }).length).toBeGreaterThan(0);
  });
});

describe("webhookBodyIssues", () => {
  it("accepts the bodies the worker sends: an event's, and a test's", () => {
    expect(webhookBodyIssues(eventWebhookBody(trade as StreamEvent))).toEqual([]);
    expect(webhookBodyIssues(testWebhookBody("0b8e9b7c-4b7e-4d0c-9a51-6a1f0c1d2e3f", new Date()))).toEqual([]);
  });

  it("refuses a body whose type and event disagree, or an unknown type", () => {
    expect(webhookBodyIssues({ ...eventWebhookBody(trade as StreamEvent), type: "event.vote" }).length).toBeGreaterThan(
      0,
    );
    expect(webhookBodyIssues({ type: "event.nothing" })).toEqual(["type: not a delivery type (event.nothing)"]);
  });
});
