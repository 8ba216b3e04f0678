/**
 * Postgres advisory locks that order work across processes: a session lock held around some work on a connection of
 * its own. (The spend ledger's per-user lock is a transaction lock, in the transaction that reserves the spend.)
 */
import type pg from "pg";

/** The lock was not had within the wait: someone else held it that long. */
export class LockWaitExpired extends Error {
  constructor(
    readonly key: string,
    readonly waitMs: number,
    options?: ErrorOptions,
  ) {
    super(`the lock ${key} was held by another for more than ${waitMs} ms`, options);
  }
}

/**
 * `work` under the session advisory lock `key` (a text key, hashed), waiting at most `waitMs` for it (then
 * LockWaitExpired), on a connection of its own. A connection whose lock or unlock failed is destroyed, not returned to
 * the pool, where it could still hold the lock.
 */
export async function withSessionLock<T>(db: pg.Pool, key: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  const conn = await db.connect();
  let destroy = true;
  try {
    // The wait is bounded by waitMs, not the pool's statement timeout; RESET gives the connection its own back.
    await conn.query(`SET statement_timeout = ${Math.trunc(waitMs)}`);
    await conn.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [key]).catch((error: unknown) => {
      if ((error as { code?: string }).code !== "57014") throw error;
      throw new LockWaitExpired(key, waitMs, { cause: error });
    });
    await conn.query("RESET statement_timeout");
    try {
      return await work();
    } finally {
      await conn.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]);
      destroy = false;
    }
  } finally {
    conn.release(destroy);
  }
}
