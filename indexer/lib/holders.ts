/**
 * Holder balances and their average cost, for launched tokens on their home chain and their peers elsewhere.
 */
import type { Context } from "ponder:registry";
import { holder, transfer } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import { logId } from "./book.js";
import type { LogEvent } from "./stream.js";

/** USDC base units of `value` token wei at an 18-decimal USD price. */
const VALUE_SCALE = 10n ** 30n;

export type BookedTransfer = {
  /** Change in the number of addresses with a non-zero balance. */
  delta: number;
  balances: { address: Address; balance: bigint }[];
};

/**
 * Moves `value` from `from` to `to` in the holder rows of (chainId, token). A zero address on either side is no
 * holder (a mint, a burn, or the home token's own lock). With a `price` (a move between holders, or between chains),
 * the sender's cost basis drops by the share of the balance that left and the recipient's grows by the value at that
 * price; without one (a trade leg) the trade books the cost (lib/book.ts).
 */
export async function bookTransfer(
  context: Context,
  p: {
    chainId: number;
    token: Address;
    from: Address;
    to: Address;
    value: bigint;
    price: bigint | null;
    block: bigint;
  },
): Promise<BookedTransfer> {
  const { chainId, token, value, price } = p;
  let delta = 0;
  const balances: BookedTransfer["balances"] = [];
  if (p.from !== zeroAddress) {
    const row = await context.db.update(holder, { chainId, token, address: p.from }).set((h) => ({
      balance: h.balance - value,
      costBasis: price === null ? h.costBasis : h.costBasis - (h.costBasis * value) / h.balance,
      updatedBlock: p.block,
    }));
    if (row.balance === 0n) delta -= 1;
    balances.push({ address: p.from, balance: row.balance });
  }
  if (p.to !== zeroAddress) {
    const cost = price === null ? 0n : (value * price) / VALUE_SCALE;
    const row = await context.db
      .insert(holder)
      .values({
        chainId,
        token,
        address: p.to,
        balance: value,
        costBasis: cost,
        realisedPnl: 0n,
        updatedBlock: p.block,
      })
      .onConflictDoUpdate((h) => ({
        balance: h.balance + value,
        costBasis: h.costBasis + cost,
        updatedBlock: p.block,
      }));
    if (row.balance === value) delta += 1;
    balances.push({ address: p.to, balance: row.balance });
  }
  return { delta, balances };
}

/** A transfer between holders, as get-token-activity lists it (the `transfer` table), valued at `price`. */
export async function recordTransfer(
  context: Context,
  event: LogEvent,
  t: { chainId: number; token: Address; from: Address; to: Address; value: bigint; price: bigint },
) {
  await context.db.insert(transfer).values({
    id: logId(t.chainId, event.transaction.hash, event.log.logIndex),
    ...t,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
}
