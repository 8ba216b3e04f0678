/**
 * vote: upvotes and downvotes on tokens, posts, livestreams and poll options, weighted by indexed holdings.
 *
 * - No vote yet: the vote is created (action `created`).
 * - The same type again: the vote is withdrawn (action `removed`).
 * - The opposite type: the vote switches, with its weight read afresh (action `updated`).
 * - Poll options are single choice: a vote on another option of a poll you voted in moves your vote there
 *   (action `updated`).
 *
 * The weight is server-owned, in token base units: the voter's indexed balance (wallet on record, all chains) of
 * voting_token_id, which defaults to the voted token, or the post's or livestream's tagged token (none: weight 0).
 * A poll option weighs the voter's balance of the poll's token in the snapshot taken when the poll was created,
 * so tokens bought after it add nothing; an unweighted poll counts votes only (weight 0). Counters (plain and
 * weighted) are updated in the same transaction as the vote and returned.
 */
import type pg from "pg";
import { AppError } from "../../../core/errors.js";
import { readSnapshotBalance, readTokenBalance } from "../../../db/indexed/holdings.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens.js";
import { checkSocialLimit } from "./limits.js";
import { notify } from "./notifications.js";
import { readablePost } from "./posts.js";
import { withTransaction } from "./transaction.js";
import { iso, type VoteCounts, weightedCounts, wholeTokens } from "./units.js";

type VoteType = "upvote" | "downvote";
type ContentType = VoteInput["content_type"];

/** A vote on a token, post, livestream or poll option; poll options name their poll's post in `post_id`. */
export type VoteInput = {
  content_id: string;
  content_type: "token" | "post" | "livestream" | "poll_option";
  vote_type: VoteType;
  /** Token whose holdings weigh the vote; default the voted token, or the post's or livestream's token. */
  voting_token_id?: string;
  post_id?: string;
};

/** The vote as cast (the withdrawn one when removed), with the target's counters after it. */
export type VoteResultView = {
  id: string;
  content_id: string;
  content_type: ContentType;
  action: "created" | "updated" | "removed";
  vote_type: VoteType;
  /** Whole tokens; 0 when removed. */
  weight: number;
  weight_wei: string;
  voting_token_id: string | null;
  created_at: string;
} & VoteCounts;

/** What a vote lands on, resolved before the transaction. */
type Target = {
  /** The post whose author hears of the vote (posts and poll options). */
  postId?: string;
  postAuthorId?: string;
  pollPostId?: string;
  /** Token whose holdings weigh the vote; null: weight 0. */
  weightTokenId: string | null;
  /** Poll options: weigh the snapshot, not the current balance. */
  snapshot: boolean;
};

async function resolveTarget(deps: ApiDeps, user: AuthedUser, input: VoteInput): Promise<Target> {
  const s = deps.config.appSchema;
  const chosen = input.voting_token_id ?? null;
  if (chosen) await assertTokenExists(deps, chosen);
  switch (input.content_type) {
    case "token":
      await assertTokenExists(deps, input.content_id);
      return { weightTokenId: chosen ?? input.content_id, snapshot: false };
    case "post": {
      const post = await readablePost(deps, user, input.content_id);
      return {
        postId: post.id,
        postAuthorId: post.user_id,
        weightTokenId: chosen ?? post.tagged_token_id,
        snapshot: false,
      };
    }
    case "livestream": {
      const { rows } = await deps.db.query<{ token_id: string | null }>(
        `SELECT token_id FROM ${s}.livestreams WHERE id = $1`,
        [input.content_id],
      );
      const stream = rows[0];
      if (!stream) throw new AppError("NOT_FOUND", "Livestream not found");
      return { weightTokenId: chosen ?? stream.token_id, snapshot: false };
    }
    case "poll_option": {
      if (!input.post_id) throw new AppError("INVALID_PARAMETERS", "Missing required fields: post_id");
      const post = await readablePost(deps, user, input.post_id);
      const { rows } = await deps.db.query<{ token_id: string | null }>(
        `SELECT p.token_id FROM ${s}.poll_options o JOIN ${s}.polls p ON p.post_id = o.post_id
          WHERE o.id = $1 AND o.post_id = $2`,
        [input.content_id, input.post_id],
      );
      const poll = rows[0];
      if (!poll) throw new AppError("NOT_FOUND", "Poll option not found");
      if (chosen && chosen !== poll.token_id) {
        throw new AppError(
          "INVALID_PARAMETERS",
          "Invalid voting_token_id: a poll's votes are weighted by its own token at its snapshot block",
        );
      }
      return {
        postId: post.id,
        postAuthorId: post.user_id,
        pollPostId: post.id,
        weightTokenId: poll.token_id,
        snapshot: true,
      };
    }
  }
}

type Counts = { upvotes: number; downvotes: number; weighted_upvotes: string; weighted_downvotes: string };

