/**
 * Unit tests of the MCP server's pure parts: configuration from the environment, the error envelope's code mapping,
 * and which calldata counts as USDC spending.
 */
import { encodeFunctionData, maxUint256 } from "viem";
import { describe, expect, it } from "vitest";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import { AppError, type ErrorCode, errorCodes } from "../../core/errors.js";
import { noAttribution } from "../../core/fees.js";
import { DEFAULT_RATE_LIMITS, mcpConfigFromEnv, usdToBaseUnits } from "./config.js";
import { mcpErrorBody } from "./errors.js";
import { usdcSpentBy } from "./safety.js";

const contracts = {
  usdc: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  launchpad: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
} as const;
const me = "0x00000000000000000000000000000000000000a1";
const other = "0x00000000000000000000000000000000000000b2";
const token = "0x00000000000000000000000000000000000000c3";

describe("mcpConfigFromEnv", () => {
  it("test_mcpConfigFromEnv_defaultsAreTheDocumentedOnes", () => {
    const config = mcpConfigFromEnv({});
    expect(config.rateLimits).toEqual({ anonymous: 10, authenticated: 100, premium: 1000 });
    expect(DEFAULT_RATE_LIMITS).toEqual(config.rateLimits);
    expect(config).toMatchObject({
      rateWindowMs: 60_000,
      dailySpendCapUsdc: 1_000_000_000n,
      allowedDestinations: null,
      allowAnonymous: true,
      authorizationServers: [],
      allowedOrigins: [],
    });
  });

  it("test_mcpConfigFromEnv_readsEveryVariable", () => {
    const config = mcpConfigFromEnv({
      MCP_RATE_LIMIT_ANONYMOUS: "1",
      MCP_RATE_LIMIT_AUTHENTICATED: "2",
      MCP_RATE_LIMIT_PREMIUM: "3",
      MCP_RATE_WINDOW_MS: "1000",
      MCP_DAILY_SPEND_CAP_USD: "0.000001",
      MCP_ALLOWED_DESTINATIONS: ` ${other}, ${token} `,
      MCP_ALLOW_ANONYMOUS: "false",
      MCP_AUTHORIZATION_SERVERS: "https://a.example,https://b.example",
      MCP_ALLOWED_ORIGINS: "https://app.example/path",
    });
    expect(config).toEqual({
      rateLimits: { anonymous: 1, authenticated: 2, premium: 3 },
      rateWindowMs: 1000,
      dailySpendCapUsdc: 1n,
      allowedDestinations: [other.toLowerCase(), token.toLowerCase()],
      allowAnonymous: false,
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

describe("usdcSpentBy", () => {
  const usdc = (fn: "transfer" | "approve", args: readonly [`0x${string}`, bigint]) =>
    encodeFunctionData({ abi: mockUsdcAbi, functionName: fn, args });

  it("test_usdcSpentBy_countsTransfersAndLaunchpadBuys", () => {
    expect(usdcSpentBy(contracts, me, contracts.usdc, usdc("transfer", [other, 7n]))).toBe(7n);
    const from = (who: `0x${string}`) =>
      encodeFunctionData({ abi: mockUsdcAbi, functionName: "transferFrom", args: [who, other, 9n] });
    expect(usdcSpentBy(contracts, me, contracts.usdc.toLowerCase(), from(me))).toBe(9n);
    const buyIn = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 5n, 0n, maxUint256, noAttribution],
    });
    expect(usdcSpentBy(contracts, me, contracts.launchpad, buyIn)).toBe(5n);
    const buyOut = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "buyExactOut",
      args: [token, 10n ** 18n, 11n, maxUint256, noAttribution],
    });
    expect(usdcSpentBy(contracts, me, contracts.launchpad, buyOut)).toBe(11n);
  });

  it("test_usdcSpentBy_countsNothingElse", () => {
    expect(usdcSpentBy(contracts, me, contracts.usdc, usdc("approve", [other, 7n]))).toBe(0n);
    const fromOther = encodeFunctionData({ abi: mockUsdcAbi, functionName: "transferFrom", args: [other, me, 9n] });
    expect(usdcSpentBy(contracts, me, contracts.usdc, fromOther)).toBe(0n);
    // A USDC transfer's calldata sent anywhere but the USDC contract moves no USDC.
    expect(usdcSpentBy(contracts, me, other, usdc("transfer", [other, 7n]))).toBe(0n);
    const sell = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "sellExactIn",
      args: [token, 5n, 0n, maxUint256, noAttribution],
    });
    expect(usdcSpentBy(contracts, me, contracts.launchpad, sell)).toBe(0n);
    expect(usdcSpentBy(contracts, me, contracts.usdc, "0x")).toBe(0n);
    expect(usdcSpentBy(contracts, me, contracts.usdc, "0xdeadbeef")).toBe(0n);
  });
});
