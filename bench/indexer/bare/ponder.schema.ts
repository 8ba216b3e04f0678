/** One counter per event name ("Launchpad:Trade", "LaunchToken:Transfer", …): how many the bare app handled. */
import { onchainTable } from "ponder";

export const eventCount = onchainTable("event_count", (t) => ({
  name: t.text().primaryKey(),
  count: t.integer().notNull(),
}));
