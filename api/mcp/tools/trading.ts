/**
 * Trading and execution tools: quote_trade_token (read-only, anonymous allowed), trade_token, create_token,
 * execute_transaction, claim_fees and get_intent_status. Inputs are the REST schemas of api/routes/trading and
 * api/routes/intents narrowed to the spec's tool form (chainSlug base or base-sepolia, symbol 2–10 characters,
 * direction required) plus `dryRun`; runs are the REST services (which apply the one spending policy of
 * api/services/spending.ts to every execution), with the dry runs of ../safety.ts around them.
 */
import { readFile, stat } from "node:fs/promises";
import { resolve } from "node:path";
import type { Address, Hex } from "viem";
import { z } from "zod";
import { AppError } from "../../../core/errors.js";
import { MAX_IMAGE_BYTES } from "../../../core/limits.js";
import { text } from "../../../core/schemas.js";
import {
  ExecuteTransactionRequest,
  ExecuteTransactionResponse,
  GetIntentStatusRequest,
  GetIntentStatusResponse,
} from "../../routes/intents/schemas.js";
import {
  CreateTokenRequest,
  CreateTokenResponse,
  Quote,
  QuoteTokenRequest,
  TradeTokenRequest,
  TradeTokenResponse,
} from "../../routes/trading/schemas.js";
import { ClaimFeesRequest, ClaimFeesResponse } from "../../routes/wallet/schemas.js";
import { executeTransaction, getIntentStatus, requireWalletOnRecord } from "../../services/auto-execute.js";
import { claimFees } from "../../services/claim-fees.js";
import { createToken } from "../../services/create-token.js";
import { sniff } from "../../services/media.js";
import { prepareTrade, quoteToken, tradeToken } from "../../services/trade.js";
import { simulateSteps, spendPreview } from "../safety.js";
import { defineTool, dryRunField, type McpContext, requireUser, toolChainSlug } from "../tool.js";

