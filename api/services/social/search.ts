/**
 * The users and posts parts of `search`.
 *
 * Posts (outside clubs, replies included): candidates are the 1,000 newest full-text matches (English stemming,
 * websearch syntax, GIN index on posts.search) and, for a one-word query, the 200 newest substring matches of the
 * content (trigram GIN index), so partial words still match and no query reads more than 1,200 rows. They are
 * ranked by ts_rank_cd (normalised to 0..1) + 0.5 if the title contains the query + 0.25 if the content does,
 * then newest first. Each process keeps the candidates of recent queries and adds the posts inserted since.
 * Users: usernames containing the query (trigram index), exact match first, then prefix matches, then most
 * followers, then name.
 */
import type { ApiDeps } from "../../deps.js";
import { type PostView, postViews } from "./post-view.js";
import { newest, watermarkAfter, windowStore } from "./windows.js";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A search candidate: a post, its insertion order and its score for the query. */
type Candidate = { id: string; seq: number; score: number };
/** `[id, seq, score, fullText, substring]` as the statements return each candidate. */
type CandidateRow = [string, number, number, boolean?, boolean?];

/**
 * The candidates of one query: the FULL_TEXT newest full-text matches, the SUBSTRING newest substring matches (one
 * word only; null otherwise), and the watermark up to which they are complete.
 */
type SearchEntry = {
  fullText: Candidate[];
  substring: Candidate[] | null;
  watermark: number;
  inserted: string;
  /** Every candidate's id, best first (made on first use). */
  ranked?: string[];
};

const FULL_TEXT = 1000;
const SUBSTRING = 200;
/** The candidates of recent queries, per process (./windows.ts). */
const entries = windowStore<SearchEntry>(200);

const candidate = ([id, seq, score]: CandidateRow): Candidate => ({ id, seq, score });

/**
 * The statement pieces of `query`: its score (ts_rank_cd normalised to 0..1, + 0.5 when the title contains the
 * query), and whether substrings count (one word). $1 is the query, $2 its LIKE pattern.
 */
function searchSql(deps: ApiDeps, query: string) {
  const s = deps.config.appSchema;
  const score = `ts_rank_cd(p.search, websearch_to_tsquery('english', $1), 32) + 0.5 * (p.title ILIKE $2)::int`;
  const matches = `p.search @@ websearch_to_tsquery('english', $1)`;
  // Candidates: full-text matches and, for a single word, substring matches through the trigram index, which find
  // a partial word ("graduat"). Several words are matched by full text only: a substring holding them all is found
  // by full text too, and the trigram scan of several words costs the most (bench/social/README.md).
  const withSubstring = !/\s/.test(query.trim());
  // The tsquery is written inline, not in a CTE, so the planner sees its selectivity: a common word is read newest
  // first from the seq index until FULL_TEXT match, a rare one through the GIN index. Not a named statement: the
  // best plan depends on the query.
  const build = `SELECT
      (SELECT COALESCE(json_agg(json_build_array(c.id, c.seq, c.score)), '[]') FROM
        (SELECT p.id, p.seq, ${score} + 0.25 * (p.content ILIKE $2)::int AS score FROM ${s}.posts p
          WHERE ${matches} AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT ${FULL_TEXT}) c) AS full_text,
      ${
        withSubstring
          ? `(SELECT COALESCE(json_agg(json_build_array(c.id, c.seq, c.score)), '[]') FROM
               (SELECT p.id, p.seq, ${score} + 0.25 AS score FROM ${s}.posts p
                 WHERE p.content ILIKE $2 AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT ${SUBSTRING}) c)`
          : "NULL::json"
      } AS substring,
      ${watermarkAfter(s, "0::bigint")} AS watermark`;
  // Posts after the watermark that match either way ($3 the watermark): a short range of the seq index.
  const newer = `SELECT
      (SELECT COALESCE(json_agg(json_build_array(p.id, p.seq, ${score} + 0.25 * (p.content ILIKE $2)::int,
                                                 ${matches}, p.content ILIKE $2)), '[]')
         FROM ${s}.posts p WHERE p.seq > $3::bigint AND p.club_id IS NULL
          AND (${matches}${withSubstring ? " OR p.content ILIKE $2" : ""})) AS rows,
      ${watermarkAfter(s, "$3::bigint")} AS watermark`;
  return { build, newer, withSubstring };
}

/** The candidates of `query`, from this process's entry brought up to date, or built. */
async function candidatesOf(deps: ApiDeps, query: string): Promise<SearchEntry> {
  const sql = searchSql(deps, query);
  const params = [query, like(query)];
  const inserted = deps.versions?.key("posts_inserted") ?? null;
  const byQuery = inserted !== null ? entries(deps) : undefined;
  const cached = byQuery?.get(query);
  if (cached && cached.inserted === inserted) return cached;
  let entry: SearchEntry;
  if (cached) {
    const { rows } = await deps.db.query<{ rows: CandidateRow[]; watermark: string }>(sql.newer, [
      ...params,
      cached.watermark,
    ]);
    const found = rows[0]?.rows ?? [];
    entry = {
      fullText: newest([...found.filter((r) => r[3]).map(candidate), ...cached.fullText], FULL_TEXT),
      substring:
        cached.substring && newest([...found.filter((r) => r[4]).map(candidate), ...cached.substring], SUBSTRING),
      watermark: Number(rows[0]?.watermark ?? cached.watermark),
      inserted: inserted as string,
    };
  } else {
    const { rows } = await deps.db.query<{
      full_text: CandidateRow[];
      substring: CandidateRow[] | null;
      watermark: string;
    }>(sql.build, params);
    const r = rows[0];
    entry = {
      fullText: (r?.full_text ?? []).map(candidate),
      substring: r?.substring ? r.substring.map(candidate) : null,
      watermark: Number(r?.watermark ?? 0),
      inserted: inserted ?? "",
    };
  }
  byQuery?.set(query, entry);
  return entry;
}

/** The candidates' ids by score, then newest; a post found by both parts counts once. */
function rank(entry: SearchEntry): string[] {
  const best = new Map<string, Candidate>();
  for (const c of [...entry.fullText, ...(entry.substring ?? [])]) best.set(c.id, c);
  return [...best.values()].sort((a, b) => b.score - a.score || b.seq - a.seq).map((c) => c.id);
}

/**
 * Posts matching `query`, best first: the candidates of both parts ranked by score, then newest. The candidates of a
 * query are kept per process and brought up to date from the posts inserted since (exact while posts commit within
 * WATERMARK_LAG of their creation, ./windows.ts); the posts are then viewed as any page is (./post-view.ts).
 */
export async function searchPosts(deps: ApiDeps, query: string, limit: number, viewerId?: string): Promise<PostView[]> {
  const entry = await candidatesOf(deps, query);
  entry.ranked ??= rank(entry);
  const ids = entry.ranked.slice(0, limit);
  return postViews(deps, ids, viewerId);
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
