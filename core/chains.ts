import type { Address } from "viem";
import { z } from "zod";

/**
 * The chain registry: every `ChainSlug` of the spec, with the addresses the service needs on that chain.
 *
 * Sources for published addresses (checked when this file was written):
 * - Uniswap V3: docs.uniswap.org/contracts/v3/reference/deployments (per-chain pages) and the
 *   `CHAIN_TO_ADDRESSES_MAP` of `@uniswap/sdk-core`. Where the two disagree on the quoter, the docs'
 *   `QuoterV2` row wins (sdk-core's `quoterAddress` is sometimes the older `Quoter`).
 * - USDC: Circle's native USDC for each chain (6 decimals).
 * - Multicall3 and explorers: viem's chain definitions (`viem/chains`).
 * - LayerZero v2: endpoint ids and EndpointV2 addresses from docs.layerzero.network/v2/deployments/deployed-contracts
 *   (one EndpointV2 address on every EVM mainnet, another on every EVM testnet; ZK Stack chains have their own,
 *   which we leave out since we cannot deploy there).
 * An address we could not confirm from a published source is left undefined, with a comment. The deploy
 * script refuses to deploy to a chain whose addresses are incomplete rather than guessing.
 *
 * Local development: anvil runs with chain id 84532 and the slug `base-sepolia`, but it never uses the
 * published Base Sepolia addresses below. `scripts/deploy.ts` decides "local" by asking the RPC for
 * `anvil_nodeInfo`; on anvil it deploys its own mocks and Uniswap, and everything reads
 * `deployments/<slug>.json` instead of this file.
 */

/** Every chain slug the spec allows, in the spec's order. */
export const chainSlugs = [
  "solana-devnet",
  "base",
  "base-sepolia",
  "avalanche",
  "bnb",
  "bnb-testnet",
  "unichain",
  "unichain-testnet",
  "abstract",
  "polygon",
  "zkSync",
  "zkSync-testnet",
] as const;

export type ChainSlug = (typeof chainSlugs)[number];

export const chainSlugSchema = z.enum(chainSlugs);

/** Chains a new token is recorded for when create-token-transaction names none. */
export const DEFAULT_DESTINATION_CHAINS = [
  "base-sepolia",
  "bnb-testnet",
  "solana-devnet",
] as const satisfies readonly ChainSlug[];

/** Published Uniswap V3 contracts of one chain. */
export type UniswapV3Addresses = {
  factory: Address;
  positionManager: Address;
  swapRouter: Address;
  /**
   * Which router ABI `swapRouter` speaks. Most chains only have `SwapRouter02`, whose
   * `exactInputSingle` params carry no `deadline`; local anvil deploys the original `SwapRouter`.
   */
  swapRouterKind: "SwapRouter" | "SwapRouter02";
  quoterV2: Address;
};

/** A chain's LayerZero v2 endpoint: its endpoint id (eid) and, on EVM chains, the EndpointV2 contract. */
export type LayerZeroEndpoint = { eid: number; endpoint?: Address };

export type EvmChain = {
  slug: ChainSlug;
  kind: "evm";
  chainId: number;
  name: string;
  testnet: boolean;
  /**
   * True on ZK Stack chains (ZKsync Era, Abstract). They run EraVM, so forge's EVM bytecode cannot be
   * deployed there as is (it needs zksolc), and CREATE2 addresses follow different rules.
   */
  eraVm: boolean;
  explorer?: string;
  /** Native USDC (6 decimals). */
  usdc?: Address;
  uniswapV3?: UniswapV3Addresses;
  multicall3?: Address;
  layerZero?: LayerZeroEndpoint;
};

export type SolanaChain = {
  slug: ChainSlug;
  kind: "solana";
  chainId: null;
  name: string;
  testnet: boolean;
  explorer?: string;
  layerZero?: LayerZeroEndpoint;
};

export type Chain = EvmChain | SolanaChain;

/** The canonical Multicall3, deployed at the same address on most EVM chains. */
const multicall3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
/** Multicall3 on ZK Stack chains, where the canonical address is not reachable. */
const multicall3ZkSync = "0xF9cda624FBC7e059355ce98a31693d299FACd963";
/** LayerZero's EndpointV2 on EVM mainnets and on EVM testnets (the same address on each). */
const lzMainnet = "0x1a44076050125825900e736c501f859c50fE728c";
const lzTestnet = "0x6EDCE65403992e310A62460808c4b910D972f10f";

