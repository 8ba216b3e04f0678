/**
 * The post feeds: get-posts-2 (ranked), get-timeline-posts (newest first, all or following), get-token-posts
 * (category, sort, filter, view_filter), get-post-replies, and the club feed.
 *
 * Global feeds show top-level posts outside clubs: replies are read with get-post-replies (and my_replies), and
 * club posts only through the club feed, where access is checked. Every feed pages by offset or by a keyset
 * `cursor` (./cursor.ts); the cursor continues strictly after the last post of the previous page, so posts
 * inserted while a client pages never repeat or hide a post. Each ordering matches one partial index of
 * db/migrations/006_social.sql.
 */
import { allEnded } from "../../../core/all-ended.js";
import { AppError } from "../../../core/errors.js";
import {
  countFeed,
  type FeedFilter,
  type FeedQuery,
  type Ordering,
  orderings,
  readFeedPage,
  readTimelineNewer,
  readTimelineWindow,
  TOP_LEVEL,
} from "../../../db/social/feeds.js";
import { PICK_BY_IDS, type ViewerRow } from "../../../db/social/picks.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens/lookup.js";
import { assertClubAccess } from "./clubs.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { type PostView, pickPosts, viewsOfPicked } from "./post-view.js";
import { readablePost } from "./posts.js";
import { newest, windowStore } from "./windows.js";

export type FeedPagination = { limit: number; offset: number; has_more: boolean; next_cursor: string | null };
export type FeedPage = { posts: PostView[]; pagination: FeedPagination };

/** get-posts-2: one token's posts, or every token's. */
export type GetPosts2Input = PageInput & { token_id?: string };
/** get-timeline-posts: every author, or those the caller follows. */
export type GetTimelinePostsInput = PageInput & { filter: "following" | "all" };
/** get-token-posts: see listTokenPosts. */
export type GetTokenPostsInput = PageInput & {
  token_id?: string;
  category: "timelines" | "polls" | "media";
  sort: "trending" | "new" | "popular";
  filter: "following" | "all";
  view_filter?: "my_posts" | "my_replies";
};

/** A feed's page as a client asks for it: the cursor, when given, is decoded here (./cursor.ts). */
type PageQuery = Omit<FeedQuery, "after"> & { cursor?: string };

async function feedPage(deps: ApiDeps, viewerId: string | undefined, q: PageQuery): Promise<FeedPage> {
  const { cursor, ...query } = q;
  const after = cursor ? decodeCursor(cursor, q.ordering) : undefined;
  // The page is picked, with the viewer's parts of each post, in one statement (db/social/picks.ts).
  const picked = await readFeedPage(deps.db, deps.config.appSchema, { ...query, after }, viewerId);
  return pageOf(deps, picked, q.ordering, { limit: q.limit, offset: q.offset });
}

/** The records of `picked` (one more than the page when there are more) as a page of `ordering`, with its cursor. */
async function pageOf(
  deps: ApiDeps,
  picked: ViewerRow[],
  ordering: Ordering,
  page: { limit: number; offset: number },
): Promise<FeedPage> {
  const views = await viewsOfPicked(deps, picked.slice(0, page.limit));
  const last = views.at(-1)?.row;
  const hasMore = picked.length > page.limit;
  const { key } = orderings[ordering];
  const lastKey = key === "rank_score" ? last?.rank_score : key === "popularity" ? last?.popularity : undefined;
  return {
    posts: views.map((v) => v.view),
    pagination: {
      limit: page.limit,
      offset: page.offset,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor(ordering, { seq: last.seq, key: lastKey }) : null,
    },
  };
}

/**
 * get-posts-2: top-level posts by rank (docs/decisions.md, Social: Ranking), optionally of one token. `total_returned` is the
 * number of posts in this page.
 */
export async function listRankedPosts(
  deps: ApiDeps,
  user: AuthedUser | undefined,
  input: GetPosts2Input,
): Promise<{ posts: PostView[]; pagination: FeedPagination & { total_returned: number } }> {
  // The token's existence is checked beside the page (a 404 for an unknown one), not before it.
  const [page] = await allEnded([
    feedPage(deps, user?.id, {
      ordering: "trending",
      filter: input.token_id ? { ...TOP_LEVEL, tokenId: input.token_id } : TOP_LEVEL,
      limit: input.limit,
      offset: input.offset,
      cursor: input.cursor,
    }),
    input.token_id ? assertTokenExists(deps, input.token_id) : undefined,
  ]);
  return { posts: page.posts, pagination: { ...page.pagination, total_returned: page.posts.length } };
}

/** get-timeline-posts: top-level posts, newest first; `following`: only by users the caller follows. */
export async function listTimelinePosts(
  deps: ApiDeps,
  user: AuthedUser,
  input: GetTimelinePostsInput,
): Promise<FeedPage> {
  const q: PageQuery = {
    ordering: "new",
    filter: TOP_LEVEL,
    limit: input.limit,
    offset: input.offset,
    cursor: input.cursor,
    ...(input.filter === "following" ? { followedBy: user.id } : {}),
  };
  if (q.followedBy && !q.cursor) {
    const window = await followingWindow(deps, q);
    const end = q.offset + q.limit + 1;
    if (window && (window.complete || window.posts.length >= end)) {
      const ids = window.posts.slice(q.offset, end).map((p) => p.id);
      const picked = await pickPosts(deps, PICK_BY_IDS, [ids], user.id);
      return pageOf(deps, picked, q.ordering, { limit: q.limit, offset: q.offset });
    }
  }
  return feedPage(deps, user.id, q);
}

