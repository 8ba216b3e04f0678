/**
 * Follows: the graph behind the `following` timeline. Following is idempotent, notifies the followed user once
 * (per follower, ever), and one cannot follow oneself.
 */
import { allEnded } from "../../../core/all-ended.js";
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { notify } from "./notifications.js";
import { withTransaction } from "./transaction.js";
import { iso } from "./units.js";

async function assertUser(deps: ApiDeps, userId: string) {
  const { rowCount } = await deps.db.query(`SELECT 1 FROM ${deps.config.appSchema}.users WHERE id = $1`, [userId]);
  if (!rowCount) throw new AppError("NOT_FOUND", "User not found");
}

async function counts(deps: ApiDeps, userId: string) {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<{ followers: number; following: number }>(
    `SELECT (SELECT count(*)::int FROM ${s}.follows WHERE followee_id = $1) AS followers,
            (SELECT count(*)::int FROM ${s}.follows WHERE follower_id = $1) AS following`,
    [userId],
  );
  return rows[0] ?? { followers: 0, following: 0 };
}

export type FollowReturnType = { user_id: string; following: boolean; follower_count: number };

/** follow-user: the caller follows `userId`. */
export async function followUser(deps: ApiDeps, user: AuthedUser, userId: string): Promise<FollowReturnType> {
  if (userId === user.id) throw new AppError("INVALID_PARAMETERS", "You cannot follow yourself");
  await assertUser(deps, userId);
  const s = deps.config.appSchema;
  await withTransaction(deps, async (client) => {
    const inserted = await client.query(
      `INSERT INTO ${s}.follows (follower_id, followee_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [user.id, userId],
    );
    if (inserted.rowCount) {
      await notify(client, s, {
        kind: "follow",
        recipients: [userId],
        actorId: user.id,
        dedupeKey: `follow:${user.id}`,
      });
    }
  });
  return { user_id: userId, following: true, follower_count: (await counts(deps, userId)).followers };
}

/** unfollow-user: the caller stops following `userId` (idempotent). */
export async function unfollowUser(deps: ApiDeps, user: AuthedUser, userId: string): Promise<FollowReturnType> {
  await assertUser(deps, userId);
  await deps.db.query(`DELETE FROM ${deps.config.appSchema}.follows WHERE follower_id = $1 AND followee_id = $2`, [
    user.id,
    userId,
  ]);
  return { user_id: userId, following: false, follower_count: (await counts(deps, userId)).followers };
}

export type FollowListParameters = { user_id?: string; limit: number; offset: number };

/** get-followers / get-following: a user's followers or followees (default the caller), newest first. */
export async function listFollows(
  deps: ApiDeps,
  user: AuthedUser,
  direction: "followers" | "following",
  p: FollowListParameters,
) {
  const subject = p.user_id ?? user.id;
  await assertUser(deps, subject);
  const s = deps.config.appSchema;
  const [mine, other] = direction === "followers" ? ["followee_id", "follower_id"] : ["follower_id", "followee_id"];
  const [{ rows }, total] = await allEnded([
    deps.db.query<{ id: string; username: string; profile_picture: string; followed_at: Date }>(
      `SELECT u.id, u.username, u.profile_picture, f.created_at AS followed_at
         FROM ${s}.follows f JOIN ${s}.users u ON u.id = f.${other}
        WHERE f.${mine} = $1 ORDER BY f.created_at DESC, u.id LIMIT $2 OFFSET $3`,
      [subject, p.limit + 1, p.offset],
    ),
    counts(deps, subject),
  ]);
  return {
    user_id: subject,
    users: rows.slice(0, p.limit).map((r) => ({ ...r, followed_at: iso(r.followed_at) })),
    total: direction === "followers" ? total.followers : total.following,
    pagination: { limit: p.limit, offset: p.offset, has_more: rows.length > p.limit },
  };
}
