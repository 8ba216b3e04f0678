/**
 * The bare app's event counters, and our indexer's own trade table (same columns and indexes): the least an indexer
 * that serves trades writes per trade.
 */

export { trade } from "../../../indexer/ponder.schema.js";
export { eventCount } from "../bare/ponder.schema.js";
