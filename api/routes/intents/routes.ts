/**
 * Intent routes: get-intent-status and execute-transaction, the OpenAPI route definitions (schemas in ./schemas.ts,
 * handlers in ./handlers.ts).
 */
import { AUTO_EXECUTE_WAIT_MS } from "../../../core/limits.js";
import { postRoute } from "../common.js";
import {
  ExecuteTransactionRequest,
  ExecuteTransactionResponse,
  GetIntentStatusRequest,
  GetIntentStatusResponse,
} from "./schemas.js";

export const getIntentStatusRoute = postRoute({
  name: "get-intent-status",
  tag: "Transactions",
  summary: "The state of one of your executions",
  description:
    'An intent is one transaction the service executes for you (autoExecute, execute-transaction). It moves pending → signed → broadcast → confirmed | reverted, or to failed (e.g. its simulation reverted), with the decoded reason in errorReason. Only your own intents are found; any other id is 404 "Intent not found".',
  request: GetIntentStatusRequest,
  response: GetIntentStatusResponse,
});

export const executeTransactionRoute = postRoute({
  name: "execute-transaction",
  tag: "Transactions",
  summary: "Send a raw transaction from your custodial wallet",
  description: `Sends {to, value: amount (wei), data} from the wallet on record, through the execution worker (simulated first: a revert broadcasts nothing). Waits up to ${AUTO_EXECUTE_WAIT_MS / 1000} s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)". With dryRun true nothing is sent: simulation says whether it would succeed, its gas estimate and the decoded revert reason. This is the step that deploys a token prepared by create-token-transaction without autoExecute (send its transaction's to and data with amount "0").`,
  request: ExecuteTransactionRequest,
  response: ExecuteTransactionResponse,
});
