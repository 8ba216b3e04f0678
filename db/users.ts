/**
 * Users in Postgres: provisioning one on first sight of an identity provider subject, or creating one (scripts,
 * tests), each with the next custodial wallet as the wallet on record.
 */
import type pg from "pg";
import { walletAddress } from "../core/wallets.js";

/** What provisioning needs: the pool, the app schema and the custodial wallet secret (the API's deps fit it). */
export type UsersDeps = { db: pg.Pool; config: { appSchema: string; walletSecret: string } };

/** A provisioned user, as the API's authenticated user (api/env.ts AuthedUser) takes it. */
export type ProvisionedUser = { id: string; walletAddress: `0x${string}`; walletIndex: number; tier: "authenticated" };

/** Find or create the user of an identity provider subject. */
export async function provisionUser(deps: UsersDeps, sub: string): Promise<ProvisionedUser> {
  const found = await deps.db.query<{ id: string; wallet_address: string; wallet_index: number }>(
    `SELECT id, wallet_address, wallet_index FROM ${deps.config.appSchema}.users WHERE external_sub = $1`,
    [sub],
  );
  const row = found.rows[0] ?? (await createUser(deps, sub));
  return {
    id: row.id,
    walletAddress: row.wallet_address as `0x${string}`,
    walletIndex: row.wallet_index,
    tier: "authenticated",
  };
}

/** Create a user (optionally tied to an identity provider subject) with the next custodial wallet. */
export async function createUser(deps: UsersDeps, sub: string | null, username?: string) {
  const s = deps.config.appSchema;
  const index = Number(
    (await deps.db.query<{ n: string }>(`SELECT nextval('${s}.wallet_index_seq') AS n`)).rows[0]?.n ?? Number.NaN,
  );
  const address = walletAddress(deps.config.walletSecret, index);
  const name = username ?? `user_${address.slice(2, 10).toLowerCase()}`;
  const inserted = await deps.db.query<{ id: string; wallet_address: string; wallet_index: number }>(
    `INSERT INTO ${s}.users (external_sub, username, wallet_index, wallet_address) VALUES ($1, $2, $3, $4)
     ON CONFLICT (external_sub) DO UPDATE SET external_sub = EXCLUDED.external_sub
     RETURNING id, wallet_address, wallet_index`,
    [sub, name, index, address],
  );
  const row = inserted.rows[0];
  if (!row) throw new Error("user insert returned nothing");
  return row;
}

/** A user as a transfer names its recipient: id, username and wallet on record (null when missing). */
export type RecipientRow = { id: string; username: string; wallet_address: string | null };

/** A user by id, by username in any case, or by its wallet on record. */
export async function readRecipient(
  db: pg.Pool,
  schema: string,
  by: { id: string } | { username: string } | { wallet: string },
): Promise<RecipientRow | undefined> {
  const [where, value] =
    "id" in by
      ? ["id = $1", by.id]
      : "username" in by
        ? ["lower(username) = lower($1)", by.username]
        : ["lower(wallet_address) = lower($1)", by.wallet];
  return (
    await db.query<RecipientRow>(`SELECT id, username, wallet_address FROM ${schema}.users WHERE ${where}`, [value])
  ).rows[0];
}

/** A user's profile row: what get-me and get-user show, with follower and following counts. */
export type ProfileRow = {
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

/** A user's profile by id, or by username in any case. */
export async function readProfile(
  db: pg.Pool,
  schema: string,
  by: { id: string } | { username: string },
): Promise<ProfileRow | undefined> {
  const [where, value] = "id" in by ? ["u.id = $1", by.id] : ["lower(u.username) = lower($1)", by.username];
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${profileColumns(schema)} FROM ${schema}.users u WHERE ${where}`,
    [value],
  );
  return rows[0];
}

export type ProfileChanges = { username?: string; bio?: string; show_holdings?: boolean; profile_picture?: string };

/** Sets a user's profile fields that `changes` gives; a username another user has throws Postgres' 23505. */
export async function updateProfileRow(
  db: pg.Pool,
  schema: string,
  id: string,
  changes: ProfileChanges,
): Promise<void> {
  const sets: string[] = [];
  const values: unknown[] = [id];
  for (const column of ["username", "bio", "show_holdings", "profile_picture"] as const) {
    if (changes[column] === undefined) continue;
    values.push(changes[column]);
    sets.push(`${column} = $${values.length}`);
  }
  if (sets.length === 0) return;
  await db.query(`UPDATE ${schema}.users SET ${sets.join(", ")} WHERE id = $1`, values);
}

/** The id of the user whose wallet on record is `wallet` (any case), if any. */
export async function userIdByWallet(db: pg.Pool, schema: string, wallet: string): Promise<string | undefined> {
  return (
    await db.query<{ id: string }>(`SELECT id FROM ${schema}.users WHERE lower(wallet_address) = lower($1) LIMIT 1`, [
      wallet,
    ])
  ).rows[0]?.id;
}

/** The ids of the users named `usernames` (lowercase; case-insensitive match). */
export async function userIdsByUsernames(db: pg.Pool | pg.PoolClient, schema: string, usernames: string[]) {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${schema}.users WHERE lower(username) = ANY($1::text[])`,
    [usernames],
  );
  return rows.map((r) => r.id);
}