export const chainBySlug = {
  "solana-devnet": {
    slug: "solana-devnet",
    kind: "solana",
    chainId: null,
    name: "Solana Devnet",
    testnet: true,
    explorer: "https://explorer.solana.com/?cluster=devnet",
    layerZero: { eid: 40168 },
  },
  base: {
    slug: "base",
    kind: "evm",
    chainId: 8453,
    name: "Base",
    testnet: false,
    eraVm: false,
    explorer: "https://basescan.org",
    usdc: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
    uniswapV3: {
      factory: "0x33128a8fC17869897dcE68Ed026d694621f6FDfD",
      positionManager: "0x03a520b32C04BF3bEEf7BEb72E919cf822Ed34f1",
      swapRouter: "0x2626664c2603336E57B271c5C0b26F421741e481",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0x3d4e44Eb1374240CE5F1B871ab261CD16335B76a",
    },
    multicall3,
    layerZero: { eid: 30184, endpoint: lzMainnet },
  },
  "base-sepolia": {
    slug: "base-sepolia",
    kind: "evm",
    chainId: 84532,
    name: "Base Sepolia",
    testnet: true,
    eraVm: false,
    explorer: "https://sepolia.basescan.org",
    usdc: "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
    uniswapV3: {
      factory: "0x4752ba5DBc23f44D87826276BF6Fd6b1C372aD24",
      positionManager: "0x27F971cb582BF9E50F397e4d29a5C7A34f11faA2",
      swapRouter: "0x94cC0AaC535CCDB3C01d6787D6413C739ae12bc4",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0xC5290058841028F1614F3A6F0F5816cAd0df5E27",
    },
    multicall3,
    layerZero: { eid: 40245, endpoint: lzTestnet },
  },
  avalanche: {
    slug: "avalanche",
    kind: "evm",
    chainId: 43114,
    name: "Avalanche C-Chain",
    testnet: false,
    eraVm: false,
    explorer: "https://snowtrace.io",
    usdc: "0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E",
    uniswapV3: {
      factory: "0x740b1c1de25031C31FF4fC9A62f554A55cdC1baD",
      positionManager: "0x655C406EBFa14EE2006250925e54ec43AD184f8B",
      swapRouter: "0xbb00FF08d01D300023C629E8fFfFcb65A5a578cE",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0xbe0F5544EC67e9B3b2D979aaA43f18Fd87E6257F",
    },
    multicall3,
    layerZero: { eid: 30106, endpoint: lzMainnet },
  },
  bnb: {
    slug: "bnb",
    kind: "evm",
    chainId: 56,
    name: "BNB Smart Chain",
    testnet: false,
    eraVm: false,
    explorer: "https://bscscan.com",
    // No native Circle USDC on BNB Chain. The common "USDC" there is Binance-Peg USDC
    // (0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d) with 18 decimals, which breaks our rule that USD
    // amounts are 6-decimal USDC base units, so it is deliberately left out.
    uniswapV3: {
      factory: "0xdB1d10011AD0Ff90774D0C6Bb92e5C5c8b4461F7",
      positionManager: "0x7b8A01B39D58278b5DE7e48c8449c9f4F5170613",
      swapRouter: "0xB971eF87ede563556b2ED4b1C0b0019111Dd85d2",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0x78D78E420Da98ad378D7799bE8f4AF69033EB077",
    },
    multicall3,
    layerZero: { eid: 30102, endpoint: lzMainnet },
  },
  "bnb-testnet": {
    slug: "bnb-testnet",
    kind: "evm",
    chainId: 97,
    name: "BNB Smart Chain Testnet",
    testnet: true,
    eraVm: false,
    explorer: "https://testnet.bscscan.com",
    // Uniswap publishes no V3 deployment on BNB testnet and Circle no USDC: both left undefined.
    multicall3,
    layerZero: { eid: 40102, endpoint: lzTestnet },
  },
  unichain: {
    slug: "unichain",
    kind: "evm",
    chainId: 130,
    name: "Unichain",
    testnet: false,
    eraVm: false,
    explorer: "https://uniscan.xyz",
    usdc: "0x078D782b760474a361dDA0AF3839290b0EF57AD6",
    uniswapV3: {
      factory: "0x1F98400000000000000000000000000000000003",
      positionManager: "0x943e6e07a7E8E791dAFC44083e54041D743C46E9",
      swapRouter: "0x73855d06DE49d0fe4A9c42636Ba96c62da12FF9C",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0x385A5cf5F83e99f7BB2852b6A19C3538b9FA7658",
    },
    multicall3,
    layerZero: { eid: 30320, endpoint: lzMainnet },
  },
  "unichain-testnet": {
    slug: "unichain-testnet",
    kind: "evm",
    chainId: 1301,
    name: "Unichain Sepolia",
    testnet: true,
    eraVm: false,
    explorer: "https://sepolia.uniscan.xyz",
    usdc: "0x31d0220469e10c4E71834a79b1f276d740d3768F",
    uniswapV3: {
      factory: "0x1F98431c8aD98523631AE4a59f267346ea31F984",
      positionManager: "0xB7F724d6dDDFd008eFf5cc2834edDE5F9eF0d075",
      swapRouter: "0xd1AAE39293221B77B0C71fBD6dCb7Ea29Bb5B166",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0x6Dd37329A1A225a6Fca658265D460423DCafBF89",
    },
    multicall3,
    layerZero: { eid: 40333, endpoint: lzTestnet },
  },
  abstract: {
    slug: "abstract",
    kind: "evm",
    chainId: 2741,
    name: "Abstract",
    testnet: false,
    eraVm: true,
    explorer: "https://abscan.org",
    // Uniswap's deployment pages list no V3 deployment on Abstract, and we could not confirm a native
    // Circle USDC address there: both left undefined.
    multicall3: "0xAa4De41dba0Ca5dCBb288b7cC6b708F3aaC759E7",
    layerZero: { eid: 30324 },
  },
  polygon: {
    slug: "polygon",
    kind: "evm",
    chainId: 137,
    name: "Polygon PoS",
    testnet: false,
    eraVm: false,
    explorer: "https://polygonscan.com",
    usdc: "0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359",
    uniswapV3: {
      factory: "0x1F98431c8aD98523631AE4a59f267346ea31F984",
      positionManager: "0xC36442b4a4522E871399CD717aBDD847Ab11FE88",
      // Polygon has the original SwapRouter (same ABI as our local deployment); SwapRouter02 is at
      // 0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45.
      swapRouter: "0xE592427A0AEce92De3Edee1F18E0157C05861564",
      swapRouterKind: "SwapRouter",
      quoterV2: "0x61fFE014bA17989E743c5F6cB21bF9697530B21e",
    },
    multicall3,
    layerZero: { eid: 30109, endpoint: lzMainnet },
  },
  zkSync: {
    slug: "zkSync",
    kind: "evm",
    chainId: 324,
    name: "ZKsync Era",
    testnet: false,
    eraVm: true,
    explorer: "https://explorer.zksync.io",
    usdc: "0x1d17CBcF0D6D143135aE902365D2E5e2A16538D4",
    uniswapV3: {
      factory: "0x8FdA5a7a8dCA67BBcDd10F02Fa0649A937215422",
      positionManager: "0x0616e5762c1E7Dc3723c50663dF10a162D690a86",
      swapRouter: "0x99c56385daBCE3E81d8499d0b8d0257aBC07E8A3",
      swapRouterKind: "SwapRouter02",
      quoterV2: "0x8Cb537fc92E26d8EBBb760E632c95484b6Ea3e28",
    },
    multicall3: multicall3ZkSync,
    layerZero: { eid: 30165 },
  },
  "zkSync-testnet": {
    slug: "zkSync-testnet",
    kind: "evm",
    chainId: 300,
    name: "ZKsync Sepolia",
    testnet: true,
    eraVm: true,
    explorer: "https://sepolia.explorer.zksync.io",
    usdc: "0xAe045DE5638162fa134807Cb558E15A3F5A7F853",
    // Uniswap publishes no V3 deployment on ZKsync Sepolia: left undefined.
    multicall3: multicall3ZkSync,
    layerZero: { eid: 40305 },
  },
} as const satisfies Record<ChainSlug, Chain>;

export type GetChainReturnType<slug extends ChainSlug> = (typeof chainBySlug)[slug];

/**
 * The registry entry of a chain slug. Accepts any string so callers can pass raw input (env, JSON);
 * an unknown slug throws an error that lists the valid ones.
 */
export function getChain<slug extends ChainSlug>(slug: slug): GetChainReturnType<slug>;
export function getChain(slug: string): Chain;
export function getChain(slug: string): Chain {
  const parsed = chainSlugSchema.safeParse(slug);
  if (!parsed.success) {
    throw new Error(`Unknown chain slug "${slug}". Valid slugs: ${chainSlugs.join(", ")}.`);
  }
  return chainBySlug[parsed.data];
}

/** ChainSlug of an EVM chain id, or undefined. */
export function slugOfChainId(chainId: number): ChainSlug | undefined {
  return Object.values(chainBySlug).find((c) => c.kind === "evm" && c.chainId === chainId)?.slug;
}

/** The chain slug of a LayerZero endpoint id, or undefined. */
export function slugOfEid(eid: number): ChainSlug | undefined {
  return Object.values(chainBySlug).find((c) => "layerZero" in c && c.layerZero.eid === eid)?.slug;
}
