/**
 * One read at a time: /metrics and /ready are open to any client, and each call reads Postgres, Redis and the RPC. A
 * caller that arrives while a read is under way shares its outcome instead of starting another, so that no rate of
 * calls makes more than one such read run at once per app.
 */

/** `read`, shared by every call made while one is in flight; the next call after it settles reads again. */
export function singleFlight<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
