/**
 * Social route definitions: posts, votes, tips, feeds, clubs, follows, topics, hashtags, livestreams, notifications.
 * Schemas (requests, records, responses) are in ./schemas.ts, shared with the MCP tools; handlers in ./handlers.ts.
 */
import { postRoute } from "../common.js";
import { GetHashtagTokenResponse } from "../tokens/schemas.js";
import {
  ClubIdRequest,
  ClubInviteRequest,
  ClubInviteResponse,
  ClubMembersRequest,
  ClubPageRequest,
  ClubResponse,
  CreateClubRequest,
  CreateLivestreamRequest,
  CreateLivestreamResponse,
  CreatePostRequest,
  CreatePostResponse,
  CreateTopicRequest,
  CreateTopicResponse,
  FollowListRequest,
  FollowListResponse,
  FollowResponse,
  GetClubMembersResponse,
  GetClubPostsResponse,
  GetClubsResponse,
  GetLivestreamResponse,
  GetNotificationsRequest,
  GetNotificationsResponse,
  GetPostRepliesResponse,
  GetPostResponse,
  GetPosts2Request,
  GetPosts2Response,
  GetTimelinePostsRequest,
  GetTimelinePostsResponse,
  GetTokenPostsRequest,
  GetTokenPostsResponse,
  GetTopicsRequest,
  GetTopicsResponse,
  HashtagRequest,
  ListClubsRequest,
  LivestreamIdRequest,
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  PostIdRequest,
  PostRepliesRequest,
  UserIdRequest,
  VoteRequest,
  VoteResponse,
} from "./schemas.js";
import { TipRequest, TipResponse } from "./tip-schemas.js";

// Posts

export const createPostRoute = postRoute({
  name: "create-post",
  tag: "Posts",
  summary: "Create a post, reply, poll, media, club or topic post",
  description:
    "Needs content, a title or media (400 `A post needs content, a title or media`); content at most SOCIAL_MAX_CONTENT_LENGTH (5000) characters; a reply's parent must exist (404 `Parent post not found`); polls have 2 to 10 options; a weighted poll needs taggedCoinId and snapshots its holders' balances at the current indexed block. Club posts need membership. Limited to SOCIAL_POSTS_PER_MINUTE (20) per user (429).",
  request: CreatePostRequest,
  response: CreatePostResponse,
});

export const getPostRoute = postRoute({
  name: "get-post",
  tag: "Posts",
  summary: "One post",
  description: "Club posts need access to the club (403 `Access denied: no permission to view this club`).",
  request: PostIdRequest,
  response: GetPostResponse,
});

export const getPostRepliesRoute = postRoute({
  name: "get-post-replies",
  tag: "Posts",
  summary: "Replies to a post, oldest first",
  request: PostRepliesRequest,
  response: GetPostRepliesResponse,
});

// Voting

export const voteRoute = postRoute({
  name: "vote",
  tag: "Voting",
  summary: "Vote on a token, post, livestream or poll option",
  description:
    "Same type again removes the vote (action `removed`), the opposite type switches it (`updated`), otherwise `created`. Poll options are single choice: voting another option of the same poll moves the vote (`updated`). The weight is the voter's indexed balance of voting_token_id (wallet on record, whole tokens in `weight`); for poll options, the balance of the poll's token at its snapshot block. Clients cannot set a weight. Limited to SOCIAL_VOTES_PER_MINUTE (120) per user (429).",
  request: VoteRequest,
  response: VoteResponse,
});

// Tips

export const tipRoute = postRoute({
  name: "tip",
  tag: "Wallet",
  summary: "Tip the author of a post, or a user, in a launched token or USDC",
  description:
    "A transfer of `amount` (whole tokens, or USD for USDC when tokenId is omitted) on chainSlug from your wallet on record to the author of `postId`, or to `to` (a user id or a username): exactly one of them (400 `Missing required fields: postId or to`, `Give exactly one of postId or to`). Unknown: 404 `Post not found` / `User not found`. Refused with 400: `Cannot tip yourself`, a recipient without a wallet on record, `Insufficient token balance` / `Insufficient USDC balance` (your balance on chain now). Without autoExecute: the transaction to send, and nothing recorded (`tip` null) until you report it with `transactionHash` once it is mined (checked against its receipt; a transaction is one tip). With autoExecute the service sends it as an intent (a reused idempotencyKey tips once; the spending policy applies) and records it. A tip counts once its transfer is confirmed: it is added to the post's `tips` and notifies the recipient (kind `tip`).",
  request: TipRequest,
  response: TipResponse,
});

// Feed

export const getPosts2Route = postRoute({
  name: "get-posts-2",
  tag: "Feed",
  summary: "Ranked posts feed",
  description:
    "Top-level posts outside clubs by rank: E = (upvotes − downvotes) + 2·replies + log10(1 + weighted up) − log10(1 + weighted down) (whole tokens); rank = sign(E)·log10(1 + |E|) + (created_at − 2024-01-01)/45000 s. Page with offset, or with `cursor` (pagination.next_cursor) to never repeat or skip a post while posts arrive.",
  request: GetPosts2Request,
  response: GetPosts2Response,
});

export const getTimelinePostsRoute = postRoute({
  name: "get-timeline-posts",
  tag: "Feed",
  summary: "Timeline: newest posts, all or from followed users",
  description:
    "Top-level posts outside clubs, newest first; `following`: by users the caller follows. Offset or keyset `cursor`.",
  request: GetTimelinePostsRequest,
  response: GetTimelinePostsResponse,
});

