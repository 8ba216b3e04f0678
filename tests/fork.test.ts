/**
 * Fork mode without the internet: a local "upstream" anvil stands in for Base Sepolia, with the Uniswap V3
 * contracts, a USDC, Multicall3 and LayerZero's EndpointV2 at Base Sepolia's published addresses
 * (tests/helpers/fork.ts). An anvil forks it (ANVIL_FORK_URL's --fork-url), the deploy sees the fork and deploys only
 * our contracts against the published ones, and the usual lifecycle runs on the fork through the indexer and REST:
 * create, buy, graduate into the published Uniswap V3, quote and sell there.
 */
import { type Address, type Hex, maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mockUsdcAbi } from "../abis/index.js";
import type { Deployment } from "../core/deployment.js";
import { startAnvil } from "../scripts/anvil.js";
import { deploy } from "../scripts/deploy.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Chain, chainAt, fundedWallets, send, type Wallet } from "./helpers/chain.js";
import { startPublishedUpstream } from "./helpers/fork.js";

let upstream: Awaited<ReturnType<typeof startPublishedUpstream>>;
let fork: Awaited<ReturnType<typeof startAnvil>>;
let deployment: Deployment;
let c: Chain;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let api: Awaited<ReturnType<typeof createTestApi>>;
let trader: Wallet;
let jwt: string;
const deployLog: string[] = [];

beforeAll(async () => {
  upstream = await startPublishedUpstream();
  fork = await startAnvil({ port: 0, chainId: 84532, forkUrl: upstream.rpcUrl });
  deployment = await deploy({
    rpcUrl: fork.rpcUrl,
    chainSlug: "base-sepolia",
    write: false,
    log: (line) => deployLog.push(line),
  });
  c = chainAt(fork.rpcUrl, deployment);
  [trader] = await fundedWallets(c, 1);
  indexer = await startTestIndexer(c);
  api = await createTestApi({ indexerSchema: indexer.schema, chain: c });
  jwt = await api.jwt("fork-trader");
});

afterAll(async () => {
  await api?.close();
  await indexer?.close();
  await fork?.stop();
  await upstream?.stop();
});

/** Send a prepared transaction (and its approvals first) from the trader; throws if one reverts. */
async function sendPrepared(body: Record<string, unknown>) {
  const txs = [
    ...((body.approvals as { to: Address; data: Hex; gasLimit: string }[] | undefined) ?? []),
    body.transaction as { to: Address; data: Hex; gasLimit: string },
  ];
  for (const tx of txs) {
    const hash = await trader.sendTransaction({ to: tx.to, data: tx.data, gas: BigInt(tx.gasLimit) });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  }
}

