/**
 * The one way our processes open a Postgres pool. A restart of Postgres ends every connection with 57P01, and each
 * one emits `error`: unheard, that error ends the process. The pool hears its idle connections; a connection that is
 * checked out has no pool listener (pg-pool takes it off at checkout and puts it back at release), so each client
 * gets one of its own when it connects. Then the holder's next query throws (a 503, core/errors.ts), the dead
 * connection leaves the pool at release, and the next checkout connects again. Logged once per outage. Checkouts
 * give up after POOL_CONNECT_TIMEOUT_MS, so that a request fails fast while Postgres is down instead of waiting.
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
  const lost = (error: Error & { code?: string }) => {
    // One line per outage, not one per dead connection (a restart ends every one at once).
    if (Date.now() < quietUntil) return;
    quietUntil = Date.now() + 10_000;
    (log ?? ((line: string) => console.error(line)))(
      `${label}: a connection ended (${error.code ?? error.message}); the pool connects again on its next use`,
    );
  };
  pool.on("error", lost);
  pool.on("connect", (client) => client.on("error", lost));
  return pool;
}

/** Whether Postgres answers on a connection of the pool (readiness): resolves, or throws what the pool met. */
export async function ping(db: Pick<pg.Pool, "query">): Promise<void> {
  await db.query("SELECT 1");
}
