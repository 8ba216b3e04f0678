/**
 * Token read endpoints against a real indexer on the global anvil: search-token (every kind of input, lazy app
 * rows), get-pool-data (curve and graduated), get-tokens (each ranking, filters, limits), search, tag-coin,
 * get-token-candles, get-token-holders and get-token-trades. Wallets: this file's own, from fundedWallets, plus the
 * custodial wallet of a provisioned user, so that tokens have a creator user.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { type Address, formatUnits, getAddress, type Hex, maxUint256, parseEther, parseEventLogs } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi } from "../abis/index.js";
import { deriveWalletKey } from "../core/wallets.js";
import { readUsdcFees } from "../db/indexed/holdings.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, createToken, fundedWallets, fundUsdc, send, type Wallet } from "./helpers/chain.js";

const USDC = 10n ** 6n;
const run = Date.now().toString(36).slice(-5).toUpperCase();
const tag = `t${run.toLowerCase()}`;

let c: Chain;
let ix: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let creatorJwt: string;
let otherJwt: string;
let creatorUserId: string;
let creatorWallet: Wallet;
/** Creates the orphan token, and collects pool fees. */
let orphanCreator: Wallet;
let traders: [Wallet, Wallet, Wallet];
/** Tokens created by the creator user's custodial wallet. */
const t: Record<
  "A" | "B" | "C" | "D",
  { token: Address; tokenLayerId: Hex; name: string; symbol: string; id?: string }
> = {} as never;
/** A token created by a wallet that is no user of the service. */
let orphan: { token: Address; tokenLayerId: Hex };

type Body = Record<string, unknown> & { success: boolean; error?: string };
const post = (name: string, body: unknown, token: string | undefined = creatorJwt) => api.post(name, body, token);

async function buy(w: Wallet, token: Address, usdc: bigint) {
  await send(c, w, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [
      token,
      usdc,
      0n,
      maxUint256,
      { builder: getAddress(`0x${"0".repeat(40)}`), builderFeeBps: 0, referral: getAddress(`0x${"0".repeat(40)}`) },
    ],
  } as never);
}

async function creatorOf(token: Address): Promise<Address> {
  const pool = await c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "getPool",
    args: [token],
  });
  return pool.creator;
}

async function sell(w: Wallet, token: Address, tokens: bigint) {
  await send(c, w, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "sellExactIn",
    args: [
      token,
      tokens,
      0n,
      maxUint256,
      { builder: getAddress(`0x${"0".repeat(40)}`), builderFeeBps: 0, referral: getAddress(`0x${"0".repeat(40)}`) },
    ],
  } as never);
}

async function searchToken(input: string) {
  const res = await post("search-token", { input });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.token as Body & { id: string; token_addresses: Body[] };
}

