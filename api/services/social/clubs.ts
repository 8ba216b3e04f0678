/**
 * Clubs: create, join, leave, invite, members, listing, and the access rule every read of a club's posts goes
 * through (assertClubAccess).
 *
 * Visibility:
 * - public: anyone may view and join;
 * - holders: viewing and joining need an indexed balance of the club's token of at least min_balance (base units,
 *   summed over chains, the wallet on record), checked at every read: a member who sells below it loses access
 *   until they hold enough again;
 * - invite: members and invited users may view; only invited users may join; the owner invites.
 * The owner always has access. A caller without access gets 403 "Access denied: no permission to view this club".
 */
import { parseUnits } from "viem";
import { AppError } from "../../../core/errors.js";
import { readTokenBalance } from "../../../db/indexed/holdings.js";
import {
  addMember,
  type ClubRow,
  insertClub,
  insertInvite,
  readClub,
  readListedClubs,
  readMembers,
  readMembership,
  removeMember,
} from "../../../db/social/clubs.js";
import { userExists } from "../../../db/social/follows.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens/lookup.js";
import { iso, wholeTokens } from "./units.js";

export const CLUB_ACCESS_DENIED = "Access denied: no permission to view this club";

/** create-club's input; `min_balance` is a decimal number of whole tokens (holders-only clubs). */
export type CreateClubInput = {
  name: string;
  description: string;
  visibility: ClubRow["visibility"];
  token_id?: string;
  min_balance?: string;
};

/** A club as a caller who may view it sees it; `min_balance` in token base units beside whole tokens. */
export type ClubView = {
  id: string;
  name: string;
  description: string;
  visibility: ClubRow["visibility"];
  token_id: string | null;
  min_balance: string;
  min_balance_tokens: number;
  owner_id: string;
  member_count: number;
  is_member: boolean;
  created_at: string;
};

const denied = () => new AppError("FORBIDDEN", CLUB_ACCESS_DENIED);

async function clubRow(deps: ApiDeps, clubId: string): Promise<ClubRow> {
  const row = await readClub(deps.db, deps.config.appSchema, clubId);
  if (!row) throw new AppError("NOT_FOUND", "Club not found");
  return row;
}

async function holdsEnough(deps: ApiDeps, club: ClubRow, user: AuthedUser) {
  if (!club.token_id) return false;
  const balance = await readTokenBalance(deps.db, deps.config, club.token_id, user.walletAddress);
  const minimum = BigInt(club.min_balance);
  return minimum === 0n ? balance > 0n : balance >= minimum;
}

/** Whether `user` may view `club` (its posts, members and details), and whether they are a member. */
async function accessOf(deps: ApiDeps, club: ClubRow, user: AuthedUser) {
  const m = await readMembership(deps.db, deps.config.appSchema, club.id, user.id);
  if (club.owner_id === user.id || club.visibility === "public") return { allowed: true, ...m };
  if (club.visibility === "invite") return { allowed: m.member || m.invited, ...m };
  return { allowed: await holdsEnough(deps, club, user), ...m };
}

/** The club, if `user` may view it; otherwise 403 with the spec's message (404 when it does not exist). */
export async function assertClubAccess(deps: ApiDeps, user: AuthedUser, clubId: string) {
  const club = await clubRow(deps, clubId);
  const access = await accessOf(deps, club, user);
  if (!access.allowed) throw denied();
  return { club, isMember: access.member || club.owner_id === user.id };
}

function clubView(club: ClubRow, isMember: boolean): ClubView {
  return {
    id: club.id,
    name: club.name,
    description: club.description,
    visibility: club.visibility,
    token_id: club.token_id,
    min_balance: club.min_balance,
    min_balance_tokens: wholeTokens(club.min_balance),
    owner_id: club.owner_id,
    member_count: club.member_count,
    is_member: isMember,
    created_at: iso(club.created_at),
  };
}

