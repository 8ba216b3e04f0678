/**
 * Per-user rate limits: a sliding window in Redis (a sorted set of request times per subject), checked and
 * recorded atomically by one Lua script, so several API processes share the same counts. Over the limit the
 * request gets 429 with Retry-After (seconds until the oldest request leaves the window).
 */

import type { MiddlewareHandler } from "hono";
import type { Redis } from "ioredis";
import { AppError } from "../../core/errors.js";
import { clientAddress } from "../client-address.js";
import type { AppEnv } from "../env.js";
import { setHeaderEarly } from "./security-headers.js";

const SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
local member = ARGV[4]
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
if count >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return {0, tonumber(oldest[2]) + window - now}
end
redis.call('ZADD', key, now, member)
redis.call('PEXPIRE', key, window)
return {1, limit - count - 1}
`;

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterMs: number };

let counter = 0;

type LimiterRedis = Redis & {
  slidingWindowHit(
    key: string,
    now: number,
    windowMs: number,
    limit: number,
    member: string,
  ): Promise<[number, number]>;
};

/** The script as a command of `redis`: sent by its SHA (EVALSHA, loaded on first NOSCRIPT), not its text. */
function limiter(redis: Redis): LimiterRedis {
  if (!("slidingWindowHit" in redis)) redis.defineCommand("slidingWindowHit", { numberOfKeys: 1, lua: SCRIPT });
  return redis as LimiterRedis;
}

/** Count one request of `subject` against `limit` per `windowMs`. */
export async function hitRateLimit(
  redis: Redis,
  subject: string,
  limit: number,
  windowMs = 60_000,
): Promise<RateLimitResult> {
  const now = Date.now();
  const member = `${now}-${process.pid}-${counter++}`;
  const [ok, value] = await limiter(redis).slidingWindowHit(`ratelimit:${subject}`, now, windowMs, limit, member);
  return ok === 1
    ? { allowed: true, remaining: value, retryAfterMs: 0 }
    : { allowed: false, remaining: 0, retryAfterMs: Math.max(0, value) };
}

/** A middleware counting each request against `limitOf` per minute for the subject `subjectOf` names; 429 over it. */
function limitBy(
  subjectOf: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string,
  limitOf: (config: AppEnv["Variables"]["deps"]["config"]) => number,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { redis, config } = c.var.deps;
    const limit = limitOf(config);
    const result = await hitRateLimit(redis, subjectOf(c), limit);
    setHeaderEarly(c, "X-RateLimit-Limit", String(limit));
    setHeaderEarly(c, "X-RateLimit-Remaining", String(result.remaining));
    if (!result.allowed) {
      const seconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
      throw new AppError("RATE_LIMIT_EXCEEDED", "Rate limit exceeded", { details: { retryAfterSeconds: seconds } });
    }
    await next();
  };
}

/** REST rate limit: per user when authenticated, per client address otherwise. */
export const rateLimit = limitBy(
  (c) => (c.var.user ? `rest:user:${c.var.user.id}` : `rest:ip:${clientAddress(c, c.var.deps.config.trustProxy)}`),
  (config) => config.rateLimitPerMinute,
);

/**
 * Pages (/, /token/<slug>, /docs) and a token page's live data, per client address: an open token page polls once a
 * second, so the limit is its own, PAGE_RATE_LIMIT_PER_MINUTE, apart from the REST one. Assets are not counted.
 */
export const PAGE_RATE_LIMIT_PER_MINUTE = 600;
export const pageRateLimit = limitBy(
  (c) => `page:ip:${clientAddress(c, c.var.deps.config.trustProxy)}`,
  () => PAGE_RATE_LIMIT_PER_MINUTE,
);
