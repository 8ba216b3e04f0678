/**
 * The launchpad's and its V3 pools' logs replayed in chain order: token, trade, builder, referrer, launchpad and
 * fee rows, and what the pool rows take from the logs (last change, collected fees).
 */
import { type Hex, zeroAddress } from "viem";
import * as curve from "../../../core/curve.js";
import type { Attribution } from "../../../core/fees.js";
import type { Chain } from "../chain.js";
import { type AnyLog, type ChainLogs, lower, order, type PoolView } from "./chain-state-reads.js";
import type { Row } from "./dump.js";

const modeNames = ["buy_exact_in", "buy_exact_out", "sell_exact_in", "sell_exact_out"];
const venueNames = ["bonding_curve", "uniswap_v3"];

export type Replay = {
  tokenRows: Map<Hex, Row>;
  /** Block of the last change to each token's pool row. */
  poolUpdated: Map<Hex, bigint>;
  /** Trades in chain order: the launchpad's Trade events and direct swaps on graduated pools. */
  trades: Row[];
  /** USDC fees (base units) accrued and claimed, by recipient: trade fee shares included. */
  feeRows: Map<Hex, { accrued: bigint; claimed: bigint }>;
  /** The fees table's rows: USDC credited other than as a trade's fee share, and claimed, by recipient. */
  creditRows: Map<Hex, { accrued: bigint; claimed: bigint }>;
  launchpadRow: Row | undefined;
  builderRows: Map<Hex, Row>;
  referrerRows: Map<Hex, Row>;
  /** Token fees (token wei), by `<token>-<recipient>`. */
  tokenFeeRows: Map<string, Row>;
  /** V3 fees the launchpad collected from each graduated token's pool: USDC base units and token wei. */
  collected: Map<Hex, { usdc: bigint; tokens: bigint }>;
  protocolFeeRecipient: string;
  directSwaps: number;
  /** FeesClaimed events. */
  claims: number;
  /** fee_claim rows: FeesClaimed (token null) and TokenFeesClaimed. */
  claimRows: Row[];
  /** pool_fee_collection rows: PoolFeesCollected. */
  collectionRows: Row[];
  /** The current tick of each graduated token's pool. */
  ticks: Map<Hex, number>;
};

/** What the replay reads besides the logs. */
type Context = {
  c: Chain;
  chainId: number;
  views: Map<Hex, PoolView>;
  time: (block: bigint) => bigint;
  /** The Graduated log of each graduated token, by its V3 pool. */
  poolToken: Map<Hex, AnyLog>;
};

/**
 * Replays `logs` of the launchpad and the V3 pools in chain order. `views` (the launchpad's getPool() by token)
 * gives each token's creator and supply, `time` each block's timestamp.
 */
export async function replayLogs(
  c: Chain,
  logs: ChainLogs,
  views: Map<Hex, PoolView>,
  time: (block: bigint) => bigint,
): Promise<Replay> {
  const r: Replay = {
    tokenRows: new Map(),
    poolUpdated: new Map(),
    trades: [],
    feeRows: new Map(),
    creditRows: new Map(),
    launchpadRow: undefined,
    builderRows: new Map(),
    referrerRows: new Map(),
    tokenFeeRows: new Map(),
    collected: new Map(),
    protocolFeeRecipient: zeroAddress,
    directSwaps: 0,
    claims: 0,
    claimRows: [],
    collectionRows: [],
    ticks: new Map(),
  };
  const poolToken = new Map([...logs.graduations.values()].map((g) => [lower(g.args.v3Pool as string), g]));
  const ctx: Context = { c, chainId: c.deployment.chainId, views, time, poolToken };
  const launchpad = lower(c.deployment.contracts.launchpad);
  for (const l of [...logs.launchpadLogs, ...logs.poolLogs].sort(order)) {
    if (lower(l.address) === launchpad) launchpadLog(r, ctx, l);
    else await poolLog(r, ctx, l);
  }
  return r;
}

/**
 * Adds `amount` USDC (base units) to what `recipient` accrued (`claimed`: to what it claimed), and unless it is a
 * trade's fee share, to its fees row.
 */
function credit(r: Replay, recipient: string, amount: bigint, kind: "share" | "credit" | "claim" = "credit"): void {
  if (amount === 0n) return;
  const maps = kind === "share" ? [r.feeRows] : [r.feeRows, r.creditRows];
  for (const m of maps) {
    const f = m.get(lower(recipient)) ?? { accrued: 0n, claimed: 0n };
    if (kind === "claim") f.claimed += amount;
    else f.accrued += amount;
    m.set(lower(recipient), f);
  }
}

/** Adds `amount` of `token` (wei) to what `recipient` accrued, or with `claimed` moves it from claimable to claimed. */
function creditTokens(r: Replay, chainId: number, token: Hex, recipient: string, amount: bigint, claimed: boolean) {
  if (amount === 0n) return;
  const key = `${token}-${lower(recipient)}`;
  const f = r.tokenFeeRows.get(key) ?? {
    chainId,
    token,
    recipient: lower(recipient),
    claimable: 0n,
    accrued: 0n,
    claimed: 0n,
  };
  if (claimed) {
    f.claimable = (f.claimable as bigint) - amount;
    f.claimed = (f.claimed as bigint) + amount;
  } else {
    f.claimable = (f.claimable as bigint) + amount;
    f.accrued = (f.accrued as bigint) + amount;
  }
  r.tokenFeeRows.set(key, f);
}