/** The newest posts of a following timeline, and whether they are all of it. */
type TimelineWindow = {
  posts: { id: string; seq: number }[];
  complete: boolean;
  watermark: number;
  inserted: string;
  follows: string;
};

/** Posts a following-timeline window holds: the first page of the largest limit, and one more. */
const TIMELINE_WINDOW = 101;
/** Viewers whose following timeline a process keeps. */
const timelineWindows = windowStore<TimelineWindow>(5_000);
/** Viewers who asked for their following timeline once, and have no window yet. */
const askedOnce = windowStore<true>(20_000);

/**
 * The following timeline's newest posts for `q.followedBy`, kept per process (./windows.ts): made on the viewer's
 * second ask, rebuilt when anyone followed or unfollowed, brought up to date when a post was inserted, else served
 * as it is. Undefined on a first ask and without change notifications.
 */
async function followingWindow(deps: ApiDeps, q: PageQuery): Promise<TimelineWindow | undefined> {
  const inserted = deps.versions?.key("posts_inserted") ?? null;
  const follows = deps.versions?.key("follows") ?? null;
  const store = timelineWindows(deps);
  const viewer = q.followedBy;
  if (inserted === null || follows === null || !store || !viewer) return undefined;
  const s = deps.config.appSchema;
  const kept = store.get(viewer);
  if (kept && kept.follows === follows && kept.inserted === inserted) return kept;
  // A viewer's first ask reads its page alone: a window costs more than a page, and pays only when asked again.
  const asked = askedOnce(deps);
  if (!kept && asked && !asked.get(viewer)) {
    asked.set(viewer, true);
    return undefined;
  }
  let window: TimelineWindow;
  if (kept && kept.follows === follows) {
    const found = await readTimelineNewer(deps.db, s, viewer, kept.watermark, TIMELINE_WINDOW);
    const posts = newest([...found.posts, ...kept.posts], TIMELINE_WINDOW);
    window = {
      posts,
      complete: kept.complete && posts.length < TIMELINE_WINDOW,
      watermark: found.watermark ?? kept.watermark,
      inserted,
      follows,
    };
  } else {
    const found = await readTimelineWindow(deps.db, s, q, TIMELINE_WINDOW);
    const posts = newest(found.posts, TIMELINE_WINDOW);
    window = { posts, complete: posts.length < TIMELINE_WINDOW, watermark: found.watermark ?? 0, inserted, follows };
  }
  store.set(viewer, window);
  return window;
}

/**
 * get-token-posts: posts of one token (or of every token) by category (timelines: all, polls, media), sorted
 * trending (rank), new or popular (engagement without recency); `filter` following keeps followed authors;
 * `view_filter` my_posts keeps the caller's top-level posts, my_replies the caller's replies. `total` counts
 * every matching post.
 */
export async function listTokenPosts(
  deps: ApiDeps,
  user: AuthedUser | undefined,
  input: GetTokenPostsInput,
): Promise<FeedPage & { total: number }> {
  // Anonymous readers (read-only MCP tools) get the public feed; the viewer's own filters need a viewer.
  if (!user && (input.view_filter || input.filter === "following")) {
    throw new AppError("AUTHENTICATION_FAILED", "Missing authorization header");
  }
  const filter: FeedFilter = {
    clubId: null,
    topLevel: input.view_filter !== "my_replies",
    tokenId: input.token_id,
    hasPoll: input.category === "polls",
    hasMedia: input.category === "media",
    authorId: input.view_filter ? user?.id : undefined,
    authorsFollowedBy: input.filter === "following" ? user?.id : undefined,
  };
  const [page, total] = await allEnded([
    feedPage(deps, user?.id, {
      ordering: input.sort,
      filter,
      limit: input.limit,
      offset: input.offset,
      cursor: input.cursor,
    }),
    countFeed(deps.db, deps.config.appSchema, filter),
    input.token_id ? assertTokenExists(deps, input.token_id) : undefined,
  ]);
  return { ...page, total };
}

export type PageInput = { limit: number; offset: number; cursor?: string };

/** get-post-replies: replies to a post the caller may read, oldest first (conversation order). */
export async function listReplies(
  deps: ApiDeps,
  user: AuthedUser,
  postId: string,
  input: PageInput,
): Promise<FeedPage> {
  await readablePost(deps, user, postId);
  return feedPage(deps, user.id, { ordering: "oldest", filter: { parentPostId: postId }, ...input });
}

/** get-club-posts: a club's top-level posts, newest first; 403 with the spec's message without access. */
export async function listClubPosts(
  deps: ApiDeps,
  user: AuthedUser,
  clubId: string,
  input: PageInput,
): Promise<FeedPage> {
  await assertClubAccess(deps, user, clubId);
  return feedPage(deps, user.id, {
    ordering: "new",
    filter: { clubId, topLevel: true },
    ...input,
  });
}
