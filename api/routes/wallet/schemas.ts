/**
 * zod schemas of the wallet endpoints (check-token-ownership, claim-fees, send-token), shared with the MCP tools. Amounts are exact: token
 * wei as decimal strings next to whole-token numbers.
 */
import { z } from "@hono/zod-openapi";
import { chainSlug, evmAddress, idempotencyKey, positiveAmount, text, uuid } from "../../../core/schemas.js";
import { Freshness } from "../common-schemas.js";
import { Intent, IntentStatus, PreparedTransaction, requiredChainSlug } from "../trading/schemas.js";

export const CheckTokenOwnershipRequest = z
  .object({
    tokenId: uuid,
    chainSlug: chainSlug.optional().describe("Default: the token's home chain"),
    address: evmAddress.optional().describe("The wallet to check; default your wallet on record"),
    minBalance: positiveAmount
      .optional()
      .describe("Whole tokens (at most 18 decimals); default: any balance above zero"),
  })
  .openapi("CheckTokenOwnershipRequest");

export const TokenOwnership = z
  .object({
    owns: z.boolean().describe("Whether the balance is at least min_balance"),
    address: z.string(),
    token_id: uuid,
    chain: z.string(),
    contract_address: z.string().nullable().describe("null while the token has no indexed deployment on the chain"),
    balance: z.string().describe("token wei"),
    balance_tokens: z.number(),
    min_balance: z.string().describe("token wei"),
    block: z.number().int().nullable().describe("The indexed block the answer is true at"),
    freshness: Freshness,
  })
  .openapi("TokenOwnership");

export const CheckTokenOwnershipResponse = TokenOwnership.extend({ success: z.literal(true) }).openapi(
  "CheckTokenOwnershipResponse",
);

const executionFields = {
  executed: z.boolean(),
  transactionHash: z.string().nullable(),
  intentId: z.string().optional(),
  status: IntentStatus.optional(),
  intents: z.array(Intent).optional(),
  replayed: z.boolean().optional(),
  transaction: PreparedTransaction,
};

export const ClaimFeesRequest = z
  .object({
    chainSlug: requiredChainSlug,
    autoExecute: z.boolean().default(false).describe("Default false. True: the service sends the claim now"),
    idempotencyKey: idempotencyKey.optional().describe("With autoExecute: a reused key claims once"),
  })
  .openapi("ClaimFeesRequest");

export const ClaimFeesResponse = z
  .object({
    success: z.literal(true),
    claimable: z.string().describe("USDC claimable before this claim, whole USD (decimal string)"),
    claimableBaseUnits: z.string().describe("USDC base units"),
    ...executionFields,
  })
  .openapi("ClaimFeesResponse");

export const SendTokenRequest = z
  .object({
    to: text(100).min(1).describe("The recipient: an EVM address, a user id, or a username (with or without @)"),
    tokenId: uuid.optional().describe("The launched token to send; omit to send USDC"),
    chainSlug: requiredChainSlug,
    amount: positiveAmount.describe("Whole tokens, or USD for USDC (at most 18 or 6 decimals)"),
    userAddress: evmAddress.optional().describe("The sending wallet; default your wallet on record"),
    autoExecute: z.boolean().default(false).describe("Default false. True: the service sends it now"),
    idempotencyKey: idempotencyKey.optional().describe("With autoExecute: a reused key sends once"),
  })
  .openapi("SendTokenRequest");

export const SendTokenResponse = z
  .object({
    success: z.literal(true),
    recipient: z.object({
      address: z.string(),
      user_id: uuid.nullable().describe("The user whose wallet on record it is, if any"),
      username: z.string().nullable(),
    }),
    asset: z.object({
      type: z.enum(["usdc", "token"]),
      token_id: uuid.nullable(),
      symbol: z.string(),
      contract_address: z.string(),
    }),
    amount: z.string().describe("Whole units (decimal string)"),
    amountBaseUnits: z.string(),
    ...executionFields,
  })
  .openapi("SendTokenResponse");

const Usdc = z.object({ usdc: z.string().describe("USDC base units"), usd: z.number() }).openapi("UsdcAmount");

export const GetUserFeesRequest = z.object({}).openapi("GetUserFeesRequest");

export const UserFees = z
  .object({
    address: z.string().describe("Your wallet on record"),
    chains: z.array(
      z.object({
        chain: z.string(),
        claimable: Usdc.describe("Claimable now (claim-fees)"),
        claimed: Usdc,
        lifetime: Usdc.describe("Everything the launchpad credited you"),
        by_type: z
          .object({ creator: Usdc, builder: Usdc, referral: Usdc, pool: Usdc })
          .describe("Lifetime by type: creator, builder and referral shares of trades; pool: graduated-pool fees"),
      }),
    ),
    token_fees: z
      .array(
        z.object({
          token_id: uuid.nullable(),
          symbol: z.string().nullable(),
          chain: z.string(),
          contract_address: z.string(),
          claimable: z.string().describe("token wei"),
          claimable_tokens: z.number(),
          lifetime: z.string().describe("token wei"),
          lifetime_tokens: z.number(),
        }),
      )
      .describe("Launch tokens credited from collected pool fees, per token"),
  })
  .openapi("UserFees");

export const GetUserFeesResponse = UserFees.extend({ success: z.literal(true) }).openapi("GetUserFeesResponse");
