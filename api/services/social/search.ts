/**
 * The users and posts parts of `search`.
 *
 * Posts (outside clubs, replies included): candidates are the 200 newest full-text matches (English stemming,
 * websearch syntax) and, for a one-word query, the 200 newest substring matches of the content (trigram GIN index),
 * so partial words still match and no query reads more than 400 posts. They are ranked by ts_rank_cd (normalised to
 * 0..1) + 0.5 if the title contains the query + 0.25 if the content does, then newest first. Each process keeps the
 * candidates of recent queries and adds the posts inserted since.
 *
 * The newest full-text matches come from post_terms (db/migrations/024_post_terms.sql): the posts holding every
 * lexeme the query requires, newest first from a merge of the lexemes' (term, seq) ranges, each checked against the
 * whole query. A query with OR or NOT requires no lexeme for sure and is answered by the GIN index on posts.search.
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

const FULL_TEXT = 200;
/** The required lexemes a candidate statement merges at most: the posts are checked against the whole query. */
const MERGED_LEXEMES = 4;
/**
 * The newest entries of each lexeme a merge reads at most. The merge then holds every match newer than the oldest
 * entry it read of any lexeme, so FULL_TEXT matches from it are the newest; fewer, when a lexeme had more entries,
 * send the query to the GIN index (a pair of words that seldom meet: the GIN index intersects their lists fast).
 */
const MERGE_BUDGET = 10_000;
const SUBSTRING = 200;
/** The candidates of recent queries, per process (./windows.ts). */
const entries = windowStore<SearchEntry>(200);

const candidate = ([id, seq, score]: CandidateRow): Candidate => ({ id, seq, score });

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
function searchSql(deps: ApiDeps, query: string, terms: { tsquery: string; lexemes: string[] | null } | null) {
  const s = deps.config.appSchema;
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
async function tsqueryOf(deps: ApiDeps, query: string): Promise<string> {
  const { rows } = await deps.db.query<{ q: string }>({
    name: "search-tsquery",
    text: "SELECT websearch_to_tsquery('english', $1)::text AS q",
    values: [query],
  });
  return rows[0]?.q ?? "";
}

/** The candidates of `query`, from this process's entry brought up to date, or built. */
async function candidatesOf(deps: ApiDeps, query: string): Promise<SearchEntry> {
  const inserted = deps.versions?.key("posts_inserted") ?? null;
  const byQuery = inserted !== null ? entries(deps) : undefined;
  const cached = byQuery?.get(query);
  if (cached && cached.inserted === inserted) return cached;
  let entry: SearchEntry;
  if (cached) {
    const { rows } = await deps.db.query<{ rows: CandidateRow[]; watermark: string }>(
      searchSql(deps, query, null).newer(cached.watermark),
    );
    const found = rows[0]?.rows ?? [];
    entry = {
      fullText: newest([...found.filter((r) => r[3]).map(candidate), ...cached.fullText], FULL_TEXT),
      substring:
        cached.substring && newest([...found.filter((r) => r[4]).map(candidate), ...cached.substring], SUBSTRING),
      watermark: Number(rows[0]?.watermark ?? cached.watermark),
      inserted: inserted as string,
    };
  } else {
    const tsquery = await tsqueryOf(deps, query);
    const sql = searchSql(deps, query, { tsquery, lexemes: requiredLexemes(tsquery) });
    const { rows } = await deps.db.query<{
      full_text: CandidateRow[];
      cut: boolean;
      substring: CandidateRow[] | null;
      watermark: string;
    }>(sql.build);
    const r = rows[0];
    const fullText = r?.cut
      ? ((await deps.db.query<{ full_text: CandidateRow[] }>(sql.gin)).rows[0]?.full_text ?? [])
      : (r?.full_text ?? []);
    entry = {
      fullText: fullText.map(candidate),
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
