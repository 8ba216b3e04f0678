/**
 * withTransaction: run `fn` in one Postgres transaction on a pooled client. A serialization failure, deadlock or
 * unique violation (two first votes of one user racing) rolls back and runs `fn` again, up to three times, since a
 * retry sees the winner's row and takes the other branch.
 */
import type pg from "pg";
import { type Isolation, inTransaction } from "../../../db/transaction.js";
import type { ApiDeps } from "../../deps.js";

const RETRYABLE = new Set(["40001", "40P01", "23505"]);
const ATTEMPTS = 3;

export type WithTransactionParameters = { isolation?: Isolation };

export async function withTransaction<T>(
  deps: ApiDeps,
  fn: (client: pg.PoolClient) => Promise<T>,
  p: WithTransactionParameters = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(deps.db, fn, p.isolation ?? "read committed");
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}
