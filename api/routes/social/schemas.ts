/**
 * zod schemas of the social endpoints: requests (validation, types, OpenAPI, and the MCP tools' input schemas), the
 * records they return and the responses. Services declare their own input and record types: the handlers and the
 * MCP tools are where TypeScript checks that a parsed request fits a service and that what it returns fits the
 * response. A tool and a route that share a schema share every default and every error message.
 *
 * Units: vote weights and weighted counts are JSON numbers of whole tokens (18 decimals), each next to the exact
 * base-unit amount as a decimal string (`*_wei`). Times are ISO 8601.
 */
import { z } from "@hono/zod-openapi";
import { hashtag, limit, offset, text, URL_MAX, uuid } from "../../../core/schemas.js";

// Requests

export const MediaItem = z
  .object({
    media: text(URL_MAX).min(1).describe("URL of the image, video or link"),
    media_type: z.enum(["image", "video", "gif", "link"]).default("image"),
    order_index: z.number().int().min(0).max(99).optional().describe("Display order; default the array position"),
    alt_text: text(500).optional(),
    preview_image_url: text(URL_MAX).optional(),
    link_title: text(300).optional(),
    link_description: text(1000).optional(),
    link_domain: text(253).optional(),
  })
  .openapi("MediaItem");

export const PollData = z
  .object({
    question: text(300).trim().min(1, "must not be empty"),
    options: z
      .array(
        z.object({
          id: text(64).min(1).describe("The client's id of the option; unique within the poll"),
          text: text(200).trim().min(1, "must not be empty"),
          emoji: text(16).optional(),
        }),
      )
      .min(2, "a poll needs 2 to 10 options")
      .max(10, "a poll needs 2 to 10 options")
      .refine((options) => new Set(options.map((o) => o.id)).size === options.length, "option ids must be unique"),
    isWeighted: z
      .boolean()
      .default(false)
      .describe(
        "Weighted polls tally by holdings of the post's taggedCoinId at the snapshot block (taken at creation); they need a taggedCoinId",
      ),
  })
  .openapi("PollData");

export const CreatePostRequest = z
  .object({
    title: text(300).optional(),
    content: text().optional().describe("At most SOCIAL_MAX_CONTENT_LENGTH characters (default 5000)"),
    taggedCoinId: uuid.optional().describe("The token the post is about; a reply inherits its parent's"),
    pollData: PollData.optional(),
    mediaData: z.array(MediaItem).max(10, "at most 10 media items").optional(),
    parentPostId: uuid.optional().describe("Makes the post a reply; the parent must exist"),
    topicId: uuid.optional(),
    clubId: uuid.optional().describe("Posts in a club (members only); a reply inherits its parent's club"),
  })
  .openapi("CreatePostRequest");

export const voteContentTypes = ["token", "post", "livestream", "poll_option"] as const;
export const VoteRequest = z
  .object({
    content_id: uuid,
    content_type: z.enum(voteContentTypes),
    vote_type: z.enum(["upvote", "downvote"]),
    voting_token_id: uuid
      .optional()
      .describe(
        "Token whose indexed holdings weigh the vote. Default: the voted token, or the post's / livestream's tagged token (no token: weight 0). Poll options always use the poll's token at its snapshot block.",
      ),
    post_id: uuid.optional().describe("The poll's post; required when content_type is poll_option"),
  })
  .openapi("VoteRequest");

export const cursor = text(200)
  .min(1)
  .optional()
  .describe(
    "Opaque keyset cursor from the previous page's pagination.next_cursor. With a cursor, offset is ignored and the page continues exactly after the last post seen, even while new posts arrive.",
  );

export const GetPosts2Request = z
  .object({ limit: limit(100, 10), offset, token_id: uuid.optional(), cursor })
  .openapi("GetPosts2Request");

export const GetTimelinePostsRequest = z
  .object({
    limit: limit(100, 20),
    offset,
    filter: z.enum(["following", "all"]).default("all"),
    cursor,
  })
  .openapi("GetTimelinePostsRequest");

