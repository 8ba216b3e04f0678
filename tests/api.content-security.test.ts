/**
 * Content security, played as the attacker in a real browser: an SVG with <script>, uploaded as a token image and
 * served at /ipfs/<cid> on the API's own origin, must never run that script there, however it is opened. Chromium is
 * Debian's (/usr/bin/chromium, installed by scripts/install.sh) driven by playwright-core; the API is served on a
 * real port. Also checks the security headers of API responses, /docs (the pages' CSP) and /mcp.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_CSP } from "../api/web/layout.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";

const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
/** The attacker's image: its script marks the title at once, then reads a same-origin endpoint and reports it. */
const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"><rect width="16" height="16" fill="red"/><script>document.title = "xss:ran"; fetch("/health?xss=svg").then((r) => r.text()).then((t) => { document.title = "xss:read " + t; });</script></svg>`;
/** A 16×16 WebM (VP8) of six frames, recorded by Chromium's MediaRecorder from a canvas. */
const WEBM_16x16 =
  "GkXfo59ChoEBQveBAULygQRC84EIQoKEd2VibUKHgQRChYECGFOAZwEAAAAAAAKkEU2bdLlNu4tTq4QVSalmU6yBbk27i1OrhBZUrmtTrIGTTbuLU6uEH0O2dVOsgdRNu4xTq4QcU7trU6yCApLsrgAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAVSalmoCrXsYMPQkBEiYRDyCVgTYCGQ2hyb21lV0GGQ2hyb21lFlSua7yuuteBAXPFh8cuCoZF66+DgQFV7oEBhoVWX1ZQOOCdsIEQuoEQU8CBAVWwkFWxgQFVuYECVbqBDVW7gQEfQ7Z1AQAAAAAAAbLngQCg6KG9gQAAALACAJ0BKhAAEAAABwiFhYiZhIgBJBATrVAfwBBn79j+/6d5P//J7v/J7v/J7v/8nu//OwbEu14AAHWhpqak7oEBpZ8QAgCdASoQABAAAAcIhYWImYSIASQQAGBrAP7/uoMAoNChr4EAYwDxAQAAEAkgAMA5wEGp/5ZqCHj+/uu8v/lPY4r6P/Kfv/+T3Z40pol/+TgAdaGZppfugQGlktEBAAAQCSAAwADCwX+gAEAAAPuBAKDPoa6BAMcAsQEAABAJIADAAYH/oGAHeP7/p3k//8nuzxpTRL/8nu//Ovmuo4upvUQAdaGZppfugQGlktEBAAAQCSAAwADCwX+gAEAAAPuBY6DOoa2BASwAsQEAABAJIADAAYH/oGAHeP7+67y/+U9jivo/8p+//5PdnjSmiX/5OAB1oZmml+6BAaWS0QEAABAJIADAAMLBf6AAQAAA+4HHoNChroEBkACxAQAAEAkgAMABgf+gYAd4/v+neT//ye7PGlNEv/ye7/86+a6ji6m9RAB1oZmml+6BAaWS0QEAABAJIADAAMLBf6AAQAAA+4IBLBxTu2uNu4uzgQC3hveBAfGB1A==";
const BLOB_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
const VIDEO_CSP = "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; sandbox allow-same-origin";
const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

type Api = Awaited<ReturnType<typeof createTestApi>>;
type Indexer = Awaited<ReturnType<typeof startTestIndexer>>;

let indexer: Indexer;
let api: Api;
let token: string;
let apiServer: ReturnType<typeof serve>;
let pageServer: Server;
let browser: Browser;
/** The API's origin, served on a real port. */
let base: string;
/** Another origin (another port), standing for a front end that embeds token images. */
let frontEnd: string;
/** Requests the attacker's script made: any request for /health?xss=… reaching the API. */
const probes: string[] = [];
let svgCid: string;
let pngCid: string;
let metadataCid: string;
let webmCid: string;

const listen = (server: Server | ReturnType<typeof serve>) =>
  new Promise<number>((done) => {
    const port = () => (server.address() as AddressInfo).port;
    if (server.listening) done(port());
    else server.once("listening", () => done(port()));
  });
const closeServer = (server: Server | ReturnType<typeof serve> | undefined) =>
  new Promise<void>((done) => (server ? server.close(() => done()) : done()));

