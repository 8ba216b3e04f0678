/** Livestreams in Postgres (app.livestreams), with their vote tallies. */
import type pg from "pg";

export type LivestreamRow = {
  id: string;
  user_id: string;
  token_id: string | null;
  title: string;
  stream_url: string;
  is_live: boolean;
  created_at: Date;
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
};

/** A livestream with its vote tallies (null counts before its first vote). */
export async function readLivestream(db: pg.Pool, schema: string, id: string): Promise<LivestreamRow | undefined> {
  const { rows } = await db.query<LivestreamRow>(
    `SELECT l.*, t.upvotes, t.downvotes, t.weighted_upvotes::text, t.weighted_downvotes::text
       FROM ${schema}.livestreams l
       LEFT JOIN ${schema}.vote_tallies t ON t.content_type = 'livestream' AND t.content_id = l.id
      WHERE l.id = $1`,
    [id],
  );
  return rows[0];
}

/** A new livestream's id. */
export async function insertLivestream(
  db: pg.Pool,
  schema: string,
  p: { userId: string; tokenId: string | null; title: string; streamUrl: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO ${schema}.livestreams (user_id, token_id, title, stream_url) VALUES ($1, $2, $3, $4) RETURNING id`,
    [p.userId, p.tokenId, p.title, p.streamUrl],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error("livestream insert returned nothing");
  return id;
}
