/**
 * The token catalog over both stores: indexed tokens (Ponder's token and trade tables, one row per chain) joined to
 * the app's token rows on token_layer_id. Rankings, search, lookups and hashtags. Every function returns
 * token_layer_ids (lower case) or app rows; the services build views from them.
 */
import { allEnded } from "../../core/all-ended.js";
import { GRADUATING_PROGRESS_BPS, type TokenFilter, type TokenStage } from "../../core/catalog.js";
import { RANK_TABLE, WINDOW_TABLE } from "./ranking.js";
import type { AppTokenRow } from "./tokens.js";
import type { Queryable, Schemas } from "./types.js";

/** Escape LIKE wildcards so user input matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What a lookup matches on, in resolveToken's order (api/services/tokens/catalog.ts). */
export type TokenMatch =
  /** Exactly this symbol, any case. */
  | { by: "symbol"; value: string }
  /** An app token's slug. */
  | { by: "slug"; value: string }
  /** The slug of an on-chain name (tokens first seen on chain have no app slug yet). */
  | { by: "name-slug"; value: string }
  /** A case-insensitive part of the name; exact names first, then names that start with it. */
  | { by: "name"; value: string };

/** SQL conditions over app tokens (alias a) and indexed tokens (alias t), their parameters and rank. */
function matchSql(m: TokenMatch): { app: string; indexed: string; params: unknown[]; rank: string } {
  switch (m.by) {
    case "symbol":
      return { app: "upper(a.symbol) = $1", indexed: "upper(t.symbol) = $1", params: [m.value], rank: "" };
    case "slug":
      return { app: "a.slug = lower($1)", indexed: "false", params: [m.value], rank: "" };
    case "name-slug":
      return {
        app: "false",
        indexed: "trim(both '-' from regexp_replace(lower(t.name), '[^a-z0-9]+', '-', 'g')) = lower($1)",
        params: [m.value],
        rank: "",
      };
    case "name":
      return {
        app: "a.name ILIKE $1",
        indexed: "t.name ILIKE $1",
        params: [`%${likeEscape(m.value)}%`, m.value, likeEscape(m.value)],
        rank: "(lower(name) = lower($2::text)) DESC, (name ILIKE ($3::text || '%')) DESC,",
      };
  }
}

/**
 * The best match over app tokens and indexed tokens without an app row: most holders (all chains) first, then the
 * oldest; undefined when nothing matches.
 */
export async function findTokenLayerId(db: Queryable, schemas: Schemas, m: TokenMatch): Promise<string | undefined> {
  return (await findTokenCandidates(db, schemas, m, 1))[0];
}

/** The first `limit` matches in findTokenLayerId's order: the best first, then those it won against. */
export async function findTokenCandidates(
  db: Queryable,
  schemas: Schemas,
  m: TokenMatch,
  limit: number,
): Promise<string[]> {
  const q = candidatesSql(schemas, m, limit);
  const { rows } = await db.query<{ layer_id: string }>(q.text, q.params);
  return rows.map((r) => r.layer_id);
}

/**
 * SQL of findTokenCandidates: rows (layer_id, ord), ord 1 for the best match; its parameters are $1 to $3 (as
 * many as `params`).
 */
export function candidatesSql(schemas: Schemas, m: TokenMatch, limit: number): { text: string; params: unknown[] } {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  const q = matchSql(m);
  return {
    text: `WITH cat AS (
       SELECT lower(a.token_layer_id) AS layer_id, a.name, a.symbol, a.created_at,
              COALESCE((SELECT sum(p.holders_count) FROM ${ix}.token t
                          JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
                         WHERE t.token_layer_id = lower(a.token_layer_id)), 0) AS holders
         FROM ${s}.tokens a WHERE ${q.app}
       UNION ALL
       SELECT t.token_layer_id, min(t.name), min(t.symbol), to_timestamp(min(t.created_at)),
              COALESCE(sum(p.holders_count), 0)
         FROM ${ix}.token t LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
        WHERE ${q.indexed}
          AND NOT EXISTS (SELECT 1 FROM ${s}.tokens a WHERE lower(a.token_layer_id) = t.token_layer_id)
        GROUP BY t.token_layer_id
     )
     SELECT layer_id, row_number() OVER (ORDER BY ${q.rank} holders DESC, created_at ASC, layer_id) AS ord
       FROM cat ORDER BY ord LIMIT ${Math.trunc(limit)}`,
    params: q.params,
  };
}

