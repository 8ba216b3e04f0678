/**
 * A handler for each of `names` that only adds one to its event's counter: the least work a handler can do that
 * still writes through Ponder's store. Outside src/, so that Ponder runs it only where an app's handlers call it.
 *
 * The table is imported from the schema file itself rather than "ponder:schema": the repository's type checking
 * resolves "ponder:*" to our indexer (indexer/ponder-env.d.ts), whose contract and event names this app shares.
 */
import { ponder } from "ponder:registry";
import { eventCount } from "./ponder.schema.js";

/** Every event our indexer handles (indexer/src/*.ts) that the bare app counts. */
export const countedEvents = [
  "Launchpad:ProtocolFeeRecipientSet",
  "Launchpad:TokenCreated",
  "Launchpad:Trade",
  "Launchpad:Graduated",
  "Launchpad:FeesClaimed",
  "LaunchToken:Transfer",
  "UniswapV3Pool:Swap",
  "UniswapV3Pool:Mint",
  "UniswapV3Pool:Burn",
] as const;

export function countEvents(names: readonly Parameters<typeof ponder.on>[0][]) {
  for (const name of names) {
    ponder.on(name, async ({ context }) => {
      await context.db
        .insert(eventCount)
        .values({ name, count: 1 })
        .onConflictDoUpdate((row) => ({ count: row.count + 1 }));
    });
  }
}
