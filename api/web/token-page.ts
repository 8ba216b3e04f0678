/**
 * The token page (GET /token/<slug or uuid>) and its live data (GET /token/<uuid>/live.json): one read of the
 * token's services (search-token's record, get-pool-data, get-token-stats, get-token-holders, get-token-trades,
 * get-token-candles, get-token-posts, get-token-launch-report), rendered server-side; the page's script polls the live data and swaps in the
 * sections that changed, rendered by the same functions.
 *
 * Money is formatted from the services' exact base-unit strings (./format.ts); every text a user wrote (names,
 * descriptions, links, posts) goes through the escaping `html` template.
 */

import { allEnded } from "../../core/all-ended.js";
import type { CandleInterval } from "../../core/candles.js";
import { chainBySlug } from "../../core/chains.js";
import { findTokenLayerId } from "../../db/indexed/catalog.js";
import type { ApiDeps } from "../deps.js";
import type { Freshness } from "../services/indexed.js";
import { getTokenLaunchReport } from "../services/launch-report.js";
import { listTokenPosts } from "../services/social/feeds.js";
import type { PostView } from "../services/social/post-view.js";
import { ensureAppToken, searchTokenRecord } from "../services/tokens/catalog.js";
import { getAppTokenWithIndexed } from "../services/tokens/lookup.js";
import { getCandles, getHolders, getPoolData, getTrades, type PoolData } from "../services/tokens/market.js";
import type { TokenView } from "../services/tokens/shape.js";
import { getTokenStats } from "../services/tokens/stats.js";
import type { AssetManifest } from "./assets.js";
import { formatBps, formatPrice18, formatTokens, formatUsdc, shortAddress } from "./format.js";
import { type Html, html, safeUrl } from "./html.js";
import { absoluteImage, imageSrc } from "./images.js";
import { page } from "./layout.js";

export const PAGE_INTERVALS = ["1m", "5m", "1h", "1d"] as const satisfies readonly CandleInterval[];
export const DEFAULT_INTERVAL: CandleInterval = "5m";
const TRADES = 15;
const HOLDERS = 10;
const POSTS = 6;
const POLLS = 3;
const CANDLES = 300;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The uuid of the token a page address names: a token uuid, or a slug (an app token's, or the slug of the name of a
 * token first seen on chain). Undefined when there is none; never a partial-name match, so a page address is stable.
 */
export async function pageTokenId(deps: ApiDeps, ref: string): Promise<string | undefined> {
  if (UUID.test(ref)) {
    const id = ref.toLowerCase();
    return searchTokenRecord(deps, id, null).then(
      () => id,
      (error: { code?: string }) => (error?.code === "TOKEN_NOT_FOUND" ? undefined : Promise.reject(error)),
    );
  }
  if (!/^[a-z0-9-]{1,200}$/i.test(ref)) return undefined;
  const layerId =
    (await findTokenLayerId(deps.db, deps.config, { by: "slug", value: ref })) ??
    (await findTokenLayerId(deps.db, deps.config, { by: "name-slug", value: ref }));
  return layerId ? (await ensureAppToken(deps, layerId))?.id : undefined;
}

export type TokenPageData = {
  token: TokenView;
  links: [string, string][];
  pool: PoolData | null;
  volume24h: bigint;
  change24h: number | null;
  launchFee: Awaited<ReturnType<typeof getTokenStats>>["launch_fee"];
  holders: Awaited<ReturnType<typeof getHolders>>;
  trades: Awaited<ReturnType<typeof getTrades>>;
  candles: Awaited<ReturnType<typeof getCandles>>["candles"];
  interval: CandleInterval;
  posts: PostView[];
  polls: PostView[];
  /** The launch report, null where there is none (a token not indexed yet) or it could not be made. */
  launch: LaunchReport | null;
  freshness: Freshness;
};

type LaunchReport = Awaited<ReturnType<typeof getTokenLaunchReport>>;

/** How long a token's launch report is reused by the page, ms: it is made from the chain and the index. */
const LAUNCH_TTL_MS = 5_000;
const LAUNCH_ENTRIES = 1_000;
const launchReports = new Map<string, { at: number; report: Promise<LaunchReport | null> }>();

/**
 * The launch report the page shows, kept per process for LAUNCH_TTL_MS: live data is rebuilt on every block, and a
 * report reads the index in five queries and the chain for funding not yet final. Its labels on the page come from
 * the Token record (kept live by the launch watcher); the panel's figures may lag by up to the TTL.
 */