beforeAll(async () => {
  c = chain();
  ix = await startTestIndexer();
  api = await createTestApi({ indexerSchema: ix.schema });
  creatorJwt = await api.jwt(`creator-${run}`);
  otherJwt = await api.jwt(`other-${run}`);
  // Provision the creator (first request) and use its custodial wallet on chain.
  expect((await post("search", { query: "x" })).status).toBe(200);
  const { rows } = await api.deps.db.query<{ id: string; wallet_index: number }>(
    `SELECT id, wallet_index FROM ${api.appSchema}.users WHERE external_sub = $1`,
    [`creator-${run}`],
  );
  creatorUserId = rows[0]?.id ?? "";
  const account = privateKeyToAccount(deriveWalletKey(api.config.walletSecret, rows[0]?.wallet_index ?? -1));
  await c.testClient.setBalance({ address: account.address, value: parseEther("100") });
  creatorWallet = c.walletOf(account);
  let filler: Wallet;
  [orphanCreator, filler, ...traders] = await fundedWallets(c, 5);
  for (const w of traders) await fundUsdc(c, w, 100_000n * USDC);
  const [t1, t2, t3] = traders;
  const make = async (key: keyof typeof t, poolType: number, name: string, symbol: string) => {
    t[key] = { ...(await createToken(c, creatorWallet, poolType, { name, symbol })), name, symbol };
  };
  await make("A", 7, `Zephyr Alpha ${run}`, `ZA${run}`);
  await make("B", 8, `Zephyr Beta ${run}`, `ZB${run}`);
  await make("C", 7, `Zephyr Gamma ${run}`, `ZC${run}`);
  await make("D", 7, `Zephyr Delta ${run}`, `ZD${run}`);
  orphan = await createToken(c, orphanCreator, 7, { name: `Zephyr Alpha ${run}`, symbol: `ZO${run}` });
  // A: three holders, a sell; B: one holder; C: no trades; D: graduates.
  await buy(t1, t.A.token, 500n * USDC);
  await buy(t2, t.A.token, 40n * USDC);
  await buy(t3, t.A.token, 10n * USDC);
  await sell(t1, t.A.token, 1_000n * 10n ** 18n);
  await buy(t1, t.B.token, 20n * USDC);
  await buy(t1, t.D.token, 45_000n * USDC);
  // Enough further tokens that default limits (20) are visible.
  for (let i = 0; i < 21; i++) await createToken(c, filler, 7, { name: `Filler ${run} ${i}`, symbol: `F${i}` });
  await ix.sync();
  for (const key of ["A", "B", "C", "D"] as const) {
    t[key].id = (await searchToken(t[key].tokenLayerId)).id;
    const tagged = await post("tag-coin", { slug: (await searchToken(t[key].id ?? "")).slug, tags: [tag] });
    expect(tagged.status, JSON.stringify(tagged.body)).toBe(200);
  }
}, 240_000);

afterAll(async () => {
  await api?.close();
  await ix?.close();
});

const expectFreshness = (body: Body) => {
  const f = body.freshness as Body;
  expect(f.chain).toBe("base-sepolia");
  expect(typeof f.indexed_block).toBe("number");
  expect(f.indexed_block).toBeGreaterThan(0);
  expect(f.chain_head === null || typeof f.chain_head === "number").toBe(true);
};

