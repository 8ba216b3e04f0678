/**
 * The MCP tool server, driven by the official SDK client over Streamable HTTP (the API on a loopback port) and over
 * stdio (the stdio entry as a child process): the tool list and its schemas, every tool that needs no worker, every
 * error code but TRANSACTION_FAILED (tests/mcp.lifecycle.test.ts, which runs a worker), authentication and the
 * OAuth metadata, the rate limit of each tier at its boundary (small limits, and the documented defaults), the
 * spending cap, the allowlist and dry runs. Transactions the tools prepare are signed here with the custodial key
 * (derived from this file's WALLET_SECRET), as a client would sign them.
 * Wallets: one of this file's own, from fundedWallets (USDC faucet calls).
 */
import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import pg from "pg";
import { type Address, encodeFunctionData, formatUnits, type Hex, parseEther, parseUnits } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, mockUsdcAbi } from "../abis/index.js";
import { parseTrustProxy } from "../api/client-address.js";
import { apiConfigFromEnv } from "../api/config.js";
import { DEFAULT_RATE_LIMITS, mcpConfigFromEnv } from "../api/mcp/config.js";
import { DEFAULT_DAILY_SPEND_CAP_USDC } from "../core/spend.js";
import { deriveWalletKey } from "../core/wallets.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, fundedWallets, send, type Wallet } from "./helpers/chain.js";
import { call, httpClient, mcpConfig, ok, serveMcp, stdioClient, userWithKey } from "./helpers/mcp.js";
import { deploymentsDirFor, sharedRedisUrl, uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAAABJRU5ErkJggg==";
const image = `data:image/png;base64,${PNG_1x1}`;
const secret = uniqueName("mcp-server-secret");
const hashtag = uniqueName("mcptag").toLowerCase();

type Api = Awaited<ReturnType<typeof createTestApi>>;
type Served = Awaited<ReturnType<typeof serveMcp>>;
type KeyUser = Awaited<ReturnType<typeof userWithKey>>;

let c: Chain;
let api: Api;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let served: Served;
let alice: KeyUser;
let bob: KeyUser;
let aliceClient: Client;
let bobClient: Client;
let anonClient: Client;
let tokenId: string;
let tokenAddress: Address;
/** Calls the USDC faucet. */
let funder: Wallet;
const clients: Client[] = [];

async function connect(token?: string, headers: Record<string, string> = {}, url = served.url) {
  const client = await httpClient(url, token, headers);
  clients.push(client);
  return client;
}

/** Sign and send a prepared transaction with a user's custodial key, as a client of the service would. */
async function sendAs(user: KeyUser, tx: { to: string; data: string; value?: string }) {
  const account = privateKeyToAccount(deriveWalletKey(secret, user.walletIndex));
  const hash = await c.walletOf(account).sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? "0"),
    gas: 12_000_000n,
  });
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

const claimableOf = (who: Address) =>
  c.publicClient.readContract({
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "claimable",
    args: [who],
  });

async function faucetTo(to: Address, amount: bigint) {
  await send(c, funder, {
    address: c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "faucet",
    args: [to, amount],
  } as never);
}

beforeAll(async () => {
  c = chain();
  [funder] = await fundedWallets(c, 1);
  indexer = await startTestIndexer();
  // Anonymous clients are told apart by X-Forwarded-For here, as behind a proxy on this machine.
  api = await createTestApi({
    indexerSchema: indexer.schema,
    config: { walletSecret: secret, trustProxy: parseTrustProxy("loopback") },
  });
  // Limits out of the way here; the rate-limit tests serve their own.
  served = await serveMcp(
    api.deps,
    mcpConfig({ allowAnonymous: true, rateLimits: { anonymous: 10_000, authenticated: 10_000, premium: 10_000 } }),
  );
  alice = await userWithKey(api.deps, { tier: "authenticated" });
  bob = await userWithKey(api.deps, { tier: "premium" });
  for (const u of [alice, bob]) await c.testClient.setBalance({ address: u.wallet, value: parseEther("10") });
  aliceClient = await connect(alice.key);
  bobClient = await connect(bob.key);
  anonClient = await connect(undefined, { "x-forwarded-for": uniqueName("anon") });

  // A token created through create_token (prepared, then sent by the creator's wallet), bought by its creator.
  const created = await ok<{ tokenId: string; contractAddress: Address; transaction: { to: string; data: string } }>(
    aliceClient,
    "create_token",
    {
      name: "Mcp Server Token",
      symbol: "MCPS",
      description: "Made through the tool server",
      image,
      chainSlug: "base-sepolia",
      tags: [hashtag],
    },
  );
  tokenId = created.tokenId;
  tokenAddress = created.contractAddress;
  await sendAs(alice, created.transaction);
  await indexer.sync();
  await faucetTo(alice.wallet, 1_000n * USDC);
  const buy = await ok<{ approvals: { to: string; data: string }[]; transaction: { to: string; data: string } }>(
    aliceClient,
    "trade_token",
    { tokenId, chainSlug: "base-sepolia", direction: "buy", buyAmountUSD: 100 },
  );
  for (const tx of [...buy.approvals, buy.transaction]) await sendAs(alice, tx);
  await indexer.sync();
});

afterAll(async () => {
  for (const client of clients) await client.close().catch(() => undefined);
  await served?.close();
  await api?.close();
  await indexer?.close();
});

