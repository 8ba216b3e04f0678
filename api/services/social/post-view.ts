/**
 * The Post record of every social read (create-post, get-post, feeds, search), as the viewer sees it. It has two
 * parts:
 * - what every viewer sees alike: the post, its counters, its tip totals and its author (`PostRow`), served by the
 *   per-process post cache (./post-cache.ts), which drops a post the moment an UPDATE of it commits;
 * - what depends on the viewer or changes without touching the post row: the viewer's vote, and the poll with its
 *   tallies and the viewer's choice. These come from one statement per request around the query that picks the
 *   posts (a feed page, a list of ids), in its order (`viewerSql`).
 */

import { formatUnits } from "viem";
import { allEnded } from "../../../core/all-ended.js";
import { slugOfChainId } from "../../../core/chains.js";
import { PICK_BY_IDS, pickPosts as pickPostRows, type ViewerRow } from "../../../db/social/picks.js";
import type { ApiDeps } from "../../deps.js";
import { type PostMedia, type PostRow, postRows } from "./post-cache.js";
import { iso, tallyCounts, type VoteCounts, weightedCounts } from "./units.js";

/** A post's poll with its tallies, and the option the viewer voted for. */
export type PollView = {
  question: string;
  is_weighted: boolean;
  /** The token whose snapshot balances weigh the votes (weighted polls). */
  voting_token_id: string | null;
  /** The indexed block of the balance snapshot. */
  snapshot_block: number | null;
  /** `id` is the option's uuid (the vote's content_id), `key` the id its creator sent. */
  options: ({ id: string; key: string; text: string; emoji: string } & VoteCounts)[];
  user_vote_option_id: string | null;
};

/**
 * The Post record of every social read, as one viewer sees it. Weighted counts are whole tokens beside the exact
 * base-unit strings (`_wei`); times are ISO 8601.
 */
export type PostView = {
  id: string;
  title: string;
  content: string;
  user_id: string;
  user: { id: string; username: string; profile_picture: string };
  created_at: string;
  parent_post_id: string | null;
  club_id: string | null;
  topic_id: string | null;
  tagged_coin_id: string | null;
  media: PostMedia[];
  poll: PollView | null;
  upvote_count: number;
  downvote_count: number;
  weighted_upvotes: number;
  weighted_downvotes: number;
  weighted_upvotes_wei: string;
  weighted_downvotes_wei: string;
  reply_count: number;
  /** The ranking score of get-posts-2. */
  score: number;
  /** The viewer's vote on the post. */
  user_vote: "upvote" | "downvote" | null;
  /** Confirmed tips to the post's author for this post. */
  tips: PostTipsView;
};

/** A post's confirmed tips: how many, and per chain and asset in whole units beside base units. */
export type PostTipsView = { count: number; totals: (ReturnType<typeof tipAmountView> & { count: number })[] };

/**
 * The picked posts of `picked` (SQL yielding `id` and `ord`, its parameters `params`) with the viewer's parts, in
 * order: db/social/picks.ts pickPosts.
 */
export const pickPosts = (deps: ApiDeps, picked: string, params: unknown[], viewerId: string | undefined) =>
  pickPostRows(deps.db, deps.config.appSchema, picked, params, viewerId);

/**
 * What a row's record derives at a cost (dates, weights in whole tokens), made once per row: cached rows are shared
 * and never change.
 */
type Derived = { createdAt: string; weights: ReturnType<typeof weightedCounts>; tips: PostTipsView };

/** An amount tipped in one asset (`tokenId` null: USDC, 6 decimals; a launched token: 18), as records show it. */
export function tipAmountView(chainId: number, tokenId: string | null, symbol: string, baseUnits: string) {
  return {
    chain: slugOfChainId(chainId) ?? String(chainId),
    token_id: tokenId,
    symbol,
    amount: formatUnits(BigInt(baseUnits), tokenId === null ? 6 : 18),
    amount_base_units: baseUnits,
  };
}

function tipsOf(r: PostRow): PostTipsView {
  return {
    count: r.tip_count,
    totals: r.tip_totals.map((t) => ({ ...tipAmountView(t.chain_id, t.token_id, t.symbol, t.amount), count: t.count })),
  };
}
const derivedOf = new WeakMap<PostRow, Derived>();

/** The JSON record of one post as the viewer sees it. */
export function postViewOf(r: PostRow, viewer: ViewerRow | undefined): PostView {
  const poll = viewer?.poll ?? null;
  let d = derivedOf.get(r);
  if (!d) {
    d = {
      createdAt: iso(r.created_at),
      weights: weightedCounts(r.weighted_upvotes, r.weighted_downvotes),
      tips: tipsOf(r),
    };
    derivedOf.set(r, d);
  }
  // One literal with every field in order (spreads would give each record a slower shape to serialise).
  return {
    id: r.id,
    title: r.title,
    content: r.content,
    user_id: r.user_id,
    user: { id: r.user_id, username: r.username, profile_picture: r.profile_picture },
    created_at: d.createdAt,
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
    weighted_upvotes: d.weights.weighted_upvotes,
    weighted_downvotes: d.weights.weighted_downvotes,
    weighted_upvotes_wei: d.weights.weighted_upvotes_wei,
    weighted_downvotes_wei: d.weights.weighted_downvotes_wei,
    reply_count: r.reply_count,
    score: r.rank_score,
    user_vote: viewer?.user_vote ?? null,
    tips: d.tips,
  };
}

/**
 * Posts by id, as seen by `viewerId` (their vote and poll choice), in the order of `ids`; unknown ids are skipped.
 * The shared parts and the viewer parts are read side by side.
 */
export async function postViews(deps: ApiDeps, ids: string[], viewerId?: string): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const [rows, viewer] = await allEnded([postRows(deps, ids), pickPosts(deps, PICK_BY_IDS, [ids], viewerId)]);
  return viewer.flatMap((v) => {
    const row = rows.get(v.id);
    return row ? [postViewOf(row, v)] : [];
  });
}

/** The records of picked posts: their shared parts from the post cache, beside the viewer parts already read. */
export async function viewsOfPicked(deps: ApiDeps, picked: ViewerRow[]): Promise<{ row: PostRow; view: PostView }[]> {
  const rows = await postRows(
    deps,
    picked.map((p) => p.id),
  );
  return picked.flatMap((v) => {
    const row = rows.get(v.id);
    return row ? [{ row, view: postViewOf(row, v) }] : [];
  });
}
