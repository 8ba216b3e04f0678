/**
 * The API's configuration, derived from the parsed environment (core/env.ts holds the one schema and its defaults).
 */
import { type Env, listOf, parseEnv, walletSecretOf } from "../core/env.js";
import { DEFAULT_DAILY_SPEND_CAP_USDC, type SpendingConfig, usdToBaseUnits } from "../core/spend.js";
import { parseTrustProxy } from "./client-address.js";
import type { ApiConfig } from "./deps.js";

/** Local-development JWT secret (documented default; production sets AUTH_JWT_SECRET or AUTH_JWKS_URL). */
export const DEV_JWT_SECRET = "local-development-jwt-secret-change-me-0123456789";

/** The API's configuration from a parsed environment; throws when production lacks a way to verify JWTs. */
export function apiConfigOf(e: Env): ApiConfig {
  if (e.NODE_ENV === "production" && !e.AUTH_JWKS_URL && !e.AUTH_JWT_SECRET) {
    throw new Error("Invalid environment:\n  AUTH_JWKS_URL or AUTH_JWT_SECRET is required in production");
  }
  return {
    appSchema: e.APP_SCHEMA,
    indexerSchema: e.INDEXER_SCHEMA,
    jwtSecret: e.AUTH_JWKS_URL ? undefined : (e.AUTH_JWT_SECRET ?? DEV_JWT_SECRET),
    jwksUrl: e.AUTH_JWKS_URL,
    jwtIssuer: e.AUTH_JWT_ISSUER,
    jwtAudience: e.AUTH_JWT_AUDIENCE,
    jwtAlgorithms: e.AUTH_JWT_ALGORITHMS.split(",").map((a) => a.trim()),
    walletSecret: walletSecretOf(e),
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    publicUrl: e.PUBLIC_URL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    spending: spendingConfigOf(e),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === "true",
    streams: { maxConnections: e.STREAM_MAX_CONNECTIONS, maxPerAddress: e.STREAM_MAX_CONNECTIONS_PER_ADDRESS },
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
  };
}

const capOf = (usd: string | undefined) =>
  usd === undefined ? DEFAULT_DAILY_SPEND_CAP_USDC : usd === "off" ? null : usdToBaseUnits(usd);

/** The spending policy's settings (core/spend.ts): every default is the documented one. */
export function spendingConfigOf(e: Env): SpendingConfig {
  const destinations = listOf(e.MCP_ALLOWED_DESTINATIONS).map((a) => a.toLowerCase());
  return {
    credentialCapUsdc: capOf(e.MCP_DAILY_SPEND_CAP_USD),
    userCapUsdc: capOf(e.USER_DAILY_SPEND_CAP_USD),
    allowedDestinations: destinations.length > 0 ? destinations : null,
    nativeUsdPrice: usdToBaseUnits(e.NATIVE_USD_PRICE),
  };
}

/** apiConfigOf(parseEnv(source)): the configuration straight from variables (default process.env). */
export function apiConfigFromEnv(source: Record<string, string | undefined> = process.env): ApiConfig {
  return apiConfigOf(parseEnv(source));
}
