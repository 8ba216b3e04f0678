/**
 * Trading API end to end: create-token-transaction, trade-token and quote-token in process (app.request), every
 * returned transaction sent with viem as a client would, the indexer following the chain. Curve trades must equal
 * their quotes to the wei; graduated tokens trade on Uniswap V3 and equal their QuoterV2 quotes.
 * Wallets: this file's own, from fundedWallets; the deployer (c.owner()) approves the builder and referrer.
 */
import { createHash, randomUUID } from "node:crypto";
import { CID } from "multiformats/cid";
import { type Address, type Hex, maxUint256, parseEventLogs, zeroAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { ZodError } from "zod";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, uniswapV3PoolAbi } from "../abis/index.js";
import { createApp } from "../api/app.js";
import { requestQuote } from "../api/services/quotes.js";
import { noAttribution } from "../core/fees.js";
import { ALL_TIERS_FAILED } from "../core/quote.js";
import { HOT_MS, hotSetKey, type QuoteRequest, quoteCacheKey, quoteCacheNamespace } from "../core/quote-cache.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import {
  type Chain,
  chain,
  chainAt,
  createToken,
  fundedWallets,
  fundUsdc,
  prng,
  revertTo,
  send,
  type Wallet,
} from "./helpers/chain.js";
import { until } from "./helpers/until.js";
import { startRpcProxy } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
const GIF_1x1 = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

type Api = Awaited<ReturnType<typeof createTestApi>>;
type Indexer = Awaited<ReturnType<typeof startTestIndexer>>;
type Tx = { to: Address; data: Hex; value: string; gasLimit: string; chain?: string };
type Quote = {
  protocol: string;
  isGraduated: boolean;
  graduates: boolean;
  estimated: boolean;
  inputAmountBaseUnits: string;
  outputAmountBaseUnits: string;
  feeTier: number | null;
  execution: { feeTier: number | null; inputAmountBaseUnits: string; outputAmountBaseUnits: string } | null;
  tiers: { feeTier: number; ok: boolean }[];
  fee: { amountBaseUnits: string; builder: string; referral: string; protocol: string };
  block: number | null;
};
type TradeBody = {
  success: true;
  transaction: Tx;
  approvals: Tx[];
  quote: Quote;
  trade: { boundBaseUnits: string; deadline: number };
};

let c: Chain;
let api: Api;
let indexer: Indexer;
let token: string;
let trader: Wallet;
let other: Wallet;
/** The approved builder and referrer (the referrer trades too). */
let builderWallet: Wallet;
let referralWallet: Wallet;
/** Creators of the tokens of the later describe blocks. */
let whale: Wallet;
let preseeder: Wallet;
let _attacker: Wallet;
let quoter: Wallet;
const builder = () => builderWallet.account.address;
const referral = () => referralWallet.account.address;
const BUILDER_MAX_FEE_BPS = 30;

const usdcOf = (who: Address) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "balanceOf",
    args: [who],
  });
const tokensOf = (t: Address, who: Address) =>
  c.publicClient.readContract({ address: t, abi: launchTokenAbi, functionName: "balanceOf", args: [who] });
const onChainPool = (t: Address) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [t],
  });

async function sendTx(w: Wallet, tx: Tx) {
  const hash = await w.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value), gas: BigInt(tx.gasLimit) });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") {
    throw new Error(`transaction ${hash} reverted (gas used ${receipt.gasUsed} of ${tx.gasLimit})`);
  }
  return receipt;
}

async function faucet(w: Wallet, amount: bigint) {
  await send(c, w, {
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "faucet",
    args: [w.account.address, amount],
  } as never);
}

const image = `data:image/png;base64,${PNG_1x1}`;

/** Create a token through the API and send its transaction from `w`; returns the API body and the token address. */
async function createViaApi(w: Wallet, extra: Record<string, unknown> = {}) {
  const res = await api.post(
    "create-token-transaction",
    {
      name: "Trading Test",
      symbol: "TRD",
      description: "A token made by the trading tests",
      image,
      chainSlug: "base-sepolia",
      userAddress: w.account.address,
      ...extra,
    },
    token,
  );
  expect(res.body.error).toBeUndefined();
  expect(res.status).toBe(200);
  const body = res.body as unknown as {
    executed: boolean;
    transactionHash: null;
    chainId: number;
    transaction: Tx;
    metadata: {
      tokenUri: string;
      tokenId: string;
      slug: string;
      hubUrl: string;
      addresses: { evm: Address; solana: string };
      token_layer_id: Hex;
    };
  };
  const receipt = await sendTx(w, body.transaction);
  const [created] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
  if (!created) throw new Error("no TokenCreated");
  return { body, created: created.args, address: created.args.token };
}

/** trade-token from `w`, then every approval and the transaction, as a client would; returns balance deltas. */
async function tradeViaApi(w: Wallet, tokenAddress: Address, req: Record<string, unknown>) {
  await indexer.sync();
  const res = await api.post(
    "trade-token",
    { chainSlug: "base-sepolia", userAddress: w.account.address, ...req },
    token,
  );
  expect(res.body.error).toBeUndefined();
  const body = res.body as unknown as TradeBody;
  const who = w.account.address;
  const before = { usdc: await usdcOf(who), token: await tokensOf(tokenAddress, who) };
  for (const approval of body.approvals) await sendTx(w, approval);
  const receipt = await sendTx(w, body.transaction);
  if (process.env.TRADING_TEST_GAS)
    console.log(`[gas] ${JSON.stringify(req)}: used ${receipt.gasUsed} of ${body.transaction.gasLimit}`);
  const after = { usdc: await usdcOf(who), token: await tokensOf(tokenAddress, who) };
  return { body, receipt, dUsdc: after.usdc - before.usdc, dToken: after.token - before.token };
}

beforeAll(async () => {
  c = chain();
  indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema });
  token = await api.jwt("trading-test-user");
  [trader, other, builderWallet, referralWallet, whale, preseeder, _attacker, quoter] = await fundedWallets(c, 8);
  await faucet(trader, 500_000n * USDC);
  // The owner (the deployer of the shared launchpad) approves the builder, up to 30 bps, and the referrer these
  // tests name; `other` stays unapproved.
  for (const [functionName, args] of [
    ["setBuilder", [builder(), BUILDER_MAX_FEE_BPS]],
    ["setReferrer", [referral(), true]],
  ] as const) {
    await send(c, c.owner(), {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName,
      args,
    } as never);
  }
  // The API reads approvals from the index.
  await indexer.sync();
});