describe("search-token", () => {
  it("returns the full Token shape with price, market cap, holders and one address per chain", async () => {
    const res = await post("search-token", { input: t.A.tokenLayerId });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expectFreshness(res.body);
    const token = res.body.token as Body;
    expect(token).toMatchObject({
      id: t.A.id,
      name: t.A.name,
      symbol: t.A.symbol,
      slug: `zephyr-alpha-${run.toLowerCase()}`,
      logo: "",
      banner_url: "",
      video_url: "",
      description: "",
      token_layer_id: t.A.tokenLayerId.toLowerCase(),
      launch_post_id: null,
      total_posts_count: 0,
      total_media_count: 0,
      groups_count: 0,
      // three buyers, and the token's V3 pool with the seed that pins it until graduation
      holders_count: 4,
      upvotes: 0,
      downvotes: 0,
      weighted_upvotes: 0,
      weighted_downvotes: 0,
      user_vote: null,
      is_live: false,
      hashtags: [tag],
      creator: { id: creatorUserId, username: expect.any(String), profile_picture: "" },
      creator_address: creatorWallet.account.address,
      total_holder_count: 4,
      is_graduated: false,
    });
    expect(typeof token.created_at).toBe("string");
    expect(Number.isNaN(Date.parse(token.created_at as string))).toBe(false);
    expect(token.price).toBeGreaterThan(0.00001);
    expect(token.market_cap).toBeGreaterThan(0);
    const addresses = token.token_addresses as Body[];
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatchObject({
      token_id: t.A.id,
      address: t.A.token,
      address_display: `${t.A.token.slice(0, 6)}…${t.A.token.slice(-4)}`,
      address_type: "evm",
      chain: "base-sepolia",
      platform_name: "Base Sepolia",
      is_registered: true,
      dex_name: "Bonding curve",
      dex_address: c.deployment.contracts.launchpad,
    });
    expect(addresses[0]?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(addresses[0]?.created_at as string)).toBeGreaterThan(0);
  });

  it("finds a token by uuid, token_layer_id, address in either case, symbol, slug and partial name, always the same", async () => {
    const slug = `zephyr-beta-${run.toLowerCase()}`;
    for (const input of [
      t.B.id ?? "",
      t.B.tokenLayerId,
      t.B.tokenLayerId.toUpperCase().replace("0X", "0x"),
      t.B.token,
      t.B.token.toLowerCase(),
      t.B.symbol,
      slug,
      `beta ${run.toLowerCase()}`,
    ]) {
      const token = await searchToken(input);
      expect(token.id, input).toBe(t.B.id);
      expect(token.slug).toBe(slug);
    }
  });

  it("gives an on-chain token created outside the service a stable uuid and a unique slug", async () => {
    const first = await searchToken(orphan.token);
    const again = await searchToken(orphan.tokenLayerId);
    expect(again.id).toBe(first.id);
    // Same name as A, whose slug it cannot take.
    expect(first.slug).toBe(`zephyr-alpha-${run.toLowerCase()}-${orphan.tokenLayerId.slice(2, 8).toLowerCase()}`);
    expect(first.creator).toBeNull();
    expect(first.creator_address).toBe(orphanCreator.account.address);
    const { rows } = await api.deps.db.query(`SELECT 1 FROM ${api.appSchema}.tokens WHERE token_layer_id = $1`, [
      orphan.tokenLayerId.toLowerCase(),
    ]);
    expect(rows).toHaveLength(1);
  });

  it("names the Uniswap V3 pool as the venue of a graduated token", async () => {
    const token = await searchToken(t.D.id ?? "");
    expect(token.is_graduated).toBe(true);
    const pool = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "getPool",
      args: [t.D.token],
    });
    const v3 = (pool as unknown as { v3Pool: Address }).v3Pool;
    expect(token.token_addresses[0]).toMatchObject({ dex_name: "Uniswap V3", dex_address: v3 });
  });

  it("answers 404 Token not found for unknown input of every kind, a Solana address included", async () => {
    for (const input of [
      randomUUID(),
      `0x${"ab".repeat(32)}`,
      `0x${"cd".repeat(20)}`,
      "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV",
      "NOPE_NOT_A_SYMBOL",
      `no-such-token-${run}`,
    ]) {
      const res = await post("search-token", { input });
      expect(res.status, input).toBe(404);
      expect(res.body).toEqual({ success: false, error: "Token not found" });
    }
  });

  it("test_searchToken_findsASlugThatLooksLikeASolanaAddress", async () => {
    // 37 base58 characters: the Solana-address guess used to answer 404 before slugs and names were tried.
    const base58 = "abcdefghijkmnpqrstuvwxyz";
    const suffix = Array.from(randomBytes(4), (b) => base58[b % base58.length]).join("");
    const slug = `abcdefghijkmnpqrstuvwxyz123456789${suffix}`;
    const { rows } = await api.deps.db.query<{ id: string }>(
      `INSERT INTO ${api.appSchema}.tokens (token_layer_id, name, symbol, slug, pool_type, chain_slug, creator_address, salt)
       VALUES ($1, $2, 'B58', $2, 7, 'base-sepolia', $3, '') RETURNING id`,
      [`0x${randomBytes(32).toString("hex")}`, slug, orphanCreator.account.address],
    );
    const res = await post("search-token", { input: slug });
    expect(res.status).toBe(200);
    expect((res.body.token as { id: string }).id).toBe(rows[0]?.id);
  });

  it("rejects a missing or empty input", async () => {
    expect((await post("search-token", {})).body).toEqual({ success: false, error: "Missing required fields: input" });
    const empty = await post("search-token", { input: "" });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Invalid input: Too small: expected string to have >=1 characters");
  });
});

