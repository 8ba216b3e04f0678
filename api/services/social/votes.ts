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
import { notify } from "../../../db/social/notifications.js";
import {
  deleteVote,
  insertVote,
  livestreamToken,
  lockVote,
  pollOptionToken,
  type VoteCounts as TallyCounts,
  tally,
  updateVote,
  type VoteRow,
  type VoteType,
} from "../../../db/social/votes.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens/lookup.js";
import { checkSocialLimit } from "./limits.js";
import { readablePost } from "./posts.js";
import { withTransaction } from "./transaction.js";
import { iso, type VoteCounts, weightedCounts, wholeTokens } from "./units.js";

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
      const stream = await livestreamToken(deps.db, s, input.content_id);
      if (!stream) throw new AppError("NOT_FOUND", "Livestream not found");
      return { weightTokenId: chosen ?? stream.token_id, snapshot: false };
    }
    case "poll_option": {
      if (!input.post_id) throw new AppError("INVALID_PARAMETERS", "Missing required fields: post_id");
      const post = await readablePost(deps, user, input.post_id);
      const poll = await pollOptionToken(deps.db, s, input.content_id, input.post_id);
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
    const previous = await lockVote(
      client,
      s,
      user.id,
      input.content_type,
      target.pollPostId ? { pollPostId: target.pollPostId } : { contentId: input.content_id },
    );
    const sameTarget = previous?.content_id === input.content_id;
    let action: VoteResultView["action"];
    let vote: VoteRow;
    let counts: TallyCounts;
    if (previous && sameTarget && previous.vote_type === input.vote_type) {
      await deleteVote(client, s, previous.id);
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
      const write = {
        contentId: input.content_id,
        voteType: input.vote_type,
        weight,
        votingTokenId: target.weightTokenId,
      };
      vote = previous
        ? await updateVote(client, s, previous.id, write)
        : await insertVote(client, s, user.id, input.content_type, target.pollPostId ?? null, write);
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
