/**
 * What readChainState reads from the chain before it rebuilds anything: the logs of the launchpad, its tokens and
 * their V3 pools, the launchpad's and the pools' view functions at one block, and the timestamps of the blocks.
 */
import { type Address, type Hex, type Log, parseEventLogs, type ReadContractReturnType } from "viem";
import { launchpadAbi, launchTokenAbi, uniswapV3PoolAbi } from "../../../abis/index.js";
import type { Chain } from "../chain.js";

/** A decoded log of any of the ABIs read. */
export type AnyLog = Log<bigint, number, false> & { eventName: string; args: Record<string, unknown> };
export const lower = (a: string) => a.toLowerCase() as Hex;
/** Chain order: by block, then by log index. */
export const order = (a: AnyLog, b: AnyLog) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

export type ChainLogs = {
  /** Every log of the launchpad, in the order getLogs gave them. */
  launchpadLogs: AnyLog[];
  /** Tokens by TokenCreated, in creation order. */
  tokens: Address[];
  /** Each graduated token's Graduated log, by token (lowercase). */
  graduations: Map<Hex, AnyLog>;
  /** The graduated tokens' V3 pools. */
  v3Pools: Address[];
  /** Transfer logs of the tokens. */
  tokenLogs: AnyLog[];
  /** Every log of the V3 pools, before their graduation too. */
  poolLogs: AnyLog[];
};

/** The logs of `c`'s launchpad, its tokens and their V3 pools from the deployment's start block to `block`. */
export async function readLogs(c: Chain, block: bigint): Promise<ChainLogs> {
  const { publicClient } = c;
  const range = { fromBlock: BigInt(c.deployment.startBlock), toBlock: block };
  const launchpadLogs = parseEventLogs({
    abi: launchpadAbi,
    logs: await publicClient.getLogs({ address: c.deployment.contracts.launchpad, ...range }),
  }) as unknown as AnyLog[];
  const created = launchpadLogs.filter((l) => l.eventName === "TokenCreated");
  const tokens = created.map((l) => l.args.token as Address);
  const graduations = new Map(
    launchpadLogs.filter((l) => l.eventName === "Graduated").map((l) => [lower(l.args.token as string), l]),
  );
  const v3Pools = [...graduations.values()].map((l) => l.args.v3Pool as Address);
  const tokenLogs = (tokens.length === 0
    ? []
    : parseEventLogs({
        abi: launchTokenAbi,
        eventName: "Transfer",
        logs: await publicClient.getLogs({ address: tokens, ...range }),
      })) as unknown as AnyLog[];
  const poolLogs = (v3Pools.length === 0
    ? []
    : parseEventLogs({
        abi: uniswapV3PoolAbi,
        logs: await publicClient.getLogs({ address: v3Pools, ...range }),
      })) as unknown as AnyLog[];
  return { launchpadLogs, tokens, graduations, v3Pools, tokenLogs, poolLogs };
}

/** The launchpad's getPool() of a token. */
export type PoolView = ReadContractReturnType<typeof launchpadAbi, "getPool">;

export type ChainViews = {
  /** getPool() of each token, by token (lowercase). */
  views: Map<Hex, PoolView>;
  /** slot0's price (X96) and tick, and the active liquidity, of each V3 pool, by pool (lowercase). */
  v3State: Map<Hex, { sqrtPriceX96: bigint; tick: number; liquidity: bigint }>;
};

/**
 * The chain's own account of itself at `block`: the launchpad's view of each token and the state of each V3 pool.
 * Adds to `inconsistencies` if the launchpad counts other tokens than the logs name.
 */
export async function readViews(
  c: Chain,
  { tokens, v3Pools }: ChainLogs,
  block: bigint,
  inconsistencies: string[],
): Promise<ChainViews> {
  const { publicClient } = c;
  const { launchpad } = c.deployment.contracts;
  const at = { blockNumber: block };
  const chainTokens = await publicClient.readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "allTokensLength",
    ...at,
  });
  if (chainTokens !== BigInt(tokens.length))
    inconsistencies.push(`allTokensLength ${chainTokens}, TokenCreated ${tokens.length}`);
  const views = new Map(
    await Promise.all(
      tokens.map(
        async (t) =>
          [
            lower(t),
            await publicClient.readContract({
              address: launchpad,
              abi: launchpadAbi,
              functionName: "getPool",
              args: [t],
              ...at,
            }),
          ] as const,
      ),
    ),
  );
  const v3State = new Map(
    await Promise.all(
      v3Pools.map(async (pool) => {
        const [slot0, liquidity] = await Promise.all([
          publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "slot0", ...at }),
          publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "liquidity", ...at }),
        ]);
        return [lower(pool), { sqrtPriceX96: slot0[0], tick: slot0[1], liquidity }] as const;
      }),
    ),
  );
  return { views, v3State };
}

/** The hash of each block `logs` come from, as a lookup by block number. */
export function blockHashesOf(logs: AnyLog[]): (block: bigint) => Hex {
  const hashes = new Map<bigint, Hex>();
  for (const l of logs) hashes.set(l.blockNumber, l.blockHash);
  return (n: bigint) => hashes.get(n) as Hex;
}

/** The timestamp (unix seconds) of each block `logs` come from, as a lookup by block number. */
export async function readBlockTimes(c: Chain, logs: AnyLog[]): Promise<(block: bigint) => bigint> {
  const blocks = new Set<bigint>();
  for (const l of logs) blocks.add(l.blockNumber);
  const timestamps = new Map<bigint, bigint>();
  const blockList = [...blocks];
  for (let i = 0; i < blockList.length; i += 100) {
    const chunk = await Promise.all(
      blockList.slice(i, i + 100).map((n) => c.publicClient.getBlock({ blockNumber: n })),
    );
    for (const b of chunk) timestamps.set(b.number, b.timestamp);
  }
  return (n: bigint) => timestamps.get(n) as bigint;
}
