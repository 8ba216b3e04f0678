/**
 * Finding tokens: search-token's lookup, the get-tokens rankings, the search endpoint, and tag-coin.
 *
 * A token exists once it is indexed on some chain, whether or not the service created it. Tokens created
 * directly on chain get their app row (and so a stable uuid and slug) lazily, the first time a response needs
 * it: `ensureAppToken`. Listings (get-tokens, search) show deployed tokens only; search-token and the tokenId
 * endpoints also find app tokens whose deployment is not indexed yet.
 */
import { AppError } from "../../core/errors.js";
import { normalizeHashtag, normalizeTags, slugify } from "../../core/text.js";
import { perDatabase, versionedCache } from "../../db/versions.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import type { PostView } from "../routes/social/schemas.js";
import { type SearchUserResult, searchPosts, searchUsers } from "./social/search.js";
import { buildTokenViews, listItemOf, type TokenListItem, type TokenView } from "./token-view.js";
import { type AppTokenRow, getAppToken, getIndexedTokens } from "./tokens.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAYER_ID = /^0x[0-9a-fA-F]{64}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

const notFound = () => new AppError("TOKEN_NOT_FOUND", "Token not found");

/** Escape LIKE wildcards so user input matches literally. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

async function appTokenByLayerId(deps: ApiDeps, tokenLayerId: string): Promise<AppTokenRow | undefined> {
  const { rows } = await deps.db.query<AppTokenRow>(
    `SELECT * FROM ${deps.config.appSchema}.tokens WHERE lower(token_layer_id) = lower($1) LIMIT 1`,
    [tokenLayerId],
  );
  return rows[0];
}

/** Metadata JSON stored by the service at the token URI (ipfs://<cid>), when it is ours. */
async function storedMetadata(deps: ApiDeps, tokenUri: string): Promise<Record<string, unknown>> {
  const cid = /^ipfs:\/\/([A-Za-z0-9]+)$/.exec(tokenUri)?.[1];
  if (!cid) return {};
  const { rows } = await deps.db.query<{ bytes: Buffer }>(
    `SELECT bytes FROM ${deps.config.appSchema}.blobs WHERE cid = $1`,
    [cid],
  );
  try {
    const parsed: unknown = rows[0] ? JSON.parse(rows[0].bytes.toString("utf8")) : {};
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The app row of an indexed token, created if missing: INSERT … ON CONFLICT DO NOTHING, so concurrent callers
 * agree on one uuid. The slug is the name's slug, or that slug with the token_layer_id's first hex digits when
 * another token has it. Returns undefined when the token_layer_id is neither in the app nor indexed.
 */
export async function ensureAppToken(deps: ApiDeps, tokenLayerId: string): Promise<AppTokenRow | undefined> {
  const existing = await appTokenByLayerId(deps, tokenLayerId);
  if (existing) return existing;
  const deployments = await getIndexedTokens(deps, tokenLayerId);
  const first = [...deployments].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  )[0];
  if (!first) return undefined;
  const s = deps.config.appSchema;
  const meta = await storedMetadata(deps, first.tokenUri);
  const creatorUser = await deps.db.query<{ id: string }>(
    `SELECT id FROM ${s}.users WHERE lower(wallet_address) = lower($1) LIMIT 1`,
    [first.creator],
  );
  const layerId = first.tokenLayerId.toLowerCase();
  const base = slugify(first.name);
  const candidates = [
    base,
    `${base}-${layerId.slice(2, 8)}`,
    `${base}-${layerId.slice(2, 18)}`,
    `${base}-${layerId.slice(2)}`,
  ];
  for (const slug of candidates) {
    // salt is not in TokenCreated, so it is unknown for tokens created elsewhere: stored empty.
    const inserted = await deps.db.query<AppTokenRow>(
      `INSERT INTO ${s}.tokens (token_layer_id, name, symbol, slug, description, logo, banner_url, video_url, pool_type,
                                chain_slug, creator_user_id, creator_address, salt, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '', to_timestamp($13))
       ON CONFLICT DO NOTHING RETURNING *`,
      [
        layerId,
        first.name,
        first.symbol,
        slug,
        text(meta.description),
        text(meta.image),
        text(meta.banner ?? meta.banner_url),
        text(meta.video ?? meta.video_url),
        first.poolType,
        first.chainSlug,
        creatorUser.rows[0]?.id ?? null,
        first.creator.toLowerCase(),
        Number(first.createdAt),
      ],
    );
    if (inserted.rows[0]) return inserted.rows[0];
    // Either another request created the row first, or the slug is taken: the first wins, the second retries.
    const raced = await appTokenByLayerId(deps, layerId);
    if (raced) return raced;
  }
  throw new Error(`no free slug for token ${layerId}`);
}

/**
 * The best match of a catalog condition over app tokens and indexed tokens without an app row: most holders
 * first, then the oldest. `appWhere` and `ixWhere` use the aliases a (app.tokens) and t (indexer token).
 */
async function bestMatch(
  deps: ApiDeps,
  appWhere: string,
  ixWhere: string,
  params: unknown[],
  rank = "",
): Promise<string | undefined> {
  const s = deps.config.appSchema;
  const ix = deps.config.indexerSchema;
  const { rows } = await deps.db.query<{ layer_id: string }>(
    `WITH cat AS (
       SELECT lower(a.token_layer_id) AS layer_id, a.name, a.symbol, a.created_at,
              COALESCE((SELECT sum(t.holders_count) FROM ${ix}.token t WHERE t.token_layer_id = lower(a.token_layer_id)), 0)
                AS holders
         FROM ${s}.tokens a WHERE ${appWhere}
       UNION ALL
       SELECT t.token_layer_id, min(t.name), min(t.symbol), to_timestamp(min(t.created_at)), sum(t.holders_count)
         FROM ${ix}.token t
        WHERE ${ixWhere}
          AND NOT EXISTS (SELECT 1 FROM ${s}.tokens a WHERE lower(a.token_layer_id) = t.token_layer_id)
        GROUP BY t.token_layer_id
     )
     SELECT layer_id FROM cat ORDER BY ${rank} holders DESC, created_at ASC, layer_id LIMIT 1`,
    params,
  );
  return rows[0]?.layer_id;
}

/**
 * search-token's lookup, in this order: token uuid; token_layer_id; EVM contract address on any indexed chain;
 * Solana base58 address (no Solana deployments exist, so it matches nothing); exact symbol when the input is
 * upper case; slug; the slug of an on-chain name; and last a case-insensitive partial name. Several matches:
 * most holders, then the oldest, wins. Throws 404 "Token not found".
 */
export async function resolveToken(deps: ApiDeps, raw: string): Promise<AppTokenRow> {
  const input = raw.trim();
  if (UUID.test(input)) return getAppToken(deps, input.toLowerCase());
  if (LAYER_ID.test(input)) return (await ensureAppToken(deps, input)) ?? Promise.reject(notFound());
  if (EVM_ADDRESS.test(input)) {
    const { rows } = await deps.db.query<{ token_layer_id: string }>(
      `SELECT token_layer_id FROM ${deps.config.indexerSchema}.token WHERE address = lower($1) ORDER BY chain_id LIMIT 1`,
      [input],
    );
    const layerId = rows[0]?.token_layer_id;
    return (layerId && (await ensureAppToken(deps, layerId))) || Promise.reject(notFound());
  }
  if (SOLANA_ADDRESS.test(input)) throw notFound();

  const found =
    (/[A-Z]/.test(input) && input === input.toUpperCase()
      ? await bestMatch(deps, "upper(a.symbol) = $1", "upper(t.symbol) = $1", [input])
      : undefined) ??
    (await bestMatch(deps, "a.slug = lower($1)", "false", [input])) ??
    (await bestMatch(
      deps,
      "false",
      "trim(both '-' from regexp_replace(lower(t.name), '[^a-z0-9]+', '-', 'g')) = lower($1)",
      [input],
    )) ??
    (await bestMatch(
      deps,
      "a.name ILIKE $1",
      "t.name ILIKE $1",
      [`%${likeEscape(input)}%`, input, likeEscape(input)],
      "(lower(name) = lower($2::text)) DESC, (name ILIKE ($3::text || '%')) DESC,",
    ));
  if (!found) throw notFound();
  return (await ensureAppToken(deps, found)) ?? Promise.reject(notFound());
}

/** Token records by search-token input and viewer, under the indexed and app versions (db/versions.ts). */
const recordCache = perDatabase(() => versionedCache<{ token: TokenView; chain: string }>(50_000));

/**
 * search-token and the MCP search_token: the full Token record of `input` (resolveToken's order) as `viewerId`
 * sees it (user_vote), and the chain its freshness refers to (the primary deployment's, else the home chain).
 * Cached per process until a block is indexed or an app table of token records is written.
 */
export function searchTokenRecord(
  deps: ApiDeps,
  input: string,
  viewerId: string | null,
): Promise<{ token: TokenView; chain: string }> {
  const version = deps.versions?.key("indexed", "app") ?? null;
  const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${viewerId ?? ""}:${input}`;
  return recordCache(deps.db)(key, version, async () => {
    const row = await resolveToken(deps, input);
    const [token] = await buildTokenViews(deps, [row], viewerId);
    if (!token) throw notFound();
    return { token, chain: token.token_addresses[0]?.chain ?? row.chain_slug };
  });
}

export const tokenFilters = ["trending", "new", "popular", "top_posts"] as const;
export type TokenFilter = (typeof tokenFilters)[number];

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

/** Per token_layer_id: first name and symbol, creation, holders and volume summed over chains, 24 h volume. */
/** `withPosts` joins the posts per token (pc.posts), for the top_posts ranking. */
function catalogSql(deps: ApiDeps, withPosts = false) {
  const s = deps.config.appSchema;
  const ix = deps.config.indexerSchema;
  return `WITH d AS (
      SELECT t.token_layer_id, (array_agg(t.name ORDER BY t.chain_id))[1] AS name,
             (array_agg(t.symbol ORDER BY t.chain_id))[1] AS symbol, min(t.created_at) AS created_at,
             min(t.created_block) AS created_block, sum(t.holders_count) AS holders, sum(t.volume_usdc) AS volume
        FROM ${ix}.token t GROUP BY t.token_layer_id
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

export type ListTokensParameters = {
  filter: TokenFilter;
  limit: number;
  offset: number;
  hashtag?: string;
  verifiedOnly: boolean;
};
export type ListTokensReturnType = { tokens: (TokenListItem & { volume_24h: number })[]; total: number };

/** App rows (created lazily) and full views of indexed tokens, in the order of `layerIds`. */
async function viewsOf(deps: ApiDeps, layerIds: string[]): Promise<TokenView[]> {
  const { rows } = await deps.db.query<AppTokenRow>(
    `SELECT * FROM ${deps.config.appSchema}.tokens WHERE lower(token_layer_id) = ANY($1::text[])`,
    [layerIds.map((id) => id.toLowerCase())],
  );
  const existing = new Map(rows.map((r) => [r.token_layer_id.toLowerCase(), r]));
  const apps: AppTokenRow[] = [];
  for (const id of layerIds) {
    // Only tokens first seen on chain lack an app row; they get one here, one at a time.
    const app = existing.get(id.toLowerCase()) ?? (await ensureAppToken(deps, id));
    if (app) apps.push(app);
  }
  return buildTokenViews(deps, apps);
}

const since24h = () => Math.floor(Date.now() / 1000) - 86_400;

/** Pages of get-tokens by parameters and minute, under the indexed and app versions (db/versions.ts). */
const listCache = perDatabase(() => versionedCache<ListTokensReturnType>(1_000));

/**
 * get-tokens: one page of a ranking, and how many tokens match the filters. The last 24 hours of `trending` start
 * on a whole minute, so a page is the same all minute long: kept per process until the minute ends, a block is
 * indexed or an app table of token records is written.
 */
export function listTokens(deps: ApiDeps, p: ListTokensParameters): Promise<ListTokensReturnType> {
  const minute = Math.floor(Date.now() / 60_000);
  const version = deps.versions?.key("indexed", "app") ?? null;
  const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${minute}:${JSON.stringify(p)}`;
  return listCache(deps.db)(key, version, () => loadTokens(deps, p, minute * 60 - 86_400));
}

async function loadTokens(deps: ApiDeps, p: ListTokensParameters, since: number): Promise<ListTokensReturnType> {
  const s = deps.config.appSchema;
  const where = [
    "($2::text IS NULL OR EXISTS (SELECT 1 FROM " +
      `${s}.token_hashtags h WHERE h.token_id = a.id AND lower(h.hashtag) = lower($2)))`,
    "(NOT $3::boolean OR a.verified IS TRUE)",
  ].join(" AND ");
  const hashtag = p.hashtag === undefined ? null : normalizeHashtag(p.hashtag) || null;
  const params = [since, hashtag, p.verifiedOnly];
  const { rows } = await deps.db.query<{ token_layer_id: string; volume_24h: string; total: string }>(
    `${catalogSql(deps, p.filter === "top_posts")} WHERE ${where} ORDER BY ${orderBy[p.filter]}, d.token_layer_id LIMIT $4 OFFSET $5`,
    [...params, p.limit, p.offset],
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && p.offset > 0) {
    const counted = await deps.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM (${catalogSql(deps, p.filter === "top_posts")} WHERE ${where}) x`,
      params,
    );
    total = Number(counted.rows[0]?.n ?? 0);
  }
  const volume = new Map(rows.map((r) => [r.token_layer_id, BigInt(r.volume_24h)]));
  const views = await viewsOf(
    deps,
    rows.map((r) => r.token_layer_id),
  );
  return {
    tokens: views.map((v) => ({
      ...listItemOf(v),
      volume_24h: Number(volume.get(v.token_layer_id) ?? 0n) / 1e6,
    })),
    total,
  };
}

