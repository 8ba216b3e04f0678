/**
 * Events of graduated tokens' Uniswap V3 pools: price, tick and liquidity, and swaps made directly on the pool
 * (swaps through the launchpad are booked from its Trade event instead). Events a pool emitted before its
 * Graduated event (its creation, or an early pool's history) are skipped: Graduated carries the state they made.
 */
import { ponder } from "ponder:registry";
import { launchpad, pool, v3Pool } from "ponder:schema";
import { marketCapAt, priceFromSqrt } from "../../core/curve.js";
import { bookHolding, bookTrade, countTrade, logId } from "../lib/book.js";
import { publishTrade } from "../lib/stream.js";

ponder.on("UniswapV3Pool:Swap", async ({ event, context }) => {
  const chainId = context.chain.id;
  const link = await context.db.find(v3Pool, { chainId, address: event.log.address });
  if (!link) return;
  const { sender, amount0, amount1, sqrtPriceX96, liquidity, tick } = event.args;
  const price = priceFromSqrt(sqrtPriceX96, link.usdcIsToken0);
  // A swap the launchpad made is booked from its Trade event (counters included); only direct swaps are trades here.
  const meta = await context.db.find(launchpad, { chainId });
  const direct = !meta || sender.toLowerCase() !== meta.address.toLowerCase();
  const [usdcDelta, tokenDelta] = link.usdcIsToken0 ? [amount0, amount1] : [amount1, amount0];
  const isBuy = usdcDelta > 0n;
  const abs = (x: bigint) => (x < 0n ? -x : x);
  const row = await context.db.update(pool, { chainId, token: link.token }).set((p) => ({
    sqrtPriceX96,
    tick,
    liquidity,
    price,
    marketCap: marketCapAt(price, p.supply),
    // Its token leg, a transfer from or to the pool, counted any holder it added or removed.
    ...(direct ? countTrade(p, abs(usdcDelta), 0) : {}),
    updatedBlock: event.block.number,
    updatedBlockHash: event.block.hash,
    updatedAt: event.block.timestamp,
  }));
  if (!direct) return;
  const tradeRow = {
    id: logId(chainId, event.transaction.hash, event.log.logIndex),
    chainId,
    token: link.token,
    trader: event.transaction.from,
    mode: isBuy ? "dex_buy" : "dex_sell",
    isBuy,
    venue: "uniswap_v3",
    tokenAmount: abs(tokenDelta),
    usdcAmount: abs(usdcDelta),
    price,
    feeProtocol: 0n,
    feeCreator: 0n,
    feeReferral: 0n,
    feeBuilder: 0n,
    feeLaunch: 0n,
    builder: "0x0000000000000000000000000000000000000000",
    builderFeeBps: 0,
    referral: "0x0000000000000000000000000000000000000000",
    // A direct swap pays the pool's LP fee only: no launchpad fee shares.
    creator: row.creator,
    protocolRecipient: "0x0000000000000000000000000000000000000000",
    supplyAfter: row.supply,
    reserveAfter: 0n,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  } as const;
  const held = await bookHolding(context, tradeRow, false);
  await publishTrade(context, event, tradeRow, row, await bookTrade(context, tradeRow, held, null), []);
});

async function liquidityChange(
  context: Parameters<Parameters<typeof ponder.on<"UniswapV3Pool:Mint">>[1]>[0]["context"],
  poolAddress: `0x${string}`,
  block: { number: bigint; hash: `0x${string}`; timestamp: bigint },
  tickLower: number,
  tickUpper: number,
  delta: bigint,
) {
  const chainId = context.chain.id;
  const link = await context.db.find(v3Pool, { chainId, address: poolAddress });
  if (!link) return;
  // Only positions whose range holds the current tick change the pool's active liquidity (and so the row).
  await context.db.update(pool, { chainId, token: link.token }).set((p) => {
    const inRange = p.tick !== null && tickLower <= p.tick && p.tick < tickUpper;
    return inRange
      ? {
          liquidity: (p.liquidity ?? 0n) + delta,
          updatedBlock: block.number,
          updatedBlockHash: block.hash,
          updatedAt: block.timestamp,
        }
      : {};
  });
}

ponder.on("UniswapV3Pool:Mint", async ({ event, context }) => {
  const { tickLower, tickUpper, amount } = event.args;
  await liquidityChange(context, event.log.address, event.block, tickLower, tickUpper, amount);
});

ponder.on("UniswapV3Pool:Burn", async ({ event, context }) => {
  const { tickLower, tickUpper, amount } = event.args;
  await liquidityChange(context, event.log.address, event.block, tickLower, tickUpper, -amount);
});
