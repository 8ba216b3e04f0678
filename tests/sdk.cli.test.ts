/**
 * The CLI over the SDK (sdk/src/cli.ts) against a served API, run as a user runs it (a process, credentials in the
 * environment): human output and --json, a quote and a prepared trade of a token created on the shared anvil, the
 * portfolio, webhooks, a failure's exit code, and watch resuming after a restart from the seq its state file kept.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { chain, createToken, fundAndBuy, fundedWallets, type Wallet } from "./helpers/chain.js";
import { type Served, sequenced, serveWithStreams } from "./helpers/streams.js";

const root = resolve(import.meta.dirname, "..");
let api: Awaited<ReturnType<typeof createTestApi>>;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let served: Served;
let jwt: string;
let tokenId: string;
let token: Address;
let buyer: Wallet;
let dir: string;

/** Runs the CLI with the user's credential; resolves with its exit code and output. */
function cli(args: string[], credential: string | undefined = jwt) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      "npx",
      ["tsx", "sdk/src/cli.ts", ...args],
      {
        cwd: root,
        timeout: 60_000,
        env: { ...process.env, SOCIAL_TOKENS_URL: served.url, SOCIAL_TOKENS_TOKEN: credential ?? "" },
      },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  const c = chain();
  indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  served = await serveWithStreams(api.app, api.deps);
  jwt = await api.jwt("cli-user");
  const [creator, trader] = await fundedWallets(c, 2, { seed: "sdk.cli" });
  buyer = trader as Wallet;
  ({ token } = await createToken(c, creator as Wallet, 7, { name: "Cli Token", symbol: "CLI" }));
  await indexer.sync();
  const found = await api.post("search-token", { input: token }, jwt);
  tokenId = (found.body.token as { id: string }).id;
  dir = mkdtempSync(join(tmpdir(), "cli-"));
});

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await served?.close();
  await api?.close();
});

describe("the CLI", () => {
  it("quotes a buy, in words and in JSON, as quote-token does", async () => {
    const human = await cli(["quote", tokenId, "--buy", "25"]);
    expect(human).toMatchObject({ code: 0, stderr: "" });
    expect(human.stdout).toMatch(/^buy 25 → [\d.]+ \(in 25, bonding_curve\)\n$/);
    const json = await cli(["quote", tokenId, "--buy", "25", "--json"]);
    const direct = await api.post(
      "quote-token",
      { tokenId, chainSlug: "base-sepolia", direction: "buy", amount: 25, inputToken: "usdc" },
      jwt,
    );
    expect(JSON.parse(json.stdout).quote.outputAmount).toBe(
      (direct.body.quote as { outputAmount: string }).outputAmount,
    );
  });

  it("prepares a trade to sign, shows the portfolio and the webhooks", async () => {
    const trade = await cli(["trade", tokenId, "--buy", "5", "--prepare", "--json"]);
    expect(trade.code).toBe(0);
    expect(JSON.parse(trade.stdout)).toMatchObject({
      success: true,
      executed: false,
      transaction: { chain: "base-sepolia" },
    });
    const portfolio = await cli(["portfolio"]);
    expect(portfolio).toMatchObject({ code: 0 });
    expect(portfolio.stdout).toMatch(/^\d+ holdings\n/);
    expect(await cli(["webhooks"])).toMatchObject({ code: 0, stdout: "no webhooks\n" });
  });

  it("exits 1 with the API's message, and 2 with the usage for a bad command line", async () => {
    const missing = await cli(["quote", "00000000-0000-4000-8000-000000000000", "--buy", "1"]);
    expect(missing).toMatchObject({ code: 1, stdout: "", stderr: "404: Token not found\n" });
    const anonymous = await cli(["webhooks"], "");
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toMatch(/^401: /);
    const usage = await cli(["quote", tokenId]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^give one of --buy <usd> or --sell <tokens>\nusage: social-tokens/);
  });

  it("watches a token's channel and, started again, resumes after the seq its state file kept", async () => {
    // Three trades of the token, each its trade, balance, candle and fees events.
    for (let i = 0; i < 3; i++) await fundAndBuy(chain(), buyer, token, 10n * 10n ** 6n);
    await indexer.sync();
    await sequenced(api, chain());
    const state = join(dir, "watch.json");
    const first = await cli(["watch", `token:${token}`, "--since", "0", "--state", state, "--limit", "2", "--json"]);
    expect(first.code).toBe(0);
    const firstSeqs = first.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).seq as number);
    expect(firstSeqs).toHaveLength(2);
    const kept = JSON.parse(readFileSync(state, "utf8"));
    expect(kept).toEqual({ last: firstSeqs[1], log: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const again = await cli(["watch", `token:${token}`, "--state", state, "--limit", "2", "--json"]);
    const againSeqs = again.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).seq as number);
    // The log's events of the channel, in order, as get-events reads them: the second run picks up exactly where the
    // first stopped.
    const logged = await api.post("get-events", { channels: [`token:${token}`], since: 0, limit: 4 }, jwt);
    const rows = (logged.body.events as { seq: number }[]).map((e) => ({ seq: String(e.seq) }));
    expect([...firstSeqs, ...againSeqs]).toEqual(rows.map((r) => Number(r.seq)));
  });
});