/** create-club: the caller owns it and is its first member. A holders-only club needs token_id. */
export async function createClub(deps: ApiDeps, user: AuthedUser, input: CreateClubInput): Promise<ClubView> {
  if (input.visibility === "holders" && !input.token_id) {
    throw new AppError("INVALID_PARAMETERS", "Invalid token_id: a holders-only club needs the token to hold");
  }
  if (input.token_id) await assertTokenExists(deps, input.token_id);
  const minBalance = input.min_balance ? parseUnits(input.min_balance, 18) : 0n;
  const id = await insertClub(deps.db, deps.config.appSchema, {
    name: input.name,
    description: input.description,
    visibility: input.visibility,
    tokenId: input.token_id ?? null,
    minBalance,
    ownerId: user.id,
  });
  return clubView(await clubRow(deps, id), true);
}

/** get-club: details of a club the caller may view. */
export async function getClub(deps: ApiDeps, user: AuthedUser, clubId: string): Promise<ClubView> {
  const { club, isMember } = await assertClubAccess(deps, user, clubId);
  return clubView(club, isMember);
}

/** join-club: public clubs for anyone, holders-only for holders, invite-only for invited users. Idempotent. */
export async function joinClub(deps: ApiDeps, user: AuthedUser, clubId: string): Promise<ClubView> {
  const club = await clubRow(deps, clubId);
  const access = await accessOf(deps, club, user);
  if (!access.allowed) throw denied();
  if (!access.member) await addMember(deps.db, deps.config.appSchema, clubId, user.id);
  return clubView(await clubRow(deps, clubId), true);
}

/**
 * leave-club: members leave (idempotent), even from a club they could no longer join; the owner cannot. Anyone else
 * who may not view the club gets get-club's refusal, so leaving reveals nothing of a club one cannot see.
 */
export async function leaveClub(deps: ApiDeps, user: AuthedUser, clubId: string): Promise<ClubView> {
  const club = await clubRow(deps, clubId);
  const access = await accessOf(deps, club, user);
  if (!access.allowed && !access.member) throw denied();
  if (club.owner_id === user.id) throw new AppError("INVALID_PARAMETERS", "The owner cannot leave their club");
  await removeMember(deps.db, deps.config.appSchema, clubId, user.id);
  return clubView(await clubRow(deps, clubId), false);
}

/** invite-to-club: the owner invites a user (idempotent); who may not view the club gets get-club's refusal. */
export async function inviteToClub(deps: ApiDeps, user: AuthedUser, clubId: string, userId: string) {
  const club = await clubRow(deps, clubId);
  if (club.owner_id !== user.id && !(await accessOf(deps, club, user)).allowed) throw denied();
  if (club.owner_id !== user.id) throw new AppError("FORBIDDEN", "Only the club's owner can invite");
  const s = deps.config.appSchema;
  if (!(await userExists(deps.db, s, userId))) throw new AppError("NOT_FOUND", "User not found");
  return { club_id: clubId, user_id: userId, created: await insertInvite(deps.db, s, clubId, userId, user.id) };
}

export type PageParameters = { limit: number; offset: number };

/** get-club-members: members of a club the caller may view, the owner first, then by joining time. */
export async function listClubMembers(deps: ApiDeps, user: AuthedUser, clubId: string, p: PageParameters) {
  await assertClubAccess(deps, user, clubId);
  const rows = await readMembers(deps.db, deps.config.appSchema, clubId, { limit: p.limit + 1, offset: p.offset });
  return {
    members: rows.slice(0, p.limit).map((r) => ({ ...r, joined_at: iso(r.joined_at) })),
    pagination: { limit: p.limit, offset: p.offset, has_more: rows.length > p.limit },
  };
}

/**
 * list-clubs: public and holders-only clubs, and invite-only clubs the caller belongs to or is invited to; newest
 * first, optionally of one token. Listing shows that a holders-only club exists; reading it still needs access.
 */
export async function listClubs(deps: ApiDeps, user: AuthedUser, p: PageParameters & { token_id?: string }) {
  const rows = await readListedClubs(deps.db, deps.config.appSchema, user.id, {
    tokenId: p.token_id ?? null,
    limit: p.limit + 1,
    offset: p.offset,
  });
  return {
    clubs: rows.slice(0, p.limit).map((r) => clubView(r, r.is_member)),
    pagination: { limit: p.limit, offset: p.offset, has_more: rows.length > p.limit },
  };
}
