/**
 * Writes shared by the handlers: a trade's holder row and trade row (its counters are the pool row's, countTrade),
 * and the fee credits that are not trade shares.
 * Candles are not written here: they are folded from the trade rows in SQL (svc_candle, db/indexed/ranking.ts).
 * Amounts in base units, prices 18-decimal USD per token; see ponder.schema.ts.
 */
import type { Context } from "ponder:registry";
import { fees, holder, trade } from "ponder:schema";
import { type Address, type Hex, zeroAddress } from "viem";

/**
 * A fee credit or claim as published (lib/stream.ts). USDC ones carry the amount only: the event log's sequencer
 * adds the recipient's fees after it (db/events.ts). Launch-token ones carry them (token_fees has every credit).
 */
export type FeeCredit = { recipient: Hex; amount: bigint };
export type FeeState = FeeCredit & { claimable: bigint; accrued: bigint; claimed: bigint };

export type TradeRow = Omit<typeof trade.$inferInsert, "realisedPnl">;

/**
 * Whether a Transfer of a launched token is a curve trade's own token leg, booked by its Trade log instead: a mint to,
 * or a burn from, the account that sent the transaction. The launchpad mints and burns for a trader only in a curve
 * buy or sell (to and from its msg.sender, the Trade's trader); its other mints and burns (graduation) are its own
 * or a V3 pool's. A trade sent through a contract (trader ≠ sender) keeps its leg in the Transfer handler.
 */
export function isCurveLeg(from: Address, to: Address, sender: Address): boolean {
  return (from === zeroAddress && sentBy(to, sender)) || (to === zeroAddress && sentBy(from, sender));
}

/** Whether `account` sent the transaction: a curve trade of such a trader books its own leg (isCurveLeg). */
export const sentBy = (account: Address, sender: Address) => account.toLowerCase() === sender.toLowerCase();

/** A curve trade's token leg as booked by bookTrade: the trader's balance after it and the token's holders count. */
export type BookedLeg = { from: Address; to: Address; value: bigint; balance: bigint; holdersCount: number };

/** What bookHolding needs of a trade. */
type HoldingTrade = Pick<
  TradeRow,
  "chainId" | "token" | "trader" | "isBuy" | "tokenAmount" | "usdcAmount" | "blockNumber"
>;

/**
 * A trade booked in its trader's holder row: the realised PnL (0 for a buy), the trader's balance after it, and the
 * holders it adds to the token's count (1 for a first buy, -1 for a sale of the last tokens; 0 unless it booked its
 * own leg).
 */
export type BookedHolding = { realised: bigint; balance: bigint; holdersDelta: number };

/**
 * Book a trade at average cost in the trader's holder row. The trade's token leg (a mint, a burn or a V3 pool
 * transfer) came earlier in the same call, so the row's balance already includes it, unless `ownLeg` (a curve trade
 * sent by its trader, isCurveLeg): then this books the leg too, in the same holder write, and says how it changed
 * the holders count, which the caller adds to the pool row with countTrade.
 */
export async function bookHolding(context: Context, row: HoldingTrade, ownLeg: boolean): Promise<BookedHolding> {
  const { realised, balance } = await bookCost(context, row, ownLeg);
  const holdersDelta = !ownLeg ? 0 : row.isBuy ? (balance === row.tokenAmount ? 1 : 0) : balance === 0n ? -1 : 0;
  return { realised, balance, holdersDelta };
}

/** The pool row's counters after a trade of `usdcAmount` that changed the holders count by `holdersDelta`. */
export const countTrade = (
  p: { tradeCount: number; volumeUsdc: bigint; holdersCount: number },
  usdcAmount: bigint,
  holdersDelta: number,
) => ({
  tradeCount: p.tradeCount + 1,
  volumeUsdc: p.volumeUsdc + usdcAmount,
  holdersCount: p.holdersCount + holdersDelta,
});

/**
 * Insert a trade booked by bookHolding. With `holdersCount` (the pool row's after the trade), the trade booked its own
 * leg: returns that leg as its Transfer would have published it.
 */
export async function bookTrade(
  context: Context,
  row: TradeRow,
  held: BookedHolding,
  holdersCount: number | null,
): Promise<{ leg: BookedLeg | null }> {
  await context.db.insert(trade).values({ ...row, realisedPnl: held.realised });
  if (holdersCount === null) return { leg: null };
  return {
    leg: {
      from: row.isBuy ? zeroAddress : (row.trader as Address),
      to: row.isBuy ? (row.trader as Address) : zeroAddress,
      value: row.tokenAmount,
      balance: held.balance,
      holdersCount,
    },
  };
}

/**
 * A buy adds what it paid to the trader's cost; a sell removes the cost of what it sold (cost × amount / balance
 * before, rounded down) and realises what it received less that. With `ownLeg` the tokens move here too (see
 * bookHolding). Returns the realised PnL (0 for a buy) and the trader's balance after it.
 *
 * A swap made directly on the V3 pool is the transaction sender's; when its tokens went to someone else, the sender's
 * row (created at zero balance if need be) carries the cost.
 */
async function bookCost(
  context: Context,
  row: HoldingTrade,
  ownLeg: boolean,
): Promise<{ realised: bigint; balance: bigint }> {
  let realised = row.isBuy ? 0n : row.usdcAmount;
  const key = { chainId: row.chainId, token: row.token, address: row.trader };
  const moved = ownLeg ? (row.isBuy ? row.tokenAmount : -row.tokenAmount) : 0n;
  const after = await context.db
    .insert(holder)
    .values({
      ...key,
      balance: moved,
      costBasis: row.isBuy ? row.usdcAmount : 0n,
      realisedPnl: realised,
      updatedBlock: row.blockNumber,
    })
    .onConflictDoUpdate((h) => {
      const balance = h.balance + moved;
      const updatedBlock = ownLeg ? row.blockNumber : h.updatedBlock;
      if (row.isBuy) return { balance, costBasis: h.costBasis + row.usdcAmount, updatedBlock };
      const before = ownLeg ? h.balance : h.balance + row.tokenAmount;
      const sold = (h.costBasis * row.tokenAmount) / before;
      realised = row.usdcAmount - sold;
      return { balance, costBasis: h.costBasis - sold, realisedPnl: h.realisedPnl + realised, updatedBlock };
    });
  return { realised, balance: after.balance };
}

/**
 * Credit `amount` USDC base units that are not a trade's fee share (a graduation's, a pool fee collection's) to
 * `recipient`; pushes the credit onto `credits`.
 */
export async function creditFees(
  context: Context,
  chainId: number,
  recipient: Address,
  amount: bigint,
  credits: FeeCredit[],
) {
  if (amount === 0n) return;
  await context.db
    .insert(fees)
    .values({ chainId, recipient, accrued: amount, claimed: 0n })
    .onConflictDoUpdate((f) => ({ accrued: f.accrued + amount }));
  credits.push({ recipient, amount });
}

/** A trade's fee shares as published: one credit per recipient with a non-zero share. No row is written for them. */
export function tradeCredits(row: TradeRow): FeeCredit[] {
  return (
    [
      [row.protocolRecipient, row.feeProtocol],
      [row.creator, row.feeCreator],
      [row.referral, row.feeReferral],
      [row.builder, row.feeBuilder],
    ] as const
  )
    .filter(([, amount]) => amount > 0n)
    .map(([recipient, amount]) => ({ recipient, amount }));
}

export const logId = (chainId: number, txHash: Hex, logIndex: number) => `${chainId}-${txHash}-${logIndex}`;
