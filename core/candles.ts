/**
 * Candle intervals by the names get-token-candles takes, in seconds. The indexer stores the finest only
 * (indexer/lib/book.ts); the others are rolled up from it when read (db/indexed/market.ts).
 */
export const candleIntervals = { "1m": 60, "5m": 300, "1h": 3600, "1d": 86_400 } as const;
export type CandleInterval = keyof typeof candleIntervals;

/** The one candle interval the indexer stores, in seconds. */
export const STORED_CANDLE_SECONDS = candleIntervals["1m"];