export const postSorts = ["trending", "new", "popular"] as const;
export const GetTokenPostsRequest = z
  .object({
    token_id: uuid.optional().describe("Only posts tagged with this token; default every token"),
    category: z.enum(["timelines", "polls", "media"]).default("timelines"),
    sort: z.enum(postSorts).default("new"),
    filter: z.enum(["following", "all"]).default("all"),
    view_filter: z.enum(["my_posts", "my_replies"]).optional(),
    limit: limit(100, 20),
    offset,
    cursor,
  })
  .openapi("GetTokenPostsRequest");

export const PostIdRequest = z.object({ post_id: uuid }).openapi("PostIdRequest");
export const PostRepliesRequest = z
  .object({ post_id: uuid, limit: limit(100, 20), offset, cursor })
  .openapi("GetPostRepliesRequest");

export const HashtagRequest = z
  .object({
    hashtag_name: hashtag,
  })
  .openapi("GetHashtagTokenRequest");

export const GetNotificationsRequest = z
  .object({ limit: limit(100, 20), offset, unread_only: z.boolean().default(false), cursor })
  .openapi("GetNotificationsRequest");
export const MarkNotificationsReadRequest = z
  .object({
    notification_ids: z
      .array(uuid)
      .min(1)
      .max(100)
      .optional()
      .describe("The caller's notifications to mark read; omit to mark all of them read"),
  })
  .openapi("MarkNotificationsReadRequest");

export const UserIdRequest = z.object({ user_id: uuid }).openapi("UserIdRequest");
export const FollowListRequest = z
  .object({ user_id: uuid.optional().describe("Default: the caller"), limit: limit(100, 20), offset })
  .openapi("FollowListRequest");

export const CreateTopicRequest = z
  .object({ name: text(64).trim().min(1), description: text(500).default("") })
  .openapi("CreateTopicRequest");
export const GetTopicsRequest = z
  .object({ query: text(64).trim().optional(), limit: limit(100, 20), offset })
  .openapi("GetTopicsRequest");

export const CreateLivestreamRequest = z
  .object({
    title: text(200).trim().min(1),
    token_id: uuid.optional(),
    stream_url: text(URL_MAX).default(""),
  })
  .openapi("CreateLivestreamRequest");
export const LivestreamIdRequest = z.object({ livestream_id: uuid }).openapi("LivestreamIdRequest");

export const clubVisibilities = ["public", "holders", "invite"] as const;
export const CreateClubRequest = z
  .object({
    name: text(100).trim().min(1),
    description: text(1000).default(""),
    visibility: z.enum(clubVisibilities).default("public"),
    token_id: uuid.optional().describe("The token of a holders-only club (required for visibility holders)"),
    min_balance: z
      .string()
      .regex(/^\d{1,40}(\.\d{1,18})?$/, "must be a decimal number of whole tokens, e.g. 100 or 0.5")
      .optional()
      .describe("Whole tokens a member must hold (holders-only clubs); default any positive balance"),
  })
  .openapi("CreateClubRequest");
export const ClubIdRequest = z.object({ club_id: uuid }).openapi("ClubIdRequest");
export const ClubInviteRequest = z.object({ club_id: uuid, user_id: uuid }).openapi("ClubInviteRequest");
export const ClubPageRequest = z
  .object({ club_id: uuid, limit: limit(100, 20), offset, cursor })
  .openapi("ClubPageRequest");
export const ClubMembersRequest = ClubPageRequest.omit({ cursor: true });
export const ListClubsRequest = z
  .object({ token_id: uuid.optional(), limit: limit(100, 20), offset })
  .openapi("ListClubsRequest");

// Records

export const UserSummary = z
  .object({ id: uuid, username: z.string(), profile_picture: z.string() })
  .openapi("UserSummary");

const weighted = {
  weighted_upvotes: z.number().describe("Sum of upvote weights, whole tokens"),
  weighted_downvotes: z.number().describe("Sum of downvote weights, whole tokens"),
  weighted_upvotes_wei: z.string().describe("The same in token base units"),
  weighted_downvotes_wei: z.string(),
};
/** The counters of a vote target. */
const voteCounts = { upvotes: z.number().int(), downvotes: z.number().int(), ...weighted };

