/**
 * Social tools: create_post, get_token_posts, vote, tip, get_notifications and get_hashtag_token, over the social
 * services (api/services/social, api/services/tip.ts) with the social REST schemas (api/routes/social/schemas.ts,
 * tip-schemas.ts). get_token_posts is open to anonymous callers (no user_vote; filter following and view_filter need
 * a credential).
 */
import { z } from "zod";
import { text, url } from "../../../core/schemas.js";
import {
  CreatePostRequest,
  FeedPagination,
  GetNotificationsRequest,
  GetTokenPostsRequest,
  HashtagRequest,
  Notification,
  Post,
  VoteRequest,
  VoteResult,
} from "../../routes/social/schemas.js";
import { TipRequest, TipResponse } from "../../routes/social/tip-schemas.js";
import { TokenListItem } from "../../routes/tokens/schemas.js";
import { listTokenPosts } from "../../services/social/feeds.js";
import { getHashtagToken } from "../../services/social/hashtags.js";
import { listNotifications } from "../../services/social/notifications.js";
import { createPost } from "../../services/social/posts.js";
import { castVote } from "../../services/social/votes.js";
import { tipUser } from "../../services/tip.js";
import { defineTool, requireUser } from "../tool.js";

export const createPostTool = defineTool({
  name: "create_post",
  title: "Create a post",
  description:
    "Post about a token: content (required), optional title, taggedCoinId (the token's id), imageUrl (an image to attach) or mediaData, a poll (pollData: question and 2-10 options, optionally weighted by holdings of taggedCoinId), parentPostId to reply to a post, clubId to post in a club you are a member of, topicId. Returns the post with its id (vote on it with vote).",
  input: CreatePostRequest.extend({
    content: text().min(1).describe("The post's text (at most 5000 characters)"),
    imageUrl: url.optional().describe("An image URL to attach (added as the first media item)"),
  }),
  output: Post,
  access: "user",
  readOnly: false,
  run: async (ctx, { imageUrl, ...body }) => {
    const image = imageUrl ? [{ media: imageUrl, media_type: "image" as const }] : [];
    const mediaData = [...image, ...(body.mediaData ?? [])];
    return createPost(ctx.deps, requireUser(ctx), { ...body, ...(mediaData.length > 0 ? { mediaData } : {}) });
  },
});

export const getTokenPostsTool = defineTool({
  name: "get_token_posts",
  title: "Posts about a token",
  description:
    "Posts tagged with a token (token_id; omit for every token): category timelines (all), polls or media; sort trending, new or popular; filter following (authors you follow) or all; view_filter my_posts or my_replies. Paginate with limit (1-100, default 20) and offset, or the cursor of the previous page. Each post has its content, author, vote and reply counts, media and poll.",
  input: GetTokenPostsRequest,
  output: z.object({
    posts: z.array(Post.nullable()),
    total: z.number().int().describe("Posts matching the filters"),
    pagination: FeedPagination,
  }),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => listTokenPosts(ctx.deps, ctx.user, body),
});

export const voteTool = defineTool({
  name: "vote",
  title: "Vote",
  description:
    "Upvote or downvote a token, a post, a livestream or a poll option (content_type token, post, livestream or poll_option; content_id its id; for a poll option also post_id, the poll's post). The vote is weighted by your holdings of voting_token_id (default: the voted token or the post's token). Voting the same way again withdraws the vote (action removed).",
  input: VoteRequest,
  output: VoteResult,
  access: "user",
  readOnly: false,
  run: async (ctx, body) => castVote(ctx.deps, requireUser(ctx), body),
});

export const tipTool = defineTool({
  name: "tip",
  title: "Tip a post's author or a user",
  description:
    "Tip the author of a post (postId) or a user (to: a user id or a username), exactly one of them, with amount of a launched token (tokenId) or USDC (omit tokenId) on chainSlug, from your wallet on record. Tipping yourself, a user without a wallet, or more than your wallet holds is refused. With autoExecute true the service sends it (a reused idempotencyKey tips once) and the tip counts once confirmed: it shows in the post's tips and notifies the recipient. Without autoExecute you get the transfer transaction to send; then call tip again with the same fields and its transactionHash to record it.",
  input: TipRequest,
  output: TipResponse,
  access: "user",
  readOnly: false,
  run: async (ctx, body) => ({ success: true as const, ...(await tipUser(ctx.deps, requireUser(ctx), body)) }),
});

export const getNotificationsTool = defineTool({
  name: "get_notifications",
  title: "Your notifications",
  description:
    "Your notifications, newest first: replies to your posts, votes on them, mentions, new followers, tips you received (with the amount), graduations of tokens you hold, and webhook endpoints of yours the service disabled after failing deliveries. unread_only to skip read ones; paginate with limit and offset or cursor.",
  input: GetNotificationsRequest,
  output: z.object({
    notifications: z.array(Notification),
    unread_count: z.number().int(),
    pagination: FeedPagination,
  }),
  access: "user",
  readOnly: true,
  run: async (ctx, body) => listNotifications(ctx.deps, requireUser(ctx), body),
});

export const getHashtagTokenTool = defineTool({
  name: "get_hashtag_token",
  title: "Token of a hashtag",
  description:
    "The token a hashtag stands for: give hashtag_name without the # (any case). When several tokens carry it, the one with the most holders wins. None: TOKEN_NOT_FOUND.",
  input: HashtagRequest,
  output: z.object({ token: TokenListItem.extend({ hashtag: z.string().describe("Lower case, without #") }) }),
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getHashtagToken(ctx.deps, body),
});
