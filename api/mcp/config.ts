/**
 * Configuration of the MCP tool server, parsed with zod from the environment. Every default is the documented one:
 * rate limits of 10 / 100 / 1000 tool calls per minute (anonymous / authenticated / premium), a daily spending cap
 * of 1000 USD per credential, no destination allowlist, anonymous read-only access allowed.
 */
import { z } from "zod";

export const mcpTiers = ["anonymous", "authenticated", "premium"] as const;
export type McpTier = (typeof mcpTiers)[number];

/** The spec's limits: tool calls per minute per tier. */
export const DEFAULT_RATE_LIMITS: Readonly<Record<McpTier, number>> = {
  anonymous: 10,
  authenticated: 100,
  premium: 1000,
};
/** Default daily spending cap per credential, USDC base units (1000 USD). */
export const DEFAULT_DAILY_SPEND_CAP_USDC = 1_000n * 10n ** 6n;

export type McpConfig = {
  /** Tool calls per rate window, per tier. */
  rateLimits: Record<McpTier, number>;
  /** The rate window, ms (60 000: the limits are per minute). */
  rateWindowMs: number;
  /**
   * Default daily spending cap of a credential without a cap of its own (api_keys.daily_spend_cap_usdc), USDC base
   * units per UTC day; null for no default cap.
   */
  dailySpendCapUsdc: bigint | null;
  /**
   * Destinations execute_transaction may send to when the API key has no allowlist of its own
   * (api_keys.allowed_destinations); lower-case addresses; null for no restriction.
   */
  allowedDestinations: string[] | null;
  /** false: every /mcp request needs a credential (a 401 with WWW-Authenticate starts the OAuth flow). */
  allowAnonymous: boolean;
  /** OAuth 2.0 authorization servers advertised in the protected-resource metadata (RFC 9728). */
  authorizationServers: string[];
  /**
   * Browser origins allowed to call /mcp besides PUBLIC_URL's own (requests without an Origin header, i.e. not from
   * a browser, always pass): a DNS-rebinding guard for servers on a local address.
   */
  allowedOrigins: string[];
};

const address = /^0x[0-9a-fA-F]{40}$/;
const list = (s: string | undefined) =>
  (s ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter((x) => x.length > 0);

const schema = z.object({
  MCP_RATE_LIMIT_ANONYMOUS: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMITS.anonymous),
  MCP_RATE_LIMIT_AUTHENTICATED: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMITS.authenticated),
  MCP_RATE_LIMIT_PREMIUM: z.coerce.number().int().positive().default(DEFAULT_RATE_LIMITS.premium),
  MCP_RATE_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  /** Whole USD (decimal allowed, at most 6 places), or "off". */
  MCP_DAILY_SPEND_CAP_USD: z
    .string()
    .regex(/^(off|\d+(\.\d{1,6})?)$/, 'must be a USD amount or "off"')
    .optional(),
  MCP_ALLOWED_DESTINATIONS: z
    .string()
    .optional()
    .refine((s) => list(s).every((a) => address.test(a)), "must be a comma-separated list of 0x addresses"),
  MCP_ALLOW_ANONYMOUS: z.enum(["true", "false"]).default("true"),
  MCP_AUTHORIZATION_SERVERS: z.string().optional(),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .optional()
    .refine((s) => list(s).every((o) => URL.canParse(o)), "must be a comma-separated list of origins"),
  AUTH_JWT_ISSUER: z.string().optional(),
});

/** USD as a decimal string → USDC base units, exactly. */
export function usdToBaseUnits(usd: string): bigint {
  const [whole = "0", fraction = ""] = usd.split(".");
  return BigInt(whole) * 10n ** 6n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
}

export function mcpConfigFromEnv(source: Record<string, string | undefined> = process.env): McpConfig {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const cap = e.MCP_DAILY_SPEND_CAP_USD;
  const destinations = list(e.MCP_ALLOWED_DESTINATIONS).map((a) => a.toLowerCase());
  const servers = list(e.MCP_AUTHORIZATION_SERVERS);
  return {
    rateLimits: {
      anonymous: e.MCP_RATE_LIMIT_ANONYMOUS,
      authenticated: e.MCP_RATE_LIMIT_AUTHENTICATED,
      premium: e.MCP_RATE_LIMIT_PREMIUM,
    },
    rateWindowMs: e.MCP_RATE_WINDOW_MS,
    dailySpendCapUsdc: cap === undefined ? DEFAULT_DAILY_SPEND_CAP_USDC : cap === "off" ? null : usdToBaseUnits(cap),
    allowedDestinations: destinations.length > 0 ? destinations : null,
    allowAnonymous: e.MCP_ALLOW_ANONYMOUS === "true",
    authorizationServers: servers.length > 0 ? servers : e.AUTH_JWT_ISSUER ? [e.AUTH_JWT_ISSUER] : [],
    allowedOrigins: list(e.MCP_ALLOWED_ORIGINS).map((o) => new URL(o).origin),
  };
}
