/**
 * The bare app the indexer benchmark compares ours with: the same chain, contracts, factory sources, start blocks
 * and chain settings as ../../../ponder.config.ts (read the same way, from deployments/<slug>.json and env), but
 * handlers that only count events. Run by bench/indexer/run.ts with `ponder start --root bench/indexer/bare`.
 */
import { createConfig, factory } from "ponder";
import { getAbiItem } from "viem";
import { launchpadAbi, launchTokenAbi, uniswapV3PoolAbi } from "../../../abis/index.js";
import { indexedChains, ponderRpc } from "../../../indexer/lib/chains.js";

const chains = indexedChains();

const perChain = <T>(make: (c: (typeof chains)[number]) => T) =>
  Object.fromEntries(chains.map((c) => [c.slug, make(c)])) as Record<string, T>;

export default createConfig({
  chains: perChain((c) => ({
    id: c.chainId,
    rpc: ponderRpc(c),
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
