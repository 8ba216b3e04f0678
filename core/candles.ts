/**
 * Candle intervals by the names get-token-candles takes, in seconds. The indexer buckets trades by the same lengths
 * (indexer/lib/book.ts).
 */
export const candleIntervals = { "1m": 60, "5m": 300, "1h": 3600, "1d": 86_400 } as const;
export type CandleInterval = keyof typeof candleIntervals;
