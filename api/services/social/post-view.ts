/**
 * The Post record of every social read (create-post, get-post, feeds, search), as the viewer sees it: the post,
 * its author, its poll (options with their tallies, and the viewer's choice) and the viewer's vote, all in ONE
 * statement around the query that picks the posts (a feed page, a search, a list of ids). Order follows that query.
 */

import { createHash } from "node:crypto";
import type { ApiDeps } from "../../deps.js";
import type { PostView } from "../../routes/social/schemas.js";
import { iso, tallyCounts, weightedCounts } from "./units.js";

type OptionRow = {
  id: string;
  key: string;
  text: string;
  emoji: string;
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
};

type PollRow = {
  question: string;
  is_weighted: boolean;
  token_id: string | null;
  snapshot_block: string | null;
  user_vote_option_id: string | null;
  options: OptionRow[];
};

/** One post as the view statement returns it; `seq` and the sort keys let feeds continue after it. */
export type PostViewRow = {
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
  media: PostView["media"];
  upvotes: number;
  downvotes: number;
  weighted_upvotes: string;
  weighted_downvotes: string;
  reply_count: number;
  rank_score: number;
  popularity: number;
  user_vote: "upvote" | "downvote" | null;
  poll: PollRow | null;
};

/**
 * The statement that views the posts `picked` selects: `picked` is SQL yielding `id` and `ord` (the order), whose
 * parameters come first; the viewer's id is the parameter after them (null: anonymous).
 */
export function postViewSql(schema: string, picked: string, viewerParam: string): string {
  // Tallies through LATERAL … LIMIT 1: one primary-key probe per option. As a plain join the planner flattens it,
  // plans it for a poll of unknown size and hashes every tally.
  const s = schema;
  return `WITH picked AS MATERIALIZED (${picked})
    SELECT p.id, p.seq::text AS seq, p.title, p.content, p.user_id, u.username, u.profile_picture, p.created_at,
           p.parent_post_id, p.club_id, p.topic_id, p.tagged_token_id, p.media, p.upvotes, p.downvotes,
           p.weighted_upvotes::text AS weighted_upvotes, p.weighted_downvotes::text AS weighted_downvotes,
           p.reply_count, p.rank_score, p.popularity, v.vote_type AS user_vote,
           CASE WHEN p.has_poll THEN (
             SELECT json_build_object(
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
               FROM ${s}.polls pl WHERE pl.post_id = p.id)
           END AS poll
      FROM picked JOIN ${s}.posts p ON p.id = picked.id JOIN ${s}.users u ON u.id = p.user_id
      LEFT JOIN ${s}.votes v ON v.user_id = ${viewerParam}::uuid AND v.content_type = 'post' AND v.content_id = p.id
     ORDER BY picked.ord`;
}

/**
 * Run the view statement over `picked` (see postViewSql) with its `params`; rows in the picked order. `prepared`:
 * as a named statement (one per text), which each connection parses and plans once, where planning costs more than
 * running a page's query; not for a `picked` whose best plan depends on its parameters' values (search).
 */
export async function queryPostViews(
  deps: ApiDeps,
  picked: string,
  params: unknown[],
  viewerId: string | undefined,
  prepared = true,
): Promise<PostViewRow[]> {
  const text = postViewSql(deps.config.appSchema, picked, `$${params.length + 1}`);
  const values = [...params, viewerId ?? null];
  const name = prepared ? `post-view:${createHash("sha256").update(text).digest("base64url").slice(0, 24)}` : undefined;
  return (await deps.db.query<PostViewRow>(name ? { name, text, values } : { text, values })).rows;
}

/** The JSON record of one viewed post. */
export function postViewOf(r: PostViewRow): PostView {
  const poll = r.poll;
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    user_id: r.user_id,
    user: { id: r.user_id, username: r.username, profile_picture: r.profile_picture },
    created_at: iso(r.created_at),
    parent_post_id: r.parent_post_id,
    club_id: r.club_id,
    topic_id: r.topic_id,
    tagged_coin_id: r.tagged_token_id,
    media: r.media,
    poll: poll && {
      question: poll.question,
      is_weighted: poll.is_weighted,
      voting_token_id: poll.token_id,
      snapshot_block: poll.snapshot_block === null ? null : Number(poll.snapshot_block),
      options: (poll.options ?? []).map((o) => ({
        id: o.id,
        key: o.key,
        text: o.text,
        emoji: o.emoji,
        ...tallyCounts(o),
      })),
      user_vote_option_id: poll.user_vote_option_id,
    },
    upvote_count: r.upvotes,
    downvote_count: r.downvotes,
    ...weightedCounts(r.weighted_upvotes, r.weighted_downvotes),
    reply_count: r.reply_count,
    score: r.rank_score,
    user_vote: r.user_vote,
  };
}

/** Posts by id, as seen by `viewerId` (their vote and poll choice), in the order of `ids`; unknown ids are skipped. */
export async function postViews(deps: ApiDeps, ids: string[], viewerId?: string): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const rows = await queryPostViews(
    deps,
    "SELECT t.id, t.ord FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)",
    [ids],
    viewerId,
  );
  return rows.map(postViewOf);
}
