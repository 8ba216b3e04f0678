/**
 * trade: prepares launchpad trades (trade-token) and quotes them (quote-token). It reads the market (the indexed pool,
 * or the chain's when the index lags), then decides with the pure rules of core/trade.ts (units, mode, attribution
 * as asked, the call and its approval) and core/quote.ts (the quote and its bound).
 *
 * Decisions (the OpenAPI descriptions state them to clients):
 * - slippageBps: default 100 (1%), 0 to 5000; the bound is min out (exact-in, rounded down) or max in (exact-out,
 *   rounded up) around the quote of the venue the launchpad uses, widened by ESTIMATE_MARGIN_BPS when a leg is
 *   estimated (a buy that crosses graduation).
 * - Deadline: now + 20 minutes (core/trade.ts tradeDeadline), checked by the launchpad.
 * - Approvals: a buy whose trader allows the launchpad too little gets an approve for exactly what it may take, to be
 *   sent first (core/trade.ts usdcToApprove). A custodial wallet's trades (autoExecute) approve the launchpad once
 *   for the unlimited allowance instead (custodialApproval): an exact approval replaces the allowance before it, so
 *   concurrent buys of one wallet revoked each other's allowance and reverted.
 * - gasLimit: eth_estimateGas from the trader, plus the gas margin (core/limits.ts), when it succeeds (it cannot while
 *   an approval is missing); otherwise core/trade.ts fallbackGasOf, per venue.
 * - Attribution (builder, token_referral) is checked against the indexed approvals before anything is sent, as the
 *   launchpad checks it (core/fees.ts effectiveAttribution): a builder must be approved by the owner, within its
 *   approved maximum fee, and not the trader. A trade's token_referral is accepted and ignored, as the launchpad
 *   ignores it: only a token's creator names its referral (create-token-transaction). Quotes split the
 *   fee under the effective attribution (the token's referral, unpaid on its own trades).
 * - autoExecute quotes again when the market moved under a trade before it was sent (tradeToken): at most
 *   MAX_REQUOTES times a request, on the pool as the chain holds it, each with the request's own slippageBps.
 * - Sells are checked against the trader's balance, on chain (else as indexed): the amount sold (exact-in) or the
 *   quoted tokens in (exact-out); "Insufficient token balance".
 */

import { setTimeout as sleep } from "node:timers/promises";
import { type Address, decodeFunctionData, encodeFunctionData, formatUnits, type Hex, maxUint256 } from "viem";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../../abis/index.js";
import type { ChainSlug } from "../../core/chains.js";
import * as curve from "../../core/curve.js";
import type { Deployment } from "../../core/deployment.js";
import { AppError } from "../../core/errors.js";
import { type Attribution, effectiveAttribution, noAttribution } from "../../core/fees.js";
import {
  AUTO_EXECUTE_WAIT_MS,
  FALLBACK_GAS,
  MAX_REQUOTES,
  MAX_STATE_LAG_BLOCKS,
  MAX_TRADE_ATTEMPTS,
  REQUOTE_DELAY_MS,
  withGasMargin,
} from "../../core/limits.js";
import {
  DEFAULT_SLIPPAGE_BPS,
  executionTierFailed,
  type LaunchFee,
  type QuoteMode,
  type QuoteReturnType,
  SHORT_CURVE,
  slippageBound,
} from "../../core/quote.js";
import { quoteValidity } from "../../core/quote-cache.js";
import { publicClientFor } from "../../core/rpc.js";
import {
  amountToBaseUnits,
  attributionMessage,
  attributionOf,
  type BuilderInput,
  fallbackGasOf,
  quoteMode,
  TOKEN_DECIMALS,
  type TradeAmounts,
  tradeCall,
  tradeDeadline,
  tradeMode,
  USDC_DECIMALS,
  usdcToApprove,
} from "../../core/trade.js";
import { readAttributionApprovals, readHolderBalance } from "../../db/indexed/market.js";
import { type IntentRow, tradesAhead } from "../../db/intents.js";
import { LockWaitExpired, withSessionLock } from "../../db/locks.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import {
  attemptStep,
  type ExecutionResult,
  findLatestAttempt,
  newIdempotencyKey,
  replayExecution,
  requireWalletOnRecord,
  type Step,
  settleExecution,
  submitSteps,
} from "./auto-execute.js";
import { nextBlockTime } from "./chain-head.js";
import { catchUp, freshness } from "./indexed.js";
import { requestQuote } from "./quotes.js";
import { getAppTokenWithIndexed, type IndexedPool, type IndexedToken } from "./tokens/lookup.js";
import { noMarketOn, peerOn } from "./tokens/market.js";
import { isoOfUnix } from "./tokens/shape.js";

