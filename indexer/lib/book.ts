/**
 * Writes shared by the handlers: a trade row with its candles, token counters and fee credits. Amounts in base
 * units, prices 18-decimal USD per token; see ponder.schema.ts.
 */
import type { Context } from "ponder:registry";
import { candle, fees, token, trade } from "ponder:schema";
import type { Address, Hex } from "viem";

/** Candle intervals, in seconds: 1m, 5m, 1h, 1d. */
export const candleIntervals = [60, 300, 3_600, 86_400] as const;

export type TradeRow = typeof trade.$inferInsert;

/** Insert a trade, bump the token's counters and fold the trade into its candles. */
export async function bookTrade(context: Context, row: TradeRow) {
  await context.db.insert(trade).values(row);
  await context.db.update(token, { chainId: row.chainId, address: row.token }).set((t) => ({
    tradeCount: t.tradeCount + 1,
    volumeUsdc: t.volumeUsdc + row.usdcAmount,
  }));
  for (const interval of candleIntervals) {
    const bucket = row.timestamp - (row.timestamp % BigInt(interval));
    await context.db
      .insert(candle)
      .values({
        chainId: row.chainId,
        token: row.token,
        interval,
        bucket,
        open: row.price,
        high: row.price,
        low: row.price,
        close: row.price,
        volumeUsdc: row.usdcAmount,
        volumeToken: row.tokenAmount,
        trades: 1,
      })
      .onConflictDoUpdate((c) => ({
        high: c.high > row.price ? c.high : row.price,
        low: c.low < row.price ? c.low : row.price,
        close: row.price,
        volumeUsdc: c.volumeUsdc + row.usdcAmount,
        volumeToken: c.volumeToken + row.tokenAmount,
        trades: c.trades + 1,
      }));
  }
}

/** Credit `amount` USDC base units to `recipient`'s claimable fees. */
export async function creditFees(context: Context, chainId: number, recipient: Address, amount: bigint) {
  if (amount === 0n) return;
  await context.db
    .insert(fees)
    .values({ chainId, recipient, claimable: amount, accrued: amount, claimed: 0n })
    .onConflictDoUpdate((f) => ({ claimable: f.claimable + amount, accrued: f.accrued + amount }));
}

export const tradeId = (chainId: number, txHash: Hex, logIndex: number) => `${chainId}-${txHash}-${logIndex}`;
