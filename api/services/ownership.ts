/**
 * check-token-ownership: whether a wallet holds at least a minimum balance of a token on one chain, from the
 * indexed state, with the block that answer is true at (the balance and the block come from one snapshot).
 * The wallet is the caller's wallet on record unless an address is given; anonymous callers must give one. Beside it,
 * the wallet's balance on every chain the token is on, and their sum (read just after, in a query of its own).
 */
import { getAddress } from "viem";
import { slugOfChainId } from "../../core/chains.js";
import { AppError } from "../../core/errors.js";
import { amountToBaseUnits } from "../../core/trade.js";
import { readBalanceAtBlock, readBalancesOnEveryChain } from "../../db/indexed/holdings.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { freshness } from "./indexed.js";
import { indexedTokenOf } from "./tokens/market.js";
import { tokenAmount } from "./tokens/shape.js";

export type CheckOwnershipInput = { tokenId: string; chainSlug?: string; address?: string; minBalance?: number };

export async function checkTokenOwnership(deps: ApiDeps, user: AuthedUser | undefined, input: CheckOwnershipInput) {
  const holder = input.address ?? user?.walletAddress;
  if (!holder) {
    throw new AppError("INVALID_PARAMETERS", "Give an address, or authenticate to check your wallet on record");
  }
  // At least one base unit: holding means a balance above zero.
  const min = input.minBalance === undefined ? 1n : amountToBaseUnits(input.minBalance, 18, "minBalance");
  const { app, deployment, peer } = await indexedTokenOf(deps, input.tokenId, input.chainSlug);
  // The token's contract on the chain read: its home token, or its peer on a chain it was deployed to.
  const on = deployment ?? peer;
  const chain = on?.chainSlug ?? input.chainSlug ?? app.chain_slug;
  const { balance, block } = on
    ? await readBalanceAtBlock(
        deps.db,
        deps.config,
        { chainId: on.chainId, chainSlug: on.chainSlug, token: on.address },
        holder,
      )
    : { balance: 0n, block: null };
  const everywhere = await readBalancesOnEveryChain(deps.db, deps.config, app.token_layer_id.toLowerCase(), holder);
  return {
    owns: balance >= min,
    address: getAddress(holder),
    token_id: app.id,
    chain,
    contract_address: on ? getAddress(on.address) : null,
    balance: balance.toString(),
    balance_tokens: tokenAmount(balance),
    min_balance: min.toString(),
    block,
    total_balance: everywhere.reduce((sum, b) => sum + b.balance, 0n).toString(),
    balances: everywhere.map((b) => ({
      chain: slugOfChainId(b.chainId) ?? String(b.chainId),
      contract_address: getAddress(b.address),
      balance: b.balance.toString(),
    })),
    freshness: await freshness(deps, chain),
  };
}
