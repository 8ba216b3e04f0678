/**
 * withTransaction: run `fn` in one Postgres transaction on a pooled client. A serialization failure, deadlock or
 * unique violation (two first votes of one user racing) rolls back and runs `fn` again, up to three times, since a
 * retry sees the winner's row and takes the other branch.
 */
import type pg from "pg";
import type { ApiDeps } from "../../deps.js";

const RETRYABLE = new Set(["40001", "40P01", "23505"]);
const ATTEMPTS = 3;

export type WithTransactionParameters = { isolation?: "read committed" | "repeatable read" };

export async function withTransaction<T>(
  deps: ApiDeps,
  fn: (client: pg.PoolClient) => Promise<T>,
  p: WithTransactionParameters = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const client = await deps.db.connect();
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${(p.isolation ?? "read committed").toUpperCase()}`);
      const result = await fn(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      const code = (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
    } finally {
      client.release();
    }
  }
}