/** The token_layer_id of the token at `address` on any indexed chain (the lowest chain id first). */
export async function layerIdOfAddress(
  db: Queryable,
  schemas: Pick<Schemas, "indexerSchema">,
  address: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ token_layer_id: string }>(
    `SELECT token_layer_id FROM ${schemas.indexerSchema}.token WHERE address = lower($1) ORDER BY chain_id LIMIT 1`,
    [address],
  );
  return rows[0]?.token_layer_id;
}

/**
 * Rankings of get-tokens (ties: newest first by block time and block, then token_layer_id, so pages are stable):
 * - trending: USDC volume of the last 24 hours (wall clock) on every chain, then all-time volume;
 * - new: on-chain creation time, newest first;
 * - popular: holders on every chain, then all-time volume;
 * - top_posts: top-level posts tagged with the token outside clubs, then all-time volume.
 */
const orderBy: Record<TokenFilter, string> = {
  trending: "COALESCE(v.volume_24h, 0) DESC, d.volume DESC, d.created_at DESC, d.created_block DESC",
  new: "d.created_at DESC, d.created_block DESC",
  popular: "d.holders DESC, d.volume DESC, d.created_at DESC, d.created_block DESC",
  top_posts: "COALESCE(pc.posts, 0) DESC, d.volume DESC, d.created_at DESC, d.created_block DESC",
};

/**
 * Per token_layer_id (d): first name and symbol, creation, holders and volume summed over chains; its app row (a)
 * and the USDC volume since $1 (v). `withPosts` joins the posts per token (pc.posts), for the top_posts ranking.
 */
function catalogSql(schemas: Schemas, withPosts = false) {
  const s = schemas.appSchema;
  const ix = schemas.indexerSchema;
  return `WITH d AS (
      SELECT t.token_layer_id, (array_agg(t.name ORDER BY t.chain_id))[1] AS name,
             (array_agg(t.symbol ORDER BY t.chain_id))[1] AS symbol, min(t.created_at) AS created_at,
             min(t.created_block) AS created_block, COALESCE(sum(p.holders_count), 0) AS holders,
             COALESCE(sum(p.volume_usdc), 0) AS volume,
             COALESCE(bool_or(p.graduated), false) AS graduated, COALESCE(max(p.progress_bps), 0) AS progress_bps
        FROM ${ix}.token t LEFT JOIN ${ix}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
       GROUP BY t.token_layer_id
    ), v AS (
      SELECT t.token_layer_id, sum(tr.usdc_amount) AS volume_24h
        FROM ${ix}.trade tr JOIN ${ix}.token t ON t.chain_id = tr.chain_id AND t.address = tr.token
       WHERE tr.timestamp >= $1 GROUP BY t.token_layer_id
    )
    SELECT d.token_layer_id, COALESCE(v.volume_24h, 0) AS volume_24h, count(*) OVER () AS total
      FROM d LEFT JOIN ${s}.tokens a ON lower(a.token_layer_id) = d.token_layer_id
             LEFT JOIN v ON v.token_layer_id = d.token_layer_id
             ${
               withPosts
                 ? `LEFT JOIN (SELECT p.tagged_token_id, count(*) AS posts FROM ${s}.posts p
                                WHERE p.tagged_token_id IS NOT NULL AND p.parent_post_id IS NULL AND p.club_id IS NULL
                                GROUP BY p.tagged_token_id) pc ON pc.tagged_token_id = a.id`
                 : ""
             }`;
}

export type CatalogPageParameters = {
  filter: TokenFilter;
  /** Only tokens carrying this (normalised) hashtag; null for all. */
  hashtag: string | null;
  verifiedOnly: boolean;
  /** Only tokens at this stage (core/catalog.ts); null for all. */
  stage: TokenStage | null;
  /** Start of the trending window, unix seconds. */
  since: number;
  limit: number;
  offset: number;
};

/**
 * One page of a ranking of deployed tokens (token_layer_ids with their USDC volume since `since`) and the count. With
 * `ranked` (the maintained ranking is installed: Versions.ranked), from db/indexed/ranking.ts's tables; otherwise
 * from the catalog aggregate. Both give the same page.
 */
