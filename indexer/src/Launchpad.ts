/**
 * Launchpad events. Each carries the pool's post-event state, so nothing here calls the chain; prices and
 * progress come from core/curve.ts.
 */

import { ponder } from "ponder:registry";
import {
  builder,
  feeClaim,
  fees,
  launchpad,
  pool,
  poolFeeCollection,
  referrer,
  token,
  tokenFees,
  v3Pool,
} from "ponder:schema";
import { eq } from "ponder";
import type { Hex } from "viem";
import { isUsdcToken0, marketCap, marketCapAt, price, progressBps } from "../../core/curve.js";
import { QUOTE_MODES } from "../../core/quote.js";
import {
  bookHolding,
  bookTrade,
  countTrade,
  creditFees,
  type FeeCredit,
  logId,
  sentBy,
  tradeCredits,
} from "../lib/book.js";
import { usdcByChainId } from "../lib/chains.js";
import { type FeeState, poolState, publish, publishTrade } from "../lib/stream.js";

const usdcOf = usdcByChainId();
// stored snake_case, indexed by the event's TradeMode: buy_exact_in, buy_exact_out, sell_exact_in, sell_exact_out
const modes = QUOTE_MODES.map((m) => m.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
const venues = ["bonding_curve", "uniswap_v3"] as const;

ponder.on("Launchpad:ProtocolFeeRecipientSet", async ({ event, context }) => {
  const chainId = context.chain.id;
  const before = await context.db.find(launchpad, { chainId });
  await context.db
    .insert(launchpad)
    .values({ chainId, address: event.log.address, protocolFeeRecipient: event.args.recipient })
    .onConflictDoUpdate({ protocolFeeRecipient: event.args.recipient });
  // Every pool of the chain names it, so that a trade reads it from the pool row it updates anyway. A change is rare:
  // one raw statement rather than a launchpad lookup per trade. (Ponder flushes and invalidates its cache for it,
  // which slows the handlers after it, so not for the first recipient: no pool exists before it.)
  if (before) {
    await context.db.sql.update(pool).set({ protocolRecipient: event.args.recipient }).where(eq(pool.chainId, chainId));
  }
});

ponder.on("Launchpad:TokenCreated", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { tokenLayerId, token: address, creator, poolType, name, symbol, tokenURI, attribution, params } = event.args;
  const usdc = usdcOf.get(chainId);
  if (!usdc) throw new Error(`no USDC known for chain ${chainId}`);
  const meta = await context.db.find(launchpad, { chainId });
  if (!meta) throw new Error(`launchpad of chain ${chainId} not indexed`);
  await context.db.insert(token).values({
    chainId,
    address,
    tokenLayerId,
    creator,
    poolType,
    name,
    symbol,
    tokenUri: tokenURI,
    builder: attribution.builder,
    referral: attribution.referral,
    createdBlock: event.block.number,
    createdAt: event.block.timestamp,
    createdTx: event.transaction.hash,
  });
  const created = await context.db.insert(pool).values({
    chainId,
    token: address,
    creator,
    poolType,
    ...params,
    createdAt: event.block.timestamp,
    launchFeesUsdc: 0n,
    supply: 0n,
    reserve: 0n,
    price: price(params, 0n),
    marketCap: 0n,
    progressBps: 0,
    graduated: false,
    // TokenReferralSet comes before TokenCreated in the same call; the referral it fixes is the one created with.
    referral: attribution.referral,
    protocolRecipient: meta.protocolFeeRecipient,
    collectedFeesUsdc: 0n,
    collectedFeesTokens: 0n,
    holdersCount: 0,
    tradeCount: 0,
    volumeUsdc: 0n,
    usdcIsToken0: isUsdcToken0(usdc, address),
    updatedBlock: event.block.number,
    updatedBlockHash: event.block.hash,
    updatedAt: event.block.timestamp,
  });
  await publish(context, event, "token_created", address, {
    token: address,
    tokenLayerId,
    creator,
    poolType,
    name,
    symbol,
    pool: poolState(created),
  });
});

