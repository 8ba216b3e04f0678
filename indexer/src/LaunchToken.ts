/**
 * Transfers of every launched token: holder balances and their average cost, each token's holders count, and the
 * transfer rows of transfers between holders. Curve mints and burns and transfers to or from the token's V3 pool are
 * trade legs: their cost is booked from the trade (lib/book.ts).
 */
import { ponder } from "ponder:registry";
import { holder, pool, token, transfer } from "ponder:schema";
import { zeroAddress } from "viem";
import { logId } from "../lib/book.js";
import { publish } from "../lib/stream.js";

/** USDC base units of `value` token wei at an 18-decimal USD price. */
const VALUE_SCALE = 10n ** 30n;

ponder.on("LaunchToken:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  if (from === to || value === 0n) return;
  const chainId = context.chain.id;
  const address = event.log.address;
  const updatedBlock = event.block.number;
  // Between holders (not a trade leg): the pool's price now values it for the recipient.
  let price: bigint | null = null;
  if (from !== zeroAddress && to !== zeroAddress) {
    const row = await context.db.find(pool, { chainId, token: address });
    const v3 = row?.v3Pool?.toLowerCase();
    if (row && from.toLowerCase() !== v3 && to.toLowerCase() !== v3) price = row.price;
  }
  let delta = 0;
  const balances: { address: `0x${string}`; balance: bigint }[] = [];
  if (from !== zeroAddress) {
    const row = await context.db.update(holder, { chainId, token: address, address: from }).set((h) => ({
      balance: h.balance - value,
      costBasis: price === null ? h.costBasis : h.costBasis - (h.costBasis * value) / h.balance,
      updatedBlock,
    }));
    if (row.balance === 0n) delta -= 1;
    balances.push({ address: from, balance: row.balance });
  }
  if (to !== zeroAddress) {
    const cost = price === null ? 0n : (value * price) / VALUE_SCALE;
    const row = await context.db
      .insert(holder)
      .values({ chainId, token: address, address: to, balance: value, costBasis: cost, realisedPnl: 0n, updatedBlock })
      .onConflictDoUpdate((h) => ({ balance: h.balance + value, costBasis: h.costBasis + cost, updatedBlock }));
    if (row.balance === value) delta += 1;
    balances.push({ address: to, balance: row.balance });
  }
  const counted =
    delta !== 0
      ? await context.db.update(token, { chainId, address }).set((t) => ({ holdersCount: t.holdersCount + delta }))
      : await context.db.find(token, { chainId, address });
  await publish(context, event, "transfer", address, {
    token: address,
    from,
    to,
    value,
    balances,
    holdersCount: counted?.holdersCount ?? null,
  });
  if (price !== null) {
    await context.db.insert(transfer).values({
      id: logId(chainId, event.transaction.hash, event.log.logIndex),
      chainId,
      token: address,
      from,
      to,
      value,
      price,
      txHash: event.transaction.hash,
      logIndex: event.log.logIndex,
      blockNumber: event.block.number,
      timestamp: event.block.timestamp,
    });
  }
});
