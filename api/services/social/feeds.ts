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
import { AppError } from "../../../core/errors.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import type {
  GetPosts2Input,
  GetTimelinePostsInput,
  GetTokenPostsInput,
  PostView,
} from "../../routes/social/schemas.js";
import { getAppToken } from "../tokens.js";
import { assertClubAccess } from "./clubs.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { postViewOf, queryPostViews } from "./post-view.js";
import { readablePost } from "./posts.js";

type Ordering = "new" | "trending" | "popular" | "oldest";

/** Sort key column (null: seq alone) and direction of each ordering; seq breaks ties. */
const orderings: Record<Ordering, { key: string | null; desc: boolean }> = {
  new: { key: null, desc: true },
  trending: { key: "rank_score", desc: true },
  popular: { key: "popularity", desc: true },
  oldest: { key: null, desc: false },
};

export type FeedPagination = { limit: number; offset: number; has_more: boolean; next_cursor: string | null };
export type FeedPage = { posts: PostView[]; pagination: FeedPagination };

type FeedQuery = {
  ordering: Ordering;
  /** Conditions on posts alias p; `$n` placeholders index into params. */
  where: string[];
  params: unknown[];
  limit: number;
  offset: number;
  cursor?: string;
  /** Posts of the users this user follows, read per followee (one short index range each). */
  followedBy?: string;
};

/** From this many followees on, a newest-first following feed walks all posts instead of each followee's. */
const MANY_FOLLOWEES = 100;

/**
 * The rows a page of `n` (offset plus page plus one) reads at most: one of a few constants, so that a feed has a
 * handful of statement texts, each prepared once per connection; past 100 the next power of two.
 */
function rowBound(n: number): number {
  for (const b of [11, 21, 51, 101]) if (n <= b) return b;
  return 2 ** Math.ceil(Math.log2(n));
}

async function feedPage(deps: ApiDeps, viewerId: string | undefined, q: FeedQuery): Promise<FeedPage> {
  const s = deps.config.appSchema;
  const { key, desc } = orderings[q.ordering];
  const params = [...q.params];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = [...q.where];
  const after = q.cursor ? decodeCursor(q.cursor, q.ordering) : undefined;
  if (after) {
    const op = desc ? "<" : ">";
    where.push(
      key && after.key !== undefined
        ? `(p.${key}, p.seq) ${op} (${param(after.key)}::float8, ${param(after.seq)}::bigint)`
        : `p.seq ${op} ${param(after.seq)}::bigint`,
    );
  }
  const dir = desc ? "DESC" : "ASC";
  const orderBy = key ? `p.${key} ${dir}, p.seq ${dir}` : `p.seq ${dir}`;
  const offset = after ? 0 : q.offset;
  const take = q.limit + 1;
  // Every index range reads at most `bound` rows, a constant of the statement text; the exact page (offset, take)
  // is cut by row number outside. A LIMIT or OFFSET parameter would make Postgres plan each call afresh: its
  // generic plan assumes a tenth of the table, so it never reuses one, and planning costs more than the page.
  const bound = rowBound(offset + take);
  const columns = `p.id, p.seq${key ? `, p.${key} AS key` : ""}`;
  const conditions = where.length > 0 ? where.join(" AND ") : "true";
  const feedOrder = `ORDER BY ${key ? `key ${dir}, seq ${dir}` : `seq ${dir}`}`;
  let sql: string;
  if (!q.followedBy) {
    sql = `SELECT ${columns} FROM ${s}.posts p WHERE ${conditions} ORDER BY ${orderBy} LIMIT ${bound}`;
  } else {
    const follower = param(q.followedBy);
    const perFollowee = `SELECT p.* FROM ${s}.follows f
       CROSS JOIN LATERAL (SELECT ${columns} FROM ${s}.posts p
                            WHERE p.user_id = f.followee_id AND ${conditions}
                            ORDER BY ${orderBy} LIMIT ${bound}) p
        WHERE f.follower_id = ${follower}
        ${feedOrder} LIMIT ${bound}`;
    // Newest first and following many accounts: walk the newest posts and keep the followees' ones, which stops
    // after about page / (followees' share of posts) rows, where one index range per followee costs a range each.
    // Postgres runs only the branch whose one-time filter holds.
    sql = key
      ? perFollowee
      : `WITH n AS (SELECT count(*) AS n FROM ${s}.follows WHERE follower_id = ${follower})
         SELECT * FROM (${perFollowee}) a WHERE (SELECT n FROM n) < ${MANY_FOLLOWEES}
         UNION ALL
         SELECT * FROM (SELECT ${columns} FROM ${s}.posts p
                         WHERE ${conditions}
                           AND p.user_id IN (SELECT followee_id FROM ${s}.follows WHERE follower_id = ${follower})
                         ORDER BY ${orderBy} LIMIT ${bound}) b
          WHERE (SELECT n FROM n) >= ${MANY_FOLLOWEES}`;
  }
  // The page's posts are viewed in the same statement (./post-view.ts), in the feed's order.
  const rows = await queryPostViews(
    deps,
    `SELECT f.id, f.n - ${param(offset)} AS ord
       FROM (SELECT f.id, row_number() OVER (${feedOrder}) AS n FROM (${sql}) f) f
      WHERE f.n > ${param(offset)} AND f.n <= ${param(offset + take)}`,
    params,
    viewerId,
  );
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const hasMore = rows.length > q.limit;
  const lastKey = key === "rank_score" ? last?.rank_score : key === "popularity" ? last?.popularity : undefined;
  return {
    posts: page.map(postViewOf),
    pagination: {
      limit: q.limit,
      offset: q.offset,
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor(q.ordering, { seq: last.seq, key: lastKey }) : null,
    },
  };
}

