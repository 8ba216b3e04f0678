/** Trading routes: the OpenAPI route definitions (schemas in ./schemas.ts, handlers in ./handlers.ts). */
import {
  AUTO_EXECUTE_WAIT_MS,
  FALLBACK_GAS,
  GAS_MARGIN_PERCENT,
  MAX_REQUOTES,
  MAX_TRADE_ATTEMPTS,
  REQUOTE_DELAY_MS,
} from "../../../core/limits.js";
import { ALL_TIERS_FAILED, DEADLINE_SECONDS, ESTIMATE_MARGIN_BPS } from "../../../core/quote.js";
import { postRoute } from "../common.js";
import {
  CreateTokenRequest,
  CreateTokenResponse,
  QuoteTokenRequest,
  QuoteTokenResponse,
  TradeTokenRequest,
  TradeTokenResponse,
} from "./schemas.js";

const executionText = `With autoExecute true the answer waits up to ${AUTO_EXECUTE_WAIT_MS / 1000} s: confirmed in time gives executed true and transactionHash; still running gives executed false with intentId and status (poll get-intent-status); a revert or failed simulation is a 400 "INSUFFICIENT_BALANCE: <reason> (intent <id>)" or "TRANSACTION_FAILED: <reason> (intent <id>)" with the decoded revert reason and the intent that failed; where the market moved under a trade (SlippageExceeded, DeadlineExpired) the same answer is a 409 with Retry-After, which a retry may cure.`;

const venueText = `The venue follows the token's graduation state: the bonding curve (exact, from the indexed pool state) before, Uniswap V3 after. Graduated tokens are quoted with QuoterV2 for fee tiers 100, 500, 3000 and 10000 in one Multicall3 aggregate3 call; a failing tier does not fail the quote and the best result is reported, but the launchpad always swaps in the token's own pool at its pool type's fee tier (meme 10000, startup-preseed 3000), so \`quote.execution\` and the slippage bound come from that tier. When no tier can quote: "${ALL_TIERS_FAILED}". The launchpad's trade fee is taken on the USDC side on top of V3. Curve quotes are computed over the indexed pool row; a V3 quote is one eth_call, kept for the indexed block it was made at and shared by concurrent identical requests.`;

export const tradeTokenRoute = postRoute({
  name: "trade-token",
  tag: "Transactions",
  summary: "Prepare a buy or sell transaction",
  description: `Exactly one of buyAmountUSD (buy exact-in), buyAmountToken (buy exact-out), sellAmountToken (sell exact-in) or sellAmountUSD (sell exact-out), as JSON numbers in whole USD or whole tokens (converted exactly; at most 6 decimals for USD and 18 for tokens). The amount field decides the direction; \`direction\` (alias \`side\`) is optional and must agree. ${venueText} A buy that crosses graduation fills the curve and routes the rest through the new pool in the same transaction; its V3 part is an estimate, and the bound gets a further ${ESTIMATE_MARGIN_BPS} bps. Deadline: now + ${DEADLINE_SECONDS / 60} minutes. \`approvals\` lists the USDC approve (for exactly the most the buy can take) when the trader's allowance is short; sells need none. gasLimit: eth_estimateGas + ${GAS_MARGIN_PERCENT}% when possible, else ${FALLBACK_GAS.bondingCurve} (curve), ${FALLBACK_GAS.uniswapV3} (V3), ${FALLBACK_GAS.graduatingBuy} (graduating buy), ${FALLBACK_GAS.approve} (approve). Sells are checked against the trader's indexed balance ("Insufficient token balance"). builder and token_referral are checked against the owner's indexed approvals before anything is sent (400 INVALID_PARAMETERS: not approved, fee above the builder's maximum, or the trader itself); the quote's fee split is the one the launchpad will pay (the token's referral, unpaid on its own trades). ${executionText} With autoExecute the approval (when needed) and the trade are two intents, the trade after the approval. A trade not sent because the market moved under its quote is quoted again on the pool as the chain holds it, at most ${MAX_REQUOTES} times, ${REQUOTE_DELAY_MS} ms × n apart, with the same slippageBps (\`requotes\` counts them); one that reverted on chain is not. Sending the request again with its idempotencyKey after such a 409 quotes the same trade again (up to ${MAX_TRADE_ATTEMPTS} attempts per key).`,
  request: TradeTokenRequest,
  response: TradeTokenResponse,
});

export const quoteTokenRoute = postRoute({
  name: "quote-token",
  tag: "Tokens",
  summary: "Quote a trade (no transaction, no gas)",
  description: `The quote of the MCP tool quote_trade_token. ${venueText}`,
  request: QuoteTokenRequest,
  response: QuoteTokenResponse,
});

export const createTokenRoute = postRoute({
  name: "create-token-transaction",
  tag: "Tokens",
  summary: "Prepare the createToken transaction of a new token",
  description: `Required: name, symbol (1–10 characters), description, image, chainSlug. Records the token (uuid, slug, metadata, hashtags, destination chains), stores its metadata JSON content-addressed (CIDv1, raw codec, sha256; served at /ipfs/<cid>) and returns the launchpad createToken transaction with tokenURI ipfs://<cid>. token_layer_id = keccak256(abi.encode(creator, salt)) with salt = keccak256(uuid); addresses.evm is the CREATE2 address the token will have. The creator (userAddress, default the wallet on record) must send the transaction. builder and token_referral are checked as trade-token checks them (400 before anything is recorded); an approved token_referral becomes the token's permanent referral. Without autoExecute, executed is false and transactionHash null. Deadline: now + 24 hours. ${executionText}`,
  request: CreateTokenRequest,
  response: CreateTokenResponse,
});
