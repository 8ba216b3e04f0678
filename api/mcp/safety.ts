/**
 * Safety of the write tools: the daily spending cap per credential, the destination allowlist of
 * execute_transaction, and dry runs (simulation of the exact transactions a call would send).
 *
 * Decisions:
 * - Spending is USDC leaving the wallet through a write tool that executes: a buy's USD amount (exact-in) or its
 *   most (exact-out: quote + slippage, rounded up), and for execute_transaction a USDC transfer/transferFrom or a
 *   launchpad buy decoded from the calldata. Sells, token creation (no initial buy), fee claims and approvals spend
 *   nothing; ether `amount`s are not priced in USD, which is what the allowlist is for.
 * - The cap is per credential (an API key, or the user of a JWT) and per UTC day: the key's own cap
 *   (api_keys.daily_spend_cap_usdc) or the server default. The spend is reserved in Postgres before anything is
 *   submitted, under a per-subject advisory lock, so concurrent calls in any process cannot overshoot; it is
 *   released when the execution fails, and kept while it is still running.
 * - Over the cap: INSUFFICIENT_BALANCE "Daily spending cap exceeded: …" (the credential's allowance for the day is
 *   what is short), with the figures in `details`. A destination off the allowlist: INVALID_PARAMETERS.
 */
import type pg from "pg";
import { type Address, decodeFunctionData, formatUnits, type Hex } from "viem";
import { simulateCalls } from "viem/actions";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import { AppError } from "../../core/errors.js";
import { errorAbi, revertReason } from "../../core/reverts.js";
import { publicClientFor } from "../../core/rpc.js";
import type { AuthedUser } from "../env.js";
import { withTransaction } from "../services/social/transaction.js";
import type { McpContext } from "./tool.js";

const usd = (units: bigint) => formatUnits(units, 6);
const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);
const nextUtcMidnight = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

const subjectOf = (user: AuthedUser) => (user.apiKeyId ? `key:${user.apiKeyId}` : `user:${user.id}`);

type KeyRules = { capUsdc: bigint | null; allowed: string[] | null };

/** The caller's cap and allowlist: the API key's own, else the server defaults. */
async function rulesOf(ctx: McpContext, user: AuthedUser): Promise<KeyRules> {
  const defaults = { capUsdc: ctx.config.dailySpendCapUsdc, allowed: ctx.config.allowedDestinations };
  if (!user.apiKeyId) return defaults;
  const { rows } = await ctx.deps.db.query<{ cap: string | null; allowed: string[] | null }>(
    `SELECT daily_spend_cap_usdc AS cap, allowed_destinations AS allowed FROM ${ctx.deps.config.appSchema}.api_keys
      WHERE id = $1`,
    [user.apiKeyId],
  );
  const row = rows[0];
  return {
    capUsdc: row?.cap != null ? BigInt(row.cap) : defaults.capUsdc,
    allowed: row?.allowed ? row.allowed.map((a) => a.toLowerCase()) : defaults.allowed,
  };
}

async function spentToday(
  ctx: McpContext,
  subject: string,
  day: string,
  db: pg.Pool | pg.PoolClient = ctx.deps.db,
): Promise<bigint> {
  const { rows } = await db.query<{ spent: string }>(
    // An execution still running when the call returned and failed or reverted later spent nothing: its intent
    // says so, so no hook at the intent's end is needed.
    `SELECT coalesce(sum(m.amount_usdc), 0)::text AS spent FROM ${ctx.deps.config.appSchema}.mcp_spend m
      WHERE m.subject = $1 AND m.day = $2 AND m.released_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM ${ctx.deps.config.appSchema}.intents i
                         WHERE i.id = m.intent_id AND i.status IN ('failed', 'reverted'))`,
    [subject, day],
  );
  return BigInt(rows[0]?.spent ?? "0");
}

/** Where the caller stands today, for dry runs: amounts in USD decimal strings. */
export async function spendPreview(ctx: McpContext, user: AuthedUser, amountUsdc: bigint) {
  const { capUsdc } = await rulesOf(ctx, user);
  const spent = await spentToday(ctx, subjectOf(user), utcDay());
  return {
    amountUsd: usd(amountUsdc),
    spentTodayUsd: usd(spent),
    dailyCapUsd: capUsdc === null ? null : usd(capUsdc),
    withinCap: capUsdc === null || spent + amountUsdc <= capUsdc,
  };
}