export const PollOption = z
  .object({
    id: uuid.describe("Vote on it with content_type poll_option, content_id = this id, post_id = the post"),
    key: z.string().describe("The id the creator sent"),
    text: z.string(),
    emoji: z.string(),
    ...voteCounts,
  })
  .openapi("PollOption");

export const Poll = z
  .object({
    question: z.string(),
    is_weighted: z.boolean(),
    voting_token_id: uuid.nullable().describe("Token whose snapshot balances weigh the votes"),
    snapshot_block: z.number().int().nullable().describe("Indexed block of the balance snapshot"),
    options: z.array(PollOption),
    user_vote_option_id: uuid.nullable().describe("The option the caller voted for"),
  })
  .openapi("Poll");

/** Amounts of one asset on one chain: whole units next to base units (USDC 6 decimals, launched tokens 18). */
const assetAmount = {
  chain: z.string(),
  token_id: uuid.nullable().describe("The launched token; null: USDC"),
  symbol: z.string(),
  amount: z.string().describe("Whole units (decimal string)"),
  amount_base_units: z.string(),
};

export const PostTips = z
  .object({
    count: z.number().int().describe("Tips whose transfer is confirmed on chain"),
    totals: z.array(z.object({ ...assetAmount, count: z.number().int() })).describe("Per chain and asset"),
  })
  .openapi("PostTips");

export const Post = z
  .object({
    id: uuid,
    title: z.string(),
    content: z.string(),
    user_id: uuid,
    user: UserSummary,
    created_at: z.string(),
    parent_post_id: uuid.nullable(),
    club_id: uuid.nullable(),
    topic_id: uuid.nullable(),
    tagged_coin_id: uuid.nullable(),
    media: z.array(MediaItem.extend({ order_index: z.number().int() })),
    poll: Poll.nullable(),
    upvote_count: z.number().int(),
    downvote_count: z.number().int(),
    ...weighted,
    reply_count: z.number().int(),
    score: z.number().describe("Ranking score of get-posts-2 (docs/decisions.md, Social: Ranking)"),
    user_vote: z.enum(["upvote", "downvote"]).nullable().describe("The caller's vote on the post"),
    tips: PostTips,
  })
  .openapi("Post");

export const FeedPagination = z
  .object({
    limit: z.number().int(),
    offset: z.number().int(),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page"),
  })
  .openapi("FeedPagination");

export const VoteResult = z
  .object({
    id: uuid.describe("The vote's id (of the removed vote when action is removed)"),
    content_id: uuid,
    content_type: z.enum(voteContentTypes),
    action: z
      .enum(["created", "updated", "removed"])
      .describe(
        "created: a new vote; updated: switched type, or a poll vote moved to this option; removed: the same type again withdrew it",
      ),
    vote_type: z.enum(["upvote", "downvote"]).describe("The type voted (the withdrawn one when removed)"),
    weight: z.number().describe("Whole tokens; 0 when removed"),
    weight_wei: z.string(),
    voting_token_id: uuid.nullable(),
    ...voteCounts,
    created_at: z.string(),
  })
  .openapi("VoteResult");

export const Notification = z
  .object({
    id: uuid,
    kind: z.enum(["reply", "vote", "mention", "follow", "graduation", "tip", "webhook_disabled"]),
    actor: UserSummary.nullable(),
    post_id: uuid.nullable(),
    token_id: uuid.nullable(),
    tip: z
      .object({ id: uuid, ...assetAmount })
      .nullable()
      .describe("kind tip: what the actor sent you (for post_id, when set)"),
    webhook: z
      .object({ id: uuid, url: z.string(), status: z.string(), disabled_reason: z.string().nullable() })
      .nullable()
      .describe(
        "kind webhook_disabled: your endpoint the service disabled after its deliveries kept failing, as it is now (null once deleted); update-webhook status active re-enables it",
      ),
    read: z.boolean(),
    created_at: z.string(),
  })
  .openapi("Notification");

