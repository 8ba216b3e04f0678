/**
 * claimFees: the launchpad's claimFees() for the caller's wallet on record, which withdraws every fee share it has
 * accrued (creator, referral and builder shares, and the USDC side of collected pool fees; USDC base units) in one
 * transfer. Launch tokens credited from pool fees are withdrawn per token with the launchpad's claimTokenFees(token).
 *
 * Decisions: the claimable amount is read from the launchpad itself (one eth_call), not from the indexer, so a claim
 * is never prepared for fees already claimed; nothing claimable is a 400 INSUFFICIENT_BALANCE "No fees to claim"
 * (the launchpad would revert NothingToClaim()); without autoExecute the answer is the transaction for the wallet
 * to send, with autoExecute the worker sends it like any other intent (kind claim_fees).
 */

import { type Address, encodeFunctionData, formatUnits } from "viem";
import { launchpadAbi } from "../../abis/index.js";
import { AppError } from "../../core/errors.js";
import { withGasMargin } from "../../core/limits.js";
import { publicClientFor } from "../../core/rpc.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { findIntentByKey, newIdempotencyKey, replayExecution, settleExecution, submitSteps } from "./auto-execute.js";

/** Gas limit of claimFees (one storage write and one USDC transfer) when eth_estimateGas cannot run. */
export const FALLBACK_CLAIM_GAS = 120_000n;

export type ClaimFeesInput = { chainSlug: string; autoExecute?: boolean; idempotencyKey?: string };

function chainOf(deps: ApiDeps, chainSlug: string) {
  const deployment = deps.deployments.get(chainSlug);
  const rpcUrl = deps.rpcUrls.get(chainSlug);
  if (!deployment || !rpcUrl) throw new AppError("INVALID_PARAMETERS", `Fees are not available on chain ${chainSlug}`);
  return { deployment, rpcUrl };
}

/** What `recipient` may claim now on `chainSlug`, USDC base units, as the launchpad reports it. */
export async function claimableFees(deps: ApiDeps, chainSlug: string, recipient: Address): Promise<bigint> {
  const { deployment, rpcUrl } = chainOf(deps, chainSlug);
  try {
    return await publicClientFor(rpcUrl).readContract({
      address: deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [recipient],
    });
  } catch (error) {
    throw new AppError("NETWORK_ERROR", "Could not read the claimable fees: the chain's RPC did not answer", {
      cause: error,
    });
  }
}

/** claim-fees: prepare (or, with autoExecute, execute) claimFees() from the wallet on record. */
export async function claimFees(deps: ApiDeps, user: AuthedUser, body: ClaimFeesInput) {
  const { deployment, rpcUrl } = chainOf(deps, body.chainSlug);
  const claimable = await claimableFees(deps, body.chainSlug, user.walletAddress);
  const launchpad = deployment.contracts.launchpad;
  const data = encodeFunctionData({ abi: launchpadAbi, functionName: "claimFees" });
  const key = body.autoExecute ? newIdempotencyKey(body.idempotencyKey) : undefined;
  const existing = key ? await findIntentByKey(deps, user, key, "claim") : undefined;
  const amounts = { claimable: formatUnits(claimable, 6), claimableBaseUnits: claimable.toString() };
  if (existing) return { ...amounts, ...(await replayExecution(deps, existing)), replayed: true, transaction: txOf() };
  if (claimable === 0n) throw new AppError("INSUFFICIENT_BALANCE", "No fees to claim");

  const gas = await publicClientFor(rpcUrl)
    .estimateGas({ account: user.walletAddress, to: launchpad, data })
    .then(withGasMargin)
    .catch(() => FALLBACK_CLAIM_GAS);
  const transaction = txOf(gas);
  if (!key) return { ...amounts, executed: false, transactionHash: null, transaction };
  const rows = await submitSteps(deps, user, {
    chainSlug: deployment.chainSlug,
    chainId: deployment.chainId,
    key,
    steps: [{ name: "claim", kind: "claim_fees", to: launchpad, data, gas }],
  });
  return { ...amounts, ...(await settleExecution(deps, rows)), replayed: false, transaction };

  function txOf(gasLimit = FALLBACK_CLAIM_GAS) {
    return { to: launchpad, data, value: "0", gasLimit: gasLimit.toString(), chain: deployment.chainSlug };
  }
}
