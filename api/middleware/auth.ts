/**
 * Authentication: `Authorization: Bearer <JWT or API key>`. API keys start with "sk_" and are looked up by their
 * SHA-256; JWTs are verified with jose: HS256 with AUTH_JWT_SECRET locally, or a JWKS with pinned algorithms in
 * production, with `exp` required and issuer/audience checked when configured. A user is provisioned on first
 * sight (db/users.ts), with a custodial wallet as the wallet on record.
 */
import type { MiddlewareHandler } from "hono";
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from "jose";
import { API_KEY_PREFIX, hashApiKey } from "../../core/api-keys.js";
import { AppError } from "../../core/errors.js";
import { userOfApiKey } from "../../db/api-keys.js";
import { provisionUser } from "../../db/users.js";
import { perDatabase } from "../../db/versions.js";
import type { ApiDeps } from "../deps.js";
import type { AppEnv, AuthedUser } from "../env.js";

const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function verifyJwt(deps: ApiDeps, token: string): Promise<JWTPayload> {
  const { config } = deps;
  const options = {
    requiredClaims: ["exp"],
    ...(config.jwtIssuer ? { issuer: config.jwtIssuer } : {}),
    ...(config.jwtAudience ? { audience: config.jwtAudience } : {}),
  };
  try {
    if (config.jwksUrl) {
      let jwks = jwksCache.get(config.jwksUrl);
      if (!jwks) {
        jwks = createRemoteJWKSet(new URL(config.jwksUrl));
        jwksCache.set(config.jwksUrl, jwks);
      }
      return (await jwtVerify(token, jwks, { ...options, algorithms: config.jwtAlgorithms })).payload;
    }
    if (!config.jwtSecret) throw new Error("no JWT verification configured");
    const key = new TextEncoder().encode(config.jwtSecret);
    return (await jwtVerify(token, key, { ...options, algorithms: ["HS256"] })).payload;
  } catch (error) {
    throw new AppError("AUTHENTICATION_FAILED", "Invalid or expired authentication token", { cause: error });
  }
}

/**
 * Credentials seen recently, per process and database pool, keyed by the credential's SHA-256 (never the credential itself):
 * - JWTs for a few seconds, never past the token's own `exp` (a subject's user never changes);
 * - API keys only under the "auth" version (db/versions.ts): any write to api_keys or users, in any
 *   process, drops them at once, so a revoked key stops working as soon as its revocation commits. Without
 *   versions, API keys are looked up on every request.
 */
const CREDENTIAL_TTL_MS = 5_000;
const credentialCaches = perDatabase(
  () => new Map<string, { until: number; version: string | null; user: AuthedUser }>(),
);

export async function authenticate(deps: ApiDeps, header: string | undefined): Promise<AuthedUser> {
  if (!header) throw new AppError("AUTHENTICATION_FAILED", "Missing authorization header");
  const cacheKey = `${deps.config.appSchema}:${hashApiKey(header).toString("hex")}`;
  const version = deps.versions?.key("auth") ?? null;
  const credentialCache = credentialCaches(deps.db);
  const hit = credentialCache.get(cacheKey);
  if (hit && Date.now() < hit.until && (hit.version === null || hit.version === version)) return hit.user;
  const { user, expiresAt } = await authenticateUncached(deps, header);
  const isApiKey = user.apiKeyId !== undefined;
  if (isApiKey ? version === null : !Number.isFinite(expiresAt)) return user;
  if (credentialCache.size > 10_000) credentialCache.clear();
  credentialCache.set(
    cacheKey,
    isApiKey
      ? { until: Number.POSITIVE_INFINITY, version, user }
      : { until: Math.min(Date.now() + CREDENTIAL_TTL_MS, expiresAt), version: null, user },
  );
  return user;
}

async function authenticateUncached(deps: ApiDeps, header: string): Promise<{ user: AuthedUser; expiresAt: number }> {
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) throw new AppError("AUTHENTICATION_FAILED", "Invalid or expired authentication token");
  const credential = match[1].trim();
  if (credential.startsWith(API_KEY_PREFIX)) {
    const row = await userOfApiKey(deps.db, deps.config.appSchema, hashApiKey(credential));
    if (!row) throw new AppError("AUTHENTICATION_FAILED", "Invalid or expired authentication token");
    const user: AuthedUser = {
      id: row.id,
      walletAddress: row.wallet_address as `0x${string}`,
      walletIndex: row.wallet_index,
      apiKeyId: row.key_id,
      tier: row.tier,
    };
    return { user, expiresAt: Number.POSITIVE_INFINITY };
  }
  const payload = await verifyJwt(deps, credential);
  if (typeof payload.sub !== "string" || payload.sub.length === 0) {
    throw new AppError("AUTHENTICATION_FAILED", "No user ID in token");
  }
  return { user: await provisionUser(deps, payload.sub), expiresAt: (payload.exp ?? 0) * 1000 };
}

/** Requires a valid credential. */
export const requireAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", await authenticate(c.var.deps, c.req.header("authorization")));
  await next();
};

/** Authenticates when a credential is sent; anonymous otherwise (a bad credential still fails). */
export const optionalAuth: MiddlewareHandler<AppEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  if (header) c.set("user", await authenticate(c.var.deps, header));
  await next();
};
