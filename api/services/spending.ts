/**
 * The spending policy of every execution from a custodial wallet, for REST and MCP alike: each transaction the
 * service is about to submit (api/services/auto-execute.ts submitSteps) is priced by core/spend.ts, and the total
 * is reserved against two daily caps before any intent exists.
 *
 * Decisions:
 * - Caps, per UTC day: the credential's (an API key's own api_keys.daily_spend_cap_usdc, else the server default;
 *   a JWT's is the server default, over what that user spent with JWTs) and the user's, over every key and JWT of
 *   the user: USER_DAILY_SPEND_CAP_USD, raised to the largest own cap of the user's keys so that no key's cap is
 *   cut short by it (a user's keys together cannot spend more than their largest cap, or the server default).
 * - The reservation is written in the same database transaction as the intents it pays for, after a per-user
 *   advisory lock, so concurrent calls in any process cannot overshoot and a failed submit leaves nothing behind.
 *   An intent that fails or reverts spends nothing: its row stops counting (no hook at the intent's end is needed).
 * - Launched tokens are priced at the highest of their pool's price now and its hourly highs over the last 24 hours,
 *   as indexed (db/indexed/market.ts readSpendPrices): a send or tip of one counts that value against the caps.
 * - Refusals (undecodable calls, unlimited approvals, unpriced token transfers, a destination off the allowlist)
 *   are INVALID_PARAMETERS with `details.reason`; over a cap, INSUFFICIENT_BALANCE "Daily spending cap exceeded: …".
 */
import type pg from "pg";
import { type Address, formatUnits, type Hex } from "viem";
import { AppError } from "../../core/errors.js";
import { nativeSpendOf, spendOf } from "../../core/spend.js";
import { readSpendPrices } from "../../db/indexed/market.js";
import {
  attachSpendToIntent,
  insertGasSpend,
  insertValueSpend,
  keyRules,
  lockUserSpending,
  spentOn,
} from "../../db/spend.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { recordSpendRefusal, type SpendRefusalReason } from "../observability/metrics.js";

const usd = (units: bigint) => formatUnits(units, 6);
const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);
const nextUtcMidnight = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();

/** The credential a spend counts against: `key:<api key id>`, or `user:<user id>` for a JWT. */
const subjectOf = (user: AuthedUser) => (user.apiKeyId ? `key:${user.apiKeyId}` : `user:${user.id}`);

type Rules = { credentialCapUsdc: bigint | null; userCapUsdc: bigint | null; allowlist: string[] | null };

/** The caller's caps and allowlist: the API key's own, else the server defaults (ApiConfig.spending). */
async function rulesOf(deps: ApiDeps, user: AuthedUser, db: pg.Pool | pg.PoolClient = deps.db): Promise<Rules> {
  const defaults = deps.config.spending;
  const own = await keyRules(db, deps.config.appSchema, user.apiKeyId ?? null, user.id);
  const userCap = defaults.userCapUsdc;
  return {
    credentialCapUsdc: own.cap ?? defaults.credentialCapUsdc,
    userCapUsdc: userCap === null || own.largest === null || own.largest <= userCap ? userCap : own.largest,
    allowlist: own.allowed ? own.allowed.map((a) => a.toLowerCase()) : defaults.allowedDestinations,
  };
}

/** USDC base units spent today by `column` = `value` and not released (failed and reverted intents spent nothing). */
const spentToday = (deps: ApiDeps, db: pg.Pool | pg.PoolClient, column: "subject" | "user_id", value: string) =>
  spentOn(db, deps.config.appSchema, column, value, utcDay());

/** The ledger's record of who spends: the credential, the user, the interface, today. */
const spenderOf = (user: AuthedUser) => ({
  subject: subjectOf(user),
  userId: user.id,
  via: user.via ?? "rest",
  day: utcDay(),
});

/** One transaction a call is about to send from the wallet on record. */
export type SpendStep = {
  to: Address;
  data: Hex;
  value?: bigint;
  /** The most gas it may use (the intent's max_gas); none for a preview, which counts what it moves only. */
  gas?: bigint;
};

