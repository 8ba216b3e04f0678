/**
 * Decoding reverts of our transactions. What each of the launchpad's and its tokens' custom errors means, for
 * people: the decoded revert of a transaction (revertReason below) carries the error's name and this text. Errors
 * not listed here (the older ones, whose names say enough: SlippageExceeded, DeadlineExpired, ...) are shown by name
 * and arguments only.
 */
import { type Abi, BaseError, ContractFunctionRevertedError, decodeErrorResult, type Hex, parseAbi } from "viem";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import type { ErrorCode } from "./errors.js";

export const revertMessages: Readonly<Record<string, string>> = {
  BuilderNotApproved: "the builder is not approved by the launchpad's owner",
  BuilderFeeTooHigh: "the builder fee is above the builder's approved maximum",
  ReferrerNotApproved: "the token referral is not a referrer approved by the launchpad's owner",
  SelfAttribution: "the sender cannot be its own builder or referral",
  AmountTooLarge: "the amount is above the largest a trade may name (2^128 - 1 base units)",
  GraduationPoolTaken:
    "the token's Uniswap V3 pool was created early with liquidity in it: create the token with another salt",
  NotGraduated: "the token has not graduated, so its pool has no fees to collect",
  GraduationPoolClosed: "the token cannot move into or out of its Uniswap V3 pool before it graduates",
};

/**
 * The launchpad moves USDC with solady's SafeTransferLib, which replaces the token's own revert (balance or
 * allowance) with these errors. They are in no generated ABI because no contract of ours declares them.
 */
const safeTransferAbi = parseAbi(["error TransferFromFailed()", "error TransferFailed()"]);

/** Every ABI whose custom errors a revert of our transactions may carry, for decoding reasons. */
export const errorAbi = [...launchpadAbi, ...launchTokenAbi, ...mockUsdcAbi, ...safeTransferAbi];

/** The message of an error, with viem's details. */
export function errorText(error: unknown): string {
  if (error instanceof BaseError) return `${error.shortMessage} ${error.details ?? ""}`;
  return error instanceof Error ? error.message : String(error);
}

/** The revert data an error carries (the custom error's selector and arguments), if the node sent it. */
export function revertData(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  if (reverted instanceof ContractFunctionRevertedError && reverted.raw) return reverted.raw;
  const withData = error.walk((e) => typeof (e as { data?: unknown }).data === "string") as { data?: Hex } | null;
  return withData?.data;
}

/** The decoded reason of a revert, or undefined when the error is not a revert (the RPC failed instead). */
export function revertReason(error: unknown, abi: Abi): { code: ErrorCode; reason: string } | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
  let reason: string | undefined;
  if (reverted instanceof ContractFunctionRevertedError) {
    reason = reverted.data ? `${reverted.data.errorName}(${(reverted.data.args ?? []).join(", ")})` : reverted.reason;
  }
  const data = revertData(error);
  if (data && data.length >= 10 && !reason) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      reason = `${decoded.errorName}(${(decoded.args ?? []).map(String).join(", ")})`;
    } catch {
      reason = `unknown error ${data.slice(0, 10)}`;
    }
  }
  if (!reason) {
    const text = errorText(error);
    if (!/revert/i.test(text)) return undefined;
    reason = text.trim();
  }
  const name = /^(\w+)\(/.exec(reason)?.[1];
  const meaning = name ? revertMessages[name] : undefined;
  if (meaning) reason = `${reason}: ${meaning}`;
  // TransferFromFailed: the launchpad could not pull the wallet's USDC (solady hides the token's own error).
  const insufficient =
    /InsufficientBalance|InsufficientReserve|TransferFromFailed|exceeds balance|insufficient funds/i.test(reason);
  return { code: insufficient ? "INSUFFICIENT_BALANCE" : "TRANSACTION_FAILED", reason };
}

/**
 * Whether a recorded failure reason (an intent's error_reason) says the market moved under the trade rather than that
 * the trade is wrong: its price bound (SlippageExceeded) or its deadline (DeadlineExpired) failed. The same trade quoted
 * again may run, so the client hears a retryable answer (409), never a 400. The reasons are this service's own text
 * (simulation reverted: …, reverted on chain: …, not sent: the trade after it would revert (…)), each naming the
 * decoded custom error.
 */
export const marketMoved = (reason: string | null): boolean =>
  reason !== null && /\b(SlippageExceeded|DeadlineExpired)\(/.test(reason);