export const searchTypes = ["all", "tokens", "users", "posts"] as const;
export type SearchType = (typeof searchTypes)[number];
export type SearchReturnType = { tokens: TokenListItem[]; users: SearchUserResult[]; posts: PostView[] };

/**
 * search: deployed tokens whose name, symbol or slug contains the query (exact symbol first, then exact name,
 * then names that start with it, then most holders), and the users and posts parts of services/social/search.ts
 * (usernames by substring; posts by full text plus trigram, ranked). Case-insensitive. Club posts never appear.
 */
export async function searchAll(
  deps: ApiDeps,
  query: string,
  type: SearchType,
  limit: number,
  viewerId?: string,
): Promise<SearchReturnType> {
  const q = query.trim();
  const like = `%${likeEscape(q)}%`;
  const wants = (kind: SearchType) => type === "all" || type === kind;
  const tokens = async () => {
    const { rows } = await deps.db.query<{ token_layer_id: string }>(
      `${catalogSql(deps)}
        WHERE COALESCE(a.name, d.name) ILIKE $2 OR COALESCE(a.symbol, d.symbol) ILIKE $2 OR a.slug ILIKE $2
        ORDER BY upper(COALESCE(a.symbol, d.symbol)) = upper($3) DESC, lower(COALESCE(a.name, d.name)) = lower($3) DESC,
                 COALESCE(a.name, d.name) ILIKE ($4::text || '%') DESC, d.holders DESC, d.created_at DESC, d.token_layer_id
        LIMIT $5`,
      [since24h(), like, q, likeEscape(q), limit],
    );
    return (
      await viewsOf(
        deps,
        rows.map((r) => r.token_layer_id),
      )
    ).map(listItemOf);
  };
  const [t, u, p] = await Promise.all([
    wants("tokens") ? tokens() : [],
    wants("users") ? searchUsers(deps, q, limit) : [],
    wants("posts") ? searchPosts(deps, q, limit, viewerId) : [],
  ]);
  return { tokens: t, users: u, posts: p };
}

