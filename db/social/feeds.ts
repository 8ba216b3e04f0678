/**
 * The statements of the post feeds (api/services/social/feeds.ts): a page of posts in one ordering under a filter,
 * picked with the viewer's parts (./picks.ts) in one statement; the count of a filter; and the following
 * timeline's window (its newest posts, and those after a watermark). Each ordering matches one partial index of
 * db/migrations/006_social.sql.
 */
import type pg from "pg";
import { pickPosts, type ViewerRow, watermarkAfter } from "./picks.js";

export type Ordering = "new" | "trending" | "popular" | "oldest";

/** Sort key column (null: seq alone) and direction of each ordering; seq breaks ties. */
export const orderings: Record<Ordering, { key: "rank_score" | "popularity" | null; desc: boolean }> = {
  new: { key: null, desc: true },
  trending: { key: "rank_score", desc: true },
  popular: { key: "popularity", desc: true },
  oldest: { key: null, desc: false },
};

/** Which posts a feed holds. Every field narrows it; none: every post. */
export type FeedFilter = {
  /** Top-level posts only (true), or replies only (false). */
  topLevel?: boolean;
  /** Posts outside clubs (null), or of one club. */
  clubId?: string | null;
  /** Replies to one post. */
  parentPostId?: string;
  /** Posts tagged with one token. */
  tokenId?: string;
  /** Posts of one author. */
  authorId?: string;
  /** Posts by the users this user follows (a condition; see FeedQuery.followedBy for the walk per followee). */
  authorsFollowedBy?: string;
  hasPoll?: boolean;
  hasMedia?: boolean;
};

/** Top-level posts outside clubs: what the global feeds show. */
export const TOP_LEVEL: FeedFilter = { topLevel: true, clubId: null };

export type FeedQuery = {
  ordering: Ordering;
  filter: FeedFilter;
  limit: number;
  offset: number;
  /** Continue strictly after this post of the ordering (a decoded cursor); the offset is then ignored. */
  after?: { seq: string; key?: number };
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

/** The conditions of `f` on posts alias p, their values added through `param`. */
function conditionsOf(schema: string, f: FeedFilter, param: (v: unknown) => string): string[] {
  const where: string[] = [];
  if (f.clubId === null) where.push("p.club_id IS NULL");
  if (f.topLevel !== undefined) where.push(f.topLevel ? "p.parent_post_id IS NULL" : "p.parent_post_id IS NOT NULL");
  if (f.clubId) where.push(`p.club_id = ${param(f.clubId)}`);
  if (f.parentPostId) where.push(`p.parent_post_id = ${param(f.parentPostId)}`);
  if (f.tokenId) where.push(`p.tagged_token_id = ${param(f.tokenId)}`);
  if (f.hasPoll) where.push("p.has_poll");
  if (f.hasMedia) where.push("p.has_media");
  if (f.authorId) where.push(`p.user_id = ${param(f.authorId)}`);
  if (f.authorsFollowedBy) {
    where.push(
      `p.user_id IN (SELECT followee_id FROM ${schema}.follows WHERE follower_id = ${param(f.authorsFollowedBy)})`,
    );
  }
  return where;
}

/**
 * The statement of a feed: `sql` yields the feed's first rows (`id`, `seq`, and `key` when the ordering has one,
 * at most the constant bound past `offset + take`), `order` orders them, `param` adds a parameter.
 */
function feedSql(schema: string, q: FeedQuery) {
  const s = schema;
  const { key, desc } = orderings[q.ordering];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = conditionsOf(s, q.filter, param);
  const after = q.after;
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

/**
 * A page of a feed and one post more when there is one, picked with the viewer's parts in one statement
 * (./picks.ts): the page is cut by row number from the feed's first rows.
 */
export async function readFeedPage(
  db: pg.Pool,
  schema: string,
  q: FeedQuery,
  viewerId: string | undefined,
): Promise<ViewerRow[]> {
  const { sql, order, params, param, offset, take } = feedSql(schema, q);
  return pickPosts(
    db,
    schema,
    `SELECT f.id, f.n - ${param(offset)} AS ord
       FROM (SELECT f.id, row_number() OVER (${order}) AS n FROM (${sql}) f) f
      WHERE f.n > ${param(offset)} AND f.n <= ${param(offset + take)}`,
    params,
    viewerId,
  );
}

/** How many posts `filter` holds. */
export async function countFeed(db: pg.Pool, schema: string, filter: FeedFilter): Promise<number> {
  const params: unknown[] = [];
  const where = conditionsOf(schema, filter, (v) => {
    params.push(v);
    return `$${params.length}`;
  });
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${schema}.posts p WHERE ${where.length > 0 ? where.join(" AND ") : "true"}`,
    params,
  );
  return rows[0]?.n ?? 0;
}

/** Posts of a window (id and seq, newest first) and the watermark it is complete up to. */
export type WindowPosts = { posts: { id: string; seq: number }[]; watermark: number | undefined };

type WindowRow = { posts: [string, number][]; watermark: string };

const windowOf = (row: WindowRow | undefined): WindowPosts => ({
  posts: (row?.posts ?? []).map(([id, seq]) => ({ id, seq })),
  watermark: row ? Number(row.watermark) : undefined,
});

/** The first `size` posts of a following timeline (`q` without paging), and the watermark they are complete to. */
export async function readTimelineWindow(
  db: pg.Pool,
  schema: string,
  q: Pick<FeedQuery, "ordering" | "filter" | "followedBy">,
  size: number,
): Promise<WindowPosts> {
  const f = feedSql(schema, {
    ordering: q.ordering,
    filter: q.filter,
    followedBy: q.followedBy,
    limit: size - 1,
    offset: 0,
  });
  const { rows } = await db.query<WindowRow>({
    name: `timeline-window:${schema}`,
    text: `SELECT (SELECT COALESCE(json_agg(json_build_array(f.id, f.seq)), '[]') FROM (${f.sql}) f) AS posts,
                  ${watermarkAfter(schema, "0::bigint")} AS watermark`,
    values: f.params,
  });
  return windowOf(rows[0]);
}

/** The newest `size` top-level posts outside clubs after `watermark` by the users `viewer` follows, and the new watermark. */
export async function readTimelineNewer(
  db: pg.Pool,
  schema: string,
  viewer: string,
  watermark: number,
  size: number,
): Promise<WindowPosts> {
  const s = schema;
  const { rows } = await db.query<WindowRow>({
    name: `timeline-newer:${s}`,
    text: `SELECT (SELECT COALESCE(json_agg(json_build_array(p.id, p.seq)), '[]') FROM
                    (SELECT p.id, p.seq FROM ${s}.posts p
                      WHERE p.seq > $2::bigint AND p.parent_post_id IS NULL AND p.club_id IS NULL
                        AND p.user_id IN (SELECT followee_id FROM ${s}.follows WHERE follower_id = $1)
                      ORDER BY p.seq DESC LIMIT ${size}) p) AS posts,
                  ${watermarkAfter(s, "$2::bigint")} AS watermark`,
    values: [viewer, watermark],
  });
  return windowOf(rows[0]);
}
