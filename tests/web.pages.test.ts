/**
 * The pages in a real browser (Debian's Chromium driven by playwright-core, the API served on a real port, the real
 * indexer on the shared anvil): the token page and the explore page at desktop and phone sizes, a trade made while
 * the token page is open, the docs page with every request off this origin refused, the 404 page, axe's serious and
 * critical rules, the pages' headers, and the attacker's token and post, whose markup must show as text and run
 * nothing.
 */
import type { AddressInfo } from "node:net";
import AxeBuilder from "@axe-core/playwright";
import { serve } from "@hono/node-server";
import { type Browser, chromium, type Page } from "playwright-core";
import { type Address, getAddress, maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { PAGE_RATE_LIMIT_PER_MINUTE } from "../api/middleware/rate-limit.js";
import { formatBps, formatPrice18 } from "../api/web/format.js";
import { PAGE_CSP } from "../api/web/layout.js";
import { send } from "./helpers/chain.js";
import { type Body, pollPost, type Social, type SocialUser, startSocial, USDC } from "./helpers/social.js";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;
const ZERO = getAddress(`0x${"0".repeat(40)}`);
const EVIL_NAME = "<script>alert(1)</script>";
const EVIL_POST = `gm <img src=x onerror="document.title='pwned'"> <b>not bold</b>`;

let s: Social;
let server: ReturnType<typeof serve>;
let browser: Browser;
let base: string;
let alice: SocialUser;
let bob: SocialUser;
let demo: { id: string; address: Address; slug: string };
let evil: { id: string; address: Address; slug: string };

const listen = (srv: ReturnType<typeof serve>) =>
  new Promise<number>((done) => {
    const port = () => (srv.address() as AddressInfo).port;
    if (srv.listening) done(port());
    else srv.once("listening", () => done(port()));
  });

async function slugOf(id: string) {
  return ((await s.ok("search-token", { input: id }, alice)).token as Body).slug as string;
}

/** Buy `usdc` base units of `token` from `u`'s custodial wallet; resolves once mined (not yet indexed). */
async function buyOnChain(u: SocialUser, token: Address, usdc: bigint) {
  await send(s.c, await u.wallet(), {
    address: s.c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [token, usdc, 0n, maxUint256, { builder: ZERO, builderFeeBps: 0, referral: ZERO }],
  } as never);
}

/** The pool's exact price and progress as get-pool-data reports them. */
async function poolOf(id: string) {
  const pool = (await s.ok("get-pool-data", { tokenId: id }, alice)).pool_data as {
    price: string;
    progress_bps: number;
  };
  return { price: formatPrice18(BigInt(pool.price)), progress: formatBps(pool.progress_bps) };
}

beforeAll(async () => {
  s = await startSocial({ launchWatch: true });
  server = serve({ fetch: s.api.app.fetch, port: 0, hostname: "127.0.0.1" });
  base = `http://127.0.0.1:${await listen(server)}`;
  alice = await s.user();
  bob = await s.user();
  await s.ok("update-profile", { username: `alice_${s.run}` }, alice);

  const created = await s.tokenOf(alice, "Page Demo", "PAGE");
  demo = { ...created, slug: await slugOf(created.id) };
  await s.buy(alice, demo.address, 50n * USDC);
  await s.buy(bob, demo.address, 20n * USDC);
  await s.ok("create-post", { content: "Demo launch day, welcome holders", taggedCoinId: demo.id }, alice);
  await s.ok("create-post", pollPost(demo.id, "Quick poll", "Where next?", ["Up only", "The moon"]), bob);

  const bad = await s.tokenOf(alice, EVIL_NAME, "XSS");
  evil = { ...bad, slug: await slugOf(bad.id) };
  await s.buy(bob, evil.address, 5n * USDC);
  await s.ok("create-post", { content: EVIL_POST, taggedCoinId: evil.id }, bob);

  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  await s?.close();
});

/**
 * A page at `viewport` with every failed request, console error and uncaught exception recorded; requests that
 * leave the API's origin are refused and recorded too (when `offline`).
 */
async function withPage<T>(
  viewport: { width: number; height: number },
  fn: (page: Page, problems: string[]) => Promise<T>,
  options: { offline?: boolean } = {},
): Promise<T> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("dialog", (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  if (options.offline) {
    await page.route("**/*", (route) =>
      new URL(route.request().url()).origin === base ? route.continue() : route.abort("blockedbyclient"),
    );
  }
  try {
    return await fn(page, problems);
  } finally {
    await context.close();
  }
}

/**
 * Pixels of the chart's canvases (run in the page; the tests are type-checked without the DOM library): `drawn`
 * counts those in a colour other than the white background, `candles` those in the chart's up colour (#047857).
 */
const CANVAS_PIXELS = `(() => {
  let drawn = 0, candles = 0;
  for (const canvas of document.querySelectorAll("#chart canvas")) {
    const ctx = canvas.getContext("2d");
    if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] > 0 && !(data[i] > 240 && data[i + 1] > 240 && data[i + 2] > 240)) drawn++;
      if (data[i] === 4 && data[i + 1] === 120 && data[i + 2] === 87) candles++;
    }
  }
  return { drawn, candles };
})()`;
const drawnPixels = async (page: Page) => (await page.evaluate<{ drawn: number }>(CANVAS_PIXELS)).drawn;
const candlePixels = async (page: Page) => (await page.evaluate<{ candles: number }>(CANVAS_PIXELS)).candles;
/** Whether the page is no wider than the window (it scrolls only vertically). */
const NO_SIDEWAYS_SCROLL = "document.documentElement.scrollWidth <= window.innerWidth";

const seriousViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => `${n.target.join(" ")} (${n.failureSummary})`)
          .slice(0, 3)
          .join(", ")}`,
    );

describe("the token page", () => {
  for (const viewport of VIEWPORTS) {
    it(`shows the token, its market, chart, trades, holders, posts and polls (${viewport.name})`, async () => {
      const { price, progress } = await poolOf(demo.id);
      await withPage(viewport, async (page, problems) => {
        const res = await page.goto(`${base}/token/${demo.slug}`, { waitUntil: "networkidle" });
        expect(res?.status()).toBe(200);
        await expect.poll(() => page.getByTestId("name").textContent()).toBe("Page Demo");
        expect(await page.getByTestId("name").isVisible()).toBe(true);
        expect(await page.getByTestId("price").textContent()).toBe(price);
        expect(await page.getByTestId("price").isVisible()).toBe(true);
        expect(await page.getByTestId("progress").textContent()).toBe(progress);
        expect(await page.locator("progress#graduation").isVisible()).toBe(true);
        expect(await page.title()).toBe(`Page Demo ($PAGE) · ${price}`);

        await expect.poll(() => candlePixels(page), { timeout: 5_000 }).toBeGreaterThan(20);
        expect(await drawnPixels(page)).toBeGreaterThan(200);

        expect(await page.locator("[data-live=trades] tbody tr").count()).toBe(2);
        const holders = await page.locator("[data-live=holders]").textContent();
        expect(holders).toContain(`@alice_${s.run}`);
        // two buyers, and the token's V3 pool with the seed that pins it until graduation
        expect(await page.locator("[data-live=holders] tbody tr").count()).toBe(3);
        expect(holders).toContain("(Uniswap V3 pool)");
        expect(await page.locator("[data-live=posts]").textContent()).toContain("Demo launch day, welcome holders");
        const polls = await page.locator("[data-live=polls]").textContent();
        expect(polls).toContain("Where next?");
        expect(polls).toContain("Up only");
        expect(await page.locator(".creator").textContent()).toContain(`@alice_${s.run}`);
        expect(await page.locator("[data-live=freshness]").textContent()).toMatch(
          /Indexed block \d+ of chain head \d+/,
        );

        // Nothing wider than the screen: the page scrolls only vertically.
        expect(await page.evaluate(NO_SIDEWAYS_SCROLL)).toBe(true);
        // Another interval redraws from that interval's candles.
        await page.getByRole("button", { name: "1h" }).click();
        await expect.poll(() => page.getByRole("button", { name: "1h" }).getAttribute("aria-pressed")).toBe("true");
        await expect.poll(() => candlePixels(page), { timeout: 5_000 }).toBeGreaterThan(20);
        await page.waitForTimeout(1_500);
        expect(problems).toEqual([]);
      });
    });
  }

  it("shows the launch panel: the token's labels, its early buyers and their holdings over time", async () => {
    // Alice created the token and bought first; Bob's buy, in its first minute, makes him its early buyer, and the
    // two of them hold all of it: `concentrated` (the launch watcher raises it; the Token record shows it).
    await expect
      .poll(async () => ((await s.ok("search-token", { input: demo.id }, alice)).token as Body).launch_labels, {
        timeout: 10_000,
      })
      .toContain("concentrated");
    await withPage(VIEWPORTS[1], async (page, problems) => {
      await page.goto(`${base}/token/${demo.slug}`, { waitUntil: "networkidle" });
      const panel = page.locator("[data-live=launch]");
      expect(await panel.locator(".label-concentrated").textContent()).toBe("Concentrated");
      expect(await panel.locator(".label-concentrated").getAttribute("title")).toContain("ten largest holders");
      const rows = panel.locator("tbody tr");
      expect(await rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain(`${bob.address.slice(0, 6)}…${bob.address.slice(-4)}`);
      expect(await panel.textContent()).toMatch(/1 early buyer \(first 60 s\) bought [0-9.]+% and hold [0-9.]+%/);
      // The holdings chart draws its area in its own colour (#4338ca).
      const areaPixels = () =>
        page.evaluate<number>(`(() => {
          let n = 0;
          for (const canvas of document.querySelectorAll("#launch-chart canvas")) {
            const ctx = canvas.getContext("2d");
            if (!ctx || canvas.width === 0) continue;
            const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
            for (let i = 0; i < data.length; i += 4) if (data[i] === 67 && data[i + 1] === 56 && data[i + 2] === 202) n++;
          }
          return n;
        })()`);
      await expect.poll(areaPixels, { timeout: 5_000 }).toBeGreaterThan(20);
      expect(await page.evaluate(NO_SIDEWAYS_SCROLL)).toBe(true);
      expect(problems).toEqual([]);
    });
  });

  it("shows a trade made while it is open within 2 s of the trade being mined, told by the event stream", async () => {
    await withPage(VIEWPORTS[0], async (page, problems) => {
      const stream = page.waitForResponse((r) => r.url().includes(`/stream?channels=token:${demo.id}`));
      await page.goto(`${base}/token/${demo.slug}`, { waitUntil: "networkidle" });
      expect((await stream).headers()["content-type"]).toContain("text/event-stream");
      // With the stream open the page reads its live data only when told: not once a second.
      const reads: number[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/live.json")) reads.push(Date.now());
      });
      await page.waitForTimeout(2_500);
      expect(reads.length).toBeLessThanOrEqual(1);
      const rows = page.locator("[data-live=trades] tbody tr");
      const before = await rows.count();
      const holdersBefore = await page.locator("[data-live=market] dd").nth(2).textContent();
      const carol = await s.user();
      await carol.wallet();
      await buyOnChain(carol, demo.address, 7n * USDC);
      const mined = Date.now();
      await expect.poll(() => rows.count(), { timeout: 2_000, interval: 50 }).toBeGreaterThan(before);
      expect(Date.now() - mined).toBeLessThanOrEqual(2_000);
      expect(await rows.first().textContent()).toContain("$7.00");
      expect(reads.length).toBeGreaterThanOrEqual(1);
      expect(await page.locator("[data-live=market] dd").nth(2).textContent()).toBe(String(Number(holdersBefore) + 1));
      const { price } = await poolOf(demo.id);
      expect(await page.getByTestId("price").textContent()).toBe(price);
      expect(problems).toEqual([]);
    });
  });

  it("carries Open Graph and Twitter card tags with the name, price and image", async () => {
    const { price } = await poolOf(demo.id);
    const res = await fetch(`${base}/token/${demo.slug}`);
    const text = await res.text();
    const meta = (attr: string, name: string) =>
      new RegExp(`<meta ${attr}="${name}" content="([^"]*)">`).exec(text)?.[1];
    expect(meta("property", "og:title")).toBe(`Page Demo ($PAGE) · ${price}`);
    expect(meta("name", "twitter:title")).toBe(`Page Demo ($PAGE) · ${price}`);
    expect(meta("property", "og:image")).toMatch(new RegExp(`^${s.api.config.publicUrl}/ipfs/[a-z0-9]+$`));
    expect(meta("name", "twitter:card")).toBe("summary_large_image");
    expect(meta("property", "og:url")).toBe(`${s.api.config.publicUrl}/token/${demo.slug}`);
  });

  it("is reachable by uuid as by slug", async () => {
    await withPage(VIEWPORTS[0], async (page, problems) => {
      expect((await page.goto(`${base}/token/${demo.id}`, { waitUntil: "networkidle" }))?.status()).toBe(200);
      expect(await page.getByTestId("name").textContent()).toBe("Page Demo");
      expect(problems).toEqual([]);
    });
  });

  it("answers an unknown slug with the 404 page", async () => {
    await withPage(VIEWPORTS[1], async (page, problems) => {
      const res = await page.goto(`${base}/token/no-such-token-${s.run}`, { waitUntil: "networkidle" });
      expect(res?.status()).toBe(404);
      expect(res?.headers()["content-type"]).toBe("text/html; charset=UTF-8");
      expect(res?.headers()["content-security-policy"]).toBe(PAGE_CSP);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Not found");
      expect(await page.locator("main").textContent()).toContain(`The token “no-such-token-${s.run}” was not found.`);
      expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
    });
    const live = await fetch(`${base}/token/no-such-token-${s.run}/live.json`);
    expect([live.status, await live.json()]).toEqual([404, { success: false, error: "Token not found" }]);
  });
});

