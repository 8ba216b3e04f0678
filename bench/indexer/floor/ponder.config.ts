/**
 * The floor app of the indexer benchmark: the bare app's chain, contracts and settings (../bare/ponder.config.ts),
 * with handlers that keep one row per trade (src/trades.ts). Run by bench/indexer/run.ts with `--floor`.
 */
export { default } from "../bare/ponder.config.js";
