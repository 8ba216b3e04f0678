/**
 * Ponder config. Addresses and start blocks come from deployments/<slug>.json and chains from core/chains.ts and
 * env (indexer/lib/chains.ts), so the same indexer runs against local anvil or a real network. Schema and handlers
 * live in indexer/ (run ponder with `--root indexer --config ../ponder.config.ts`).
 */
import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import {
  endpointV2Abi,
  launchpadAbi,
  launchTokenAbi,
  peerTokenAbi,
  peerTokenFactoryAbi,
  uniswapV3PoolAbi,
} from "./abis/index.js";
import { indexedChains, ponderRpc } from "./indexer/lib/chains.js";

const chains = indexedChains();

const perChain = <T>(make: (c: (typeof chains)[number]) => T) =>
  Object.fromEntries(chains.map((c) => [c.slug, make(c)])) as Record<string, T>;

export default createConfig({
  chains: perChain((c) => ({
    id: c.chainId,
    rpc: ponderRpc(c),
    // Local chains restart from genesis and reuse block numbers: never trust a cached response there.
    disableCache: c.local,
    pollingInterval: c.local ? 100 : 1_000,
    ...(c.wsUrl ? { ws: c.wsUrl } : {}),
  })),
  contracts: {
    Launchpad: {
      abi: launchpadAbi,
      chain: perChain((c) => ({ address: c.deployment.contracts.launchpad, startBlock: c.deployment.startBlock })),
    },
    LaunchToken: {
      abi: launchTokenAbi,
      chain: perChain((c) => ({
        address: factory({
          address: c.deployment.contracts.launchpad,
          event: getAbiItem({ abi: launchpadAbi, name: "TokenCreated" }),
          parameter: "token",
        }),
        startBlock: c.deployment.startBlock,
      })),
    },
    /** Deploys the tokens' peers (the same address on every chain). */
    PeerTokenFactory: {
      abi: peerTokenFactoryAbi,
      chain: perChain((c) => ({ address: c.deployment.contracts.peerFactory, startBlock: c.deployment.startBlock })),
    },
    /** Launched tokens on their destination chains. */
    PeerToken: {
      abi: peerTokenAbi,
      chain: perChain((c) => ({
        address: factory({
          address: c.deployment.contracts.peerFactory,
          event: getAbiItem({ abi: peerTokenFactoryAbi, name: "PeerTokenDeployed" }),
          parameter: "token",
        }),
        startBlock: c.deployment.startBlock,
      })),
    },
    /** LayerZero's endpoint: only PacketVerified is handled, for the verified status of moves between chains. */
    LzEndpoint: {
      abi: endpointV2Abi,
      chain: perChain((c) => ({ address: c.deployment.contracts.lzEndpoint, startBlock: c.deployment.startBlock })),
    },
    UniswapV3Pool: {
      abi: uniswapV3PoolAbi,
      chain: perChain((c) => ({
        address: factory({
          address: c.deployment.contracts.launchpad,
          event: getAbiItem({ abi: launchpadAbi, name: "Graduated" }),
          parameter: "v3Pool",
        }),
        startBlock: c.deployment.startBlock,
      })),
    },
  },
});