export type TradeInput = TradeAmounts & {
  tokenId: string;
  chainSlug: string;
  userAddress?: string;
  token_referral?: string;
  builder?: BuilderInput;
  slippageBps?: number;
  /** Execute with the custodial wallet on record (api/services/auto-execute.ts); default false. */
  autoExecute?: boolean;
  idempotencyKey?: string;
};

export type QuoteInput = {
  tokenId: string;
  chainSlug: string;
  direction: "buy" | "sell";
  amount: number;
  inputToken: "token" | "usdc";
};

const clientOf = publicClientFor;

type Market = {
  /** The app token's uuid. */
  tokenId: string;
  token: IndexedToken;
  pool: IndexedPool;
  deployment: Deployment;
  rpcUrl: string | undefined;
  /** The block the pool's state is read at, when it was read from the chain (currentMarket); else the indexed one. */
  stateBlock?: bigint;
};

/**
 * The token's indexed deployment and pool on `chainSlug`; 404 "Token not found"; 400 "Token not available on chain",
 * or, on a chain the token was deployed to without a pool, why it trades there not (tokens/market.ts noMarketOn).
 */
async function market(deps: ApiDeps, tokenId: string, chainSlug: string, caughtUp = false): Promise<Market> {
  const { indexed } = await getAppTokenWithIndexed(deps, tokenId);
  const deployment = deps.deployments.get(chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${chainSlug}`);
  const token = indexed.find((t) => t.chainSlug === chainSlug);
  if (!token?.pool) {
    // Created a moment ago, in a block the indexer has not committed yet?
    if (!caughtUp && (await catchUp(deps, chainSlug))) return market(deps, tokenId, chainSlug, true);
    const peer = token ? undefined : await peerOn(deps, indexed, chainSlug);
    throw new AppError("INVALID_PARAMETERS", peer ? noMarketOn(peer) : `Token not available on chain ${chainSlug}`);
  }
  return { tokenId, token, pool: token.pool, deployment, rpcUrl: deps.rpcUrls.get(chainSlug) };
}

/**
 * `m` as it will be when the wallet's own trades ahead of this one have run: its open trade intents on the token, and
 * those confirmed in blocks the indexer has not committed yet, applied in order to the curve's supply (the math of
 * core/curve.ts, as the launchpad's). Without this, one wallet's concurrent buys were all quoted on the same state
 * and the later ones reverted on their slippage bound, moved by the wallet's own buys. An intent mined and indexed
 * but not yet settled is counted twice: its trade's bound is then a little looser, never tighter. Graduated tokens
 * are quoted as indexed (their pool's state is not ours to replay).
 */
async function afterOwnTrades(deps: ApiDeps, m: Market, wallet: Address): Promise<Market> {
  if (m.pool.graduated) return m;
  // Trades confirmed in blocks the state does not hold yet (the indexed block, or the chain's when read from it).
  const indexed = m.stateBlock ?? BigInt((await freshness(deps, m.deployment.chainSlug)).indexed_block ?? 0);
  const ahead = await tradesAhead(deps.db, deps.config.appSchema, {
    chainId: m.deployment.chainId,
    wallet,
    launchpad: m.deployment.contracts.launchpad,
    indexedBlock: indexed,
  });
  let supply = m.pool.supply;
  for (const data of ahead) {
    const call = decodeTrade(data);
    if (!call || call.token.toLowerCase() !== m.token.address.toLowerCase()) continue;
    try {
      const moved = curveTrade(m.pool.params, supply, call.mode, call.amount);
      // A trade ahead that fills the curve graduates the token: past it, the curve is not the venue to model.
      if (moved.graduates) return m;
      supply = call.mode.startsWith("buy") ? supply + moved.tokenAmount : supply - moved.tokenAmount;
    } catch {
      // A trade ahead that cannot run as quoted will revert and move nothing.
    }
  }
  return supply === m.pool.supply ? m : { ...m, pool: { ...m.pool, supply } };
}

const TRADE_MODES = new Set<string>(["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"]);

function decodeTrade(data: Hex): { mode: QuoteMode; token: Address; amount: bigint } | undefined {
  try {
    const call = decodeFunctionData({ abi: launchpadAbi, data });
    if (!TRADE_MODES.has(call.functionName)) return undefined;
    const [token, amount] = call.args as unknown as [Address, bigint];
    return { mode: call.functionName as QuoteMode, token, amount };
  } catch {
    return undefined;
  }
}

function curveTrade(params: IndexedPool["params"], supply: bigint, mode: QuoteMode, amount: bigint) {
  if (mode === "buyExactIn") return curve.buyExactIn(params, supply, amount);
  if (mode === "buyExactOut") return curve.buyExactOut(params, supply, amount);
  if (mode === "sellExactIn") return curve.sellExactIn(params, supply, amount);
  return curve.sellExactOut(params, supply, amount);
}

/**
 * Runs `work` while holding the wallet's trade lock on `chainId` (a Postgres advisory lock on a connection of its own,
 * so every API process honours it): one request of a wallet at a time prepares and records its trade, and each sees
 * the intents of the ones before it (afterOwnTrades).
 */
/** How long a trade waits for the wallet's trades before it to be recorded, ms. */
const WALLET_LOCK_WAIT_MS = 30_000;

/** This process's queue of trades per wallet and chain: the tail each next trade waits for. */
const walletTurns = new Map<string, Promise<void>>();

async function withWalletTradeLock<T>(deps: ApiDeps, wallet: Address, chainId: number, work: () => Promise<T>) {
  const key = `trade:${chainId}:${wallet.toLowerCase()}`;
  // In this process the wallet's trades wait their turn here, holding no connection: ten of them each waiting on the
  // advisory lock with a pooled connection emptied the pool that the one holding it needed.
  const before = walletTurns.get(key) ?? Promise.resolve();
  let done = () => {};
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const tail = before.then(() => mine);
  walletTurns.set(key, tail);
  await before;
  try {
    return await withAdvisoryLock(deps, key, work);
  } finally {
    done();
    if (walletTurns.get(key) === tail) walletTurns.delete(key);
  }
}

/**
 * `work` under the session advisory lock `key` (across API processes). The wait is bounded by WALLET_LOCK_WAIT_MS, not
 * the pool's statement timeout (2 s): under load ten trades of one wallet queue longer than that behind each other.
 */
async function withAdvisoryLock<T>(deps: ApiDeps, key: string, work: () => Promise<T>) {
  try {
    return await withSessionLock(deps.db, key, WALLET_LOCK_WAIT_MS, work);
  } catch (error) {
    if (!(error instanceof LockWaitExpired)) throw error;
    throw new AppError("NETWORK_ERROR", "Too many trades of this wallet at once: try again in a moment", {
      status: 503,
      cause: error,
      details: { reason: "wallet_busy", retryAfterSeconds: 1 },
    });
  }
}

/**
 * `m` with a curve's state no further behind the chain than MAX_STATE_LAG_BLOCKS: as indexed when the index is that
 * close to the head the API last saw, else read from the launchpad (getPool, at the chain's latest block); with
 * `fromChain`, read from the launchpad whatever the lag (a trade quoted again because the market moved). An RPC that
 * does not answer then is a 503 stating the lag, which a retry may cure. Graduated tokens are quoted on chain
 * already (the Uniswap quoter at the latest block).
 */
async function currentMarket(deps: ApiDeps, m: Market, fromChain = false): Promise<Market> {
  if (m.pool.graduated) return m;
  const { indexed_block: indexed, chain_head: head } = await freshness(deps, m.deployment.chainSlug);
  const lagging = indexed !== null && head !== null && head - indexed > MAX_STATE_LAG_BLOCKS;
  if (!lagging && !fromChain) return m;
  const lag = indexed !== null && head !== null ? head - indexed : null;
  const behind =
    lag === null
      ? "the indexed state is not known to be current"
      : `the indexed state is ${lag} blocks behind the chain (block ${indexed} of ${head})`;
  const stateBehind = (why: string, cause?: unknown) =>
    new AppError("NETWORK_ERROR", `Cannot quote now: ${why}; try again in a few seconds`, {
      status: 503,
      cause,
      details: { reason: "state_behind", lagBlocks: lag, indexedBlock: indexed, chainHead: head, retryAfterSeconds: 2 },
    });
  const unavailable = (cause?: unknown) => stateBehind(`${behind}, and the chain's RPC did not answer`, cause);
  if (!m.rpcUrl) throw unavailable();
  const client = clientOf(m.rpcUrl);
  const read = await client
    .getBlockNumber({ cacheTime: 0 })
    .then(async (block) => ({
      block,
      view: await client.readContract({
        address: m.deployment.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "getPool",
        args: [m.token.address],
        blockNumber: block,
      }),
    }))
    .catch((error: unknown) => {
      throw unavailable(error);
    });
  if (read.view.graduated) throw stateBehind(`the token has graduated and ${behind}`);
  return { ...m, pool: { ...m.pool, supply: read.view.supply }, stateBlock: read.block };
}

/** The error the curve gives an amount beyond what the indexed pool holds (core/quote.ts). */
const isShortCurve = (error: unknown) => error instanceof AppError && error.details.reason === SHORT_CURVE;

/**
 * The quote of one trade on the market of `tokenId`, as quoteOn; when the indexed curve is too short for it, once
 * more after catching up with the chain (a trade confirmed a moment ago may have filled it). Returns the market the
 * quote was made on.
 */
async function quoteCaughtUp(
  deps: ApiDeps,
  m: Market,
  mode: QuoteMode,
  amount: bigint,
  attribution: (m: Market) => Attribution,
): Promise<{ m: Market; q: Awaited<ReturnType<typeof quoteOn>> }> {
  try {
    return { m, q: await quoteOn(deps, m, mode, amount, attribution(m)) };
  } catch (error) {
    if (!isShortCurve(error) || !(await catchUp(deps, m.deployment.chainSlug))) throw error;
    const fresh = await market(deps, m.tokenId, m.deployment.chainSlug, true);
    return { m: fresh, q: await quoteOn(deps, fresh, mode, amount, attribution(fresh)) };
  }
}

/**
 * The quote of one trade on `m` over the indexed pool row it holds (api/services/quotes.ts): the curve math here, or
 * for a graduated token one Multicall3 eth_call unless a quote of the same indexed block is known.
 */
async function quoteOn(deps: ApiDeps, m: Market, mode: QuoteMode, amount: bigint, attribution = noAttribution) {
  const indexed = (await freshness(deps, m.deployment.chainSlug)).indexed_block;
  const indexedBlock = m.stateBlock ?? (indexed === null ? null : BigInt(indexed));
  return requestQuote(deps.quotes, {
    request: {
      chainSlug: m.deployment.chainSlug,
      token: m.token.address,
      mode,
      amount: amount.toString(),
      attribution,
    },
    validity: quoteValidity(m.pool, indexedBlock),
    pool: m.pool,
    contracts: m.deployment.contracts,
    rpcUrl: m.rpcUrl,
    indexedBlock,
    at: nextBlockTime(deps.chainHead, m.deployment.chainSlug),
  });
}

const fmt = (v: bigint, unit: "usdc" | "token") => formatUnits(v, unit === "usdc" ? USDC_DECIMALS : TOKEN_DECIMALS);

/** The JSON form of a token's launch fee at a quote's time (core/fees.ts launchFeeAt); null without one. */
export function launchFeeView(f: LaunchFee | null) {
  if (f === null) return null;
  return {
    at: isoOfUnix(f.at),
    bpsNow: f.bpsNow,
    baseBps: f.baseBps,
    startBps: f.startBps,
    startsAt: isoOfUnix(f.startsAt),
    endsAt: isoOfUnix(f.endsAt),
    active: f.bpsNow > f.baseBps,
  };
}

/** The JSON form of a quote: amounts as decimal strings in whole units plus base-unit strings. */
export function quoteView(q: QuoteReturnType, head: bigint | null = null) {
  return {
    mode: q.mode,
    direction: q.mode.startsWith("buy") ? ("buy" as const) : ("sell" as const),
    protocol: q.protocol,
    isGraduated: q.isGraduated,
    graduates: q.graduates,
    estimated: q.estimated,
    inputToken: q.inputToken,
    outputToken: q.outputToken,
    inputAmount: fmt(q.inputAmount, q.inputToken),
    outputAmount: fmt(q.outputAmount, q.outputToken),
    inputAmountBaseUnits: q.inputAmount.toString(),
    outputAmountBaseUnits: q.outputAmount.toString(),
    feeTier: q.feeTier,
    execution: q.execution && {
      feeTier: q.execution.feeTier,
      inputAmountBaseUnits: q.execution.inputAmount.toString(),
      outputAmountBaseUnits: q.execution.outputAmount.toString(),
    },
    priceImpact: q.priceImpact,
    fee: {
      tradeFeeBps: q.fee.tradeFeeBps,
      feeBps: q.fee.feeBps,
      amount: fmt(q.fee.total, "usdc"),
      amountBaseUnits: q.fee.total.toString(),
      protocol: q.fee.split.protocol.toString(),
      creator: q.fee.split.creator.toString(),
      referral: q.fee.split.referral.toString(),
      builder: q.fee.split.builder.toString(),
      launch: q.fee.split.launch.toString(),
      poolFeeTier: q.fee.poolFeeTier,
    },
    launchFee: launchFeeView(q.launchFee),
    legs: q.legs.map((l) => ({
      protocol: l.protocol,
      inputAmountBaseUnits: l.inputAmount.toString(),
      outputAmountBaseUnits: l.outputAmount.toString(),
      feeBaseUnits: l.fee.toString(),
      estimated: l.estimated,
    })),
    tiers: q.tiers.map((t) => ({
      feeTier: t.feeTier,
      ok: t.ok,
      inputAmountBaseUnits: t.inputAmount?.toString() ?? null,
      outputAmountBaseUnits: t.outputAmount?.toString() ?? null,
    })),
    timestamp: q.timestamp.toISOString(),
    block: q.block === null ? null : Number(q.block),
    stateLagBlocks: q.block === null || head === null ? null : Math.max(0, Number(head - q.block)),
  };
}
export type QuoteView = ReturnType<typeof quoteView>;

/** quote-token: the same quote as the MCP quote_trade_token; no transaction. */
export async function quoteToken(deps: ApiDeps, body: QuoteInput) {
  const mode = quoteMode(body.direction, body.inputToken);
  const decimals = body.inputToken === "usdc" ? USDC_DECIMALS : TOKEN_DECIMALS;
  const amount = amountToBaseUnits(body.amount, decimals, "amount");
  const m = await currentMarket(deps, await market(deps, body.tokenId, body.chainSlug));
  // No trader here: the token's referral is taken as paid (it is, on every trade but its own).
  const { q } = await quoteCaughtUp(deps, m, mode, amount, (at) => ({ ...noAttribution, referral: at.pool.referral }));
  return quoteView(q, deps.chainHead.get(body.chainSlug));
}

export type ResolveAttributionParameters = {
  chainId: number;
  /** Who sends the transaction: the trader, or the creator of a new token. */
  trader: string;
  builder: BuilderInput | undefined;
  referral: string | undefined;
  /** The token's referral as indexed (zero address for none, and for a token not created yet). */
  tokenReferral: string;
  /** createToken: its token_referral becomes the token's. A trade's token_referral is ignored, as on chain. */
  creating?: boolean;
};

/**
 * The effective attribution of a call, or a 400 where the launchpad would revert (BuilderNotApproved,
 * BuilderFeeTooHigh, ReferrerNotApproved, SelfAttribution). Approvals come from the indexed builder and referrer
 * tables; a trade's token_referral is ignored, as the launchpad ignores it (only a token's creator names its referral).
 */
export async function resolveAttribution(deps: ApiDeps, p: ResolveAttributionParameters): Promise<Attribution> {
  const requested = attributionOf(p.builder, p.referral);
  const hasBuilder = BigInt(requested.builder) !== 0n;
  const creating = p.creating === true;
  const namesReferral = creating && BigInt(requested.referral) !== 0n;
  const approvals =
    hasBuilder || namesReferral
      ? await readAttributionApprovals(deps.db, deps.config, p.chainId, requested.builder, requested.referral)
      : { builderMaxFeeBps: 0, referralApproved: false };
  const r = effectiveAttribution({
    requested,
    trader: p.trader,
    tokenReferral: p.tokenReferral,
    creating,
    builderMaxFeeBps: approvals.builderMaxFeeBps,
    referralApproved: approvals.referralApproved,
  });
  if (!r.ok) {
    throw new AppError("INVALID_PARAMETERS", attributionMessage(r.error, r.field, approvals.builderMaxFeeBps), {
      details: { reason: r.error, field: r.field === "builder" ? "builder" : "token_referral" },
    });
  }
  return r.attribution;
}

/** `who`'s balance of the token, token wei: on chain at its latest block, else (no RPC answer) as indexed. */
async function tokenBalance(deps: ApiDeps, m: Market, who: Address): Promise<bigint> {
  if (m.rpcUrl) {
    const onChain = await clientOf(m.rpcUrl)
      .readContract({ address: m.token.address, abi: launchTokenAbi, functionName: "balanceOf", args: [who] })
      .catch(() => null);
    if (onChain !== null) return onChain;
  }
  return readHolderBalance(deps.db, deps.config, m.token, who);
}

/** The trader's USDC allowance to the launchpad, on chain at its latest block; 0 without an RPC. */
async function usdcAllowance(m: Market, trader: Address): Promise<bigint> {
  if (!m.rpcUrl) return 0n;
  return clientOf(m.rpcUrl)
    .readContract({
      address: m.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "allowance",
      args: [trader, m.deployment.contracts.launchpad],
    })
    .catch((error: unknown) => {
      throw new AppError("NETWORK_ERROR", "Could not read the USDC allowance: the chain's RPC did not answer", {
        cause: error,
      });
    });
}

async function estimate(rpcUrl: string | undefined, from: Address, to: Address, data: Hex): Promise<bigint | null> {
  if (!rpcUrl) return null;
  try {
    const gas = await clientOf(rpcUrl).estimateGas({ account: from, to, data });
    return withGasMargin(gas);
  } catch {
    return null;
  }
}

/** A transaction of a trade, decided: where, what, and its gas limit. */
type PlannedCall = { to: Address; data: Hex; gas: bigint };

/** One trade decided, in base units: what prepareTrade answers (tradeView) and what autoExecute records. */
type TradePlan = {
  mode: QuoteMode;
  trader: Address;
  amount: bigint;
  slippageBps: number;
  /** min out (exact-in) or max in (exact-out), base units. */
  bound: bigint;
  deadline: bigint;
  chain: ChainSlug;
  quote: QuoteReturnType;
  call: PlannedCall;
  /** USDC approvals to send before the call. */
  approvals: PlannedCall[];
};

/** trade-token: the launchpad transaction (and any USDC approval to send first) for one trade, with its quote. */
export async function prepareTrade(
  deps: ApiDeps,
  user: AuthedUser,
  body: TradeInput,
  options: { ownTradesAhead?: boolean; fromChain?: boolean } = {},
) {
  return tradeView(await planTrade(deps, user, body, options), deps.chainHead.get(body.chainSlug));
}

/** A planned transaction as the API answers it. */
const callView = (t: PlannedCall, chain: ChainSlug) => ({
  to: t.to,
  data: t.data,
  value: "0",
  gasLimit: t.gas.toString(),
  chain,
});

/** The serialisation of a plan: amounts as decimal strings, at the chain head `head`. */
function tradeView(plan: TradePlan, head: bigint | null) {
  return {
    transaction: callView(plan.call, plan.chain),
    approvals: plan.approvals.map((a) => callView(a, plan.chain)),
    quote: quoteView(plan.quote, head),
    trade: {
      mode: plan.mode,
      userAddress: plan.trader,
      amountBaseUnits: plan.amount.toString(),
      slippageBps: plan.slippageBps,
      /** min out (exact-in) or max in (exact-out), base units. */
      boundBaseUnits: plan.bound.toString(),
      deadline: Number(plan.deadline),
    },
  };
}

async function planTrade(
  deps: ApiDeps,
  user: AuthedUser,
  body: TradeInput,
  options: { ownTradesAhead?: boolean; fromChain?: boolean },
): Promise<TradePlan> {
  const { mode, amount } = tradeMode(body);
  const slippageBps = body.slippageBps ?? DEFAULT_SLIPPAGE_BPS;
  const trader = (body.userAddress ?? user.walletAddress) as Address;
  const current = await currentMarket(deps, await market(deps, body.tokenId, body.chainSlug), options.fromChain);
  const m0 = options.ownTradesAhead ? await afterOwnTrades(deps, current, trader) : current;
  const effective = await resolveAttribution(deps, {
    chainId: m0.token.chainId,
    trader,
    builder: body.builder,
    referral: body.token_referral,
    tokenReferral: m0.pool.referral,
  });
  // The transaction names what was asked (a referral the token has already is ignored on chain); the quote splits
  // the fee as the launchpad will.
  const attribution = attributionOf(body.builder, body.token_referral);
  const buy = mode.startsWith("buy");
  // A seller who holds too little hears so first, whatever the curve holds (the chain's balance, not the indexer's,
  // so a buy confirmed a moment ago counts).
  if (mode === "sellExactIn" && (await tokenBalance(deps, m0, trader)) < amount) {
    throw new AppError("INSUFFICIENT_BALANCE", "Insufficient token balance");
  }
  const { m, q } = await quoteCaughtUp(deps, m0, mode, amount, () => effective);
  if (!q.execution)
    throw new AppError("INVALID_PARAMETERS", executionTierFailed(m.pool.feeTier ?? m.pool.params.dexFeeTier));
  const bound = slippageBound(mode, q.execution, slippageBps, q.estimated);

  if (mode === "sellExactOut" && (await tokenBalance(deps, m, trader)) < q.execution.inputAmount) {
    throw new AppError("INSUFFICIENT_BALANCE", "Insufficient token balance");
  }

  const deadline = tradeDeadline(Date.now());
  const launchpad = m.deployment.contracts.launchpad;
  const data = tradeCall({ mode, token: m.token.address, amount, bound, deadline, attribution });
  const chain = m.deployment.chainSlug;

  const approvals: PlannedCall[] = [];
  const approve = buy ? usdcToApprove(mode, amount, bound, await usdcAllowance(m, trader)) : null;
  if (approve !== null) {
    const approveData = encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, approve] });
    const gas = await estimate(m.rpcUrl, trader, m.deployment.contracts.usdc, approveData);
    approvals.push({ to: m.deployment.contracts.usdc, data: approveData, gas: gas ?? FALLBACK_GAS.approve });
  }
  const fallback = fallbackGasOf(q);
  const gas = approvals.length > 0 ? null : await estimate(m.rpcUrl, trader, launchpad, data);
  return {
    mode,
    trader,
    amount,
    slippageBps,
    bound,
    deadline,
    chain,
    quote: q,
    call: { to: launchpad, data, gas: gas ?? fallback },
    approvals,
  };
}

