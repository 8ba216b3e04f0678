/**
 * Finding tokens: search-token's lookup, the get-tokens rankings, the search endpoint, and tag-coin.
 *
 * A token exists once it is indexed on some chain, whether or not the service created it. Tokens created
 * directly on chain get their app row (and so a stable uuid and slug) lazily, the first time a response needs
 * it: `ensureAppToken`. Listings (get-tokens, search) show deployed tokens only; search-token and the tokenId
 * endpoints also find app tokens whose deployment is not indexed yet.
 */
import { allEnded } from "../../../core/all-ended.js";
import type { SearchType, TokenFilter, TokenStage } from "../../../core/catalog.js";
import { AppError } from "../../../core/errors.js";
import { normalizeHashtag, normalizeTags, slugify } from "../../../core/text.js";
import { readBlob } from "../../../db/blobs.js";
import {
  countRanked,
  findTokenCandidates,
  layerIdOfAddress,
  readCatalogPage,
  searchCatalog,
  type TokenMatch,
} from "../../../db/indexed/catalog.js";
import { windowStartAt } from "../../../db/indexed/ranking.js";
import { type RecordMatch, readTokenRecord } from "../../../db/indexed/token-record.js";
import {
  addTokenHashtags,
  insertDiscoveredToken,
  tokenByLayerId,
  tokenBySlug,
  tokensByLayerIds,
} from "../../../db/tokens.js";
import { userIdByWallet } from "../../../db/users.js";
import {
  CATALOG_KEY,
  HOLDERS_KEY,
  type Keyed,
  layerKey,
  markedCache,
  perDatabase,
  versionedCache,
} from "../../../db/versions.js";
import type { ApiDeps } from "../../deps.js";
import type { AuthedUser } from "../../env.js";
import { catchUp } from "../indexed.js";
import type { PostView } from "../social/post-view.js";
import { type SearchUserResult, searchPosts, searchUsers } from "../social/search.js";
import { type AppTokenRow, getAppToken, getIndexedTokens } from "./lookup.js";
import {
  buildTokenViews,
  listItemOf,
  type TokenListItem,
  type TokenView,
  tokenViewOfRecord,
  viewKeys,
} from "./shape.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LAYER_ID = /^0x[0-9a-fA-F]{64}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const notFound = () => new AppError("TOKEN_NOT_FOUND", "Token not found");

const appTokenByLayerId = (deps: ApiDeps, tokenLayerId: string): Promise<AppTokenRow | undefined> =>
  tokenByLayerId(deps.db, deps.config.appSchema, tokenLayerId);

