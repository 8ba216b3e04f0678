/**
 * Picking posts: the one statement per request that takes the posts a read picked (a feed page, a list of ids), in
 * its order, with what depends on the viewer or changes without touching the post row: the viewer's vote, and the
 * poll with its tallies and the viewer's choice (api/services/social/post-view.ts makes the records). Also the
 * watermark of the windows of new posts that feeds and search keep per process (api/services/social/windows.ts).
 */
import { createHash } from "node:crypto";
import type pg from "pg";

/** A poll option with its tallies (null: no vote yet); weighted tallies in base units. */
export type OptionRow = {
  id: string;
  key: string;
  text: string;
  emoji: string;
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
};

/** A post's poll, with the option the viewer voted for. */
export type PollRow = {
  question: string;
  is_weighted: boolean;
  token_id: string | null;
  snapshot_block: string | null;
  user_vote_option_id: string | null;
  options: OptionRow[] | null;
};

/** A picked post with its viewer parts. */
export type ViewerRow = { id: string; user_vote: "upvote" | "downvote" | null; poll: PollRow | null };

/** Picks the posts of `$1` (a uuid[]) in its order. */
export const PICK_BY_IDS = "SELECT t.id, t.ord FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)";

/**
 * The statement that picks posts and adds the viewer parts: `picked` is SQL yielding `id` and `ord` (the order),
 * whose parameters come first; the viewer's id is the parameter after them (null: anonymous).
 */
function viewerSql(schema: string, picked: string, viewerParam: string): string {
  const s = schema;
  // Tallies through LATERAL … LIMIT 1: one primary-key probe per option. As a plain join the planner flattens it,
  // plans it for a poll of unknown size and hashes every tally.
  return `WITH picked AS MATERIALIZED (${picked})
    SELECT picked.id, v.vote_type AS user_vote,
           CASE WHEN pl.post_id IS NOT NULL THEN json_build_object(
             'question', pl.question, 'is_weighted', pl.is_weighted, 'token_id', pl.token_id,
             'snapshot_block', pl.snapshot_block::text,
             'user_vote_option_id', (SELECT pv.content_id FROM ${s}.votes pv
                                      WHERE pv.poll_post_id = pl.post_id AND pv.user_id = ${viewerParam}::uuid),
             'options', (SELECT json_agg(json_build_object(
                                  'id', o.id, 'key', o.key, 'text', o.text, 'emoji', o.emoji,
                                  'upvotes', t.upvotes, 'downvotes', t.downvotes,
                                  'weighted_upvotes', t.weighted_upvotes::text,
                                  'weighted_downvotes', t.weighted_downvotes::text) ORDER BY o.position)
                           FROM ${s}.poll_options o
                           LEFT JOIN LATERAL (SELECT * FROM ${s}.vote_tallies t
                                               WHERE t.content_type = 'poll_option' AND t.content_id = o.id
                                               LIMIT 1) t ON true
                          WHERE o.post_id = pl.post_id))
           END AS poll
      FROM picked
      LEFT JOIN ${s}.polls pl ON pl.post_id = picked.id
      LEFT JOIN ${s}.votes v ON v.user_id = ${viewerParam}::uuid AND v.content_type = 'post' AND v.content_id = picked.id
     ORDER BY picked.ord`;
}

/** Statement names by text (a hash of the text: the same statement has the same name on every connection). */
const statementNames = new Map<string, string>();

/**
 * Runs the picking statement over `picked` (see viewerSql) with its `params`: the picked posts with their viewer
 * parts, in the picked order. As a named statement (one per text), which each connection parses and plans once: a
 * `picked` whose best plan depends on its parameters' values must not come here.
 */
export async function pickPosts(
  db: pg.Pool,
  schema: string,
  picked: string,
  params: unknown[],
  viewerId: string | undefined,
): Promise<ViewerRow[]> {
  const text = viewerSql(schema, picked, `$${params.length + 1}`);
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `pick-posts:${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    if (statementNames.size > 10_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return (await db.query<ViewerRow>({ name, text, values: [...params, viewerId ?? null] })).rows;
}

/**
 * How long after its creation a post's transaction commits at the latest, for windows to be exact: a window's
 * watermark is the newest post created more than this long ago, so a post whose transaction commits after a later
 * one (sequence numbers are taken in order, commits are not) is still after it.
 */
export const WATERMARK_LAG = "10 seconds";

/** SQL: the new watermark after `after` (an SQL bigint expression) in `schema`'s posts. */
export function watermarkAfter(schema: string, after: string): string {
  return `COALESCE((SELECT p.seq FROM ${schema}.posts p WHERE p.seq > ${after}
                      AND p.created_at < now() - interval '${WATERMARK_LAG}' ORDER BY p.seq DESC LIMIT 1), ${after})`;
}
