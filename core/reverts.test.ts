import { ContractFunctionRevertedError, encodeErrorResult } from "viem";
import { describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi } from "../abis/index.js";
import { errorAbi, marketMoved, revertReason } from "./reverts.js";

const revert = (abi: typeof launchpadAbi | typeof launchTokenAbi, errorName: string) =>
  new ContractFunctionRevertedError({
    abi,
    data: encodeErrorResult({ abi, errorName } as never),
    functionName: "buyExactIn",
  });

describe("revertReason", () => {
  it("names the launchpad's new custom errors with what they mean", () => {
    expect(revertReason(revert(launchpadAbi, "BuilderNotApproved"), errorAbi)).toEqual({
      code: "TRANSACTION_FAILED",
      reason: "BuilderNotApproved(): the builder is not approved by the launchpad's owner",
    });
    expect(revertReason(revert(launchpadAbi, "GraduationPoolTaken"), errorAbi)?.reason).toBe(
      "GraduationPoolTaken(): the token's Uniswap V3 pool was created early with liquidity in it: create the token with another salt",
    );
    expect(revertReason(revert(launchTokenAbi, "GraduationPoolClosed"), errorAbi)?.reason).toBe(
      "GraduationPoolClosed(): the token cannot move into or out of its Uniswap V3 pool before it graduates",
    );
  });

  it("keeps the older errors as their name and arguments", () => {
    expect(revertReason(revert(launchpadAbi, "DeadlineExpired"), errorAbi)?.reason).toBe("DeadlineExpired()");
  });
});

describe("marketMoved", () => {
  it("is true for a trade's price bound or deadline, in each form the worker records it", () => {
    for (const reason of [
      "simulation reverted: SlippageExceeded(99, 100)",
      "reverted on chain: SlippageExceeded(1, 2)",
      "not sent: the trade after it would revert (SlippageExceeded(3, 4))",
      "simulation reverted: DeadlineExpired()",
    ]) {
      expect(marketMoved(reason), reason).toBe(true);
    }
  });

  it("is false for every other failure, and for none", () => {
    for (const reason of [
      null,
      "simulation reverted: TransferFromFailed()",
      "not sent: the trade after it would revert (TransferFromFailed())",
      "prerequisite intent 5 failed",
      "reverted on chain: unknown reason",
      "simulation reverted: MySlippageExceeded(1, 2)",
      "SlippageExceeded without arguments",
    ]) {
      expect(marketMoved(reason), String(reason)).toBe(false);
    }
  });
});
