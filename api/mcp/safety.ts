/**
 * Safety of the write tools: the spending policy's view for dry runs, and the simulation of the exact transactions
 * a call would send. The policy itself (what is counted or refused, the caps, the allowlist) is one for REST and MCP:
 * core/spend.ts prices a transaction, api/services/spending.ts reserves, and api/services/auto-execute.ts applies it
 * to every execution, so the tools need no checks of their own.
 */
import type { Address, Hex } from "viem";
import { simulateCalls } from "viem/actions";
import { AppError } from "../../core/errors.js";
import { errorAbi, revertReason } from "../../core/reverts.js";
import { publicClientFor } from "../../core/rpc.js";
import type { AuthedUser } from "../env.js";
import { spendPreview as previewOf, type SpendStep } from "../services/spending.js";
import type { McpContext } from "./tool.js";

/** Where the caller stands today if `steps` were sent on `chainSlug`, for dry runs (USD decimal strings). */
export const spendPreview = (ctx: McpContext, user: AuthedUser, chainSlug: string, steps: SpendStep[]) =>
  previewOf(ctx.deps, user, chainSlug, steps);

export type SimulatedStep = { name: string; to: string; data: string; value?: bigint };

/**
 * Simulate `steps` in order from `from` with eth_simulateV1 on the latest block (each step sees the state the
 * previous ones left, so an approval counts for the trade after it). Nothing is signed or sent.
 */
export async function simulateSteps(ctx: McpContext, chainSlug: string, from: Address, steps: SimulatedStep[]) {
  const rpcUrl = ctx.deps.rpcUrls.get(chainSlug);
  if (!rpcUrl) throw new AppError("INVALID_PARAMETERS", `Transactions are not available on chain ${chainSlug}`);
  const calls = steps.map((s) => ({ to: s.to as Address, data: s.data as Hex, value: s.value ?? 0n }));
  const simulated = await simulateCalls(publicClientFor(rpcUrl), { account: from, calls }).catch((error: unknown) => {
    throw new AppError("NETWORK_ERROR", "Simulation failed: the chain's RPC did not answer", { cause: error });
  });
  const results = steps.map((step, i) => {
    const r = simulated.results[i];
    const ok = r?.status === "success";
    const revert = ok
      ? undefined
      : (revertReason(r?.error, errorAbi) ?? { code: "TRANSACTION_FAILED", reason: "reverted" });
    return {
      step: step.name,
      to: step.to,
      success: ok,
      gasUsed: r ? r.gasUsed.toString() : null,
      returnData: r?.data ?? null,
      errorCode: revert?.code ?? null,
      reason: revert?.reason ?? null,
    };
  });
  const failed = results.find((c) => !c.success);
  return {
    success: !failed,
    errorCode: failed?.errorCode ?? null,
    reason: failed ? `${failed.step}: ${failed.reason}` : null,
    calls: results,
  };
}
