/** Posts in Postgres (app.posts). */
import type pg from "pg";

/** A media item of a post, as stored: its display order always set (the array position when none was given). */
export type PostMedia = {
  media: string;
  media_type: "image" | "video" | "gif" | "link";
  order_index: number;
  alt_text?: string;
  preview_image_url?: string;
  link_title?: string;
  link_description?: string;
  link_domain?: string;
};

/** What every viewer sees of a post alike; `seq` and the sort keys let feeds continue after it. */
export type PostRow = {
  id: string;
  seq: string;
  title: string;
  content: string;
  user_id: string;
  username: string;
  profile_picture: string;
  created_at: Date;
  parent_post_id: string | null;
  club_id: string | null;
  topic_id: string | null;
  tagged_token_id: string | null;
  media: PostMedia[];
  upvotes: number;
  downvotes: number;
  weighted_upvotes: string;
  weighted_downvotes: string;
  reply_count: number;
  rank_score: number;
  popularity: number;
  /** Confirmed tips, and their sums per chain and asset (kept by db/migrations/016_tips.sql). */
  tip_count: number;
  tip_totals: PostTipTotal[];
};

/** The confirmed tips of a post in one asset on one chain; `token_id` null is USDC; `amount` in base units. */
export type PostTipTotal = { chain_id: number; token_id: string | null; symbol: string; count: number; amount: string };

/** The columns of PostRow, `p` being posts and `u` users. */
const postRowColumns = `p.id, p.seq::text AS seq, p.title, p.content, p.user_id, u.username, u.profile_picture,
  p.created_at, p.parent_post_id, p.club_id, p.topic_id, p.tagged_token_id, p.media, p.upvotes, p.downvotes,
  p.weighted_upvotes::text AS weighted_upvotes, p.weighted_downvotes::text AS weighted_downvotes, p.reply_count,
  p.rank_score, p.popularity, p.tip_count, p.tip_totals`;

/** The shared parts of the posts of `ids` (absent ids: no such post), in no particular order. */
export async function readPostRows(db: pg.Pool, schema: string, ids: string[]): Promise<PostRow[]> {
  const { rows } = await db.query<PostRow>({
    // Prepared once per connection: every post read that misses the cache runs it.
    name: `post-rows:${schema}`,
    text: `SELECT ${postRowColumns} FROM ${schema}.posts p JOIN ${schema}.users u ON u.id = p.user_id
            WHERE p.id = ANY($1::uuid[])`,
    values: [ids],
  });
  return rows;
}

/** The ids of a user's newest `limit` top-level posts outside clubs, newest first (their profile's posts). */
export async function recentPostIdsOf(db: pg.Pool, schema: string, userId: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM ${schema}.posts WHERE user_id = $1 AND parent_post_id IS NULL AND club_id IS NULL
      ORDER BY seq DESC LIMIT $2`,
    [userId, limit],
  );
  return rows.map((r) => r.id);
}

/** What a post's readers and replies need first: its author, club and token. */
export type PostRef = { id: string; user_id: string; club_id: string | null; tagged_token_id: string | null };

export async function readPostRef(db: pg.Pool, schema: string, id: string): Promise<PostRef | undefined> {
  const { rows } = await db.query<PostRef>(
    `SELECT id, user_id, club_id, tagged_token_id FROM ${schema}.posts WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A new post as stored; its media in display order. */
export type NewPost = {
  userId: string;
  title: string;
  content: string;
  parentPostId: string | null;
  clubId: string | null;
  topicId: string | null;
  tokenId: string | null;
  media: PostMedia[];
  /** Options by the client's id (`key`), in order; weighted by `tokenId` (null: unweighted). */
  poll?: { question: string; tokenId: string | null; options: { key: string; text: string; emoji: string }[] };
};

/** Inserts a post, with its poll and the poll's options; returns its id. A reply counts on its parent. */
export async function insertPost(client: pg.PoolClient, schema: string, p: NewPost): Promise<string> {
  const s = schema;
  const inserted = await client.query<{ id: string }>(
    `INSERT INTO ${s}.posts (user_id, title, content, parent_post_id, club_id, topic_id, tagged_token_id, media,
                             has_media, has_poll)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [
      p.userId,
      p.title,
      p.content,
      p.parentPostId,
      p.clubId,
      p.topicId,
      p.tokenId,
      JSON.stringify(p.media),
      p.media.length > 0,
      p.poll !== undefined,
    ],
  );
  const id = inserted.rows[0]?.id ?? "";
  if (p.poll) {
    await client.query(`INSERT INTO ${s}.polls (post_id, question, is_weighted, token_id) VALUES ($1, $2, $3, $4)`, [
      id,
      p.poll.question,
      p.poll.tokenId !== null,
      p.poll.tokenId,
    ]);
    await client.query(
      `INSERT INTO ${s}.poll_options (post_id, position, key, text, emoji)
       SELECT $1, o.position - 1, o.key, o.text, o.emoji
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS o(key, text, emoji, position)`,
      [id, p.poll.options.map((o) => o.key), p.poll.options.map((o) => o.text), p.poll.options.map((o) => o.emoji)],
    );
  }
  if (p.parentPostId) {
    await client.query(`UPDATE ${s}.posts SET reply_count = reply_count + 1 WHERE id = $1`, [p.parentPostId]);
  }
  return id;
}

/** Records the indexed block at which a weighted poll's balances were copied. */
export async function setPollSnapshot(client: pg.PoolClient, schema: string, postId: string, block: number | null) {
  await client.query(`UPDATE ${schema}.polls SET snapshot_block = $2 WHERE post_id = $1`, [postId, block]);
}
