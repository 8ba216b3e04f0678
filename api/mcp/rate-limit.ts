/**
 * Tool-call rate limits per tier, on the same Redis sliding window as REST (api/middleware/rate-limit.ts):
 * anonymous callers by client address, API keys by key (the tier is stored per key), JWT / OAuth callers by user.
 * Every tools/call counts, whether it then succeeds or not; listing tools and the handshake do not.
 */
import { AppError } from "../../core/errors.js";
import { hitRateLimit } from "../middleware/rate-limit.js";
import type { McpTier } from "./config.js";
import type { McpContext } from "./tool.js";

export function tierOf(ctx: McpContext): McpTier {
  return ctx.user?.tier ?? "anonymous";
}

function subjectOf(ctx: McpContext): string {
  const u = ctx.user;
  if (!u) return `mcp:ip:${ctx.clientAddress}`;
  return u.apiKeyId ? `mcp:key:${u.apiKeyId}` : `mcp:user:${u.id}`;
}

/** Count one tool call; RATE_LIMIT_EXCEEDED once the tier's limit per window is reached. */
export async function enforceRateLimit(ctx: McpContext): Promise<void> {
  const tier = tierOf(ctx);
  const limit = ctx.config.rateLimits[tier];
  const result = await hitRateLimit(ctx.deps.redis, subjectOf(ctx), limit, ctx.config.rateWindowMs);
  if (result.allowed) return;
  const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  const windowSeconds = ctx.config.rateWindowMs / 1000;
  const per = windowSeconds === 60 ? "minute" : `${windowSeconds} s`;
  throw new AppError(
    "RATE_LIMIT_EXCEEDED",
    `Rate limit exceeded: ${limit} tool calls per ${per} for the ${tier} tier`,
    {
      details: { tier, limit, windowSeconds, retryAfterSeconds },
      retryable: true,
    },
  );
}
