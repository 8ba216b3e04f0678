/**
 * The spec's Token shape (search-token) and the shorter list item (get-tokens, search), built from the app row
 * (metadata, uuid) and the indexed deployments (price, market cap, holders, venue).
 *
 * Units at this boundary: `price` is USD per whole token and `market_cap` USD, both JSON numbers (converted from
 * the indexer's 18-decimal price and USDC base units; a float keeps ~15 significant digits, which is why
 * get-pool-data also returns the exact integers as strings).
 *
 * Social counters come from the social tables: total_posts_count and total_media_count count top-level posts
 * tagged with the token outside clubs (club posts are private; replies are counted on their post), groups_count
 * the token's clubs, votes the token's vote tally (weighted counts in whole tokens, floored, with the exact base
 * units in *_wei), user_vote the caller's own vote, is_live whether a livestream about the token is live.
 */

import { createHash } from "node:crypto";
import { formatUnits, getAddress, isAddress } from "viem";
import { allEnded } from "../../../core/all-ended.js";
import { chainBySlug, slugOfChainId } from "../../../core/chains.js";
import type { LabelName } from "../../../core/launch-report.js";
import { type IndexedPeer, readIndexedPeers } from "../../../db/indexed/peers.js";
import { readTokenSocial, type TokenRecordRead, type TokenSocial } from "../../../db/indexed/token-record.js";
import { readIndexedLaunchpads } from "../../../db/indexed/tokens.js";
import { readToldLabels, toldKey } from "../../../db/launch-labels.js";
import { indexedTokenKey, layerKey } from "../../../db/versions.js";
import type { ApiDeps } from "../../deps.js";
import { type AppTokenRow, getIndexedTokensByLayerIds, type IndexedToken } from "./lookup.js";

export type TokenCreator = { id: string; username: string; profile_picture: string };

export type TokenAddressView = {
  id: string;
  token_id: string;
  address: string;
  address_display: string;
  address_type: "evm";
  chain: string;
  platform_name: string;
  is_registered: boolean;
  /** Where it trades there: null on a destination chain, where it has no pool (it moves there with transfer-token). */
  dex_name: "Bonding curve" | "Uniswap V3" | null;
  dex_address: string | null;
  created_at: string;
};

export type TokenView = {
  id: string;
  name: string;
  symbol: string;
  slug: string;
  logo: string;
  banner_url: string;
  video_url: string;
  description: string;
  token_layer_id: string;
  created_at: string;
  launch_post_id: string | null;
  total_posts_count: number;
  total_media_count: number;
  groups_count: number;
  holders_count: number;
  upvotes: number;
  downvotes: number;
  weighted_upvotes: number;
  weighted_downvotes: number;
  weighted_upvotes_wei: string;
  weighted_downvotes_wei: string;
  user_vote: "upvote" | "downvote" | null;
  is_live: boolean;
  hashtags: string[];
  creator: TokenCreator | null;
  creator_address: string;
  price: number;
  market_cap: number;
  total_holder_count: number;
  is_graduated: boolean;
  verified: boolean;
  /** The launch labels standing on its home chain (docs/launch-report.md), sorted. */
  launch_labels: LabelName[];
  token_addresses: TokenAddressView[];
};

/** A token in a list (get-tokens, search): the fields of the MCP get_tokens tool plus price and market data. */
export type TokenListItem = {
  id: string;
  name: string;
  symbol: string;
  slug: string;
  logo: string;
  contract_address: string | null;
  chain: string;
  holders_count: number;
  upvote_count: number;
  downvote_count: number;
  creator: TokenCreator | null;
  price: number;
  market_cap: number;
  is_graduated: boolean;
  verified: boolean;
  launch_labels: LabelName[];
  hashtags: string[];
  created_at: string;
};

/** USD per whole token (the indexer's price has 18 decimals) as a JSON number. */
export const priceUsd = (price: bigint) => Number(formatUnits(price, 18));
/** USDC base units (6 decimals) as a JSON number of USD. */
export const usdcUsd = (amount: bigint) => Number(formatUnits(amount, 6));
/** Token wei (18 decimals) as a JSON number of whole tokens. */
export const tokenAmount = (amount: bigint) => Number(formatUnits(amount, 18));
/** Unix seconds as an ISO 8601 timestamp. */
export const isoOfUnix = (seconds: bigint | number) => new Date(Number(seconds) * 1000).toISOString();

/**
 * The deployment a token's single-chain figures come from: the chain it was created for (app.chain_slug) when
 * that deployment is indexed, otherwise the first one created.
 */
export function primaryIndexedToken(app: Pick<AppTokenRow, "chain_slug">, indexed: readonly IndexedToken[]) {
  const onHome = indexed.find((t) => t.chainSlug === app.chain_slug);
  if (onHome) return onHome;
  return [...indexed].sort((a, b) =>
    a.createdAt === b.createdAt ? a.chainId - b.chainId : a.createdAt < b.createdAt ? -1 : 1,
  )[0];
}

