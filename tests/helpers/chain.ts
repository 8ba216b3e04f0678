/**
 * viem clients and small actions for tests against the global anvil (tests/setup/global.ts).
 */

import {
  type Abi,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  toHex,
} from "viem";
import { generatePrivateKey, type LocalAccount, mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { inject } from "vitest";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import type { Deployment } from "../../core/deployment.js";
import { type Attribution, noAttribution } from "../../core/fees.js";
import { withGasMargin } from "../../core/limits.js";
import { anvilAccount0PrivateKey } from "../../scripts/deploy.js";
import { indexerStatus } from "../../scripts/indexer.js";

/** anvil's default mnemonic: its accounts are funded with ether on every fresh chain. */
const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

export function chain() {
  return chainAt(inject("rpcUrl"), inject("deployment"));
}

/**
 * The RPC URL of the run's global anvil; undefined outside vitest, where these helpers also serve the benchmarks
 * (bench/web starts a side stack through them) and vitest's `inject` throws "Vitest failed to access its internal
 * state".
 */
export function globalRpcUrl(): string | undefined {
  return process.env.VITEST === undefined ? undefined : inject("rpcUrl");
}

/** The same handle for any anvil (a side chain of a test file, or the global one). */
export function chainAt(rpcUrl: string, deployment: Deployment) {
  const transport = http(rpcUrl);
  const viemChain = {
    id: deployment.chainId,
    name: "anvil",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: deployment.contracts.multicall3 } },
  } as const;
  const publicClient = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const testClient = createTestClient({ chain: viemChain, transport, mode: "anvil" });
  /** A wallet client on this chain that signs as `account`. */
  const walletOf = (account: LocalAccount) => createWalletClient({ account, chain: viemChain, transport });
  /**
   * Account `index` of anvil's mnemonic: the same account in every file that asks for it. On the global anvil a test
   * file takes its own accounts from fundedWallets() instead, and the deployer from owner().
   */
  const wallet = (index: number) => walletOf(mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }));
  /** The deployer (anvil's account 0): it owns the deployed contracts, for owner-only calls such as setBuilder. */
  const owner = () => wallet(0);
  return { rpcUrl, deployment, publicClient, testClient, walletOf, wallet, owner };
}

export type Chain = ReturnType<typeof chainAt>;

/**
 * Revert `c` to `snapshot` (a reorg, to an indexer). On the global anvil it first waits until the run's shared indexer
 * has indexed the head. Ponder asks for a new block's logs by the block's hash; if the block is reverted away in
 * between, anvil answers "unknown block" and Ponder retries that call with backoff for about 64 s before it looks at
 * the chain again, and the shared indexer would stall under the files that come after.
 */
export async function revertTo(c: Chain, snapshot: Hex): Promise<void> {
  if (c.rpcUrl === globalRpcUrl()) {
    await sharedIndexerOf(c).waitForBlock(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
  }
  await c.testClient.revert({ id: snapshot });
}

/** The run's shared indexer (tests/setup/global.ts), asked about chain `c`'s slug. */
export function sharedIndexerOf(c: Chain) {
  const shared = inject("sharedIndexer");
  return {
    ...indexerStatus({ url: shared.url, schema: shared.schema, chainSlug: c.deployment.chainSlug }),
    pid: shared.pid,
  };
}
export type Wallet = ReturnType<Chain["walletOf"]>;

/** N wallets as a tuple, so that `const [a, b] = …` needs no undefined check (an array if N is not a literal). */
type Wallets<N extends number, T extends Wallet[] = []> = number extends N
  ? Wallet[]
  : T["length"] extends N
    ? T
    : Wallets<N, [...T, Wallet]>;

/**
 * `n` wallets that no other test file can have, by construction: fresh random keys, each given `balance` wei of
 * ether (default 1000 ETH) through anvil. They start at nonce 0 with no USDC (fundUsdc gives them some). A seeded
 * workload that must replay with the same addresses (token addresses, and so V3 token order, follow the creator's)
 * passes `seed`, unique to its file: the keys are then keccak256("<seed>:<i>").
 */
export async function fundedWallets<N extends number>(
  c: Chain,
  n: N,
  { balance = parseEther("1000"), seed }: { balance?: bigint; seed?: string } = {},
): Promise<Wallets<N>> {
  const keyOf = (i: number) => (seed === undefined ? generatePrivateKey() : keccak256(toHex(`${seed}:${i}`)));
  const wallets = Array.from({ length: n }, (_, i) => c.walletOf(privateKeyToAccount(keyOf(i))));
  for (const w of wallets) await c.testClient.setBalance({ address: w.account.address, value: balance });
  return wallets as Wallets<N>;
}

/**
 * Send a contract write and wait for its receipt; throws if it reverted. Its gas limit is eth_estimateGas plus the gas
 * margin (core/limits.ts), as the service's transactions have: anvil estimates in the latest block's context, and a Uniswap V3
 * swap mined in a later second writes an oracle observation that the estimate, made in the same second as the
 * pool's last swap, did not pay for. With the bare estimate such a swap runs out of gas and reverts.
 */
export async function send(c: Chain, w: Wallet, request: Parameters<Wallet["writeContract"]>[0]) {
  const { abi, address, functionName, args, value, gas } = request as {
    abi: Abi;
    address: Address;
    functionName: string;
    args?: readonly unknown[];
    value?: bigint;
    gas?: bigint;
  };
  const estimate = async () =>
    withGasMargin(
      await c.publicClient.estimateContractGas({ abi, address, functionName, args, value, account: w.account }),
    );
  const hash = await w.writeContract({ ...request, gas: gas ?? (await estimate()) } as never);
  const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`transaction ${hash} reverted`);
  return receipt;
}