ponder.on("Launchpad:Trade", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { token: address, trader, mode, venue, tokenAmount, usdcAmount, fees: split, attribution, state } = event.args;
  const onCurve = venue === 0;
  const isBuy = mode < 2;
  // A curve trade its trader sent books its own mint or burn (the Transfer handler skipped it: lib/book.ts).
  const ownLeg = onCurve && sentBy(trader, event.transaction.from);
  const held = await bookHolding(
    context,
    { chainId, token: address, trader, isBuy, tokenAmount, usdcAmount, blockNumber: event.block.number },
    ownLeg,
  );
  const row = await context.db.update(pool, { chainId, token: address }).set((p) => ({
    supply: state.supply,
    reserve: state.reserve,
    price: state.price,
    marketCap: onCurve ? marketCap(p, state.supply) : marketCapAt(state.price, state.supply),
    progressBps: Number(progressBps(p, onCurve ? state.supply : p.migrationSupply)),
    ...(onCurve ? {} : { sqrtPriceX96: state.sqrtPriceX96 }),
    ...(split.launch > 0n ? { launchFeesUsdc: p.launchFeesUsdc + split.launch } : {}),
    ...countTrade(p, usdcAmount, held.holdersDelta),
    updatedBlock: event.block.number,
    updatedBlockHash: event.block.hash,
    updatedAt: event.block.timestamp,
  }));
  const tradeRow = {
    id: logId(chainId, event.transaction.hash, event.log.logIndex),
    chainId,
    token: address,
    trader,
    mode: modes[mode] ?? "unknown",
    isBuy,
    venue: venues[venue] ?? "unknown",
    tokenAmount,
    usdcAmount,
    price: state.price,
    feeProtocol: split.protocol,
    feeCreator: split.creator,
    feeReferral: split.referral,
    feeBuilder: split.builder,
    feeLaunch: split.launch,
    builder: attribution.builder,
    builderFeeBps: attribution.builderFeeBps,
    referral: attribution.referral,
    creator: row.creator,
    protocolRecipient: row.protocolRecipient,
    supplyAfter: state.supply,
    reserveAfter: state.reserve,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  };
  const booked = await bookTrade(context, tradeRow, held, ownLeg ? row.holdersCount : null);
  // The fee shares are the trade row's: summed when read, not credited row by row.
  await publishTrade(context, event, tradeRow, row, booked, tradeCredits(tradeRow));
});

ponder.on("Launchpad:Graduated", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { token: address, v3Pool: v3, feeTier, positionId, protocolFee, state, tick, liquidity } = event.args;
  const row = await context.db.update(pool, { chainId, token: address }).set({
    graduated: true,
    graduatedAt: event.block.timestamp,
    graduatedBlock: event.block.number,
    graduatedTx: event.transaction.hash,
    graduatedLogIndex: event.log.logIndex,
    v3Pool: v3,
    feeTier,
    positionId,
    supply: state.supply,
    reserve: 0n,
    price: state.price,
    marketCap: marketCapAt(state.price, state.supply),
    progressBps: 10_000,
    sqrtPriceX96: state.sqrtPriceX96,
    tick,
    liquidity,
    updatedBlock: event.block.number,
    updatedBlockHash: event.block.hash,
    updatedAt: event.block.timestamp,
  });
  await context.db.insert(v3Pool).values({ chainId, address: v3, token: address, usdcIsToken0: row.usdcIsToken0 });
  const credits: FeeCredit[] = [];
  await creditFees(context, chainId, row.protocolRecipient, protocolFee, credits);
  await publish(context, event, "graduation", address, {
    token: address,
    status: "graduated",
    v3Pool: v3,
    feeTier,
    pool: poolState(row),
    credits,
  });
});

ponder.on("Launchpad:FeesClaimed", async ({ event, context }) => {
  const { recipient, amount } = event.args;
  // Its trade fee shares are in no fees row: a recipient of those only has none before its first claim.
  await context.db
    .insert(fees)
    .values({ chainId: context.chain.id, recipient, accrued: 0n, claimed: amount })
    .onConflictDoUpdate((f) => ({ claimed: f.claimed + amount }));
  await context.db.insert(feeClaim).values({ ...eventAt(context.chain.id, event), recipient, token: null, amount });
  // The fees after it are added by the event log's sequencer (db/events.ts), as for every USDC credit.
  await publish(context, event, "fees_claimed", null, { recipient, token: null, amount });
});