export type SpendReservation = {
  /** Undo the reservation (the execution failed): the amount no longer counts. */
  release: () => Promise<void>;
  /** Record which intent the spend paid for. */
  attach: (intentId: string | null | undefined) => Promise<void>;
};

const nothingReserved: SpendReservation = { release: async () => undefined, attach: async () => undefined };

/** Reserve `amountUsdc` of today's cap for `tool`, or INSUFFICIENT_BALANCE when it does not fit. */
export async function reserveSpend(
  ctx: McpContext,
  user: AuthedUser,
  tool: string,
  amountUsdc: bigint,
): Promise<SpendReservation> {
  if (amountUsdc === 0n) return nothingReserved;
  const { capUsdc } = await rulesOf(ctx, user);
  const subject = subjectOf(user);
  const day = utcDay();
  const s = ctx.deps.config.appSchema;
  const id = await withTransaction(ctx.deps, async (conn) => {
    await conn.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`mcp_spend:${subject}`]);
    const spent = await spentToday(ctx, subject, day, conn);
    if (capUsdc !== null && spent + amountUsdc > capUsdc) {
      throw new AppError(
        "INSUFFICIENT_BALANCE",
        `Daily spending cap exceeded: ${usd(amountUsdc)} USD would bring today's spending to ${usd(spent + amountUsdc)} USD, over the cap of ${usd(capUsdc)} USD`,
        {
          details: {
            reason: "daily_spend_cap",
            requestedUsd: usd(amountUsdc),
            spentTodayUsd: usd(spent),
            dailyCapUsd: usd(capUsdc),
            resetsAt: nextUtcMidnight(),
          },
        },
      );
    }
    const { rows } = await conn.query<{ id: string }>(
      `INSERT INTO ${s}.mcp_spend (subject, day, tool, amount_usdc) VALUES ($1, $2, $3, $4) RETURNING id`,
      [subject, day, tool, amountUsdc.toString()],
    );
    return rows[0]?.id;
  });
  return {
    release: async () => {
      await ctx.deps.db.query(`UPDATE ${s}.mcp_spend SET released_at = now() WHERE id = $1`, [id]);
    },
    attach: async (intentId) => {
      if (intentId) await ctx.deps.db.query(`UPDATE ${s}.mcp_spend SET intent_id = $2 WHERE id = $1`, [id, intentId]);
    },
  };
}

/**
 * Run `execute` with `amountUsdc` reserved: released when it throws (nothing was spent), attached to the intent
 * it made otherwise.
 */
export async function withSpend<T extends object>(
  ctx: McpContext,
  user: AuthedUser,
  tool: string,
  amountUsdc: bigint,
  execute: () => Promise<T>,
): Promise<T> {
  const reservation = await reserveSpend(ctx, user, tool, amountUsdc);
  let result: T;
  try {
    result = await execute();
  } catch (error) {
    await reservation.release();
    throw error;
  }
  await reservation.attach("intentId" in result ? (result.intentId as string | null) : null);
  return result;
}

/** execute_transaction's allowlist: the key's own, else the server default; none means any destination. */
export async function checkDestination(ctx: McpContext, user: AuthedUser, to: string): Promise<void> {
  const { allowed } = await rulesOf(ctx, user);
  if (allowed === null || allowed.includes(to.toLowerCase())) return;
  throw new AppError("INVALID_PARAMETERS", `Destination not allowed: ${to} is not on this credential's allowlist`, {
    details: { reason: "destination_not_allowed", to, allowedDestinations: allowed },
  });
}

/**
 * USDC base units a raw transaction moves out of `from`: a USDC transfer or transferFrom (from `from`), or a
 * launchpad buy (its USD amount, or its max-in bound). Anything else is 0.
 */
export function usdcSpentBy(
  contracts: { usdc: Address; launchpad: Address },
  from: Address,
  to: string,
  data: Hex,
): bigint {
  const target = to.toLowerCase();
  try {
    if (target === contracts.usdc.toLowerCase()) {
      const call = decodeFunctionData({ abi: mockUsdcAbi, data });
      if (call.functionName === "transfer") return call.args[1];
      if (call.functionName === "transferFrom" && call.args[0].toLowerCase() === from.toLowerCase())
        return call.args[2];
    }
    if (target === contracts.launchpad.toLowerCase()) {
      const call = decodeFunctionData({ abi: launchpadAbi, data });
      if (call.functionName === "buyExactIn") return call.args[1];
      if (call.functionName === "buyExactOut") return call.args[2];
    }
  } catch {
    // Calldata of another function (or none): it moves no USDC we can price.
  }
  return 0n;
}

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
