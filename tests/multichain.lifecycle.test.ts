/**
 * A token's life on two chains through REST, with viem as the client: created on base-sepolia with
 * destinationChains [bnb-testnet, solana-devnet], deployed to bnb-testnet by the worker once indexed (solana-devnet
 * answered as not deployed, with the reason), listed by search-token with both addresses, moved to bnb-testnet and
 * back over the relayer (holders counted per chain and in total), and not tradable on bnb-testnet where it has no
 * pool.
 */
import { type Address, type Hex, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Chain, chain, fundAndBuy, fundedWallets, type Wallet } from "./helpers/chain.js";
import { oftSend, spawnRelayer, startChainOf } from "./helpers/multichain.js";
import { type Stack, startStack } from "./helpers/stack.js";
import { sleep } from "./helpers/worker.js";

const image = "https://example.com/logo.png";
const secret = "multichain-lifecycle-wallet-secret";

let c: Chain;
let side: Awaited<ReturnType<typeof startChainOf>>;
let stack: Stack;
let relayer: ReturnType<typeof spawnRelayer>;
let creator: Wallet;
let creatorOnSide: Wallet;
let jwt: string;

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
});

afterAll(async () => {
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
    const hash = await creator.sendTransaction({
      to: body.transaction.to,
      data: body.transaction.data,
      gas: BigInt(body.transaction.gasLimit),
    });
    expect((await c.publicClient.waitForTransactionReceipt({ hash })).status).toBe("success");
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
  });

  it("answers trade-token on bnb-testnet with Token not available on chain bnb-testnet", async () => {
    const res = await stack.api.post(
      "trade-token",
      { tokenId, chainSlug: "bnb-testnet", direction: "buy", buyAmountUSD: 1, userAddress: creator.account.address },
      jwt,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Token not available on chain bnb-testnet");
  });

  it("moves to bnb-testnet and back, holders counted per chain and in total", async () => {
    await fundAndBuy(c, creator, token, 1_000n * 10n ** 6n);
    await oftSend(c, creator, token, "bnb-testnet", creator.account.address, parseEther("100"));
    await stack.indexer.sync();
    const moved = await waitFor(
      "a holder on bnb-testnet",
      async () => (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody,
      (b) => b.token?.total_holder_count === 2,
    );
    expect(moved.token.total_holder_count).toBe(2);
    await oftSend(side.chain, creatorOnSide, peer, "base-sepolia", creator.account.address, parseEther("100"));
    const back = await waitFor(
      "the holder on bnb-testnet gone",
      async () => (await stack.api.post("search-token", { input: tokenId }, jwt)).body as unknown as TokenBody,
      (b) => b.token?.total_holder_count === 1,
    );
    expect(back.token.total_holder_count).toBe(1);
  });
});
