/**
 * Abuse limits of the social features, from the environment (its variables in core/env.ts, read at each call so that a test
 * or an operator can change them without a restart):
 * - SOCIAL_POSTS_PER_MINUTE (default 20): posts and replies per user per sliding minute;
 * - SOCIAL_VOTES_PER_MINUTE (default 120): votes per user per sliding minute (a removal counts too);
 * - SOCIAL_MAX_CONTENT_LENGTH (default 5000): characters of a post's content.
 * The windows live in Redis (the REST limiter's Lua script), so every API process shares the counts.
 */
import { envSchema } from "../../../core/env.js";
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { hitRateLimit } from "../../middleware/rate-limit.js";

/** The three variables of the one environment schema (core/env.ts). */
const schema = envSchema.pick({
  SOCIAL_POSTS_PER_MINUTE: true,
  SOCIAL_VOTES_PER_MINUTE: true,
  SOCIAL_MAX_CONTENT_LENGTH: true,
});

export type SocialLimits = { postsPerMinute: number; votesPerMinute: number; maxContentLength: number };

export function socialLimits(env: Record<string, string | undefined> = process.env): SocialLimits {
  const e = schema.parse(env);
  return {
    postsPerMinute: e.SOCIAL_POSTS_PER_MINUTE,
    votesPerMinute: e.SOCIAL_VOTES_PER_MINUTE,
    maxContentLength: e.SOCIAL_MAX_CONTENT_LENGTH,
  };
}

/** Count one post or vote of `user`; throws 429 with retryAfterSeconds when over the per-minute limit. */
export async function checkSocialLimit(deps: ApiDeps, user: AuthedUser, action: "post" | "vote"): Promise<void> {
  const limits = socialLimits();
  const perMinute = action === "post" ? limits.postsPerMinute : limits.votesPerMinute;
  const result = await hitRateLimit(deps.redis, `social:${action}:${user.id}`, perMinute);
  if (result.allowed) return;
  const noun = action === "post" ? "posts" : "votes";
  throw new AppError("RATE_LIMIT_EXCEEDED", `Too many ${noun}: at most ${perMinute} ${noun} per minute`, {
    details: { retryAfterSeconds: Math.max(1, Math.ceil(result.retryAfterMs / 1000)) },
  });
}