/** Where a fee event is: its id, chain, transaction, block and time. */
function eventAt(
  chainId: number,
  event: { transaction: { hash: Hex }; log: { logIndex: number }; block: { number: bigint; timestamp: bigint } },
) {
  return {
    id: logId(chainId, event.transaction.hash, event.log.logIndex),
    chainId,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  };
}

ponder.on("Launchpad:BuilderSet", async ({ event, context }) => {
  const { builder: address, maxFeeBps } = event.args;
  await context.db
    .insert(builder)
    .values({ chainId: context.chain.id, address, maxFeeBps, updatedBlock: event.block.number })
    .onConflictDoUpdate({ maxFeeBps, updatedBlock: event.block.number });
});

ponder.on("Launchpad:ReferrerSet", async ({ event, context }) => {
  const { referrer: address, approved } = event.args;
  await context.db
    .insert(referrer)
    .values({ chainId: context.chain.id, address, approved, updatedBlock: event.block.number })
    .onConflictDoUpdate({ approved, updatedBlock: event.block.number });
});

ponder.on("Launchpad:TokenReferralSet", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { token: address, referral } = event.args;
  // At creation the token's rows do not exist yet: TokenCreated, next in the same call, records this referral.
  if (!(await context.db.find(token, { chainId, address }))) return;
  await context.db.update(token, { chainId, address }).set({ referral });
  await context.db.update(pool, { chainId, token: address }).set({ referral });
});

ponder.on("Launchpad:PoolFeesCollected", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { token: address, creatorUsdc, protocolUsdc, creatorTokens, protocolTokens } = event.args;
  const row = await context.db.update(pool, { chainId, token: address }).set((p) => ({
    collectedFeesUsdc: p.collectedFeesUsdc + creatorUsdc + protocolUsdc,
    collectedFeesTokens: p.collectedFeesTokens + creatorTokens + protocolTokens,
  }));
  const credits: FeeCredit[] = [];
  await creditFees(context, chainId, row.creator, creatorUsdc, credits);
  await creditFees(context, chainId, row.protocolRecipient, protocolUsdc, credits);
  await context.db.insert(poolFeeCollection).values({
    ...eventAt(chainId, event),
    token: address,
    creator: row.creator,
    protocolRecipient: row.protocolRecipient,
    creatorUsdc,
    protocolUsdc,
    creatorTokens,
    protocolTokens,
  });
  const tokenCredits: FeeState[] = [];
  for (const [recipient, amount] of [
    [row.creator, creatorTokens],
    [row.protocolRecipient, protocolTokens],
  ] as const) {
    if (amount === 0n) continue;
    const after = await context.db
      .insert(tokenFees)
      .values({ chainId, token: address, recipient, claimable: amount, accrued: amount, claimed: 0n })
      .onConflictDoUpdate((f) => ({ claimable: f.claimable + amount, accrued: f.accrued + amount }));
    tokenCredits.push({
      recipient,
      amount,
      claimable: after.claimable,
      accrued: after.accrued,
      claimed: after.claimed,
    });
  }
  await publish(context, event, "pool_fees", address, { token: address, credits, tokenCredits });
});

ponder.on("Launchpad:TokenFeesClaimed", async ({ event, context }) => {
  const { token: address, recipient, amount } = event.args;
  const after = await context.db
    .update(tokenFees, { chainId: context.chain.id, token: address, recipient })
    .set((f) => ({ claimable: f.claimable - amount, claimed: f.claimed + amount }));
  await context.db.insert(feeClaim).values({ ...eventAt(context.chain.id, event), recipient, token: address, amount });
  await publish(context, event, "fees_claimed", address, {
    recipient,
    token: address,
    amount,
    claimable: after.claimable,
    accrued: after.accrued,
    claimed: after.claimed,
  });
});