/** Give `w` USDC from the faucet (in USDC base units) and approve the launchpad for all of it. */
export async function fundUsdc(c: Chain, w: Wallet, amount: bigint) {
  const { usdc, launchpad } = c.deployment.contracts;
  const limit = 1_000_000n * 10n ** 6n;
  for (let left = amount; left > 0n; left -= left > limit ? limit : left) {
    await send(c, w, {
      address: usdc,
      abi: mockUsdcAbi,
      functionName: "faucet",
      args: [w.account.address, left > limit ? limit : left],
    } as never);
  }
  await send(c, w, {
    address: usdc,
    abi: mockUsdcAbi,
    functionName: "approve",
    args: [launchpad, maxUint256],
  } as never);
}

let saltCounter = 0;

/**
 * Registers pool type `id` as meme (7) with the launch fee the chains deploy with (80% falling to 1% over 30 s), from
 * the launchpad's owner (anvil's account 0). The test chains' own types have none (scripts/deploy.ts launchFee).
 */
export async function registerLaunchFeeType(c: Chain, id: number) {
  const launchpad = c.deployment.contracts.launchpad;
  const meme = await c.publicClient.readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "poolType",
    args: [7],
  });
  await send(c, c.walletOf(privateKeyToAccount(anvilAccount0PrivateKey)), {
    address: launchpad,
    abi: launchpadAbi,
    functionName: "setPoolType",
    args: [id, { ...meme, launchFeeBps: 8_000, launchFeeSeconds: 30 }],
  } as never);
}

/** Create a token of `poolType` (7 meme, 8 startup-preseed) from `w`; returns its address and token_layer_id. */
export async function createToken(
  c: Chain,
  w: Wallet,
  poolType: number,
  opts: { name?: string; symbol?: string; attribution?: Attribution } = {},
): Promise<{ token: Address; tokenLayerId: Hex }> {
  const salt = keccak256(toHex(`test-${process.pid}-${Date.now()}-${saltCounter++}`));
  const receipt = await send(c, w, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "createToken",
    args: [
      {
        name: opts.name ?? "Test Token",
        symbol: opts.symbol ?? "TEST",
        tokenURI: "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy",
        poolType,
        salt,
        attribution: opts.attribution ?? noAttribution,
        initialBuyUsdc: 0n,
        minTokensOut: 0n,
        deadline: maxUint256,
      },
    ],
  } as never);
  const [created] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
  if (!created) throw new Error("no TokenCreated event");
  return { token: created.args.token, tokenLayerId: created.args.tokenLayerId };
}

/** A small seeded PRNG (mulberry32), so a failing random case can be replayed from its seed. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** Uniform bigint in [1, max], log-uniform in magnitude so small and large values both occur. */
  const amount = (max: bigint): bigint => {
    if (max < 1n) return 1n;
    const digits = max.toString().length;
    const d = 1 + Math.floor(next() * digits);
    let v = 0n;
    for (let i = 0; i < d; i++) v = v * 10n + BigInt(Math.floor(next() * 10));
    v = v % max;
    return v === 0n ? 1n : v;
  };
  return { next, amount, int: (n: number) => Math.floor(next() * n) };
}

/**
 * What the spending policy values a launched token at, from the chain alone: the highest of its pool's price now
 * and the prices its Trade logs left (every trade of a test chain falls inside the policy's 24-hour window).
 */
export async function spendPriceOf(c: Chain, token: Address): Promise<bigint> {
  const { launchpad } = c.deployment.contracts;
  const [{ price }, logs] = await Promise.all([
    c.publicClient.readContract({ address: launchpad, abi: launchpadAbi, functionName: "getPool", args: [token] }),
    c.publicClient.getContractEvents({
      address: launchpad,
      abi: launchpadAbi,
      eventName: "Trade",
      fromBlock: BigInt(c.deployment.startBlock),
    }),
  ]);
  return logs
    .filter((l) => l.args.token?.toLowerCase() === token.toLowerCase())
    .reduce((high, l) => ((l.args.state?.price ?? 0n) > high ? (l.args.state?.price ?? 0n) : high), price);
}

/** Give `w` `usdcIn` USDC from the faucet and buy `token` with all of it on its curve (no attribution). */
export async function fundAndBuy(c: Chain, w: Wallet, token: Address, usdcIn: bigint) {
  await fundUsdc(c, w, usdcIn);
  return send(c, w, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [token, usdcIn, 0n, maxUint256, noAttribution],
  } as never);
}
