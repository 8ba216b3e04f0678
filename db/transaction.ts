/**
 * inTransaction: `fn` in one Postgres transaction on a client of the pool of its own, committed when it returns and
 * rolled back when it throws (what it threw is thrown). The client goes back to the pool either way.
 */
import type pg from "pg";

export type Isolation = "read committed" | "repeatable read";

export async function inTransaction<T>(
  db: pg.Pool,
  fn: (client: pg.PoolClient) => Promise<T>,
  isolation?: Isolation,
): Promise<T> {
  const client = await db.connect();
  try {
    await client.query(isolation ? `BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}` : "BEGIN");
    const result = await fn(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