describe("get-pool-data", () => {
  it("returns curve state with exact strings and display numbers", async () => {
    const res = await post("get-pool-data", { tokenId: t.A.id });
    expect(res.status).toBe(200);
    expectFreshness(res.body);
    const p = res.body.pool_data as Body;
    const onChain = (await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "getPool",
      args: [t.A.token],
    })) as unknown as { supply: bigint; reserve: bigint };
    expect(p).toMatchObject({
      chain: "base-sepolia",
      token_address: t.A.token,
      pool_type: { id: 7, name: "meme" },
      venue: "bonding_curve",
      supply: onChain.supply.toString(),
      reserve: onChain.reserve.toString(),
      weight_ppm: 500_000,
      weight: 0.5,
      migration_supply: (800_000_000n * 10n ** 18n).toString(),
      is_graduated: false,
      referral: null,
      collected_pool_fees: { usdc: "0", usd: 0, tokens: "0", tokens_whole: 0 },
      trade_fee_bps: 100,
      dex_fee_tier: 10_000,
      v3_pool: null,
    });
    expect(p.supply_tokens).toBeCloseTo(Number(onChain.supply) / 1e18, 6);
    expect(p.reserve_usd).toBeCloseTo(Number(onChain.reserve) / 1e6, 6);
    expect(BigInt(p.price as string)).toBeGreaterThan(0n);
    expect(p.price_usd).toBeCloseTo(Number(BigInt(p.price as string)) / 1e18, 12);
    expect(p.market_cap_usd).toBeCloseTo(Number(BigInt(p.market_cap as string)) / 1e6, 6);
    expect(p.progress_bps).toBeGreaterThan(0);
    expect(p.progress_percent).toBe((p.progress_bps as number) / 100);
    expect(BigInt(p.remaining_to_graduation as string)).toBe(800_000_000n * 10n ** 18n - onChain.supply);
    const b = (await post("get-pool-data", { tokenId: t.B.id })).body.pool_data as Body;
    expect(b.pool_type).toEqual({ id: 8, name: "startup-preseed" });
  });

  it("returns the Uniswap V3 pool of a graduated token", async () => {
    const p = (await post("get-pool-data", { tokenId: t.D.id })).body.pool_data as Body;
    expect(p).toMatchObject({ is_graduated: true, venue: "uniswap_v3", progress_bps: 10_000, reserve: "0" });
    const v3 = p.v3_pool as Body;
    expect(v3.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(v3.fee_tier).toBe(10_000);
    expect(BigInt(v3.sqrt_price_x96 as string)).toBeGreaterThan(0n);
    expect(typeof v3.tick).toBe("number");
    expect(BigInt(v3.liquidity as string)).toBeGreaterThan(0n);
  });

  it("shows the pool fees collected from a graduated token's locked position, per token", async () => {
    // The crossing buy routed its remainder through the pool, so the position has earned USDC fees.
    const receipt = await send(c, orphanCreator, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "collectPoolFees",
      args: [t.D.token],
    } as never);
    const [ev] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "PoolFeesCollected" });
    if (!ev) throw new Error("no PoolFeesCollected");
    const usdc = ev.args.creatorUsdc + ev.args.protocolUsdc;
    const tokens = ev.args.creatorTokens + ev.args.protocolTokens;
    expect(usdc).toBeGreaterThan(0n);
    await ix.sync();
    const p = (await post("get-pool-data", { tokenId: t.D.id })).body.pool_data as Body;
    expect(p).toMatchObject({ referral: null });
    expect(p.collected_pool_fees).toEqual({
      usdc: usdc.toString(),
      usd: Number(formatUnits(usdc, 6)),
      tokens: tokens.toString(),
      tokens_whole: Number(formatUnits(tokens, 18)),
    });
    // The USDC side joins the creator's claimable fees, as the launchpad credits it.
    const creator = await creatorOf(t.D.token);
    const fees = await readUsdcFees(api.deps.db, ix.schema, creator.toLowerCase());
    const onChain = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [creator],
    });
    expect(fees.find((f) => f.chainId === c.deployment.chainId)?.claimable ?? 0n).toBe(onChain);
  });

  it("returns pool_data null for a token whose deployment is not indexed, 404 for an unknown one", async () => {
    const id = await insertAppOnlyToken();
    const res = await post("get-pool-data", { tokenId: id });
    expect(res.status).toBe(200);
    expect(res.body.pool_data).toBeNull();
    expectFreshness(res.body);
    const unknown = await post("get-pool-data", { tokenId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, error: "Token not found" });
    expect((await post("get-pool-data", {})).body.error).toBe("Missing required fields: tokenId");
    const bad = await post("get-pool-data", { tokenId: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid tokenId: Invalid UUID");
  });
});

