/**
 * API configuration from the environment, parsed with zod; every default is a documented local-development one.
 */
import { z } from "zod";
import { DEV_WALLET_SECRET } from "../core/wallets.js";
import type { ApiConfig } from "./deps.js";

/** Local-development JWT secret (documented default; production sets AUTH_JWT_SECRET or AUTH_JWKS_URL). */
export const DEV_JWT_SECRET = "local-development-jwt-secret-change-me-0123456789";

const schema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  APP_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default("app"),
  INDEXER_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .default("indexer"),
  AUTH_JWT_SECRET: z.string().min(32).optional(),
  AUTH_JWKS_URL: z.string().url().optional(),
  AUTH_JWT_ISSUER: z.string().optional(),
  AUTH_JWT_AUDIENCE: z.string().optional(),
  AUTH_JWT_ALGORITHMS: z.string().default("RS256"),
  WALLET_SECRET: z.string().min(16).optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 1024 * 1024),
  PUBLIC_URL: z.string().url().default("http://127.0.0.1:3000"),
});

export function apiConfigFromEnv(source: Record<string, string | undefined> = process.env): ApiConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.AUTH_JWKS_URL && !e.AUTH_JWT_SECRET) {
    throw new Error("Invalid environment:\n  AUTH_JWKS_URL or AUTH_JWT_SECRET is required in production");
  }
  if (production && !e.WALLET_SECRET)
    throw new Error("Invalid environment:\n  WALLET_SECRET is required in production");
  return {
    appSchema: e.APP_SCHEMA,
    indexerSchema: e.INDEXER_SCHEMA,
    jwtSecret: e.AUTH_JWKS_URL ? undefined : (e.AUTH_JWT_SECRET ?? DEV_JWT_SECRET),
    jwksUrl: e.AUTH_JWKS_URL,
    jwtIssuer: e.AUTH_JWT_ISSUER,
    jwtAudience: e.AUTH_JWT_AUDIENCE,
    jwtAlgorithms: e.AUTH_JWT_ALGORITHMS.split(",").map((a) => a.trim()),
    walletSecret: e.WALLET_SECRET ?? DEV_WALLET_SECRET,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    publicUrl: e.PUBLIC_URL,
  };
}
