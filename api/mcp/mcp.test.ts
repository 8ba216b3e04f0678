/**
 * Unit tests of the MCP server's pure parts: configuration from the environment (the spending policy's settings,
 * which MCP and REST share, included) and the error envelope's code mapping. What calldata spends is
 * core/spend.test.ts.
 */
import { describe, expect, it } from "vitest";
import { AppError, type ErrorCode, errorCodes } from "../../core/errors.js";
import { usdToBaseUnits } from "../../core/spend.js";
import { apiConfigFromEnv } from "../config.js";
import { DEFAULT_RATE_LIMITS, mcpConfigFromEnv } from "./config.js";
import { mcpErrorBody } from "./errors.js";

const other = "0x00000000000000000000000000000000000000b2";
const token = "0x00000000000000000000000000000000000000c3";

describe("mcpConfigFromEnv", () => {
  it("test_mcpConfigFromEnv_defaultsAreTheDocumentedOnes", () => {
    const config = mcpConfigFromEnv({});
    expect(config.rateLimits).toEqual({ anonymous: 10, authenticated: 100, premium: 1000 });
    expect(DEFAULT_RATE_LIMITS).toEqual(config.rateLimits);
    expect(apiConfigFromEnv({}).spending).toEqual({
      credentialCapUsdc: 1_000_000_000n,
      userCapUsdc: 1_000_000_000n,
      allowedDestinations: null,
      nativeUsdPrice: 10_000_000_000n,
    });
    expect(config).toMatchObject({
      rateWindowMs: 60_000,
      allowAnonymous: false,
      authorizationServers: [],
      allowedOrigins: [],
    });
  });

  it("test_mcpConfigFromEnv_readsEveryVariable", () => {
    const spending = {
      MCP_DAILY_SPEND_CAP_USD: "0.000001",
      USER_DAILY_SPEND_CAP_USD: "off",
      NATIVE_USD_PRICE: "2500.5",
      MCP_ALLOWED_DESTINATIONS: ` ${other}, ${token} `,
    };
    expect(apiConfigFromEnv(spending).spending).toEqual({
      credentialCapUsdc: 1n,
      userCapUsdc: null,
      allowedDestinations: [other.toLowerCase(), token.toLowerCase()],
      nativeUsdPrice: 2_500_500_000n,
    });
    const config = mcpConfigFromEnv({
      MCP_RATE_LIMIT_ANONYMOUS: "1",
      MCP_RATE_LIMIT_AUTHENTICATED: "2",
      MCP_RATE_LIMIT_PREMIUM: "3",
      MCP_RATE_WINDOW_MS: "1000",
      MCP_ALLOW_ANONYMOUS: "true",
      MCP_AUTHORIZATION_SERVERS: "https://a.example,https://b.example",
      MCP_ALLOWED_ORIGINS: "https://app.example/path",
    });
    expect(config).toEqual({
      rateLimits: { anonymous: 1, authenticated: 2, premium: 3 },
      rateWindowMs: 1000,
      allowAnonymous: true,
      authorizationServers: ["https://a.example", "https://b.example"],
      allowedOrigins: ["https://app.example"],
    });
  });

  it("test_mcpConfigFromEnv_revertsIfAVariableIsInvalid", () => {
    expect(() => mcpConfigFromEnv({ MCP_RATE_LIMIT_PREMIUM: "0", MCP_DAILY_SPEND_CAP_USD: "1.1234567" })).toThrow(
      /Invalid environment:\n {2}MCP_RATE_LIMIT_PREMIUM: .*\n {2}MCP_DAILY_SPEND_CAP_USD: must be a USD amount or "off"/,
    );
    expect(() => mcpConfigFromEnv({ MCP_ALLOWED_DESTINATIONS: "0x123" })).toThrow(/MCP_ALLOWED_DESTINATIONS/);
  });

  it("test_usdToBaseUnits_isExact", () => {
    expect(usdToBaseUnits("0")).toBe(0n);
    expect(usdToBaseUnits("12.5")).toBe(12_500_000n);
    expect(usdToBaseUnits("1000000000.123456")).toBe(1_000_000_000_123_456n);
  });
});

describe("mcpErrorBody", () => {
  it("test_mcpErrorBody_everyAppErrorCodeBecomesOneOfTheSpecsSeven", () => {
    const seven = [
      "AUTHENTICATION_FAILED",
      "INSUFFICIENT_BALANCE",
      "INVALID_PARAMETERS",
      "NETWORK_ERROR",
      "RATE_LIMIT_EXCEEDED",
      "TOKEN_NOT_FOUND",
      "TRANSACTION_FAILED",
    ];
    const mapped: Record<string, string> = {};
    for (const code of errorCodes) mapped[code] = mcpErrorBody(new AppError(code as ErrorCode, "m")).code;
    for (const code of seven) expect(mapped[code]).toBe(code);
    expect(mapped).toMatchObject({
      FORBIDDEN: "AUTHENTICATION_FAILED",
      NOT_FOUND: "INVALID_PARAMETERS",
      METHOD_NOT_ALLOWED: "INVALID_PARAMETERS",
      INTERNAL: "NETWORK_ERROR",
    });
    expect(mcpErrorBody(new AppError("NOT_FOUND", "Intent not found", { details: { id: "x" } }))).toEqual({
      error: "Intent not found",
      code: "INVALID_PARAMETERS",
      details: { id: "x", httpStatus: 404, retryable: false, reason: "not_found" },
    });
  });

  it("test_mcpErrorBody_hidesUnknownErrors", () => {
    const log = console.error;
    console.error = () => undefined;
    try {
      expect(mcpErrorBody(new Error("secret connection string postgres://u:p@h"))).toEqual({
        error: "Internal server error",
        code: "NETWORK_ERROR",
        details: { httpStatus: 500, retryable: true },
      });
    } finally {
      console.error = log;
    }
  });
});
