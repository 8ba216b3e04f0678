/**
 * A token's life on two chains through REST, with viem as the client: created on base-sepolia with
 * destinationChains [bnb-testnet, solana-devnet], deployed to bnb-testnet by the worker once indexed (solana-devnet
 * answered as not deployed, with the reason), listed by search-token with both addresses, moved to bnb-testnet and
 * back over the relayer (holders counted per chain and in total), and not tradable on bnb-testnet where it has no
 * pool.
 */
import pg from "pg";
import {
  type Address,
  concat,
  encodeFunctionData,
  type Hex,
  numberToHex,
  pad,
  parseEther,
  parseEventLogs,
  toEventSelector,
} from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchTokenAbi } from "../abis/index.js";
import { eidOf } from "../core/layerzero.js";
import { sendPrepared } from "../sdk/src/index.js";
import { type Chain, chain, fundAndBuy, fundedWallets, fundUsdc, type Wallet } from "./helpers/chain.js";
import { oftSend, spawnRelayer, startChainOf } from "./helpers/multichain.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { sleep } from "./helpers/worker.js";

const image = "https://example.com/logo.png";
/** What trades and markets answer on bnb-testnet, where the token is a peer without a pool. */
const noPool = "No pool on bnb-testnet: the token is deployed there and trades on its home chain, base-sepolia";

/**
 * Runtime code that, called, emits an OFTSent (guid 0x11…, dstEid bnb-testnet's, 5 tokens) from `from`: what anyone
 * can deploy. PUSH32/MSTORE the three data words, PUSH32 the topics (from, guid, selector), LOG3, STOP.
 */
function forgedOftSent(from: Address): Hex {
  const push32 = (word: Hex) => concat(["0x7f", pad(word, { size: 32 })]);
  const store = (word: Hex, at: number) => concat([push32(word), "0x60", numberToHex(at, { size: 1 }), "0x52"]);
  const selector = toEventSelector("OFTSent(bytes32,uint32,address,uint256,uint256)");
  return concat([
    store(numberToHex(eidOf("bnb-testnet")), 0),
    store(numberToHex(5n * 10n ** 18n), 0x20),
    store(numberToHex(5n * 10n ** 18n), 0x40),
    push32(from),
    push32(`0x${"11".repeat(32)}`),
    push32(selector),
    "0x60",
    "0x60",
    "0x60",
    "0x00",
    "0xa3",
    "0x00",
  ]);
}
const secret = "multichain-lifecycle-wallet-secret";

let c: Chain;
let side: Awaited<ReturnType<typeof startChainOf>>;
let stack: Stack;
let relayer: ReturnType<typeof spawnRelayer>;
let creator: Wallet;
let creatorOnSide: Wallet;
let jwt: string;
/** Transactions seen left open on token_deployments while the worker deploys (see the deployment test). */
let openClaims: { seen: string[]; stop(): Promise<void> };

type TokenAddress = { chain: string; address: string; dex_name: string | null; dex_address: string | null };
type TokenBody = { token: { id: string; token_addresses: TokenAddress[]; total_holder_count: number } };

beforeAll(async () => {
  c = chain();
  side = await startChainOf("bnb-testnet");
  [creator] = await fundedWallets(c, 1, { seed: "multichain.lifecycle" });
  [creatorOnSide] = await fundedWallets(side.chain, 1, { seed: "multichain.lifecycle" });
  stack = await startStack({
    walletSecret: secret,
    autoExecuteWaitMs: 30_000,
    name: "multichain",
    moreChains: [side.chain],
  });
  relayer = spawnRelayer([
    { rpcUrl: c.rpcUrl, deployment: c.deployment },
    { rpcUrl: side.chain.rpcUrl, deployment: side.chain.deployment },
  ]);
  await relayer.ready();
  jwt = await stack.api.jwt("multichain-creator");
  openClaims = watchOpenClaims(stack.api.databaseUrl);
});

