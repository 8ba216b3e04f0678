/**
 * The statements of search (api/services/social/search.ts): a query's candidate posts, those inserted after a
 * watermark, and the users whose name matches.
 *
 * Candidates are the FULL_TEXT newest full-text matches (English stemming, websearch syntax) and, for a one-word
 * query, the SUBSTRING newest substring matches of the content (trigram GIN index), each scored: ts_rank_cd
 * (normalised to 0..1) + 0.5 if the title contains the query + 0.25 if the content does.
 *
 * The newest full-text matches come from post_terms (db/migrations/024_post_terms.sql): the posts holding every
 * lexeme the query requires, newest first from a merge of the lexemes' (term, seq) ranges, each checked against the
 * whole query. A query with OR or NOT requires no lexeme for sure and is answered by the GIN index on posts.search.
 */
import type pg from "pg";
import { watermarkAfter } from "./picks.js";

const like = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `[id, seq, score, fullText, substring]` as the statements return each candidate. */
export type CandidateRow = [string, number, number, boolean?, boolean?];

export const FULL_TEXT = 200;
export const SUBSTRING = 200;
/** The required lexemes a candidate statement merges at most: the posts are checked against the whole query. */
const MERGED_LEXEMES = 4;
/**
 * The newest entries of each lexeme a merge reads at most. The merge then holds every match newer than the oldest
 * entry it read of any lexeme, so FULL_TEXT matches from it are the newest; fewer, when a lexeme had more entries,
 * send the query to the GIN index (a pair of words that seldom meet: the GIN index intersects their lists fast).
 */
const MERGE_BUDGET = 10_000;

/**
 * The lexemes every match of a tsquery holds, from its text as Postgres writes it (`'chart' & 'inflat'`, a phrase
 * `'diamond' <-> 'hand'`), without repeats; null when it has OR, NOT, a prefix or a backslash, or no lexeme at all.
 */
