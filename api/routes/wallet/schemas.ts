/**
 * zod schemas of the wallet endpoints (check-token-ownership, claim-fees, send-token), shared with the MCP tools. Amounts are exact: token
 * wei as decimal strings next to whole-token numbers.
 */
import { z } from "@hono/zod-openapi";
import {
  chainSlug,
  evmAddress,
  hex32,
  idempotencyKey,
  limit,
  offset,
  positiveAmount,
  text,
  uuid,
} from "../../../core/schemas.js";
import { CursorPagination, cursorParam, Freshness, UsdcAmount } from "../common-schemas.js";
import { Intent, IntentStatus, PreparedTransaction, requiredChainSlug } from "../trading/schemas.js";
import { PortfolioHolding } from "../users/schemas.js";

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
    total_balance: z
      .string()
      .describe(
        "token wei: the wallet's balance on every chain the token is on, summed (tokens on their way between chains are on neither)",
      ),
    balances: z
      .array(z.object({ chain: z.string(), contract_address: z.string(), balance: z.string().describe("token wei") }))
      .describe("The wallet's balance on each chain the token is on: its home chain first, then its peers"),
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

export const GetUserFeesRequest = z.object({}).openapi("GetUserFeesRequest");

export const UserFees = z
  .object({
    address: z.string().describe("Your wallet on record"),
    chains: z.array(
      z.object({
        chain: z.string(),
        claimable: UsdcAmount.describe("Claimable now (claim-fees)"),
        claimed: UsdcAmount,
        lifetime: UsdcAmount.describe("Everything the launchpad credited you"),
        by_type: z
          .object({ creator: UsdcAmount, builder: UsdcAmount, referral: UsdcAmount, pool: UsdcAmount })
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

export const GetPortfolioRequest = z
  .object({
    address: evmAddress.optional().describe("The wallet to show; default your wallet on record"),
    limit: limit(100, 20),
    offset,
  })
  .openapi("GetPortfolioRequest");

export const Portfolio = z
  .object({
    address: z.string(),
    holdings: z.array(PortfolioHolding).describe("Balances above zero, largest value first"),
    page_value_usdc: z.string().describe("Value of the holdings on this page, USDC base units"),
    page_value_usd: z.number(),
    totals: z
      .object({
        value: UsdcAmount,
        cost_basis: UsdcAmount,
        realised_pnl: UsdcAmount.describe("Over every token ever held, sold-out ones included"),
        unrealised_pnl: UsdcAmount,
      })
      .describe("Over every token and chain, not only this page"),
    usdc_balances: z
      .array(
        z.object({
          chain: z.string(),
          balance: UsdcAmount.nullable().describe("null: the chain's RPC did not answer"),
        }),
      )
      .optional()
      .describe("The wallet's USDC on each chain, read from the chain now"),
    fees: z.array(
      z.object({
        chain: z.string(),
        claimable: z.string().describe("USDC base units"),
        claimable_usd: z.number(),
        accrued: z.string(),
        claimed: z.string(),
      }),
    ),
    token_fees: z
      .array(
        z.object({
          chain: z.string(),
          token_id: uuid.nullable(),
          symbol: z.string().nullable(),
          contract_address: z.string(),
          claimable: z.string().describe("token wei"),
          claimable_tokens: z.number(),
          accrued: z.string(),
          claimed: z.string(),
        }),
      )
      .describe(
        "Launch tokens credited from graduated tokens' collected pool fees (creator's and protocol's shares), per token; withdrawn with the launchpad's claimTokenFees(token)",
      ),
    total: z.number().int().describe("Tokens held"),
    pagination: z.object({ limit: z.number().int(), offset: z.number().int(), has_more: z.boolean() }),
  })
  .openapi("Portfolio");

export const GetPortfolioResponse = Portfolio.extend({ success: z.literal(true) }).openapi("GetPortfolioResponse");

export const GetFeeHistoryRequest = z
  .object({
    chainSlug: chainSlug.optional().describe("Default: every chain"),
    limit: limit(100, 20),
    cursor: cursorParam,
  })
  .openapi("GetFeeHistoryRequest");

export const FeeHistoryEntry = z
  .object({
    kind: z.enum(["accrual", "claim"]),
    type: z
      .enum(["creator", "builder", "referral", "pool", "claim"])
      .describe(
        "Accruals: creator, builder or referral share of a trade's fee, or pool (collected graduated-pool fees)",
      ),
    chain: z.string(),
    tx_hash: z.string(),
    block_number: z.number().int(),
    log_index: z.number().int(),
    timestamp: z.string().describe("ISO 8601, the block's time"),
    source: z
      .object({ contract_address: z.string(), token_id: uuid.nullable(), symbol: z.string().nullable() })
      .nullable()
      .describe("The token whose trade or pool paid it (claims of launch tokens: that token; USDC claims: null)"),
    asset: z.enum(["usdc", "token"]).describe("usdc, or the source token (launch tokens from pool fees)"),
    amount: z.string().describe("Base units of the asset"),
    amount_display: z.number().describe("USD for USDC, whole tokens for a token"),
  })
  .openapi("FeeHistoryEntry");

export const FeeHistory = z
  .object({
    address: z.string().describe("Your wallet on record"),
    history: z.array(FeeHistoryEntry).describe("Newest first"),
    pagination: CursorPagination,
  })
  .openapi("FeeHistory");

export const GetFeeHistoryResponse = FeeHistory.extend({ success: z.literal(true) }).openapi("GetFeeHistoryResponse");

export const TransferTokenRequest = z
  .object({
    tokenId: uuid.describe("The launched token to move"),
    fromChain: requiredChainSlug.describe("The chain it leaves: its home chain or a chain it was deployed to"),
    toChain: requiredChainSlug.describe("The chain it goes to: its home chain or a chain it was deployed to"),
    amount: positiveAmount.describe(
      "Whole tokens, at most 6 decimal places (tokens travel between chains in 6 decimals)",
    ),
    to: text(100)
      .min(1)
      .optional()
      .describe("The recipient on toChain: an EVM address, a user id or a username; default the sender's own address"),
    userAddress: evmAddress.optional().describe("The sending wallet; default your wallet on record"),
    autoExecute: z.boolean().default(false).describe("Default false. True: the service sends it now"),
    idempotencyKey: idempotencyKey.optional().describe("With autoExecute: a reused key sends once"),
  })
  .openapi("TransferTokenRequest");

export const TransferTokenResponse = z
  .object({
    success: z.literal(true),
    token_id: uuid,
    symbol: z.string(),
    from_chain: z.string(),
    to_chain: z.string(),
    from: z.string().describe("The sending wallet"),
    recipient: z.object({
      address: z.string(),
      user_id: uuid.nullable().describe("The user whose wallet on record it is, if any"),
      username: z.string().nullable(),
    }),
    amount: z.string().describe("Whole tokens (decimal string)"),
    amountBaseUnits: z.string().describe("token wei"),
    source_contract: z.string().describe("The token's contract on fromChain (the transaction's `to`)"),
    destination_contract: z.string().describe("The token's contract on toChain"),
    fee: z
      .object({
        native_fee: z.string().describe("LayerZero messaging fee in wei of fromChain's native coin: the value"),
        native_fee_ether: z.string(),
      })
      .describe("Quoted by the token's OFT (quoteSend) now"),
    ...executionFields,
    transaction: PreparedTransaction.describe("The OFT send, with the messaging fee as its value"),
  })
  .openapi("TransferTokenResponse");

export const GetTransferStatusRequest = z
  .object({
    transactionHash: hex32.optional().describe("The transfer-token transaction"),
    guid: hex32.optional().describe("Or the move's LayerZero guid"),
  })
  .openapi("GetTransferStatusRequest");

export const TransferStatus = z.enum(["unknown", "sent", "verified", "delivered", "failed"]);

export const GetTransferStatusResponse = z
  .object({
    success: z.literal(true),
    status: TransferStatus.describe(
      "sent: left the source chain (known from the transaction's receipt before it is indexed); verified: the destination's endpoint accepted it; delivered: credited to the recipient; failed: the transaction reverted, nothing moved; unknown: no served chain has the transaction mined, or it moved no launched token",
    ),
    transfers: z.array(
      z.object({
        guid: z.string(),
        status: TransferStatus,
        from_chain: z.string().nullable(),
        to_chain: z.string().nullable(),
        from: z.string().nullable(),
        to: z.string().nullable().describe("Known once delivered"),
        amount: z.string().nullable(),
        amountBaseUnits: z.string().nullable(),
        sent_tx: z.string().nullable(),
        verified_tx: z.string().nullable(),
        delivered_tx: z.string().nullable(),
        sent_at: z.string().nullable(),
        delivered_at: z.string().nullable(),
      }),
    ),
  })
  .openapi("GetTransferStatusResponse");
