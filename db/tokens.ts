/**
 * The app's token records (app.tokens: the uuid, slug, metadata and destinations of each token created through the
 * service, db/migrations), read by the API. The row's type is db/indexed/deployments.ts AppTokenRow, which joins it
 * to the indexed tokens.
 */
import type pg from "pg";
import type { AppTokenRow } from "./indexed/deployments.js";

/** A token by its uuid. */
export async function tokenById(db: pg.Pool, schema: string, id: string): Promise<AppTokenRow | undefined> {
  return (await db.query<AppTokenRow>(`SELECT * FROM ${schema}.tokens WHERE id = $1`, [id])).rows[0];
}

/** A token by its slug (lowercase). */
export async function tokenBySlug(db: pg.Pool, schema: string, slug: string): Promise<AppTokenRow | undefined> {
  return (await db.query<AppTokenRow>(`SELECT * FROM ${schema}.tokens WHERE slug = $1`, [slug])).rows[0];
}

/** A token by its token_layer_id, in any case. */
export async function tokenByLayerId(
  db: pg.Pool,
  schema: string,
  tokenLayerId: string,
): Promise<AppTokenRow | undefined> {
  return (
    await db.query<AppTokenRow>(`SELECT * FROM ${schema}.tokens WHERE lower(token_layer_id) = lower($1) LIMIT 1`, [
      tokenLayerId,
    ])
  ).rows[0];
}

/** The tokens of several token_layer_ids (lowercase), in no particular order; ids without a record are left out. */
export async function tokensByLayerIds(db: pg.Pool, schema: string, layerIds: string[]): Promise<AppTokenRow[]> {
  return (
    await db.query<AppTokenRow>(`SELECT * FROM ${schema}.tokens WHERE lower(token_layer_id) = ANY($1::text[])`, [
      layerIds,
    ])
  ).rows;
}

/** The newest `limit` tokens a user created, as their profile lists them. */
export async function tokensOfCreator(
  db: pg.Pool,
  schema: string,
  userId: string,
  limit: number,
): Promise<{ id: string; name: string; symbol: string; slug: string; logo: string; created_at: Date }[]> {
  return (
    await db.query<{ id: string; name: string; symbol: string; slug: string; logo: string; created_at: Date }>(
      `SELECT id, name, symbol, slug, logo, created_at FROM ${schema}.tokens
        WHERE creator_user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
      [userId, limit],
    )
  ).rows;
}