/**
 * The one approval a custodial wallet makes: the launchpad, for the unlimited allowance. The launchpad pulls USDC
 * only from its caller (Launchpad.sol: safeTransferFrom(msg.sender, …); the swap callback's payer is the caller of
 * the swap in progress), and only the service signs for this wallet, so the allowance moves nothing the wallet's own
 * trades do not. Trade-off: a flaw in the launchpad that let a third party pull from an approver would reach the
 * wallet's whole USDC balance, not one trade's amount. In return one wallet's concurrent trades never revoke each
 * other's allowance (an approval replaces the one before it), an OpenZeppelin ERC-20 never spends an allowance of
 * 2^256 - 1 (so the approval's gas estimate cannot go stale), and a wallet approves once, not before every buy.
 */
async function custodialAllowance(deps: ApiDeps, deployment: Deployment, wallet: Address): Promise<bigint> {
  const rpcUrl = deps.rpcUrls.get(deployment.chainSlug);
  if (!rpcUrl) return 0n;
  return clientOf(rpcUrl)
    .readContract({
      address: deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "allowance",
      args: [wallet, deployment.contracts.launchpad],
    })
    .catch((error: unknown) => {
      throw new AppError("NETWORK_ERROR", "Could not read the USDC allowance: the chain's RPC did not answer", {
        cause: error,
      });
    });
}

