/** Follows in Postgres (app.follows): who follows whom, since when. */
import type pg from "pg";

type Queryable = Pick<pg.Pool, "query">;

/** Whether a user of that id exists. */
export async function userExists(db: Queryable, schema: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${schema}.users WHERE id = $1`, [id]);
  return (rowCount ?? 0) > 0;
}

/** How many follow a user, and how many it follows. */
export async function followCounts(
  db: Queryable,
  schema: string,
  userId: string,
): Promise<{ followers: number; following: number }> {
  const { rows } = await db.query<{ followers: number; following: number }>(
    `SELECT (SELECT count(*)::int FROM ${schema}.follows WHERE followee_id = $1) AS followers,
            (SELECT count(*)::int FROM ${schema}.follows WHERE follower_id = $1) AS following`,
    [userId],
  );
  return rows[0] ?? { followers: 0, following: 0 };
}

/** `followerId` follows `followeeId` (in the caller's transaction); false when it did already. */
export async function insertFollow(db: Queryable, schema: string, followerId: string, followeeId: string) {
  const inserted = await db.query(
    `INSERT INTO ${schema}.follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
    [followerId, followeeId],
  );
  return (inserted.rowCount ?? 0) > 0;
}

/** `followerId` no longer follows `followeeId` (whether or not it did). */
export async function deleteFollow(db: Queryable, schema: string, followerId: string, followeeId: string) {
  await db.query(`DELETE FROM ${schema}.follows WHERE follower_id = $1 AND followee_id = $2`, [followerId, followeeId]);
}

/** A user's followers, or the users it follows, newest follow first, `limit` from `offset`. */
export async function readFollows(
  db: Queryable,
  schema: string,
  p: { userId: string; direction: "followers" | "following"; limit: number; offset: number },
): Promise<{ id: string; username: string; profile_picture: string; followed_at: Date }[]> {
  const [mine, other] = p.direction === "followers" ? ["followee_id", "follower_id"] : ["follower_id", "followee_id"];
  const { rows } = await db.query<{ id: string; username: string; profile_picture: string; followed_at: Date }>(
    `SELECT u.id, u.username, u.profile_picture, f.created_at AS followed_at
       FROM ${schema}.follows f JOIN ${schema}.users u ON u.id = f.${other}
      WHERE f.${mine} = $1 ORDER BY f.created_at DESC, u.id LIMIT $2 OFFSET $3`,
    [p.userId, p.limit, p.offset],
  );
  return rows;
}