const Simulation = z
  .object({
    success: z.boolean().describe("Whether every step would succeed"),
    errorCode: z.string().nullable().describe("INSUFFICIENT_BALANCE or TRANSACTION_FAILED when a step would revert"),
    reason: z.string().nullable().describe("<step>: the decoded revert reason"),
    calls: z.array(
      z.object({
        step: z.string(),
        to: z.string(),
        success: z.boolean(),
        gasUsed: z.string().nullable(),
        returnData: z.string().nullable(),
        errorCode: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .describe("dryRun only: the simulation of every transaction the call would send, in order");

const Spend = z
  .object({
    amountUsd: z.string().describe("USDC this call would spend (counted against the daily cap)"),
    spentTodayUsd: z.string(),
    dailyCapUsd: z.string().nullable().describe("null: no cap"),
    withinCap: z.boolean(),
  })
  .describe("dryRun only: the daily spending cap as it stands");

const dryRunFields = { dryRun: z.boolean(), simulation: Simulation.optional(), spend: Spend.optional() };

// ---------------------------------------------------------------- quote_trade_token

export const quoteTradeTokenTool = defineTool({
  name: "quote_trade_token",
  title: "Quote a trade",
  description:
    "Price a buy or sell without any transaction or gas. direction buy or sell (default sell); amount (default 1) is in units of inputToken: token = whole tokens, usdc = USD. buy+usdc spends `amount` USD, buy+token receives `amount` tokens, sell+token sells `amount` tokens, sell+usdc receives `amount` USD. inputAmount is what you pay (fee included), outputAmount what you receive; protocol says the venue (bonding_curve before graduation, uniswap_v3 after).",
  input: QuoteTokenRequest.extend({ chainSlug: toolChainSlug }),
  output: Quote,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => quoteToken(ctx.deps, body),
});

// ---------------------------------------------------------------- trade_token

export const tradeTokenTool = defineTool({
  name: "trade_token",
  title: "Buy or sell a token",
  description:
    "Buy or sell a token (tokenId from get_tokens/search_token). Give direction and exactly one amount: buyAmountUSD (spend USD), buyAmountToken (receive whole tokens), sellAmountToken (sell whole tokens) or sellAmountUSD (receive USD). Without autoExecute you get the transaction (and any USDC approval to send first) for the wallet to sign, e.g. with execute_transaction. With autoExecute true the service executes it from your wallet on record and answers with the transactionHash (or intentId and status if still running: poll get_intent_status). dryRun true simulates the exact transactions and returns what would happen without sending anything. Executed buys count against your daily spending cap. Quote first with quote_trade_token.",
  input: TradeTokenRequest.omit({ side: true }).extend({
    chainSlug: toolChainSlug,
    direction: z.enum(["buy", "sell"]).describe("buy or sell; must fit the amount field"),
    dryRun: dryRunField,
  }),
  output: TradeTokenResponse.extend({
    inputAmount: z.string().nullable().describe("What you pay, fee included, whole units; null on a replay"),
    outputAmount: z.string().nullable().describe("What you receive, whole units; null on a replay"),
    protocol: z.enum(["bonding_curve", "uniswap_v3"]).nullable(),
    ...dryRunFields,
  }),
  access: "user",
  readOnly: false,
  run: async (ctx, body) => {
    const user = requireUser(ctx);
    if (body.dryRun) {
      if (body.autoExecute) requireWalletOnRecord(user, body.userAddress);
      const trader = (body.userAddress ?? user.walletAddress) as Address;
      const prepared = await prepareTrade(ctx.deps, user, { ...body, userAddress: trader });
      const steps = [
        ...prepared.approvals.map((a) => ({ name: "approval", to: a.to, data: a.data })),
        { name: "trade", to: prepared.transaction.to, data: prepared.transaction.data },
      ];
      return {
        success: true as const,
        ...prepared,
        executed: false,
        transactionHash: null,
        inputAmount: prepared.quote.inputAmount,
        outputAmount: prepared.quote.outputAmount,
        protocol: prepared.quote.protocol,
        dryRun: true,
        simulation: await simulateSteps(ctx, body.chainSlug, trader, steps),
        spend: await spendPreview(
          ctx,
          user,
          body.chainSlug,
          steps.map((s) => ({ to: s.to as Address, data: s.data as Hex })),
        ),
      };
    }
    // tradeToken prepares an execution under the wallet's trade lock, as REST does; a replay sends nothing new.
    const result = await tradeToken(ctx.deps, user, body);
    const quote = "quote" in result ? result.quote : undefined;
    return {
      success: true as const,
      ...result,
      inputAmount: quote?.inputAmount ?? null,
      outputAmount: quote?.outputAmount ?? null,
      protocol: quote?.protocol ?? null,
      dryRun: false,
    };
  },
});

// ---------------------------------------------------------------- create_token

const imageExtensions = /\.(png|jpe?g|gif|webp|svg)$/i;

/**
 * A media field given as a local file path (stdio only: the server runs on the caller's machine) → a data URI the
 * service checks like any other. Over HTTP a path would read the server's files, so it is refused.
 */
async function mediaOfPath(ctx: McpContext, field: string, value: string | undefined): Promise<string | undefined> {
  if (value === undefined || /^(https?:|data:)/i.test(value)) return value;
  if (ctx.transport !== "stdio") {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Invalid ${field}: a file path is accepted over stdio only; over HTTP send an http(s) URL or a data:image/ URI`,
    );
  }
  if (!imageExtensions.test(value)) {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: the file must be a PNG, JPEG, GIF, WEBP or SVG image`);
  }
  const path = resolve(value);
  const size = await stat(path).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: no file at ${value}`);
  if (size > MAX_IMAGE_BYTES) {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: the file is larger than ${MAX_IMAGE_BYTES} bytes`);
  }
  const bytes = await readFile(path);
  const type = sniff(bytes);
  if (!type?.startsWith("image/")) {
    throw new AppError("INVALID_PARAMETERS", `Invalid ${field}: the file is not a PNG, JPEG, GIF, WEBP or SVG image`);
  }
  return `data:${type};base64,${bytes.toString("base64")}`;
}

const imageText =
  "An http(s) URL, a base64 data:image/ URI, or (stdio only) a path to a local PNG, JPEG, GIF, WEBP or SVG file";

export const createTokenTool = defineTool({
  name: "create_token",
  title: "Create a token",
  description:
    "Launch a new token on the bonding-curve launchpad: name, symbol (2-10 characters), description, image and chainSlug are required; banner, video, links, tags (hashtags) and poolType (meme or startup-preseed) are optional. The metadata is stored content-addressed (ipfs://<cid>). Without autoExecute you get the createToken transaction, which your wallet on record must send (use execute_transaction with its to and data and amount \"0\"). With autoExecute true the service deploys it now and answers with the transactionHash. dryRun true records the token's metadata, simulates the deployment and sends nothing. tokenId is the new token's id for the other tools; contractAddress is where it will be (or is) deployed.",
  input: CreateTokenRequest.extend({
    symbol: text(10).min(2).describe("2 to 10 characters"),
    chainSlug: toolChainSlug,
    image: CreateTokenRequest.shape.image.describe(imageText),
    banner: CreateTokenRequest.shape.banner.describe(imageText),
    dryRun: dryRunField,
  }),
  output: CreateTokenResponse.extend({
    tokenId: z.string().describe("The token's id (uuid)"),
    contractAddress: z.string().describe("The token's contract address (CREATE2, known before deployment)"),
    replayed: z.boolean(),
    ...dryRunFields,
  }),
  access: "user",
  readOnly: false,
  run: async (ctx, raw) => {
    const user = requireUser(ctx);
    const body = {
      ...raw,
      image: (await mediaOfPath(ctx, "image", raw.image)) ?? raw.image,
      banner: await mediaOfPath(ctx, "banner", raw.banner),
    };
    if (body.dryRun && body.autoExecute) requireWalletOnRecord(user, body.userAddress);
    const result = await createToken(ctx.deps, user, body.dryRun ? { ...body, autoExecute: false } : body);
    const ids = { tokenId: result.metadata.tokenId, contractAddress: result.metadata.addresses.evm };
    if (!body.dryRun) return { success: true as const, ...result, ...ids, dryRun: false };
    const from = (body.userAddress ?? user.walletAddress) as Address;
    const { to, data } = result.transaction;
    return {
      success: true as const,
      ...result,
      ...ids,
      dryRun: true,
      simulation: await simulateSteps(ctx, body.chainSlug, from, [{ name: "create", to, data }]),
      spend: await spendPreview(ctx, user, body.chainSlug, [{ to: to as Address, data: data as Hex }]),
    };
  },
});

// ---------------------------------------------------------------- execute_transaction

export const executeTransactionTool = defineTool({
  name: "execute_transaction",
  title: "Send a transaction",
  description:
    "Send a transaction from your custodial wallet on record: to (0x address), amount (wei, decimal string; \"0\" for a plain contract call), chainSlug, and optional data (calldata hex). Use it to deploy a token prepared by create_token without autoExecute, or to send the approvals and trades trade_token prepared. The destination must be on your key's allowlist when one is set. What it can move out of your wallet counts against your daily spending cap: USDC transfers and approvals (at their allowance; unlimited ones only to the launchpad or allowlisted spenders), launchpad buys and createToken initial buys, and ether value at a conservative price; calls the policy cannot decode (Multicall3, unknown contracts, other tokens' transfers) are refused unless allowlisted. dryRun true simulates (eth_call and gas estimate) and sends nothing. Reverts answer TRANSACTION_FAILED or INSUFFICIENT_BALANCE with the decoded reason.",
  input: ExecuteTransactionRequest.extend({ chainSlug: toolChainSlug }),
  output: ExecuteTransactionResponse.extend({ spend: Spend.optional() }),
  access: "user",
  readOnly: false,
  run: async (ctx, body) => {
    const user = requireUser(ctx);
    if (!body.dryRun) return { success: true as const, ...(await executeTransaction(ctx.deps, user, body)) };
    const simulated = await executeTransaction(ctx.deps, user, body);
    const step = { to: body.to as Address, data: (body.data ?? "0x") as Hex, value: BigInt(body.amount) };
    return { success: true as const, ...simulated, spend: await spendPreview(ctx, user, body.chainSlug, [step]) };
  },
});

// ---------------------------------------------------------------- claim_fees

export const claimFeesTool = defineTool({
  name: "claim_fees",
  title: "Claim trading fees",
  description:
    "Withdraw the trading fees your wallet on record has earned (creator, referral and builder shares, and the USDC side of collected pool fees, in USDC) on chainSlug. claimable is what the launchpad holds for you now. Without autoExecute you get the claimFees transaction to send; with autoExecute true the service sends it and answers with the transactionHash. Nothing to claim: INSUFFICIENT_BALANCE. dryRun true simulates only. See your claimable fees with get_portfolio.",
  input: ClaimFeesRequest.extend({ chainSlug: toolChainSlug, dryRun: dryRunField }),
  output: ClaimFeesResponse.extend(dryRunFields),
  access: "user",
  readOnly: false,
  run: async (ctx, body) => {
    const user = requireUser(ctx);
    if (!body.dryRun) return { success: true as const, ...(await claimFees(ctx.deps, user, body)), dryRun: false };
    const prepared = await claimFees(ctx.deps, user, { chainSlug: body.chainSlug });
    const { to, data } = prepared.transaction;
    return {
      success: true as const,
      ...prepared,
      dryRun: true,
      simulation: await simulateSteps(ctx, body.chainSlug, user.walletAddress, [{ name: "claim", to, data }]),
    };
  },
});

// ---------------------------------------------------------------- get_intent_status

export const getIntentStatusTool = defineTool({
  name: "get_intent_status",
  title: "Status of an execution",
  description:
    "The state of a transaction the service executes for you (the intentId of an autoExecute trade_token, create_token, claim_fees or of execute_transaction): pending → signed → broadcast → confirmed | reverted, or failed with errorCode and the decoded errorReason. Poll it when a call answered executed false. Only your own intents are found.",
  input: GetIntentStatusRequest,
  output: GetIntentStatusResponse.omit({ success: true }),
  access: "user",
  readOnly: true,
  run: async (ctx, { intentId }) => ({ intent: await getIntentStatus(ctx.deps, requireUser(ctx), intentId) }),
});