/**
 * Polls Postgres every 10 ms for a session left idle inside a transaction whose last statement read or changed
 * token_deployments rows: a worker that keeps its claim open while it waits on two chains. The API's create-token
 * transaction, which inserts the rows and is idle in transaction between its statements for a round trip (caught
 * once in CI on 2026-11-28, on a busy machine), is not a claim.
 */
function watchOpenClaims(databaseUrl: string) {
  const seen: string[] = [];
  const client = new pg.Client({ connectionString: databaseUrl });
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const { rows } = await client.query<{ line: string }>(
        `SELECT concat_ws(' | ', state, left(query, 120)) AS line FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
            AND state LIKE 'idle in transaction%' AND query ILIKE '%token_deployments%'
            AND query NOT ILIKE 'INSERT INTO %token_deployments (token_id, chain_slug, status, address, reason)%'`,
      );
      seen.push(...rows.map((r) => r.line));
      await sleep(10);
    }
    await client.end();
  })();
  return {
    seen,
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

afterAll(async () => {
  await openClaims?.stop();
  await relayer?.stop();
  await stack?.close();
  await side?.stop();
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(200);
  }
}

describe("a token on two chains", () => {
  let tokenId: string;
  let token: Address;
  let peer: Address;

  it("is created on its home chain with a deployment per destination chain, none dropped", async () => {
    const res = await stack.api.post(
      "create-token-transaction",
      {
        name: "Two Chains",
        symbol: "TWO",
        description: "Lives on base-sepolia, deployed to bnb-testnet",
        image,
        chainSlug: "base-sepolia",
        destinationChains: ["bnb-testnet", "base-sepolia", "solana-devnet"],
        userAddress: creator.account.address,
      },
      jwt,
    );
    expect(res.body.error).toBeUndefined();
    const body = res.body as unknown as {
      transaction: { to: Address; data: Hex; gasLimit: string };
      metadata: {
        tokenId: string;
        addresses: { evm: Address };
        deployments: { chain: string; status: string; address: string | null; reason: string | null }[];
      };
    };
    tokenId = body.metadata.tokenId;
    token = body.metadata.addresses.evm;
    expect(body.metadata.deployments).toEqual([
      { chain: "bnb-testnet", status: "pending", address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), reason: null },
      {
        chain: "solana-devnet",
        status: "not_deployed",
        address: null,
        reason: expect.stringMatching(/solana-devnet is not an EVM chain/),
      },
    ]);
    peer = body.metadata.deployments[0]?.address as Address;
    // Sent as a client of the service would: with the SDK (sdk/src/transactions.ts).
    const [created] = await sendPrepared(creator, c.publicClient, body);
    expect(created?.status).toBe("success");
  });

  it("is deployed to bnb-testnet by the worker, and search-token lists both addresses", async () => {
    const found = await waitFor(
      "the peer on bnb-testnet indexed",
      async () => (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody,
      (b) => b.token?.token_addresses?.length === 2,
    );
    const [home, dest] = found.token.token_addresses;
    expect(home).toMatchObject({ chain: "base-sepolia", address: token, dex_name: "Bonding curve" });
    expect(dest).toMatchObject({ chain: "bnb-testnet", address: peer, dex_name: null, dex_address: null });
    const code = await side.chain.publicClient.getCode({ address: peer });
    expect(code && code.length > 2).toBe(true);
    // The worker claimed the deployment and waited for two chains without a transaction left open meanwhile.
    await openClaims.stop();
    expect(openClaims.seen).toEqual([]);
  });

  it("sends the peer deployment as intents of the operator: connectPeer on the home chain, then deploy", async () => {
    const db = new pg.Client({ connectionString: stack.api.databaseUrl });
    await db.connect();
    try {
      const app = `"${stack.api.appSchema}"`;
      const deployment = await waitFor(
        "the deployment recorded",
        async () =>
          (
            await db.query<{ status: string; connect_tx: string; deploy_tx: string; c: string; d: string }>(
              `SELECT status, connect_tx, deploy_tx, connect_intent_id AS c, deploy_intent_id AS d
                 FROM ${app}.token_deployments WHERE token_id = $1 AND chain_slug = 'bnb-testnet'`,
              [tokenId],
            )
          ).rows[0],
        (r) => r?.status === "deployed",
      );
      const { rows } = await db.query<{
        id: string;
        kind: string;
        chain_slug: string;
        user_id: string | null;
        wallet_index: number;
        from_address: string;
        status: string;
        tx_hash: Hex;
        after_intent_id: string | null;
      }>(
        `SELECT id, kind, chain_slug, user_id, wallet_index, from_address, status, tx_hash, after_intent_id
           FROM ${app}.intents WHERE id = ANY($1::uuid[]) ORDER BY created_at`,
        [[deployment?.c, deployment?.d]],
      );
      const [connect, deploy] = rows;
      expect(rows.map((r) => [r.kind, r.chain_slug, r.status, r.user_id, r.wallet_index])).toEqual([
        ["peer_connect", "base-sepolia", "confirmed", null, -1],
        ["peer_deploy", "bnb-testnet", "confirmed", null, -1],
      ]);
      expect(deploy?.after_intent_id).toBe(connect?.id);
      expect([deployment?.connect_tx, deployment?.deploy_tx]).toEqual([connect?.tx_hash, deploy?.tx_hash]);
      // Signed by the operator account, not by the token's creator.
      const receipt = await side.chain.publicClient.getTransactionReceipt({ hash: deploy?.tx_hash as Hex });
      expect(receipt.from).toBe(deploy?.from_address);
      expect(receipt.from).not.toBe(creator.account.address.toLowerCase());
      expect((await c.publicClient.getTransactionReceipt({ hash: connect?.tx_hash as Hex })).from).toBe(receipt.from);
      // No user's intent: no user can read it.
      const status = await stack.api.post("get-intent-status", { intentId: connect?.id }, jwt);
      expect([status.status, status.body]).toEqual([404, { success: false, error: "Intent not found" }]);
    } finally {
      await db.end();
    }
  });

  it("leaves a deployment another worker claimed until the claim runs out, then takes it up again", async () => {
    // As a worker that died holding the claim would leave it: pending, claimed for another minute.
    const db = new pg.Client({ connectionString: stack.api.databaseUrl });
    await db.connect();
    try {
      const row = async () =>
        (
          await db.query<{ status: string; attempts: number; claimed: boolean }>(
            `SELECT status, attempts, claimed_until IS NOT NULL AS claimed FROM "${stack.api.appSchema}".token_deployments
              WHERE token_id = $1 AND chain_slug = 'bnb-testnet'`,
            [tokenId],
          )
        ).rows[0];
      const deployed = await row();
      expect(deployed).toMatchObject({ status: "deployed", claimed: false });
      await db.query(
        `UPDATE "${stack.api.appSchema}".token_deployments
            SET status = 'pending', claimed_until = now() + interval '1 minute'
          WHERE token_id = $1 AND chain_slug = 'bnb-testnet'`,
        [tokenId],
      );
      // The worker passes every 200 ms: ten passes leave it alone.
      await sleep(2_000);
      expect(await row()).toMatchObject({ status: "pending", attempts: deployed?.attempts, claimed: true });
      // The claim runs out: the next pass makes the calls again (the peer stands, so nothing is sent) and records it.
      await db.query(
        `UPDATE "${stack.api.appSchema}".token_deployments SET claimed_until = now() - interval '1 second'
          WHERE token_id = $1 AND chain_slug = 'bnb-testnet'`,
        [tokenId],
      );
      const again = await waitFor("the deployment taken up again", row, (r) => r?.status === "deployed", 10_000);
      expect(again).toMatchObject({ attempts: (deployed?.attempts ?? 0) + 1, claimed: false });
    } finally {
      await db.end();
    }
  });

  it("tries a failing deployment again only after a pause, not on every turn of one pass", async () => {
    const db = new pg.Client({ connectionString: stack.api.databaseUrl });
    await db.connect();
    const table = `"${stack.api.appSchema}".token_deployments`;
    const where = `token_id = $1 AND chain_slug = 'bnb-testnet'`;
    try {
      const row = async () =>
        (
          await db.query<{ status: string; attempts: number; reason: string | null; address: string }>(
            `SELECT status, attempts, reason, address FROM ${table} WHERE ${where}`,
            [tokenId],
          )
        ).rows[0];
      const before = await row();
      // A recorded address that is not the home token's peer: every attempt fails.
      await db.query(
        `UPDATE ${table} SET status = 'pending', claimed_until = NULL,
                address = '0x000000000000000000000000000000000000dEaD' WHERE ${where}`,
        [tokenId],
      );
      const failed = await waitFor("a failed attempt", row, (r) => r?.reason !== null, 10_000);
      expect(failed?.reason).toMatch(/not the recorded 0x000000000000000000000000000000000000dEaD/);
      // Ten passes of the worker later: that one attempt, none since (it is left for 10 s).
      await sleep(2_000);
      expect(await row()).toMatchObject({ status: "pending", attempts: (before?.attempts ?? 0) + 1 });
      // Put right, and let go at once: deployed again.
      await db.query(`UPDATE ${table} SET address = $2, claimed_until = now() - interval '1 second' WHERE ${where}`, [
        tokenId,
        before?.address,
      ]);
      await waitFor("the deployment recorded again", row, (r) => r?.status === "deployed", 10_000);
    } finally {
      await db.end();
    }
  });

  it("answers trade-token and quote-token on bnb-testnet, where it has no pool, with why", async () => {
    const res = await stack.api.post(
      "trade-token",
      { tokenId, chainSlug: "bnb-testnet", direction: "buy", buyAmountUSD: 1, userAddress: creator.account.address },
      jwt,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(noPool);
    const quote = await stack.api.post(
      "quote-token",
      { tokenId, chainSlug: "bnb-testnet", direction: "buy", inputToken: "usdc", amount: 1 },
      jwt,
    );
    expect(quote.body).toEqual({ success: false, error: noPool });
    // A chain it is not on at all is still not available.
    const elsewhere = await stack.api.post(
      "trade-token",
      { tokenId, chainSlug: "base", direction: "buy", buyAmountUSD: 1, userAddress: creator.account.address },
      jwt,
    );
    expect(elsewhere.body.error).toBe("Token not available on chain base");
  });

  it("moves to bnb-testnet and back, holders counted per chain and in total", async () => {
    // The creator, and on the home chain the token's V3 pool too: it holds the seed that pins it until graduation.
    await fundAndBuy(c, creator, token, 1_000n * 10n ** 6n);
    await oftSend(c, creator, token, "bnb-testnet", creator.account.address, parseEther("100"));
    await stack.indexer.sync();
    const moved = await waitFor(
      "a holder on bnb-testnet",
      async () => (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody,
      (b) => b.token?.total_holder_count === 3,
    );
    expect(moved.token.total_holder_count).toBe(3);
    await oftSend(side.chain, creatorOnSide, peer, "base-sepolia", creator.account.address, parseEther("100"));
    const back = await waitFor(
      "the holder on bnb-testnet gone",
      async () => (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody,
      (b) => b.token?.total_holder_count === 2,
    );
    expect(back.token.total_holder_count).toBe(2);
  });

  const status = async (transactionHash: string) =>
    (await stack.api.post("get-transfer-status", { transactionHash }, jwt)).body as unknown as {
      status: string;
      transfers: { status: string; from_chain: string; to_chain: string; to: string | null; amount: string }[];
    };
  const balanceOn = (on: Chain, oft: Address, who: Address) =>
    on.publicClient.readContract({ address: oft, abi: launchTokenAbi, functionName: "balanceOf", args: [who] });

  it("moves with transfer-token: the prepared send, followed by get-transfer-status until delivered", async () => {
    const other = (await fundedWallets(side.chain, 1))[0] as Wallet;
    const res = await stack.api.post(
      "transfer-token",
      {
        tokenId,
        fromChain: "base-sepolia",
        toChain: "bnb-testnet",
        amount: 12.5,
        to: other.account.address,
        userAddress: creator.account.address,
      },
      jwt,
    );
    expect(res.body.error).toBeUndefined();
    const body = res.body as unknown as {
      transaction: { to: Address; data: Hex; value: string; gasLimit: string; chain: string };
      fee: { native_fee: string };
      source_contract: string;
      destination_contract: string;
      amountBaseUnits: string;
    };
    expect(body.transaction).toMatchObject({ to: token, chain: "base-sepolia", value: body.fee.native_fee });
    expect(BigInt(body.fee.native_fee)).toBeGreaterThan(0n);
    expect(body).toMatchObject({
      source_contract: token,
      destination_contract: peer,
      amountBaseUnits: "12500000000000000000",
    });
    const [sent] = await sendPrepared(creator, c.publicClient, body);
    const hash = sent?.transactionHash as Hex;
    expect(sent?.status).toBe("success");
    const delivered = await waitFor(
      "delivered",
      () => status(hash),
      (s) => s.status === "delivered",
    );
    expect(delivered.transfers).toEqual([
      expect.objectContaining({
        status: "delivered",
        from_chain: "base-sepolia",
        to_chain: "bnb-testnet",
        to: other.account.address,
        amount: "12.5",
      }),
    ]);
    expect(await balanceOn(side.chain, peer, other.account.address)).toBe(12_500_000_000_000_000_000n);
  });

  it("knows a move from its send's receipt before the indexer does: sent, then delivered", async () => {
    const pid = stack.indexer.indexer.pid;
    // The indexer stopped (SIGSTOP): nothing of the move can be indexed until it goes on.
    process.kill(pid, "SIGSTOP");
    let hash: Hex;
    try {
      ({ hash } = await oftSend(c, creator, token, "bnb-testnet", creator.account.address, parseEther("3")));
      const sent = await status(hash);
      expect(sent.status).toBe("sent");
      expect(sent.transfers).toEqual([
        expect.objectContaining({
          status: "sent",
          from_chain: "base-sepolia",
          to_chain: "bnb-testnet",
          from: creator.account.address,
          amount: "3",
          sent_tx: hash.toLowerCase(),
          delivered_tx: null,
        }),
      ]);
    } finally {
      process.kill(pid, "SIGCONT");
    }
    const delivered = await waitFor(
      "delivered",
      () => status(hash),
      (s) => s.status === "delivered",
    );
    expect(delivered.transfers).toEqual([
      expect.objectContaining({ status: "delivered", to: creator.account.address, amount: "3" }),
    ]);
  });

  it("answers every read on bnb-testnet, where it is a peer, as that chain holds it; markets empty, saying why", async () => {
    await stack.indexer.sync();
    const on = { tokenId, chainSlug: "bnb-testnet" };
    const holders = (await stack.api.post("get-token-holders", { ...on, limit: 100 }, jwt)).body as unknown as {
      chain: string;
      total: number;
      holders: { address: Address; balance: string; is_pool: boolean; percent_of_supply: number }[];
    };
    expect(holders.chain).toBe("bnb-testnet");
    // Every holder's balance is the peer's on that chain, and together they hold its whole supply there.
    const supply = await side.chain.publicClient.readContract({
      address: peer,
      abi: launchTokenAbi,
      functionName: "totalSupply",
    });
    expect(holders.holders.length).toBeGreaterThanOrEqual(2);
    expect(holders.total).toBe(holders.holders.length);
    for (const h of holders.holders) {
      expect(BigInt(h.balance)).toBe(await balanceOn(side.chain, peer, h.address));
      expect(h.is_pool).toBe(false);
    }
    expect(holders.holders.reduce((sum, h) => sum + BigInt(h.balance), 0n)).toBe(supply);
    expect(holders.holders.map((h) => h.address)).toContain(creator.account.address);

    const owns = await stack.api.post("check-token-ownership", { ...on, address: creator.account.address }, jwt);
    const onHome = await balanceOn(c, token, creator.account.address);
    const onPeer = await balanceOn(side.chain, peer, creator.account.address);
    expect(onPeer).toBeGreaterThan(0n);
    expect(owns.body).toMatchObject({
      owns: true,
      chain: "bnb-testnet",
      contract_address: peer,
      balance: onPeer.toString(),
      // The same wallet on every chain the token is on, as both anvils hold it, and in total.
      balances: [
        { chain: "base-sepolia", contract_address: token, balance: onHome.toString() },
        { chain: "bnb-testnet", contract_address: peer, balance: onPeer.toString() },
      ],
      total_balance: (onHome + onPeer).toString(),
    });
    const fromHome = await stack.api.post("check-token-ownership", { tokenId, address: creator.account.address }, jwt);
    expect(fromHome.body).toMatchObject({ chain: "base-sepolia", balance: onHome.toString() });
    expect(fromHome.body.total_balance).toBe(owns.body.total_balance);

    // Activity on the peer's chain is that chain's logs only (each one a log of the peer on the second anvil), and
    // the whole feed holds both chains' entries, the peer's the same.
    type Activity = { activity: { chain: string; kind: string; tx_hash: Hex }[]; pagination: { has_more: boolean } };
    const peerActivity = (await stack.api.post("get-token-activity", { ...on, limit: 100 }, jwt))
      .body as unknown as Activity;
    expect(peerActivity.activity.length).toBeGreaterThan(0);
    expect(new Set(peerActivity.activity.map((a) => a.chain))).toEqual(new Set(["bnb-testnet"]));
    for (const a of peerActivity.activity) {
      const receipt = await side.chain.publicClient.getTransactionReceipt({ hash: a.tx_hash });
      expect(receipt.logs.some((l) => l.address.toLowerCase() === peer.toLowerCase())).toBe(true);
    }
    const all = (await stack.api.post("get-token-activity", { tokenId, limit: 100 }, jwt)).body as unknown as Activity;
    expect(all.pagination.has_more).toBe(false);
    expect(new Set(all.activity.map((a) => a.chain))).toEqual(new Set(["base-sepolia", "bnb-testnet"]));
    expect(all.activity.filter((a) => a.chain === "bnb-testnet")).toEqual(peerActivity.activity);
    // A move is a leg on each chain, told apart and joined by its guid: sent from the home chain, received here.
    const received = peerActivity.activity.filter((a) => a.kind === "move_received") as unknown as {
      guid: string;
      to: Address;
      from_chain: string;
      token_amount: string;
    }[];
    expect(received.length).toBeGreaterThan(0);
    for (const r of received) {
      expect(r).toMatchObject({ from_chain: "base-sepolia" });
      expect(all.activity).toContainEqual(
        expect.objectContaining({ kind: "move_sent", chain: "base-sepolia", guid: r.guid, to_chain: "bnb-testnet" }),
      );
    }
    expect(received.map((r) => r.to)).toContain(creator.account.address);
    const reason = noPool;
    expect((await stack.api.post("get-pool-data", on, jwt)).body).toMatchObject({ pool_data: null, reason });
    expect((await stack.api.post("get-token-trades", on, jwt)).body).toMatchObject({
      chain: "bnb-testnet",
      trades: [],
      total: 0,
      reason,
    });
    expect((await stack.api.post("get-token-candles", { ...on, interval: "1h" }, jwt)).body).toMatchObject({
      chain: "bnb-testnet",
      candles: [],
      reason,
    });
    expect((await stack.api.post("get-token-stats", on, jwt)).body).toMatchObject({
      chain: "bnb-testnet",
      price_usd: null,
      reason,
    });
    // A chain it is not on stays a 400, and its home chain answers as before, without a reason.
    const elsewhere = await stack.api.post("get-token-holders", { tokenId, chainSlug: "solana-devnet" }, jwt);
    expect(elsewhere.status).toBe(400);
    const home = await stack.api.post("get-pool-data", { tokenId, chainSlug: "base-sepolia" }, jwt);
    expect(home.body.pool_data).not.toBeNull();
    expect(home.body).not.toHaveProperty("reason");
  });

  it("answers a reverted send failed, and a transaction that moved no launched token unknown, forged logs too", async () => {
    // A send of more than the wallet holds reverts.
    const reverted = await creator.sendTransaction({
      to: token,
      data: encodeFunctionData({ abi: launchTokenAbi, functionName: "transfer", args: [peer, 10n ** 40n] }),
      gas: 100_000n,
    });
    expect((await c.publicClient.waitForTransactionReceipt({ hash: reverted })).status).toBe("reverted");
    expect(await status(reverted)).toEqual({ success: true, status: "failed", transfers: [] });
    // An attacker's contract emitting an OFTSent of its own, with a guid and a sender of its choosing.
    const forger = `0x${"f0".repeat(20)}` as Address;
    await c.testClient.setCode({ address: forger, bytecode: forgedOftSent(creator.account.address) });
    const forged = await creator.sendTransaction({ to: forger, gas: 100_000n });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash: forged });
    expect(parseEventLogs({ abi: launchTokenAbi, eventName: "OFTSent", logs: receipt.logs })).toHaveLength(1);
    expect(await status(forged)).toEqual({ success: true, status: "unknown", transfers: [] });
    // A hash no chain has.
    expect(await status(`0x${"ab".repeat(32)}`)).toEqual({ success: true, status: "unknown", transfers: [] });
  });

  it("trades on its home chain through REST and graduates there, and still has no pool on bnb-testnet", async () => {
    await fundUsdc(c, creator, 200_000n * 10n ** 6n);
    const pool = (await stack.api.post("get-pool-data", { tokenId }, jwt)).body as unknown as {
      pool_data: { remaining_to_graduation: string };
    };
    const quote = (
      await stack.api.post(
        "quote-token",
        {
          tokenId,
          chainSlug: "base-sepolia",
          direction: "buy",
          inputToken: "token",
          amount: Number(BigInt(pool.pool_data.remaining_to_graduation) / 10n ** 18n + 1n),
        },
        jwt,
      )
    ).body as unknown as { quote: { inputAmount: string } };
    const trade = await stack.api.post(
      "trade-token",
      {
        tokenId,
        chainSlug: "base-sepolia",
        direction: "buy",
        // a little more than the rest of the curve: the remainder goes through the new Uniswap V3 pool
        buyAmountUSD: Math.ceil(Number(quote.quote.inputAmount) * 1.02),
        slippageBps: 500,
        userAddress: creator.account.address,
      },
      jwt,
    );
    expect(trade.body.error).toBeUndefined();
    const prepared = trade.body as unknown as {
      transaction: { to: Address; data: Hex; gasLimit: string };
      approvals?: { to: Address; data: Hex; gasLimit: string }[];
      quote: { graduates: boolean };
    };
    expect(prepared.quote.graduates).toBe(true);
    // The approval first, then the graduating trade (sendPrepared throws at a revert).
    const receipts = await sendPrepared(creator, c.publicClient, prepared);
    expect(receipts).toHaveLength((prepared.approvals ?? []).length + 1);
    await stack.indexer.sync();
    const found = (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody;
    expect(found.token.token_addresses.map((a) => [a.chain, a.dex_name])).toEqual([
      ["base-sepolia", "Uniswap V3"],
      ["bnb-testnet", null],
    ]);
    const there = await stack.api.post(
      "trade-token",
      { tokenId, chainSlug: "bnb-testnet", direction: "buy", buyAmountUSD: 1, userAddress: creator.account.address },
      jwt,
    );
    expect(there.status).toBe(400);
    expect(there.body.error).toBe(noPool);
  });

  it("refuses what it cannot move, before preparing anything", async () => {
    const base = { tokenId, fromChain: "base-sepolia", toChain: "bnb-testnet", userAddress: creator.account.address };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ ...base, amount: 1.0000001 }, /6 decimal places/],
      [{ ...base, toChain: "base-sepolia", amount: 1 }, /must be different chains/],
      [{ ...base, toChain: "unichain-testnet", amount: 1 }, /Token not available on chain unichain-testnet/],
      [{ ...base, amount: 10_000_000_000 }, /Insufficient token balance/],
    ];
    for (const [body, error] of cases) {
      const res = await stack.api.post("transfer-token", body, jwt);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(error);
    }
  });

  it("moves with autoExecute from the wallet on record, counting for the spending policy only what leaves it", async () => {
    // the user's custodial wallet: ether on both chains, tokens on the home chain
    await stack.api.post("get-me", {}, jwt);
    const { rows } = await stack.api.deps.db.query<{ wallet_address: Address; id: string }>(
      `SELECT id, wallet_address FROM ${stack.api.appSchema}.users WHERE external_sub = $1`,
      ["multichain-creator"],
    );
    const wallet = rows[0]?.wallet_address as Address;
    await c.testClient.setBalance({ address: wallet, value: parseEther("10") });
    await side.chain.testClient.setBalance({ address: wallet, value: parseEther("10") });
    const { request } = await c.publicClient.simulateContract({
      account: creator.account,
      address: token,
      abi: launchTokenAbi,
      functionName: "transfer",
      args: [wallet, parseEther("50")],
    });
    await c.publicClient.waitForTransactionReceipt({ hash: await creator.writeContract(request) });
    const spent = async () => {
      const r = await stack.api.deps.db.query<{ amount: string }>(
        `SELECT amount_usdc::text AS amount FROM ${stack.api.appSchema}.spend WHERE user_id = $1 AND kind = 'value' ORDER BY created_at DESC LIMIT 1`,
        [rows[0]?.id],
      );
      return BigInt(r.rows[0]?.amount ?? "-1");
    };

    const out = await stack.api.post(
      "transfer-token",
      { tokenId, fromChain: "base-sepolia", toChain: "bnb-testnet", amount: 30, autoExecute: true },
      jwt,
    );
    expect(out.body.error).toBeUndefined();
    expect(out.body).toMatchObject({ executed: true, recipient: { address: wallet } });
    const ownMove = await spent();
    await waitFor(
      "delivered",
      () => status(out.body.transactionHash as string),
      (s) => s.status === "delivered",
    );
    expect(await balanceOn(side.chain, peer, wallet)).toBe(parseEther("30"));

    const back = await stack.api.post(
      "transfer-token",
      {
        tokenId,
        fromChain: "bnb-testnet",
        toChain: "base-sepolia",
        amount: 10,
        to: creator.account.address,
        autoExecute: true,
      },
      jwt,
    );
    expect(back.body.error).toBeUndefined();
    expect(back.body).toMatchObject({ executed: true, source_contract: peer });
    const toOther = await spent();
    await waitFor(
      "delivered back",
      () => status(back.body.transactionHash as string),
      (s) => s.status === "delivered",
    );
    expect(await balanceOn(side.chain, peer, wallet)).toBe(parseEther("20"));
    // to its own address only the messaging fee counts; to someone else the tokens' value does too
    expect(toOther).toBeGreaterThan(ownMove);

    // the portfolio holds the token on both chains, each at the home pool's price
    await stack.indexer.sync();
    const portfolio = (await stack.api.post("get-portfolio", {}, jwt)).body as unknown as {
      holdings: { token_id: string; chain: string; contract_address: string; balance: string; price_usd: number }[];
    };
    const held = portfolio.holdings.filter((h) => h.token_id === tokenId);
    expect(held.map((h) => [h.chain, h.contract_address, h.balance]).sort()).toEqual(
      [
        ["base-sepolia", token, parseEther("20").toString()],
        ["bnb-testnet", peer, parseEther("20").toString()],
      ].sort(),
    );
    expect(held[0]?.price_usd).toBe(held[1]?.price_usd);
  });
});
