/**
 * API keys in Postgres (the format: core/api-keys.ts). The key is returned once, at creation; only its SHA-256 and
 * its first characters are stored. scripts/api-key.ts is the CLI over these functions; the auth middleware
 * (api/middleware/auth.ts) looks a presented key up by its hash (userOfApiKey).
 */
import type pg from "pg";
import { API_KEY_SHOWN_CHARACTERS, hashApiKey, newApiKey } from "../core/api-keys.js";

export type ApiKeyTier = "authenticated" | "premium";

export type ApiKeyRecord = {
  id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  tier: ApiKeyTier;
  created_at: Date;
  revoked_at: Date | null;
};

export type CreateApiKeyParameters = { userId: string; name?: string; tier?: ApiKeyTier };
export type CreateApiKeyReturnType = { key: string; record: ApiKeyRecord };

/** A fresh key for `userId`; the returned `key` is the only copy there will ever be. */
export async function createApiKey(
  db: pg.Pool | pg.Client,
  schema: string,
  p: CreateApiKeyParameters,
): Promise<CreateApiKeyReturnType> {
  const key = newApiKey();
  const { rows } = await db.query<ApiKeyRecord>(
    `INSERT INTO ${schema}.api_keys (user_id, name, key_hash, key_prefix, tier) VALUES ($1, $2, $3, $4, $5)
     RETURNING id, user_id, name, key_prefix, tier, created_at, revoked_at`,
    [p.userId, p.name ?? "", hashApiKey(key), key.slice(0, API_KEY_SHOWN_CHARACTERS), p.tier ?? "authenticated"],
  );
  const record = rows[0];
  if (!record) throw new Error("api key insert returned nothing");
  return { key, record };
}

/** Every key of a user, newest first, revoked ones included. */
export async function listApiKeys(db: pg.Pool | pg.Client, schema: string, userId: string): Promise<ApiKeyRecord[]> {
  const { rows } = await db.query<ApiKeyRecord>(
    `SELECT id, user_id, name, key_prefix, tier, created_at, revoked_at FROM ${schema}.api_keys
      WHERE user_id = $1 ORDER BY created_at DESC, id`,
    [userId],
  );
  return rows;
}

/** Revoke a key; returns false when no active key has that id. Takes effect on the next request. */
export async function revokeApiKey(db: pg.Pool | pg.Client, schema: string, id: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE ${schema}.api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL`,
    [id],
  );
  return (rowCount ?? 0) > 0;
}

/** The user of an active key, by the key's hash, with the key's id and tier; undefined for an unknown or revoked key. */
export async function userOfApiKey(
  db: pg.Pool,
  schema: string,
  keyHash: Buffer,
): Promise<{ key_id: string; tier: ApiKeyTier; id: string; wallet_address: string; wallet_index: number } | undefined> {
  const { rows } = await db.query<{
    key_id: string;
    tier: ApiKeyTier;
    id: string;
    wallet_address: string;
    wallet_index: number;
  }>({
    // Prepared once per connection: every API-key request runs it.
    name: `api-key-user:${schema}`,
    text: `SELECT k.id AS key_id, k.tier, u.id, u.wallet_address, u.wallet_index
       FROM ${schema}.api_keys k JOIN ${schema}.users u ON u.id = k.user_id
       WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    values: [keyHash],
  });
  return rows[0];
}