/**
 * USDC base units `steps` can move out of the user's wallet on `chainSlug`, at the worst case (core/spend.ts), or
 * INVALID_PARAMETERS when the policy refuses one of them.
 */
async function priceSteps(deps: ApiDeps, user: AuthedUser, chainSlug: string, steps: SpendStep[], rules: Rules) {
  const deployment = deps.deployments.get(chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Transactions are not available on chain ${chainSlug}`);
  const { usdc, launchpad } = deployment.contracts;
  const others = steps
    .map((step) => step.to.toLowerCase())
    .filter((to) => to !== usdc.toLowerCase() && to !== launchpad.toLowerCase());
  const maintained = deps.versions?.ranked() ?? false;
  const tokenPrices = await readSpendPrices(deps.db, deps.config, deployment.chainId, [...new Set(others)], maintained);
  let total = 0n;
  for (const step of steps) {
    const priced = spendOf({
      contracts: deployment.contracts,
      from: user.walletAddress,
      to: step.to,
      data: step.data,
      value: step.value ?? 0n,
      allowlist: rules.allowlist,
      nativeUsdPrice: deps.config.spending.nativeUsdPrice,
      tokenPrices,
    });
    if ("refuse" in priced) {
      throw new AppError("INVALID_PARAMETERS", priced.message, { details: { reason: priced.refuse, to: step.to } });
    }
    total += priced.usdc;
  }
  return total;
}

const overCap = (who: "credential" | "user", amount: bigint, gas: bigint, spent: bigint, cap: bigint) =>
  new AppError(
    "INSUFFICIENT_BALANCE",
    who === "credential"
      ? `Daily spending cap exceeded: ${usd(amount)} USD would bring today's spending to ${usd(spent + amount)} USD, over the cap of ${usd(cap)} USD`
      : `Daily spending cap exceeded: ${usd(amount)} USD would bring this user's spending today, over all its credentials, to ${usd(spent + amount)} USD, over the user's cap of ${usd(cap)} USD`,
    {
      details: {
        reason: who === "credential" ? "daily_spend_cap" : "user_daily_spend_cap",
        requestedUsd: usd(amount),
        gasUsd: usd(gas),
        spentTodayUsd: usd(spent),
        dailyCapUsd: usd(cap),
        resetsAt: nextUtcMidnight(),
      },
    },
  );

export type ReserveSpendParameters = {
  chainSlug: string;
  steps: SpendStep[];
  /** What the spend is for (the intent kind of the last step: trade, create, transaction, claim_fees). */
  tool: string;
  /** The most each step may pay per gas (the intents' max_fee_per_gas), wei. */
  maxFeePerGas: bigint;
};

/** What reserveSpend reserved: the value row (null when the steps move nothing) and each step's gas at its worst. */
export type Reservation = { valueId: string | null; gasUsdc: bigint[] };

/**
 * Price `steps` and reserve their spend against the caller's caps on `conn`, inside the caller's database
 * transaction (submitSteps): the row is kept only if that transaction commits. Returns the row's id (null when
 * nothing is spent), for attachSpend. Throws INVALID_PARAMETERS (refused) or INSUFFICIENT_BALANCE (over a cap).
 */
export async function reserveSpend(
  deps: ApiDeps,
  conn: pg.PoolClient,
  user: AuthedUser,
  p: ReserveSpendParameters,
): Promise<Reservation> {
  // One lock per user serializes both of its caps: a key's spending is part of its user's.
  await lockUserSpending(conn, user.id);
  const rules = await rulesOf(deps, user, conn);
  return countRefusal(() => reserve(deps, conn, user, p, rules));
}

/** Runs `work`; a refusal of the policy it throws is counted (spend_refusals_total) on its way out. */
async function countRefusal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const reason = error instanceof AppError ? error.details.reason : undefined;
    if (typeof reason === "string") recordSpendRefusal(reason as SpendRefusalReason);
    throw error;
  }
}

