/**
 * db/locks.ts against a real Postgres: a session lock held by another connection makes withSessionLock give up after
 * its wait (LockWaitExpired, which trade-token answers as a 503 wallet_busy), runs the work once the lock is free,
 * and leaves the lock free whatever the work did.
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LockWaitExpired, withSessionLock } from "../db/locks.js";
import { DEFAULT_DATABASE_URL } from "../scripts/indexer.js";

let db: pg.Pool;
let other: pg.PoolClient;
const key = `test-lock:${randomUUID()}`;

beforeAll(async () => {
  db = new pg.Pool({ connectionString: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, max: 4 });
  other = await db.connect();
});

afterAll(async () => {
  other.release(true);
  await db.end();
});

const holdElsewhere = () => other.query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [key]);
const releaseElsewhere = () => other.query("SELECT pg_advisory_unlock(hashtextextended($1, 0))", [key]);
const isFree = async () => {
  const { rows } = await other.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok", [
    key,
  ]);
  if (rows[0]?.ok) await releaseElsewhere();
  return rows[0]?.ok === true;
};

describe("withSessionLock", () => {
  it("gives up with LockWaitExpired after its wait while another holds the lock, and runs nothing", async () => {
    await holdElsewhere();
    let ran = false;
    const started = Date.now();
    const outcome = await withSessionLock(db, key, 300, async () => {
      ran = true;
    }).catch((error: unknown) => error);
    const waited = Date.now() - started;
    await releaseElsewhere();
    expect(outcome).toBeInstanceOf(LockWaitExpired);
    expect(ran).toBe(false);
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5_000);
  });

  it("runs the work once the lock is free, and frees it after, also when the work throws", async () => {
    expect(await withSessionLock(db, key, 1_000, async () => "done")).toBe("done");
    expect(await isFree()).toBe(true);
    await expect(
      withSessionLock(db, key, 1_000, async () => {
        throw new Error("work failed");
      }),
    ).rejects.toThrow("work failed");
    expect(await isFree()).toBe(true);
  });

  it("orders two holders: the second runs after the first", async () => {
    const order: string[] = [];
    const first = withSessionLock(db, key, 2_000, async () => {
      order.push("first in");
      await new Promise((r) => setTimeout(r, 200));
      order.push("first out");
    });
    await new Promise((r) => setTimeout(r, 50));
    const second = withSessionLock(db, key, 2_000, async () => {
      order.push("second");
    });
    await Promise.all([first, second]);
    expect(order).toEqual(["first in", "first out", "second"]);
  });
});
