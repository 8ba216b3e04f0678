/** Schemas every resource shares: the one error envelope, the freshness of indexed reads, USDC amounts and media fields. */
import { z } from "@hono/zod-openapi";
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES } from "../../core/limits.js";
import { text } from "../../core/schemas.js";

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

/** An exact USDC amount: base units, with its USD number beside it (signed for PnL). */
export const UsdcAmount = z
  .object({ usdc: z.string().describe("USDC base units"), usd: z.number() })
  .openapi("UsdcAmount");

/** A keyset-paged request's cursor: the next_cursor of the page before. */
export const cursorParam = text(200).optional().describe("pagination.next_cursor of the page before");

/** A keyset-paged response's pagination. */
export const CursorPagination = z
  .object({
    limit: z.number().int(),
    has_more: z.boolean(),
    next_cursor: z.string().nullable().describe("Pass as cursor for the next page; null on the last"),
  })
  .openapi("CursorPagination");

export const mediaText = (kind: "image" | "video") =>
  kind === "image"
    ? `An http(s) URL or a base64 data:image/ URI (PNG, JPEG, GIF, WEBP or SVG, checked by magic bytes, at most ${MAX_IMAGE_BYTES / 2 ** 20} MB); data URIs are stored content-addressed and referenced as ipfs://<cid>`
    : `An http(s) URL or a base64 data:video/ URI (MP4 or WebM, checked by magic bytes, at most ${MAX_VIDEO_BYTES / 2 ** 20} MB, within the request body limit)`;

/**
 * A token's image, banner or video: a URL, or a base64 data URI of at most the kind's size (MAX_IMAGE_BYTES,
 * MAX_VIDEO_BYTES), whose characters are 4 per 3 bytes after a prefix ("data:image/svg+xml;base64,") of at most 64.
 */
export const mediaUri = (kind: "image" | "video") =>
  text(64 + 4 * Math.ceil((kind === "image" ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES) / 3)).min(1);

/** A token's launch fee (api/services/trade.ts launchFeeView): what a curve trade pays in the seconds after creation. */
export const launchFeeSchema = z
  .object({
    at: z
      .string()
      .describe(
        "ISO 8601: the time quoted, the earliest the trade's block can have (after the chain's head, not before now)",
      ),
    bpsNow: z.number().int().describe("A curve trade's fee at that time, bps"),
    baseBps: z.number().int().describe("The pool type's trade fee, which the launch fee falls to"),
    startBps: z.number().int().describe("The launch fee at the token's creation, bps"),
    startsAt: z.string().describe("ISO 8601: the token's creation block, when the launch fee starts"),
    endsAt: z.string().describe("ISO 8601: when the launch fee has fallen to the trade fee"),
    active: z.boolean().describe("Whether bpsNow is above the trade fee"),
  })
  .openapi("LaunchFee");
