/**
 * Limits the service keeps and states in its API: the services enforce them, and the request schemas and OpenAPI
 * descriptions of the routes read them from here, so that what the document promises is what the code does.
 */

/** Largest image of a token (logo, banner) sent as a data URI, in bytes of the decoded data (5 MiB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Largest video of a token sent as a data URI, in bytes of the decoded data (20 MiB). */
export const MAX_VIDEO_BYTES = 20 * 1024 * 1024;

/** How long an executing request (autoExecute, execute-transaction) waits for its final state by default, in ms. */
export const AUTO_EXECUTE_WAIT_MS = 10_000;

/**
 * How many times one autoExecute trade request quotes again after its transaction was not sent because the market
 * moved under its quote (api/services/trade.ts tradeToken), and how long it waits before the n-th time (n x this, ms).
 * A key holds at most MAX_TRADE_ATTEMPTS attempts in all (a client sending the key again after a 409 adds attempts).
 */
export const MAX_REQUOTES = 2;
export const REQUOTE_DELAY_MS = 500;
export const MAX_TRADE_ATTEMPTS = 6;

/** Gas limits of prepared trade transactions when eth_estimateGas cannot run (e.g. the approval is not mined yet). */
export const FALLBACK_GAS = {
  approve: 80_000n,
  bondingCurve: 500_000n,
  uniswapV3: 700_000n,
  /** A buy that graduates the token: the seed's buyback, the position mint and the V3 remainder swap (about 1.05M). */
  graduatingBuy: 2_000_000n,
} as const;

/**
 * The one margin on eth_estimateGas, wherever the service turns an estimate into a gas limit: the transactions it
 * prepares for a client to sign, and the ones its worker signs. An estimate holds for the block it was made on; a
 * later block can cost more (a Uniswap V3 swap in a new second writes an oracle observation), and a client signs a
 * prepared transaction later still. Under the spending cap the limit is also the gas reserved at its worst.
 */
export const GAS_MARGIN_PERCENT = 25n;

/** `estimate` plus GAS_MARGIN_PERCENT, rounded down. */
export const withGasMargin = (estimate: bigint) => (estimate * (100n + GAS_MARGIN_PERCENT)) / 100n;

/**
 * Blocks the indexed state of a bonding curve may be behind the chain's head before a quote or a prepared trade reads
 * the pool from the chain instead (api/services/trade.ts currentMarket). Within it the indexer is catching up as usual
 * (it commits a block some tens of milliseconds after it is mined); past it, the index is stalled or far behind, and a
 * bound made on its state would fail on chain.
 */
export const MAX_STATE_LAG_BLOCKS = 3;