afterAll(async () => {
  await api?.close();
  await indexer?.close();
});

describe("trading API end to end on the bonding curve", () => {
  let tokenId: string;
  let address: Address;

  it("creates a token through create-token-transaction, at the predicted address and token_layer_id", async () => {
    const {
      body,
      created,
      address: a,
    } = await createViaApi(trader, {
      tags: ["#Trading", "tests"],
      links: { website: "https://example.com" },
      builder: { address: builder(), feeBps: 25 },
      token_referral: referral(),
    });
    address = a;
    tokenId = body.metadata.tokenId;
    expect(body.executed).toBe(false);
    expect(body.transactionHash).toBeNull();
    expect(body.chainId).toBe(84532);
    expect(created.token).toBe(body.metadata.addresses.evm);
    expect(created.tokenLayerId).toBe(body.metadata.token_layer_id);
    expect(created.creator).toBe(trader.account.address);
    expect(created.poolType).toBe(7);
    expect(created.tokenURI).toBe(body.metadata.tokenUri);
    expect(body.metadata.addresses.solana).toBe("");
    expect(body.metadata.hubUrl).toBe(`${api.config.publicUrl}/token/${body.metadata.slug}`);
    expect(body.metadata.slug).toMatch(/^trading-test(-\d+)?$/);

    await indexer.sync();
    const { rows } = await api.deps.db.query(
      `SELECT address, token_layer_id FROM ${indexer.schema}.token WHERE address = $1`,
      [address.toLowerCase()],
    );
    expect(rows[0]?.token_layer_id).toBe(body.metadata.token_layer_id);
    const app = await api.deps.db.query(
      `SELECT pool_type, destination_chains, creator_address FROM ${api.appSchema}.tokens WHERE id = $1`,
      [tokenId],
    );
    expect(app.rows[0]).toEqual({
      pool_type: 7,
      destination_chains: ["base-sepolia", "bnb-testnet", "solana-devnet"],
      creator_address: trader.account.address,
    });
    const tags = await api.deps.db.query(
      `SELECT hashtag FROM ${api.appSchema}.token_hashtags WHERE token_id = $1 ORDER BY hashtag`,
      [tokenId],
    );
    expect(tags.rows.map((r) => r.hashtag)).toEqual(["tests", "trading"]);

    // search-token (another route group) finds it by uuid, with its indexed address.
    const found = await api.post("search-token", { input: tokenId }, token);
    expect(found.status).toBe(200);
    const t = found.body.token as { id: string; launch_post_id: string; token_addresses: { address: string }[] };
    expect(t.id).toBe(tokenId);
    expect(t.token_addresses.map((x) => x.address.toLowerCase())).toContain(address.toLowerCase());

    // Its launch post: the creator's post of the description, tagged with the token.
    expect(t.launch_post_id).toMatch(/^[0-9a-f-]{36}$/);
    const launch = await api.post("get-post", { post_id: t.launch_post_id }, token);
    expect(launch.status, JSON.stringify(launch.body)).toBe(200);
    const post = launch.body.post as { content: string; tagged_coin_id: string | null; user_id: string };
    expect(post.content).toBe("A token made by the trading tests");
    expect(post.tagged_coin_id).toBe(tokenId);
  });

  it("trades in all four modes through trade-token, exactly as quoted, with approvals only for buys", async () => {
    const attribution = { builder: { address: builder(), feeBps: 25 }, token_referral: referral() };
    const steps: [Record<string, unknown>, "buy" | "sell"][] = [
      [{ buyAmountUSD: 1234.5 }, "buy"],
      [{ buyAmountToken: 20_000_000 }, "buy"],
      [{ sellAmountToken: 5_000_000.25 }, "sell"],
      [{ sellAmountUSD: 100 }, "sell"],
    ];
    for (const [amount, direction] of steps) {
      const { body, dUsdc, dToken, receipt } = await tradeViaApi(trader, address, {
        tokenId,
        direction,
        ...amount,
        ...attribution,
      });
      const q = body.quote;
      expect(q.protocol).toBe("bonding_curve");
      expect(q.isGraduated).toBe(false);
      expect(q.graduates).toBe(false);
      expect(body.transaction.chain).toBe("base-sepolia");
      expect(body.transaction.to).toBe(c.deployment.contracts.launchpad);
      const input = BigInt(q.inputAmountBaseUnits);
      const output = BigInt(q.outputAmountBaseUnits);
      if (direction === "buy") {
        expect(body.approvals).toHaveLength(1);
        expect(body.approvals[0]?.to).toBe(c.deployment.contracts.usdc);
        expect(-dUsdc).toBe(input);
        expect(dToken).toBe(output);
      } else {
        expect(body.approvals).toEqual([]);
        expect(-dToken).toBe(input);
        expect(dUsdc).toBe(output);
      }
      const [ev] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "Trade" });
      expect(ev?.args.fees.builder).toBe(BigInt(q.fee.builder));
      expect(ev?.args.fees.referral).toBe(BigInt(q.fee.referral));
      expect(ev?.args.fees.builder).toBeGreaterThan(0n);
    }
    // The exact amounts: 1234.5 USD and 5,000,000.25 tokens became base units without float error.
    await indexer.sync();
    const { rows } = await api.deps.db.query(`SELECT supply, reserve FROM ${indexer.schema}.pool WHERE token = $1`, [
      address.toLowerCase(),
    ]);
    const pool = await onChainPool(address);
    expect(BigInt(rows[0]?.supply)).toBe(pool.supply);
    expect(BigInt(rows[0]?.reserve)).toBe(pool.reserve);
    const trades = await api.deps.db.query(
      `SELECT mode, token_amount, usdc_amount FROM ${indexer.schema}.trade WHERE token = $1 ORDER BY block_number, log_index`,
      [address.toLowerCase()],
    );
    expect(trades.rows.map((r) => r.mode)).toEqual([
      "buy_exact_in",
      "buy_exact_out",
      "sell_exact_in",
      "sell_exact_out",
    ]);
    expect(trades.rows[0]?.usdc_amount).toBe("1234500000");
    expect(trades.rows[2]?.token_amount).toBe("5000000250000000000000000");
  });

  it("answers 400 before anything is sent for a builder or referral the launchpad would refuse", async () => {
    await indexer.sync();
    const buy = { tokenId, chainSlug: "base-sepolia", userAddress: trader.account.address, buyAmountUSD: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [
        { builder: { address: other.account.address, feeBps: 10 } },
        "Invalid builder.address: not a builder approved by the launchpad's owner",
      ],
      [
        { builder: { address: builder(), feeBps: BUILDER_MAX_FEE_BPS + 1 } },
        `Invalid builder.feeBps: at most ${BUILDER_MAX_FEE_BPS} for this builder`,
      ],
      [
        { userAddress: builder(), builder: { address: builder(), feeBps: 10 } },
        "Invalid builder.address: the builder cannot be the trader",
      ],
    ];
    for (const [extra, error] of cases) {
      const res = await api.post("trade-token", { ...buy, ...extra }, token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error });
    }
    // create-token-transaction checks the same before recording anything.
    const create = {
      name: "Attribution",
      symbol: "ATT",
      description: "d",
      image,
      chainSlug: "base-sepolia",
      userAddress: trader.account.address,
    };
    const createCases: [Record<string, unknown>, string][] = [
      [
        { token_referral: other.account.address },
        "Invalid token_referral: not a referrer approved by the launchpad's owner",
      ],
      [
        { userAddress: referral(), token_referral: referral() },
        "Invalid token_referral: the referral cannot be the trader",
      ],
      [
        { userAddress: builder(), builder: { address: builder(), feeBps: 1 } },
        "Invalid builder.address: the builder cannot be the trader",
      ],
    ];
    for (const [extra, error] of createCases) {
      const res = await api.post("create-token-transaction", { ...create, ...extra }, token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error });
    }
    const recorded = await api.deps.db.query(`SELECT 1 FROM ${api.appSchema}.tokens WHERE name = 'Attribution'`);
    expect(recorded.rows).toEqual([]);
  });

  it("never lets a trade name a token's referral: an unreferred token stays unreferred, whoever a buy names", async () => {
    // The audit's attack: an approved referrer took an unreferred token's referral with a 2-unit buy, then was paid
    // 20% of the fee of its own buys from a second wallet. Before, the buy's event and the pool named the referral.
    const { body: created, address: unreferred } = await createViaApi(trader, { name: "Unreferred" });
    await indexer.sync();
    const named = { tokenId: created.metadata.tokenId, token_referral: referral() };
    const dust = await tradeViaApi(trader, unreferred, { ...named, buyAmountUSD: 0.000002 });
    const [dustEv] = parseEventLogs({ abi: launchpadAbi, logs: dust.receipt.logs, eventName: "Trade" });
    expect(dustEv?.args.attribution.referral).toBe(zeroAddress);
    expect((await onChainPool(unreferred)).referral).toBe(zeroAddress);
    const later = await tradeViaApi(trader, unreferred, { ...named, buyAmountUSD: 10 });
    const [laterEv] = parseEventLogs({ abi: launchpadAbi, logs: later.receipt.logs, eventName: "Trade" });
    expect(later.body.quote.fee.referral).toBe("0");
    expect(laterEv?.args.fees.referral).toBe(0n);
  });

  it("keeps the token's referral its creator named: a trade's token_referral is accepted and ignored, and the referral's own trade pays none", async () => {
    const pool = await onChainPool(address);
    expect(pool.referral).toBe(referral());
    // An unapproved referral named now changes nothing: the quote's split and the Trade event name the token's.
    const { body, receipt } = await tradeViaApi(trader, address, {
      tokenId,
      buyAmountUSD: 10,
      token_referral: other.account.address,
    });
    const [ev] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "Trade" });
    expect(ev?.args.attribution.referral).toBe(referral());
    expect(BigInt(body.quote.fee.referral)).toBe(ev?.args.fees.referral);
    expect(ev?.args.fees.referral).toBeGreaterThan(0n);
    // The referral trading its token: no referral share, and the quote says so.
    await faucet(referralWallet, 100n * USDC);
    const own = await tradeViaApi(referralWallet, address, { tokenId, buyAmountUSD: 10 });
    const [ownEv] = parseEventLogs({ abi: launchpadAbi, logs: own.receipt.logs, eventName: "Trade" });
    expect(own.body.quote.fee.referral).toBe("0");
    expect(ownEv?.args.fees.referral).toBe(0n);
    expect(BigInt(own.body.quote.fee.protocol)).toBe(ownEv?.args.fees.protocol);
    await indexer.sync();
    const data = await api.post("get-pool-data", { tokenId }, token);
    expect((data.body.pool_data as { referral: string }).referral).toBe(referral());
  });

  it("skips the approval when the allowance already covers the buy, and estimates gas", async () => {
    const first = await tradeViaApi(trader, address, { tokenId, buyAmountUSD: 10 });
    expect(first.body.approvals).toHaveLength(1);
    await indexer.sync();
    const approve = await api.post("trade-token", { tokenId, chainSlug: "base-sepolia", buyAmountUSD: 10 }, token);
    // The wallet on record (no userAddress) has no allowance.
    expect((approve.body as unknown as TradeBody).approvals).toHaveLength(1);
    await sendTx(trader, {
      to: c.deployment.contracts.usdc,
      data: (await import("viem")).encodeFunctionData({
        abi: mockUsdcAbi,
        functionName: "approve",
        args: [c.deployment.contracts.launchpad, 10n ** 30n],
      }),
      value: "0",
      gasLimit: "100000",
    });
    const { body } = await tradeViaApi(trader, address, { tokenId, buyAmountUSD: 10 });
    expect(body.approvals).toEqual([]);
    expect(BigInt(body.transaction.gasLimit)).toBeLessThan(300_000n);
  });

  it("random curve quotes from quote-token equal the executed trades", async () => {
    const rand = prng(20240531);
    const modes = [
      { direction: "buy", inputToken: "usdc", field: "buyAmountUSD", max: 2_000 },
      { direction: "buy", inputToken: "token", field: "buyAmountToken", max: 30_000_000 },
      { direction: "sell", inputToken: "token", field: "sellAmountToken", max: 3_000_000 },
      { direction: "sell", inputToken: "usdc", field: "sellAmountUSD", max: 60 },
    ] as const;
    for (let i = 0; i < 8; i++) {
      const m = modes[i % 4] as (typeof modes)[number];
      const amount = (Math.floor(rand.next() * m.max * 1000) + 1) / 1000;
      await indexer.sync();
      const quoted = await api.post(
        "quote-token",
        { tokenId, chainSlug: "base-sepolia", direction: m.direction, inputToken: m.inputToken, amount },
        token,
      );
      expect(quoted.body.error, `case ${i}`).toBeUndefined();
      const q = quoted.body.quote as Quote;
      const { body, dUsdc, dToken } = await tradeViaApi(trader, address, { tokenId, [m.field]: amount });
      expect(body.quote.inputAmountBaseUnits, `case ${i}`).toBe(q.inputAmountBaseUnits);
      expect(body.quote.outputAmountBaseUnits, `case ${i}`).toBe(q.outputAmountBaseUnits);
      const [paid, got] = m.direction === "buy" ? [-dUsdc, dToken] : [-dToken, dUsdc];
      expect(paid, `case ${i} in`).toBe(BigInt(q.inputAmountBaseUnits));
      expect(got, `case ${i} out`).toBe(BigInt(q.outputAmountBaseUnits));
    }
  });

  it("quote-token defaults to selling 1 token", async () => {
    await indexer.sync();
    const res = await api.post("quote-token", { tokenId, chainSlug: "base-sepolia" }, token);
    const q = res.body.quote as Quote & { mode: string; inputAmount: string };
    expect(q.mode).toBe("sellExactIn");
    expect(q.inputAmount).toBe("1");
    expect(q.inputAmountBaseUnits).toBe(TOKEN.toString());
    expect(typeof q.block).toBe("number");
  });

  it("test_readYourWrites_aBuyRightAfterCreation_andASellRightAfterTheBuy_arePrepared", async () => {
    // The indexer is held back (SIGSTOP) while each transaction confirms and the next call is made, and released
    // 400 ms later: the service waits for it (CATCH_UP_MS) instead of answering from the block before.
    // The run's shared indexer: whatever happens here, it runs on afterwards.
    const ponder = { kill: (signal: NodeJS.Signals) => process.kill(indexer.indexer.pid, signal) };
    onTestFinished(() => {
      ponder.kill("SIGCONT");
    });
    const heldBack = async <T>(call: () => Promise<T>): Promise<T> => {
      const released = new Promise<void>((resolve) =>
        setTimeout(() => {
          ponder.kill("SIGCONT");
          resolve();
        }, 400),
      );
      try {
        return await call();
      } finally {
        await released;
      }
    };
    await indexer.sync();
    ponder.kill("SIGSTOP");
    const { body: created, address: fresh } = await createViaApi(trader).catch((error) => {
      ponder.kill("SIGCONT");
      throw error;
    });
    // search-token by the new address waits for the indexer too, instead of answering 404.
    const found = await heldBack(() => api.post("search-token", { input: fresh }, token));
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((found.body.token as { id: string }).id).toBe(created.metadata.tokenId);
    ponder.kill("SIGSTOP");
    const buy = await heldBack(() =>
      api.post(
        "trade-token",
        {
          tokenId: created.metadata.tokenId,
          chainSlug: "base-sepolia",
          buyAmountUSD: 50,
          userAddress: trader.account.address,
        },
        token,
      ),
    );
    expect(buy.status, JSON.stringify(buy.body)).toBe(200);
    const prepared = buy.body as unknown as TradeBody;
    await indexer.sync();

    ponder.kill("SIGSTOP");
    const before = await tokensOf(fresh, trader.account.address);
    try {
      for (const approval of prepared.approvals) await sendTx(trader, approval);
      await sendTx(trader, prepared.transaction);
    } catch (error) {
      ponder.kill("SIGCONT");
      throw error;
    }
    const bought = (await tokensOf(fresh, trader.account.address)) - before;
    expect(bought).toBeGreaterThan(0n);
    // The whole tokens the buy gave: more than the curve holds as last indexed (nothing), no more than the chain says
    // the trader holds.
    const whole = bought / 10n ** 18n;
    const sell = await heldBack(() =>
      api.post(
        "trade-token",
        {
          tokenId: created.metadata.tokenId,
          chainSlug: "base-sepolia",
          sellAmountToken: Number(whole),
          userAddress: trader.account.address,
        },
        token,
      ),
    );
    expect(sell.status, JSON.stringify(sell.body)).toBe(200);
    const receipt = await sendTx(trader, (sell.body as unknown as TradeBody).transaction);
    expect(receipt.status).toBe("success");
    expect(await tokensOf(fresh, trader.account.address)).toBe(before + bought - whole * 10n ** 18n);
  });

  it("rejects a sell beyond the trader's indexed balance", async () => {
    await indexer.sync();
    const res = await api.post(
      "trade-token",
      { tokenId, chainSlug: "base-sepolia", sellAmountToken: 1, userAddress: other.account.address },
      token,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Insufficient token balance" });
  });

  it("answers Token not available on chain base for a chain the token is not on", async () => {
    const res = await api.post("trade-token", { tokenId, chainSlug: "base", buyAmountUSD: 1 }, token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Token not available on chain base" });
  });
});