/** One log of the launchpad. */
function launchpadLog(r: Replay, ctx: Context, l: AnyLog): void {
  const { chainId, views } = ctx;
  const a = l.args;
  if (l.eventName === "ProtocolFeeRecipientSet") {
    r.protocolFeeRecipient = a.recipient as string;
    r.launchpadRow = { chainId, address: lower(l.address), protocolFeeRecipient: lower(r.protocolFeeRecipient) };
  } else if (l.eventName === "TokenCreated") {
    r.tokenRows.set(lower(a.token as string), tokenRow(ctx, l));
    r.poolUpdated.set(lower(a.token as string), l.blockNumber);
  } else if (l.eventName === "Trade") {
    const fees = a.fees as { protocol: bigint; creator: bigint; referral: bigint; builder: bigint; launch: bigint };
    const attr = a.attribution as Attribution;
    const token = lower(a.token as string);
    r.trades.push(curveTrade(ctx, l, r.protocolFeeRecipient));
    // the launch window's part is the protocol's too
    credit(r, r.protocolFeeRecipient, fees.protocol + fees.launch, "share");
    credit(r, views.get(token)?.creator ?? zeroAddress, fees.creator, "share");
    credit(r, attr.referral, fees.referral, "share");
    credit(r, attr.builder, fees.builder, "share");
    r.poolUpdated.set(token, l.blockNumber);
  } else if (l.eventName === "Graduated") {
    credit(r, r.protocolFeeRecipient, a.protocolFee as bigint);
    r.ticks.set(lower(a.token as string), Number(a.tick));
    r.poolUpdated.set(lower(a.token as string), l.blockNumber);
  } else if (l.eventName === "TokenReferralSet") {
    // At creation the token's row comes next (TokenCreated carries the referral); later it changes here.
    const row = r.tokenRows.get(lower(a.token as string));
    if (row) row.referral = lower(a.referral as string);
  } else if (l.eventName === "BuilderSet") {
    const address = lower(a.builder as string);
    r.builderRows.set(address, { chainId, address, maxFeeBps: Number(a.maxFeeBps), updatedBlock: l.blockNumber });
  } else if (l.eventName === "ReferrerSet") {
    const address = lower(a.referrer as string);
    r.referrerRows.set(address, { chainId, address, approved: a.approved as boolean, updatedBlock: l.blockNumber });
  } else if (l.eventName === "PoolFeesCollected") {
    const token = lower(a.token as string);
    const creator = views.get(token)?.creator ?? zeroAddress;
    const c0 = r.collected.get(token) ?? { usdc: 0n, tokens: 0n };
    c0.usdc += (a.creatorUsdc as bigint) + (a.protocolUsdc as bigint);
    c0.tokens += (a.creatorTokens as bigint) + (a.protocolTokens as bigint);
    r.collected.set(token, c0);
    credit(r, creator, a.creatorUsdc as bigint);
    credit(r, r.protocolFeeRecipient, a.protocolUsdc as bigint);
    creditTokens(r, chainId, token, creator, a.creatorTokens as bigint, false);
    creditTokens(r, chainId, token, r.protocolFeeRecipient, a.protocolTokens as bigint, false);
    r.collectionRows.push({
      ...where(ctx, l),
      token,
      creator: lower(creator),
      protocolRecipient: lower(r.protocolFeeRecipient),
      creatorUsdc: a.creatorUsdc as bigint,
      protocolUsdc: a.protocolUsdc as bigint,
      creatorTokens: a.creatorTokens as bigint,
      protocolTokens: a.protocolTokens as bigint,
    });
  } else if (l.eventName === "TokenFeesClaimed") {
    creditTokens(r, chainId, lower(a.token as string), a.recipient as string, a.amount as bigint, true);
    r.claimRows.push({
      ...where(ctx, l),
      recipient: lower(a.recipient as string),
      token: lower(a.token as string),
      amount: a.amount as bigint,
    });
  } else if (l.eventName === "FeesClaimed") {
    r.claimRows.push({
      ...where(ctx, l),
      recipient: lower(a.recipient as string),
      token: null,
      amount: a.amount as bigint,
    });
    credit(r, a.recipient as string, a.amount as bigint, "claim");
    r.claims++;
  }
}

/** Where a log is, as the fee rows record it: id, chain, transaction, block and time. */
function where({ chainId, time }: Context, l: AnyLog): Row {
  return {
    id: `${chainId}-${l.transactionHash}-${l.logIndex}`,
    chainId,
    txHash: lower(l.transactionHash),
    logIndex: l.logIndex,
    blockNumber: l.blockNumber,
    timestamp: time(l.blockNumber),
  };
}