let appOnly: string | undefined;
async function insertAppOnlyToken() {
  if (appOnly) return appOnly;
  const { rows } = await api.deps.db.query<{ id: string }>(
    `INSERT INTO ${api.appSchema}.tokens (token_layer_id, name, symbol, slug, pool_type, chain_slug, creator_address, salt)
     VALUES ($1, 'Pending ${run}', 'PEND', 'pending-${run.toLowerCase()}', 7, 'base-sepolia', $2, '0x00') RETURNING id`,
    [`0x${"ef".repeat(32)}`, orphanCreator.account.address],
  );
  appOnly = rows[0]?.id;
  return appOnly ?? "";
}

describe("get-tokens", () => {
  const list = async (body: Record<string, unknown>) => {
    const res = await post("get-tokens", body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Body & { tokens: (Body & { id: string })[]; total: number };
  };
  const ids = (tokens: { id: string }[]) => tokens.map((x) => x.id);

  it("ranks by 24 h volume, newest, holders and top posts, filtered by hashtag", async () => {
    // From the ranking the triggers keep on the indexer's tables (db/indexed/ranking.ts), not the catalog query.
    expect(api.deps.versions?.ranked()).toBe(true);
    const trending = await list({ filter: "trending", hashtag_name: tag });
    expect(ids(trending.tokens)).toEqual([t.D.id, t.A.id, t.B.id, t.C.id]);
    expect(trending.total).toBe(4);
    expectFreshness(trending);
    expect(trending.tokens[0]?.volume_24h).toBeGreaterThanOrEqual(45_000);
    expect(ids((await list({ filter: "new", hashtag_name: tag })).tokens)).toEqual([t.D.id, t.C.id, t.B.id, t.A.id]);
    expect(ids((await list({ filter: "popular", hashtag_name: tag })).tokens)).toEqual([
      t.A.id,
      t.D.id,
      t.B.id,
      t.C.id,
    ]);
    expect(ids((await list({ filter: "top_posts", hashtag_name: `#${tag.toUpperCase()}` })).tokens)).toEqual([
      t.D.id,
      t.A.id,
      t.B.id,
      t.C.id,
    ]);
  });

  it("lists items with the get_tokens tool's fields plus price and market cap", async () => {
    const item = (await list({ filter: "popular", hashtag_name: tag })).tokens[0] as Body;
    expect(item).toMatchObject({
      id: t.A.id,
      name: t.A.name,
      symbol: t.A.symbol,
      contract_address: t.A.token,
      chain: "base-sepolia",
      holders_count: 4,
      upvote_count: 0,
      downvote_count: 0,
      creator: { id: creatorUserId },
      is_graduated: false,
      hashtags: [tag],
    });
    expect(typeof item.price).toBe("number");
    expect(item.price).toBeGreaterThan(0);
    expect(typeof item.market_cap).toBe("number");
  });

  it("pages with offset and filters verified tokens", async () => {
    expect(ids((await list({ filter: "trending", hashtag_name: tag, offset: 1, limit: 2 })).tokens)).toEqual([
      t.A.id,
      t.B.id,
    ]);
    const beyond = await list({ filter: "trending", hashtag_name: tag, offset: 10 });
    expect(beyond.tokens).toEqual([]);
    expect(beyond.total).toBe(4);
    await api.deps.db.query(`UPDATE ${api.appSchema}.tokens SET verified = true WHERE id = $1`, [t.B.id]);
    const verified = await list({ filter: "new", hashtag_name: tag, verified_only: true });
    expect(ids(verified.tokens)).toEqual([t.B.id]);
    expect(verified.total).toBe(1);
  });

  it("defaults to limit 20 and offset 0, and accepts 1 to 100", async () => {
    const all = await list({ filter: "new" });
    expect(all.tokens).toHaveLength(20);
    expect(all.total).toBeGreaterThanOrEqual(26);
    expect(ids((await list({ filter: "new", offset: 0, limit: 20 })).tokens)).toEqual(ids(all.tokens));
    expect((await list({ filter: "new", limit: 1 })).tokens).toHaveLength(1);
    expect((await list({ filter: "new", limit: 100 })).tokens.length).toBe(Math.min(100, all.total));
  });

  it("rejects a missing or unknown filter and out-of-range limits exactly", async () => {
    expect((await post("get-tokens", {})).body).toEqual({ success: false, error: "Missing required fields: filter" });
    const bad = await post("get-tokens", { filter: "hot" });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error: "Invalid filter value. Must be one of: trending, new, popular, top_posts",
    });
    for (const limit of [0, 101]) {
      const res = await post("get-tokens", { filter: "new", limit });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^Invalid limit: Too (small|big)/);
    }
    expect((await post("get-tokens", { filter: "new", offset: -1 })).body.error).toMatch(/^Invalid offset: Too small/);
  });
});