/** Create a token with `image` (and `video`) through the API; returns the CIDs of its metadata and media. */
async function createWithMedia(image: string, video?: string) {
  const res = await api.post(
    "create-token-transaction",
    { name: "Xss Probe", symbol: "XSS", description: "d", image, video, chainSlug: "base-sepolia" },
    token,
  );
  expect(res.body.error).toBeUndefined();
  const cid = (res.body.metadata as { tokenUri: string }).tokenUri.slice("ipfs://".length);
  const metadata = (await (await fetch(`${base}/ipfs/${cid}`)).json()) as { image: string; video?: string };
  return {
    metadataCid: cid,
    imageCid: metadata.image.slice("ipfs://".length),
    videoCid: metadata.video?.slice("ipfs://".length) ?? "",
  };
}

/**
 * Open `url` in a new page as a person would (typing it in), and wait until its network is idle: by then a script
 * in it has run, set the title and made its request. A download instead of a document is reported, not thrown.
 */
async function open(page: Page, url: string) {
  const download = page.waitForEvent("download", { timeout: 5_000 }).catch(() => undefined);
  const navigated = await page.goto(url, { waitUntil: "networkidle" }).then(
    (response) => response,
    (error: Error) => {
      if (!/Download is starting|net::ERR_ABORTED/.test(error.message)) throw error;
      return null;
    },
  );
  return { response: navigated, download: navigated ? undefined : await download, title: await page.title() };
}

beforeAll(async () => {
  indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  token = await api.jwt("content-security-test-user");
  apiServer = serve({
    fetch: (request, env) => {
      const url = new URL(request.url);
      if (url.searchParams.has("xss")) probes.push(`${request.method} ${url.pathname}${url.search}`);
      return api.app.fetch(request, env);
    },
    port: 0,
    hostname: "127.0.0.1",
  });
  base = `http://127.0.0.1:${await listen(apiServer)}`;

  ({ metadataCid, imageCid: svgCid } = await createWithMedia(
    `data:image/svg+xml;base64,${Buffer.from(EVIL_SVG).toString("base64")}`,
  ));
  ({ imageCid: pngCid, videoCid: webmCid } = await createWithMedia(
    `data:image/png;base64,${PNG_1x1}`,
    `data:video/webm;base64,${WEBM_16x16}`,
  ));

  pageServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      `<!doctype html><title>front end</title><img id="png" src="${base}/ipfs/${pngCid}"><img id="svg" src="${base}/ipfs/${svgCid}">`,
    );
  }).listen(0, "127.0.0.1");
  frontEnd = `http://127.0.0.1:${await listen(pageServer)}`;

  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  await closeServer(pageServer);
  await closeServer(apiServer);
  await api?.close();
  await indexer?.close();
});

