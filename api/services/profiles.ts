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
import { recentPostIdsOf } from "../../db/social/posts.js";
import { tokensOfCreator } from "../../db/tokens.js";
import { type ProfileChanges, type ProfileRow, readProfile, updateProfileRow } from "../../db/users.js";
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

/** The profile of a user by id or username, or undefined. */
async function findProfile(deps: ApiDeps, by: { id: string } | { username: string }): Promise<Profile | undefined> {
  const row = await readProfile(deps.db, deps.config.appSchema, by);
  return row && profileOf(row);
}

/** get-me: the caller's own profile. */
export async function getMe(deps: ApiDeps, user: AuthedUser): Promise<Profile> {
  const profile = await findProfile(deps, { id: user.id });
  if (!profile) throw new AppError("AUTHENTICATION_FAILED", "User not found");
  return profile;
}

/** update-profile: sets what it is given, and answers the profile as it now is. */
export async function updateProfile(deps: ApiDeps, user: AuthedUser, input: UpdateProfileInput): Promise<Profile> {
  const changes: ProfileChanges = {};
  if (input.username !== undefined) changes.username = input.username;
  if (input.bio !== undefined) changes.bio = input.bio;
  if (input.show_holdings !== undefined) changes.show_holdings = input.show_holdings;
  if (input.profile_picture !== undefined) changes.profile_picture = await pictureUrl(deps, input.profile_picture);
  if (Object.keys(changes).length === 0) {
    throw new AppError("INVALID_PARAMETERS", "Nothing to update: give username, profile_picture, bio or show_holdings");
  }
  try {
    await updateProfileRow(deps.db, deps.config.appSchema, user.id, changes);
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
      ? await findProfile(deps, { id: by.user_id })
      : await findProfile(deps, { username: by.username as string });
  if (!profile) throw new AppError("NOT_FOUND", "User not found");
  const s = deps.config.appSchema;
  const [tokens, postIds, portfolio] = await allEnded([
    tokensOfCreator(deps.db, s, profile.id, PROFILE_TOKENS),
    recentPostIdsOf(deps.db, s, profile.id, PROFILE_POSTS),
    profile.show_holdings
      ? getPortfolio(deps, { address: profile.wallet_address, limit: PROFILE_HOLDINGS, offset: 0 })
      : undefined,
  ]);
  const { show_holdings, ...shown } = profile;
  return {
    ...shown,
    holdings_public: show_holdings,
    tokens: tokens.map((t) => ({ ...t, created_at: t.created_at.toISOString() })),
    posts: await postViews(deps, postIds, viewer?.id),
    holdings: portfolio?.holdings ?? null,
  };
}