describe("search", () => {
  it("works without credentials and finds tokens by name, symbol and slug", async () => {
    const res = await post("search", { query: t.A.symbol }, undefined);
    expect(res.status).toBe(200);
    expectFreshness(res.body);
    const results = res.body.results as { tokens: Body[]; users: Body[]; posts: unknown[] };
    expect(results.tokens[0]?.id).toBe(t.A.id);
    expect(results.posts).toEqual([]);
    const byName = (
      (await post("search", { query: `zephyr gamma ${run}`, type: "tokens" })).body.results as typeof results
    ).tokens;
    expect(byName.map((x) => x.id)).toEqual([t.C.id]);
    expect(byName[0]).toMatchObject({ symbol: t.C.symbol, contract_address: t.C.token, holders_count: 1 });
  });

  it("finds users by username and limits each kind, 20 by default", async () => {
    const { rows } = await api.deps.db.query<{ username: string }>(
      `SELECT username FROM ${api.appSchema}.users WHERE id = $1`,
      [creatorUserId],
    );
    const username = rows[0]?.username ?? "";
    const users = (await post("search", { query: username.toUpperCase(), type: "users" })).body.results as Body;
    expect(users).toEqual({ tokens: [], users: [{ id: creatorUserId, username, profile_picture: "" }], posts: [] });
    const fillers = (await post("search", { query: `Filler ${run}` })).body.results as { tokens: Body[] };
    expect(fillers.tokens).toHaveLength(20);
    const five = (await post("search", { query: `Filler ${run}`, limit: 5 })).body.results as { tokens: Body[] };
    expect(five.tokens).toHaveLength(5);
    const posts = (await post("search", { query: "anything", type: "posts" })).body.results;
    expect(posts).toEqual({ tokens: [], users: [], posts: [] });
  });

  it("treats LIKE wildcards literally", async () => {
    const results = (await post("search", { query: "%", type: "tokens" })).body.results as { tokens: Body[] };
    expect(results.tokens).toEqual([]);
  });

  it("validates query, type and limit", async () => {
    expect((await post("search", {}, undefined)).body).toEqual({
      success: false,
      error: "Missing required fields: query",
    });
    expect((await post("search", { query: "" })).body.error).toBe(
      "Invalid query: Too small: expected string to have >=1 characters",
    );
    expect((await post("search", { query: "a", type: "clubs" })).body).toEqual({
      success: false,
      error: "Invalid type value. Must be one of: all, tokens, users, posts",
    });
    for (const limit of [0, 101, 1.5]) {
      const res = await post("search", { query: "a", limit });
      expect(res.status, String(limit)).toBe(400);
      expect(res.body.error).toMatch(/^Invalid limit: /);
    }
  });
});

