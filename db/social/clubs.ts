/**
 * Clubs in Postgres (app.clubs, club_members, club_invites): a club's row, a user's membership and invitation, joining
 * and leaving (which keep member_count), invitations, members and the listing. api/services/social/clubs.ts holds
 * the access rule.
 */
import type pg from "pg";

export type ClubVisibility = "public" | "holders" | "invite";

/** A club; `min_balance` in token base units. */
export type ClubRow = {
  id: string;
  name: string;
  description: string;
  visibility: ClubVisibility;
  token_id: string | null;
  min_balance: string;
  owner_id: string;
  member_count: number;
  created_at: Date;
};

const CLUB_COLUMNS = (c: string) =>
  `${c}id, ${c}name, ${c}description, ${c}visibility, ${c}token_id, ${c}min_balance::text, ${c}owner_id, ${c}member_count, ${c}created_at`;

export async function readClub(db: pg.Pool, schema: string, clubId: string): Promise<ClubRow | undefined> {
  const { rows } = await db.query<ClubRow>(`SELECT ${CLUB_COLUMNS("")} FROM ${schema}.clubs WHERE id = $1`, [clubId]);
  return rows[0];
}

/** Whether a user is a member of a club, and whether they are invited to it. */
export async function readMembership(
  db: pg.Pool,
  schema: string,
  clubId: string,
  userId: string,
): Promise<{ member: boolean; invited: boolean }> {
  const s = schema;
  const { rows } = await db.query<{ member: boolean; invited: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${s}.club_members WHERE club_id = $1 AND user_id = $2) AS member,
            EXISTS (SELECT 1 FROM ${s}.club_invites WHERE club_id = $1 AND user_id = $2) AS invited`,
    [clubId, userId],
  );
  return rows[0] ?? { member: false, invited: false };
}

export type NewClub = {
  name: string;
  description: string;
  visibility: ClubVisibility;
  tokenId: string | null;
  minBalance: bigint;
  ownerId: string;
};

/** Creates a club with its owner as its first member; returns its id. */
export async function insertClub(db: pg.Pool, schema: string, c: NewClub): Promise<string> {
  const s = schema;
  const { rows } = await db.query<{ id: string }>(
    `WITH c AS (
       INSERT INTO ${s}.clubs (name, description, visibility, token_id, min_balance, owner_id, member_count)
       VALUES ($1, $2, $3, $4, $5, $6, 1) RETURNING id
     )
     INSERT INTO ${s}.club_members (club_id, user_id, role) SELECT id, $6, 'owner' FROM c RETURNING club_id AS id`,
    [c.name, c.description, c.visibility, c.tokenId, c.minBalance.toString(), c.ownerId],
  );
  return rows[0]?.id ?? "";
}

/** Adds a member (no-op for a member), counting them. */
export async function addMember(db: pg.Pool, schema: string, clubId: string, userId: string): Promise<void> {
  const s = schema;
  await db.query(
    `WITH m AS (
       INSERT INTO ${s}.club_members (club_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING club_id
     )
     UPDATE ${s}.clubs SET member_count = member_count + (SELECT count(*) FROM m) WHERE id = $1`,
    [clubId, userId],
  );
}

/** Removes a member (no-op for a non-member), counting them out. */
export async function removeMember(db: pg.Pool, schema: string, clubId: string, userId: string): Promise<void> {
  const s = schema;
  await db.query(
    `WITH m AS (DELETE FROM ${s}.club_members WHERE club_id = $1 AND user_id = $2 RETURNING club_id)
     UPDATE ${s}.clubs SET member_count = member_count - (SELECT count(*) FROM m) WHERE id = $1`,
    [clubId, userId],
  );
}

/** Invites a user; false when they were invited already. */
export async function insertInvite(
  db: pg.Pool,
  schema: string,
  clubId: string,
  userId: string,
  invitedBy: string,
): Promise<boolean> {
  const invited = await db.query(
    `INSERT INTO ${schema}.club_invites (club_id, user_id, invited_by) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [clubId, userId, invitedBy],
  );
  return (invited.rowCount ?? 0) > 0;
}

export type MemberRow = {
  id: string;
  username: string;
  profile_picture: string;
  role: "owner" | "member";
  joined_at: Date;
};

/** A page of a club's members: the owner first, then by joining time. */
export async function readMembers(
  db: pg.Pool,
  schema: string,
  clubId: string,
  page: { limit: number; offset: number },
): Promise<MemberRow[]> {
  const s = schema;
  const { rows } = await db.query<MemberRow>(
    `SELECT u.id, u.username, u.profile_picture, m.role, m.joined_at
       FROM ${s}.club_members m JOIN ${s}.users u ON u.id = m.user_id
      WHERE m.club_id = $1 ORDER BY m.role = 'owner' DESC, m.joined_at, u.id LIMIT $2 OFFSET $3`,
    [clubId, page.limit, page.offset],
  );
  return rows;
}

/**
 * A page of the clubs a user sees listed, newest first, optionally of one token: public and holders-only clubs, and
 * invite-only clubs the user belongs to or is invited to; each with whether the user is a member.
 */
export async function readListedClubs(
  db: pg.Pool,
  schema: string,
  userId: string,
  p: { tokenId: string | null; limit: number; offset: number },
): Promise<(ClubRow & { is_member: boolean })[]> {
  const s = schema;
  const { rows } = await db.query<ClubRow & { is_member: boolean }>(
    `SELECT ${CLUB_COLUMNS("c.")}, (m.user_id IS NOT NULL) AS is_member
       FROM ${s}.clubs c
       LEFT JOIN ${s}.club_members m ON m.club_id = c.id AND m.user_id = $1
      WHERE ($2::uuid IS NULL OR c.token_id = $2)
        AND (c.visibility <> 'invite' OR m.user_id IS NOT NULL
             OR EXISTS (SELECT 1 FROM ${s}.club_invites i WHERE i.club_id = c.id AND i.user_id = $1))
      ORDER BY c.created_at DESC, c.id LIMIT $3 OFFSET $4`,
    [userId, p.tokenId, p.limit, p.offset],
  );
  return rows;
}
