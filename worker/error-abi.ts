/** Every ABI whose custom errors a revert of our transactions may carry, for decoding reasons. */
import { parseAbi } from "viem";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";

/**
 * The launchpad moves USDC with solady's SafeTransferLib, which replaces the token's own revert (balance or
 * allowance) with these errors. They are in no generated ABI because no contract of ours declares them.
 */
const safeTransferAbi = parseAbi(["error TransferFromFailed()", "error TransferFailed()"]);

export const errorAbi = [...launchpadAbi, ...launchTokenAbi, ...mockUsdcAbi, ...safeTransferAbi];
