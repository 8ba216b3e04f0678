/**
 * Trading schemas: requests and responses of trade-token, quote-token and create-token-transaction (./routes.ts),
 * and the Intent record they share with the intent routes. The same schemas validate requests, type the handlers
 * and make the OpenAPI document (and the MCP tools' input schemas).
 */
import { z } from "@hono/zod-openapi";
import { chainSlugs, DEFAULT_DESTINATION_CHAINS } from "../../../core/chains.js";
import { MAX_BUILDER_FEE_BPS } from "../../../core/fees.js";
import { AUTO_EXECUTE_WAIT_MS } from "../../../core/limits.js";
import { DEFAULT_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS, QUOTE_MODES } from "../../../core/quote.js";
import {
  chainSlug,
  evmAddress,
  hashtag,
  idempotencyKey,
  positiveAmount,
  text,
  url,
  uuid,
} from "../../../core/schemas.js";
import { launchFeeSchema, mediaText, mediaUri } from "../common-schemas.js";

const direction = z.enum(["buy", "sell"]);
/**
 * A required ChainSlug. core/schemas' error map marks only absent *typed* fields "Required"; an absent enum reports
 * invalid_value instead, so the string check comes first and the enum after it.
 */
/** A chain slug a request must give ("Missing required fields" when absent, the slug list when unknown). */
export const requiredChainSlug = z.string().pipe(chainSlug);

export const Builder = z
  .object({
    address: evmAddress.describe(
      "Receives the builder fee. Must be a builder the launchpad's owner approved (400 otherwise) and not the trader (400)",
    ),
    feeBps: z
      .number()
      .int()
      .min(0)
      .max(MAX_BUILDER_FEE_BPS)
      .describe(
        `Builder fee in bps of the trade's USDC amount, 0–${MAX_BUILDER_FEE_BPS} and at most the builder's approved maximum (400 otherwise); paid out of the protocol's part of the trade fee`,
      ),
  })
  .describe(
    "Builder attribution: paid out of the protocol's part of the launchpad's fee, so the trader pays the same with or without it and the creator's share never shrinks",
  )
  .openapi("Builder");

/** token_referral of trade-token and create-token-transaction. */
const tokenReferral = evmAddress
  .optional()
  .describe(
    "The token's referral. In create-token-transaction: must be a referrer the launchpad's owner approved (400 otherwise) and not the creator (400); it is the token's referral for good and gets 20% of every trade fee of the token, except on its own trades. In trade-token: accepted and ignored, as the launchpad ignores it (only a token's creator names its referral, so nobody can take a token's referral with a trade of their own). Default none",
  );

const TransactionFields = {
  to: z.string(),
  data: z.string(),
  value: z.string().describe("Wei, decimal string"),
  gasLimit: z.string().describe("Decimal string"),
};
export const PreparedTransaction = z
  .object({ ...TransactionFields, chain: z.enum(chainSlugs) })
  .openapi("PreparedTransaction");

export const Quote = z
  .object({
    mode: z.enum(QUOTE_MODES),
    direction,
    protocol: z.enum(["bonding_curve", "uniswap_v3"]),
    isGraduated: z.boolean(),
    graduates: z.boolean().describe("Whether the trade takes the curve to its migration supply (graduating the token)"),
    estimated: z
      .boolean()
      .describe(
        "True for a buy that crosses graduation: its Uniswap V3 remainder is estimated on the position graduation seeds (x·y=k, less the pool fee), since that pool does not exist before the transaction",
      ),
    inputToken: z.enum(["usdc", "token"]),
    outputToken: z.enum(["usdc", "token"]),
    inputAmount: z.string().describe("What the trader pays, launchpad fee included, in whole units (decimal string)"),
    outputAmount: z.string().describe("What the trader receives, fee deducted, in whole units (decimal string)"),
    inputAmountBaseUnits: z.string(),
    outputAmountBaseUnits: z.string(),
    feeTier: z.number().int().nullable().describe("Uniswap V3 fee tier of this (best) result; null on the curve"),
    execution: z
      .object({
        feeTier: z.number().int().nullable(),
        inputAmountBaseUnits: z.string(),
        outputAmountBaseUnits: z.string(),
      })
      .nullable()
      .describe(
        "What the launchpad will actually do: it swaps only in the token's own pool, at its pool type's fee tier; null when that tier has no quote",
      ),
    priceImpact: z
      .number()
      .describe("(average price excluding the launchpad fee − marginal price before) / marginal price; 0.01 = 1%"),
    fee: z.object({
      tradeFeeBps: z.number().int().describe("The pool type's trade fee, bps"),
      feeBps: z
        .number()
        .int()
        .describe(
          "What the curve leg is charged, bps: the launch fee of the block the trade lands in, then tradeFeeBps",
        ),
      amount: z.string().describe("The launchpad's fee in USD (decimal string)"),
      amountBaseUnits: z.string(),
      protocol: z.string(),
      creator: z.string(),
      referral: z.string(),
      builder: z.string(),
      launch: z.string().describe("The part above the trade fee (the launch window), the protocol's, USDC base units"),
      poolFeeTier: z.number().int().nullable().describe("Uniswap V3 pool fee (in its price), hundredths of a bip"),
    }),
    launchFee: launchFeeSchema
      .nullable()
      .describe("The token's launch fee at the time the trade is quoted to land; null for a graduated token"),
    legs: z.array(
      z.object({
        protocol: z.enum(["bonding_curve", "uniswap_v3"]),
        inputAmountBaseUnits: z.string(),
        outputAmountBaseUnits: z.string(),
        feeBaseUnits: z.string(),
        estimated: z.boolean(),
      }),
    ),
    tiers: z
      .array(
        z.object({
          feeTier: z.number().int(),
          ok: z.boolean(),
          inputAmountBaseUnits: z.string().nullable(),
          outputAmountBaseUnits: z.string().nullable(),
        }),
      )
      .describe("Graduated tokens: the QuoterV2 result of every fee tier (100, 500, 3000, 10000)"),
    timestamp: z.string().describe("ISO 8601 time the quote was made"),
    block: z
      .number()
      .int()
      .nullable()
      .describe(
        "Block the quote is valid at: the indexed block (curve; the chain's latest when the index is more than 3 blocks behind) or the block of the eth_call (V3)",
      ),
    stateLagBlocks: z
      .number()
      .int()
      .nullable()
      .describe("How many blocks `block` was behind the chain's head when the quote was made (null when unknown)"),
  })
  .openapi("Quote");

