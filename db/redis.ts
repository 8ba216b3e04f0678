/**
 * The one way our processes open a Redis connection. ioredis reconnects by itself after a restart of Redis, and
 * emits `error` on every failed attempt meanwhile; here that is one log line per outage instead of ioredis's
 * "Unhandled error event" on each. Commands sent meanwhile fail after the connection's maxRetriesPerRequest (the
 * API answers them 503, core/errors.ts), or wait for it (null: BullMQ's connections).
 */
import { Redis, type RedisOptions } from "ioredis";

export type CreateRedisParameters = RedisOptions & {
  /** Where the outage note goes; default stderr. */
  log?: (line: string) => void;
  /** Name in the log line; default "redis". */
  name?: string;
};

export function createRedis(url: string, p: CreateRedisParameters = {}): Redis {
  const { log, name, ...options } = p;
  const redis = new Redis(url, options);
  let down = false;
  redis.on("error", (error: Error & { code?: string }) => {
    if (down) return;
    down = true;
    (log ?? ((line: string) => console.error(line)))(
      `${name ?? "redis"}: connection failed (${error.code ?? error.message}); reconnecting`,
    );
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    (log ?? ((line: string) => console.error(line)))(`${name ?? "redis"}: connected again`);
  });
  return redis;
}
