/**
 * getPortfolio: what an address holds of the launchpad's tokens, valued at each pool's current price, and the fees
 * it may claim, from the indexed state only (no RPC on this read path): USDC fees per chain (trade fee shares and the
 * USDC side of collected pool fees), and launch tokens per token from collected pool fees (claimTokenFees).
 *
 * Units: balances in token wei (18 decimals) with whole-token numbers beside them; values in USDC base units
 * (6 decimals) = balance × price / 1e30, rounded down, with USD numbers beside them.
 */
import { getAddress } from "viem";
import { slugOfChainId } from "../../core/chains.js";
import { readPortfolio } from "../../db/indexed/holdings.js";
import type { ApiDeps } from "../deps.js";
import { priceUsd, tokenAmount, usdcUsd } from "./token-view.js";

export type GetPortfolioParameters = { address: string; limit: number; offset: number };

const VALUE_SCALE = 10n ** 30n;

/** Holdings with a balance above zero, largest value first (then balance, then token address). */
export async function getPortfolio(deps: ApiDeps, p: GetPortfolioParameters) {
  const address = p.address.toLowerCase();
  const { holdings: held, total, fees, tokenFees } = await readPortfolio(deps.db, deps.config, address, p);
  const holdings = held.map((r) => {
    const value = (r.balance * r.price) / VALUE_SCALE;
    return {
      token_id: r.tokenId,
      name: r.name,
      symbol: r.symbol,
      chain: slugOfChainId(r.chainId) ?? String(r.chainId),
      contract_address: getAddress(r.token),
      balance: r.balance.toString(),
      balance_tokens: tokenAmount(r.balance),
      price_usd: priceUsd(r.price),
      value_usdc: value.toString(),
      value_usd: usdcUsd(value),
      is_graduated: r.graduated,
    };
  });
  const pageValue = holdings.reduce((sum, h) => sum + BigInt(h.value_usdc), 0n);
  return {
    address: getAddress(address),
    holdings,
    page_value_usdc: pageValue.toString(),
    page_value_usd: usdcUsd(pageValue),
    fees: fees.map((f) => ({
      chain: slugOfChainId(f.chainId) ?? String(f.chainId),
      claimable: f.claimable.toString(),
      claimable_usd: usdcUsd(f.claimable),
      accrued: f.accrued.toString(),
      claimed: f.claimed.toString(),
    })),
    token_fees: tokenFees.map((f) => ({
      chain: slugOfChainId(f.chainId) ?? String(f.chainId),
      token_id: f.tokenId,
      symbol: f.symbol,
      contract_address: getAddress(f.token),
      claimable: f.claimable.toString(),
      claimable_tokens: tokenAmount(f.claimable),
      accrued: f.accrued.toString(),
      claimed: f.claimed.toString(),
    })),
    total,
    pagination: { limit: p.limit, offset: p.offset, has_more: p.offset + holdings.length < total },
  };
}