/** Add one vote (sign +1) or take it away (-1) from the target's counters; returns the new counters. */
async function tally(
  client: pg.PoolClient,
  schema: string,
  type: ContentType,
  id: string,
  voteType: VoteType,
  weight: bigint,
  sign: 1 | -1,
): Promise<Counts> {
  const up = voteType === "upvote" ? sign : 0;
  const down = voteType === "downvote" ? sign : 0;
  const w = (weight * BigInt(sign)).toString();
  const params = [id, up, down, up === 0 ? "0" : w, down === 0 ? "0" : w];
  const returning = "RETURNING upvotes, downvotes, weighted_upvotes::text, weighted_downvotes::text";
  const { rows } =
    type === "post"
      ? await client.query<Counts>(
          `UPDATE ${schema}.posts SET upvotes = upvotes + $2, downvotes = downvotes + $3,
                  weighted_upvotes = weighted_upvotes + $4, weighted_downvotes = weighted_downvotes + $5
            WHERE id = $1 ${returning}`,
          params,
        )
      : await client.query<Counts>(
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

type VoteRow = { id: string; content_id: string; vote_type: VoteType; weight: string; created_at: Date };

/** vote: create, switch or withdraw the caller's vote (see the module comment); returns the new counts. */
export async function castVote(deps: ApiDeps, user: AuthedUser, input: VoteInput): Promise<VoteResultView> {
  await checkSocialLimit(deps, user, "vote");
  const target = await resolveTarget(deps, user, input);
  const s = deps.config.appSchema;
  const weightOf = async (client: pg.PoolClient) => {
    if (!target.weightTokenId) return 0n;
    if (target.snapshot && target.pollPostId) {
      return readSnapshotBalance(client, deps.config, target.pollPostId, user.walletAddress);
    }
    return readTokenBalance(deps.db, deps.config, target.weightTokenId, user.walletAddress);
  };

  return withTransaction(deps, async (client) => {
    const existing = await client.query<VoteRow>(
      `SELECT id, content_id, vote_type, weight::text, created_at FROM ${s}.votes
        WHERE user_id = $1 AND content_type = $2 AND ${target.pollPostId ? "poll_post_id" : "content_id"} = $3
        FOR UPDATE`,
      [user.id, input.content_type, target.pollPostId ?? input.content_id],
    );
    const previous = existing.rows[0];
    const sameTarget = previous?.content_id === input.content_id;
    let action: VoteResultView["action"];
    let vote: VoteRow;
    let counts: Counts;
    if (previous && sameTarget && previous.vote_type === input.vote_type) {
      await client.query(`DELETE FROM ${s}.votes WHERE id = $1`, [previous.id]);
      counts = await tally(
        client,
        s,
        input.content_type,
        input.content_id,
        previous.vote_type,
        BigInt(previous.weight),
        -1,
      );
      action = "removed";
      vote = previous;
    } else {
      const weight = await weightOf(client);
      if (previous) {
        await tally(
          client,
          s,
          input.content_type,
          previous.content_id,
          previous.vote_type,
          BigInt(previous.weight),
          -1,
        );
      }
      const written = await client.query<VoteRow>(
        previous
          ? `UPDATE ${s}.votes SET content_id = $2, vote_type = $3, weight = $4, voting_token_id = $5, updated_at = now()
              WHERE id = $1 RETURNING id, content_id, vote_type, weight::text, created_at`
          : `INSERT INTO ${s}.votes (user_id, content_id, vote_type, weight, voting_token_id, content_type, poll_post_id)
             VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, content_id, vote_type, weight::text, created_at`,
        previous
          ? [previous.id, input.content_id, input.vote_type, weight.toString(), target.weightTokenId]
          : [
              user.id,
              input.content_id,
              input.vote_type,
              weight.toString(),
              target.weightTokenId,
              input.content_type,
              target.pollPostId ?? null,
            ],
      );
      vote = written.rows[0] as VoteRow;
      counts = await tally(client, s, input.content_type, input.content_id, input.vote_type, weight, 1);
      action = previous ? "updated" : "created";
      if (target.postId && target.postAuthorId) {
        await notify(client, s, {
          kind: "vote",
          recipients: [target.postAuthorId],
          actorId: user.id,
          postId: target.postId,
          dedupeKey: `vote:${target.postId}:${user.id}`,
        });
      }
    }
    const weight = action === "removed" ? "0" : vote.weight;
    return {
      id: vote.id,
      content_id: input.content_id,
      content_type: input.content_type,
      action,
      vote_type: vote.vote_type,
      weight: wholeTokens(weight),
      weight_wei: weight,
      voting_token_id: target.weightTokenId,
      upvotes: counts.upvotes,
      downvotes: counts.downvotes,
      ...weightedCounts(counts.weighted_upvotes, counts.weighted_downvotes),
      created_at: iso(vote.created_at),
    };
  });
}
