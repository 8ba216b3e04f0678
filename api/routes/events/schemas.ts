/** Schemas of get-events (and the MCP tool get_events): the event log read since a sequence number. */
import { z } from "@hono/zod-openapi";
import { channelNameSchema, EVENT_KINDS, MAX_CHANNELS } from "../../../core/events.js";

export const GetEventsRequest = z
  .object({
    channels: z
      .array(channelNameSchema)
      .min(1)
      .max(MAX_CHANNELS)
      .describe(
        "Channels, as streams name them: tokens, token:<id or address>, account:<address>, chain:<chainId>, me (needs a credential)",
      ),
    since: z
      .number()
      .int()
      .min(0)
      .default(0)
      .describe("Events with a sequence number above this (default 0: from the start)"),
    limit: z.number().int().min(1).max(500).default(100).describe("At most this many events (1-500, default 100)"),
    log: z
      .string()
      .uuid()
      .optional()
      .describe(
        "The log since came from (an answer's log): when the log was made again since (a database reset), 409 log_changed instead of another log's events",
      ),
  })
  .openapi("GetEventsRequest");

export const StreamEventSchema = z
  .object({
    seq: z.number().int().describe("The event's place in the log: global, gap-free, increasing"),
    kind: z.enum(EVENT_KINDS),
    chainId: z
      .number()
      .int()
      .nullable()
      .describe("The chain of an event derived from indexed blocks; null for app events"),
    block: z.object({ number: z.number().int(), hash: z.string() }).nullable(),
    removes: z.number().int().nullable().describe("For a removed event: the seq a reorg undid"),
    data: z.record(z.string(), z.unknown()).describe("The kind's fields (see docs/streams.md)"),
    createdAt: z.string().describe("When the event was logged (ISO 8601)"),
  })
  .openapi("StreamEvent");

export const GetEventsResponse = z
  .object({
    success: z.literal(true),
    events: z.array(StreamEventSchema).describe("Oldest first"),
    next: z
      .number()
      .int()
      .describe("Pass as since to continue (it may pass events of other channels, never one of yours)"),
    head: z.number().int().describe("The log's last sequence number when read"),
    log: z.string().describe("The log's identity: pass it back as log with since = next"),
  })
  .openapi("GetEventsResponse");
