/**
 * Follows: the graph behind the `following` timeline. Following is idempotent, notifies the followed user once
 * (per follower, ever), and one cannot follow oneself.
 */
import { allEnded } from "../../../core/all-ended.js";
import { AppError } from "../../../core/errors.js";
import { deleteFollow, followCounts, insertFollow, readFollows, userExists } from "../../../db/social/follows.js";
import { notify } from "../../../db/social/notifications.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { withTransaction } from "./transaction.js";
import { iso } from "./units.js";

async function assertUser(deps: ApiDeps, userId: string) {
  if (!(await userExists(deps.db, deps.config.appSchema, userId))) throw new AppError("NOT_FOUND", "User not found");
}

const counts = (deps: ApiDeps, userId: string) => followCounts(deps.db, deps.config.appSchema, userId);

export type FollowReturnType = { user_id: string; following: boolean; follower_count: number };

/** follow-user: the caller follows `userId`. */
export async function followUser(deps: ApiDeps, user: AuthedUser, userId: string): Promise<FollowReturnType> {
  if (userId === user.id) throw new AppError("INVALID_PARAMETERS", "You cannot follow yourself");
  await assertUser(deps, userId);
  const s = deps.config.appSchema;
  await withTransaction(deps, async (client) => {
    if (await insertFollow(client, s, user.id, userId)) {
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
  await deleteFollow(deps.db, deps.config.appSchema, user.id, userId);
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
  const [rows, total] = await allEnded([
    readFollows(deps.db, deps.config.appSchema, { userId: subject, direction, limit: p.limit + 1, offset: p.offset }),
    counts(deps, subject),
  ]);
  return {
    user_id: subject,
    users: rows.slice(0, p.limit).map((r) => ({ ...r, followed_at: iso(r.followed_at) })),
    total: direction === "followers" ? total.followers : total.following,
    pagination: { limit: p.limit, offset: p.offset, has_more: rows.length > p.limit },
  };
}
