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
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { assertTokenExists } from "../tokens.js";
import { assertClubAccess } from "./clubs.js";
import { decodeCursor, encodeCursor } from "./cursor.js";
import { type PostView, pickPosts, type ViewerRow, viewsOfPicked } from "./post-view.js";
import { readablePost } from "./posts.js";
import { newest, watermarkAfter, windowStore } from "./windows.js";

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

/**
 * The statement of a feed: `sql` yields the feed's first rows (`id`, `seq`, and `key` when the ordering has one,
 * at most the constant bound past `offset + take`), `order` orders them, `param` adds a parameter.
 */
function feedSql(deps: ApiDeps, q: FeedQuery) {
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
    // Newest first, each followee's posts from `t` on: a lower bound of the page's last seq (below), so a range of
    // each followee's index holds the page and few more rows. Other orderings read `bound` rows per followee.
    const bounded = !key && desc;
    const perFollowee = `SELECT p.* FROM ${s}.follows f
       CROSS JOIN LATERAL (SELECT ${columns} FROM ${s}.posts p
                            WHERE p.user_id = f.followee_id AND ${conditions}${bounded ? " AND p.seq >= (SELECT t FROM t)" : ""}
                            ORDER BY ${orderBy} LIMIT ${bound}) p
        WHERE f.follower_id = ${follower}
        ${feedOrder} LIMIT ${bound}`;
    // Newest first and following many accounts: walk the newest posts and keep the followees' ones, which stops
    // after about page / (followees' share of posts) rows, where one index range per followee costs a range each.
    // Postgres runs only the branch whose one-time filter holds.
    sql = key
      ? perFollowee
      : `WITH n AS (SELECT count(*) AS n FROM ${s}.follows WHERE follower_id = ${follower})${
          bounded
            ? `,
         -- Each followee's newest ceil(bound / followees) posts: the bound-th newest of them is a lower bound of
         -- the bound-th newest post of all (they are some of those posts). Fewer than bound of them: no bound.
         firsts AS MATERIALIZED (
           SELECT p.seq FROM ${s}.follows f
             CROSS JOIN LATERAL (SELECT p.seq FROM ${s}.posts p WHERE p.user_id = f.followee_id AND ${conditions}
                                  ORDER BY p.seq DESC
                                  LIMIT (SELECT ceil(${bound}::numeric / greatest(n, 1))::int FROM n)) p
            WHERE f.follower_id = ${follower}),
         t AS (SELECT COALESCE((SELECT seq FROM firsts ORDER BY seq DESC OFFSET ${bound - 1} LIMIT 1), 0) AS t)`
            : ""
        }
         SELECT * FROM (${perFollowee}) a WHERE (SELECT n FROM n) < ${MANY_FOLLOWEES}
         UNION ALL
         SELECT * FROM (SELECT ${columns} FROM ${s}.posts p
                         WHERE ${conditions}
                           AND p.user_id IN (SELECT followee_id FROM ${s}.follows WHERE follower_id = ${follower})
                         ORDER BY ${orderBy} LIMIT ${bound}) b
          WHERE (SELECT n FROM n) >= ${MANY_FOLLOWEES}`;
  }
  return { sql, order: feedOrder, params, param, offset, take };
}

async function feedPage(deps: ApiDeps, viewerId: string | undefined, q: FeedQuery): Promise<FeedPage> {
  const { sql, order, params, param, offset, take } = feedSql(deps, q);
  // The page is picked, with the viewer's parts of each post, in one statement (./post-view.ts).
  const picked = await pickPosts(
    deps,
    `SELECT f.id, f.n - ${param(offset)} AS ord
       FROM (SELECT f.id, row_number() OVER (${order}) AS n FROM (${sql}) f) f
      WHERE f.n > ${param(offset)} AND f.n <= ${param(offset + take)}`,
    params,
    viewerId,
  );
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

const TOP_LEVEL = ["p.parent_post_id IS NULL", "p.club_id IS NULL"];

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
      where: input.token_id ? [...TOP_LEVEL, "p.tagged_token_id = $1"] : TOP_LEVEL,
      params: input.token_id ? [input.token_id] : [],
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
  const q: FeedQuery = {
    ordering: "new",
    where: TOP_LEVEL,
    params: [],
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
      const picked = await pickPosts(deps, BY_IDS, [ids], user.id);
      return pageOf(deps, picked, q.ordering, { limit: q.limit, offset: q.offset });
    }
  }
  return feedPage(deps, user.id, q);
}

const BY_IDS = "SELECT t.id, t.ord FROM unnest($1::uuid[]) WITH ORDINALITY AS t(id, ord)";

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

type WindowRow = { posts: [string, number][]; watermark: string };

/**
 * The following timeline's newest posts for `q.followedBy`, kept per process (./windows.ts): made on the viewer's
 * second ask, rebuilt when anyone followed or unfollowed, brought up to date when a post was inserted, else served
 * as it is. Undefined on a first ask and without change notifications.
 */
async function followingWindow(deps: ApiDeps, q: FeedQuery): Promise<TimelineWindow | undefined> {
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
    const { rows } = await deps.db.query<WindowRow>({
      name: `timeline-newer:${s}`,
      text: `SELECT (SELECT COALESCE(json_agg(json_build_array(p.id, p.seq)), '[]') FROM
                      (SELECT p.id, p.seq FROM ${s}.posts p
                        WHERE p.seq > $2::bigint AND ${TOP_LEVEL.join(" AND ")}
                          AND p.user_id IN (SELECT followee_id FROM ${s}.follows WHERE follower_id = $1)
                        ORDER BY p.seq DESC LIMIT ${TIMELINE_WINDOW}) p) AS posts,
                    ${watermarkAfter(s, "$2::bigint")} AS watermark`,
      values: [viewer, kept.watermark],
    });
    const found = (rows[0]?.posts ?? []).map(([id, seq]) => ({ id, seq }));
    const posts = newest([...found, ...kept.posts], TIMELINE_WINDOW);
    window = {
      posts,
      complete: kept.complete && posts.length < TIMELINE_WINDOW,
      watermark: Number(rows[0]?.watermark ?? kept.watermark),
      inserted,
      follows,
    };
  } else {
    const f = feedSql(deps, { ...q, limit: TIMELINE_WINDOW - 1, offset: 0, cursor: undefined });
    const { rows } = await deps.db.query<WindowRow>({
      name: `timeline-window:${s}`,
      text: `SELECT (SELECT COALESCE(json_agg(json_build_array(f.id, f.seq)), '[]') FROM (${f.sql}) f) AS posts,
                    ${watermarkAfter(s, "0::bigint")} AS watermark`,
      values: f.params,
    });
    const posts = newest(
      (rows[0]?.posts ?? []).map(([id, seq]) => ({ id, seq })),
      TIMELINE_WINDOW,
    );
    window = {
      posts,
      complete: posts.length < TIMELINE_WINDOW,
      watermark: Number(rows[0]?.watermark ?? 0),
      inserted,
      follows,
    };
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
  const [page, total] = await allEnded([
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
    input.token_id ? assertTokenExists(deps, input.token_id) : undefined,
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
