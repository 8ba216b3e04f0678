/**
 * Quotes through the worker (api/services/quotes.ts, worker/processors/quote.ts) on the global anvil with an indexer:
 * a repeated quote comes from the cache, concurrent identical requests share one job, a trade makes the cached
 * quote stale the moment it is indexed and the worker quotes the hot entry again by itself, and without a worker a
 * request answers 503 after its timeout. Job data is checked with zod on both ends.
 */
import { randomUUID } from "node:crypto";
import { maxUint256, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { launchpadAbi } from "../abis/index.js";
import { requestQuote } from "../api/services/quotes.js";
import { noAttribution } from "../core/fees.js";
import { processQuote, quoteCacheKey } from "../worker/processors/quote.js";
import type { QuoteJob } from "../worker/queues.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { chain, createToken, fundUsdc, send } from "./helpers/chain.js";

const USDC = 10n ** 6n;
const c = chain();
let ixr: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let jwt: string;
let tokenId: string;
let token: `0x${string}`;
const w = c.wallet(47);

/** Quote jobs the API's queue completed since `since` was called. */
function completedJobs() {
  const ids: string[] = [];
  const events = api.deps.quotes?.events;
  const on = ({ jobId }: { jobId: string }) => ids.push(jobId);
  events?.on("completed", on);
  return { ids, stop: () => events?.off("completed", on) };
}

const quoteBody = (amount: number) => ({
  tokenId,
  chainSlug: "base-sepolia",
  direction: "buy",
  inputToken: "usdc",
  amount,
});

async function until(what: string, ok: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((done) => setTimeout(done, 50));
  }
}

beforeAll(async () => {
  ixr = await startTestIndexer();
  api = await createTestApi({ indexerSchema: ixr.schema });
  await c.testClient.setBalance({ address: w.account.address, value: parseEther("10") });
  await fundUsdc(c, w, 1_000n * USDC);
  token = (await createToken(c, w, 7, { name: "Quoted", symbol: "QTD" })).token;
  await ixr.sync();
  jwt = await api.jwt(`quotes-${randomUUID()}`);
  const found = await api.post("search-token", { input: token }, jwt);
  tokenId = (found.body.token as { id: string }).id;
});
afterAll(async () => {
  await api?.close();
  await ixr?.close();
});

describe("quotes through the worker", () => {
  it("answers a repeated quote from the cache, and one job serves concurrent identical requests", async () => {
    const jobs = completedJobs();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post("quote-token", quoteBody(7), jwt)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(new Set(answers.map((a) => JSON.stringify(a.body)))).toHaveProperty("size", 1);
    await new Promise((done) => setTimeout(done, 100));
    expect(jobs.ids).toHaveLength(1);
    const again = await api.post("quote-token", quoteBody(7), jwt);
    expect(again.body).toEqual(answers[0]?.body);
    expect(jobs.ids).toHaveLength(1);
    jobs.stop();
  });

  it("stops serving a cached quote once a trade on its pool is indexed, and refreshes the hot entry itself", async () => {
    const before = await api.post("quote-token", quoteBody(11), jwt);
    expect(before.status).toBe(200);
    const quotes = api.deps.quotes;
    if (!quotes) throw new Error("no quote client");
    const job: QuoteJob = {
      chainSlug: "base-sepolia",
      token,
      mode: "buyExactIn",
      amount: String(11n * USDC),
      attribution: noAttribution,
    };
    const key = quoteCacheKey(quotes.queueName, job);
    const validityBefore = JSON.parse((await quotes.redis.get(key)) as string).validity as string;

    await send(c, w, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 25n * USDC, 0n, maxUint256, noAttribution],
    } as never);
    const mined = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    await ixr.sync();
    // No request in between: the worker saw the block indexed and quoted the hot entry again.
    await until("the worker refreshed the cached quote", async () => {
      const entry = JSON.parse((await quotes.redis.get(key)) ?? "null");
      return entry?.validity === `pool:${mined}`;
    });
    expect(validityBefore).not.toBe(`pool:${mined}`);

    const jobs = completedJobs();
    const after = await api.post("quote-token", quoteBody(11), jwt);
    expect(after.status).toBe(200);
    expect(jobs.ids).toHaveLength(0);
    jobs.stop();
    const [b, a] = [before.body.quote, after.body.quote] as { outputAmountBaseUnits: string }[];
    // The price moved up: the same USDC buys fewer tokens.
    expect(BigInt(a?.outputAmountBaseUnits ?? 0)).toBeLessThan(BigInt(b?.outputAmountBaseUnits ?? 0));
  });

  it("checks job data with zod when a quote is enqueued and when it is processed", async () => {
    const quotes = api.deps.quotes;
    if (!quotes) throw new Error("no quote client");
    const bad = { chainSlug: "base-sepolia", token, mode: "buyExactIn", amount: "0", attribution: noAttribution };
    await expect(requestQuote(quotes, bad as QuoteJob, "pool:1")).rejects.toBeInstanceOf(ZodError);
    const deps = {
      db: api.deps.db,
      indexerSchema: ixr.schema,
      chains: new Map(),
      redis: quotes.redis,
      queueName: quotes.queueName,
    };
    await expect(processQuote(deps, { ...bad, amount: "-5" })).rejects.toBeInstanceOf(ZodError);
  });
});

describe("without a quote worker", () => {
  it("answers 503 once the wait for a quote job times out", async () => {
    const lonely = await createTestApi({
      indexerSchema: ixr.schema,
      quotes: { prefix: `nobody-${process.pid}-${Date.now()}-`, timeoutMs: 300 },
    });
    try {
      const jwt2 = await lonely.jwt(`lonely-${randomUUID()}`);
      // Its own app schema: the token gets its own id there.
      const found = await lonely.post("search-token", { input: token }, jwt2);
      const id = (found.body.token as { id: string }).id;
      const res = await lonely.post("quote-token", { ...quoteBody(3), tokenId: id }, jwt2);
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        success: false,
        error: "Quote unavailable: no quote worker answered within 300 ms",
      });
    } finally {
      await lonely.close();
    }
  });
});
