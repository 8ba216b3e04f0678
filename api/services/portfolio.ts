/**
 * getPortfolio: what an address holds of the launchpad's tokens, valued at each pool's current price, and the fees
 * it may claim, from the indexed state only (no RPC on this read path): USDC fees per chain (trade fee shares and the
 * USDC side of collected pool fees), and launch tokens per token from collected pool fees (claimTokenFees).
 *
 * PnL is at average cost, kept by the indexer from the trades and transfers (ponder.schema.ts, holder): cost basis
 * is what the balance cost, realised PnL what sales received less the cost of what they sold, and unrealised PnL the
 * value less the cost basis. With `usdc`, the wallet's USDC balance on each chain is read from the chain (one call
 * per chain; null where its RPC does not answer).
 *
 * Units: balances in token wei (18 decimals) with whole-token numbers beside them; values in USDC base units
 * (6 decimals) = balance × price / 1e30, rounded down, with USD numbers beside them.
 */

import { erc20Abi, getAddress } from "viem";
import { allEnded } from "../../core/all-ended.js";
import { slugOfChainId } from "../../core/chains.js";
import { AppError } from "../../core/errors.js";
import { publicClientFor } from "../../core/rpc.js";
import { readPortfolio } from "../../db/indexed/holdings.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { priceUsd, tokenAmount, usdcUsd } from "./tokens/shape.js";

export type GetPortfolioParameters = { address: string; limit: number; offset: number; usdc?: boolean };

const VALUE_SCALE = 10n ** 30n;

/** An exact USDC amount (base units) with its USD number. */
const usd = (amount: bigint) => ({ usdc: amount.toString(), usd: usdcUsd(amount) });

/** The wallet a portfolio read shows: the one asked for, else the caller's on record (anonymous: 400). */
export function portfolioAddress(user: AuthedUser | undefined, body: { address?: string }): string {
  const address = body.address ?? user?.walletAddress;
  if (!address) throw new AppError("INVALID_PARAMETERS", "Missing required fields: address");
  return address;
}

/** Holdings with a balance above zero, largest value first (then balance, then token address). */
export async function getPortfolio(deps: ApiDeps, p: GetPortfolioParameters) {
  const address = p.address.toLowerCase();
  const [{ holdings: held, total, totals, fees, tokenFees }, usdc] = await allEnded([
    readPortfolio(deps.db, deps.config, address, p, deps.versions?.ranked() ?? false),
    p.usdc ? usdcBalances(deps, address) : undefined,
  ]);
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
      average_cost_usd: r.balance === 0n ? 0 : priceUsd((r.costBasis * VALUE_SCALE) / r.balance),
      cost_basis: usd(r.costBasis),
      realised_pnl: usd(r.realisedPnl),
      unrealised_pnl: usd(value - r.costBasis),
    };
  });
  const pageValue = holdings.reduce((sum, h) => sum + BigInt(h.value_usdc), 0n);
  return {
    address: getAddress(address),
    holdings,
    page_value_usdc: pageValue.toString(),
    page_value_usd: usdcUsd(pageValue),
    totals: {
      value: usd(totals.value),
      cost_basis: usd(totals.costBasis),
      realised_pnl: usd(totals.realisedPnl),
      unrealised_pnl: usd(totals.value - totals.costBasis),
    },
    ...(usdc ? { usdc_balances: usdc } : {}),
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

/** The wallet's USDC on every chain the service runs, read from each chain now; null where its RPC fails. */
async function usdcBalances(deps: ApiDeps, address: string) {
  return allEnded(
    [...deps.deployments.values()].map(async (d) => {
      const rpcUrl = deps.rpcUrls.get(d.chainSlug);
      const balance = rpcUrl
        ? await publicClientFor(rpcUrl)
            .readContract({
              address: d.contracts.usdc,
              abi: erc20Abi,
              functionName: "balanceOf",
              args: [getAddress(address)],
            })
            .catch(() => null)
        : null;
      return { chain: d.chainSlug, balance: balance === null ? null : usd(balance) };
    }),
  );
}