/** Metadata JSON stored by the service at the token URI (ipfs://<cid>), when it is ours. */
async function storedMetadata(deps: ApiDeps, tokenUri: string): Promise<Record<string, unknown>> {
  const cid = /^ipfs:\/\/([A-Za-z0-9]+)$/.exec(tokenUri)?.[1];
  if (!cid) return {};
  const blob = await readBlob(deps.db, deps.config.appSchema, cid);
  try {
    const parsed: unknown = blob ? JSON.parse(blob.bytes.toString("utf8")) : {};
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
  const creatorUserId = (await userIdByWallet(deps.db, s, first.creator)) ?? null;
  const layerId = first.tokenLayerId.toLowerCase();
  const base = slugify(first.name);
  const candidates = [
    base,
    `${base}-${layerId.slice(2, 8)}`,
    `${base}-${layerId.slice(2, 18)}`,
    `${base}-${layerId.slice(2)}`,
  ];
  for (const slug of candidates) {
    const inserted = await insertDiscoveredToken(deps.db, s, {
      tokenLayerId: layerId,
      name: first.name,
      symbol: first.symbol,
      slug,
      description: text(meta.description),
      logo: text(meta.image),
      bannerUrl: text(meta.banner ?? meta.banner_url),
      videoUrl: text(meta.video ?? meta.video_url),
      poolType: first.poolType,
      chainSlug: first.chainSlug,
      creatorUserId,
      creatorAddress: first.creator.toLowerCase(),
      createdAt: Number(first.createdAt),
    });
    if (inserted) return inserted;
    // Either another request created the row first, or the slug is taken: the first wins, the second retries.
    const raced = await appTokenByLayerId(deps, layerId);
    if (raced) return raced;
  }
  throw new Error(`no free slug for token ${layerId}`);
}

/**
 * `read`'s answer, or when it finds nothing, its answer once the indexer has caught up with the chains this API
 * serves (catchUp): a token created a moment ago is found by its address and token_layer_id.
 */
async function caughtUpFor<T>(deps: ApiDeps, read: () => Promise<T | undefined>): Promise<T | undefined> {
  const found = await read();
  if (found !== undefined) return found;
  const caughtUp = await allEnded([...deps.deployments.keys()].map((slug) => catchUp(deps, slug)));
  return caughtUp.some(Boolean) ? read() : undefined;
}

/**
 * search-token's lookup, in this order: token uuid; token_layer_id; EVM contract address on any indexed chain;
 * (a Solana base58 address would come next: none is indexed, and such input goes on); exact symbol when the input is
 * upper case; slug; the slug of an on-chain name; and last a case-insensitive partial name. Several matches:
 * most holders, then the oldest, wins. Throws 404 "Token not found".
 */
export async function resolveToken(deps: ApiDeps, raw: string): Promise<AppTokenRow> {
  return (await resolveTokenKeyed(deps, raw)).value;
}

/** Matches weighed against each other beyond this many make a lookup depend on every token's holder count. */
const MAX_WATCHED_CANDIDATES = 32;

/**
 * resolveToken, with the change keys of the indexed rows its answer depends on (db/versions.ts) beside the app
 * tables: none for a uuid or token_layer_id; any token added for an address; and for a match, any token added and the
 * holder counts it ranked (those of its candidates, or every token's when there are many).
 */
export async function resolveTokenKeyed(deps: ApiDeps, raw: string): Promise<Keyed<AppTokenRow>> {
  const input = raw.trim();
  if (UUID.test(input)) return { value: await getAppToken(deps, input.toLowerCase()), keys: [] };
  if (LAYER_ID.test(input)) {
    const found = await caughtUpFor(deps, () => ensureAppToken(deps, input));
    return { value: found ?? (await Promise.reject(notFound())), keys: [] };
  }
  if (EVM_ADDRESS.test(input)) {
    const byAddress = async () => {
      const layerId = await layerIdOfAddress(deps.db, deps.config, input);
      return layerId ? ensureAppToken(deps, layerId) : undefined;
    };
    return { value: (await caughtUpFor(deps, byAddress)) ?? (await Promise.reject(notFound())), keys: [CATALOG_KEY] };
  }
  // A Solana base58 address would be looked up here; none is indexed yet, and 32–44 base58 characters may as well be
  // a slug or a name, so such input goes on to the lookups below.

  const find = async (m: TokenMatch) => {
    const candidates = await findTokenCandidates(deps.db, deps.config, m, MAX_WATCHED_CANDIDATES + 1);
    return candidates.length === 0 ? undefined : candidates;
  };
  const found =
    (/[A-Z]/.test(input) && input === input.toUpperCase() ? await find({ by: "symbol", value: input }) : undefined) ??
    (await find({ by: "slug", value: input })) ??
    (await find({ by: "name-slug", value: input })) ??
    (await find({ by: "name", value: input }));
  const best = found?.[0];
  if (!found || !best) throw notFound();
  const row = await ensureAppToken(deps, best);
  if (!row) throw notFound();
  const ranked = found.length > MAX_WATCHED_CANDIDATES ? [HOLDERS_KEY] : found.map(layerKey);
  return { value: row, keys: [CATALOG_KEY, ...ranked] };
}

/**
 * The record of `input` in one statement when its lookup allows (uuid, token_layer_id, contract address, exact upper
 * case symbol) and it finds an app token; undefined sends the caller the longer way (resolveTokenKeyed): other
 * inputs, no match, or a match first seen on chain whose app row is not made yet.
 */
function readRecordAtOnce(deps: ApiDeps, raw: string, viewerId: string | null) {
  const input = raw.trim();
  const match: RecordMatch | undefined = UUID.test(input)
    ? { by: "id", value: input.toLowerCase() }
    : LAYER_ID.test(input)
      ? { by: "layer", value: input }
      : EVM_ADDRESS.test(input)
        ? { by: "address", value: input }
        : /[A-Z]/.test(input) && input === input.toUpperCase()
          ? { by: "symbol", value: input, candidates: MAX_WATCHED_CANDIDATES + 1 }
          : undefined;
  return match ? readTokenRecord(deps.db, deps.config, match, viewerId) : Promise.resolve(undefined);
}

/** Token records by search-token input and viewer, under the app version and the rows they read (db/versions.ts). */
const recordCache = perDatabase(() => markedCache<{ token: TokenView; chain: string }>(50_000));

/**
 * search-token and the MCP search_token: the full Token record of `input` (resolveToken's order) as `viewerId`
 * sees it (user_vote), and the chain its freshness refers to (the primary deployment's, else the home chain).
 * Cached per process until a block writes the rows of this token (or of the tokens its lookup weighed), or an app
 * table of token records is written.
 */
export function searchTokenRecord(
  deps: ApiDeps,
  input: string,
  viewerId: string | null,
): Promise<{ token: TokenView; chain: string }> {
  const version = deps.versions?.key("app", "labels") ?? null;
  const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${viewerId ?? ""}:${input}`;
  return recordCache(deps.db)(deps.versions, key, version, async () => {
    const read = await readRecordAtOnce(deps, input, viewerId);
    if (read) {
      const token = await tokenViewOfRecord(deps, read);
      const ranked = read.candidates
        ? [
            CATALOG_KEY,
            ...(read.candidates.length > MAX_WATCHED_CANDIDATES ? [HOLDERS_KEY] : read.candidates.map(layerKey)),
          ]
        : [];
      const byAddress = EVM_ADDRESS.test(input.trim()) ? [CATALOG_KEY] : [];
      return {
        value: { token, chain: token.token_addresses[0]?.chain ?? read.app.chain_slug },
        keys: [...ranked, ...byAddress, ...viewKeys(token)],
      };
    }
    const resolved = await resolveTokenKeyed(deps, input);
    const [token] = await buildTokenViews(deps, [resolved.value], viewerId);
    if (!token) throw notFound();
    return {
      value: { token, chain: token.token_addresses[0]?.chain ?? resolved.value.chain_slug },
      keys: [...resolved.keys, ...viewKeys(token)],
    };
  });
}

export type ListTokensParameters = {
  filter: TokenFilter;
  limit: number;
  offset: number;
  hashtag?: string;
  verifiedOnly: boolean;
  /** new, graduating (curve progress at least 80%) or graduated; all when absent. */
  stage?: TokenStage;
};
export type ListTokensReturnType = { tokens: (TokenListItem & { volume_24h: number })[]; total: number };

/** App rows (created lazily) and full views of indexed tokens, in the order of `layerIds`. */
async function viewsOf(deps: ApiDeps, layerIds: string[]): Promise<TokenView[]> {
  const rows = await tokensByLayerIds(
    deps.db,
    deps.config.appSchema,
    layerIds.map((id) => id.toLowerCase()),
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

/** Pages of get-tokens by parameters and minute, under the indexed and app versions (db/versions.ts). */
const listCache = perDatabase(() => versionedCache<ListTokensReturnType>(1_000));

/**
 * get-tokens: one page of a ranking, and how many tokens match the filters. `trending`'s window (and every item's
 * volume_24h) is the current hour and the 23 before it (db/indexed/ranking.ts), so a page is the same all hour long:
 * kept per process until the hour ends, a block is indexed or an app table of token records is written.
 */
export function listTokens(deps: ApiDeps, p: ListTokensParameters): Promise<ListTokensReturnType> {
  const since = windowStartAt(Date.now());
  const version = deps.versions?.key("indexed", "app", "labels") ?? null;
  const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${since}:${JSON.stringify(p)}`;
  return listCache(deps.db)(key, version, () => loadTokens(deps, p, since));
}

/**
 * Counts of the maintained ranking under get-tokens' filters, kept until a token is added or removed (or, with a
 * hashtag or verified filter, an app table of token records is written). A stage filter is counted with each page:
 * every trade moves a token's progress.
 */
const countCache = perDatabase(() => markedCache<number>(1_000));

async function loadTokens(deps: ApiDeps, p: ListTokensParameters, since: number): Promise<ListTokensReturnType> {
  const hashtag = p.hashtag === undefined ? null : normalizeHashtag(p.hashtag) || null;
  const page = { ...p, hashtag, stage: p.stage ?? null, since };
  const counted =
    page.stage === null
      ? () => {
          const version = hashtag !== null || page.verifiedOnly ? (deps.versions?.key("app") ?? null) : "";
          const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${hashtag ?? ""}:${page.verifiedOnly}`;
          return countCache(deps.db)(deps.versions, key, version, async () => ({
            value: await countRanked(deps.db, deps.config, page),
            keys: [CATALOG_KEY],
          }));
        }
      : undefined;
  const { rows, total } = await readCatalogPage(deps.db, deps.config, page, deps.versions?.ranked() ?? false, counted);
  const volume = new Map(rows.map((r) => [r.layerId, r.volume]));
  const views = await viewsOf(
    deps,
    rows.map((r) => r.layerId),
  );
  return {
    tokens: views.map((v) => ({
      ...listItemOf(v),
      volume_24h: Number(volume.get(v.token_layer_id) ?? 0n) / 1e6,
    })),
    total,
  };
}

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
  const wants = (kind: SearchType) => type === "all" || type === kind;
  const tokens = async () => (await viewsOf(deps, await searchCatalog(deps.db, deps.config, q, limit))).map(listItemOf);
  const [t, u, p] = await allEnded([
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
  const token = await tokenBySlug(deps.db, s, slug.trim().toLowerCase());
  if (!token) throw notFound();
  const wanted = normalizeTags(tags);
  if (wanted.length > 0) {
    const isCreator =
      token.creator_user_id === user.id ||
      (token.creator_user_id === null && token.creator_address.toLowerCase() === user.walletAddress.toLowerCase());
    if (!isCreator) throw new AppError("FORBIDDEN", "Only the token's creator can tag it");
  }
  return { token_id: token.id, slug: token.slug, hashtags: await addTokenHashtags(deps.db, s, token.id, wanted) };
}
