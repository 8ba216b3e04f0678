/**
 * What the steps of one workload share: its parameters, the seeded PRNG every choice comes from, its wallets, the
 * block being filled, and the reads and arguments every step builds on.
 */
import { type Address, keccak256, maxUint256, toHex, zeroAddress } from "viem";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../../../abis/index.js";
import type { Attribution } from "../../../core/fees.js";
import { type Chain, prng, type Wallet } from "../chain.js";
import { blockBuilder, gasOf } from "./workload-blocks.js";

export const USDC = 10n ** 6n;
export const TOKEN = 10n ** 18n;
export const MEME = 7;
export const PRESEED = 8;
/** Tick spacing of each Uniswap V3 fee tier. */
export const tickSpacing: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };

export type WorkloadParameters = {
  /** Seed of the PRNG that picks every action, wallet, token and amount. */
  seed: number;
  /** The wallets that create, trade, transfer and claim (fundedWallets with a seed, so that a seed replays). */
  wallets: Wallet[];
  /** Tokens to create first, alternating meme (7) and startup-preseed (8). */
  create?: number;
  /** Tokens created earlier that the workload trades too. */
  tokens?: Address[];
  /** Random actions after creation: trades (most), transfers, direct V3 swaps, fee claims. */
  steps: number;
  /** Tokens to graduate with a buy crossing the migration supply, spread over the steps. */
  graduate?: { meme: number; preseed: number };
  /** Make the first created token (a meme) graduate in its creation, through its initial buy. */
  graduateAtCreation?: boolean;
  /** Let wallets add and remove liquidity on graduated V3 pools, in narrow ranges in and out of the current tick. */
  liquidity?: boolean;
  /** Halfway through, have `owner` (a mnemonic index: the launchpad's owner) move the protocol's fees to `to`. */
  feeRecipient?: { owner: number; to: Address };
  /** The launchpad owner's mnemonic index, which approves the builders and referrers trades name (default 0). */
  owner?: number;
  /** Transactions per block, at most one per wallet and per token (default: as many as there are wallets). */
  perBlock?: number;
  /** USDC to give each wallet first (base units; default 1M). */
  fund?: bigint;
  /** Stop early when this returns true (checked between blocks). */
  stop?: () => boolean;
  log?: (line: string) => void;
};

/** A workload under way; startRun() makes one. */
export type WorkloadRun = ReturnType<typeof startRun>;

/** The shared state of a workload with parameters `p` on `c`, before anything is sent. */
export function startRun(c: Chain, p: WorkloadParameters) {
  const rng = prng(p.seed);
  const log = p.log ?? (() => {});
  const { launchpad, usdc } = c.deployment.contracts;
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)] as T;
  const wallets = p.wallets;
  const perBlock = p.perBlock ?? wallets.length;
  // Addresses without keys: they receive tokens (transfers, swaps) and fees, and never send.
  const outsiders = Array.from(
    { length: 4 },
    (_, i) => keccak256(toHex(`outsider-${p.seed}-${i}`)).slice(0, 42) as Address,
  );
  const blocks = blockBuilder(c, log);

  /** Reads at the head, which (automine being off) is the state before the pending block. */
  const read = {
    pool: (token: Address) =>
      c.publicClient.readContract({ address: launchpad, abi: launchpadAbi, functionName: "getPool", args: [token] }),
    balance: (token: Address, who: Address) =>
      c.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "balanceOf", args: [who] }),
    usdc: (who: Address) =>
      c.publicClient.readContract({ address: usdc, abi: mockUsdcAbi, functionName: "balanceOf", args: [who] }),
    claimable: (who: Address) =>
      c.publicClient.readContract({ address: launchpad, abi: launchpadAbi, functionName: "claimable", args: [who] }),
  };
  /** Submits faucet calls giving `w` `amount` USDC (base units), at most 1M a call. */
  const faucet = async (w: Wallet, amount: bigint) => {
    for (let left = amount; left > 0n; ) {
      const part = left > 1_000_000n * USDC ? 1_000_000n * USDC : left;
      await blocks.submit(w, "setup", gasOf.small, {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "faucet",
        args: [w.account.address, part],
      });
      left -= part;
    }
  };

  // Builders and referrers must be approved and may not be the trader: the outsiders (who never send) are, by the
  // owner, in setup. A token's referral is its first one; later ones are ignored on chain and must be so indexed.
  const attribution = (): Attribution => {
    const party = () => (rng.next() < 0.4 ? zeroAddress : pick(outsiders));
    // A builder fee with no builder is legal; the launchpad pays and reports none.
    return { builder: party(), builderFeeBps: rng.int(51), referral: party() };
  };
  /** Arguments of a launchpad trade of `amount` on `token` with limit `bound`, no deadline and a random attribution. */
  const tradeArgs = (token: Address, amount: bigint, bound: bigint) => [
    token,
    amount,
    bound,
    maxUint256,
    attribution(),
  ];

  /**
   * A wallet no transaction of the pending block uses yet, and mostly a token none uses either; sometimes a token
   * the block already trades (`shared`: its state will have moved when this runs, so bounds must be loose). None
   * when the block is full.
   */
  const free = (among: readonly Address[]): { w: Wallet; token: Address; shared: boolean } | undefined => {
    const ws = wallets.filter((w) => !blocks.busyWallets.has(w));
    const hot = among.filter((t) => blocks.busyTokens.has(t));
    const shared = hot.length > 0 && rng.next() < 0.15;
    const ts = shared ? hot : among.filter((t) => !blocks.busyTokens.has(t));
    if (ws.length === 0 || ts.length === 0 || blocks.busyWallets.size >= perBlock) return undefined;
    const token = pick(ts);
    blocks.busyTokens.add(token);
    return { w: pick(ws), token, shared };
  };

  return {
    c,
    p,
    rng,
    log,
    pick,
    wallets,
    outsiders,
    blocks,
    read,
    faucet,
    attribution,
    tradeArgs,
    free,
    /** V3 positions minted, by `<wallet>-<token>`, with the liquidity still in them. */
    positions: new Map<string, { tokenId: bigint; liquidity: bigint }>(),
    /** `<wallet>-<token>` pairs that approved the position manager, and the swap router. */
    npmApproved: new Set<string>(),
    routerApproved: new Set<string>(),
  };
}