describe("graduated tokens trade on Uniswap V3", () => {
  let tokenId: string;
  let address: Address;

  beforeAll(async () => {
    await faucet(whale, 200_000n * USDC);
    const created = await createViaApi(whale, { name: "Graduation Test", symbol: "GRAD" });
    tokenId = created.body.metadata.tokenId;
    address = created.address;
  });

  /** The quote request of a buy of `amount` USDC of the graduated token, without attribution. */
  const buyRequest = (amount: number): QuoteRequest => ({
    chainSlug: "base-sepolia",
    token: address,
    mode: "buyExactIn",
    amount: String(BigInt(Math.round(amount * 1e6))),
    attribution: noAttribution,
  });

  it("quotes a buy that crosses graduation across both venues and executes it within the bound", async () => {
    const { body, dToken, dUsdc, receipt } = await tradeViaApi(whale, address, { tokenId, buyAmountUSD: 45_000 });
    const q = body.quote;
    expect(q.graduates).toBe(true);
    expect(q.estimated).toBe(true);
    expect(q.protocol).toBe("bonding_curve");
    expect(-dUsdc).toBe(45_000n * USDC);
    const names = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs })
      .map((l) => l.eventName)
      .filter((n) => n === "Trade" || n === "Graduated");
    expect(names).toEqual(["Trade", "Graduated", "Trade"]);
    const estimate = BigInt(q.outputAmountBaseUnits);
    expect(dToken >= BigInt(body.trade.boundBaseUnits)).toBe(true);
    const gap = dToken > estimate ? dToken - estimate : estimate - dToken;
    // The V3 remainder is estimated on x·y=k over the seeded amounts: within 0.1% of the total.
    expect(gap * 1000n <= estimate).toBe(true);
    expect((await onChainPool(address)).graduated).toBe(true);
  });

  it("trades all four modes on V3 through trade-token, as QuoterV2 quoted at the launchpad's tier", async () => {
    const steps: [Record<string, unknown>, "buy" | "sell"][] = [
      [{ buyAmountUSD: 500 }, "buy"],
      [{ buyAmountToken: 1_000_000 }, "buy"],
      [{ sellAmountToken: 2_000_000 }, "sell"],
      [{ sellAmountUSD: 50 }, "sell"],
    ];
    for (const [amount, direction] of steps) {
      const { body, dUsdc, dToken } = await tradeViaApi(whale, address, { tokenId, ...amount });
      const q = body.quote;
      expect(q.protocol).toBe("uniswap_v3");
      expect(q.isGraduated).toBe(true);
      expect(q.execution?.feeTier).toBe(10_000);
      expect(q.tiers.map((t) => [t.feeTier, t.ok])).toEqual([
        [100, false],
        [500, false],
        [3000, false],
        [10000, true],
      ]);
      const [paid, got] = direction === "buy" ? [-dUsdc, dToken] : [-dToken, dUsdc];
      expect(paid).toBe(BigInt(q.execution?.inputAmountBaseUnits ?? -1));
      expect(got).toBe(BigInt(q.execution?.outputAmountBaseUnits ?? -1));
      expect(typeof q.block).toBe("number");
    }
  });

  it("makes one eth_call for concurrent identical quotes, keeps it for the indexed block, and the worker refreshes it on the next", async () => {
    // An API of its own whose chain calls go through a proxy that counts them.
    const proxy = await startRpcProxy(c.rpcUrl);
    const counted = await createTestApi({ indexerSchema: indexer.schema, chain: chainAt(proxy.url, c.deployment) });
    try {
      const jwt = await counted.jwt(`v3-quotes-${randomUUID()}`);
      const found = await counted.post("search-token", { input: address }, jwt);
      const id = (found.body.token as { id: string }).id;
      const body = { tokenId: id, chainSlug: "base-sepolia", direction: "buy", inputToken: "usdc", amount: 7 };
      const ethCalls = () => proxy.methods.filter((m) => m === "eth_call").length;

      const calls0 = ethCalls();
      const answers = await Promise.all(Array.from({ length: 6 }, () => counted.post("quote-token", body, jwt)));
      for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
      expect(new Set(answers.map((a) => JSON.stringify(a.body.quote)))).toHaveProperty("size", 1);
      expect(ethCalls() - calls0).toBe(1);
      expect((await counted.post("quote-token", body, jwt)).body.quote).toEqual(answers[0]?.body.quote);
      expect(ethCalls() - calls0).toBe(1);

      // Written to the shared cache and marked hot: when the next block is indexed, the worker quotes it again.
      const quotes = counted.deps.quotes;
      if (!quotes) throw new Error("no quote client");
      const request: QuoteRequest = {
        chainSlug: "base-sepolia",
        token: address,
        mode: "buyExactIn",
        amount: String(7n * USDC),
        attribution: noAttribution,
      };
      const key = quoteCacheKey(quotes.namespace, request);
      const block0 = (answers[0]?.body.quote as { block: number } | undefined)?.block ?? -1;
      expect(JSON.parse((await quotes.redis.get(key)) ?? "null")?.validity).toMatch(new RegExp(`^block:${block0}:`));
      await c.testClient.mine({ blocks: 1 });
      await indexer.sync();
      const end = Date.now() + 10_000;
      let validity = "";
      while (!validity.startsWith(`block:${block0 + 1}:`)) {
        if (Date.now() > end) throw new Error(`the worker did not refresh the hot quote (validity ${validity})`);
        await new Promise((done) => setTimeout(done, 50));
        validity = JSON.parse((await quotes.redis.get(key)) ?? "null")?.validity ?? "";
      }
      await counted.deps.versions?.settled();
      const calls1 = ethCalls();
      const next = (await counted.post("quote-token", body, jwt)).body.quote as { block: number };
      expect(next.block).toBe(block0 + 1);
      expect(ethCalls()).toBe(calls1);
    } finally {
      await counted.close();
      await proxy.stop();
    }
  });

  it("reads the shared quote cache only for a quote announced to it: another process's at once, a new amount never", async () => {
    const proxy = await startRpcProxy(c.rpcUrl);
    const served = chainAt(proxy.url, c.deployment);
    const first = await createTestApi({ indexerSchema: indexer.schema, chain: served });
    const firstQuotes = first.deps.quotes;
    if (!firstQuotes) throw new Error("no quote client");
    // A second API process on the same quote cache (no worker of its own).
    const prefix = firstQuotes.namespace.slice(0, -quoteCacheNamespace("").length);
    const second = await createTestApi({ indexerSchema: indexer.schema, chain: served, quotes: { prefix } });
    try {
      const secondQuotes = second.deps.quotes;
      if (!secondQuotes) throw new Error("no quote client");
      // Each process's reads of the cache, counted.
      const reads = new Map<object, number>();
      for (const q of [firstQuotes, secondQuotes]) {
        const get = q.redis.get.bind(q.redis);
        q.redis.get = ((key: string) => {
          reads.set(q, (reads.get(q) ?? 0) + 1);
          return get(key);
        }) as typeof q.redis.get;
      }
      const ethCalls = () => proxy.methods.filter((m) => m === "eth_call").length;
      const quoteOf = async (api: typeof first, amount: number) => {
        const jwt = await api.jwt(`announced-${randomUUID()}`);
        const found = await api.post("search-token", { input: address }, jwt);
        const id = (found.body.token as { id: string }).id;
        const res = await api.post(
          "quote-token",
          { tokenId: id, chainSlug: "base-sepolia", direction: "buy", inputToken: "usdc", amount },
          jwt,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.quote as Quote;
      };
      const amount = 13 + Math.floor(Math.random() * 1_000) / 1_000;
      const request = buyRequest(amount);

      // A new amount: straight to its eth_call, no read of the cache; then written there and announced.
      let calls = ethCalls();
      const made = await quoteOf(first, amount);
      expect(ethCalls() - calls).toBe(1);
      expect(reads.get(firstQuotes) ?? 0).toBe(0);
      const key = quoteCacheKey(firstQuotes.namespace, request);
      await until("the second process hears of the quote", () => secondQuotes.announced.has(key), 5_000);

      // The other process reads it from the cache: no eth_call of its own, the same quote.
      calls = ethCalls();
      expect(await quoteOf(second, amount)).toEqual(made);
      expect(ethCalls()).toBe(calls);
      expect(reads.get(secondQuotes)).toBe(1);

      // A new amount in the other process: no read of the cache either.
      calls = ethCalls();
      await quoteOf(second, amount + 1);
      expect(ethCalls() - calls).toBe(1);
      expect(reads.get(secondQuotes)).toBe(1);
    } finally {
      await second.close();
      await first.close();
      await proxy.stop();
    }
  });

  it("keeps a graduated quote current only once it is asked for again: an amount asked once is not re-quoted on every block", async () => {
    const quotes = api.deps.quotes;
    if (!quotes) throw new Error("no quote client");
    const jwt = await api.jwt(`hot-${randomUUID()}`);
    // Rounded to 3 places: 17 + 0.123 as a float can print with more decimals than USD has (a 400).
    const amount = Number((17 + Math.floor(Math.random() * 1_000) / 1_000).toFixed(3));
    const body = { tokenId, chainSlug: "base-sepolia", direction: "buy", inputToken: "usdc", amount };
    const request = buyRequest(amount);
    const key = quoteCacheKey(quotes.namespace, request);
    // The hot set's score of this quote (its members are the jobs as the API wrote them).
    const hotScore = async () => {
      const members = await quotes.redis.zrange(hotSetKey(quotes.namespace), "0", "-1", "WITHSCORES");
      for (let i = 0; i < members.length; i += 2) {
        const member = JSON.parse(members[i] as string) as QuoteRequest;
        if (member.amount === request.amount && member.token.toLowerCase() === address.toLowerCase()) {
          return Number(members[i + 1]);
        }
      }
      return null;
    };

    const first = await api.post("quote-token", body, jwt);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Written to the shared cache (other processes may use it), and not hot.
    await until("the quote is in the cache", async () => (await quotes.redis.get(key)) !== null, 5_000);
    expect(await hotScore()).toBeNull();

    // Asked again (a client polling it): hot for HOT_MS, so the worker quotes it again on the next blocks.
    const t = Date.now();
    const second = await api.post("quote-token", body, jwt);
    expect(second.body.quote).toEqual(first.body.quote);
    await until("the quote is hot", async () => (await hotScore()) !== null, 5_000);
    expect(await hotScore()).toBeGreaterThanOrEqual(t + HOT_MS);
  });

  it("fails with the all-fee-tiers message when the pool has no liquidity (on a snapshot)", async () => {
    const { v3Pool } = await onChainPool(address);
    const snapshot = await c.testClient.snapshot();
    try {
      await c.testClient.setStorageAt({ address: v3Pool, index: 4, value: `0x${"0".repeat(64)}` });
      const liquidity = await c.publicClient.readContract({
        address: v3Pool,
        abi: uniswapV3PoolAbi,
        functionName: "liquidity",
      });
      expect(liquidity).toBe(0n);
      const quoted = await api.post("quote-token", { tokenId, chainSlug: "base-sepolia", direction: "buy" }, token);
      expect(quoted.status).toBe(400);
      expect(quoted.body).toEqual({
        success: false,
        error:
          "Uniswap V3 quote failed for all fee tiers (100, 500, 3000, 10000): the pool may not exist or lacks liquidity",
      });
      expect(quoted.body.error).toBe(ALL_TIERS_FAILED);
      // A seller who holds the tokens hears of the pool; one who does not, of the balance (checked first).
      const sell = { tokenId, chainSlug: "base-sepolia", sellAmountToken: 10 };
      const traded = await api.post("trade-token", { ...sell, userAddress: whale.account.address }, token);
      expect(traded.body.error).toBe(ALL_TIERS_FAILED);
      expect((await api.post("trade-token", sell, token)).body.error).toBe("Insufficient token balance");
    } finally {
      await revertTo(c, snapshot);
    }
    expect(
      await c.publicClient.readContract({ address: v3Pool, abi: uniswapV3PoolAbi, functionName: "liquidity" }),
    ).toBeGreaterThan(0n);
  });
});

