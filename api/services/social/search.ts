/**
 * The users and posts parts of `search`.
 *
 * Posts (outside clubs, replies included): candidates are the 1,000 newest full-text matches (English stemming,
 * websearch syntax, GIN index on posts.search) and the 200 newest substring matches of the content (trigram GIN
 * index), so typos of stemming and partial words still match and no query reads more than 1,200 rows. They are
 * ranked by ts_rank_cd (normalised to 0..1) + 0.5 if the title contains the query + 0.25 if the content does,
 * then newest first.
 * Users: usernames containing the query (trigram index), exact match first, then prefix matches, then most
 * followers, then name.
 */
import type { ApiDeps } from "../../deps.js";
import type { PostView } from "../../routes/social/schemas.js";
import { postViewOf, queryPostViews } from "./post-view.js";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function searchPosts(deps: ApiDeps, query: string, limit: number, viewerId?: string): Promise<PostView[]> {
  const s = deps.config.appSchema;
  // Candidates: full-text matches and, for a single word, substring matches through the trigram index, which find
  // a partial word ("graduat"). Several words are matched by full text only: a substring holding them all is found
  // by full text too, and the trigram scan of several words costs the most (bench/social/README.md). Each candidate
  // is scored where its row is at hand; a post found by both parts contains the query, so both give it the same
  // score and UNION keeps one row of it.
  const score = `ts_rank_cd(p.search, websearch_to_tsquery('english', $1), 32) + 0.5 * (p.title ILIKE $2)::int`;
  const substring = /\s/.test(query.trim())
    ? ""
    : `UNION (SELECT p.id, p.seq, ${score} + 0.25 AS score FROM ${s}.posts p
               WHERE p.content ILIKE $2 AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT 200)`;
  // The tsquery is written inline, not in a CTE, so the planner sees its selectivity: a common word is read newest
  // first from the seq index until 1,000 match, a rare one through the GIN index. The chosen posts are viewed in
  // the same statement (./post-view.ts).
  const rows = await queryPostViews(
    deps,
    `WITH c AS (
       (SELECT p.id, p.seq, ${score} + 0.25 * (p.content ILIKE $2)::int AS score FROM ${s}.posts p
         WHERE p.search @@ websearch_to_tsquery('english', $1) AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT 1000)
       ${substring}
     )
     SELECT id, row_number() OVER (ORDER BY score DESC, seq DESC) AS ord FROM c ORDER BY score DESC, seq DESC LIMIT $3`,
    [query, like(query), limit],
    viewerId,
    false,
  );
  return rows.map(postViewOf);
}

export type SearchUserResult = { id: string; username: string; profile_picture: string };

export async function searchUsers(deps: ApiDeps, query: string, limit: number): Promise<SearchUserResult[]> {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<SearchUserResult>(
    `SELECT u.id, u.username, u.profile_picture
       FROM ${s}.users u WHERE u.username ILIKE $1
      ORDER BY lower(u.username) = lower($2) DESC, u.username ILIKE ($3::text || '%') DESC,
               (SELECT count(*) FROM ${s}.follows f WHERE f.followee_id = u.id) DESC, u.username
      LIMIT $4`,
    [like(query), query, like(query).slice(1, -1), limit],
  );
  return rows;
}