/** Run `fn` on a page of a fresh browser context, closed afterwards. */
async function withPage<T>(fn: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await fn(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * Open the attacker's SVG directly. `strip` names response headers removed on the way, as by a browser that ignored
 * them. Returns what the page showed, and the requests the SVG's script made to the API.
 */
const openSvg = (strip: string[] = []) =>
  withPage(async (page) => {
    probes.length = 0;
    const url = `${base}/ipfs/${svgCid}`;
    if (strip.length > 0) {
      await page.route(url, async (route) => {
        const response = await route.fetch();
        const headers = Object.entries(response.headers()).filter(([name]) => !strip.includes(name));
        await route.fulfill({ response, headers: Object.fromEntries(headers) });
      });
    }
    return { ...(await open(page, url)), probes: [...probes] };
  });

describe("an uploaded SVG with <script>, served at /ipfs/<cid>", () => {
  it("runs no script when opened directly: it is downloaded, not shown", async () => {
    const opened = await openSvg();
    expect(opened.probes).toEqual([]);
    expect(opened.title).not.toMatch(/^xss/);
    expect(opened.download?.suggestedFilename()).toBe(`${svgCid}.svg`);
  });

  it("runs no script when a browser ignores Content-Disposition: the CSP sandbox alone stops it", async () => {
    const opened = await openSvg(["content-disposition"]);
    expect(opened.response?.status()).toBe(200);
    expect(opened.probes).toEqual([]);
    expect(opened.title).not.toMatch(/^xss/);
  });

  it("would run its script and read the API on its origin without those headers (the attack this test plays)", async () => {
    const opened = await openSvg(["content-disposition", "content-security-policy"]);
    expect(opened.probes).toEqual(["GET /health?xss=svg"]);
    expect(opened.title).toBe('xss:read {"ok":true}');
  });

  it("still shows as an <img> on another origin, as the PNG does, without running its script", async () => {
    probes.length = 0;
    const shown = await withPage(async (page) => {
      await page.goto(frontEnd, { waitUntil: "networkidle" });
      return {
        title: await page.title(),
        images: await page.evaluate("[...document.images].map((img) => [img.id, img.complete, img.naturalWidth])"),
      };
    });
    expect(shown).toEqual({
      title: "front end",
      images: [
        ["png", true, 1],
        ["svg", true, 16],
      ],
    });
    expect(probes).toEqual([]);
  });
});

describe("media opened directly under the blob CSP", () => {
  it("shows a PNG and plays a WebM inline", async () => {
    await withPage(async (page) => {
      expect((await open(page, `${base}/ipfs/${pngCid}`)).response?.status()).toBe(200);
      expect(await page.evaluate("document.images[0].naturalWidth")).toBe(1);
      await page.goto(`${base}/ipfs/${webmCid}`);
      const video = "document.querySelector('video')";
      await expect.poll(() => page.evaluate(`${video}.readyState`), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await page.evaluate(`[${video}.error, ${video}.videoWidth]`)).toEqual([null, 16]);
    });
  });
});

describe("security headers", () => {
  const blobHeaders = (res: Response) => ({
    type: res.headers.get("content-type"),
    csp: res.headers.get("content-security-policy"),
    nosniff: res.headers.get("x-content-type-options"),
    disposition: res.headers.get("content-disposition"),
    corp: res.headers.get("cross-origin-resource-policy"),
    cache: res.headers.get("cache-control"),
    etag: res.headers.get("etag"),
  });
  const common = {
    csp: BLOB_CSP,
    nosniff: "nosniff",
    corp: "cross-origin",
    cache: "public, max-age=31536000, immutable",
  };

  it("/ipfs/<cid>: a sandboxing CSP without script and nosniff on every blob; SVG as an attachment", async () => {
    expect(blobHeaders(await fetch(`${base}/ipfs/${svgCid}`))).toEqual({
      ...common,
      type: "image/svg+xml",
      disposition: `attachment; filename="${svgCid}.svg"`,
      etag: `"${svgCid}"`,
    });
    expect(blobHeaders(await fetch(`${base}/ipfs/${pngCid}`))).toEqual({
      ...common,
      type: "image/png",
      disposition: null,
      etag: `"${pngCid}"`,
    });
    expect(blobHeaders(await fetch(`${base}/ipfs/${metadataCid}`))).toEqual({
      ...common,
      type: "application/json",
      disposition: null,
      etag: `"${metadataCid}"`,
    });
    expect(blobHeaders(await fetch(`${base}/ipfs/${webmCid}`))).toEqual({
      ...common,
      csp: VIDEO_CSP,
      type: "video/webm",
      disposition: null,
      etag: `"${webmCid}"`,
    });
  });

  it("API responses, errors included, carry the strict CSP and the other secure headers", async () => {
    const headers = (res: Response) => ({
      status: res.status,
      csp: res.headers.get("content-security-policy"),
      nosniff: res.headers.get("x-content-type-options"),
      frame: res.headers.get("x-frame-options"),
      referrer: res.headers.get("referrer-policy"),
      corp: res.headers.get("cross-origin-resource-policy"),
      coop: res.headers.get("cross-origin-opener-policy"),
      hsts: res.headers.get("strict-transport-security"),
    });
    const expected = {
      csp: API_CSP,
      nosniff: "nosniff",
      frame: "DENY",
      referrer: "no-referrer",
      corp: "same-origin",
      coop: "same-origin",
      hsts: "max-age=15552000; includeSubDomains",
    };
    const post = (name: string, body: unknown) =>
      fetch(`${base}/functions/v1/${name}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    expect(headers(await post("search", { query: "xss" }))).toEqual({ status: 200, ...expected });
    expect(headers(await post("search-token", {}))).toEqual({ status: 400, ...expected });
    expect(headers(await fetch(`${base}/ipfs/not-a-cid`))).toEqual({ status: 404, ...expected });
    expect(headers(await fetch(`${base}/no-such-path`))).toEqual({ status: 404, ...expected });
  });

  it("/docs serves Swagger UI from this origin under the pages' CSP: no inline script, nothing from a CDN", async () => {
    const res = await fetch(`${base}/docs`);
    expect(res.status).toBe(200);
    const page = await res.text();
    const scripts = [...page.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts).toEqual([
      expect.stringMatching(/^<script defer src="\/assets\/swagger-ui-bundle\.[0-9a-f]{12}\.js">$/),
      expect.stringMatching(/^<script defer src="\/assets\/docs\.[0-9a-f]{12}\.js">$/),
    ]);
    expect(page).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)[^"\s]*\.(js|css)/);
    expect(res.headers.get("content-security-policy")).toBe(PAGE_CSP);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });

  it("/mcp still answers a Streamable HTTP client", async () => {
    const res = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "csp-test", version: "1" } },
      }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { result: { protocolVersion: string } }).result.protocolVersion).toBe("2025-06-18");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