describe("validation and metadata", () => {
  let tokenId: string;
  const trade = (body: Record<string, unknown>) => api.post("trade-token", body, token);

  beforeAll(async () => {
    const res = await api.post(
      "create-token-transaction",
      { name: "Validation", symbol: "VAL", description: "d", image, chainSlug: "base-sepolia" },
      token,
    );
    tokenId = (res.body.metadata as { tokenId: string }).tokenId;
  });

  it("requires tokenId and chainSlug", async () => {
    const res = await trade({ buyAmountUSD: 1 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: "Missing required fields: tokenId, chainSlug" });
  });

  it("requires exactly one amount field, fitting the direction", async () => {
    const base = { tokenId, chainSlug: "base-sepolia" };
    expect((await trade(base)).body.error).toBe(
      "Exactly one of buyAmountUSD, buyAmountToken, sellAmountToken, sellAmountUSD is required",
    );
    expect((await trade({ ...base, buyAmountUSD: 1, sellAmountToken: 2 })).body.error).toBe(
      "Exactly one of buyAmountUSD, buyAmountToken, sellAmountToken, sellAmountUSD is allowed; got buyAmountUSD, sellAmountToken",
    );
    const mismatch = await trade({ ...base, direction: "buy", sellAmountToken: 2 });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toBe(
      "sellAmountToken does not fit direction buy: a buy takes buyAmountUSD or buyAmountToken",
    );
    expect((await trade({ ...base, buyAmountUSD: 1.0000001 })).body.error).toBe(
      "Invalid buyAmountUSD: more than 6 decimal places",
    );
    const zero = await trade({ ...base, buyAmountUSD: 0 });
    expect(zero.status).toBe(400);
  });

  it("answers Token not found for an unknown token", async () => {
    const res = await trade({
      tokenId: "6f1c1f8e-1111-4a4a-8b8b-123456789abc",
      chainSlug: "base-sepolia",
      buyAmountUSD: 1,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: "Token not found" });
  });

  const create = (extra: Record<string, unknown>) =>
    api.post(
      "create-token-transaction",
      { name: "V", symbol: "V", description: "d", image, chainSlug: "base-sepolia", ...extra },
      token,
    );

  it("checks symbol length and type", async () => {
    const long = await create({ symbol: "ABCDEFGHIJK" });
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Invalid symbol: Too big: expected string to have <=10 characters");
    expect((await create({ symbol: "ABCDEFGHIJ" })).status).toBe(200);
    expect((await create({ symbol: "" })).body.error).toBe(
      "Invalid symbol: Too small: expected string to have >=1 characters",
    );
    const type = await create({ type: "nft" });
    expect(type.status).toBe(400);
    expect(type.body.error).toBe("Invalid type value. Must be one of: coin");
    expect((await create({ type: "coin" })).status).toBe(200);
    const missing = await api.post("create-token-transaction", { chainSlug: "base-sepolia" }, token);
    expect(missing.body.error).toBe("Missing required fields: name, symbol, description, image");
  });

  it("checks data URIs by magic bytes and size", async () => {
    const bad = await create({ image: `data:image/png;base64,${GIF_1x1}` });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid image: the data is not a valid image/png file (its bytes are image/gif)");
    expect((await create({ image: `data:image/gif;base64,${GIF_1x1}` })).status).toBe(200);
    const junk = await create({ banner: `data:image/jpeg;base64,${Buffer.from("hello world").toString("base64")}` });
    expect(junk.body.error).toBe(
      "Invalid banner: the data is not a valid image/jpeg file (its bytes match no accepted format)",
    );
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    Buffer.from(PNG_1x1, "base64").copy(big);
    const over = await create({ image: `data:image/png;base64,${big.toString("base64")}` });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe("Invalid image: image larger than 5 MB (give a URL instead)");
    const video = await create({ video: `data:image/png;base64,${PNG_1x1}` });
    expect(video.body.error).toBe("Invalid video: a data URI here must start with data:video/");
    const webm = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]).toString("base64");
    expect((await create({ video: `data:video/webm;base64,${webm}` })).status).toBe(200);
    const svg = encodeURIComponent('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>');
    expect((await create({ image: `data:image/svg+xml,${svg}` })).status).toBe(200);
    expect((await create({ image: "ftp://example.com/a.png" })).body.error).toBe(
      "Invalid image: must be an http(s) URL or a data:image/ URI",
    );
  });

  it("maps poolType startup-preseed to 8 and records destinationChains", async () => {
    const { created, body } = await createViaApi(preseeder, {
      name: "Preseed",
      symbol: "PRE",
      poolType: "startup-preseed",
      destinationChains: ["base-sepolia", "base"],
    });
    expect(created.poolType).toBe(8);
    const { rows } = await api.deps.db.query(
      `SELECT pool_type, destination_chains FROM ${api.appSchema}.tokens WHERE id = $1`,
      [body.metadata.tokenId],
    );
    expect(rows[0]).toEqual({ pool_type: 8, destination_chains: ["base-sepolia", "base"] });
  });

  it("serves the metadata JSON and media at /ipfs/<cid>, and the CIDs verify", async () => {
    const res = await create({ name: "Ipfs Test", symbol: "IPFS", tags: ["x"] });
    const meta = res.body.metadata as { tokenUri: string; token_layer_id: string; slug: string };
    expect(meta.tokenUri).toMatch(/^ipfs:\/\/bafkrei[a-z2-7]+$/);
    const cid = meta.tokenUri.slice("ipfs://".length);
    const served = await api.app.request(`/ipfs/${cid}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/json");
    const bytes = new Uint8Array(await served.arrayBuffer());
    const stored = await api.deps.db.query(`SELECT bytes FROM ${api.appSchema}.blobs WHERE cid = $1`, [cid]);
    expect(Buffer.from(bytes).equals(stored.rows[0]?.bytes)).toBe(true);
    // The CID is sha256 of exactly these bytes (multihash 0x12, 32 bytes), CIDv1, raw codec.
    const parsed = CID.parse(cid);
    expect(parsed.version).toBe(1);
    expect(parsed.code).toBe(0x55);
    expect(parsed.multihash.code).toBe(0x12);
    expect(Buffer.from(parsed.multihash.digest).toString("hex")).toBe(createHash("sha256").update(bytes).digest("hex"));
    const json = JSON.parse(Buffer.from(bytes).toString("utf8"));
    expect(json).toMatchObject({ name: "Ipfs Test", symbol: "IPFS", tags: ["x"], token_layer_id: meta.token_layer_id });
    expect(json.image).toMatch(/^ipfs:\/\/bafkrei/);
    const img = await api.app.request(`/ipfs/${json.image.slice(7)}`);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await img.arrayBuffer()).toString("base64")).toBe(PNG_1x1);
    expect((await api.app.request("/ipfs/bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy")).status).toBe(
      404,
    );
    expect((await api.app.request("/ipfs/not-a-cid")).status).toBe(404);
  });

  it("gives each token a unique slug", async () => {
    const a = await create({ name: "Same Name!" });
    const b = await create({ name: "Same Name!" });
    const slugs = [a, b].map((r) => (r.body.metadata as { slug: string }).slug);
    expect(slugs).toEqual(["same-name", "same-name-2"]);
  });

  it("rejects a builder fee above 50 bps", async () => {
    const res = await trade({
      tokenId,
      chainSlug: "base-sepolia",
      buyAmountUSD: 1,
      builder: { address: builder(), feeBps: 51 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Invalid builder.feeBps: Too big: expected number to be <=50");
  });
});

describe("OpenAPI document", () => {
  it("documents the trading routes with their schemas", async () => {
    const res = await api.app.request("/functions/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<string, { post?: { description?: string } }>;
      components: { schemas: Record<string, unknown> };
    };
    for (const name of ["trade-token", "quote-token", "create-token-transaction"]) {
      expect(doc.paths[`/functions/v1/${name}`]?.post, name).toBeDefined();
    }
    expect(doc.paths["/functions/v1/trade-token"]?.post?.description).toContain(ALL_TIERS_FAILED);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Builder", "Quote", "TradeTokenRequest", "CreateTokenRequest"]),
    );
  });
});

/**
 * Quotes through the worker (api/services/quotes.ts, worker/quote-refresher.ts): a repeated quote comes from the
 * cache, concurrent identical requests share one eth_call, a trade makes the cached quote stale the moment it is indexed
 * and the worker quotes the hot entry again by itself, and without a worker a request answers 503 after its timeout.
 * Quote requests are checked with zod on both ends.
 */
describe("curve quotes", () => {
  let jwt: string;
  let tokenId: string;
  let token: `0x${string}`;

  beforeAll(async () => {
    await fundUsdc(c, quoter, 1_000n * USDC);
    token = (await createToken(c, quoter, 7, { name: "Quoted", symbol: "QTD" })).token;
    await indexer.sync();
    jwt = await api.jwt(`quotes-${randomUUID()}`);
    const found = await api.post("search-token", { input: token }, jwt);
    tokenId = (found.body.token as { id: string }).id;
  });

  const quoteBody = (amount: number) => ({
    tokenId,
    chainSlug: "base-sepolia",
    direction: "buy",
    inputToken: "usdc",
    amount,
  });

  it("are computed in the API over the indexed pool row: no cache entry, no hot quote, and a trade moves them once indexed", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => api.post("quote-token", quoteBody(11), jwt)));
    for (const a of answers) expect(a.status, JSON.stringify(a.body)).toBe(200);
    // The same quote each time (made when asked: its timestamp is its own).
    const untimed = (body: Record<string, unknown>) => ({ ...(body.quote as object), timestamp: undefined });
    expect(new Set(answers.map((a) => JSON.stringify(untimed(a.body))))).toHaveProperty("size", 1);
    const before = answers[0]?.body.quote as { outputAmountBaseUnits: string; block: number };
    const fresh = (await api.post("get-pool-data", { tokenId }, jwt)).body.freshness as { indexed_block: number };
    expect(before.block).toBe(fresh.indexed_block);

    const quotes = api.deps.quotes;
    if (!quotes) throw new Error("no quote client");
    const request: QuoteRequest = {
      chainSlug: "base-sepolia",
      token,
      mode: "buyExactIn",
      amount: String(11n * USDC),
      attribution: noAttribution,
    };
    expect(await quotes.redis.get(quoteCacheKey(quotes.namespace, request))).toBeNull();
    expect(await quotes.redis.zscore(hotSetKey(quotes.namespace), JSON.stringify(request))).toBeNull();

    await send(c, quoter, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, 25n * USDC, 0n, maxUint256, noAttribution],
    } as never);
    await indexer.sync();
    await api.deps.versions?.settled();
    const after = (await api.post("quote-token", quoteBody(11), jwt)).body.quote as { outputAmountBaseUnits: string };
    // The price moved up: the same USDC buys fewer tokens.
    expect(BigInt(after.outputAmountBaseUnits)).toBeLessThan(BigInt(before.outputAmountBaseUnits));
  });

  it("checks quote data with zod before quoting", async () => {
    const bad = { chainSlug: "base-sepolia", token, mode: "buyExactIn", amount: "0", attribution: noAttribution };
    const pool = { graduated: false } as never;
    await expect(
      requestQuote(api.deps.quotes, {
        request: bad as QuoteRequest,
        validity: "pool:1",
        pool,
        contracts: c.deployment.contracts,
      }),
    ).rejects.toBeInstanceOf(ZodError);
  });

  it("answer without Redis or a worker", async () => {
    const lonely = await createTestApi({ indexerSchema: indexer.schema, quotes: false });
    try {
      const jwt2 = await lonely.jwt(`lonely-${randomUUID()}`);
      // Its own app schema: the token gets its own id there.
      const found = await lonely.post("search-token", { input: token }, jwt2);
      const id = (found.body.token as { id: string }).id;
      const res = await lonely.post("quote-token", { ...quoteBody(3), tokenId: id }, jwt2);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((res.body.quote as { protocol: string }).protocol).toBe("bonding_curve");
    } finally {
      await lonely.close();
    }
  });
});

describe("quotes and prepared trades when the index is behind the chain", () => {
  it("read the curve from the chain past 3 blocks of lag, and answer a retryable 503 stating the lag when it does not answer", async () => {
    const { body: created, address: t } = await createViaApi(trader);
    await indexer.sync();
    const ponder = (signal: NodeJS.Signals) => process.kill(indexer.indexer.pid, signal);
    ponder("SIGSTOP");
    onTestFinished(() => {
      ponder("SIGCONT");
    });
    // Five buys the index does not see: its curve is five blocks older than the chain's.
    await send(c, trader, {
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [c.deployment.contracts.launchpad, maxUint256],
    } as never);
    for (let i = 0; i < 5; i++) {
      await send(c, trader, {
        address: c.deployment.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [t, 200n * USDC, 0n, maxUint256, noAttribution],
      } as never);
    }
    const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    await until("the API sees the head", async () => (api.deps.chainHead.get("base-sepolia") ?? 0n) >= head, 5_000);

    const body = {
      tokenId: created.metadata.tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      inputToken: "usdc",
      amount: 100,
    };
    const res = await api.post("quote-token", body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.quote as { block: number; stateLagBlocks: number; execution: { outputAmountBaseUnits: string } };
    expect(q.block).toBeGreaterThanOrEqual(Number(head));
    expect(q.stateLagBlocks).toBe(0);
    const onChain = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "quoteBuyExactIn",
      args: [t, 100n * USDC],
      blockNumber: BigInt(q.block),
    });
    expect(q.execution.outputAmountBaseUnits).toBe(onChain.tokenAmount.toString());

    // A prepared buy's bound is made on the chain's curve too: it goes through.
    const prepared = await api.post(
      "trade-token",
      {
        chainSlug: "base-sepolia",
        userAddress: trader.account.address,
        tokenId: created.metadata.tokenId,
        buyAmountUSD: 100,
        slippageBps: 10,
      },
      token,
    );
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    const before = await tokensOf(t, trader.account.address);
    await sendTx(trader, (prepared.body as unknown as TradeBody).transaction);
    expect(await tokensOf(t, trader.account.address)).toBeGreaterThan(before);

    // With the chain unreachable as well: 503, with the lag and when to come back.
    const dead = createApp({ ...api.deps, rpcUrls: new Map([["base-sepolia", "http://127.0.0.1:9"]]) });
    const down = await dead.request("/functions/v1/quote-token", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(down.status).toBe(503);
    expect(down.headers.get("retry-after")).toBe("2");
    expect(((await down.json()) as { error: string }).error).toMatch(
      /^Cannot quote now: the indexed state is \d+ blocks behind the chain \(block \d+ of \d+\), and the chain's RPC did not answer; try again in a few seconds$/,
    );
  });
});