/**
 * A stable uuid per token and deployment (RFC 4122 version 5 in the token's uuid namespace), so token_addresses
 * entries keep their id without a table of their own.
 */
export function tokenAddressId(tokenId: string, chainId: number, address: string): string {
  const namespace = Buffer.from(tokenId.replace(/-/g, ""), "hex");
  const hash = createHash("sha1").update(namespace).update(`${chainId}:${address.toLowerCase()}`).digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const h = hash.subarray(0, 16).toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** EIP-55 form of an address; anything that is not one is returned as is. */
export const checksum = (a: string) => (isAddress(a, { strict: false }) ? getAddress(a) : a);

const shortAddress = (a: string) => `${a.slice(0, 6)}…${a.slice(-4)}`;

/** Launchpad addresses by chain id are fixed once deployed: read at most every 10 s per indexer schema. */
const LAUNCHPADS_TTL_MS = 10_000;
const launchpadCache = new Map<string, { at: number; byChain: Promise<Map<number, string>> }>();

function launchpadsByChainId(deps: ApiDeps): Promise<Map<number, string>> {
  const key = deps.config.indexerSchema;
  const cached = launchpadCache.get(key);
  if (cached && Date.now() - cached.at < LAUNCHPADS_TTL_MS) return cached.byChain;
  const byChain = launchpadsOf(deps);
  launchpadCache.set(key, { at: Date.now(), byChain });
  byChain.catch(() => launchpadCache.delete(key));
  return byChain;
}

async function launchpadsOf(deps: ApiDeps): Promise<Map<number, string>> {
  const byChain = new Map<number, string>();
  for (const [slug, d] of deps.deployments) {
    const c = chainBySlug[slug as keyof typeof chainBySlug];
    if (c && c.kind === "evm") byChain.set(c.chainId, d.contracts.launchpad);
  }
  for (const [chainId, address] of await readIndexedLaunchpads(deps.db, deps.config)) byChain.set(chainId, address);
  return byChain;
}

/** Whole tokens of a base-unit amount, floored: the Token record's weighted counts are integers. */
const wholeTokensFloor = (baseUnits: bigint) => Number(baseUnits / 10n ** 18n);

/** Full Token views of app rows, in the order given, with three queries whatever the count. */
export async function buildTokenViews(
  deps: ApiDeps,
  apps: AppTokenRow[],
  viewerId: string | null = null,
): Promise<TokenView[]> {
  if (apps.length === 0) return [];
  const ids = apps.map((a) => a.id);
  const [indexed, social, launchpads] = await allEnded([
    getIndexedTokensByLayerIds(
      deps,
      apps.map((a) => a.token_layer_id),
    ),
    readTokenSocial(deps.db, deps.config, ids, viewerId),
    launchpadsByChainId(deps),
  ]);
  const [peers, labels] = await allEnded([
    peersOf(deps, [...indexed.values()].flat()),
    labelsOf(deps, [...indexed.values()].flat()),
  ]);
  return apps.map((app) => {
    const deployments = indexed.get(app.token_layer_id.toLowerCase()) ?? [];
    const tokenPeers = deployments.flatMap((t) => peers.get(`${t.chainId}:${t.address.toLowerCase()}`) ?? []);
    return assembleTokenView(app, deployments, tokenPeers, social.get(app.id), launchpads, labels);
  });
}

/** The names of the launch labels standing on each of `deployments` (a peer has none), by `<chainId>:<token>`. */
async function labelsOf(deps: ApiDeps, deployments: readonly IndexedToken[]): Promise<Map<string, string[]>> {
  const launched = deployments.map((t) => ({ chainId: t.chainId, token: t.address }));
  const told = await readToldLabels(deps.db, deps.config.appSchema, launched);
  return new Map([...told].map(([key, labels]) => [key, labels.map((l) => l.label).sort()]));
}

/** The Token view of one token as read in one statement (db/indexed/token-record.ts readTokenRecord). */
export async function tokenViewOfRecord(deps: ApiDeps, r: TokenRecordRead): Promise<TokenView> {
  return assembleTokenView(r.app, r.indexed, r.peers, r.social, await launchpadsByChainId(deps), r.labels);
}

/** A Token view from its parts: the app row, its indexed deployments, their peers and its social fields. */
function assembleTokenView(
  app: AppTokenRow,
  deployments: readonly IndexedToken[],
  tokenPeers: readonly IndexedPeer[],
  soc: TokenSocial | undefined,
  launchpads: Map<number, string>,
  labels: Map<string, string[]>,
): TokenView {
  const primary = primaryIndexedToken(app, deployments);
  const ordered = primary ? [primary, ...deployments.filter((t) => t !== primary)] : [...deployments];
  return {
    id: app.id,
    name: app.name,
    symbol: app.symbol,
    slug: app.slug,
    logo: app.logo,
    banner_url: app.banner_url,
    video_url: app.video_url,
    description: app.description,
    token_layer_id: app.token_layer_id.toLowerCase(),
    created_at: app.created_at.toISOString(),
    launch_post_id: app.launch_post_id,
    total_posts_count: soc?.posts ?? 0,
    total_media_count: soc?.media ?? 0,
    groups_count: soc?.groups ?? 0,
    holders_count: primary?.holdersCount ?? 0,
    upvotes: soc?.upvotes ?? 0,
    downvotes: soc?.downvotes ?? 0,
    weighted_upvotes: wholeTokensFloor(soc?.weightedUp ?? 0n),
    weighted_downvotes: wholeTokensFloor(soc?.weightedDown ?? 0n),
    weighted_upvotes_wei: (soc?.weightedUp ?? 0n).toString(),
    weighted_downvotes_wei: (soc?.weightedDown ?? 0n).toString(),
    user_vote: soc?.userVote ?? null,
    is_live: soc?.isLive ?? false,
    hashtags: soc?.hashtags ?? [],
    creator: soc?.creator ?? null,
    creator_address: checksum(primary?.creator ?? app.creator_address),
    price: primary?.pool ? priceUsd(primary.pool.price) : 0,
    market_cap: primary?.pool ? usdcUsd(primary.pool.marketCap) : 0,
    total_holder_count:
      deployments.reduce((n, t) => n + t.holdersCount, 0) + tokenPeers.reduce((n, p) => n + p.holdersCount, 0),
    is_graduated: primary?.pool?.graduated ?? false,
    verified: app.verified,
    launch_labels: primary
      ? ((labels.get(toldKey({ chainId: primary.chainId, token: primary.address })) ?? []) as LabelName[])
      : [],
    token_addresses: ordered
      .map((t): TokenAddressView => {
        const graduated = t.pool?.graduated === true;
        const address = getAddress(t.address);
        const dex = graduated ? t.pool?.v3Pool : launchpads.get(t.chainId);
        return {
          id: tokenAddressId(app.id, t.chainId, t.address),
          token_id: app.id,
          address,
          address_display: shortAddress(address),
          address_type: "evm" as const,
          chain: t.chainSlug,
          platform_name: chainBySlug[t.chainSlug as keyof typeof chainBySlug]?.name ?? t.chainSlug,
          is_registered: true,
          dex_name: graduated ? ("Uniswap V3" as const) : ("Bonding curve" as const),
          dex_address: dex ? getAddress(dex) : null,
          created_at: isoOfUnix(t.createdAt),
        };
      })
      .concat(tokenPeers.map((peer) => peerAddressView(app.id, peer))),
  };
}

/** The indexed peers of home tokens, by `<home chain id>:<home token>`. */
async function peersOf(deps: ApiDeps, homes: IndexedToken[]): Promise<Map<string, IndexedPeer[]>> {
  const rows = await readIndexedPeers(deps.db, deps.config, homes);
  const byHome = new Map<string, IndexedPeer[]>();
  for (const p of rows) {
    const key = `${p.homeChainId}:${p.homeToken.toLowerCase()}`;
    byHome.set(key, [...(byHome.get(key) ?? []), p]);
  }
  return byHome;
}

/** A token_addresses entry of a destination chain: the peer, with no pool there. */
function peerAddressView(tokenId: string, p: IndexedPeer): TokenAddressView {
  const address = getAddress(p.address);
  const slug = slugOfChainId(p.chainId) ?? String(p.chainId);
  return {
    id: tokenAddressId(tokenId, p.chainId, p.address),
    token_id: tokenId,
    address,
    address_display: shortAddress(address),
    address_type: "evm",
    chain: slug,
    platform_name: chainBySlug[slug as keyof typeof chainBySlug]?.name ?? slug,
    is_registered: true,
    dex_name: null,
    dex_address: null,
    created_at: isoOfUnix(p.createdAt),
  };
}

/**
 * The change keys (db/versions.ts) of the indexed rows a Token view shows: its token_layer_id's and each listed
 * deployment's (a peer's rows also notify its home deployment's key).
 */
export function viewKeys(view: Pick<TokenView, "token_layer_id" | "token_addresses">): string[] {
  return [
    layerKey(view.token_layer_id),
    ...view.token_addresses.map((a) =>
      indexedTokenKey(chainBySlug[a.chain as keyof typeof chainBySlug]?.chainId ?? Number(a.chain), a.address),
    ),
  ];
}

/** The list item of a full view (contract address and chain of its primary deployment, listed first). */
export function listItemOf(view: TokenView): TokenListItem {
  const home = view.token_addresses[0];
  return {
    id: view.id,
    name: view.name,
    symbol: view.symbol,
    slug: view.slug,
    logo: view.logo,
    contract_address: home?.address ?? null,
    chain: home?.chain ?? "",
    holders_count: view.holders_count,
    upvote_count: view.upvotes,
    downvote_count: view.downvotes,
    creator: view.creator,
    price: view.price,
    market_cap: view.market_cap,
    is_graduated: view.is_graduated,
    verified: view.verified,
    launch_labels: view.launch_labels,
    hashtags: view.hashtags,
    created_at: view.created_at,
  };
}