describe("fork mode", () => {
  it("deploys only our contracts, against the network's published ones", async () => {
    const { published } = upstream;
    expect(deployment.contracts).toMatchObject({
      usdc: published.usdc,
      multicall3: published.multicall3,
      v3Factory: published.uniswapV3.factory,
      positionManager: published.uniswapV3.positionManager,
      swapRouter: published.uniswapV3.swapRouter,
      quoterV2: published.uniswapV3.quoterV2,
      lzEndpoint: published.layerZero.endpoint,
    });
    expect(deployment.lzEid).toBe(40245);
    expect(deployment.contracts.lzMessageLib).toBeUndefined();
    expect(deployLog.join("\n")).toMatch(/anvil forking http:\/\/127\.0\.0\.1:\d+ at block \d+: only our contracts/);
    expect(deployLog.some((l) => /MockUSDC|UniswapV3Factory|EndpointV2/.test(l))).toBe(false);
    // ours stand on the fork, and the network it forks never saw them
    const onFork = await c.publicClient.getCode({ address: deployment.contracts.launchpad });
    expect(onFork && onFork.length > 2).toBe(true);
    const upstreamClient = chainAt(upstream.rpcUrl, deployment).publicClient;
    expect(await upstreamClient.getCode({ address: deployment.contracts.launchpad })).toBeUndefined();
  });

  it("runs the lifecycle on the fork: create, buy, graduate into the published Uniswap V3, quote and sell there", async () => {
    const created = await api.post(
      "create-token-transaction",
      {
        name: "Forked",
        symbol: "FORK",
        description: "On a fork of Base Sepolia",
        image: "https://example.com/fork.png",
        chainSlug: "base-sepolia",
        destinationChains: [],
        userAddress: trader.account.address,
      },
      jwt,
    );
    expect(created.body.error).toBeUndefined();
    await sendPrepared(created.body);
    const tokenId = (created.body.metadata as { tokenId: string }).tokenId;

    // USDC from the faucet of the USDC standing at the published address
    const usdc = deployment.contracts.usdc;
    for (let i = 0; i < 3; i++) {
      await send(c, trader, {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "faucet",
        args: [trader.account.address, 1_000_000n * 10n ** 6n],
      } as never);
    }
    await send(c, trader, {
      address: usdc,
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [deployment.contracts.launchpad, maxUint256],
    } as never);
    await indexer.sync();
    const buy = await api.post(
      "trade-token",
      { tokenId, chainSlug: "base-sepolia", direction: "buy", buyAmountUSD: 100, userAddress: trader.account.address },
      jwt,
    );
    expect(buy.body.error).toBeUndefined();
    await sendPrepared(buy.body);
    await indexer.sync();

    const pool = (await api.post("get-pool-data", { tokenId }, jwt)).body as unknown as {
      pool_data: { remaining_to_graduation: string };
    };
    const quote = (
      await api.post(
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
    const graduate = await api.post(
      "trade-token",
      {
        tokenId,
        chainSlug: "base-sepolia",
        direction: "buy",
        buyAmountUSD: Math.ceil(Number(quote.quote.inputAmount) * 1.02),
        slippageBps: 500,
        userAddress: trader.account.address,
      },
      jwt,
    );
    expect(graduate.body.error).toBeUndefined();
    await sendPrepared(graduate.body);
    await indexer.sync();

    const after = (await api.post("get-pool-data", { tokenId }, jwt)).body as unknown as {
      pool_data: { is_graduated: boolean; venue: string; v3_pool: { address: string } };
    };
    expect(after.pool_data).toMatchObject({ is_graduated: true, venue: "uniswap_v3" });
    // the pool is the published factory's
    const v3Pool = await c.publicClient.readContract({
      address: deployment.contracts.v3Factory,
      abi: [
        {
          type: "function",
          name: "getPool",
          stateMutability: "view",
          inputs: [
            { type: "address", name: "a" },
            { type: "address", name: "b" },
            { type: "uint24", name: "fee" },
          ],
          outputs: [{ type: "address", name: "" }],
        },
      ] as const,
      functionName: "getPool",
      args: [(created.body.metadata as { addresses: { evm: Address } }).addresses.evm, usdc, 10000],
    });
    expect(after.pool_data.v3_pool.address.toLowerCase()).toBe(v3Pool.toLowerCase());

    // a graduated quote (QuoterV2 at its published address through Multicall3) and a sell on Uniswap V3
    const sellQuote = await api.post(
      "quote-token",
      { tokenId, chainSlug: "base-sepolia", direction: "sell", inputToken: "token", amount: 1000 },
      jwt,
    );
    expect(sellQuote.body.error).toBeUndefined();
    expect(sellQuote.body.quote).toMatchObject({ protocol: "uniswap_v3", isGraduated: true });
    const sell = await api.post(
      "trade-token",
      {
        tokenId,
        chainSlug: "base-sepolia",
        direction: "sell",
        sellAmountToken: 1000,
        slippageBps: 500,
        userAddress: trader.account.address,
      },
      jwt,
    );
    expect(sell.body.error).toBeUndefined();
    await sendPrepared(sell.body);
  });
});
