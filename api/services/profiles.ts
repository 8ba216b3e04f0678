/**
 * Profiles: the caller's own (get-me, update-profile) and anyone's public one (get-user).
 *
 * - A username is 3–30 letters, digits or `_` (USERNAME in core/text.ts), unique without regard to case (a unique
 *   index on lower(username), migration 015): of two concurrent claims one wins and the other gets 409. A user may
 *   change it; mentions resolve names when a post is written, and every read joins the current name, so posts,
 *   notifications and token creators show the new one at once.
 * - The picture is an http(s) URL or a data:image/ URI, checked as token images are (api/services/media.ts); a data
 *   URI is stored content-addressed and served at /ipfs/<cid>. An empty string removes it.
 * - Holdings are public only when the user says so (show_holdings, default false).
 */
import { allEnded } from "../../core/all-ended.js";
import { AppError } from "../../core/errors.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { media } from "./media.js";
import { storeBlob } from "./metadata.js";
import { getPortfolio } from "./portfolio.js";
import { type PostView, postViews } from "./social/post-view.js";

export type Profile = {
  id: string;
  username: string;
  profile_picture: string;
  bio: string;
  wallet_address: string;
  created_at: string;
  follower_count: number;
  following_count: number;
  show_holdings: boolean;
};

export type UpdateProfileInput = {
  username?: string;
  profile_picture?: string;
  bio?: string;
  show_holdings?: boolean;
};

/** How many of a user's tokens and recent posts get-user shows. */
export const PROFILE_TOKENS = 20;
export const PROFILE_POSTS = 10;
export const PROFILE_HOLDINGS = 20;

type ProfileRow = {
  id: string;
  username: string;
  profile_picture: string;
  bio: string;
  wallet_address: string;
  created_at: Date;
  show_holdings: boolean;
  follower_count: string;
  following_count: string;
};

const profileColumns = (s: string) => `u.id, u.username, u.profile_picture, u.bio, u.wallet_address, u.created_at,
       u.show_holdings,
       (SELECT count(*) FROM ${s}.follows f WHERE f.followee_id = u.id) AS follower_count,
       (SELECT count(*) FROM ${s}.follows f WHERE f.follower_id = u.id) AS following_count`;

const profileOf = (r: ProfileRow): Profile => ({
  id: r.id,
  username: r.username,
  profile_picture: r.profile_picture,
  bio: r.bio,
  wallet_address: r.wallet_address,
  created_at: r.created_at.toISOString(),
  follower_count: Number(r.follower_count),
  following_count: Number(r.following_count),
  show_holdings: r.show_holdings,
});

/** The profile of the user `where` (a SQL condition on `u` with $1) finds, or undefined. */
async function findProfile(deps: ApiDeps, where: string, value: string): Promise<Profile | undefined> {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<ProfileRow>(`SELECT ${profileColumns(s)} FROM ${s}.users u WHERE ${where}`, [
    value,
  ]);
  return rows[0] && profileOf(rows[0]);
}

/** get-me: the caller's own profile. */
export async function getMe(deps: ApiDeps, user: AuthedUser): Promise<Profile> {
  const profile = await findProfile(deps, "u.id = $1", user.id);
  if (!profile) throw new AppError("AUTHENTICATION_FAILED", "User not found");
  return profile;
}

/** update-profile: sets what it is given, and answers the profile as it now is. */
export async function updateProfile(deps: ApiDeps, user: AuthedUser, input: UpdateProfileInput): Promise<Profile> {
  const sets: string[] = [];
  const values: unknown[] = [user.id];
  const set = (column: string, value: unknown) => {
    values.push(value);
    sets.push(`${column} = $${values.length}`);
  };
  if (input.username !== undefined) set("username", input.username);
  if (input.bio !== undefined) set("bio", input.bio);
  if (input.show_holdings !== undefined) set("show_holdings", input.show_holdings);
  if (input.profile_picture !== undefined) set("profile_picture", await pictureUrl(deps, input.profile_picture));
  if (sets.length === 0) {
    throw new AppError("INVALID_PARAMETERS", "Nothing to update: give username, profile_picture, bio or show_holdings");
  }
  try {
    await deps.db.query(`UPDATE ${deps.config.appSchema}.users SET ${sets.join(", ")} WHERE id = $1`, values);
  } catch (error) {
    if ((error as { code?: string }).code === "23505" && input.username !== undefined) {
      throw new AppError("INVALID_PARAMETERS", `Username ${input.username} is taken`, {
        status: 409,
        details: { reason: "username_taken", username: input.username },
      });
    }
    throw error;
  }
  return getMe(deps, user);
}

/** The URL a profile picture is kept as: a URL as given, a data URI stored and served at /ipfs/<cid>, or "". */
async function pictureUrl(deps: ApiDeps, value: string): Promise<string> {
  if (value === "") return "";
  const m = media("profile_picture", value, "image");
  if (m.source === "url") return m.url;
  const cid = await storeBlob(deps, m.bytes, m.contentType, "profile_picture");
  return `${deps.config.publicUrl}/ipfs/${cid}`;
}

export type PublicProfile = Omit<Profile, "show_holdings"> & {
  holdings_public: boolean;
  tokens: { id: string; name: string; symbol: string; slug: string; logo: string; created_at: string }[];
  posts: PostView[];
  /** The user's holdings when they are public (show_holdings), else null. */
  holdings: Awaited<ReturnType<typeof getPortfolio>>["holdings"] | null;
};

/** get-user: a public profile by id or username (case-insensitive), with the user's tokens and recent posts. */
export async function getUser(
  deps: ApiDeps,
  viewer: AuthedUser | undefined,
  by: { user_id?: string; username?: string },
): Promise<PublicProfile> {
  if ((by.user_id === undefined) === (by.username === undefined)) {
    throw new AppError("INVALID_PARAMETERS", "Give exactly one of user_id or username");
  }
  const profile =
    by.user_id !== undefined
      ? await findProfile(deps, "u.id = $1", by.user_id)
      : await findProfile(deps, "lower(u.username) = lower($1)", by.username as string);
  if (!profile) throw new AppError("NOT_FOUND", "User not found");
  const s = deps.config.appSchema;
  const [tokens, postIds, portfolio] = await allEnded([
    deps.db.query<{ id: string; name: string; symbol: string; slug: string; logo: string; created_at: Date }>(
      `SELECT id, name, symbol, slug, logo, created_at FROM ${s}.tokens
        WHERE creator_user_id = $1 ORDER BY created_at DESC, id LIMIT ${PROFILE_TOKENS}`,
      [profile.id],
    ),
    deps.db.query<{ id: string }>(
      `SELECT id FROM ${s}.posts WHERE user_id = $1 AND parent_post_id IS NULL AND club_id IS NULL
        ORDER BY seq DESC LIMIT ${PROFILE_POSTS}`,
      [profile.id],
    ),
    profile.show_holdings
      ? getPortfolio(deps, { address: profile.wallet_address, limit: PROFILE_HOLDINGS, offset: 0 })
      : undefined,
  ]);
  const { show_holdings, ...shown } = profile;
  return {
    ...shown,
    holdings_public: show_holdings,
    tokens: tokens.rows.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
    posts: await postViews(
      deps,
      postIds.rows.map((r) => r.id),
      viewer?.id,
    ),
    holdings: portfolio?.holdings ?? null,
  };
}
