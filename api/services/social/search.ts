/**
 * The users and posts parts of `search`.
 *
 * Posts (outside clubs, replies included): candidates are the 200 newest full-text matches (English stemming,
 * websearch syntax) and, for a one-word query, the 200 newest substring matches of the content (trigram GIN index),
 * so partial words still match and no query reads more than 400 posts (db/social/search.ts reads them). They are
 * ranked by ts_rank_cd (normalised to 0..1) + 0.5 if the title contains the query + 0.25 if the content does, then
 * newest first. Each process keeps the candidates of recent queries and adds the posts inserted since.
 *
 * Users: usernames containing the query (trigram index), exact match first, then prefix matches, then most
 * followers, then name.
 */
import {
  type CandidateRow,
  FULL_TEXT,
  readCandidates,
  readNewerMatches,
  type SearchUserResult,
  SUBSTRING,
  searchUserRows,
} from "../../../db/social/search.js";
import type { ApiDeps } from "../../deps.js";
import { type PostView, postViews } from "./post-view.js";
import { newest, windowStore } from "./windows.js";

export type { SearchUserResult };

/** A search candidate: a post, its insertion order and its score for the query. */
type Candidate = { id: string; seq: number; score: number };

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

/** The candidates of recent queries, per process (./windows.ts). */
const entries = windowStore<SearchEntry>(200);

const candidate = ([id, seq, score]: CandidateRow): Candidate => ({ id, seq, score });

/** The candidates of `query`, from this process's entry brought up to date, or built. */
async function candidatesOf(deps: ApiDeps, query: string): Promise<SearchEntry> {
  const inserted = deps.versions?.key("posts_inserted") ?? null;
  const byQuery = inserted !== null ? entries(deps) : undefined;
  const cached = byQuery?.get(query);
  if (cached && cached.inserted === inserted) return cached;
  const s = deps.config.appSchema;
  let entry: SearchEntry;
  if (cached) {
    const found = await readNewerMatches(deps.db, s, query, cached.watermark);
    entry = {
      fullText: newest([...found.rows.filter((r) => r[3]).map(candidate), ...cached.fullText], FULL_TEXT),
      substring:
        cached.substring && newest([...found.rows.filter((r) => r[4]).map(candidate), ...cached.substring], SUBSTRING),
      watermark: found.watermark ?? cached.watermark,
      inserted: inserted as string,
    };
  } else {
    const read = await readCandidates(deps.db, s, query);
    entry = {
      fullText: read.fullText.map(candidate),
      substring: read.substring ? read.substring.map(candidate) : null,
      watermark: read.watermark,
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
 * WATERMARK_LAG of their creation, db/social/picks.ts); the posts are then viewed as any page is (./post-view.ts).
 */
export async function searchPosts(deps: ApiDeps, query: string, limit: number, viewerId?: string): Promise<PostView[]> {
  const entry = await candidatesOf(deps, query);
  entry.ranked ??= rank(entry);
  const ids = entry.ranked.slice(0, limit);
  return postViews(deps, ids, viewerId);
}

export const searchUsers = (deps: ApiDeps, query: string, limit: number): Promise<SearchUserResult[]> =>
  searchUserRows(deps.db, deps.config.appSchema, query, limit);
