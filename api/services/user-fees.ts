/**
 * get-user-fees: what the caller's wallet on record has earned in fees, per chain: claimable now, claimed, lifetime,
 * and lifetime by type, from the indexed state.
 *
 * Types: `creator` (its share of the fee of every trade of a token it created), `builder` and `referral` (the
 * shares of trades that named it), summed over the indexed trades; `pool`, the USDC side of the graduated pools'
 * fees collected for it (the rest of what the launchpad credited it: lifetime − creator − builder − referral; for
 * the protocol's fee recipient this also holds the protocol's shares). Launch tokens credited from collected pool
 * fees are listed per token (`token_fees`), claimed with the launchpad's claimTokenFees(token).
 */

import { getAddress } from "viem";
import { allEnded } from "../../core/all-ended.js";
import { slugOfChainId } from "../../core/chains.js";
import { readFees, readTradeFeesByType } from "../../db/indexed/holdings.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { tokenAmount, usdcUsd } from "./tokens/shape.js";

const usdc = (amount: bigint) => ({ usdc: amount.toString(), usd: usdcUsd(amount) });

export async function getUserFees(deps: ApiDeps, user: AuthedUser) {
  const who = user.walletAddress.toLowerCase();
  const [{ fees, tokenFees }, byType] = await allEnded([
    readFees(deps.db, deps.config, who, deps.versions?.ranked() ?? false),
    readTradeFeesByType(deps.db, deps.config, who),
  ]);
  const chainIds = [...new Set([...fees.map((f) => f.chainId), ...byType.map((f) => f.chainId)])].sort((a, b) => a - b);
  return {
    address: getAddress(user.walletAddress),
    chains: chainIds.map((chainId) => {
      const f = fees.find((x) => x.chainId === chainId);
      const t = byType.find((x) => x.chainId === chainId);
      const accrued = f?.accrued ?? 0n;
      const [creator, builder, referral] = [t?.creator ?? 0n, t?.builder ?? 0n, t?.referral ?? 0n];
      const pool = accrued - creator - builder - referral;
      return {
        chain: slugOfChainId(chainId) ?? String(chainId),
        claimable: usdc(f?.claimable ?? 0n),
        claimed: usdc(f?.claimed ?? 0n),
        lifetime: usdc(accrued),
        by_type: {
          creator: usdc(creator),
          builder: usdc(builder),
          referral: usdc(referral),
          pool: usdc(pool > 0n ? pool : 0n),
        },
      };
    }),
    token_fees: tokenFees.map((f) => ({
      token_id: f.tokenId,
      symbol: f.symbol,
      chain: slugOfChainId(f.chainId) ?? String(f.chainId),
      contract_address: getAddress(f.token),
      claimable: f.claimable.toString(),
      claimable_tokens: tokenAmount(f.claimable),
      lifetime: f.accrued.toString(),
      lifetime_tokens: tokenAmount(f.accrued),
    })),
  };
}
