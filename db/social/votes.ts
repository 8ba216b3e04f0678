/**
 * Votes in Postgres (app.votes) and the counters they keep: a post's own columns, and vote_tallies for tokens,
 * livestreams and poll options. api/services/social/votes.ts decides what a vote does; the statements are here.
 */
import type pg from "pg";

export type VoteType = "upvote" | "downvote";
export type VoteContentType = "token" | "post" | "livestream" | "poll_option";

/** A target's counters after a vote: plain counts, and weights in base units. */
export type VoteCounts = { upvotes: number; downvotes: number; weighted_upvotes: string; weighted_downvotes: string };

/** A vote as cast; `weight` in base units. */
export type VoteRow = { id: string; content_id: string; vote_type: VoteType; weight: string; created_at: Date };

/** The token of a livestream (null: none); undefined when there is no such livestream. */
export async function livestreamToken(
  db: pg.Pool,
  schema: string,
  id: string,
): Promise<{ token_id: string | null } | undefined> {
  const { rows } = await db.query<{ token_id: string | null }>(
    `SELECT token_id FROM ${schema}.livestreams WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** The token of the poll an option of post `postId` belongs to (null: unweighted); undefined for no such option. */
export async function pollOptionToken(
  db: pg.Pool,
  schema: string,
  optionId: string,
  postId: string,
): Promise<{ token_id: string | null } | undefined> {
  const s = schema;
  const { rows } = await db.query<{ token_id: string | null }>(
    `SELECT p.token_id FROM ${s}.poll_options o JOIN ${s}.polls p ON p.post_id = o.post_id
      WHERE o.id = $1 AND o.post_id = $2`,
    [optionId, postId],
  );
  return rows[0];
}

/**
 * The user's vote on a target, locked until the transaction ends: by content id, or for a poll option by the poll's
 * post (single choice: the vote on any of its options).
 */
export async function lockVote(
  client: pg.PoolClient,
  schema: string,
  userId: string,
  contentType: VoteContentType,
  target: { contentId: string } | { pollPostId: string },
): Promise<VoteRow | undefined> {
  const byPoll = "pollPostId" in target;
  const { rows } = await client.query<VoteRow>(
    `SELECT id, content_id, vote_type, weight::text, created_at FROM ${schema}.votes
      WHERE user_id = $1 AND content_type = $2 AND ${byPoll ? "poll_post_id" : "content_id"} = $3
      FOR UPDATE`,
    [userId, contentType, byPoll ? target.pollPostId : target.contentId],
  );
  return rows[0];
}

export async function deleteVote(client: pg.PoolClient, schema: string, id: string): Promise<void> {
  await client.query(`DELETE FROM ${schema}.votes WHERE id = $1`, [id]);
}

/** What a vote names: its target, type, weight (base units) and the token that weighs it. */
export type VoteWrite = {
  contentId: string;
  voteType: VoteType;
  weight: bigint;
  votingTokenId: string | null;
};

/** Moves vote `id` to `w` (another type, or another option of its poll). */
export async function updateVote(client: pg.PoolClient, schema: string, id: string, w: VoteWrite): Promise<VoteRow> {
  const { rows } = await client.query<VoteRow>(
    `UPDATE ${schema}.votes SET content_id = $2, vote_type = $3, weight = $4, voting_token_id = $5, updated_at = now()
      WHERE id = $1 RETURNING id, content_id, vote_type, weight::text, created_at`,
    [id, w.contentId, w.voteType, w.weight.toString(), w.votingTokenId],
  );
  return rows[0] as VoteRow;
}

/** A user's first vote on a target (`pollPostId` for a poll option). */
export async function insertVote(
  client: pg.PoolClient,
  schema: string,
  userId: string,
  contentType: VoteContentType,
  pollPostId: string | null,
  w: VoteWrite,
): Promise<VoteRow> {
  const { rows } = await client.query<VoteRow>(
    `INSERT INTO ${schema}.votes (user_id, content_id, vote_type, weight, voting_token_id, content_type, poll_post_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, content_id, vote_type, weight::text, created_at`,
    [userId, w.contentId, w.voteType, w.weight.toString(), w.votingTokenId, contentType, pollPostId],
  );
  return rows[0] as VoteRow;
}

/** Add one vote (sign +1) or take it away (-1) from the target's counters; returns the new counters. */
export async function tally(
  client: pg.PoolClient,
  schema: string,
  type: VoteContentType,
  id: string,
  voteType: VoteType,
  weight: bigint,
  sign: 1 | -1,
): Promise<VoteCounts> {
  const up = voteType === "upvote" ? sign : 0;
  const down = voteType === "downvote" ? sign : 0;
  const w = (weight * BigInt(sign)).toString();
  const params = [id, up, down, up === 0 ? "0" : w, down === 0 ? "0" : w];
  const returning = "RETURNING upvotes, downvotes, weighted_upvotes::text, weighted_downvotes::text";
  const { rows } =
    type === "post"
      ? await client.query<VoteCounts>(
          `UPDATE ${schema}.posts SET upvotes = upvotes + $2, downvotes = downvotes + $3,
                  weighted_upvotes = weighted_upvotes + $4, weighted_downvotes = weighted_downvotes + $5
            WHERE id = $1 ${returning}`,
          params,
        )
      : await client.query<VoteCounts>(
          `INSERT INTO ${schema}.vote_tallies AS t (content_type, content_id, upvotes, downvotes, weighted_upvotes,
                                                    weighted_downvotes)
           VALUES ($6, $1, $2, $3, $4, $5)
           ON CONFLICT (content_type, content_id) DO UPDATE SET upvotes = t.upvotes + $2, downvotes = t.downvotes + $3,
              weighted_upvotes = t.weighted_upvotes + $4, weighted_downvotes = t.weighted_downvotes + $5
           ${returning}`,
          [...params, type],
        );
  const row = rows[0];
  if (!row) throw new Error(`no ${type} ${id} to tally`);
  return row;
}