/**
 * tag-coin: the hashtags of the token with `slug`, after adding `tags` (existing ones are kept; adding one twice
 * is a no-op). Only the token's creator (its creator user, or the user whose wallet created it) may add tags;
 * anyone may read them by sending no tags. Throws 404 "Token not found" for an unknown slug.
 */
export async function tagToken(
  deps: ApiDeps,
  user: AuthedUser,
  slug: string,
  tags: string[],
): Promise<{ token_id: string; slug: string; hashtags: string[] }> {
  const s = deps.config.appSchema;
  const { rows } = await deps.db.query<AppTokenRow>(`SELECT * FROM ${s}.tokens WHERE slug = $1`, [
    slug.trim().toLowerCase(),
  ]);
  const token = rows[0];
  if (!token) throw notFound();
  const wanted = normalizeTags(tags);
  if (wanted.length > 0) {
    const isCreator =
      token.creator_user_id === user.id ||
      (token.creator_user_id === null && token.creator_address.toLowerCase() === user.walletAddress.toLowerCase());
    if (!isCreator) throw new AppError("FORBIDDEN", "Only the token's creator can tag it");
    await deps.db.query(
      `INSERT INTO ${s}.token_hashtags (token_id, hashtag) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`,
      [token.id, wanted],
    );
  }
  const tagged = await deps.db.query<{ hashtag: string }>(
    `SELECT hashtag FROM ${s}.token_hashtags WHERE token_id = $1 ORDER BY hashtag`,
    [token.id],
  );
  return { token_id: token.id, slug: token.slug, hashtags: tagged.rows.map((r) => r.hashtag) };
}