describe("tools/list", () => {
  it("test_listTools_listsEveryToolWithInputAndOutputSchemas", async () => {
    const { tools } = await anonClient.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of [
      "create_token",
      "get_tokens",
      "search_token",
      "trade_token",
      "quote_trade_token",
      "execute_transaction",
      "get_hashtag_token",
      "get_pool_data",
      "get_token_candles",
      "get_token_holders",
      "get_portfolio",
      "get_intent_status",
      "claim_fees",
      "create_post",
      "vote",
      "get_notifications",
      "get_me",
      "update_profile",
      "get_user",
      "check_token_ownership",
      "get_token_stats",
      "send_token",
      "tip",
      "get_user_fees",
      "get_fee_history",
      "get_leaderboard",
      "get_token_activity",
    ]) {
      const tool = byName.get(name);
      expect(tool, name).toBeDefined();
      expect(tool?.description?.length, name).toBeGreaterThan(80);
      expect(tool?.inputSchema.type).toBe("object");
      expect(tool?.outputSchema?.type).toBe("object");
    }
    const props = (name: string) => byName.get(name)?.inputSchema.properties as Record<string, Record<string, unknown>>;
    const required = (name: string) => byName.get(name)?.inputSchema.required;
    const outputs = (name: string) => Object.keys(byName.get(name)?.outputSchema?.properties ?? {});

    expect(required("create_token")).toEqual(["name", "symbol", "description", "image", "chainSlug"]);
    expect(props("create_token").symbol).toMatchObject({ minLength: 2, maxLength: 10 });
    expect(props("create_token").chainSlug?.enum).toEqual(["base", "base-sepolia"]);
    for (const tool of ["create_token", "trade_token", "execute_transaction", "claim_fees"]) {
      if (props(tool).autoExecute)
        expect(props(tool).autoExecute, tool).toMatchObject({ type: "boolean", default: false });
    }
    expect(props("create_token").autoExecute).toMatchObject({ type: "boolean", default: false });
    expect(props("trade_token").autoExecute).toMatchObject({ type: "boolean", default: false });
    expect(Object.keys(props("create_token"))).toEqual(
      expect.arrayContaining(["banner", "video", "links", "tags", "userAddress", "dryRun"]),
    );
    expect(outputs("create_token")).toEqual(
      expect.arrayContaining(["success", "tokenId", "contractAddress", "transactionHash"]),
    );

    expect(required("get_tokens")).toEqual(["filter"]);
    expect(props("get_tokens").filter?.enum).toEqual(["trending", "new", "popular", "top_posts"]);
    expect(props("get_tokens").limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(props("get_tokens").offset).toMatchObject({ default: 0 });
    expect(props("get_tokens").verified_only).toMatchObject({ default: false });
    expect(outputs("get_tokens")).toEqual(expect.arrayContaining(["tokens", "total"]));

    expect(required("search_token")).toEqual(["input"]);
    expect(outputs("search_token")).toEqual(
      expect.arrayContaining([
        "id",
        "name",
        "symbol",
        "contract_address",
        "price_usd",
        "market_cap",
        "description",
        "image_url",
        "holders_count",
      ]),
    );

    expect(required("trade_token")).toEqual(["tokenId", "chainSlug", "direction"]);
    expect(props("trade_token").direction?.enum).toEqual(["buy", "sell"]);
    expect(props("trade_token").buyAmountUSD).toMatchObject({ exclusiveMinimum: 0 });
    expect(props("trade_token").userAddress).toMatchObject({ pattern: "^0x[a-fA-F0-9]{40}$" });
    expect(outputs("trade_token")).toEqual(
      expect.arrayContaining(["success", "transactionHash", "inputAmount", "outputAmount", "protocol"]),
    );

    expect(required("quote_trade_token")).toEqual(["tokenId", "chainSlug"]);
    expect(props("quote_trade_token").direction).toMatchObject({ default: "sell", enum: ["buy", "sell"] });
    expect(props("quote_trade_token").amount).toMatchObject({ default: 1 });
    expect(props("quote_trade_token").inputToken).toMatchObject({ default: "token", enum: ["token", "usdc"] });
    expect(outputs("quote_trade_token")).toEqual(
      expect.arrayContaining(["inputAmount", "outputAmount", "protocol", "isGraduated", "timestamp"]),
    );

    expect(required("execute_transaction")).toEqual(["to", "amount", "chainSlug"]);
    expect(outputs("execute_transaction")).toEqual(expect.arrayContaining(["transactionHash", "success"]));
    expect(required("get_hashtag_token")).toEqual(["hashtag_name"]);
    expect(outputs("get_hashtag_token")).toEqual(["token"]);
    const hashtagToken = byName.get("get_hashtag_token")?.outputSchema?.properties?.token as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(hashtagToken.properties)).toEqual(
      expect.arrayContaining(["id", "name", "symbol", "contract_address", "hashtag"]),
    );

    expect(required("create_post")).toEqual(["content"]);
    expect(Object.keys(props("create_post"))).toEqual(
      expect.arrayContaining([
        "parentPostId",
        "taggedCoinId",
        "title",
        "imageUrl",
        "mediaData",
        "pollData",
        "clubId",
        "topicId",
      ]),
    );
    expect(outputs("create_post")).toEqual(
      expect.arrayContaining(["id", "content", "created_at", "user_id", "upvote_count", "reply_count"]),
    );
    expect(props("get_token_posts").category?.enum).toEqual(["timelines", "polls", "media"]);
    expect(props("get_token_posts").sort?.enum).toEqual(["trending", "new", "popular"]);
    expect(props("get_token_posts").filter).toMatchObject({ enum: ["following", "all"], default: "all" });
    expect(props("get_token_posts").view_filter?.enum).toEqual(["my_posts", "my_replies"]);
    expect(props("get_token_posts").limit).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    expect(outputs("get_token_posts")).toEqual(expect.arrayContaining(["posts", "total"]));
    expect(required("vote")).toEqual(["content_id", "content_type", "vote_type"]);
    expect(props("vote").content_type?.enum).toEqual(["token", "post", "livestream", "poll_option"]);
    expect(Object.keys(props("vote"))).toEqual(expect.arrayContaining(["voting_token_id", "post_id"]));
    expect(outputs("vote")).toEqual(expect.arrayContaining(["id", "content_id", "vote_type", "created_at"]));

    // Annotations tell an assistant which tools change state.
    expect(byName.get("get_tokens")?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get("trade_token")?.annotations?.readOnlyHint).toBe(false);
  });
});

