// Ponder looks for its config in its root (indexer/); the config itself lives at the repository root.
export { default } from "../ponder.config.js";
