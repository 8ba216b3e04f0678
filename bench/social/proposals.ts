/**
 * Query changes proposed for api/services/social (owned elsewhere, so not applied there): each is run here beside
 * the service's current SQL, with the same parameters on the benchmark's data, and both are timed by EXPLAIN
 * ANALYZE (server execution time, median of three). The current SQL is copied from the services as of this
 * benchmark; the proposed one returns the same rows.
 */
import type pg from "pg";

export type Comparison = { label: string; currentMs: number; proposedMs: number };

async function executionMs(db: pg.Pool, sql: string, params: unknown[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const { rows } = await db.query<{ "QUERY PLAN": [{ "Execution Time": number }] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
      params,
    );
    times.push(rows[0]?.["QUERY PLAN"][0]["Execution Time"] ?? Number.NaN);
  }
  return times.sort((a, b) => a - b)[1] as number;
}

/** feeds.ts feedPage with followedBy, first page of 20 (LIMIT 21): one index range per followee, then a sort. */
export const timelineCurrent = (s: string) =>
  `SELECT p.* FROM ${s}.follows f
     CROSS JOIN LATERAL (SELECT p.id, p.seq::text AS seq FROM ${s}.posts p
                          WHERE p.user_id = f.followee_id AND p.parent_post_id IS NULL AND p.club_id IS NULL
                          ORDER BY p.seq DESC LIMIT 21) p
    WHERE f.follower_id = $1 ORDER BY p.seq::bigint DESC LIMIT 21 OFFSET 0`;

/**
 * Proposed for followers of many accounts: read the newest top-level posts (posts_new_idx) and keep those of a
 * followee (hashed set), stopping at the page. It reads about page / (share of posts by followees) rows, which is
 * small exactly when the per-followee plan is large; for a few followees the per-followee plan stays better.
 */
export const timelineProposed = (s: string) =>
  `SELECT p.id, p.seq::text AS seq FROM ${s}.posts p
    WHERE p.parent_post_id IS NULL AND p.club_id IS NULL
      AND p.user_id IN (SELECT followee_id FROM ${s}.follows WHERE follower_id = $1)
    ORDER BY p.seq DESC LIMIT 21 OFFSET 0`;

/** search.ts searchPosts: candidates, then every candidate fetched again by primary key to be ranked. */
export const searchCurrent = (s: string) =>
  `WITH c AS (
     (SELECT p.id FROM ${s}.posts p WHERE p.search @@ websearch_to_tsquery('english', $1) AND p.club_id IS NULL
       ORDER BY p.seq DESC LIMIT 1000)
     UNION
     (SELECT p.id FROM ${s}.posts p WHERE p.content ILIKE $2 AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT 200)
   )
   SELECT p.id FROM c JOIN ${s}.posts p ON p.id = c.id
    ORDER BY ts_rank_cd(p.search, websearch_to_tsquery('english', $1), 32) + 0.5 * (p.title ILIKE $2)::int
             + 0.25 * (p.content ILIKE $2)::int DESC, p.seq DESC
    LIMIT $3`;

/**
 * Proposed: rank inside each candidate subquery, where the row is already at hand, and sort the union. A row found
 * by both parts contains the query, so both compute the same score and UNION keeps one: the same posts in the same
 * order, without 1,200 primary-key lookups.
 */
export const searchProposed = (s: string) =>
  `WITH c AS (
     (SELECT p.id, p.seq, ts_rank_cd(p.search, websearch_to_tsquery('english', $1), 32)
             + 0.5 * (p.title ILIKE $2)::int + 0.25 * (p.content ILIKE $2)::int AS score
        FROM ${s}.posts p WHERE p.search @@ websearch_to_tsquery('english', $1) AND p.club_id IS NULL
       ORDER BY p.seq DESC LIMIT 1000)
     UNION
     (SELECT p.id, p.seq, ts_rank_cd(p.search, websearch_to_tsquery('english', $1), 32)
             + 0.5 * (p.title ILIKE $2)::int + 0.25 AS score
        FROM ${s}.posts p WHERE p.content ILIKE $2 AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT 200)
   )
   SELECT id FROM c ORDER BY score DESC, seq DESC LIMIT $3`;

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type CompareParameters = {
  db: pg.Pool;
  schema: string;
  viewers: { id: string; follows: number }[];
  queries: string[];
};

/** Current against proposed for each viewer (timeline) and query (search), checking both return the same ids. */
export async function compareProposals(p: CompareParameters): Promise<Comparison[]> {
  const out: Comparison[] = [];
  const same = async (a: string, b: string, params: unknown[], label: string) => {
    const [x, y] = await Promise.all([p.db.query<{ id: string }>(a, params), p.db.query<{ id: string }>(b, params)]);
    const ids = (r: { rows: { id: string }[] }) => r.rows.map((row) => row.id).join(",");
    if (ids(x) !== ids(y)) throw new Error(`proposed SQL returns other rows than the current one for ${label}`);
  };
  for (const v of p.viewers) {
    const label = `timeline following, viewer following ${v.follows}`;
    await same(timelineCurrent(p.schema), timelineProposed(p.schema), [v.id], label);
    out.push({
      label,
      currentMs: await executionMs(p.db, timelineCurrent(p.schema), [v.id]),
      proposedMs: await executionMs(p.db, timelineProposed(p.schema), [v.id]),
    });
  }
  for (const q of p.queries) {
    const params = [q, like(q), 20];
    const label = `search posts ${JSON.stringify(q)}`;
    await same(searchCurrent(p.schema), searchProposed(p.schema), params, label);
    out.push({
      label,
      currentMs: await executionMs(p.db, searchCurrent(p.schema), params),
      proposedMs: await executionMs(p.db, searchProposed(p.schema), params),
    });
  }
  return out;
}
