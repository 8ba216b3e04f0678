/** Posts in Postgres (app.posts). */
import type pg from "pg";

/** The ids of a user's newest `limit` top-level posts outside clubs, newest first (their profile's posts). */
export async function recentPostIdsOf(db: pg.Pool, schema: string, userId: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${schema}.posts WHERE user_id = $1 AND parent_post_id IS NULL AND club_id IS NULL
      ORDER BY seq DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => r.id);
}
