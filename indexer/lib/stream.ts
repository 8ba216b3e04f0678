/**
 * Rows of the stream_event table (ponder.schema.ts): what the event log publishes of a log, with the state it made.
 */
import type { Context } from "ponder:registry";
import { type pool, streamEvent } from "ponder:schema";
import type { Hex } from "viem";
import type { BookedLeg, FeeCredit, TradeRow } from "./book.js";

export type { FeeCredit, FeeState } from "./book.js";

export type LogEvent = {
  block: { number: bigint; hash: Hex; timestamp: bigint };
  log: { logIndex: number };
  transaction: { hash: Hex };
};

/** The pool's state as published with every event that changes it. */
export function poolState(row: typeof pool.$inferSelect) {
  return {
    supply: row.supply,
    reserve: row.reserve,
    price: row.price,
    marketCap: row.marketCap,
    progressBps: row.progressBps,
    graduated: row.graduated,
    v3Pool: row.v3Pool,
  };
}

/** Insert the stream_event row of `event`. Bigints in `data` become decimal strings. */
export async function publish(
  context: Context,
  event: LogEvent,
  kind: string,
  token: Hex | null,
  data: Record<string, unknown>,
) {
  const chainId = context.chain.id;
  await context.db.insert(streamEvent).values({
    id: `${chainId}-${event.block.hash}-${event.log.logIndex}`,
    chainId,
    blockNumber: event.block.number,
    blockHash: event.block.hash,
    logIndex: event.log.logIndex,
    txHash: event.transaction.hash,
    timestamp: event.block.timestamp,
    kind,
    token,
    data: JSON.stringify(data, decimalBigints),
  });
}

/** A JSON.stringify replacer: bigints as decimal strings. */
const decimalBigints = (_key: string, value: unknown) => (typeof value === "bigint" ? value.toString() : value);

/**
 * The stream_event row of a trade (either venue): the trade, the pool after it, its fee shares and, when the trade
 * booked its own token leg (lib/book.ts isCurveLeg), that leg as a transfer row would carry it. Its minute candle is
 * added by the event log's sequencer, folded from the trade rows (db/indexed/events.ts).
 */
export async function publishTrade(
  context: Context,
  event: LogEvent,
  row: TradeRow,
  poolAfter: typeof pool.$inferSelect,
  booked: { leg: BookedLeg | null },
  credits: FeeCredit[],
) {
  const { leg } = booked;
  await publish(context, event, "trade", row.token, {
    token: row.token,
    trader: row.trader,
    side: row.isBuy ? "buy" : "sell",
    mode: row.mode,
    venue: row.venue,
    tokenAmount: row.tokenAmount,
    usdcAmount: row.usdcAmount,
    price: row.price,
    fees: { protocol: row.feeProtocol, creator: row.feeCreator, referral: row.feeReferral, builder: row.feeBuilder },
    builder: row.builder,
    referral: row.referral,
    pool: poolState(poolAfter),
    credits,
    ...(leg
      ? {
          leg: {
            from: leg.from,
            to: leg.to,
            value: leg.value,
            balances: [{ address: row.trader, balance: leg.balance }],
            holdersCount: leg.holdersCount,
          },
        }
      : {}),
  });
}
