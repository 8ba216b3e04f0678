/** The event log route: get-events. Schemas in ./schemas.ts, handler ./handlers.ts. */
import { postRoute } from "../common.js";
import { GetEventsRequest, GetEventsResponse } from "./schemas.js";

export const getEventsRoute = postRoute({
  name: "get-events",
  tag: "Events",
  summary: "Events since a sequence number",
  description:
    "The event log on the given channels after since, oldest first: what GET /stream (WebSocket or SSE) pushes, for clients that pull. Continue with since = next. Public channels need no credential; me needs one (401 `Channel me requires authentication`). A since past the log's last seq is answered 409 (`since N is ahead of the event log, whose last seq is H: resync, then resume from H`): no event will ever carry it. A since older than the log keeps (EVENT_RETENTION_DAYS) is answered 410 (`since N is older than the event log keeps, which starts at seq O: resync, then resume from H`). A `resync` event (sent on every channel) says a chain restarted: read its state again.",
  request: GetEventsRequest,
  response: GetEventsResponse,
  auth: "optional",
});
