/**
 * Lighthouse on the token page, and its screenshots. Starts a stack of its own (anvil on a free port, a fresh deploy,
 * the indexer and the API in process, in a database of its own: tests/helpers/api.ts startSideStack), creates a token
 * through create-token-transaction with a logo, buys it from four wallets, posts and a poll, serves the API on a
 * free port, then runs the npm `lighthouse` against /token/<slug> in Debian's Chromium (/usr/bin/chromium, driven
 * through playwright-core; no browser is downloaded) with Lighthouse's mobile and desktop settings, prints the four
 * category scores of each, and writes docs/token-desktop.png (1280×800) and docs/token-phone.png (390×844), or
 * into the folder `--screenshots <dir>` names (npm test's smoke run writes them to a temporary folder).
 *
 *   npm run bench:web            # package.json: "bench:web": "tsx bench/web/run.ts"
 */
import { writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import { chromium } from "playwright-core";
import { type Address, getAddress, maxUint256, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { launchpadAbi } from "../../abis/index.js";
import { deriveWalletKey } from "../../core/wallets.js";
import { startSideStack } from "../../tests/helpers/api.js";
import { fundedWallets, fundUsdc, send, type Wallet } from "../../tests/helpers/chain.js";
import { pollPost } from "../../tests/helpers/social.js";

const USDC = 10n ** 6n;
const ZERO = getAddress(`0x${"0".repeat(40)}`);
const DEBUG_PORT = 9_333 + (process.pid % 500);
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#15803d"/><circle cx="22" cy="24" r="8" fill="#fff"/><circle cx="42" cy="24" r="8" fill="#fff"/><circle cx="22" cy="24" r="3"/><circle cx="42" cy="24" r="3"/><path d="M16 42q16 12 32 0" stroke="#fff" stroke-width="4" fill="none"/></svg>`;

const { values: opts } = parseArgs({ options: { screenshots: { type: "string", default: "docs" } } });
const shots = (name: string) => join(opts.screenshots, `token-${name}.png`);

const stack = await startSideStack("web-audit");
const { c, api, jwt } = stack;
const post = async (name: string, body: unknown) => {
  const res = await api.post(name, body, jwt);
  if (res.status !== 200) throw new Error(`${name}: ${JSON.stringify(res.body)}`);
  return res.body;
};

try {
  await post("update-profile", { username: "frogmaker", bio: "Makes frogs" });
  const { rows } = await api.deps.db.query<{ wallet_index: number }>(
    `SELECT wallet_index FROM ${api.appSchema}.users WHERE external_sub = $1`,
    ["web-audit"],
  );
  const account = privateKeyToAccount(deriveWalletKey(api.config.walletSecret, rows[0]?.wallet_index ?? 0));
  await c.testClient.setBalance({ address: account.address, value: parseEther("100") });
  const creator = c.walletOf(account);
  await fundUsdc(c, creator, 100_000n * USDC);

  const created = await post("create-token-transaction", {
    name: "Audit Frog",
    symbol: "AFROG",
    description: "A frog that audits pages. Bought by four wallets on a local chain for the Lighthouse run.",
    image: `data:image/svg+xml;base64,${Buffer.from(LOGO).toString("base64")}`,
    chainSlug: "base-sepolia",
    userAddress: account.address,
  });
  const tx = created.transaction as { to: Address; data: `0x${string}`; gasLimit: string };
  await c.publicClient.waitForTransactionReceipt({
    hash: await creator.sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gasLimit) }),
  });
  const metadata = created.metadata as { tokenId: string; addresses: { evm: Address }; hubUrl: string };
  const buy = (w: Wallet, usdc: bigint) =>
    send(c, w, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [metadata.addresses.evm, usdc, 0n, maxUint256, { builder: ZERO, builderFeeBps: 0, referral: ZERO }],
    } as never);
  const traders = await fundedWallets(c, 3);
  for (const w of traders) await fundUsdc(c, w, 10_000n * USDC);
  for (const [i, usdc] of [400n, 120n, 900n, 60n, 300n, 750n].entries()) {
    await buy(i % 2 === 0 ? creator : (traders[i % 3] as Wallet), usdc * USDC);
  }
  await stack.indexer.sync();
  await post("create-post", { content: "Audit Frog is live. Ribbit.", taggedCoinId: metadata.tokenId });
  await post(
    "create-post",
    pollPost(metadata.tokenId, "What should the frog audit next?", "Next audit", ["The explore page", "The docs"]),
  );
  const slug = new URL(metadata.hubUrl).pathname.split("/").pop() ?? "";

  const server = serve({ fetch: api.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((done) => server.once("listening", done));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${base}/token/${slug}`;
  await fetch(url); // builds the assets once, as a running server has

  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [`--remote-debugging-port=${DEBUG_PORT}`, "--disable-gpu", "--no-first-run"],
  });
  try {
    const scores: Record<string, Record<string, number>> = {};
    for (const [form, config] of [
      ["mobile", undefined],
      ["desktop", desktopConfig],
    ] as const) {
      const result = await lighthouse(
        url,
        {
          port: DEBUG_PORT,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        },
        config,
      );
      const categories = result?.lhr.categories ?? {};
      scores[form] = Object.fromEntries(
        Object.entries(categories).map(([id, cat]) => [id, Math.round((cat.score ?? 0) * 100)]),
      );
    }
    for (const [name, viewport] of [
      ["desktop", { width: 1280, height: 800 }],
      ["phone", { width: 390, height: 844 }],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await page.goto(url, { waitUntil: "networkidle" });
      await page.waitForTimeout(500);
      writeFileSync(shots(name), await page.screenshot({ fullPage: true }));
      await context.close();
    }
    console.log(
      `Lighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version} on ${url}`,
    );
    console.log("| form | performance | accessibility | best practices | SEO |");
    console.log("|---|---|---|---|---|");
    for (const [form, s] of Object.entries(scores)) {
      console.log(`| ${form} | ${s.performance} | ${s.accessibility} | ${s["best-practices"]} | ${s.seo} |`);
    }
    console.log(`screenshots: ${shots("desktop")}, ${shots("phone")}`);
    console.log(
      `machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}; ${new Date().toISOString().slice(0, 10)}; command: npm run bench:web${
        opts.screenshots === "docs" ? "" : ` -- --screenshots ${opts.screenshots}`
      }`,
    );
  } finally {
    await browser.close();
    await new Promise((done) => server.close(done));
  }
} finally {
  await stack.close();
}
