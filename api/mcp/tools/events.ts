/**
 * get_events: the event log since a sequence number (api/services/events.ts), so an assistant can follow a token's
 * latest activity by calling again with `next`. A tool rather than subscribable resources: the Streamable HTTP
 * transport here answers each request and keeps no session open to push resource updates on.
 */
import { z } from "zod";
import { GetEventsRequest, StreamEventSchema } from "../../routes/events/schemas.js";
import { readEventsSince } from "../../services/events.js";
import { defineTool } from "../tool.js";

export const getEventsTool = defineTool({
  name: "get_events",
  title: "Events since a sequence number",
  description:
    "What happened since `since` on the given channels, oldest first: trades, candles, holder balances, graduation, posts, replies and votes of a token (token:<id or address>), new tokens and graduations (tokens), an account's trades and balances (account:<address>), a whole chain (chain:<chainId>), or your notifications, intents and fees (me). Call again with since = next to follow. A `removed` event names (removes) an earlier event a chain reorg undid: drop it.",
  input: GetEventsRequest,
  output: z.object({
    events: z.array(StreamEventSchema),
    next: z.number().int().describe("Pass as since to continue"),
    head: z.number().int().describe("The log's last sequence number"),
    log: z.string().describe("The log's identity: pass it back as log with since = next"),
  }),
  access: "public",
  readOnly: true,
  run: async (ctx, input) => readEventsSince(ctx.deps, ctx.user ?? null, input),
});
