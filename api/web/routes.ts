/**
 * The pages (GET /, GET /token/<slug or uuid>, GET /docs), the token page's live data (GET /token/<uuid>/live.json)
 * and the assets they load (GET /assets/<name>.<hash>.<ext>). Pages carry PAGE_CSP (./layout.ts); the app's
 * secureHeaders keeps a CSP a handler set and adds the other security headers.
 */

import { createHash } from "node:crypto";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { allEnded } from "../../core/all-ended.js";
import { type CandleInterval, candleIntervals } from "../../core/candles.js";
import type { ApiDeps } from "../deps.js";
import type { AppEnv } from "../env.js";
import { pageRateLimit } from "../middleware/rate-limit.js";
import { ASSET_PREFIX, IMMUTABLE, webAssets } from "./assets.js";
import { renderDocs } from "./docs-page.js";
import { loadExplore, renderExplore } from "./explore-page.js";
import type { Html } from "./html.js";
import { notFoundPage, PAGE_CACHE, PAGE_CSP } from "./layout.js";
import {
  chartCandles,
  chartHoldings,
  DEFAULT_INTERVAL,
  liveSections,
  loadTokenPage,
  pageTokenId,
  renderTokenPage,
} from "./token-page.js";

/** How long one process reuses a token's live data, ms: many open pages poll it every second. */
const LIVE_TTL_MS = 500;
const LIVE_ENTRIES = 10_000;

const intervalOf = (value: string | undefined): CandleInterval | undefined =>
  value === undefined ? DEFAULT_INTERVAL : value in candleIntervals ? (value as CandleInterval) : undefined;

function sendPage(c: Context<AppEnv>, body: Html, status: 200 | 404 = 200) {
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("Cache-Control", status === 200 ? PAGE_CACHE : "no-store");
  return c.html(body.value, status);
}

type Live = { body: string; etag: string };

/**
 * The live data of a token, per process, for LIVE_TTL_MS and while no block has been indexed nor an app table
 * written since (db/versions.ts): the services behind it cache too, but building the sections costs more than a
 * poll should.
 */
function liveCache() {
  const entries = new Map<string, { at: number; version: string | null; live: Promise<Live> }>();
  return (deps: ApiDeps, tokenId: string, interval: CandleInterval): Promise<Live> => {
    const key = `${deps.config.appSchema}:${deps.config.indexerSchema}:${tokenId}:${interval}`;
    const version = deps.versions?.key("indexed", "app", "labels") ?? null;
    const hit = entries.get(key);
    if (hit && hit.version === version && Date.now() - hit.at < LIVE_TTL_MS) return hit.live;
    const live = loadTokenPage(deps, tokenId, interval).then((d) => {
      const sections = Object.fromEntries(Object.entries(liveSections(deps, d)).map(([k, v]) => [k, v.value]));
      const body = JSON.stringify({ interval, candles: chartCandles(d), holdings: chartHoldings(d), sections });
      return { body, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"` };
    });
    if (entries.size >= LIVE_ENTRIES) entries.clear();
    entries.set(key, { at: Date.now(), version, live });
    live.catch(() => entries.delete(key));
    return live;
  };
}

/** `openapiUrl`, `asyncapiUrl`: the paths of the OpenAPI and AsyncAPI documents the docs page shows. */
export function registerWebRoutes(app: OpenAPIHono<AppEnv>, options: { openapiUrl: string; asyncapiUrl: string }) {
  // Built in the background now, so that the first page does not wait for it.
  void webAssets().catch(() => undefined);
  const live = liveCache();

  app.get(`${ASSET_PREFIX}:file`, async (c) => {
    const asset = (await webAssets()).byFile.get(c.req.param("file"));
    if (!asset) return c.notFound();
    c.header("Cache-Control", IMMUTABLE);
    c.header("ETag", asset.etag);
    c.header("Content-Type", asset.type);
    c.header("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === asset.etag) return c.body(null, 304);
    if (asset.gzipped && /\bgzip\b/.test(c.req.header("accept-encoding") ?? "")) {
      c.header("Content-Encoding", "gzip");
      return c.body(new Uint8Array(asset.gzipped));
    }
    return c.body(new Uint8Array(asset.body));
  });

  for (const path of ["/", "/docs", "/token/*"]) app.use(path, pageRateLimit);

  app.get("/", async (c) => {
    const deps = c.var.deps;
    const [manifest, data] = await allEnded([webAssets(), loadExplore(deps, c.req.query("q") ?? "")]);
    return sendPage(c, renderExplore(deps, manifest, data));
  });

  app.get("/docs", async (c) => sendPage(c, renderDocs(await webAssets(), options.openapiUrl, options.asyncapiUrl)));

  app.get("/token/:ref", async (c) => {
    const deps = c.var.deps;
    const ref = c.req.param("ref");
    const [manifest, tokenId] = await allEnded([webAssets(), pageTokenId(deps, ref)]);
    if (!tokenId) return sendPage(c, notFoundPage(manifest, `The token “${ref}”`), 404);
    const data = await loadTokenPage(deps, tokenId, DEFAULT_INTERVAL);
    return sendPage(c, renderTokenPage(deps, manifest, data));
  });

  app.get("/token/:ref/live.json", async (c) => {
    const deps = c.var.deps;
    const interval = intervalOf(c.req.query("interval"));
    if (!interval)
      return c.json({ success: false, error: "Invalid interval value. Must be one of: 1m, 5m, 1h, 1d" }, 400);
    const tokenId = await pageTokenId(deps, c.req.param("ref"));
    if (!tokenId) return c.json({ success: false, error: "Token not found" }, 404);
    const { body, etag } = await live(deps, tokenId, interval);
    c.header("Cache-Control", "no-cache");
    c.header("ETag", etag);
    if (c.req.header("if-none-match") === etag) return c.body(null, 304);
    c.header("Content-Type", "application/json; charset=utf-8");
    return c.body(body);
  });
}
