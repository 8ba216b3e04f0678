/**
 * tip through the API, against the real stack (anvil, indexer, Postgres, Redis and a worker process): a prepared tip
 * to a post's author, sent by the client and reported by its hash (counted on the post once, notified once; a report
 * that is not this tip, someone else's transaction or a transaction already counted are refused); an autoExecuted
 * tip sent once under two concurrent requests and a repeat with one idempotency key (counted in the chain's Transfer
 * logs), and a key reused for another tip; the recipient's notification; tip totals per asset on the post; every
 * refusal (missing fields, bad amounts, tipping yourself, unknown post or user, a user without a wallet, too little
 * balance, someone else's wallet as the sender).
 */
import { type Address, erc20Abi, getAddress, type Hex, maxUint256, parseEther } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import type { PostTipsView } from "../api/services/social/post-view.js";
import { noAttribution } from "../core/fees.js";
import { deriveWalletKey } from "../core/wallets.js";
import { type Chain, createToken, fundedWallets, fundUsdc, send, spendPriceOf, type Wallet } from "./helpers/chain.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { uniqueName } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
const secret = uniqueName("tip-secret");
/** Longer than the 10 s default: this machine runs other work. */
const WAIT_MS = 30_000;
const chainSlug = "base-sepolia";

type Body = Record<string, unknown> & { success: boolean; error?: string };
type User = { jwt: string; id: string; username: string; address: Address; wallet: Wallet };
type Tipped = {
  post_id: string | null;
  recipient: { address: string; user_id: string | null; username: string | null };
  asset: { type: string; token_id: string | null; symbol: string };
  amount: string;
  amountBaseUnits: string;
  executed: boolean;
  transactionHash: Hex | null;
  intentId?: string;
  status?: string;
  replayed: boolean;
  transaction: { to: Address; data: Hex; gasLimit: string };
  tip: { id: string; status: string; created_at: string } | null;
};
type Notification = {
  id: string;
  kind: string;
  actor: { id: string } | null;
  post_id: string | null;
  token_id: string | null;
  tip: { id: string; chain: string; token_id: string | null; symbol: string; amount: string } | null;
};

let c: Chain;
let stack: Stack;
let alice: User;
let bob: User;
let carol: User;
let token: { id: string; address: Address };
let post: string;
/** A post of alice's own. */
let ownPost: string;
let users = 0;

const call = async (name: string, body: unknown, as?: User) => {
  const res = await stack.api.post(name, body, as?.jwt);
  return { status: res.status, body: res.body as Body };
};
const ok = async (name: string, body: unknown, as?: User) => {
  const res = await call(name, body, as);
  expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const tip = async (body: Record<string, unknown>, as: User = alice) =>
  (await ok("tip", { chainSlug, ...body }, as)) as unknown as Tipped;
const tipsOf = async (postId: string) =>
  ((await ok("get-post", { post_id: postId }, carol)).post as { tips: PostTipsView }).tips;
const notificationsOf = async (u: User) =>
  ((await ok("get-notifications", { limit: 100 }, u)).notifications as Notification[]).filter((n) => n.kind === "tip");

/** A user provisioned by a first request, with its custodial wallet's key (derived as the service derives it). */
async function user(): Promise<User> {
  const sub = uniqueName(`tip-user-${users++}`);
  const jwt = await stack.api.jwt(sub);
  await ok("get-notifications", {}, { jwt } as User);
  const { rows } = await stack.api.deps.db.query<{ id: string; username: string; wallet_index: number }>(
    `SELECT id, username, wallet_index FROM ${stack.api.appSchema}.users WHERE external_sub = $1`,
    [sub],
  );
  const row = rows[0];
  if (!row) throw new Error("user was not provisioned");
  const account = privateKeyToAccount(deriveWalletKey(secret, row.wallet_index));
  await c.testClient.setBalance({ address: account.address, value: parseEther("10") });
  return { jwt, id: row.id, username: row.username, address: account.address, wallet: c.walletOf(account) };
}

/** Send a prepared transaction from the user's wallet, as a client would; returns its hash. */
async function sendPrepared(u: User, tx: Tipped["transaction"]): Promise<Hex> {
  const hash = await u.wallet.sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gasLimit) });
  expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
  return hash;
}