/** The token row a TokenCreated log starts, with no holders, trades or volume yet. */
function tokenRow({ chainId, time }: Context, l: AnyLog): Row {
  const a = l.args;
  const attr = a.attribution as Attribution;
  return {
    chainId,
    address: lower(a.token as string),
    tokenLayerId: lower(a.tokenLayerId as string),
    creator: lower(a.creator as string),
    poolType: Number(a.poolType),
    name: a.name as string,
    symbol: a.symbol as string,
    tokenUri: a.tokenURI as string,
    builder: lower(attr.builder),
    referral: lower(attr.referral),
    createdBlock: l.blockNumber,
    createdAt: time(l.blockNumber),
    createdTx: lower(l.transactionHash),
    holdersCount: 0,
    tradeCount: 0,
    volumeUsdc: 0n,
  };
}

/** The trade row of a launchpad Trade log. */
function curveTrade({ chainId, time, views }: Context, l: AnyLog, protocolRecipient: string): Row {
  const a = l.args;
  const fees = a.fees as { protocol: bigint; creator: bigint; referral: bigint; builder: bigint; launch: bigint };
  const attr = a.attribution as Attribution;
  const state = a.state as { supply: bigint; reserve: bigint; price: bigint };
  const mode = Number(a.mode);
  return {
    id: `${chainId}-${l.transactionHash}-${l.logIndex}`,
    chainId,
    token: lower(a.token as string),
    trader: lower(a.trader as string),
    mode: modeNames[mode] as string,
    isBuy: mode < 2,
    venue: venueNames[Number(a.venue)] as string,
    tokenAmount: a.tokenAmount as bigint,
    usdcAmount: a.usdcAmount as bigint,
    price: state.price,
    feeProtocol: fees.protocol,
    feeCreator: fees.creator,
    feeReferral: fees.referral,
    feeBuilder: fees.builder,
    feeLaunch: fees.launch,
    builder: lower(attr.builder),
    builderFeeBps: attr.builderFeeBps,
    referral: lower(attr.referral),
    creator: lower(views.get(lower(a.token as string))?.creator ?? zeroAddress),
    protocolRecipient: lower(protocolRecipient),
    supplyAfter: state.supply,
    reserveAfter: state.reserve,
    txHash: lower(l.transactionHash),
    logIndex: l.logIndex,
    blockNumber: l.blockNumber,
    timestamp: time(l.blockNumber),
  };
}

/** One log of a V3 pool: only what follows its token's Graduated event counts. */
async function poolLog(r: Replay, ctx: Context, l: AnyLog): Promise<void> {
  const a = l.args;
  const grad = ctx.poolToken.get(lower(l.address));
  if (!grad || order(l, grad) < 0) return;
  const token = lower(grad.args.token as string);
  if (l.eventName === "Mint" || l.eventName === "Burn") {
    // A position changes the active liquidity only when its range holds the current tick.
    const tick = r.ticks.get(token) as number;
    if ((a.tickLower as number) <= tick && tick < (a.tickUpper as number)) r.poolUpdated.set(token, l.blockNumber);
    return;
  }
  if (l.eventName !== "Swap") return;
  r.ticks.set(token, a.tick as number);
  r.poolUpdated.set(token, l.blockNumber);
  if (lower(a.sender as string) === lower(ctx.c.deployment.contracts.launchpad)) return;
  r.directSwaps++;
  r.trades.push(await dexTrade(ctx, l, token));
}

/** The trade row of a swap on `token`'s V3 pool that did not come from the launchpad. */
async function dexTrade({ c, chainId, views, time }: Context, l: AnyLog, token: Hex): Promise<Row> {
  const a = l.args;
  const usdcIsToken0 = curve.isUsdcToken0(c.deployment.contracts.usdc, token);
  const [usdcDelta, tokenDelta] = (usdcIsToken0 ? [a.amount0, a.amount1] : [a.amount1, a.amount0]) as [bigint, bigint];
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const tx = await c.publicClient.getTransaction({ hash: l.transactionHash });
  return {
    id: `${chainId}-${l.transactionHash}-${l.logIndex}`,
    chainId,
    token,
    trader: lower(tx.from),
    mode: usdcDelta > 0n ? "dex_buy" : "dex_sell",
    isBuy: usdcDelta > 0n,
    venue: "uniswap_v3",
    tokenAmount: abs(tokenDelta),
    usdcAmount: abs(usdcDelta),
    price: curve.priceFromSqrt(a.sqrtPriceX96 as bigint, usdcIsToken0),
    feeProtocol: 0n,
    feeCreator: 0n,
    feeReferral: 0n,
    feeBuilder: 0n,
    feeLaunch: 0n,
    builder: zeroAddress,
    builderFeeBps: 0,
    referral: zeroAddress,
    creator: lower(views.get(token)?.creator ?? zeroAddress),
    protocolRecipient: zeroAddress,
    // A graduated token's supply never changes again.
    supplyAfter: (views.get(token)?.supply ?? 0n) as bigint,
    reserveAfter: 0n,
    txHash: lower(l.transactionHash),
    logIndex: l.logIndex,
    blockNumber: l.blockNumber,
    timestamp: time(l.blockNumber),
  };
}