export function requiredLexemes(tsquery: string): string[] | null {
  const lexemes: string[] = [];
  const rest = tsquery.replace(/'((?:[^']|'')*)'(:\*?[A-D]*)?/g, (_, lexeme: string, suffix?: string) => {
    lexemes.push(suffix?.includes("*") ? "" : lexeme.replace(/''/g, "'"));
    return " ";
  });
  // A backslash is written doubled: such a lexeme is left to the GIN index rather than unescaped here.
  if (/[|!']/.test(rest) || lexemes.length === 0 || lexemes.some((l) => l === "" || l.includes("\\"))) return null;
  return [...new Set(lexemes)];
}

/** SQL: the rows of `c` (id, seq, score) as a JSON array. */
const AGG = "COALESCE(json_agg(json_build_array(c.id, c.seq, c.score)), '[]')";

/**
 * The statements of `query`'s candidates. $1 is the query, $2 its LIKE pattern. The score: ts_rank_cd normalised
 * to 0..1, + 0.5 when the title contains the query, + 0.25 when the content does. Substrings count for one word.
 *
 * `build` reads the candidates. With `lexemes` (the query's required lexemes) the full-text part merges their
 * post_terms ranges ($1 is then the query's tsquery, the lexemes follow $2): a statement per count of lexemes,
 * prepared once per connection, whose plan (a merge join of backward index ranges) does not depend on the words.
 * Without, the GIN index answers. `newer` reads the posts after a watermark ($3) that match either way: a short
 * range of seq.
 */
function searchSql(schema: string, query: string, terms: { tsquery: string; lexemes: string[] | null } | null) {
  const s = schema;
  const scoreOf = (tsquery: string) =>
    `ts_rank_cd(p.search, ${tsquery}, 32) + 0.5 * (p.title ILIKE $2)::int + 0.25 * (p.content ILIKE $2)::int`;
  const inline = "websearch_to_tsquery('english', $1)";
  const matches = `p.search @@ ${inline}`;
  // Candidates: full-text matches and, for a single word, substring matches through the trigram index, which find
  // a partial word ("graduat"). Several words are matched by full text only: a substring holding them all is found
  // by full text too, and the trigram scan of several words costs the most (bench/social/README.md).
  const withSubstring = !/\s/.test(query.trim());
  const merged = terms?.lexemes?.slice(0, MERGED_LEXEMES);
  // The tsquery is written inline, so the planner sees its selectivity. Not a named statement: the best plan
  // depends on the query.
  const byGin = `SELECT p.id, p.seq, ${scoreOf(inline)} AS score FROM ${s}.posts p
       WHERE ${matches} AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT ${FULL_TEXT}`;
  let fullText = byGin;
  let cut = "false";
  if (merged) {
    const newest = (k: number) =>
      `(SELECT seq FROM ${s}.post_terms WHERE term = $${k + 3} ORDER BY seq DESC LIMIT ${MERGE_BUDGET}) t${k}`;
    const joins = merged
      .slice(1)
      .map((_, i) => `JOIN ${newest(i + 1)} ON t${i + 1}.seq = t0.seq`)
      .join(" ");
    fullText = `SELECT p.id, p.seq, ${scoreOf("$1::tsquery")} AS score
        FROM (SELECT t0.seq FROM ${newest(0)} ${joins} ORDER BY t0.seq DESC) m
       CROSS JOIN LATERAL (SELECT p.id, p.seq, p.title, p.content, p.search FROM ${s}.posts p
                            WHERE p.seq = m.seq AND p.club_id IS NULL AND ts_match_vq(p.search, $1::tsquery)) p
       ORDER BY m.seq DESC LIMIT ${FULL_TEXT}`;
    // Whether the merge may have missed older matches: fewer than FULL_TEXT, and a lexeme with more entries.
    cut = `json_array_length(x.full_text) < ${FULL_TEXT} AND EXISTS (
             SELECT 1 FROM unnest(ARRAY[${merged.map((_, k) => `$${k + 3}`).join(", ")}]::text[]) l(term)
              WHERE EXISTS (SELECT 1 FROM ${s}.post_terms t WHERE t.term = l.term OFFSET ${MERGE_BUDGET - 1} LIMIT 1))`;
  }
  const substring = `SELECT p.id, p.seq, ${scoreOf(merged ? "$1::tsquery" : inline)} AS score FROM ${s}.posts p
       WHERE p.content ILIKE $2 AND p.club_id IS NULL ORDER BY p.seq DESC LIMIT ${SUBSTRING}`;
  // OFFSET 0 keeps x a subquery of its own: pulled up, its candidates would be read twice (here and in `cut`).
  const text = `SELECT x.full_text, ${cut} AS cut,
      ${withSubstring ? `(SELECT ${AGG} FROM (${substring}) c)` : "NULL::json"} AS substring,
      ${watermarkAfter(s, "0::bigint")} AS watermark
      FROM (SELECT (SELECT ${AGG} FROM (${fullText}) c) AS full_text OFFSET 0) x`;
  const build =
    terms && merged
      ? {
          name: `search-terms:${s}:${merged.length}:${withSubstring}`,
          text,
          values: [terms.tsquery, like(query), ...merged],
        }
      : { text, values: [query, like(query)] };
  const newer = (watermark: number) => ({
    text: `SELECT
      (SELECT COALESCE(json_agg(json_build_array(p.id, p.seq, ${scoreOf(inline)}, ${matches}, p.content ILIKE $2)), '[]')
         FROM ${s}.posts p WHERE p.seq > $3::bigint AND p.club_id IS NULL
          AND (${matches}${withSubstring ? " OR p.content ILIKE $2" : ""})) AS rows,
      ${watermarkAfter(s, "$3::bigint")} AS watermark`,
    values: [query, like(query), watermark],
  });
  const gin = { text: `SELECT (SELECT ${AGG} FROM (${byGin}) c) AS full_text`, values: [query, like(query)] };
  return { build, gin, newer };
}

/** `query`'s tsquery as Postgres writes it (English, websearch syntax): `'chart' & 'inflat'`. */
async function tsqueryOf(db: pg.Pool, query: string): Promise<string> {
  const { rows } = await db.query<{ q: string }>({
    name: "search-tsquery",
    text: "SELECT websearch_to_tsquery('english', $1)::text AS q",
    values: [query],
  });
  return rows[0]?.q ?? "";
}

/** A query's candidates: full-text and substring matches (null: several words), complete up to the watermark. */
export type Candidates = { fullText: CandidateRow[]; substring: CandidateRow[] | null; watermark: number };

/** The candidates of `query`, read afresh. */
export async function readCandidates(db: pg.Pool, schema: string, query: string): Promise<Candidates> {
  const tsquery = await tsqueryOf(db, query);
  const sql = searchSql(schema, query, { tsquery, lexemes: requiredLexemes(tsquery) });
  const { rows } = await db.query<{
    full_text: CandidateRow[];
    cut: boolean;
    substring: CandidateRow[] | null;
    watermark: string;
  }>(sql.build);
  const r = rows[0];
  const fullText = r?.cut
    ? ((await db.query<{ full_text: CandidateRow[] }>(sql.gin)).rows[0]?.full_text ?? [])
    : (r?.full_text ?? []);
  return { fullText, substring: r?.substring ?? null, watermark: Number(r?.watermark ?? 0) };
}

/**
 * The posts after `watermark` that match `query` either way (a short range of seq), each flagged by which part it
 * matches (`CandidateRow` [3] full text, [4] substring), and the new watermark (undefined: unchanged).
 */
export async function readNewerMatches(
  db: pg.Pool,
  schema: string,
  query: string,
  watermark: number,
): Promise<{ rows: CandidateRow[]; watermark: number | undefined }> {
  const { rows } = await db.query<{ rows: CandidateRow[]; watermark: string }>(
    searchSql(schema, query, null).newer(watermark),
  );
  return { rows: rows[0]?.rows ?? [], watermark: rows[0] ? Number(rows[0].watermark) : undefined };
}

export type SearchUserResult = { id: string; username: string; profile_picture: string };

/** Users whose username contains `query`: exact match first, then prefix matches, then most followers, then name. */
export async function searchUserRows(
  db: pg.Pool,
  schema: string,
  query: string,
  limit: number,
): Promise<SearchUserResult[]> {
  const s = schema;
  const { rows } = await db.query<SearchUserResult>(
    `SELECT u.id, u.username, u.profile_picture
       FROM ${s}.users u WHERE u.username ILIKE $1
      ORDER BY lower(u.username) = lower($2) DESC, u.username ILIKE ($3::text || '%') DESC,
               (SELECT count(*) FROM ${s}.follows f WHERE f.followee_id = u.id) DESC, u.username
      LIMIT $4`,
    [like(query), query, like(query).slice(1, -1), limit],
  );
  return rows;
}