describe("the attacker's token and post", () => {
  it("render as text and run nothing", async () => {
    const source = await (await fetch(`${base}/token/${evil.slug}`)).text();
    expect(source).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(source).not.toContain(EVIL_NAME);
    expect(source).not.toContain("<img src=x");
    await withPage(VIEWPORTS[0], async (page, problems) => {
      await page.goto(`${base}/token/${evil.slug}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(1_500);
      expect(await page.getByTestId("name").textContent()).toBe(EVIL_NAME);
      expect(await page.locator("[data-live=posts] .content").first().textContent()).toBe(EVIL_POST);
      expect(await page.title()).toMatch(/^<script>alert\(1\)<\/script> \(\$XSS\)/);
      // The only scripts are the page's own file; the post's markup made no element.
      const scripts = await page.evaluate(
        "[...document.scripts].map((x) => ({ src: new URL(x.src).pathname, inline: x.text.length }))",
      );
      expect(scripts).toEqual([{ src: expect.stringMatching(/^\/assets\/token\.[0-9a-f]{12}\.js$/), inline: 0 }]);
      expect(await page.locator("main img[src=x], main b").count()).toBe(0);
      expect(problems).toEqual([]);
    });
    await withPage(VIEWPORTS[0], async (page, problems) => {
      await page.goto(`${base}/?q=${encodeURIComponent("script")}`, { waitUntil: "networkidle" });
      expect(await page.locator("#results-h + ul .card-name").first().textContent()).toBe(`${EVIL_NAME} $XSS`);
      expect(problems).toEqual([]);
    });
  });
});

describe("the explore page", () => {
  for (const viewport of VIEWPORTS) {
    it(`lists trending, new, graduating and graduated tokens and links to them (${viewport.name})`, async () => {
      const { price } = await poolOf(demo.id);
      await withPage(viewport, async (page, problems) => {
        expect((await page.goto(`${base}/`, { waitUntil: "networkidle" }))?.status()).toBe(200);
        for (const name of ["Trending", "New", "Graduating", "Graduated"]) {
          expect(await page.getByRole("heading", { level: 2, name, exact: true }).isVisible()).toBe(true);
        }
        const card = page.locator("section[aria-labelledby=new-h] .card", { hasText: "Page Demo" });
        expect(await card.isVisible()).toBe(true);
        expect(await card.locator("dd").first().textContent()).toBe(price);
        expect(await page.getByRole("link", { name: "REST API documentation" }).getAttribute("href")).toBe("/docs");

        await page.getByLabel("Search tokens by name, symbol or slug").fill("Page Demo");
        await page.getByRole("button", { name: "Search" }).click();
        await page.waitForURL(/\?q=Page\+Demo$/);
        const result = page.locator("section[aria-labelledby=results-h] .card a").first();
        expect(await result.textContent()).toContain("Page Demo");
        await result.click();
        await page.waitForURL(`${base}/token/${demo.slug}`);
        expect(await page.getByTestId("name").textContent()).toBe("Page Demo");
        expect(await page.evaluate(NO_SIDEWAYS_SCROLL)).toBe(true);
        expect(problems).toEqual([]);
      });
    });
  }
});

describe("the docs page", () => {
  it("renders the operation list with every request off this origin refused", async () => {
    const document = (await (await fetch(`${base}/functions/v1/openapi.json`)).json()) as {
      paths: object;
      webhooks: object;
    };
    // Every endpoint, and every webhook delivery type (the document's webhooks), is an operation on the page.
    const operations = Object.keys(document.paths).length + Object.keys(document.webhooks).length;
    expect(Object.keys(document.paths).length).toBeGreaterThan(30);
    expect(Object.keys(document.webhooks)).toContain("event.trade");
    await withPage(
      VIEWPORTS[0],
      async (page, problems) => {
        const requests: string[] = [];
        page.on("request", (r) => requests.push(r.url()));
        await page.goto(`${base}/docs`, { waitUntil: "networkidle" });
        await expect.poll(() => page.locator(".opblock").count(), { timeout: 10_000 }).toBe(operations);
        expect(await page.locator(".opblock-summary-path", { hasText: "/search-token" }).first().isVisible()).toBe(
          true,
        );
        expect(requests.filter((u) => !u.startsWith(base))).toEqual([]);
        expect(problems).toEqual([]);
        // The streams: the AsyncAPI document's link, served, and the close codes.
        const link = page.getByRole("link", { name: "/functions/v1/asyncapi.json" });
        expect(await link.getAttribute("href")).toBe("/functions/v1/asyncapi.json");
        expect(await page.getByRole("table", { name: "WebSocket close codes" }).locator("tbody tr").count()).toBe(9);
      },
      { offline: true },
    );
    const streams = await fetch(`${base}/functions/v1/asyncapi.json`);
    expect(streams.status).toBe(200);
    expect(await streams.json()).toMatchObject({ asyncapi: "3.0.0", channels: { websocket: { address: "/stream" } } });
  });
});

describe("accessibility (axe: no serious or critical violations)", () => {
  for (const viewport of VIEWPORTS) {
    // Our pages at every viewport. The docs page is Swagger UI's one DOM whatever the width, and its axe pass is the
    // longest of all (about 15 s): it is checked once, at the first viewport.
    const docs = viewport === VIEWPORTS[0];
    it(`${docs ? "token, explore and docs" : "token and explore"} pages (${viewport.name})`, async () => {
      await withPage(viewport, async (page) => {
        const paths = [`/token/${demo.slug}`, "/", ...(docs ? ["/docs"] : [])];
        for (const path of paths) {
          await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
          if (path === "/docs") await page.locator(".opblock").first().waitFor();
          expect({ path, violations: await seriousViolations(page) }).toEqual({ path, violations: [] });
        }
      });
    });
  }
});

describe("headers and assets", () => {
  it("pages carry the page CSP and a short cache; hashed assets are immutable, gzipped and typed", async () => {
    for (const path of ["/", `/token/${demo.slug}`, "/docs"]) {
      const res = await fetch(`${base}${path}`);
      expect({
        path,
        status: res.status,
        csp: res.headers.get("content-security-policy"),
        cache: res.headers.get("cache-control"),
        frame: res.headers.get("x-frame-options"),
        nosniff: res.headers.get("x-content-type-options"),
      }).toEqual({
        path,
        status: 200,
        csp: PAGE_CSP,
        cache: "public, max-age=5, must-revalidate",
        frame: "DENY",
        nosniff: "nosniff",
      });
      const assets = [...(await res.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] ?? "");
      expect(assets.length).toBeGreaterThan(1);
      for (const asset of assets) {
        const a = await fetch(`${base}${asset}`, { headers: { "accept-encoding": "gzip" } });
        expect([asset, a.status, a.headers.get("cache-control")]).toEqual([
          asset,
          200,
          "public, max-age=31536000, immutable",
        ]);
        expect(a.headers.get("content-type")).toMatch(/^(text\/javascript|text\/css|image\/svg\+xml)/);
      }
    }
    expect((await fetch(`${base}/assets/token.000000000000.js`)).status).toBe(404);
  });

  it("the live data is JSON with an ETag that answers 304 while nothing changed", async () => {
    const url = `${base}/token/${demo.id}/live.json?interval=1m`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    const body = (await first.json()) as {
      interval: string;
      candles: unknown[];
      holdings: { time: number; value: number }[];
      sections: Record<string, string>;
    };
    expect(body.interval).toBe("1m");
    expect(body.candles.length).toBeGreaterThan(0);
    // The launch chart's points: from 0 at the creation to the early buyer's share now.
    expect(body.holdings[0]?.value).toBe(0);
    expect(body.holdings.at(-1)?.value).toBeGreaterThan(0);
    expect(Object.keys(body.sections).sort()).toEqual(
      ["freshness", "holders", "launch", "market", "polls", "posts", "progress", "trades"].sort(),
    );
    const again = await fetch(url, { headers: { "if-none-match": first.headers.get("etag") ?? "" } });
    expect(again.status).toBe(304);
    const bad = await fetch(`${base}/token/${demo.id}/live.json?interval=2m`);
    expect([bad.status, await bad.json()]).toEqual([
      400,
      { success: false, error: "Invalid interval value. Must be one of: 1m, 5m, 1h, 1d" },
    ]);
  });
});

describe("rate limit", () => {
  it("refuses a client past PAGE_RATE_LIMIT_PER_MINUTE page requests a minute, and counts no asset", async () => {
    // In process: no socket, one client of its own, apart from the browser's.
    const get = (path: string) => s.api.app.request(path);
    const asset = (await (await get("/docs")).text()).match(/\/assets\/[^"]+\.js/)?.[0];
    expect(asset).toBeDefined();
    const statuses = await Promise.all(
      Array.from({ length: PAGE_RATE_LIMIT_PER_MINUTE }, (_, i) =>
        get(i % 2 ? "/docs" : `/token/${demo.id}/live.json`),
      ),
    ).then((all) => all.map((r) => r.status));
    // /docs above counted one: the last of these is the first one over.
    expect(statuses.filter((x) => x === 429)).toHaveLength(1);
    const over = await get("/");
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await get(asset as string)).status).toBe(200);
  });
});
