/**
 * getPortfolio: what an address holds of the launchpad's tokens, valued at each pool's current price, and the fees
 * it may claim, from the indexed state only (no RPC on this read path): USDC fees per chain (trade fee shares and the
 * USDC side of collected pool fees), and launch tokens per token from collected pool fees (claimTokenFees).
 *
 * Units: balances in token wei (18 decimals) with whole-token numbers beside them; values in USDC base units
 * (6 decimals) = balance × price / 1e30, rounded down, with USD numbers beside them.
 */
import { getAddress } from "viem";
import type { ApiDeps } from "../deps.js";
import { slugOfChainId } from "./indexed.js";
import { priceUsd, tokenAmount, usdcUsd } from "./token-view.js";

export type GetPortfolioParameters = { address: string; limit: number; offset: number };

const VALUE_SCALE = 10n ** 30n;

/** Holdings with a balance above zero, largest value first (then balance, then token address). */
export async function getPortfolio(deps: ApiDeps, p: GetPortfolioParameters) {
  const ix = deps.config.indexerSchema;
  const address = p.address.toLowerCase();
  const [held, count, fees, tokenFees] = await Promise.all([
    deps.db.query<{
      chain_id: number;
      token: string;
      balance: string;
      price: string | null;
      graduated: boolean | null;
      name: string;
      symbol: string;
      token_id: string | null;
    }>(
      `SELECT h.chain_id, h.token, h.balance, p.price, p.graduated, t.name, t.symbol, a.id AS token_id
         FROM ${ix}.holder h
         JOIN ${ix}.token t ON t.chain_id = h.chain_id AND t.address = h.token
         LEFT JOIN ${ix}.pool p ON p.chain_id = h.chain_id AND p.token = h.token
         LEFT JOIN ${deps.config.appSchema}.tokens a ON lower(a.token_layer_id) = t.token_layer_id
        WHERE h.address = $1 AND h.balance > 0
        ORDER BY h.balance * coalesce(p.price, 0) DESC, h.balance DESC, h.token LIMIT $2 OFFSET $3`,
      [address, p.limit, p.offset],
    ),
    deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${ix}.holder h JOIN ${ix}.token t ON t.chain_id = h.chain_id AND t.address = h.token
        WHERE h.address = $1 AND h.balance > 0`,
      [address],
    ),
    deps.db.query<{ chain_id: number; claimable: string; accrued: string; claimed: string }>(
      `SELECT chain_id, claimable, accrued, claimed FROM ${ix}.fees WHERE recipient = $1 ORDER BY chain_id`,
      [address],
    ),
    deps.db.query<{
      chain_id: number;
      token: string;
      claimable: string;
      accrued: string;
      claimed: string;
      symbol: string | null;
      token_id: string | null;
    }>(
      `SELECT f.chain_id, f.token, f.claimable, f.accrued, f.claimed, t.symbol, a.id AS token_id
         FROM ${ix}.token_fees f
         LEFT JOIN ${ix}.token t ON t.chain_id = f.chain_id AND t.address = f.token
         LEFT JOIN ${deps.config.appSchema}.tokens a ON lower(a.token_layer_id) = t.token_layer_id
        WHERE f.recipient = $1 ORDER BY f.chain_id, f.token`,
      [address],
    ),
  ]);
  const holdings = held.rows.map((r) => {
    const balance = BigInt(r.balance);
    const price = BigInt(r.price ?? 0);
    const value = (balance * price) / VALUE_SCALE;
    return {
      token_id: r.token_id,
      name: r.name,
      symbol: r.symbol,
      chain: slugOfChainId(r.chain_id) ?? String(r.chain_id),
      contract_address: getAddress(r.token),
      balance: balance.toString(),
      balance_tokens: tokenAmount(balance),
      price_usd: priceUsd(price),
      value_usdc: value.toString(),
      value_usd: usdcUsd(value),
      is_graduated: r.graduated ?? false,
    };
  });
  const total = count.rows[0]?.n ?? 0;
  const pageValue = holdings.reduce((sum, h) => sum + BigInt(h.value_usdc), 0n);
  return {
    address: getAddress(address),
    holdings,
    page_value_usdc: pageValue.toString(),
    page_value_usd: usdcUsd(pageValue),
    fees: fees.rows.map((f) => ({
      chain: slugOfChainId(f.chain_id) ?? String(f.chain_id),
      claimable: f.claimable,
      claimable_usd: usdcUsd(BigInt(f.claimable)),
      accrued: f.accrued,
      claimed: f.claimed,
    })),
    token_fees: tokenFees.rows.map((f) => ({
      chain: slugOfChainId(f.chain_id) ?? String(f.chain_id),
      token_id: f.token_id,
      symbol: f.symbol,
      contract_address: getAddress(f.token),
      claimable: f.claimable,
      claimable_tokens: tokenAmount(BigInt(f.claimable)),
      accrued: f.accrued,
      claimed: f.claimed,
    })),
    total,
    pagination: { limit: p.limit, offset: p.offset, has_more: p.offset + holdings.length < total },
  };
}