function launchReportOf(deps: ApiDeps, tokenId: string): Promise<LaunchReport | null> {
  const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${tokenId}`;
  const hit = launchReports.get(key);
  if (hit && Date.now() - hit.at < LAUNCH_TTL_MS) return hit.report;
  // A token with no launch here (not indexed yet, a peer) or a chain that did not answer: the page shows the rest.
  const report = getTokenLaunchReport(deps, { tokenId }).catch(() => null);
  if (launchReports.size >= LAUNCH_ENTRIES) launchReports.clear();
  launchReports.set(key, { at: Date.now(), report });
  return report;
}

/** Everything the page shows of token `tokenId` (a uuid), from the services, with candles at `interval`. */
export async function loadTokenPage(deps: ApiDeps, tokenId: string, interval: CandleInterval): Promise<TokenPageData> {
  const feed = { token_id: tokenId, sort: "new", filter: "all", offset: 0 } as const;
  const [record, row, pool, stats, holders, trades, candles, posts, polls, launch] = await allEnded([
    searchTokenRecord(deps, tokenId, null),
    getAppTokenWithIndexed(deps, tokenId),
    getPoolData(deps, tokenId),
    getTokenStats(deps, { tokenId }),
    getHolders(deps, { tokenId, limit: HOLDERS, offset: 0 }),
    getTrades(deps, { tokenId, limit: TRADES, offset: 0 }),
    getCandles(deps, { tokenId, interval, limit: CANDLES }),
    listTokenPosts(deps, undefined, { ...feed, category: "timelines", limit: POSTS + POLLS }),
    listTokenPosts(deps, undefined, { ...feed, category: "polls", limit: POLLS }),
    launchReportOf(deps, tokenId),
  ]);
  const day = stats.windows.find((w) => w.window === "24h");
  const links = Object.entries(row.app.links ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && /^https?:/i.test(entry[1].trim()),
  );
  return {
    token: record.token,
    links,
    pool: pool.pool_data,
    volume24h: BigInt(day?.volume_usdc ?? "0"),
    change24h: day?.price_change_pct ?? null,
    launchFee: stats.launch_fee,
    holders,
    trades,
    candles: candles.candles,
    interval,
    posts: posts.posts.filter((p) => p.poll === null).slice(0, POSTS),
    polls: polls.posts,
    launch,
    freshness: pool.freshness,
  };
}

/** The early buyers' share of the supply over time, as the launch chart draws it (unix seconds, percent). */
export const chartHoldings = (d: TokenPageData) =>
  (d.launch?.early_holdings ?? []).map((h) => ({ time: Date.parse(h.at) / 1000, value: h.held_pct }));

/** The candles as the chart draws them: bucket start (unix seconds), prices in USD, volume in USD. */
export const chartCandles = (d: TokenPageData) =>
  d.candles.map((c) => ({
    time: c.timestamp,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume_usd,
  }));

/** A time of day (UTC), with the full instant in the element's datetime and title. */
const time = (iso: string) =>
  html`<time datetime="${iso}" title="${`${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`}">${iso.slice(11, 19)}</time>`;

function explorerLink(chain: string, address: string, label: string): Html {
  const explorer = chainBySlug[chain as keyof typeof chainBySlug]?.explorer;
  const text = html`<span class="mono">${label}</span>`;
  return explorer ? html`<a href="${`${explorer}/address/${address}`}" rel="noopener noreferrer">${text}</a>` : text;
}

function marketSection(d: TokenPageData): Html {
  const p = d.pool;
  const change = d.change24h;
  return html`<dl class="stats">
  <div><dt>Price</dt><dd data-testid="price">${p ? formatPrice18(BigInt(p.price)) : "—"}</dd></div>
  <div><dt>Market cap</dt><dd>${p ? formatUsdc(BigInt(p.market_cap)) : "—"}</dd></div>
  <div><dt>Holders</dt><dd>${d.holders.total.toLocaleString("en-US")}</dd></div>
  <div><dt>24h volume</dt><dd>${formatUsdc(d.volume24h)}</dd></div>
  <div><dt>24h change</dt><dd class="${change === null ? "" : change < 0 ? "down" : "up"}">${
    change === null ? "—" : `${change > 0 ? "+" : ""}${change.toFixed(2)}%`
  }</dd></div>
  ${launchFeeItem(d)}
</dl>`;
}

/**
 * The launch fee: while it lasts, the fee of a curve trade sent now and when it ends; after, that it ended; and what
 * its window collected (all of it the protocol's). The schedule is in the title.
 */
function launchFeeItem(d: TokenPageData): Html | null {
  const f = d.launchFee;
  if (!f) return null;
  const schedule = `${formatBps(f.start_bps)} at launch, falling to ${formatBps(f.base_bps)} by ${f.ends_at.slice(11, 19)} UTC`;
  const now =
    f.bps_now > f.base_bps
      ? html`<span data-testid="launch-fee-now">${formatBps(f.bps_now)}</span> now, until ${time(f.ends_at)}`
      : html`ended`;
  return html`<div><dt>Launch fee</dt><dd title="${schedule}" data-testid="launch-fee">${now} · collected <span data-testid="launch-fee-collected">${formatUsdc(BigInt(f.collected_usdc))}</span></dd></div>`;
}

function progressSection(d: TokenPageData): Html {
  const p = d.pool;
  if (!p) return html`<p>Not on a pool yet: the token's creation is not indexed.</p>`;
  if (p.is_graduated) {
    const pool = p.v3_pool?.address;
    return html`<p class="graduated"><strong>Graduated to Uniswap V3</strong>${
      pool ? html` · pool ${explorerLink(p.chain, pool, pool)}` : null
    }</p>`;
  }
  return html`<div class="progress">
  <label for="graduation">Graduation progress: <strong data-testid="progress">${formatBps(p.progress_bps)}</strong></label>
  <progress id="graduation" max="10000" value="${p.progress_bps}">${formatBps(p.progress_bps)}</progress>
  <p class="muted">${formatTokens(BigInt(p.remaining_to_graduation))} ${d.token.symbol} left to sell on the curve before it moves to Uniswap V3.</p>
</div>`;
}