/** The chain's Transfer logs of `asset` from `from` to `to` in the blocks after `after`. */
const transfers = (asset: Address, from: Address, to: Address, after: bigint) =>
  c.publicClient.getContractEvents({
    address: asset,
    abi: erc20Abi,
    eventName: "Transfer",
    args: { from, to },
    fromBlock: after + 1n,
  });

async function newPost(u: User, content: string) {
  return ((await ok("create-post", { content }, u)).post as { id: string }).id;
}

beforeAll(async () => {
  stack = await startStack({ walletSecret: secret, autoExecuteWaitMs: WAIT_MS, name: "tip" });
  c = stack.c;
  alice = await user();
  bob = await user();
  carol = await user();
  await fundUsdc(c, alice.wallet, 1_000n * USDC);
  // A launched token alice holds: created by a wallet of this file's own, bought from alice's wallet.
  const [creator] = await fundedWallets(c, 1);
  const created = await createToken(c, creator, 7, { name: uniqueName("Tip Token"), symbol: "TIPT" });
  await send(c, alice.wallet, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [created.token, 50n * USDC, 0n, maxUint256, noAttribution],
  } as never);
  await stack.indexer.sync();
  const found = await ok("search-token", { input: created.tokenLayerId }, alice);
  token = { id: (found.token as { id: string }).id, address: created.token };
  post = await newPost(bob, "tip me if you like it");
  ownPost = await newPost(alice, "my own post");
});

afterAll(async () => {
  await stack?.close();
});

