/**
 * The explore page (GET /, GET /?q=): trending, new, graduating and graduated tokens, from the rankings get-tokens
 * serves (listTokens), and a search form answered server-side by the search endpoint's service (searchAll). Prices
 * and market caps come from each token's pool record (get-pool-data's exact strings), never from the lists' floats.
 */
import { allEnded } from "../../core/all-ended.js";
import type { TokenStage } from "../../core/catalog.js";
import type { ApiDeps } from "../deps.js";
import { listTokens, searchAll } from "../services/tokens/catalog.js";
import { getPoolData, type PoolData } from "../services/tokens/market.js";
import type { TokenListItem } from "../services/tokens/shape.js";
import type { AssetManifest } from "./assets.js";
import { formatBps, formatPrice18, formatUsdc } from "./format.js";
import { type Html, html } from "./html.js";
import { imageSrc } from "./images.js";
import { page } from "./layout.js";

const PER_LIST = 8;
const SEARCH_LIMIT = 20;

type ListSpec = { id: string; title: string; filter: "trending" | "new"; stage?: TokenStage };
const LISTS: ListSpec[] = [
  { id: "trending", title: "Trending", filter: "trending" },
  { id: "new", title: "New", filter: "new" },
  { id: "graduating", title: "Graduating", filter: "trending", stage: "graduating" },
  { id: "graduated", title: "Graduated", filter: "trending", stage: "graduated" },
];

export type ExploreData = {
  query: string;
  results: TokenListItem[] | null;
  lists: { spec: ListSpec; tokens: TokenListItem[] }[];
  pools: Map<string, PoolData | null>;
};

/** The explore page's data: the four lists, and the search results when `query` is not empty. */
export async function loadExplore(deps: ApiDeps, query: string): Promise<ExploreData> {
  const q = query.trim().slice(0, 256);
  const [lists, results] = await allEnded([
    allEnded(
      LISTS.map(async (spec) => {
        const { tokens } = await listTokens(deps, {
          filter: spec.filter,
          limit: PER_LIST,
          offset: 0,
          verifiedOnly: false,
          stage: spec.stage,
        });
        return { spec, tokens };
      }),
    ),
    q ? searchAll(deps, q, "tokens", SEARCH_LIMIT).then((r) => r.tokens) : null,
  ]);
  const ids = new Set([...lists.flatMap((l) => l.tokens), ...(results ?? [])].map((t) => t.id));
  const pools = new Map(
    await allEnded([...ids].map(async (id) => [id, (await getPoolData(deps, id)).pool_data] as const)),
  );
  return { query: q, results, lists, pools };
}

function card(deps: ApiDeps, t: TokenListItem, pool: PoolData | null | undefined): Html {
  const logo = imageSrc(deps, t.logo);
  return html`<li class="card">
  <a href="${`/token/${t.slug}`}">
    ${logo ? html`<img src="${logo}" alt="" width="40" height="40" loading="lazy">` : html`<span class="avatar" aria-hidden="true"></span>`}
    <span class="card-name">${t.name} <span class="symbol">$${t.symbol}</span></span>
  </a>
  <dl>
    <div><dt>Price</dt><dd>${pool ? formatPrice18(BigInt(pool.price)) : "—"}</dd></div>
    <div><dt>Market cap</dt><dd>${pool ? formatUsdc(BigInt(pool.market_cap)) : "—"}</dd></div>
    <div><dt>Holders</dt><dd>${t.holders_count}</dd></div>
    <div><dt>${pool?.is_graduated ? "Venue" : "Progress"}</dt><dd>${
      pool ? (pool.is_graduated ? "Uniswap V3" : formatBps(pool.progress_bps)) : "—"
    }</dd></div>
  </dl>
</li>`;
}

const cards = (deps: ApiDeps, d: ExploreData, tokens: TokenListItem[], empty: string) =>
  tokens.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<ul class="cards">${tokens.map((t) => card(deps, t, d.pools.get(t.id)))}</ul>`;

export function renderExplore(deps: ApiDeps, manifest: AssetManifest, d: ExploreData): Html {
  const body = html`<h1>Explore social tokens</h1>
<form class="search panel" method="get" action="/" role="search">
  <label for="q">Search tokens by name, symbol or slug</label>
  <div class="search-row"><input id="q" name="q" type="search" maxlength="256" value="${d.query}" autocomplete="off">
  <button type="submit">Search</button></div>
</form>
${
  d.results
    ? html`<section class="panel" aria-labelledby="results-h"><h2 id="results-h">Results for “${d.query}”</h2>${cards(
        deps,
        d,
        d.results,
        "No token matches.",
      )}</section>`
    : null
}
${d.lists.map(
  (l) =>
    html`<section class="panel" aria-labelledby="${`${l.spec.id}-h`}"><h2 id="${`${l.spec.id}-h`}">${l.spec.title}</h2>${cards(
      deps,
      d,
      l.tokens,
      "No tokens here yet.",
    )}</section>`,
)}
<p class="muted">Build on it: the <a href="/docs">REST API documentation</a>.</p>`;
  return page({
    manifest,
    meta: {
      title: d.query ? `“${d.query}” · Social tokens` : "Explore · Social tokens",
      description: "Trending, new, graduating and graduated social tokens, with prices from the indexed chain.",
      url: `${deps.config.publicUrl}/`,
    },
    body,
  });
}
