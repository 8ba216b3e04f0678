/**
 * zod schemas of the tip endpoint (REST `tip` and the MCP tool `tip`): send-token's request and response
 * (../wallet/schemas.ts) with a post or a user as the recipient and the recorded tip. Apart from ./schemas.ts because
 * the wallet schemas reach ./schemas.ts (through the users' schemas): in one file they would close an import cycle.
 */
import { z } from "@hono/zod-openapi";
import { hex32, idempotencyKey, text, uuid } from "../../../core/schemas.js";
import { SendTokenRequest, SendTokenResponse } from "../wallet/schemas.js";

export const TipRequest = SendTokenRequest.omit({ to: true, userAddress: true })
  .extend({
    postId: uuid.optional().describe("Tip the author of this post (the tip shows in the post's tips)"),
    to: text(100)
      .min(1)
      .optional()
      .describe("Or tip a user: a user id or a username (with or without @). Give exactly one of postId and to"),
    autoExecute: z
      .boolean()
      .default(false)
      .describe("Default false. True: the service sends it now from your wallet on record"),
    idempotencyKey: idempotencyKey.optional().describe("With autoExecute: a reused key tips once"),
    transactionHash: hex32
      .optional()
      .describe(
        "Record a prepared tip you sent: the hash of its mined transaction (checked: exactly this transfer from your wallet on record)",
      ),
  })
  .openapi("TipRequest");

export const TipRecord = z
  .object({
    id: uuid,
    status: z
      .enum(["pending", "confirmed", "failed"])
      .describe("pending while the service's transaction runs; confirmed: on chain, and counted; failed"),
    created_at: z.string(),
  })
  .openapi("TipRecord");

export const TipResponse = SendTokenResponse.extend({
  post_id: uuid.nullable().describe("The post tipped; null for a tip to a user"),
  tip: TipRecord.nullable().describe(
    "The recorded tip; null while only prepared (send the transaction, then report it with transactionHash)",
  ),
}).openapi("TipResponse");
