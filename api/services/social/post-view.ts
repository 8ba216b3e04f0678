/**
 * The Post record of every social read (create-post, get-post, feeds, search): one query for the posts and their
 * authors, one for the polls among them (options with their tallies), one for the caller's votes. Order follows
 * the ids given.
 */

import type { ApiDeps } from "../../deps.js";
import type { PostView } from "../../routes/social/schemas.js";
import { iso, tallyCounts, weightedCounts } from "./units.js";

type PostRow = {
  id: string;
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
  has_poll: boolean;
  upvotes: number;
  downvotes: number;
  weighted_upvotes: string;
  weighted_downvotes: string;
  reply_count: number;
  rank_score: number;
};

type OptionRow = {
  post_id: string;
  question: string;
  is_weighted: boolean;
  token_id: string | null;
  snapshot_block: string | null;
  id: string;
  key: string;
  text: string;
  emoji: string;
  upvotes: number | null;
  downvotes: number | null;
  weighted_upvotes: string | null;
  weighted_downvotes: string | null;
};

type Poll = NonNullable<PostView["poll"]>;

async function pollsOf(deps: ApiDeps, postIds: string[], viewerId: string | undefined) {
  const s = deps.config.appSchema;
  const polls = new Map<string, Poll>();
  if (postIds.length === 0) return polls;
  const { rows } = await deps.db.query<OptionRow>(
    `SELECT p.post_id, p.question, p.is_weighted, p.token_id, p.snapshot_block, o.id, o.key, o.text, o.emoji,
            t.upvotes, t.downvotes, t.weighted_upvotes, t.weighted_downvotes
       FROM ${s}.polls p JOIN ${s}.poll_options o ON o.post_id = p.post_id
       LEFT JOIN ${s}.vote_tallies t ON t.content_type = 'poll_option' AND t.content_id = o.id
      WHERE p.post_id = ANY($1::uuid[]) ORDER BY p.post_id, o.position`,
    [postIds],
  );
  const votes = viewerId
    ? await deps.db.query<{ poll_post_id: string; content_id: string }>(
        `SELECT poll_post_id, content_id FROM ${s}.votes WHERE user_id = $1 AND poll_post_id = ANY($2::uuid[])`,
        [viewerId, postIds],
      )
    : { rows: [] };
  const voted = new Map(votes.rows.map((v) => [v.poll_post_id, v.content_id]));
  for (const r of rows) {
    let poll = polls.get(r.post_id);
    if (!poll) {
      poll = {
        question: r.question,
        is_weighted: r.is_weighted,
        voting_token_id: r.token_id,
        snapshot_block: r.snapshot_block === null ? null : Number(r.snapshot_block),
        options: [],
        user_vote_option_id: voted.get(r.post_id) ?? null,
      };
      polls.set(r.post_id, poll);
    }
    poll.options.push({
      id: r.id,
      key: r.key,
      text: r.text,
      emoji: r.emoji,
      ...tallyCounts(r),
    });
  }
  return polls;
}

/** Posts by id, as seen by `viewerId` (their vote and poll choice), in the order of `ids`; unknown ids are skipped. */
export async function postViews(deps: ApiDeps, ids: string[], viewerId?: string): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<PostRow>(
    `SELECT p.id, p.title, p.content, p.user_id, u.username, u.profile_picture, p.created_at, p.parent_post_id,
            p.club_id, p.topic_id, p.tagged_token_id, p.media, p.has_poll, p.upvotes, p.downvotes,
            p.weighted_upvotes::text, p.weighted_downvotes::text, p.reply_count, p.rank_score
       FROM ${s}.posts p JOIN ${s}.users u ON u.id = p.user_id
      WHERE p.id = ANY($1::uuid[])`,
    [ids],
  );
  const [polls, votes] = await Promise.all([
    pollsOf(
      deps,
      rows.filter((r) => r.has_poll).map((r) => r.id),
      viewerId,
    ),
    viewerId
      ? deps.db.query<{ content_id: string; vote_type: "upvote" | "downvote" }>(
          `SELECT content_id, vote_type FROM ${s}.votes
            WHERE user_id = $1 AND content_type = 'post' AND content_id = ANY($2::uuid[])`,
          [viewerId, ids],
        )
      : Promise.resolve({ rows: [] }),
  ]);
  const userVote = new Map(votes.rows.map((v) => [v.content_id, v.vote_type]));
  const byId = new Map(
    rows.map((r): [string, PostView] => [
      r.id,
      {
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
        poll: polls.get(r.id) ?? null,
        upvote_count: r.upvotes,
        downvote_count: r.downvotes,
        ...weightedCounts(r.weighted_upvotes, r.weighted_downvotes),
        reply_count: r.reply_count,
        score: r.rank_score,
        user_vote: userVote.get(r.id) ?? null,
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