describe("tag-coin", () => {
  const slugOf = async (id: string) => (await searchToken(id)).slug as string;

  it("lets the creator add hashtags, normalised, and returns all of them", async () => {
    const res = await post("tag-coin", { slug: await slugOf(t.C.id ?? ""), tags: ["#Fun", "meme_2", "fun"] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      token_id: t.C.id,
      slug: await slugOf(t.C.id ?? ""),
      hashtags: ["fun", "meme_2", tag].sort(),
    });
  });

  it("refuses tags from anyone else, whatever server-owned fields the body carries, but lets them read", async () => {
    const slug = await slugOf(t.C.id ?? "");
    const res = await post(
      "tag-coin",
      { slug, tags: ["spam"], user_id: creatorUserId, creator_user_id: creatorUserId },
      otherJwt,
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: "Only the token's creator can tag it" });
    const read = await post("tag-coin", { slug }, otherJwt);
    expect(read.status).toBe(200);
    expect(read.body.hashtags).not.toContain("spam");
  });

  it("answers Token not found for an unknown slug and validates tags", async () => {
    const res = await post("tag-coin", { slug: `missing-${run}` });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: "Token not found" });
    expect((await post("tag-coin", {})).body.error).toBe("Missing required fields: slug");
    const bad = await post("tag-coin", { slug: await slugOf(t.C.id ?? ""), tags: ["two words"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Invalid tags.0: must be 1 to 50 letters, digits or _ (a leading # is dropped)");
  });
});

describe("get-token-candles, get-token-holders, get-token-trades", () => {
  it("returns OHLCV candles in USD whose volumes add up to the trades", async () => {
    const res = await post("get-token-candles", { tokenId: t.A.id, interval: "1d" });
    expect(res.status).toBe(200);
    expectFreshness(res.body);
    expect(res.body).toMatchObject({ interval: "1d", chain: "base-sepolia" });
    const candles = res.body.candles as Body[];
    expect(candles.length).toBeGreaterThanOrEqual(1);
    for (const k of ["open", "high", "low", "close", "volume_usd", "volume_tokens"]) {
      expect(typeof candles[0]?.[k], k).toBe("number");
    }
    expect(candles[0]?.timestamp as number).toBe(Date.parse(candles[0]?.time as string) / 1000);
    const trades = (await post("get-token-trades", { tokenId: t.A.id, limit: 100 })).body.trades as Body[];
    const candleVolume = candles.reduce((n, x) => n + BigInt(x.volume_usdc as string), 0n);
    expect(candleVolume).toBe(trades.reduce((n, x) => n + BigInt(x.usdc_amount as string), 0n));
    expect(candles.reduce((n, x) => n + (x.trades as number), 0)).toBe(trades.length);
    const last = candles.at(-1) as Body;
    expect(last.close).toBe(trades[0]?.price_usd);
    expect(last.high as number).toBeGreaterThanOrEqual(last.low as number);
  });

  it("defaults to 1h, filters by time range, and validates interval and range", async () => {
    const res = await post("get-token-candles", { tokenId: t.A.id });
    expect(res.body.interval).toBe("1h");
    const future = new Date(Date.now() + 86_400_000 * 365).toISOString();
    expect((await post("get-token-candles", { tokenId: t.A.id, from: future })).body.candles).toEqual([]);
    const past = (await post("get-token-candles", { tokenId: t.A.id, to: "2000-01-01T00:00:00Z" })).body;
    expect(past.candles).toEqual([]);
    expect((await post("get-token-candles", { tokenId: t.A.id, interval: "2h" })).body).toEqual({
      success: false,
      error: "Invalid interval value. Must be one of: 1m, 5m, 1h, 1d",
    });
    const backwards = await post("get-token-candles", { tokenId: t.A.id, from: future, to: "2000-01-01T00:00:00Z" });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error).toBe("Invalid from: must not be after to");
    expect((await post("get-token-candles", { tokenId: t.A.id, from: "yesterday" })).status).toBe(400);
    expect((await post("get-token-candles", {})).body.error).toBe("Missing required fields: tokenId");
    const pending = await post("get-token-candles", { tokenId: await insertAppOnlyToken() });
    expect(pending.body).toMatchObject({ success: true, candles: [], chain: null });
    expect((await post("get-token-candles", { tokenId: randomUUID() })).status).toBe(404);
  });

  it("lists holders above zero, largest first, with balances that match the chain", async () => {
    const res = await post("get-token-holders", { tokenId: t.A.id });
    expect(res.status).toBe(200);
    expectFreshness(res.body);
    const holders = res.body.holders as Body[];
    // three buyers, and the token's V3 pool with the seed that pins it until graduation (Launchpad._pinPool)
    expect(holders).toHaveLength(4);
    expect(res.body.total).toBe(4);
    const pool = await c.publicClient.readContract({
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "graduationPoolOf",
      args: [t.A.token],
    });
    expect(res.body.pagination).toEqual({ limit: 20, offset: 0, has_more: false });
    const balances = holders.map((h) => BigInt(h.balance as string));
    expect([...balances].sort((a, b) => (a > b ? -1 : a < b ? 1 : 0))).toEqual(balances);
    for (const h of holders) {
      const onChain = await c.publicClient.readContract({
        address: t.A.token,
        abi: launchTokenAbi,
        functionName: "balanceOf",
        args: [h.address as Address],
      });
      expect(h.balance).toBe(onChain.toString());
      expect(h).toMatchObject({ is_pool: h.address === pool, user: null });
    }
    expect(holders[0]).toMatchObject({ rank: 1, address: traders[0]?.account.address });
    expect(holders.reduce((n, h) => n + (h.percent_of_supply as number), 0)).toBeCloseTo(100, 2);
    const page = await post("get-token-holders", { tokenId: t.A.id, limit: 2 });
    expect((page.body.holders as Body[]).map((h) => h.address)).toEqual(holders.slice(0, 2).map((h) => h.address));
    expect(page.body.pagination).toEqual({ limit: 2, offset: 0, has_more: true });
    const rest = await post("get-token-holders", { tokenId: t.A.id, limit: 2, offset: 2 });
    expect((rest.body.holders as Body[]).map((h) => h.rank)).toEqual([3, 4]);
    expect(rest.body.pagination).toEqual({ limit: 2, offset: 2, has_more: false });
    expect((rest.body.holders as Body[])[1]).toMatchObject({ address: pool, is_pool: true });
    const graduated = (await post("get-token-holders", { tokenId: t.D.id })).body.holders as Body[];
    expect(graduated.some((h) => h.is_pool === true)).toBe(true);
  });

  it("lists trades newest first with amounts in base units and USD", async () => {
    const res = await post("get-token-trades", { tokenId: t.A.id });
    expect(res.status).toBe(200);
    expectFreshness(res.body);
    const trades = res.body.trades as Body[];
    expect(trades).toHaveLength(4);
    expect(res.body.total).toBe(4);
    expect(trades.map((x) => x.side)).toEqual(["sell", "buy", "buy", "buy"]);
    expect(trades[0]).toMatchObject({
      mode: "sell_exact_in",
      venue: "bonding_curve",
      trader: traders[0]?.account.address,
      token_amount: (1_000n * 10n ** 18n).toString(),
      token_amount_tokens: 1000,
    });
    expect(trades[3]).toMatchObject({ mode: "buy_exact_in", usdc_amount: (500n * USDC).toString(), amount_usd: 500 });
    expect(Number(trades[3]?.fee_usdc)).toBe(5_000_000);
    const blocks = trades.map((x) => x.block_number as number);
    expect([...blocks].sort((a, b) => b - a)).toEqual(blocks);
    expect(trades[0]?.tx_hash).toMatch(/^0x[0-9a-f]{64}$/);
    const page = await post("get-token-trades", { tokenId: t.A.id, limit: 3, offset: 1 });
    expect((page.body.trades as Body[]).map((x) => x.id)).toEqual(trades.slice(1).map((x) => x.id));
    expect(page.body.pagination).toEqual({ limit: 3, offset: 1, has_more: false });
    expect((await post("get-token-trades", { tokenId: t.A.id, limit: 101 })).status).toBe(400);
    expect((await post("get-token-trades", { tokenId: randomUUID() })).body).toEqual({
      success: false,
      error: "Token not found",
    });
  });
});

describe("OpenAPI document", () => {
  it("describes every token endpoint with its units", async () => {
    const res = await api.app.request("/functions/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { paths: Record<string, unknown>; components: { schemas: Record<string, Body> } };
    for (const name of [
      "search-token",
      "get-pool-data",
      "get-tokens",
      "search",
      "tag-coin",
      "get-token-candles",
      "get-token-holders",
      "get-token-trades",
    ]) {
      expect(doc.paths[`/functions/v1/${name}`], name).toHaveProperty("post");
    }
    const pool = doc.components.schemas.PoolData as unknown as { properties: Record<string, { description?: string }> };
    expect(pool.properties.price?.description).toBe("USD per whole token × 1e18");
    expect((doc.paths["/functions/v1/search"] as { post: { security: unknown[] } }).post.security).toEqual([
      { bearer: [] },
      {},
    ]);
  });
});