const autoExecuteFields = {
  autoExecute: z
    .boolean()
    .default(false)
    .describe(
      `Default false. True: the service executes with the custodial wallet on record (userAddress must then be absent or equal it) and waits up to ${AUTO_EXECUTE_WAIT_MS / 1000} s for the final state`,
    ),
  idempotencyKey: idempotencyKey
    .optional()
    .describe(
      "With autoExecute: a key of the client's choosing (default a fresh uuid); a request that reuses it executes nothing new and answers the first one's execution",
    ),
};

export const IntentStatus = z.enum(["pending", "signed", "broadcast", "confirmed", "reverted", "failed"]);

export const Intent = z
  .object({
    id: z.string(),
    kind: z.string().describe("create_token, trade, approval or transaction"),
    status: IntentStatus,
    chainSlug: z.string(),
    chainId: z.number().int(),
    from: z.string(),
    to: z.string(),
    value: z.string().describe("Wei, decimal string"),
    afterIntentId: z.string().nullable().describe("The intent that must confirm first (an approval)"),
    transactionHash: z.string().nullable().describe("Known once signed"),
    blockNumber: z.number().int().nullable(),
    gasUsed: z.string().nullable(),
    errorCode: z.string().nullable().describe("INSUFFICIENT_BALANCE, TRANSACTION_FAILED, …"),
    errorReason: z.string().nullable().describe("The decoded revert reason"),
    retryable: z
      .boolean()
      .describe(
        "Failed or reverted because the market moved under it (slippage bound, deadline): sending again may run",
      ),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi("Intent");

export const TradeTokenRequest = z
  .object({
    tokenId: uuid,
    chainSlug: requiredChainSlug,
    direction: direction.optional().describe("buy or sell; optional, must agree with the amount field given"),
    side: direction.optional().describe("Alias of direction"),
    buyAmountUSD: positiveAmount.optional().describe("Buy exact-in: USD (USDC) to spend, fee included"),
    buyAmountToken: positiveAmount.optional().describe("Buy exact-out: whole tokens to receive"),
    sellAmountToken: positiveAmount.optional().describe("Sell exact-in: whole tokens to sell"),
    sellAmountUSD: positiveAmount.optional().describe("Sell exact-out: USD (USDC) to receive, fee deducted"),
    userAddress: evmAddress.optional().describe("The trader (sender); default: the wallet on record"),
    token_referral: tokenReferral,
    builder: Builder.optional(),
    slippageBps: z
      .number()
      .int()
      .min(0)
      .max(MAX_SLIPPAGE_BPS)
      .optional()
      .describe(`Slippage tolerance in bps; default ${DEFAULT_SLIPPAGE_BPS} (1%), 0–${MAX_SLIPPAGE_BPS}`),
    ...autoExecuteFields,
  })
  .openapi("TradeTokenRequest");

const executionFields = {
  executed: z.boolean().describe("True once the service's own execution (autoExecute) is confirmed on chain"),
  transactionHash: z.string().nullable().describe("The executed transaction; null without autoExecute"),
  intentId: z.string().nullable().optional().describe("autoExecute: the intent to poll with get-intent-status"),
  status: IntentStatus.nullable().optional().describe("autoExecute: the intent's status when the answer was made"),
  intents: z.array(Intent).optional().describe("autoExecute: every intent of the request, prerequisites first"),
  replayed: z.boolean().optional().describe("True when an idempotencyKey already used answered this request"),
};

export const TradeTokenResponse = z
  .object({
    success: z.literal(true),
    ...executionFields,
    transaction: PreparedTransaction,
    approvals: z
      .array(PreparedTransaction)
      .optional()
      .describe(
        "Transactions to send first, in order: a USDC approve to the launchpad when the allowance is short (absent on a replayed autoExecute)",
      ),
    quote: Quote.optional().describe("Absent on a replayed autoExecute"),
    requotes: z
      .number()
      .int()
      .optional()
      .describe("autoExecute: times the trade was quoted again because the market moved before it was sent"),
    trade: z
      .object({
        mode: z.enum(QUOTE_MODES),
        userAddress: z.string(),
        amountBaseUnits: z.string(),
        slippageBps: z.number().int(),
        boundBaseUnits: z.string().describe("min out (exact-in, rounded down) or max in (exact-out, rounded up)"),
        deadline: z.number().int().describe("Unix seconds"),
      })
      .optional(),
  })
  .openapi("TradeTokenResponse");

export const QuoteTokenRequest = z
  .object({
    tokenId: uuid,
    chainSlug: requiredChainSlug,
    direction: direction.default("sell"),
    amount: positiveAmount.default(1).describe("In units of inputToken: whole tokens or USD"),
    inputToken: z
      .enum(["token", "usdc"])
      .default("token")
      .describe(
        "The unit of amount. buy+usdc = buy exact-in (spend USD), buy+token = buy exact-out (receive tokens), sell+token = sell exact-in, sell+usdc = sell exact-out (receive USD)",
      ),
  })
  .openapi("QuoteTokenRequest");

export const QuoteTokenResponse = z.object({ success: z.literal(true), quote: Quote }).openapi("QuoteTokenResponse");

export const CreateTokenRequest = z
  .object({
    name: text(64).min(1),
    symbol: text(10).min(1),
    description: text(2000).min(1),
    image: mediaUri("image").describe(mediaText("image")),
    chainSlug: requiredChainSlug,
    banner: mediaUri("image").optional().describe(mediaText("image")),
    video: mediaUri("video").optional().describe(mediaText("video")),
    links: z
      .object({
        website: url.optional(),
        twitter: url.optional(),
        youtube: url.optional(),
        discord: url.optional(),
        telegram: url.optional(),
      })
      .optional(),
    destinationChains: z
      .array(chainSlug)
      .optional()
      .describe(
        `Chains the token is deployed to besides chainSlug (which is excluded), as a LayerZero OFT peer; default ${DEFAULT_DESTINATION_CHAINS.join(", ")}. Each is answered in metadata.deployments: pending (deployed once the token is indexed on its home chain) or not_deployed with the reason`,
      ),
    poolType: z.enum(["meme", "startup-preseed"]).optional().describe("meme (7, default) or startup-preseed (8)"),
    userAddress: evmAddress
      .optional()
      .describe("The creator, who must send the transaction; default the wallet on record"),
    builder: Builder.optional(),
    token_referral: tokenReferral,
    tags: z.array(hashtag).optional().describe("Hashtags, with or without #"),
    type: z.enum(["coin"]).optional().describe('Only "coin"'),
    ...autoExecuteFields,
  })
  .openapi("CreateTokenRequest");

export const CreateTokenResponse = z
  .object({
    success: z.literal(true),
    ...executionFields,
    chainId: z.number().int(),
    transaction: z.object(TransactionFields),
    metadata: z.object({
      tokenUri: z.string(),
      tokenId: z.string(),
      name: z.string(),
      symbol: z.string(),
      slug: z.string(),
      description: z.string(),
      hubUrl: z.string(),
      addresses: z.object({ evm: z.string(), solana: z.string() }),
      token_layer_id: z.string(),
      deployments: z
        .array(
          z.object({
            chain: z.string().describe("A destination ChainSlug"),
            status: z
              .enum(["pending", "deployed", "not_deployed"])
              .describe("pending until the service has deployed the token's peer there"),
            address: z.string().nullable().describe("The token's address there (null where it is not deployed)"),
            reason: z.string().nullable().describe("Why it is not deployed there"),
          }),
        )
        .describe("One entry per destination chain asked for (the home chain excluded), none dropped"),
    }),
  })
  .openapi("CreateTokenResponse");