export function custodialApproval(deployment: Deployment): PlannedCall {
  return {
    to: deployment.contracts.usdc,
    data: encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [deployment.contracts.launchpad, maxUint256],
    }),
    gas: FALLBACK_GAS.approve,
  };
}

/**
 * trade-token. Without autoExecute: the prepared transaction (and approvals) for the client to send, with
 * `executed: false`. With autoExecute: the same transactions become intents (approval first, then the trade after
 * it) executed by the worker with the wallet on record, and the answer waits for them (api/services/auto-execute.ts).
 *
 * The market moving under a trade before it is sent (the worker's simulation reverts on its slippage bound or
 * deadline; or its approval is not sent because the trade after it would revert so) is not the end of the request:
 * after REQUOTE_DELAY_MS x n it is quoted again on the pool as the chain holds it (the index may be what was stale)
 * and recorded as the key's next attempt (trade#2, trade#3), at most MAX_REQUOTES times. Each attempt is priced
 * by the spending policy again, with the request's own slippageBps around its own quote; `requotes` in the answer
 * counts them. Not quoted again: a trade that reverted on chain (its gas is spent, and a trade seen in the mempool
 * could be made to revert on purpose until its bound gave way), and a trade still failing after its re-quotes: those
 * are a 409 with Retry-After, and the same request may be sent again. A reused idempotencyKey answers the key's
 * newest attempt, with `replayed: true` and without a new quote; when that attempt failed unsent because the market
 * moved, the key's trade (the same one: same token, amount and attribution) is quoted again as above, up to
 * MAX_TRADE_ATTEMPTS attempts per key.
 */