describe("tip, prepared and reported", () => {
  let usdcHash: Hex;
  let usdcTip: Tipped;

  it("prepares a USDC tip to a post's author and records nothing before the transaction is reported", async () => {
    const prepared = await tip({ postId: post, amount: 2.5 });
    expect(prepared).toMatchObject({
      post_id: post,
      recipient: { address: getAddress(bob.address), user_id: bob.id, username: bob.username },
      asset: { type: "usdc", token_id: null, symbol: "USDC" },
      amount: "2.5",
      amountBaseUnits: "2500000",
      executed: false,
      transactionHash: null,
      replayed: false,
      tip: null,
    });
    expect(prepared.transaction.to).toBe(getAddress(c.deployment.contracts.usdc));
    expect(await tipsOf(post)).toEqual({ count: 0, totals: [] });

    const before = await c.publicClient.getBlockNumber();
    usdcHash = await sendPrepared(alice, prepared.transaction);
    const logs = await transfers(c.deployment.contracts.usdc, alice.address, bob.address, before);
    expect(logs.map((l) => l.args.value)).toEqual([2_500_000n]);
    // Sent but not reported: still nothing counted.
    expect((await tipsOf(post)).count).toBe(0);
  });

  it("records the reported transaction once: counted on the post and notified to the author", async () => {
    usdcTip = await tip({ postId: post, amount: 2.5, transactionHash: usdcHash });
    expect(usdcTip).toMatchObject({
      post_id: post,
      executed: true,
      transactionHash: usdcHash,
      replayed: false,
      tip: { status: "confirmed" },
    });
    const again = await tip({ postId: post, amount: 2.5, transactionHash: usdcHash });
    expect(again).toMatchObject({ replayed: true, tip: { id: usdcTip.tip?.id, status: "confirmed" } });
    expect(await tipsOf(post)).toEqual({
      count: 1,
      totals: [
        {
          chain: chainSlug,
          token_id: null,
          symbol: "USDC",
          amount: "2.5",
          amount_base_units: "2500000",
          count: 1,
        },
      ],
    });
    const notes = await notificationsOf(bob);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: "tip",
      actor: { id: alice.id },
      post_id: post,
      token_id: null,
      tip: { id: usdcTip.tip?.id, chain: chainSlug, token_id: null, symbol: "USDC", amount: "2.5" },
    });
    // The tipper hears nothing of their own tip.
    expect(await notificationsOf(alice)).toHaveLength(0);
  });

  it("totals a launched token's tips apart from USDC, per asset", async () => {
    const prepared = await tip({ postId: post, tokenId: token.id, amount: 3 });
    expect(prepared.asset).toMatchObject({ type: "token", token_id: token.id, symbol: "TIPT" });
    const hash = await sendPrepared(alice, prepared.transaction);
    const reported = await tip({ postId: post, tokenId: token.id, amount: 3, transactionHash: hash });
    expect(reported.tip?.status).toBe("confirmed");
    const tips = await tipsOf(post);
    expect(tips.count).toBe(2);
    expect(tips.totals).toContainEqual({
      chain: chainSlug,
      token_id: token.id,
      symbol: "TIPT",
      amount: "3",
      amount_base_units: (3n * TOKEN).toString(),
      count: 1,
    });
    const note = (await notificationsOf(bob)).find((n) => n.tip?.token_id === token.id);
    expect(note).toMatchObject({ token_id: token.id, tip: { symbol: "TIPT", amount: "3" } });
  });

  it("refuses a report that is not this tip, someone else's transaction, or one already counted", async () => {
    const prepared = await tip({ postId: post, amount: 1 });
    const hash = await sendPrepared(alice, prepared.transaction);
    const report = (body: Record<string, unknown>, as: User) =>
      call("tip", { chainSlug, postId: post, amount: 1, transactionHash: hash, ...body }, as);
    // Carol claims alice's transfer, not reported yet, as her own tip.
    const stolen = await report({}, carol);
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe(
      `Transaction ${hash} is not this tip: it must send 1 USDC from your wallet on record (${getAddress(carol.address)}) to ${getAddress(bob.address)}`,
    );
    // Another amount than the transaction sent, or another asset.
    const otherAmount = await report({ amount: 2 }, alice);
    expect(otherAmount.status).toBe(400);
    expect(otherAmount.body.error).toBe(
      `Transaction ${hash} is not this tip: it must send 2 USDC from your wallet on record (${getAddress(alice.address)}) to ${getAddress(bob.address)}`,
    );
    expect((await report({ tokenId: token.id }, alice)).body.error).toMatch(/ is not this tip: it must send 1 TIPT /);
    // Reported for another post of the same author, it counts there, once.
    const second = await newPost(bob, "another one");
    expect((await report({ postId: second }, alice)).body).toMatchObject({
      replayed: false,
      tip: { status: "confirmed" },
    });
    for (const [postId, h] of [
      [post, hash],
      [second, usdcHash],
    ] as const) {
      const twice = await report({ postId, transactionHash: h, amount: h === hash ? 1 : 2.5 }, alice);
      expect(twice.status).toBe(400);
      expect(twice.body.error).toBe(`Transaction ${h} is already recorded as another tip`);
    }
    expect((await tipsOf(second)).count).toBe(1);
    // A hash the chain does not know.
    const unknown = `0x${"ab".repeat(32)}`;
    const missing = await report({ transactionHash: unknown }, alice);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(`Transaction ${unknown} is not mined on ${chainSlug}: report it once it is`);
    expect((await tipsOf(post)).count).toBe(2);
  });
});