export async function readCatalogPage(
  db: Queryable,
  schemas: Schemas,
  p: CatalogPageParameters,
  ranked = false,
  rankedTotal?: () => Promise<number>,
): Promise<{ rows: { layerId: string; volume: bigint }[]; total: number }> {
  if (ranked) {
    const page = await readRankedPage(db, schemas, p, rankedTotal);
    if (page) return page;
  }
  const where = [
    "($2::text IS NULL OR EXISTS (SELECT 1 FROM " +
      `${schemas.appSchema}.token_hashtags h WHERE h.token_id = a.id AND lower(h.hashtag) = lower($2)))`,
    "(NOT $3::boolean OR a.verified IS TRUE)",
    `($4::text IS NULL OR ${stageSql("$4")})`,
  ].join(" AND ");
  const sql = catalogSql(schemas, p.filter === "top_posts");
  const params = [p.since, p.hashtag, p.verifiedOnly, p.stage];
  const { rows } = await db.query<{ token_layer_id: string; volume_24h: string; total: string }>(
    `${sql} WHERE ${where} ORDER BY ${orderBy[p.filter]}, d.token_layer_id LIMIT $5 OFFSET $6`,
    [...params, p.limit, p.offset],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && p.offset > 0) {
    const counted = await db.query<{ n: string }>(`SELECT count(*) AS n FROM (${sql} WHERE ${where}) x`, params);
    total = Number(counted.rows[0]?.n ?? 0);
  }
  return { rows: rows.map((r) => ({ layerId: r.token_layer_id, volume: BigInt(r.volume_24h) })), total };
}

/** The stage condition over a ranking row `d` (graduated, progress_bps), the stage being the parameter `param`. */
const stageSql = (param: string) =>
  `((${param} = 'graduated' AND d.graduated)
    OR (${param} = 'graduating' AND NOT d.graduated AND d.progress_bps >= ${GRADUATING_PROGRESS_BPS})
    OR (${param} = 'new' AND NOT d.graduated AND d.progress_bps < ${GRADUATING_PROGRESS_BPS}))`;

/**
 * readCatalogPage from the maintained ranking (db/indexed/ranking.ts): the rank table (d) under the filters, in the
 * order of one of its indexes, so a page reads about offset + limit rows. Undefined when the ranking's trending window
 * does not start at `since` (it has not turned to this hour yet, or `since` is not a window start): read the catalog.
 * The count is `total()` where given (a count the caller keeps: countRanked's), else counted beside the page.
 */
export async function readRankedPage(
  db: Queryable,
  schemas: Schemas,
  p: CatalogPageParameters,
  total?: () => Promise<number>,
): Promise<{ rows: { layerId: string; volume: bigint }[]; total: number } | undefined> {
  const { where, params } = rankedFilters(schemas, p);
  const ix = schemas.indexerSchema;
  const s = schemas.appSchema;
  const tie = "d.created_at DESC, d.created_block DESC, d.token_layer_id";
  const posts = p.filter === "top_posts";
  const order = {
    trending: `d.volume_window DESC, d.volume DESC, ${tie}`,
    new: tie,
    popular: `d.holders DESC, d.volume DESC, ${tie}`,
    top_posts: `COALESCE(pc.posts, 0) DESC, d.volume DESC, ${tie}`,
  }[p.filter];
  // The page says whether the ranking's window is the one asked for ($1): a page of another window is never served.
  const [page, counted] = await allEnded([
    db.query<{ current: boolean; token_layer_id: string | null; volume_window: string | null }>(
      `WITH w AS (SELECT (SELECT start_hour FROM "${ix}".${WINDOW_TABLE}) = $1::numeric AS current)
       SELECT w.current, r.token_layer_id, r.volume_window FROM w LEFT JOIN LATERAL (
         SELECT d.token_layer_id, d.volume_window FROM "${ix}".${RANK_TABLE} d
         ${
           posts
             ? `LEFT JOIN (SELECT lower(a.token_layer_id) AS token_layer_id, count(*) AS posts
                             FROM ${s}.posts p JOIN ${s}.tokens a ON a.id = p.tagged_token_id
                            WHERE p.parent_post_id IS NULL AND p.club_id IS NULL
                            GROUP BY 1) pc ON pc.token_layer_id = d.token_layer_id`
             : ""
         }
          WHERE w.current AND ${where} ORDER BY ${order} LIMIT ${Math.trunc(p.limit)} OFFSET ${Math.trunc(p.offset)}
       ) r ON true`,
      params,
    ),
    total ? total() : countRanked(db, schemas, p),
  ]);
  if (page.rows[0]?.current !== true) return undefined;
  return {
    rows: page.rows.flatMap((r) =>
      r.token_layer_id === null ? [] : [{ layerId: r.token_layer_id, volume: BigInt(r.volume_window ?? 0) }],
    ),
    total: counted,
  };
}