export async function tradeToken(deps: ApiDeps, user: AuthedUser, body: TradeInput) {
  if (!body.autoExecute) {
    return { executed: false, transactionHash: null, ...(await prepareTrade(deps, user, body)) };
  }
  requireWalletOnRecord(user, body.userAddress);
  const key = newIdempotencyKey(body.idempotencyKey);
  const latest = await findLatestAttempt(deps, user, key, "trade", MAX_TRADE_ATTEMPTS);
  let attempt = 0;
  let previous: Previous | undefined;
  if (latest) {
    try {
      return replayedTrade(latest.row, await replayExecution(deps, latest.row));
    } catch (error) {
      if (!sentNothing(error) || latest.attempt + 1 >= MAX_TRADE_ATTEMPTS) throw error;
      attempt = latest.attempt + 1;
      previous = { row: latest.row, failure: error };
    }
  }
  const deployment = deps.deployments.get(body.chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
  const started = Date.now();
  const waitMs = deps.autoExecuteWaitMs ?? AUTO_EXECUTE_WAIT_MS;
  for (let requotes = 0; ; requotes++, attempt++) {
    if (requotes > 0) await sleep(REQUOTE_DELAY_MS * requotes);
    // Prepared and recorded under the lock; waited for after it, so the wallet's next trade need not wait as well.
    const { prepared, rows } = await withWalletTradeLock(deps, user.walletAddress, deployment.chainId, () =>
      submitTrade(deps, user, body, { key, attempt, deployment, previous }),
    );
    try {
      const execution = await settleExecution(deps, rows, waitMs - (Date.now() - started));
      return { ...prepared, ...execution, replayed: false, requotes };
    } catch (error) {
      if (!sentNothing(error) || requotes >= MAX_REQUOTES || attempt + 1 >= MAX_TRADE_ATTEMPTS) throw error;
      previous = { row: rows[rows.length - 1] as IntentRow, failure: error };
    }
  }
}

/** The attempt before the one being made: its trade intent, and the failure it was answered with. */
type Previous = { row: IntentRow; failure: unknown };

/** A failed execution (settleExecution) the market moved under before any of it was sent: it may be quoted again. */
const sentNothing = (error: unknown) =>
  error instanceof AppError && error.details.retryable === true && error.details.transactionHash === null;

function replayedTrade(row: IntentRow, execution: ExecutionResult) {
  return {
    ...execution,
    replayed: true,
    transaction: {
      to: row.to_address,
      data: row.data,
      value: row.value,
      gasLimit: row.gas_limit ?? "0",
      chain: row.chain_slug as ChainSlug,
    },
  };
}

/** What a launchpad trade's calldata asks, less its bound and deadline (which a new quote moves). */
function tradeAsked(data: Hex): string {
  const call = decodeFunctionData({ abi: launchpadAbi, data });
  const [token, amount, , , attribution] = call.args as unknown as [Address, bigint, bigint, bigint, unknown];
  return JSON.stringify([call.functionName, token.toLowerCase(), amount, attribution], (_, v) =>
    typeof v === "bigint" ? v.toString() : typeof v === "string" ? v.toLowerCase() : v,
  );
}

/**
 * Prepares and records one attempt of an autoExecute trade, under the wallet's trade lock (tradeToken): a first one
 * on the state as usual, a later one on the pool as the chain holds it. A later attempt must ask what `previous`
 * asked: a key reused for another trade is answered the key's own failure.
 */
async function submitTrade(
  deps: ApiDeps,
  user: AuthedUser,
  body: TradeInput,
  p: { key: string; attempt: number; deployment: Deployment; previous: Previous | undefined },
) {
  const { deployment } = p;
  const asked = await planTrade(
    deps,
    user,
    { ...body, userAddress: user.walletAddress },
    { ownTradesAhead: true, fromChain: p.attempt > 0 },
  );
  if (p.previous && tradeAsked(p.previous.row.data) !== tradeAsked(asked.call.data)) throw p.previous.failure;
  const maxIn = asked.mode === "buyExactIn" ? asked.amount : asked.bound;
  const plan = asked.approvals.length > 0 ? { ...asked, approvals: [custodialApproval(deployment)] } : asked;
  const prepared = tradeView(plan, deps.chainHead.get(body.chainSlug));
  const steps: Step[] = [
    ...plan.approvals.map(
      (a): Step => ({
        name: attemptStep("approval", p.attempt),
        kind: "approval",
        to: a.to,
        data: a.data,
        gas: a.gas,
        shared: { needed: async () => (await custodialAllowance(deps, deployment, user.walletAddress)) < maxIn },
      }),
    ),
    {
      name: attemptStep("trade", p.attempt),
      kind: "trade",
      to: plan.call.to,
      data: plan.call.data,
      gas: plan.call.gas,
    },
  ];
  const rows = await submitSteps(deps, user, {
    chainSlug: deployment.chainSlug,
    chainId: deployment.chainId,
    key: p.key,
    steps,
  });
  return { prepared, rows };
}