async function reserve(
  deps: ApiDeps,
  conn: pg.PoolClient,
  user: AuthedUser,
  p: ReserveSpendParameters,
  rules: Rules,
): Promise<Reservation> {
  const value = await priceSteps(deps, user, p.chainSlug, p.steps, rules);
  // Gas at its worst: the most gas each step may use at the most it may pay per gas (the worker signs within both).
  const price = deps.config.spending.nativeUsdPrice;
  const gasUsdc = p.steps.map((step) => nativeSpendOf((step.gas ?? 0n) * p.maxFeePerGas, price));
  const gas = gasUsdc.reduce((a, b) => a + b, 0n);
  const amount = value + gas;
  if (amount === 0n) return { valueId: null, gasUsdc };
  const subject = subjectOf(user);
  if (rules.credentialCapUsdc !== null) {
    const spent = await spentToday(deps, conn, "subject", subject);
    if (spent + amount > rules.credentialCapUsdc) {
      throw overCap("credential", amount, gas, spent, rules.credentialCapUsdc);
    }
  }
  if (rules.userCapUsdc !== null) {
    const spent = await spentToday(deps, conn, "user_id", user.id);
    if (spent + amount > rules.userCapUsdc) throw overCap("user", amount, gas, spent, rules.userCapUsdc);
  }
  if (value === 0n) return { valueId: null, gasUsdc };
  return { valueId: await insertValueSpend(conn, deps.config.appSchema, spenderOf(user), p.tool, value), gasUsdc };
}

/**
 * Record the gas reserved for one intent (reserveSpend's gasUsdc of its step), in the same database transaction; the
 * worker replaces it with the real cost once the receipt is in (worker/processors/execute.ts settle).
 */
export async function reserveGas(
  deps: ApiDeps,
  conn: pg.PoolClient,
  user: AuthedUser,
  intentId: string,
  amountUsdc: bigint,
): Promise<void> {
  if (amountUsdc === 0n) return;
  const price = deps.config.spending.nativeUsdPrice;
  await insertGasSpend(conn, deps.config.appSchema, spenderOf(user), intentId, amountUsdc, price);
}

/** Record which intent a reserved spend pays for (in the same database transaction as reserveSpend). */
export async function attachSpend(deps: ApiDeps, conn: pg.PoolClient, id: string | null, intentId: string) {
  if (id) await attachSpendToIntent(conn, deps.config.appSchema, id, intentId);
}

/**
 * Where the caller stands today for `steps` (dry runs): amounts in USD decimal strings, against the credential's
 * cap. Throws as reserveSpend does when the policy refuses a step.
 */
export async function spendPreview(deps: ApiDeps, user: AuthedUser, chainSlug: string, steps: SpendStep[]) {
  const rules = await rulesOf(deps, user);
  const amount = await priceSteps(deps, user, chainSlug, steps, rules);
  const spent = await spentToday(deps, deps.db, "subject", subjectOf(user));
  const userSpent = rules.userCapUsdc === null ? 0n : await spentToday(deps, deps.db, "user_id", user.id);
  const cap = rules.credentialCapUsdc;
  return {
    amountUsd: usd(amount),
    spentTodayUsd: usd(spent),
    dailyCapUsd: cap === null ? null : usd(cap),
    withinCap:
      (cap === null || spent + amount <= cap) &&
      (rules.userCapUsdc === null || userSpent + amount <= rules.userCapUsdc),
  };
}

/** execute-transaction's allowlist: the key's own, else the server default; none means any destination. */
export async function checkDestination(deps: ApiDeps, user: AuthedUser, to: string): Promise<void> {
  const { allowlist } = await rulesOf(deps, user);
  if (allowlist === null || allowlist.includes(to.toLowerCase())) return;
  recordSpendRefusal("destination_not_allowed");
  throw new AppError("INVALID_PARAMETERS", `Destination not allowed: ${to} is not on this credential's allowlist`, {
    details: { reason: "destination_not_allowed", to, allowedDestinations: allowlist },
  });
}