function tradesSection(d: TokenPageData): Html {
  if (d.trades.trades.length === 0) return html`<p class="muted">No trades yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Recent trades table">
<table>
  <thead><tr><th scope="col">Side</th><th scope="col">Amount</th><th scope="col">Value</th><th scope="col" class="wide">Price</th><th scope="col" class="wide">Trader</th><th scope="col">Time</th></tr></thead>
  <tbody>${d.trades.trades.map(
    (t) => html`<tr data-trade="${t.id}">
    <td class="${t.side === "buy" ? "up" : "down"}">${t.side === "buy" ? "Buy" : "Sell"}</td>
    <td>${formatTokens(BigInt(t.token_amount))}</td>
    <td>${formatUsdc(BigInt(t.usdc_amount))}</td>
    <td class="wide">${formatPrice18(BigInt(t.price))}</td>
    <td class="wide mono">${shortAddress(t.trader)}</td>
    <td>${time(t.timestamp)}</td>
  </tr>`,
  )}</tbody>
</table></div>`;
}

function holdersSection(d: TokenPageData): Html {
  if (d.holders.holders.length === 0) return html`<p class="muted">No holders yet.</p>`;
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="Top holders table">
<table>
  <thead><tr><th scope="col">#</th><th scope="col">Holder</th><th scope="col">Balance</th><th scope="col">Share</th></tr></thead>
  <tbody>${d.holders.holders.map(
    (h) => html`<tr>
    <td>${h.rank}</td>
    <td>${h.user ? html`@${h.user.username}` : html`<span class="mono">${shortAddress(h.address)}</span>`}${
      h.is_pool ? " (Uniswap V3 pool)" : null
    }</td>
    <td>${formatTokens(BigInt(h.balance))}</td>
    <td>${h.percent_of_supply.toFixed(2)}%</td>
  </tr>`,
  )}</tbody>
</table></div>`;
}

function author(deps: ApiDeps, user: { username: string; profile_picture: string }): Html {
  const src = imageSrc(deps, user.profile_picture);
  return html`<span class="author">${
    src
      ? html`<img src="${src}" alt="" width="24" height="24" loading="lazy">`
      : html`<span class="avatar" aria-hidden="true"></span>`
  }@${user.username}</span>`;
}

function postItem(deps: ApiDeps, p: PostView): Html {
  return html`<li class="post">
  <p class="meta">${author(deps, p.user)} · ${time(p.created_at)}</p>
  ${p.title ? html`<p class="title">${p.title}</p>` : null}
  <p class="content">${p.content}</p>
  ${
    p.poll
      ? html`<figure class="poll"><figcaption>${p.poll.question}${p.poll.is_weighted ? " (weighted by holdings)" : null}</figcaption>
  <ul>${p.poll.options.map((o) => html`<li>${o.emoji ? `${o.emoji} ` : null}${o.text} <span class="muted">· ${o.upvotes} ${o.upvotes === 1 ? "vote" : "votes"}</span></li>`)}</ul></figure>`
      : null
  }
  <p class="muted">▲ ${p.upvote_count} · ▼ ${p.downvote_count} · ${p.reply_count} ${p.reply_count === 1 ? "reply" : "replies"}</p>
</li>`;
}

const postsList = (deps: ApiDeps, posts: PostView[], empty: string) =>
  posts.length === 0
    ? html`<p class="muted">${empty}</p>`
    : html`<ul class="posts">${posts.map((p) => postItem(deps, p))}</ul>`;

function freshnessSection(d: TokenPageData): Html {
  const f = d.freshness;
  const behind = f.indexed_block !== null && f.chain_head !== null ? f.chain_head - f.indexed_block : null;
  return html`<p>Indexed block <strong>${f.indexed_block ?? "—"}</strong> of chain head <strong>${
    f.chain_head ?? "—"
  }</strong> on ${f.chain}${behind !== null && behind > 0 ? ` (${behind} behind)` : " (up to date)"}.</p>`;
}

const LABEL_TEXT: Record<string, string> = {
  sniped: "Sniped",
  bundled: "Bundled",
  creator_sold: "Creator sold",
  concentrated: "Concentrated",
};
/** Early buyers the panel lists at most (the report has them all). */
const EARLY_ROWS = 20;

/** Shares with two decimals, as the report gives them. */
const share = (pct: number) => `${pct.toFixed(2)}%`;

function launchSection(d: TokenPageData): Html {
  const r = d.launch;
  const labels = d.token.launch_labels;
  const badges =
    labels.length === 0
      ? html`<p class="muted">No launch label: no snipe, bundle, creator sale or concentration found.</p>`
      : html`<ul class="labels">${labels.map((name) => {
          const rule = r?.labels.find((l) => l.label === name)?.rule;
          return html`<li class="${`label label-${name}`}" title="${rule ?? ""}">${LABEL_TEXT[name] ?? name}</li>`;
        })}</ul>`;
  if (!r) return html`${badges}<p class="muted">No launch report yet.</p>`;
  const early = r.early_buyers;
  const heldNow = early.reduce((sum, b) => sum + b.held_pct, 0);
  const boughtAll = early.reduce((sum, b) => sum + b.bought_pct, 0);
  const tags = (address: string) => {
    const t: string[] = [];
    for (const l of r.labels) if (l.addresses.includes(address)) t.push(LABEL_TEXT[l.label] ?? l.label);
    return t.join(", ");
  };
  return html`${badges}
<p>${early.length} early ${early.length === 1 ? "buyer" : "buyers"} (first ${r.rules.window_seconds} s) bought ${share(boughtAll)} and hold ${share(heldNow)} of the supply. The creator holds ${share(r.creator.held_pct)}${
    r.creator.wallets.length > 0
      ? html`, the ${r.creator.wallets.length} ${r.creator.wallets.length === 1 ? "wallet" : "wallets"} it funded ${share(r.creator.wallets.reduce((sum, w) => sum + w.held_pct, 0))}`
      : null
  }; the top 10 holders ${share(r.concentration.top10_pct)}.</p>${
    r.funding_assets.includes("native")
      ? null
      : html`
<p class="muted">Funding read in USDC only: this chain's RPC does not list native-coin transfers (trace_filter).</p>`
  }
${
  early.length === 0
    ? null
    : html`<div class="table-wrap" tabindex="0" role="region" aria-label="Early buyers table">
<table>
  <thead><tr><th scope="col">Wallet</th><th scope="col">Bought</th><th scope="col">Holds</th><th scope="col" class="wide">Sold</th><th scope="col" class="wide">Funded by</th><th scope="col">Labels</th></tr></thead>
  <tbody>${early.slice(0, EARLY_ROWS).map(
    (b) => html`<tr>
    <td class="mono">${shortAddress(b.address)}</td>
    <td>${share(b.bought_pct)}</td>
    <td>${share(b.held_pct)}</td>
    <td class="wide">${formatTokens(BigInt(b.sold))}</td>
    <td class="wide mono">${b.funded_by.length === 0 ? "—" : b.funded_by.map((f) => shortAddress(f)).join(", ")}</td>
    <td>${tags(b.address) || "—"}</td>
  </tr>`,
  )}</tbody>
</table></div>${early.length > EARLY_ROWS ? html`<p class="muted">${EARLY_ROWS} of ${early.length} early buyers; get-token-launch-report has them all.</p>` : null}`
}`;
}

/** The sections the page's script replaces when they change, by the name in their data-live attribute. */
export function liveSections(deps: ApiDeps, d: TokenPageData): Record<string, Html> {
  return {
    market: marketSection(d),
    progress: progressSection(d),
    trades: tradesSection(d),
    holders: holdersSection(d),
    posts: postsList(deps, d.posts, "No posts yet."),
    polls: postsList(deps, d.polls, "No polls yet."),
    launch: launchSection(d),
    freshness: freshnessSection(d),
  };
}

/** The whole token page. */
export function renderTokenPage(deps: ApiDeps, manifest: AssetManifest, d: TokenPageData): Html {
  const t = d.token;
  const live = liveSections(deps, d);
  const section = (name: string) => html`<div data-live="${name}">${live[name]}</div>`;
  const logo = imageSrc(deps, t.logo);
  const banner = imageSrc(deps, t.banner_url);
  const creator = t.creator;
  const price = d.pool ? formatPrice18(BigInt(d.pool.price)) : null;
  const home = t.token_addresses[0];
  const description = t.description || `${t.name} (${t.symbol}), a social token.`;
  const body = html`<article class="token">
${banner ? html`<img class="banner" src="${banner}" alt="" width="1200" height="300">` : null}
<header class="token-head panel">
  ${logo ? html`<img class="logo" src="${logo}" alt="${`${t.name} logo`}" width="72" height="72">` : null}
  <div>
    <h1><span data-testid="name">${t.name}</span> <span class="symbol">$${t.symbol}</span></h1>
    ${
      creator
        ? html`<p class="creator">Created by ${author(deps, creator)}</p>`
        : html`<p class="creator">Created by <span class="mono">${shortAddress(t.creator_address)}</span></p>`
    }
    ${t.description ? html`<p class="description">${t.description}</p>` : null}
    ${
      d.links.length > 0 || home
        ? html`<ul class="links">${d.links.map(([name, url]) => {
            const href = safeUrl(url);
            return href ? html`<li><a href="${href}" rel="nofollow ugc noopener noreferrer">${name}</a></li>` : null;
          })}${home ? html`<li>Contract ${explorerLink(home.chain, home.address, home.address_display)}</li>` : null}</ul>`
        : null
    }
    ${t.hashtags.length > 0 ? html`<p class="tags">${t.hashtags.map((h) => html`<span>#${h}</span> `)}</p>` : null}
  </div>
</header>
<section class="panel" aria-labelledby="market-h"><h2 id="market-h">Market</h2>${section("market")}${section("progress")}</section>
<section class="panel" aria-labelledby="chart-h">
  <div class="chart-head"><h2 id="chart-h">Price chart</h2>
  <div class="intervals" role="group" aria-label="Candle interval">${PAGE_INTERVALS.map(
    (i) =>
      html`<button type="button" data-interval="${i}" aria-pressed="${i === d.interval ? "true" : "false"}">${i}</button>`,
  )}</div></div>
  <div id="chart" class="chart" role="img" aria-label="${`Candlestick chart of ${t.symbol} in USD with volume`}" data-candles="${JSON.stringify(chartCandles(d))}" data-interval="${d.interval}" data-live-url="${`/token/${t.id}/live.json`}" data-stream-url="${`/stream?channels=token:${t.id}`}"></div>
  <p class="muted attribution">Candles of the indexed trades (no trade, no candle). Chart by <a href="https://www.tradingview.com/" rel="noopener noreferrer">TradingView Lightweight Charts</a>.</p>
</section>
<section class="panel" aria-labelledby="launch-h"><h2 id="launch-h">Launch</h2>${section("launch")}
  <div id="launch-chart" class="chart chart-small" role="img" aria-label="${`Share of the ${t.symbol} supply the early buyers held over time`}" data-holdings="${JSON.stringify(chartHoldings(d))}"></div>
  <p class="muted attribution">What the wallets that bought in the first minute held together, in percent of the supply, after each block that changed it.</p>
</section>
<div class="columns">
<section class="panel span" aria-labelledby="trades-h"><h2 id="trades-h">Recent trades</h2>${section("trades")}</section>
<section class="panel" aria-labelledby="holders-h"><h2 id="holders-h">Top holders</h2>${section("holders")}</section>
<section class="panel" aria-labelledby="posts-h"><h2 id="posts-h">Latest posts</h2>${section("posts")}</section>
<section class="panel" aria-labelledby="polls-h"><h2 id="polls-h">Polls</h2>${section("polls")}</section>
</div>
<footer class="freshness muted">${section("freshness")}</footer>
</article>`;
  return page({
    manifest,
    meta: {
      title: `${t.name} ($${t.symbol})${price ? ` · ${price}` : ""}`,
      description: `${price ? `${t.symbol} at ${price}. ` : ""}${description}`.slice(0, 300),
      url: `${deps.config.publicUrl}/token/${t.slug}`,
      image: absoluteImage(deps, t.logo),
    },
    scripts: ["token.js"],
    body,
  });
}
