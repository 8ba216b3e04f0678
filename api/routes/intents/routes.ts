/**
 * Intent routes: get-intent-status and execute-transaction (the REST side of the MCP tools get_intent_status and
 * execute_transaction). Schemas here; handlers in ./handlers.ts.
 */
import { z } from "@hono/zod-openapi";
import { chainSlug, evmAddress, uuid } from "../../../core/schemas.js";
import { AUTO_EXECUTE_WAIT_MS } from "../../services/auto-execute.js";
import { postRoute } from "../common.js";
import { Intent, IntentStatus } from "../trading/routes.js";

export const GetIntentStatusRequest = z.object({ intentId: uuid }).openapi("GetIntentStatusRequest");

export const GetIntentStatusResponse = z
  .object({ success: z.literal(true), intent: Intent })
  .openapi("GetIntentStatusResponse");

export const getIntentStatusRoute = postRoute({
  name: "get-intent-status",
  tag: "Transactions",
  summary: "The state of one of your executions",
  description:
    'An intent is one transaction the service executes for you (autoExecute, execute-transaction). It moves pending → signed → broadcast → confirmed | reverted, or to failed (e.g. its simulation reverted), with the decoded reason in errorReason. Only your own intents are found; any other id is 404 "Intent not found".',
  request: GetIntentStatusRequest,
  response: GetIntentStatusResponse,
});

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
    idempotencyKey: z.string().min(1).max(200).optional().describe("Default a fresh uuid; a reused key executes once"),
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
        gasEstimate: z.string().nullable(),
        errorCode: z.string().nullable().describe("INSUFFICIENT_BALANCE or TRANSACTION_FAILED when it would fail"),
        reason: z.string().nullable().describe("The decoded revert reason"),
      })
      .optional()
      .describe("dryRun only: what would happen"),
  })
  .openapi("ExecuteTransactionResponse");

export const executeTransactionRoute = postRoute({
  name: "execute-transaction",
  tag: "Transactions",
  summary: "Send a raw transaction from your custodial wallet",
  description: `Sends {to, value: amount (wei), data} from the wallet on record, through the execution worker (simulated first: a revert broadcasts nothing). Waits up to ${AUTO_EXECUTE_WAIT_MS / 1000} s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)". With dryRun true nothing is sent: simulation says whether it would succeed, its gas estimate and the decoded revert reason. This is the step that deploys a token prepared by create-token-transaction without autoExecute (send its transaction's to and data with amount "0").`,
  request: ExecuteTransactionRequest,
  response: ExecuteTransactionResponse,
});
