/**
 * A chain that moves while a benchmark loads the API: every `intervalMs` one block with `perBlock` buys of $1 on
 * random tokens, mined at once (automine off between blocks), from one funded account. Used by `bench/api`'s live
 * mode (a block every 2 s with 50 trades, like a busy Base).
 */
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  maxUint256,
  parseEther,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import type { Deployment } from "../../core/deployment.js";

export type StartTickerParameters = {
  rpcUrl: string;
  deployment: Deployment;
  /** Tokens the buys pick from (curve tokens: a $1 buy never crosses graduation there). */
  tokens: readonly Address[];
  perBlock?: number;
  intervalMs?: number;
  /** Random source in [0, 1). */
  random: () => number;
  /**
   * Blocks whose transactions are signed before the first block, so that no signing runs in this process while it
   * loads the API (50 signatures took 40–60 ms of its event loop per block, during which the load generator read no
   * answer). Past them, each block's are signed when it is due.
   */
  presignedBlocks?: number;
  log?: (line: string) => void;
};

export type Ticker = {
  /** Blocks mined and trades sent so far. */
  stats(): { blocks: number; trades: number; lastBlock: bigint };
  stop(): Promise<void>;
};

const USDC = 10n ** 6n;
/** A key of the ticker's own (not one of anvil's mnemonic accounts the chain generator trades from). */
const TICKER_KEY = "0x6b8ab2c1c3e6d1d44f2a41c1c73fbc6f7cbd5d1f0b8a0e2f4a4b6c8d0e2f4a6b" as const;

export async function startTicker(p: StartTickerParameters): Promise<Ticker> {
  const perBlock = p.perBlock ?? 50;
  const intervalMs = p.intervalMs ?? 2_000;
  const chain = {
    id: p.deployment.chainId,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [p.rpcUrl] } },
  } as const;
  const transport = http(p.rpcUrl);
  const client = createPublicClient({ chain, transport });
  const test = createTestClient({ chain, transport, mode: "anvil" });
  const account = privateKeyToAccount(TICKER_KEY);
  const wallet = createWalletClient({ account, chain, transport });
  const { usdc, launchpad } = p.deployment.contracts;

  // Funds and allowance, mined one by one while automine is still on.
  await test.setAutomine(true);
  await test.setBalance({ address: account.address, value: parseEther("1000") });
  for (const request of [
    { address: usdc, abi: mockUsdcAbi, functionName: "faucet", args: [account.address, 1_000_000n * USDC] },
    { address: usdc, abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] },
  ]) {
    const hash = await wallet.writeContract(request as never);
    await client.waitForTransactionReceipt({ hash });
  }
  await test.setAutomine(false);

  let nonce = await client.getTransactionCount({ address: account.address });
  const fees = await client.estimateFeesPerGas();
  let blocks = 0;
  let trades = 0;
  let lastBlock = await client.getBlockNumber({ cacheTime: 0 });
  let stopped = false;
  const attribution = { builder: zeroAddress, builderFeeBps: 0, referral: zeroAddress };

  const signBlock = () => {
    const first = nonce;
    nonce += perBlock;
    return Promise.all(
      Array.from({ length: perBlock }, (_, i) => {
        const token = p.tokens[Math.floor(p.random() * p.tokens.length)] as Address;
        return account.signTransaction({
          chainId: chain.id,
          type: "eip1559",
          nonce: first + i,
          to: launchpad,
          gas: 400_000n,
          maxFeePerGas: fees.maxFeePerGas * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          data: encodeFunctionData({
            abi: launchpadAbi,
            functionName: "buyExactIn",
            args: [token, USDC, 0n, maxUint256, attribution],
          }),
        });
      }),
    );
  };
  const presigned: `0x${string}`[][] = [];
  if (p.presignedBlocks) {
    const started = performance.now();
    for (let b = 0; b < p.presignedBlocks; b++) presigned.push(await signBlock());
    p.log?.(
      `ticker: ${p.presignedBlocks} blocks of ${perBlock} transactions signed ahead in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const tick = async () => {
    const raws = presigned.shift() ?? (await signBlock());
    // One JSON-RPC batch for the block's transactions, then the block.
    const res = await fetch(p.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(
        raws.map((raw, id) => ({ jsonrpc: "2.0", id, method: "eth_sendRawTransaction", params: [raw] })),
      ),
    });
    const answers = (await res.json()) as { error?: { message: string } }[];
    const refused = answers.filter((a) => a.error);
    if (refused.length > 0) p.log?.(`ticker: ${refused.length} transactions refused (${refused[0]?.error?.message})`);
    await test.mine({ blocks: 1 });
    blocks++;
    trades += perBlock - refused.length;
    lastBlock = await client.getBlockNumber({ cacheTime: 0 });
  };

  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch((error: unknown) => p.log?.(`ticker: ${String(error)}`));
  }, intervalMs);

  return {
    stats: () => ({ blocks, trades, lastBlock }),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await test.setAutomine(true);
    },
  };
}
