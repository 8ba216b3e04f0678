/**
 * Configuration of the MCP tool server, derived from the parsed environment (core/env.ts). Every default is the
 * documented one: rate limits of 10 / 100 / 1000 tool calls per minute (anonymous / authenticated / premium), and
 * every call needs a credential (the spec:
 * "All tools require authentication"); anonymous read-only access is an opt-in (MCP_ALLOW_ANONYMOUS=true).
 */
import { type Env, listOf, parseEnv } from "../../core/env.js";

export const mcpTiers = ["anonymous", "authenticated", "premium"] as const;
export type McpTier = (typeof mcpTiers)[number];

/** The spec's limits, tool calls per minute per tier: the defaults of core/env.ts's MCP_RATE_LIMIT_* variables. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<McpTier, number>> = mcpConfigOf(parseEnv({})).rateLimits;

export type McpConfig = {
  /** Tool calls per rate window, per tier. */
  rateLimits: Record<McpTier, number>;
  /** The rate window, ms (60 000: the limits are per minute). */
  rateWindowMs: number;
  /**
   * true: calls without a credential may use the read-only tools, in the anonymous tier; false (the default): every
   * /mcp request, initialize and tools/list included, needs a credential (a 401 with WWW-Authenticate starts the
   * OAuth flow), and the stdio entry will not start without one.
   */
  allowAnonymous: boolean;
  /** OAuth 2.0 authorization servers advertised in the protected-resource metadata (RFC 9728). */
  authorizationServers: string[];
  /**
   * Browser origins allowed to call /mcp besides PUBLIC_URL's own (requests without an Origin header, i.e. not from
   * a browser, always pass): a DNS-rebinding guard for servers on a local address.
   */
  allowedOrigins: string[];
};

/** The MCP server's configuration from a parsed environment (core/env.ts holds the variables and defaults). */
export function mcpConfigOf(e: Env): McpConfig {
  const servers = listOf(e.MCP_AUTHORIZATION_SERVERS);
  return {
    rateLimits: {
      anonymous: e.MCP_RATE_LIMIT_ANONYMOUS,
      authenticated: e.MCP_RATE_LIMIT_AUTHENTICATED,
      premium: e.MCP_RATE_LIMIT_PREMIUM,
    },
    rateWindowMs: e.MCP_RATE_WINDOW_MS,
    allowAnonymous: e.MCP_ALLOW_ANONYMOUS === "true",
    authorizationServers: servers.length > 0 ? servers : e.AUTH_JWT_ISSUER ? [e.AUTH_JWT_ISSUER] : [],
    allowedOrigins: listOf(e.MCP_ALLOWED_ORIGINS).map((o) => new URL(o).origin),
  };
}

/** mcpConfigOf(parseEnv(source)): the configuration straight from variables (default process.env). */
export function mcpConfigFromEnv(source: Record<string, string | undefined> = process.env): McpConfig {
  return mcpConfigOf(parseEnv(source));
}