const TOP_LEVEL = ["p.parent_post_id IS NULL", "p.club_id IS NULL"];

/**
 * get-posts-2: top-level posts by rank (README, "Ranking"), optionally of one token. `total_returned` is the
 * number of posts in this page.
 */
export async function listRankedPosts(
  deps: ApiDeps,
  user: AuthedUser | undefined,
  input: GetPosts2Input,
): Promise<{ posts: PostView[]; pagination: FeedPagination & { total_returned: number } }> {
  // The token's existence is checked beside the page (a 404 for an unknown one), not before it.
  const [page] = await Promise.all([
    feedPage(deps, user?.id, {
      ordering: "trending",
      where: input.token_id ? [...TOP_LEVEL, "p.tagged_token_id = $1"] : TOP_LEVEL,
      params: input.token_id ? [input.token_id] : [],
      limit: input.limit,
      offset: input.offset,
      cursor: input.cursor,
    }),
    input.token_id ? getAppToken(deps, input.token_id) : undefined,
  ]);
  return { posts: page.posts, pagination: { ...page.pagination, total_returned: page.posts.length } };
}

/** get-timeline-posts: top-level posts, newest first; `following`: only by users the caller follows. */
export async function listTimelinePosts(
  deps: ApiDeps,
  user: AuthedUser,
  input: GetTimelinePostsInput,
): Promise<FeedPage> {
  return feedPage(deps, user.id, {
    ordering: "new",
    where: TOP_LEVEL,
    params: [],
    limit: input.limit,
    offset: input.offset,
    cursor: input.cursor,
    ...(input.filter === "following" ? { followedBy: user.id } : {}),
  });
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
  const where = [
    "p.club_id IS NULL",
    input.view_filter === "my_replies" ? "p.parent_post_id IS NOT NULL" : "p.parent_post_id IS NULL",
  ];
  const params: unknown[] = [];
  const add = (condition: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(condition(`$${params.length}`));
  };
  if (input.token_id) add((n) => `p.tagged_token_id = ${n}`, input.token_id);
  if (input.category === "polls") where.push("p.has_poll");
  if (input.category === "media") where.push("p.has_media");
  if (input.view_filter) add((n) => `p.user_id = ${n}`, user?.id);
  if (input.filter === "following") {
    add(
      (n) => `p.user_id IN (SELECT followee_id FROM ${deps.config.appSchema}.follows WHERE follower_id = ${n})`,
      user?.id,
    );
  }
  const [page, total] = await Promise.all([
    feedPage(deps, user?.id, {
      ordering: input.sort,
      where,
      params,
      limit: input.limit,
      offset: input.offset,
      cursor: input.cursor,
    }),
    deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${deps.config.appSchema}.posts p WHERE ${where.join(" AND ")}`,
      params,
    ),
    input.token_id ? getAppToken(deps, input.token_id) : undefined,
  ]);
  return { ...page, total: total.rows[0]?.n ?? 0 };
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
  return feedPage(deps, user.id, { ordering: "oldest", where: ["p.parent_post_id = $1"], params: [postId], ...input });
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
    where: ["p.club_id = $1", "p.parent_post_id IS NULL"],
    params: [clubId],
    ...input,
  });
}