describe("tools/call", () => {
  it("test_readTools_answerAnonymousCallers", async () => {
    const list = await ok<{ tokens: { id: string; contract_address: string }[]; total: number }>(
      anonClient,
      "get_tokens",
      { filter: "new", hashtag_name: `#${hashtag}` },
    );
    expect(list.total).toBe(1);
    expect(list.tokens[0]).toMatchObject({ id: tokenId, contract_address: tokenAddress });

    const found = await ok<Record<string, unknown>>(anonClient, "search_token", { input: tokenAddress });
    expect(found).toMatchObject({
      id: tokenId,
      name: "Mcp Server Token",
      symbol: "MCPS",
      contract_address: tokenAddress,
      description: "Made through the tool server",
      holders_count: 2, // alice, and the token's V3 pool with the seed that pins it until graduation
    });
    expect(found.price_usd).toBeGreaterThan(0);
    expect(found.market_cap).toBeGreaterThan(0);
    expect(found.image_url).toMatch(/\/ipfs\/b[a-z2-7]+$/);

    const pool = await ok<{ pool_data: { is_graduated: boolean; venue: string; progress_bps: number } }>(
      anonClient,
      "get_pool_data",
      { tokenId },
    );
    expect(pool.pool_data).toMatchObject({ is_graduated: false, venue: "bonding_curve" });
    expect(pool.pool_data.progress_bps).toBeGreaterThan(0);

    const candles = await ok<{ candles: { trades: number }[] }>(anonClient, "get_token_candles", {
      tokenId,
      interval: "1d",
    });
    expect(candles.candles.reduce((n, x) => n + x.trades, 0)).toBe(1);

    const holders = await ok<{ holders: { address: string; user: { id: string } | null }[]; total: number }>(
      anonClient,
      "get_token_holders",
      { tokenId },
    );
    expect(holders.total).toBe(2); // alice, and the token's V3 pool with its seed (the smaller, so second)
    expect(holders.holders[0]?.address).toBe(alice.wallet);
    expect(holders.holders[0]?.user?.id).toBe(alice.userId);

    const tagged = await ok<{ token: Record<string, unknown> }>(anonClient, "get_hashtag_token", {
      hashtag_name: hashtag.toUpperCase(),
    });
    expect(tagged.token).toMatchObject({ id: tokenId, symbol: "MCPS", contract_address: tokenAddress, hashtag });

    const quote = await ok<Record<string, unknown>>(anonClient, "quote_trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
    });
    // The defaults: sell 1 whole token.
    expect(quote).toMatchObject({
      direction: "sell",
      inputToken: "token",
      inputAmount: "1",
      protocol: "bonding_curve",
      isGraduated: false,
    });
    expect(Number(quote.outputAmount)).toBeGreaterThan(0);
    expect(Date.parse(quote.timestamp as string)).toBeGreaterThan(Date.now() - 60_000);

    const portfolio = await ok<{ holdings: { token_id: string; balance: string; value_usd: number }[] }>(
      anonClient,
      "get_portfolio",
      { address: alice.wallet },
    );
    expect(portfolio.holdings).toHaveLength(1);
    expect(portfolio.holdings[0]?.token_id).toBe(tokenId);
    expect(portfolio.holdings[0]?.value_usd).toBeGreaterThan(90);
  });

  it("test_getPortfolio_defaultsToTheCallersWallet_andListsClaimableFees", async () => {
    const mine = await ok<{ address: string; holdings: unknown[]; fees: { claimable: string }[] }>(
      aliceClient,
      "get_portfolio",
    );
    expect(mine.address).toBe(alice.wallet);
    expect(mine.holdings).toHaveLength(1);
    // The creator's share of the buy's fee, as the launchpad holds it.
    const claimable = await claimableOf(alice.wallet);
    expect(claimable).toBeGreaterThan(0n);
    expect(mine.fees).toEqual([
      {
        chain: "base-sepolia",
        claimable: claimable.toString(),
        claimable_usd: Number(claimable) / 1e6,
        accrued: claimable.toString(),
        claimed: "0",
      },
    ]);
    const anon = await call(anonClient, "get_portfolio");
    expect(anon.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Missing required fields: address" });
  });

  it("test_writeTools_prepareTransactions_withoutAutoExecute", async () => {
    const sell = await ok<Record<string, unknown>>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      sellAmountToken: 10,
    });
    expect(sell).toMatchObject({
      success: true,
      executed: false,
      transactionHash: null,
      inputAmount: "10",
      protocol: "bonding_curve",
      dryRun: false,
      transaction: { to: c.deployment.contracts.launchpad, chain: "base-sepolia" },
    });
    expect(Number(sell.outputAmount)).toBeGreaterThan(0);

    const claim = await ok<Record<string, unknown>>(aliceClient, "claim_fees", { chainSlug: "base-sepolia" });
    const claimable = await claimableOf(alice.wallet);
    expect(claim).toMatchObject({
      success: true,
      executed: false,
      claimable: formatUnits(claimable, 6),
      claimableBaseUnits: claimable.toString(),
      transaction: {
        to: c.deployment.contracts.launchpad,
        data: encodeFunctionData({ abi: launchpadAbi, functionName: "claimFees" }),
      },
    });
  });

  it("test_dryRun_simulatesWithoutSending", async () => {
    const nonce = await c.publicClient.getTransactionCount({ address: alice.wallet });
    const sell = await ok<Record<string, unknown>>(aliceClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      sellAmountToken: 10,
      autoExecute: true,
      dryRun: true,
    });
    expect(sell).toMatchObject({ dryRun: true, executed: false, transactionHash: null });
    expect(sell.simulation).toMatchObject({
      success: true,
      errorCode: null,
      calls: [{ step: "trade", success: true }],
    });
    expect(sell.spend).toMatchObject({ amountUsd: "0", spentTodayUsd: "0", withinCap: true });

    // A buy needs an approval first: both are simulated in order, and a wallet without USDC fails on the trade.
    const broke = await ok<Record<string, unknown>>(bobClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: 5,
      dryRun: true,
    });
    expect(broke.simulation).toMatchObject({
      success: false,
      errorCode: "INSUFFICIENT_BALANCE",
      reason: "trade: TransferFromFailed()",
      calls: [
        { step: "approval", success: true },
        { step: "trade", success: false, errorCode: "INSUFFICIENT_BALANCE" },
      ],
    });
    expect(broke.spend).toMatchObject({ amountUsd: "5", dailyCapUsd: "1000", withinCap: true });

    const create = await ok<Record<string, unknown>>(aliceClient, "create_token", {
      name: "Dry Run",
      symbol: "DRY",
      description: "simulated",
      image,
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(create).toMatchObject({ dryRun: true, executed: false, simulation: { success: true } });

    const claim = await ok<Record<string, unknown>>(aliceClient, "claim_fees", {
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(claim.simulation).toMatchObject({ success: true, calls: [{ step: "claim", success: true }] });

    const transfer = await ok<Record<string, unknown>>(aliceClient, "execute_transaction", {
      to: c.deployment.contracts.usdc,
      amount: "0",
      data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "transfer", args: [bob.wallet, 7n * USDC] }),
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(transfer).toMatchObject({ success: true, dryRun: true, executed: false, simulation: { success: true } });
    expect(transfer.spend).toMatchObject({ amountUsd: "7", withinCap: true });

    expect(await c.publicClient.getTransactionCount({ address: alice.wallet })).toBe(nonce);
  });

  it("test_socialTools_postVoteReadAndNotify", async () => {
    const post = await ok<Record<string, unknown>>(aliceClient, "create_post", {
      content: "MCPS to the moon",
      taggedCoinId: tokenId,
      imageUrl: "https://example.com/chart.png",
    });
    expect(post).toMatchObject({
      content: "MCPS to the moon",
      user_id: alice.userId,
      tagged_coin_id: tokenId,
      upvote_count: 0,
      reply_count: 0,
      media: [{ media: "https://example.com/chart.png", media_type: "image", order_index: 0 }],
    });
    const reply = await ok<Record<string, unknown>>(bobClient, "create_post", {
      content: "agreed",
      parentPostId: post.id,
    });
    expect(reply.parent_post_id).toBe(post.id);

    const vote = await ok<Record<string, unknown>>(bobClient, "vote", {
      content_id: post.id,
      content_type: "post",
      vote_type: "upvote",
    });
    expect(vote).toMatchObject({ content_id: post.id, vote_type: "upvote", action: "created", upvotes: 1 });
    expect(typeof vote.id).toBe("string");
    // Alice holds the token: her vote on it is weighted by her balance.
    const tokenVote = await ok<Record<string, unknown>>(aliceClient, "vote", {
      content_id: tokenId,
      content_type: "token",
      vote_type: "upvote",
    });
    expect(tokenVote.weight).toBeGreaterThan(0);

    const posts = await ok<{ posts: { id: string; upvote_count: number; reply_count: number }[]; total: number }>(
      bobClient,
      "get_token_posts",
      { token_id: tokenId },
    );
    // The token's posts: this one and the launch post create_token made.
    expect(posts.total).toBe(2);
    expect(posts.posts.find((p) => p.id === post.id)).toMatchObject({ upvote_count: 1, reply_count: 1 });

    const notes = await ok<{ notifications: { kind: string; post_id: string }[]; unread_count: number }>(
      aliceClient,
      "get_notifications",
    );
    expect(notes.notifications.map((n) => n.kind).sort()).toEqual(["reply", "vote"]);
    expect(notes.unread_count).toBe(2);

    const empty = await call(aliceClient, "create_post", { content: "" });
    expect(empty.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: expect.stringMatching(/^Invalid content: /),
    });
  });

  it("test_profileTools_getMeUpdateProfileAndGetUser", async () => {
    const mine = await ok<{ id: string; username: string; wallet_address: string; show_holdings: boolean }>(
      aliceClient,
      "get_me",
    );
    expect(mine).toMatchObject({ id: alice.userId, wallet_address: alice.wallet, show_holdings: false });
    const name = `mcp_${Date.now().toString(36)}`;
    const updated = await ok<{ username: string; bio: string }>(aliceClient, "update_profile", {
      username: name,
      bio: "from an assistant",
    });
    expect(updated).toMatchObject({ id: alice.userId, username: name, bio: "from an assistant" });
    const taken = await call(bobClient, "update_profile", { username: name.toUpperCase() });
    expect(taken.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: `Username ${name.toUpperCase()} is taken`,
      details: { httpStatus: 409, reason: "username_taken" },
    });
    const invalid = await call(bobClient, "update_profile", { username: "no spaces" });
    expect(invalid.body).toMatchObject({ code: "INVALID_PARAMETERS", error: expect.stringContaining("username") });
    const profile = await ok<{ id: string; username: string; holdings: unknown; tokens: { id: string }[] }>(
      bobClient,
      "get_user",
      { username: name },
    );
    expect(profile).toMatchObject({ id: alice.userId, username: name, holdings: null });
    expect(profile.tokens.map((t) => t.id)).toContain(tokenId);
    const owned = await ok<{ owns: boolean; balance: string; block: number }>(bobClient, "check_token_ownership", {
      tokenId,
      address: alice.wallet,
    });
    expect(owned.owns).toBe(BigInt(owned.balance) > 0n);
    expect(owned.block).toBeGreaterThan(0);
    const stats = await ok<{ token_id: string; windows: { window: string; trades: number }[] }>(
      anonClient,
      "get_token_stats",
      { tokenId },
    );
    expect(stats.token_id).toBe(tokenId);
    expect(stats.windows.map((w) => w.window)).toEqual(["5m", "1h", "6h", "24h"]);
    expect(stats.windows[3]?.trades).toBeGreaterThan(0);
    const sent = await ok<{ recipient: { user_id: string }; amountBaseUnits: string; executed: boolean }>(
      aliceClient,
      "send_token",
      { to: bob.userId, chainSlug: "base-sepolia", amount: 0.25 },
    );
    expect(sent).toMatchObject({ recipient: { user_id: bob.userId }, amountBaseUnits: "250000", executed: false });
    const toSelf = await call(bobClient, "send_token", { to: bob.wallet, chainSlug: "base-sepolia", amount: 1 });
    expect(toSelf.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Cannot send to yourself" });
    const fees = await ok<{ address: string; chains: { chain: string; lifetime: { usdc: string } }[] }>(
      aliceClient,
      "get_user_fees",
    );
    expect(fees.address).toBe(alice.wallet);
    // Alice created and bought the token: her creator share of that buy's fee.
    expect(BigInt(fees.chains[0]?.lifetime.usdc ?? "0")).toBeGreaterThan(0n);
    const missing = await call(bobClient, "get_user", { username: "nobody_at_all" });
    expect(missing.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: "User not found",
      details: { httpStatus: 404, reason: "not_found" },
    });
  });

  it("test_tipTool_preparesThenRecordsTheSentTipOnThePost_andNotifiesTheAuthor", async () => {
    const post = await ok<{ id: string }>(bobClient, "create_post", { content: "tip jar" });
    const prepared = await ok<{
      post_id: string;
      recipient: { user_id: string };
      amountBaseUnits: string;
      executed: boolean;
      tip: unknown;
      transaction: { to: string; data: string };
    }>(aliceClient, "tip", { postId: post.id, chainSlug: "base-sepolia", amount: 0.75 });
    expect(prepared).toMatchObject({
      post_id: post.id,
      recipient: { user_id: bob.userId },
      amountBaseUnits: "750000",
      executed: false,
      tip: null,
    });
    const receipt = await sendAs(alice, prepared.transaction);
    const recorded = await ok<{ executed: boolean; tip: { status: string } }>(aliceClient, "tip", {
      postId: post.id,
      chainSlug: "base-sepolia",
      amount: 0.75,
      transactionHash: receipt.transactionHash,
    });
    expect(recorded).toMatchObject({ executed: true, tip: { status: "confirmed" } });
    const posts = await ok<{ posts: { id: string; tips: { count: number; totals: { amount: string }[] } }[] }>(
      bobClient,
      "get_token_posts",
      { view_filter: "my_posts" },
    );
    expect(posts.posts.find((p) => p.id === post.id)?.tips).toMatchObject({ count: 1, totals: [{ amount: "0.75" }] });
    const notes = await ok<{ notifications: { kind: string; post_id: string; tip: { amount: string } | null }[] }>(
      bobClient,
      "get_notifications",
    );
    expect(notes.notifications.find((n) => n.kind === "tip")).toMatchObject({
      post_id: post.id,
      tip: { symbol: "USDC", amount: "0.75" },
    });
    const self = await call(bobClient, "tip", { postId: post.id, chainSlug: "base-sepolia", amount: 1 });
    expect(self.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Cannot tip yourself" });
    const neither = await call(aliceClient, "tip", { chainSlug: "base-sepolia", amount: 1 });
    expect(neither.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Missing required fields: postId or to" });
  });

  it("test_feedTools_feeHistoryLeaderboardAndTokenActivity_matchRest", async () => {
    const history = await ok<{ address: string; history: { kind: string; type: string }[] }>(
      aliceClient,
      "get_fee_history",
      { limit: 100 },
    );
    expect(history.address).toBe(alice.wallet);
    // Alice created the token and bought it: her creator share of that buy.
    expect(history.history.some((e) => e.kind === "accrual" && e.type === "creator")).toBe(true);
    const board = await ok<{ board: string; entries: { address: string }[] }>(anonClient, "get_leaderboard", {
      board: "volume",
      period: "all",
      limit: 100,
    });
    expect(board.board).toBe("volume");
    expect(board.entries.map((e) => e.address)).toContain(alice.wallet);
    const activity = await ok<{ token_id: string; activity: { kind: string }[]; pagination: { limit: number } }>(
      anonClient,
      "get_token_activity",
      { tokenId, limit: 5 },
    );
    expect(activity.token_id).toBe(tokenId);
    expect(activity.activity.length).toBeGreaterThan(0);
    expect(
      activity.activity.every((e) =>
        ["trade", "transfer", "graduation", "fee_collection", "fee_claim"].includes(e.kind),
      ),
    ).toBe(true);
    const rest = await api.post("get-token-activity", { tokenId, limit: 5 }, await api.jwt(uniqueName("mcp-rest")));
    expect(rest.body.activity).toEqual(activity.activity);
    const bad = await call(anonClient, "get_token_activity", { tokenId, cursor: "x" });
    expect(bad.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Invalid cursor" });
  });

  it("test_jwt_authenticatesLikeRest", async () => {
    const jwt = await api.jwt(uniqueName("mcp-jwt"));
    const client = await connect(jwt);
    const out = await ok<{ address: string }>(client, "get_portfolio");
    expect(out.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const status = await call(client, "get_intent_status", { intentId: "6f1c1f8e-1111-4a4a-8b8b-123456789abc" });
    expect(status.body).toEqual({
      error: "Intent not found",
      code: "INVALID_PARAMETERS",
      details: { httpStatus: 404, retryable: false, reason: "not_found" },
    });
  });
});

describe("errors", () => {
  it("test_getTokenPosts_readsThePublicFeedAnonymously_butNotTheViewersFilters", async () => {
    const feed = await call(anonClient, "get_token_posts", {});
    expect(feed.isError).toBeFalsy();
    expect(feed.structured).toMatchObject({ posts: expect.any(Array), total: expect.any(Number) });
    for (const args of [{ filter: "following" }, { view_filter: "my_posts" }]) {
      const out = await call(anonClient, "get_token_posts", args);
      expect(out.isError).toBe(true);
      expect(out.body).toMatchObject({ error: "Missing authorization header", code: "AUTHENTICATION_FAILED" });
    }
  });

  it("test_authenticationFailed_forWriteToolsWithoutCredential", async () => {
    for (const name of [
      "trade_token",
      "create_token",
      "execute_transaction",
      "claim_fees",
      "get_intent_status",
      "create_post",
      "vote",
      "get_notifications",
      "get_me",
      "update_profile",
      "send_token",
      "tip",
      "get_user_fees",
      "get_fee_history",
    ]) {
      const out = await call(anonClient, name, {});
      expect(out.isError, name).toBe(true);
      expect(out.structured).toBeUndefined();
      expect(out.body, name).toEqual({
        error: "Missing authorization header",
        code: "AUTHENTICATION_FAILED",
        details: {
          resource_metadata: `${api.config.publicUrl}/.well-known/oauth-protected-resource`,
          httpStatus: 401,
          retryable: false,
        },
      });
    }
  });

  it("test_anonymousCalls_areRefusedByDefault_initializeAndToolsListIncluded", async () => {
    expect(mcpConfigFromEnv({}).allowAnonymous).toBe(false);
    const strict = await serveMcp(api.deps, mcpConfig());
    try {
      const rpc = (method: string, params: Record<string, unknown> = {}) =>
        fetch(strict.url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
        });
      const initialize = await rpc("initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "probe", version: "1" },
      });
      expect(initialize.status).toBe(401);
      expect(initialize.headers.get("www-authenticate")).toContain("resource_metadata=");
      expect((await rpc("tools/list")).status).toBe(401);
      const read = await rpc("tools/call", { name: "get_tokens", arguments: { filter: "new" } });
      expect(read.status).toBe(401);
      expect(((await read.json()) as { error: string }).error).toBe("Missing authorization header");
      // A credential still gets in.
      const client = await httpClient(strict.url, alice.key);
      expect((await call(client, "get_tokens", { filter: "new" })).isError).toBe(false);
      await client.close();
    } finally {
      await strict.close();
    }
  });

  it("test_authenticationFailed_badCredentialIs401WithWwwAuthenticate", async () => {
    const metadataUrl = `${api.config.publicUrl}/.well-known/oauth-protected-resource`;
    const init = {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: "Bearer sk_not-a-real-key",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    };
    const res = await fetch(served.url, init);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${metadataUrl}", error="invalid_token", error_description="Invalid or expired authentication token"`,
    );
    expect(await res.json()).toEqual({
      error: "Invalid or expired authentication token",
      code: "AUTHENTICATION_FAILED",
      details: { httpStatus: 401, retryable: false, resource_metadata: metadataUrl },
    });
    const expired = await api.jwt("mcp-expired", { exp: Math.floor(Date.now() / 1000) - 10 });
    const res2 = await fetch(served.url, { ...init, headers: { ...init.headers, authorization: `Bearer ${expired}` } });
    expect(res2.status).toBe(401);
    // The SDK client sees the 401 too.
    await expect(connect("sk_not-a-real-key")).rejects.toThrow(/401|Unauthorized/i);

    // With anonymous access off, no credential is a 401 that starts an OAuth flow.
    const closed = await serveMcp(api.deps, mcpConfig({ allowAnonymous: false }));
    try {
      const { authorization: _, ...noAuth } = init.headers;
      const res3 = await fetch(closed.url, { ...init, headers: noAuth });
      expect(res3.status).toBe(401);
      expect(res3.headers.get("www-authenticate")).toBe(`Bearer resource_metadata="${metadataUrl}"`);
      expect(((await res3.json()) as { error: string }).error).toBe("Missing authorization header");
      const client = await httpClient(closed.url, alice.key);
      expect((await client.listTools()).tools.length).toBeGreaterThan(10);
      await client.close();
    } finally {
      await closed.close();
    }
  });

  it("test_oauthProtectedResourceMetadata_isServed", async () => {
    const withIssuer = await serveMcp(api.deps, mcpConfig({ authorizationServers: ["https://issuer.example"] }));
    try {
      for (const path of ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]) {
        const res = await fetch(`${withIssuer.base}${path}`);
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({
          resource: `${api.config.publicUrl}/mcp`,
          authorization_servers: ["https://issuer.example"],
          bearer_methods_supported: ["header"],
          resource_name: "Social token service MCP tool server",
          resource_documentation: `${api.config.publicUrl}/docs`,
        });
      }
      // GET /mcp (a standalone SSE stream) is refused: the server is stateless.
      expect((await fetch(withIssuer.url)).status).toBe(405);
    } finally {
      await withIssuer.close();
    }
    expect(mcpConfigFromEnv({ AUTH_JWT_ISSUER: "https://idp.example" }).authorizationServers).toEqual([
      "https://idp.example",
    ]);
  });

  it("test_origin_browserRequestsFromOtherOriginsAreRefused", async () => {
    const init = (origin?: string) => ({
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    });
    const evil = await fetch(served.url, init("http://evil.example"));
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({
      error: "Origin not allowed: http://evil.example",
      code: "AUTHENTICATION_FAILED",
      details: { httpStatus: 403, retryable: false, reason: "forbidden" },
    });
    expect((await fetch(served.url, init(new URL(api.config.publicUrl).origin))).status).toBe(200);
    expect((await fetch(served.url, init())).status).toBe(200);
    const allowing = await serveMcp(
      api.deps,
      mcpConfig({ allowAnonymous: true, allowedOrigins: ["http://evil.example"] }),
    );
    try {
      expect((await fetch(allowing.url, init("http://evil.example"))).status).toBe(200);
    } finally {
      await allowing.close();
    }
  });

  it("test_invalidParameters_readAsInRest", async () => {
    const missing = await call(aliceClient, "trade_token", {});
    expect(missing.body).toEqual({
      error: "Missing required fields: tokenId, chainSlug, direction",
      code: "INVALID_PARAMETERS",
      details: { httpStatus: 400, retryable: false },
    });
    const symbol = await call(aliceClient, "create_token", {
      name: "x",
      symbol: "X",
      description: "x",
      image,
      chainSlug: "base-sepolia",
    });
    expect(symbol.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: expect.stringMatching(/^Invalid symbol: /),
    });
    const chainSlug = await call(anonClient, "quote_trade_token", { tokenId, chainSlug: "bnb" });
    expect(chainSlug.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error: "Invalid chainSlug value. Must be one of: base, base-sepolia",
    });
    const base = await call(anonClient, "quote_trade_token", { tokenId, chainSlug: "base" });
    expect(base.body).toMatchObject({ code: "INVALID_PARAMETERS", error: "Token not available on chain base" });
    const path = await call(aliceClient, "create_token", {
      name: "x",
      symbol: "XX",
      description: "x",
      image: "/etc/passwd.png",
      chainSlug: "base-sepolia",
    });
    expect(path.body).toMatchObject({
      code: "INVALID_PARAMETERS",
      error:
        "Invalid image: a file path is accepted over stdio only; over HTTP send an http(s) URL or a data:image/ URI",
    });
    // An unknown tool is a protocol error, not a tool result.
    await expect(aliceClient.callTool({ name: "no_such_tool", arguments: {} })).rejects.toThrow(
      /Unknown tool: no_such_tool/,
    );
  });

  it("test_tokenNotFound", async () => {
    const out = await call(anonClient, "search_token", { input: "no-such-token-anywhere" });
    expect(out.body).toEqual({
      error: "Token not found",
      code: "TOKEN_NOT_FOUND",
      details: { httpStatus: 404, retryable: false },
    });
    const tag = await call(anonClient, "get_hashtag_token", { hashtag_name: "nobodyusesthistag" });
    expect(tag.body).toMatchObject({ code: "TOKEN_NOT_FOUND", error: "Token not found" });
    const pool = await call(anonClient, "get_pool_data", { tokenId: "6f1c1f8e-1111-4a4a-8b8b-123456789abc" });
    expect(pool.body.code).toBe("TOKEN_NOT_FOUND");
  });

  it("test_insufficientBalance_sellWithoutTokens_andDailyCap", async () => {
    const sell = await call(bobClient, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "sell",
      sellAmountToken: 1,
    });
    expect(sell.body).toEqual({
      error: "Insufficient token balance",
      code: "INSUFFICIENT_BALANCE",
      details: { httpStatus: 400, retryable: false },
    });

    // A key with a 5 USD cap: a 10 USD buy with autoExecute is refused before anything is submitted. It asks for the
    // 10 USD it moves and its transactions' worst-case gas.
    const capped = await userWithKey(api.deps, { dailyCapUsdc: 5n * USDC });
    const client = await connect(capped.key);
    const over = await call(client, "trade_token", {
      tokenId,
      chainSlug: "base-sepolia",
      direction: "buy",
      buyAmountUSD: 10,
      autoExecute: true,
    });
    expect(over.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { reason: "daily_spend_cap", spentTodayUsd: "0", dailyCapUsd: "5" },
    });
    const { requestedUsd, gasUsd } = over.body.details as { requestedUsd: string; gasUsd: string };
    expect(parseUnits(gasUsd, 6)).toBeGreaterThan(0n);
    expect(parseUnits(requestedUsd, 6)).toBe(10n * USDC + parseUnits(gasUsd, 6));
    expect(over.body.error).toBe(
      `Daily spending cap exceeded: ${requestedUsd} USD would bring today's spending to ${requestedUsd} USD, over the cap of 5 USD`,
    );
    const { rows } = await api.deps.db.query(`SELECT count(*)::int AS n FROM ${api.appSchema}.intents`);
    expect(rows[0]?.n).toBe(0);
    expect(DEFAULT_DAILY_SPEND_CAP_USDC).toBe(1_000n * USDC);
    expect(apiConfigFromEnv({ MCP_DAILY_SPEND_CAP_USD: "12.5" }).spending.credentialCapUsdc).toBe(12_500_000n);
    expect(apiConfigFromEnv({ MCP_DAILY_SPEND_CAP_USD: "off" }).spending.credentialCapUsdc).toBeNull();
  });

  it("test_invalidParameters_destinationNotOnTheAllowlist", async () => {
    const allowed = c.deployment.contracts.usdc;
    const keyed = await userWithKey(api.deps, { allow: [allowed] });
    const client = await connect(keyed.key);
    const other = "0x000000000000000000000000000000000000bEEF";
    const denied = await call(client, "execute_transaction", {
      to: other,
      amount: "1",
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(denied.body).toEqual({
      error: `Destination not allowed: ${other} is not on this credential's allowlist`,
      code: "INVALID_PARAMETERS",
      details: {
        reason: "destination_not_allowed",
        to: other,
        allowedDestinations: [allowed.toLowerCase()],
        httpStatus: 400,
        retryable: false,
      },
    });
    const fine = await call(client, "execute_transaction", {
      to: allowed,
      amount: "0",
      data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [keyed.wallet, 1n] }),
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(fine.body).toMatchObject({ success: true, dryRun: true, simulation: { success: true } });
    // The server-wide default list applies to credentials without their own.
    const spending = { ...api.deps.config.spending, allowedDestinations: [allowed.toLowerCase()] };
    const serverWide = await serveMcp({ ...api.deps, config: { ...api.deps.config, spending } }, mcpConfig());
    try {
      const jwtClient = await httpClient(serverWide.url, await api.jwt(uniqueName("allow")));
      const out = await call(jwtClient, "execute_transaction", { to: other, amount: "1", chainSlug: "base-sepolia" });
      expect(out.body.code).toBe("INVALID_PARAMETERS");
      await jwtClient.close();
    } finally {
      await serverWide.close();
    }
  });

  it("test_networkError_whenTheChainOrTheWorkerIsUnreachable", async () => {
    const slug = c.deployment.chainSlug;
    const dead = await serveMcp({ ...api.deps, rpcUrls: new Map([[slug, "http://127.0.0.1:9"]]) }, mcpConfig());
    try {
      const client = await httpClient(dead.url, alice.key);
      const out = await call(client, "execute_transaction", {
        to: bob.wallet,
        amount: "1",
        chainSlug: "base-sepolia",
        dryRun: true,
      });
      expect(out.body).toEqual({
        error: "Simulation failed: the chain's RPC did not answer",
        code: "NETWORK_ERROR",
        details: { httpStatus: 502, retryable: true },
      });
      await client.close();
    } finally {
      await dead.close();
    }
    // A database that does not answer while checking a key is not the key's fault: 503 (retry), no challenge.
    const noDb = new pg.Pool({
      connectionString: "postgres://postgres@127.0.0.1:9/none",
      connectionTimeoutMillis: 2000,
    });
    const broken = await serveMcp({ ...api.deps, db: noDb }, mcpConfig());
    const log = console.error;
    console.error = () => undefined;
    try {
      const res = await fetch(broken.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          authorization: `Bearer ${alice.key}`,
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("5");
      expect(res.headers.get("www-authenticate")).toBeNull();
      expect(await res.json()).toEqual({
        error: "The database is unavailable; try again in a few seconds",
        code: "NETWORK_ERROR",
        details: { httpStatus: 503, retryable: true, reason: "database_unavailable", retryAfterSeconds: 5 },
      });
    } finally {
      console.error = log;
      await broken.close();
      await noDb.end();
    }
    // This server has no execute queue: autoExecute is unavailable, a service-side failure.
    const out = await call(aliceClient, "claim_fees", { chainSlug: "base-sepolia", autoExecute: true });
    expect(out.body).toEqual({
      error: "Automatic execution is not available on this server",
      code: "NETWORK_ERROR",
      details: { httpStatus: 503, retryable: false, reason: "internal" },
    });
  });
});

describe("rate limits", () => {
  const limits = { anonymous: 3, authenticated: 5, premium: 7 };

  async function exhaust(client: Client, n: number) {
    for (let i = 0; i < n; i++) {
      const out = await call(client, "search_token", { input: tokenId });
      expect(out.isError, `call ${i + 1} of ${n}: ${JSON.stringify(out.body)}`).toBe(false);
    }
    return call(client, "search_token", { input: tokenId });
  }

  it("test_rateLimit_eachTierAtItsBoundary", async () => {
    const small = await serveMcp(api.deps, mcpConfig({ allowAnonymous: true, rateLimits: limits }));
    try {
      const ip = uniqueName("ip");
      const anon = await httpClient(small.url, undefined, { "x-forwarded-for": ip });
      const over = await exhaust(anon, 3);
      expect(over.body).toMatchObject({
        code: "RATE_LIMIT_EXCEEDED",
        error: "Rate limit exceeded: 3 tool calls per minute for the anonymous tier",
        details: { tier: "anonymous", limit: 3, windowSeconds: 60, httpStatus: 429, retryable: true },
      });
      expect(over.body.details?.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      // Another address has its own budget; listing tools is not a tool call.
      await anon.listTools();
      const other = await httpClient(small.url, undefined, { "x-forwarded-for": uniqueName("ip") });
      expect((await call(other, "search_token", { input: tokenId })).isError).toBe(false);

      const authed = await userWithKey(api.deps, { tier: "authenticated" });
      const a = await httpClient(small.url, authed.key, { "x-forwarded-for": ip });
      expect((await exhaust(a, 5)).body).toMatchObject({
        code: "RATE_LIMIT_EXCEEDED",
        details: { tier: "authenticated", limit: 5 },
      });

      const premium = await userWithKey(api.deps, { tier: "premium" });
      const p = await httpClient(small.url, premium.key);
      expect((await exhaust(p, 7)).body).toMatchObject({
        code: "RATE_LIMIT_EXCEEDED",
        details: { tier: "premium", limit: 7 },
      });

      // JWT callers are counted per user, in the authenticated tier.
      const j = await httpClient(small.url, await api.jwt(uniqueName("rl")));
      expect((await exhaust(j, 5)).body.details).toMatchObject({ tier: "authenticated", limit: 5 });
      for (const cl of [anon, other, a, p, j]) await cl.close();
    } finally {
      await small.close();
    }
  });

  it("test_rateLimit_rotatingForwardedForFromAnUntrustedPeer_doesNotRaiseTheAnonymousLimit", async () => {
    // The same app with no trusted proxy: the socket's peer (127.0.0.1) is the client, whatever the header says.
    const direct = { ...api.deps, config: { ...api.deps.config, trustProxy: parseTrustProxy("") } };
    const open = await serveMcp(direct, mcpConfig({ allowAnonymous: true, rateLimits: limits }));
    try {
      const outcomes: (string | undefined)[] = [];
      for (let i = 0; i < 4; i++) {
        const client = await httpClient(open.url, undefined, { "x-forwarded-for": uniqueName("rotating") });
        const out = await call(client, "search_token", { input: tokenId });
        outcomes.push(out.isError ? out.body.code : "ok");
        await client.close();
      }
      expect(outcomes).toEqual(["ok", "ok", "ok", "RATE_LIMIT_EXCEEDED"]);
    } finally {
      await open.close();
    }
  });

  it("test_rateLimit_documentedDefaults_10_100_1000", async () => {
    expect(DEFAULT_RATE_LIMITS).toEqual({ anonymous: 10, authenticated: 100, premium: 1000 });
    expect(mcpConfigFromEnv({}).rateLimits).toEqual({ anonymous: 10, authenticated: 100, premium: 1000 });
    const defaults = await serveMcp(api.deps, mcpConfig({ allowAnonymous: true }));
    try {
      // The cheapest call that still counts: arguments that fail validation after the limit is checked.
      const burn = async (client: Client, n: number) => {
        for (let i = 0; i < n; i++) {
          const out = await call(client, "search_token", {});
          expect(out.body.code, `call ${i + 1}`).toBe("INVALID_PARAMETERS");
        }
        return (await call(client, "search_token", {})).body;
      };
      const anon = await httpClient(defaults.url, undefined, { "x-forwarded-for": uniqueName("ip") });
      expect(await burn(anon, 10)).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", details: { limit: 10 } });
      const authed = await userWithKey(api.deps, { tier: "authenticated" });
      const a = await httpClient(defaults.url, authed.key);
      expect(await burn(a, 100)).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", details: { limit: 100 } });
      const premium = await userWithKey(api.deps, { tier: "premium" });
      const p = await httpClient(defaults.url, premium.key);
      expect(await burn(p, 1000)).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", details: { limit: 1000 } });
      for (const cl of [anon, a, p]) await cl.close();
    } finally {
      await defaults.close();
    }
  });
});

describe("api-key CLI", () => {
  const apiKeyCli = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", "scripts/api-key.ts", ...args], {
      cwd: join(dirname(fileURLToPath(import.meta.url)), ".."),
      env: { PATH: process.env.PATH, DATABASE_URL: api.databaseUrl, APP_SCHEMA: api.appSchema, WALLET_SECRET: secret },
      encoding: "utf8",
    });

  it("test_apiKeyCli_createsAKeyWithTierCapAndAllowlist", async () => {
    const allowed = c.deployment.contracts.usdc;
    const run = apiKeyCli([
      "create",
      "--user",
      "new",
      "--tier",
      "premium",
      "--daily-cap-usd",
      "25.5",
      "--allow",
      allowed,
    ]);
    expect(run.status, run.stderr).toBe(0);
    const key = run.stdout.trim();
    expect(key).toMatch(/^sk_[A-Za-z0-9_-]{43}$/);
    expect(run.stderr).toMatch(/tier premium/);
    const client = await connect(key);
    const dry = await ok<{ spend: Record<string, unknown> }>(client, "execute_transaction", {
      to: allowed,
      amount: "0",
      data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "transfer", args: [bob.wallet, 30n * USDC] }),
      chainSlug: "base-sepolia",
      dryRun: true,
    });
    expect(dry.spend).toEqual({ amountUsd: "30", spentTodayUsd: "0", dailyCapUsd: "25.5", withinCap: false });
    const denied = await call(client, "execute_transaction", {
      to: bob.wallet,
      amount: "1",
      chainSlug: "base-sepolia",
    });
    expect(denied.body.details).toMatchObject({
      reason: "destination_not_allowed",
      allowedDestinations: [allowed.toLowerCase()],
    });
    const bad = apiKeyCli(["create", "--user", "new", "--daily-cap-usd", "lots"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--daily-cap-usd must be a USD amount");
  });
});

