/**
 * The app's token records (app.tokens: the uuid, slug, metadata and destinations of each token created through the
 * service, db/migrations), read by the API. The row's type is db/indexed/tokens.ts AppTokenRow, which joins it
 * to the indexed tokens.
 */
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { slugify } from "../core/text.js";
import type { AppTokenRow } from "./indexed/tokens.js";
import { inTransaction } from "./transaction.js";

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

/** A token created on chain outside the service, as its app row records it (the salt is unknown: stored empty). */
export type DiscoveredToken = {
  tokenLayerId: string;
  name: string;
  symbol: string;
  slug: string;
  description: string;
  logo: string;
  bannerUrl: string;
  videoUrl: string;
  poolType: number;
  chainSlug: string;
  creatorUserId: string | null;
  creatorAddress: string;
  createdAt: number;
};

/** Inserts the app row of a discovered token; undefined when its token_layer_id or slug is taken already. */
export async function insertDiscoveredToken(
  db: pg.Pool,
  schema: string,
  t: DiscoveredToken,
): Promise<AppTokenRow | undefined> {
  const inserted = await db.query<AppTokenRow>(
    `INSERT INTO ${schema}.tokens (token_layer_id, name, symbol, slug, description, logo, banner_url, video_url,
                                   pool_type, chain_slug, creator_user_id, creator_address, salt, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '', to_timestamp($13))
     ON CONFLICT DO NOTHING RETURNING *`,
    [
      t.tokenLayerId,
      t.name,
      t.symbol,
      t.slug,
      t.description,
      t.logo,
      t.bannerUrl,
      t.videoUrl,
      t.poolType,
      t.chainSlug,
      t.creatorUserId,
      t.creatorAddress,
      t.createdAt,
    ],
  );
  return inserted.rows[0];
}

/** Adds hashtags to a token (one already there is kept), then returns all of its hashtags, sorted. */
export async function addTokenHashtags(
  db: pg.Pool,
  schema: string,
  tokenId: string,
  tags: string[],
): Promise<string[]> {
  if (tags.length > 0) {
    await db.query(
      `INSERT INTO ${schema}.token_hashtags (token_id, hashtag) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [tokenId, tags],
    );
  }
  const tagged = await db.query<{ hashtag: string }>(
    `SELECT hashtag FROM ${schema}.token_hashtags WHERE token_id = $1 ORDER BY hashtag`,
    [tokenId],
  );
  return tagged.rows.map((r) => r.hashtag);
}

/** How a token stands on one of its destination chains (app.token_deployments), as create-token-transaction lists it. */
export type DestinationView = {
  chain: string;
  status: "pending" | "deployed" | "not_deployed";
  address: string | null;
  reason: string | null;
};

/** The destination chains of a token, in the order they were recorded; the reason is shown once one is final. */
export async function recordedDestinations(db: pg.Pool, schema: string, tokenId: string): Promise<DestinationView[]> {
  const { rows } = await db.query<DestinationView>(
    `SELECT chain_slug AS chain, status, address, CASE WHEN status = 'pending' THEN NULL ELSE reason END AS reason
       FROM ${schema}.token_deployments WHERE token_id = $1 ORDER BY created_at, chain_slug`,
    [tokenId],
  );
  return rows;
}

/** A token the service creates, as recorded before its createToken transaction is sent. */
export type NewToken = {
  id: string;
  tokenLayerId: string;
  name: string;
  symbol: string;
  description: string;
  logo: string;
  banner: string;
  video: string;
  links: Record<string, string>;
  poolType: number;
  chainSlug: string;
  destinationChains: string[];
  deployments: DestinationView[];
  userId: string;
  creator: string;
  salt: string;
  cid: string;
  tags: string[];
};

/**
 * Records a new token in one transaction: its row, under the name's slug made unique with -2, -3, … (or a random
 * suffix when a concurrent insert takes it), its destinations, its hashtags, and its launch post (the creator's first
 * post about it: the description, tagged with the token). Returns the slug it got.
 */
export async function insertCreatedToken(db: pg.Pool, schema: string, t: NewToken): Promise<string> {
  const s = schema;
  const base = slugify(t.name);
  return inTransaction(db, async (client) => {
    const taken = await client.query<{ slug: string }>(
      `SELECT slug FROM ${s}.tokens WHERE slug = $1 OR slug LIKE $2 ESCAPE '\\'`,
      [base, `${base.replace(/[\\%_]/g, "\\$&")}-%`],
    );
    const used = new Set(taken.rows.map((r) => r.slug));
    let slug = base;
    for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
    // A concurrent insert can take the same slug between the read and the insert: retry on the unique violation.
    for (let attempt = 0; ; attempt++) {
      await client.query("SAVEPOINT slug");
      try {
        await client.query(
          `INSERT INTO ${s}.tokens (id, token_layer_id, name, symbol, slug, description, logo, banner_url, video_url,
             links, pool_type, chain_slug, destination_chains, creator_user_id, creator_address, salt, metadata_cid)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
          [
            t.id,
            t.tokenLayerId,
            t.name,
            t.symbol,
            slug,
            t.description,
            t.logo,
            t.banner,
            t.video,
            JSON.stringify(t.links),
            t.poolType,
            t.chainSlug,
            t.destinationChains,
            t.userId,
            t.creator,
            t.salt,
            t.cid,
          ],
        );
        break;
      } catch (error) {
        await client.query("ROLLBACK TO SAVEPOINT slug");
        const pgError = error as { code?: string; constraint?: string };
        if (pgError.code !== "23505" || !pgError.constraint?.includes("slug") || attempt > 20) throw error;
        slug = `${base}-${randomUUID().slice(0, 6)}`;
      }
    }
    for (const d of t.deployments) {
      await client.query(
        `INSERT INTO ${s}.token_deployments (token_id, chain_slug, status, address, reason) VALUES ($1, $2, $3, $4, $5)`,
        [t.id, d.chain, d.status, d.address, d.reason],
      );
    }
    for (const tag of t.tags) {
      await client.query(`INSERT INTO ${s}.token_hashtags (token_id, hashtag) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
        t.id,
        tag,
      ]);
    }
    await client.query(
      `WITH p AS (
         INSERT INTO ${s}.posts (user_id, content, tagged_token_id) VALUES ($1, $2, $3) RETURNING id
       )
       UPDATE ${s}.tokens SET launch_post_id = (SELECT id FROM p) WHERE id = $3`,
      [t.userId, t.description.trim() || `${t.name} ($${t.symbol})`, t.id],
    );
    return slug;
  });
}

/** The token a creator recorded under `salt`: what a replayed create-token-transaction answers with. */
export async function createdTokenBySalt(
  db: pg.Pool,
  schema: string,
  salt: string,
  creatorUserId: string,
): Promise<Pick<AppTokenRow, "id" | "token_layer_id" | "name" | "symbol" | "slug" | "description"> | undefined> {
  const { rows } = await db.query<
    Pick<AppTokenRow, "id" | "token_layer_id" | "name" | "symbol" | "slug" | "description">
  >(
    `SELECT id, token_layer_id, name, symbol, slug, description FROM ${schema}.tokens
      WHERE salt = $1 AND creator_user_id = $2`,
    [salt, creatorUserId],
  );
  return rows[0];
}
