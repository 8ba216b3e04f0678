/** Schemas every resource shares: the one error envelope and the freshness of indexed reads. */
import { z } from "@hono/zod-openapi";

export const ErrorEnvelope = z
  .object({ success: z.literal(false), error: z.string() })
  .openapi("Error", { example: { success: false, error: "Token not found" } });

export const Freshness = z
  .object({
    indexed_block: z.number().int().nullable().describe("Last block the indexer has processed"),
    chain_head: z.number().int().nullable().describe("Latest block of the chain, as last polled"),
    chain: z.string(),
  })
  .openapi("Freshness");
