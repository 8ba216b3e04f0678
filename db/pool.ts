/**
 * The one way our processes open a Postgres pool. A pool emits `error` when one of its idle connections dies (a
 * restart of Postgres ends each with 57P01): unheard, that error ends the process. Here it is logged once per
 * outage, the dead connection leaves the pool, and the next checkout connects again. Checkouts give up after
 * connectTimeoutMs, so that a request fails fast (503, core/errors.ts) while Postgres is down instead of waiting.
 */
import pg from "pg";

export type CreatePoolParameters = pg.PoolConfig & {
  connectionString: string;
  /** Where the outage note goes: one line when connections start failing. */
  log?: (line: string) => void;
  /** Name in the log line; default the pool's application_name, else "postgres". */
  name?: string;
};

/** How long a checkout waits for a connection before it fails, ms. */
export const POOL_CONNECT_TIMEOUT_MS = 5_000;

export function createPool(p: CreatePoolParameters): pg.Pool {
  const { log, name, ...config } = p;
  const pool = new pg.Pool({ connectionTimeoutMillis: POOL_CONNECT_TIMEOUT_MS, ...config });
  const label = name ?? config.application_name ?? "postgres";
  let quietUntil = 0;
  pool.on("error", (error: Error & { code?: string }) => {
    // One line per outage, not one per dead connection (a restart ends every idle one at once).
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 10_000;
    (log ?? ((line: string) => console.error(line)))(
      `${label}: an idle connection ended (${error.code ?? error.message}); the pool connects again on its next use`,
    );
  });
  return pool;
}
