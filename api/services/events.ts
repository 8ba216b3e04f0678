/**
 * Events since a sequence number, for clients that pull (the REST endpoint get-events and the MCP tool get_events)
 * rather than stream: the same channels, keys and event shapes as GET /stream (api/streams/subscribe.ts).
 */
import type { StreamEvent } from "../../core/events.js";
import { readEvents, readLogBounds, readLogId } from "../../db/events.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { checkSinceWithin, keysOf, logChanged, resolveChannels } from "../streams/subscribe.js";

export type ReadEventsSinceParameters = {
  channels: string[];
  since: number;
  limit: number;
  /** The log `since` came from (a previous answer's `log`): another log's seq is refused. */
  log?: string;
};
export type ReadEventsSinceReturnType = {
  events: StreamEvent[];
  /** Where to continue: pass it as `since` next time (it passes events of other channels, never one of yours). */
  next: number;
  /** The last seq of the whole log when read. */
  head: number;
  /** The log's identity: pass it back as `log` with `next`. */
  log: string;
};

export async function readEventsSince(
  deps: ApiDeps,
  user: AuthedUser | null,
  p: ReadEventsSinceParameters,
): Promise<ReadEventsSinceReturnType> {
  const keys = [...keysOf(await resolveChannels(deps, p.channels, user))];
  // The head first: every event up to it is committed, so a short page means nothing of yours up to it is left.
  const [bounds, log] = await Promise.all([
    readLogBounds(deps.db, deps.config.appSchema),
    readLogId(deps.db, deps.config.appSchema),
  ]);
  if (p.log !== undefined && p.log.toLowerCase() !== log) throw logChanged(p.since, p.log, log, bounds.head);
  checkSinceWithin(p.since, bounds);
  const { head } = bounds;
  const rows = await readEvents(deps.db, deps.config.appSchema, {
    after: p.since,
    through: head,
    keys,
    limit: p.limit,
  });
  const events = rows.map((r) => r.event);
  const next = events.length === p.limit ? (events.at(-1)?.seq ?? p.since) : Math.max(head, p.since);
  return { events, next, head, log };
}
