/**
 * Intent schemas: requests and responses of get-intent-status and execute-transaction (./routes.ts; the REST side of
 * the MCP tools get_intent_status and execute_transaction).
 */

import { z } from "@hono/zod-openapi";
import { GAS_MARGIN_PERCENT } from "../../../core/limits.js";
import { chainSlug, evmAddress, idempotencyKey, uuid } from "../../../core/schemas.js";
import { Intent, IntentStatus } from "../trading/schemas.js";

export const GetIntentStatusRequest = z.object({ intentId: uuid }).openapi("GetIntentStatusRequest");

export const GetIntentStatusResponse = z
  .object({ success: z.literal(true), intent: Intent })
  .openapi("GetIntentStatusResponse");

export const ExecuteTransactionRequest = z
  .object({
    to: z.string().pipe(evmAddress).describe("Recipient or contract, 0x address"),
    amount: z
      .string()
      .regex(/^\d{1,78}$/, "must be a decimal string of wei")
      .describe('Value to send, in wei, as a decimal string ("0" for a plain contract call)'),
    chainSlug: z.string().pipe(chainSlug),
    data: z
      .string()
      .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex bytes")
      .optional()
      .describe("Calldata; default 0x"),
    dryRun: z
      .boolean()
      .optional()
      .describe("Default false. True: simulate only (eth_call + eth_estimateGas from your wallet), send nothing"),
    idempotencyKey: idempotencyKey.optional().describe("Default a fresh uuid; a reused key executes once"),
  })
  .openapi("ExecuteTransactionRequest");

export const ExecuteTransactionResponse = z
  .object({
    success: z.literal(true),
    executed: z.boolean(),
    dryRun: z.boolean(),
    transactionHash: z.string().nullable().optional(),
    intentId: z.string().optional(),
    status: IntentStatus.optional(),
    intents: z.array(Intent).optional(),
    transaction: z.object({
      from: z.string(),
      to: z.string(),
      value: z.string().describe("Wei"),
      data: z.string(),
      chain: z.string(),
    }),
    simulation: z
      .object({
        success: z.boolean(),
        returnData: z.string().nullable(),
        gasEstimate: z.string().nullable().describe("eth_estimateGas on the latest block"),
        gasLimit: z
          .string()
          .nullable()
          .describe(
            `The gas limit the service would sign with: the estimate plus ${GAS_MARGIN_PERCENT}% (a later block can cost more)`,
          ),
        errorCode: z.string().nullable().describe("INSUFFICIENT_BALANCE or TRANSACTION_FAILED when it would fail"),
        reason: z.string().nullable().describe("The decoded revert reason"),
      })
      .optional()
      .describe("dryRun only: what would happen"),
  })
  .openapi("ExecuteTransactionResponse");