describe("stdio", () => {
  let dir: string;
  let env: Record<string, string>;
  const stderr: string[] = [];

  beforeAll(() => {
    dir = deploymentsDirFor(c.deployment);
    env = {
      DATABASE_URL: api.databaseUrl,
      REDIS_URL: sharedRedisUrl,
      APP_SCHEMA: api.appSchema,
      INDEXER_SCHEMA: indexer.schema,
      WALLET_SECRET: secret,
      RPC_URL: c.rpcUrl,
      CHAIN_SLUG: "base-sepolia",
      DEPLOYMENTS_DIR: dir,
      PUBLIC_URL: api.config.publicUrl,
    };
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("test_stdio_servesTheSameToolsWithTheKeyFromTheEnvironment", async () => {
    const client = await stdioClient({ env: { ...env, MCP_API_KEY: alice.key }, stderr });
    try {
      const { tools } = await client.listTools();
      const http = await aliceClient.listTools();
      expect(tools).toEqual(http.tools);
      const found = await ok<{ id: string }>(client, "search_token", { input: "MCPS" });
      expect(found.id).toBe(tokenId);
      const mine = await ok<{ address: string }>(client, "get_portfolio");
      expect(mine.address).toBe(alice.wallet);
      // A local image path is read, checked and stored over stdio.
      const png = join(tmpdir(), `${uniqueName("logo")}.png`);
      writeFileSync(png, Buffer.from(PNG_1x1, "base64"));
      const created = await ok<{ metadata: { symbol: string }; transaction: { to: string } }>(client, "create_token", {
        name: "From A Path",
        symbol: "PATH",
        description: "image from a file",
        image: png,
        chainSlug: "base-sepolia",
      });
      expect(created.metadata.symbol).toBe("PATH");
      expect(created.transaction.to).toBe(c.deployment.contracts.launchpad);
      rmSync(png);
      const notImage = await call(client, "create_token", {
        name: "x",
        symbol: "XX",
        description: "x",
        image: join(tmpdir(), "missing-file.png"),
        chainSlug: "base-sepolia",
      });
      expect(notImage.body).toMatchObject({
        code: "INVALID_PARAMETERS",
        error: expect.stringMatching(/^Invalid image: no file at /),
      });
    } catch (error) {
      throw new Error(`${String(error)}\nstderr:\n${stderr.join("\n")}`);
    } finally {
      await client.close();
    }
  });

  it("test_stdio_anonymous_isReadOnlyAndRateLimited", async () => {
    const client = await stdioClient({
      env: { ...env, MCP_ALLOW_ANONYMOUS: "true", MCP_RATE_LIMIT_ANONYMOUS: "2" },
      stderr,
    });
    try {
      const denied = await call(client, "trade_token", { tokenId });
      expect(denied.body).toMatchObject({ code: "AUTHENTICATION_FAILED", error: "Missing authorization header" });
      expect((await call(client, "get_tokens", { filter: "new" })).isError).toBe(false);
      const limited = await call(client, "get_tokens", { filter: "new" });
      expect(limited.body).toMatchObject({ code: "RATE_LIMIT_EXCEEDED", details: { tier: "anonymous", limit: 2 } });
    } finally {
      await client.close();
    }
  });

  it("test_stdio_withoutACredential_stopsTheProcess_unlessAnonymousIsAllowed", async () => {
    const lines: string[] = [];
    await expect(stdioClient({ env, stderr: lines })).rejects.toThrow();
    expect(lines.join("\n")).toContain("[mcp] MCP_API_KEY or MCP_BEARER_TOKEN is required");
  });

  it("test_stdio_badCredential_stopsTheProcess", async () => {
    const lines: string[] = [];
    await expect(stdioClient({ env: { ...env, MCP_API_KEY: "sk_wrong" }, stderr: lines })).rejects.toThrow();
    expect(lines.join("\n")).toContain("[mcp] MCP_API_KEY / MCP_BEARER_TOKEN: Invalid or expired authentication token");
  });
});