/** How many rows of the maintained ranking pass the filters of `p` (its order, window and page aside). */
export async function countRanked(db: Queryable, schemas: Schemas, p: CatalogPageParameters): Promise<number> {
  const { where, params } = rankedFilters(schemas, p);
  // $1 (the window) is in every filter list; a count does not depend on it.
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*) AS n FROM "${schemas.indexerSchema}".${RANK_TABLE} d WHERE $1::numeric IS NOT NULL AND ${where}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}

/** The filters of `p` over a ranking row `d`, as SQL, and their parameters ($1 is the window's start). */
function rankedFilters(schemas: Schemas, p: CatalogPageParameters): { where: string; params: unknown[] } {
  const s = schemas.appSchema;
  const params: unknown[] = [p.since];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const filters: string[] = [];
  if (p.hashtag !== null) {
    filters.push(`EXISTS (SELECT 1 FROM ${s}.tokens a JOIN ${s}.token_hashtags h ON h.token_id = a.id
                   WHERE lower(a.token_layer_id) = d.token_layer_id AND lower(h.hashtag) = lower(${param(p.hashtag)}))`);
  }
  if (p.verifiedOnly) {
    filters.push(
      `EXISTS (SELECT 1 FROM ${s}.tokens a WHERE lower(a.token_layer_id) = d.token_layer_id AND a.verified)`,
    );
  }
  if (p.stage !== null) filters.push(stageSql(`${param(p.stage)}::text`));
  return { where: filters.length > 0 ? filters.join(" AND ") : "true", params };
}

/**
 * Deployed tokens whose name, symbol or slug contains `query` (case-insensitive): exact symbol first, then exact
 * name, then names that start with it, then most holders, then the newest.
 */
export async function searchCatalog(db: Queryable, schemas: Schemas, query: string, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ token_layer_id: string }>(
    `${catalogSql(schemas)}
      WHERE COALESCE(a.name, d.name) ILIKE $2 OR COALESCE(a.symbol, d.symbol) ILIKE $2 OR a.slug ILIKE $2
      ORDER BY upper(COALESCE(a.symbol, d.symbol)) = upper($3) DESC, lower(COALESCE(a.name, d.name)) = lower($3) DESC,
               COALESCE(a.name, d.name) ILIKE ($4::text || '%') DESC, d.holders DESC, d.created_at DESC, d.token_layer_id
      LIMIT $5`,
    [Math.floor(Date.now() / 1000) - 86_400, `%${likeEscape(query)}%`, query, likeEscape(query), limit],
  );
  return rows.map((r) => r.token_layer_id);
}

/** The app token carrying `hashtag` (normalised) with the most holders on every chain, then the oldest. */
export async function readHashtagToken(
  db: Queryable,
  schemas: Schemas,
  hashtag: string,
): Promise<AppTokenRow | undefined> {
  const s = schemas.appSchema;
  const { rows } = await db.query<AppTokenRow>(
    `SELECT a.* FROM ${s}.token_hashtags h JOIN ${s}.tokens a ON a.id = h.token_id
      WHERE lower(h.hashtag) = $1
      ORDER BY COALESCE((SELECT sum(p.holders_count) FROM ${schemas.indexerSchema}.token t
                           JOIN ${schemas.indexerSchema}.pool p ON p.chain_id = t.chain_id AND p.token = t.address
                          WHERE t.token_layer_id = lower(a.token_layer_id)), 0) DESC, a.created_at, a.id
      LIMIT 1`,
    [hashtag],
  );
  return rows[0];
}