describe("tip with autoExecute", () => {
  it("tips once under two concurrent requests and a repeat with one idempotency key", async () => {
    const target = await newPost(bob, "executed tips land here");
    const key = uniqueName("tip");
    const request = () =>
      call("tip", { chainSlug, postId: target, amount: 1.25, autoExecute: true, idempotencyKey: key }, alice);
    const before = await c.publicClient.getBlockNumber();
    const notesBefore = (await notificationsOf(bob)).length;
    const [a, b] = await Promise.all([request(), request()]);
    const again = await request();
    for (const r of [a, b, again]) {
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toMatchObject({
        executed: true,
        status: "confirmed",
        amountBaseUnits: "1250000",
        post_id: target,
        tip: { status: "confirmed" },
      });
    }
    expect(again.body.replayed).toBe(true);
    expect(new Set([a, b, again].map((r) => r.body.transactionHash)).size).toBe(1);
    expect(new Set([a, b, again].map((r) => (r.body.tip as { id: string }).id)).size).toBe(1);
    const logs = await transfers(c.deployment.contracts.usdc, alice.address, bob.address, before);
    expect(logs.map((l) => [l.transactionHash, l.args.value])).toEqual([[a.body.transactionHash, 1_250_000n]]);
    expect(await tipsOf(target)).toEqual({
      count: 1,
      totals: [
        { chain: chainSlug, token_id: null, symbol: "USDC", amount: "1.25", amount_base_units: "1250000", count: 1 },
      ],
    });
    const notes = await notificationsOf(bob);
    expect(notes).toHaveLength(notesBefore + 1);
    expect(notes[0]).toMatchObject({ post_id: target, actor: { id: alice.id }, tip: { amount: "1.25" } });

    // The same key for another tip is the first request again: nothing sent, nothing counted on the other post.
    const other = await newPost(bob, "not this one");
    const reused = await call(
      "tip",
      { chainSlug, postId: other, amount: 1.25, autoExecute: true, idempotencyKey: key },
      alice,
    );
    expect(reused.body).toMatchObject({ replayed: true, transactionHash: a.body.transactionHash, tip: null });
    expect((await transfers(c.deployment.contracts.usdc, alice.address, bob.address, before)).length).toBe(1);
    expect((await tipsOf(other)).count).toBe(0);
  });

  it("follows its intent: counted when the worker confirms it, uncounted by a reorg, notified once", async () => {
    // What the worker does to an intent after the request stopped waiting, played in one transaction that is rolled
    // back, so the worker never sees this intent.
    const s = stack.api.appSchema;
    const target = await newPost(bob, "confirmed later");
    const db = await stack.api.deps.db.connect();
    try {
      await db.query("BEGIN");
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO ${s}.intents (idempotency_key, user_id, kind, chain_slug, chain_id, wallet_index, from_address,
                                   to_address, status)
         VALUES ($1, $2, 'transaction', $3, $4, 0, $5, $6, 'broadcast') RETURNING id`,
        [uniqueName("late"), alice.id, chainSlug, c.deployment.chainId, alice.address, c.deployment.contracts.usdc],
      );
      const intent = rows[0]?.id;
      await db.query(
        `INSERT INTO ${s}.tips (from_user_id, to_user_id, post_id, chain_id, amount, intent_id, status)
         VALUES ($1, $2, $3, $4, 4000000, $5, 'pending')`,
        [alice.id, bob.id, target, c.deployment.chainId, intent],
      );
      const state = async () => {
        const post = await db.query<{ tip_count: number; tip_totals: { amount: string }[] }>(
          `SELECT tip_count, tip_totals FROM ${s}.posts WHERE id = $1`,
          [target],
        );
        const notes = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM ${s}.notifications WHERE kind = 'tip' AND post_id = $1`,
          [target],
        );
        const tipRow = await db.query<{ status: string; tx_hash: string | null }>(
          `SELECT status, tx_hash FROM ${s}.tips WHERE intent_id = $1`,
          [intent],
        );
        return {
          count: post.rows[0]?.tip_count,
          amounts: post.rows[0]?.tip_totals.map((t) => t.amount),
          notes: notes.rows[0]?.n,
          ...tipRow.rows[0],
        };
      };
      const move = (status: string, hash: string | null) =>
        db.query(`UPDATE ${s}.intents SET status = $2, tx_hash = $3 WHERE id = $1`, [intent, status, hash]);
      const hash = `0x${"cd".repeat(32)}`;
      expect(await state()).toEqual({ count: 0, amounts: [], notes: 0, status: "pending", tx_hash: null });
      await move("confirmed", hash);
      expect(await state()).toEqual({ count: 1, amounts: ["4000000"], notes: 1, status: "confirmed", tx_hash: hash });
      await move("broadcast", hash);
      expect(await state()).toEqual({ count: 0, amounts: [], notes: 1, status: "pending", tx_hash: hash });
      await move("confirmed", hash);
      expect(await state()).toEqual({ count: 1, amounts: ["4000000"], notes: 1, status: "confirmed", tx_hash: hash });
      await move("failed", hash);
      expect(await state()).toEqual({ count: 0, amounts: [], notes: 1, status: "failed", tx_hash: hash });
    } finally {
      await db.query("ROLLBACK");
      db.release();
    }
  });

  it("records a tip under a lock on its intent, so a confirmation committing meanwhile is never missed", async () => {
    // Alice sends a prepared tip herself; an intent of hers carries its hash (as execute-transaction would), and the
    // worker is about to record it confirmed (an update holding the row, not yet committed) while she reports it.
    // Unlocked, the report would read the old status and write its tip after the worker's trigger looked for it.
    // The intent is never open (reverted, no block), so the real worker leaves it alone.
    const s = stack.api.appSchema;
    const target = await newPost(bob, "reported while the worker confirms");
    const prepared = await tip({ postId: target, amount: 1.5 });
    const hash = await sendPrepared(alice, prepared.transaction);
    const { rows } = await stack.api.deps.db.query<{ id: string }>(
      `INSERT INTO ${s}.intents (idempotency_key, user_id, kind, chain_slug, chain_id, wallet_index, from_address,
                                 to_address, data, status, tx_hash)
       VALUES ($1, $2, 'transaction', $3, $4, 0, lower($5), lower($6), $7, 'reverted', $8) RETURNING id`,
      [
        uniqueName("held"),
        alice.id,
        chainSlug,
        c.deployment.chainId,
        alice.address,
        prepared.transaction.to,
        prepared.transaction.data,
        hash,
      ],
    );
    const worker = await stack.api.deps.db.connect();
    try {
      await worker.query("BEGIN");
      await worker.query(`UPDATE ${s}.intents SET status = 'confirmed' WHERE id = $1`, [rows[0]?.id]);
      const report = call("tip", { chainSlug, postId: target, amount: 1.5, transactionHash: hash }, alice);
      // Wait until the report waits for the intent's row (or has answered, which would be the defect).
      let answered = false;
      void report.then(() => {
        answered = true;
      });
      for (let i = 0; i < 100 && !answered; i++) {
        const waiting = await stack.api.deps.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1`,
          [`%INSERT INTO ${s}.tips%`],
        );
        if ((waiting.rows[0]?.n ?? 0) > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(answered).toBe(false);
      await worker.query("COMMIT");
      const res = await report;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.tip).toMatchObject({ status: "confirmed" });
    } finally {
      await worker.query("ROLLBACK").catch(() => undefined);
      worker.release();
    }
    expect((await tipsOf(target)).count).toBe(1);
    expect((await notificationsOf(bob)).filter((n) => n.post_id === target)).toHaveLength(1);
  });

  it("tips a user by username, without a post, and notifies them", async () => {
    const res = await tip({ to: `@${carol.username}`, amount: 0.5, autoExecute: true });
    expect(res).toMatchObject({
      post_id: null,
      recipient: { user_id: carol.id },
      executed: true,
      tip: { status: "confirmed" },
    });
    const notes = await notificationsOf(carol);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ post_id: null, actor: { id: alice.id }, tip: { symbol: "USDC", amount: "0.5" } });
  });

  it("sends a launched token once, counting its value against the spending cap", async () => {
    const before = await c.publicClient.getBlockNumber();
    await stack.indexer.sync(); // the service prices from the indexed pool, the test from the chain
    const price = await spendPriceOf(c, token.address);
    const body = {
      postId: post,
      tokenId: token.id,
      amount: 1_000,
      autoExecute: true,
      idempotencyKey: uniqueName("tok"),
    };
    const [a, b] = await Promise.all([tip(body), tip(body)]);
    for (const r of [a, b]) expect(r).toMatchObject({ executed: true, tip: { status: "confirmed" } });
    expect(await transfers(token.address, alice.address, bob.address, before)).toHaveLength(1);
    const { rows } = await stack.api.deps.db.query<{ amount: string }>(
      `SELECT m.amount_usdc::text AS amount FROM ${stack.api.appSchema}.spend m
         JOIN ${stack.api.appSchema}.tips t ON t.intent_id = m.intent_id
        WHERE t.token_id = $1 AND t.intent_id IS NOT NULL AND m.kind = 'value'`,
      [token.id],
    );
    // 1,000 tokens at the spending price (the highest of the pool's now and its last day's) in USDC base units, up.
    expect(rows.map((r) => BigInt(r.amount))).toEqual([(1_000n * 10n ** 18n * price + 10n ** 30n - 1n) / 10n ** 30n]);
  });
});

describe("tip refusals", () => {
  it("refuses a user without a wallet on record", async () => {
    const name = uniqueName("nowallet").slice(0, 30);
    // Every user the service provisions has a custodial wallet; a row without one (imported, say) must not receive.
    await stack.api.deps.db.query(
      `INSERT INTO ${stack.api.appSchema}.users (username, wallet_index, wallet_address)
       VALUES ($1, nextval('${stack.api.appSchema}.wallet_index_seq'), '')`,
      [name],
    );
    const res = await call("tip", { chainSlug, to: name, amount: 1 }, alice);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(`User ${name} has no wallet on record to receive it`);
  });

  it("never sends from a wallet other than the caller's own", async () => {
    // Carol holds no USDC; naming alice's wallet as the sender does not make it hers.
    const res = await call("tip", { chainSlug, postId: post, amount: 1, userAddress: alice.address }, carol);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Insufficient USDC balance");
  });

  it.each([
    [{ postId: undefined }, 400, "Missing required fields: postId or to"],
    [{ to: "BOB_NAME" }, 400, "Give exactly one of postId or to"],
    [{ chainSlug: undefined }, 400, "Missing required fields: chainSlug"],
    [{ amount: undefined }, 400, "Missing required fields: amount"],
    [{ amount: 0 }, 400, "Invalid amount"],
    [{ amount: -1 }, 400, "Invalid amount"],
    [{ amount: "1" }, 400, "Invalid amount"],
    [{ amount: 0.0000001 }, 400, "Invalid amount: more than 6 decimal places"],
    [{ postId: "OWN_POST" }, 400, "Cannot tip yourself"],
    [{ postId: undefined, to: "SELF_NAME" }, 400, "Cannot tip yourself"],
    [{ postId: undefined, to: "SELF_ID" }, 400, "Cannot tip yourself"],
    [{ postId: "00000000-0000-4000-8000-000000000000" }, 404, "Post not found"],
    [{ postId: "not-a-uuid" }, 400, "Invalid postId"],
    [{ postId: undefined, to: "nobody_by_that_name" }, 404, "User not found"],
    [{ postId: undefined, to: "00000000-0000-4000-8000-000000000000" }, 404, "User not found"],
    [{ postId: undefined, to: "0x00000000000000000000000000000000000000aa" }, 404, "User not found"],
    [{ amount: 1e9 }, 400, "Insufficient USDC balance"],
    [{ tokenId: "TOKEN", amount: 1e12 }, 400, "Insufficient token balance"],
    [{ tokenId: "00000000-0000-4000-8000-000000000000" }, 404, "Token not found"],
    [{ chainSlug: "bnb-testnet" }, 400, "Token not available on chain bnb-testnet"],
    [
      { autoExecute: true, transactionHash: `0x${"ab".repeat(32)}` },
      400,
      "transactionHash records a tip you sent yourself; with autoExecute the service sends it",
    ],
    [{ transactionHash: "0x1234" }, 400, "Invalid transactionHash"],
  ])("refuses %j with %i: %s", async (overrides, status, message) => {
    const body: Record<string, unknown> = { postId: post, chainSlug, amount: 1, ...overrides };
    const subst: Record<string, string> = {
      OWN_POST: ownPost,
      SELF_NAME: alice.username,
      SELF_ID: alice.id,
      BOB_NAME: bob.username,
      TOKEN: token.id,
    };
    for (const [k, v] of Object.entries(body)) {
      if (v === undefined) delete body[k];
      else if (typeof v === "string" && v in subst) body[k] = subst[v];
    }
    const res = await call("tip", body, alice);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.error).toContain(message);
  });

  it("needs a credential", async () => {
    const res = await call("tip", { chainSlug, postId: post, amount: 1 });
    expect(res.status).toBe(401);
  });

  it("is in the OpenAPI document", async () => {
    const res = await stack.api.app.request("/functions/v1/openapi.json");
    const doc = (await res.json()) as {
      paths: Record<string, { post: { tags: string[]; security: unknown[] } }>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.paths["/functions/v1/tip"]?.post.tags).toEqual(["Wallet"]);
    expect(doc.paths["/functions/v1/tip"]?.post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(doc.components.schemas.TipRequest?.properties ?? {})).toEqual(
      expect.arrayContaining(["postId", "to", "tokenId", "chainSlug", "amount", "autoExecute", "transactionHash"]),
    );
    expect(doc.components.schemas.Post?.properties).toHaveProperty("tips");
  });
});
