import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.js";
import { DEFAULT_WEBHOOK_RETRY_SCHEDULE, eventWebhookBody, parseDurations, testWebhookBody } from "./webhooks.js";

describe("parseDurations", () => {
  it("test_parseDurations_readsEachUnit", () => {
    expect(parseDurations("250ms, 5s,5m,2h")).toEqual([250, 5_000, 300_000, 7_200_000]);
  });

  it("test_parseDurations_revertsIfAnEntryIsNotADuration", () => {
    for (const bad of ["", "5", "5 s", "1.5s", "5d", "-5s", "5s,,5m", "5s;5m"])
      expect(parseDurations(bad), bad).toBeNull();
  });

  it("test_defaultSchedule_retriesForMoreThan24Hours", () => {
    const delays = parseDurations(DEFAULT_WEBHOOK_RETRY_SCHEDULE) ?? [];
    expect(delays).toHaveLength(7);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
    expect(total).toBeGreaterThan(24 * 3_600_000);
    // Exponential-like: no delay shorter than the one before.
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
  });
});

describe("webhook settings", () => {
  it("test_parseEnv_webhookDefaultsAreSafe", () => {
    const e = parseEnv({});
    expect(e.WEBHOOK_ALLOW_PRIVATE).toBe("false");
    expect([e.WEBHOOK_RETRY_SCHEDULE, e.WEBHOOK_TIMEOUT_MS, e.WEBHOOK_DISABLE_AFTER]).toEqual([
      DEFAULT_WEBHOOK_RETRY_SCHEDULE,
      10_000,
      5,
    ]);
  });

  it("test_parseEnv_revertsIfTheScheduleOrTheSettingIsInvalid", () => {
    expect(() => parseEnv({ WEBHOOK_RETRY_SCHEDULE: "soon" })).toThrow(/WEBHOOK_RETRY_SCHEDULE/);
    expect(() => parseEnv({ WEBHOOK_ALLOW_PRIVATE: "yes" })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});

describe("webhook bodies", () => {
  it("test_eventWebhookBody_isTheStreamEventUnderItsType", () => {
    const event = {
      seq: 7,
      kind: "trade" as const,
      chainId: 84532,
      block: { number: 12, hash: "0xab" },
      removes: null,
      data: { x: "1" },
      createdAt: "2025-01-01T00:00:00.000Z",
    };
    expect(eventWebhookBody(event)).toEqual({ type: "event.trade", timestamp: event.createdAt, data: event });
    expect(testWebhookBody("w1", new Date(0))).toEqual({
      type: "webhook.test",
      timestamp: "1970-01-01T00:00:00.000Z",
      data: { webhook_id: "w1", message: "A test delivery from test-webhook" },
    });
  });
});
