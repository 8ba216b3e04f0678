/**
 * Posts: create-post (plain posts, replies, polls, media, club, topic and coin-tagged posts) and get-post.
 *
 * Rules, in the order they are checked:
 * - the per-user post limit (SOCIAL_POSTS_PER_MINUTE);
 * - a post needs content, a title or media; content is at most SOCIAL_MAX_CONTENT_LENGTH characters;
 * - a reply's parent must exist (404 "Parent post not found") and be readable; the reply joins the parent's club,
 *   and takes its tagged coin unless it names one;
 * - a club post needs a member of the club (the spec's access-denied message for those who cannot view it);
 * - the topic and the tagged coin must exist;
 * - a weighted poll needs a tagged coin: its balances are copied at the current indexed block (the snapshot).
 * Side effects in the same transaction: the parent's reply count, reply and mention notifications.
 */
import { AppError } from "../../../core/errors.js";
import { snapshotBalances } from "../../../db/indexed/holdings.js";
import { notify } from "../../../db/social/notifications.js";
import { insertPost, type PostRef, readPostRef, setPollSnapshot } from "../../../db/social/posts.js";
import { topicExists } from "../../../db/social/topics.js";
import { userIdsByUsernames } from "../../../db/users.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { getAppToken } from "../tokens/lookup.js";
import { assertClubAccess } from "./clubs.js";
import { checkSocialLimit, socialLimits } from "./limits.js";
import type { PostMedia } from "./post-cache.js";
import { type PostView, postViews } from "./post-view.js";
import { withTransaction } from "./transaction.js";

const MENTION = /(?:^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,64})/g;
const MAX_MENTIONS = 20;

/** Lower-case usernames named with @ in `text` (at most 20). */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION)) if (m[1]) names.add(m[1].toLowerCase());
  return [...names].slice(0, MAX_MENTIONS);
}

/** create-post's input; content, title or media must be given (checked here). */
export type CreatePostInput = {
  title?: string;
  content?: string;
  /** The token the post is about; a reply inherits its parent's. */
  taggedCoinId?: string;
  pollData?: {
    question: string;
    /** `id` is the client's id of the option, unique within the poll. */
    options: { id: string; text: string; emoji?: string }[];
    isWeighted: boolean;
  };
  /** In display order; order_index defaults to the array position. */
  mediaData?: (Omit<PostMedia, "order_index"> & { order_index?: number })[];
  parentPostId?: string;
  topicId?: string;
  clubId?: string;
};

/** A post's owner, club and token, after checking the caller may read it (club posts). 404 "Post not found". */
export async function readablePost(deps: ApiDeps, user: AuthedUser, postId: string, what = "Post"): Promise<PostRef> {
  const post = await readPostRef(deps.db, deps.config.appSchema, postId);
  if (!post) throw new AppError("NOT_FOUND", `${what} not found`);
  if (post.club_id) await assertClubAccess(deps, user, post.club_id);
  return post;
}

function checkContent(input: CreatePostInput) {
  const content = input.content ?? "";
  const hasMedia = (input.mediaData?.length ?? 0) > 0;
  if (!content.trim() && !input.title?.trim() && !hasMedia) {
    throw new AppError("INVALID_PARAMETERS", "A post needs content, a title or media");
  }
  const max = socialLimits().maxContentLength;
  if (content.length > max) throw new AppError("INVALID_PARAMETERS", `Invalid content: at most ${max} characters`);
}

/** create-post: the new post as a Post record (see the module comment for the rules). */
export async function createPost(deps: ApiDeps, user: AuthedUser, input: CreatePostInput): Promise<PostView> {
  checkContent(input);
  await checkSocialLimit(deps, user, "post");
  const parent = input.parentPostId ? await readablePost(deps, user, input.parentPostId, "Parent post") : undefined;
  if (parent && input.clubId && parent.club_id !== input.clubId) {
    throw new AppError("INVALID_PARAMETERS", "Invalid clubId: a reply belongs to its parent's club");
  }
  const clubId = parent ? parent.club_id : (input.clubId ?? null);
  if (clubId) {
    const { isMember } = await assertClubAccess(deps, user, clubId);
    if (!isMember) throw new AppError("FORBIDDEN", "Join the club to post in it");
  }
  if (input.topicId && !(await topicExists(deps.db, deps.config.appSchema, input.topicId))) {
    throw new AppError("NOT_FOUND", "Topic not found");
  }
  if (input.taggedCoinId) await getAppToken(deps, input.taggedCoinId);
  const tokenId = input.taggedCoinId ?? parent?.tagged_token_id ?? null;
  const poll = input.pollData;
  if (poll?.isWeighted && !tokenId) {
    throw new AppError(
      "INVALID_PARAMETERS",
      "Invalid pollData.isWeighted: a weighted poll needs taggedCoinId, the token whose holdings weigh its votes",
    );
  }
  const media = (input.mediaData ?? [])
    .map((m, i) => ({ ...m, order_index: m.order_index ?? i }))
    .sort((a, b) => a.order_index - b.order_index);
  const s = deps.config.appSchema;

  const postId = await withTransaction(
    deps,
    async (client) => {
      const pollToken = poll?.isWeighted ? tokenId : null;
      const id = await insertPost(client, s, {
        userId: user.id,
        title: input.title ?? "",
        content: input.content ?? "",
        parentPostId: parent?.id ?? null,
        clubId,
        topicId: input.topicId ?? null,
        tokenId,
        media,
        poll: poll && {
          question: poll.question,
          tokenId: pollToken,
          options: poll.options.map((o) => ({ key: o.id, text: o.text, emoji: o.emoji ?? "" })),
        },
      });
      if (pollToken) await setPollSnapshot(client, s, id, await snapshotBalances(client, deps.config, id, pollToken));
      if (parent) {
        await notify(client, s, {
          kind: "reply",
          recipients: [parent.user_id],
          actorId: user.id,
          postId: id,
          dedupeKey: `reply:${id}`,
        });
      }
      const names = mentionedUsernames(`${input.title ?? ""} ${input.content ?? ""}`);
      if (names.length > 0) {
        await notify(client, s, {
          kind: "mention",
          recipients: await userIdsByUsernames(client, s, names),
          actorId: user.id,
          postId: id,
          dedupeKey: `mention:${id}`,
        });
      }
      return id;
    },
    // The weighted poll's snapshot reads the indexer's balances and checkpoint from one consistent snapshot.
    { isolation: poll?.isWeighted ? "repeatable read" : "read committed" },
  );
  const [view] = await postViews(deps, [postId], user.id);
  if (!view) throw new Error(`post ${postId} vanished after insert`);
  return view;
}

/** get-post: one post the caller may read. */
export async function getPost(deps: ApiDeps, user: AuthedUser, postId: string): Promise<PostView> {
  await readablePost(deps, user, postId);
  const [view] = await postViews(deps, [postId], user.id);
  if (!view) throw new AppError("NOT_FOUND", "Post not found");
  return view;
}