export const getTokenPostsRoute = postRoute({
  name: "get-token-posts",
  tag: "Feed",
  summary: "Posts about a token",
  description:
    "category timelines (every post), polls or media; sort trending (rank of get-posts-2), new, or popular (engagement E without recency); filter following; view_filter my_posts (the caller's posts) or my_replies (the caller's replies). Without token_id: every token. Club posts are only in the club feed.",
  request: GetTokenPostsRequest,
  response: GetTokenPostsResponse,
});

// Tokens

export const getHashtagTokenRoute = postRoute({
  name: "get-hashtag-token",
  tag: "Tokens",
  summary: "The token a hashtag names",
  description: "Case-insensitive, with or without #. Several tokens: most holders, then oldest. None: 404.",
  request: HashtagRequest,
  response: GetHashtagTokenResponse,
});

// Notifications

export const getNotificationsRoute = postRoute({
  name: "get-notifications",
  tag: "Notifications",
  summary: "The caller's notifications, newest first",
  description:
    "Kinds: reply, vote (on your post; once per voter and post), mention (@username), follow, graduation (a token you hold graduated; detected when you read this list), tip, webhook_disabled (the service disabled a webhook endpoint of yours whose deliveries kept failing; `webhook` names it).",
  request: GetNotificationsRequest,
  response: GetNotificationsResponse,
});

export const markNotificationsReadRoute = postRoute({
  name: "mark-notifications-read",
  tag: "Notifications",
  summary: "Mark notifications read",
  request: MarkNotificationsReadRequest,
  response: MarkNotificationsReadResponse,
});

// Follows

export const followUserRoute = postRoute({
  name: "follow-user",
  tag: "Feed",
  summary: "Follow a user",
  request: UserIdRequest,
  response: FollowResponse,
});
export const unfollowUserRoute = postRoute({
  name: "unfollow-user",
  tag: "Feed",
  summary: "Stop following a user",
  request: UserIdRequest,
  response: FollowResponse,
});
export const getFollowersRoute = postRoute({
  name: "get-followers",
  tag: "Feed",
  summary: "A user's followers, newest first",
  request: FollowListRequest,
  response: FollowListResponse,
});
export const getFollowingRoute = postRoute({
  name: "get-following",
  tag: "Feed",
  summary: "Users a user follows, newest first",
  request: FollowListRequest,
  response: FollowListResponse,
});

// Topics

export const createTopicRoute = postRoute({
  name: "create-topic",
  tag: "Posts",
  summary: "Create a topic",
  request: CreateTopicRequest,
  response: CreateTopicResponse,
});
export const getTopicsRoute = postRoute({
  name: "get-topics",
  tag: "Posts",
  summary: "List topics",
  request: GetTopicsRequest,
  response: GetTopicsResponse,
});

// Livestreams

export const createLivestreamRoute = postRoute({
  name: "create-livestream",
  tag: "Posts",
  summary: "Create a livestream record (a vote target)",
  request: CreateLivestreamRequest,
  response: CreateLivestreamResponse,
});
export const getLivestreamRoute = postRoute({
  name: "get-livestream",
  tag: "Posts",
  summary: "A livestream with its votes",
  request: LivestreamIdRequest,
  response: GetLivestreamResponse,
});

// Clubs

const clubAccess =
  "Without access: 403 `Access denied: no permission to view this club`. public: anyone; holders: an indexed balance of the club's token of at least min_balance (checked at every read); invite: members and invited users.";

export const createClubRoute = postRoute({
  name: "create-club",
  tag: "Clubs",
  summary: "Create a club (the caller owns it)",
  request: CreateClubRequest,
  response: ClubResponse,
});
export const getClubRoute = postRoute({
  name: "get-club",
  tag: "Clubs",
  summary: "A club",
  description: clubAccess,
  request: ClubIdRequest,
  response: ClubResponse,
});
export const joinClubRoute = postRoute({
  name: "join-club",
  tag: "Clubs",
  summary: "Join a club",
  description: clubAccess,
  request: ClubIdRequest,
  response: ClubResponse,
});
export const leaveClubRoute = postRoute({
  name: "leave-club",
  tag: "Clubs",
  summary: "Leave a club (not its owner)",
  request: ClubIdRequest,
  response: ClubResponse,
});
export const inviteToClubRoute = postRoute({
  name: "invite-to-club",
  tag: "Clubs",
  summary: "Invite a user (the club's owner only)",
  request: ClubInviteRequest,
  response: ClubInviteResponse,
});
export const getClubMembersRoute = postRoute({
  name: "get-club-members",
  tag: "Clubs",
  summary: "Members of a club",
  description: clubAccess,
  request: ClubMembersRequest,
  response: GetClubMembersResponse,
});
export const getClubPostsRoute = postRoute({
  name: "get-club-posts",
  tag: "Clubs",
  summary: "A club's feed, newest first",
  description: clubAccess,
  request: ClubPageRequest,
  response: GetClubPostsResponse,
});
export const getClubsRoute = postRoute({
  name: "get-clubs",
  tag: "Clubs",
  summary: "List clubs",
  description:
    "Public and holders-only clubs, and invite-only clubs the caller belongs to or is invited to; newest first.",
  request: ListClubsRequest,
  response: GetClubsResponse,
});