export const Club = z
  .object({
    id: uuid,
    name: z.string(),
    description: z.string(),
    visibility: z.enum(clubVisibilities),
    token_id: uuid.nullable(),
    min_balance: z.string().describe("token base units"),
    min_balance_tokens: z.number(),
    owner_id: uuid,
    member_count: z.number().int(),
    is_member: z.boolean(),
    created_at: z.string(),
  })
  .openapi("Club");

export const Topic = z
  .object({ id: uuid, name: z.string(), description: z.string(), created_by: uuid, created_at: z.string() })
  .openapi("Topic");

export const Livestream = z
  .object({
    id: uuid,
    user_id: uuid,
    token_id: uuid.nullable(),
    title: z.string(),
    stream_url: z.string(),
    is_live: z.boolean(),
    ...voteCounts,
    created_at: z.string(),
  })
  .openapi("Livestream");

export const SearchUser = UserSummary;

// Responses

const ok = z.literal(true);
const Page = z.object({ limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() });
const FeedResponse = (name: string) =>
  z.object({ success: ok, posts: z.array(Post.nullable()), pagination: FeedPagination }).openapi(name);

export const CreatePostResponse = z.object({ success: ok, post: Post }).openapi("CreatePostResponse");
export const GetPostResponse = z.object({ success: ok, post: Post }).openapi("GetPostResponse");
export const GetPostRepliesResponse = FeedResponse("GetPostRepliesResponse");
export const VoteResponse = z.object({ success: ok, vote: VoteResult }).openapi("VoteResponse");
export const GetPosts2Response = z
  .object({
    success: ok,
    posts: z.array(Post.nullable()),
    pagination: FeedPagination.extend({ total_returned: z.number().int().describe("Posts in this page") }),
  })
  .openapi("GetPosts2Response");
export const GetTimelinePostsResponse = FeedResponse("GetTimelinePostsResponse");
export const GetTokenPostsResponse = z
  .object({
    success: ok,
    posts: z.array(Post.nullable()),
    total: z.number().int().describe("Posts matching the filters"),
    pagination: FeedPagination,
  })
  .openapi("GetTokenPostsResponse");
export const GetNotificationsResponse = z
  .object({
    success: ok,
    notifications: z.array(Notification),
    unread_count: z.number().int(),
    pagination: FeedPagination,
  })
  .openapi("GetNotificationsResponse");
export const MarkNotificationsReadResponse = z
  .object({ success: ok, marked: z.number().int(), unread_count: z.number().int() })
  .openapi("MarkNotificationsReadResponse");
export const FollowResponse = z
  .object({ success: ok, user_id: uuid, following: z.boolean(), follower_count: z.number().int() })
  .openapi("FollowResponse");
export const FollowListResponse = z
  .object({
    success: ok,
    user_id: uuid,
    users: z.array(UserSummary.extend({ followed_at: z.string() })),
    total: z.number().int(),
    pagination: Page,
  })
  .openapi("FollowListResponse");
export const CreateTopicResponse = z.object({ success: ok, topic: Topic }).openapi("CreateTopicResponse");
export const GetTopicsResponse = z
  .object({ success: ok, topics: z.array(Topic), pagination: Page })
  .openapi("GetTopicsResponse");
export const CreateLivestreamResponse = z
  .object({ success: ok, livestream: Livestream })
  .openapi("CreateLivestreamResponse");
export const GetLivestreamResponse = z.object({ success: ok, livestream: Livestream }).openapi("GetLivestreamResponse");
export const ClubResponse = z.object({ success: ok, club: Club }).openapi("ClubResponse");
export const ClubInviteResponse = z
  .object({ success: ok, club_id: uuid, user_id: uuid, created: z.boolean().describe("false: already invited") })
  .openapi("ClubInviteResponse");
export const GetClubMembersResponse = z
  .object({
    success: ok,
    members: z.array(UserSummary.extend({ role: z.enum(["owner", "member"]), joined_at: z.string() })),
    pagination: Page,
  })
  .openapi("GetClubMembersResponse");
export const GetClubPostsResponse = FeedResponse("GetClubPostsResponse");
export const GetClubsResponse = z
  .object({ success: ok, clubs: z.array(Club), pagination: Page })
  .openapi("GetClubsResponse");
