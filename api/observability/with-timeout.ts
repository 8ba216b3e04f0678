/**
 * A bound on a read that the scrape (/metrics) or the readiness check (/ready) makes of a dependency: a Postgres
 * checkout waits up to 5 s while Postgres is down, and a command on BullMQ's Redis connection waits for as long as
 * Redis is, so each read races a timer instead.
 */

/** Thrown when the read did not settle in time; the read itself goes on, and its outcome is dropped. */
export class TimeoutError extends Error {
  override name = "TimeoutError";
  constructor(readonly ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

/** `read`'s result, or a TimeoutError after `ms` milliseconds, whichever comes first. */
export function withTimeout<T>(read: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
    timer.unref();
  });
  return Promise.race([read, timeout]).finally(() => clearTimeout(timer));
}
