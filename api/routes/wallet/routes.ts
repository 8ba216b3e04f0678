/** Wallet route definitions. Schemas in ./schemas.ts, handlers in ./handlers.ts. */
import { postRoute } from "../common.js";
import {
  CheckTokenOwnershipRequest,
  CheckTokenOwnershipResponse,
  ClaimFeesRequest,
  ClaimFeesResponse,
  GetFeeHistoryRequest,
  GetFeeHistoryResponse,
  GetPortfolioRequest,
  GetPortfolioResponse,
  GetUserFeesRequest,
  GetUserFeesResponse,
  SendTokenRequest,
  SendTokenResponse,
} from "./schemas.js";

export const checkTokenOwnershipRoute = postRoute({
  name: "check-token-ownership",
  tag: "Wallet",
  summary: "Whether a wallet holds at least a minimum balance of a token",
  description:
    "From the indexed state: the wallet's balance of the token on the chain (default its home chain), whether it is at least minBalance (whole tokens; default any balance above zero), and the indexed block that is true at. address defaults to your wallet on record; anonymous callers must give one (400 otherwise). Unknown token: 404; not deployed on the chain: 400 `Token not available on chain <slug>`.",
  request: CheckTokenOwnershipRequest,
  response: CheckTokenOwnershipResponse,
  auth: "optional",
});

export const claimFeesRoute = postRoute({
  name: "claim-fees",
  tag: "Wallet",
  summary: "Claim the fees your wallet on record has earned",
  description:
    "The REST twin of the MCP tool claim_fees: the launchpad's claimFees() from your wallet on record on chainSlug, which withdraws every USDC fee share it holds for you (creator, referral and builder shares, and the USDC side of collected pool fees). claimable is read from the launchpad itself. Without autoExecute: the transaction to send; with autoExecute the service sends it (an intent; a reused idempotencyKey claims once). Nothing to claim: 400 `No fees to claim`; a chain without the launchpad: 400 `Fees are not available on chain <slug>`.",
  request: ClaimFeesRequest,
  response: ClaimFeesResponse,
});

export const sendTokenRoute = postRoute({
  name: "send-token",
  tag: "Wallet",
  summary: "Send a launched token or USDC to an address, a username or a user",
  description:
    "A transfer of `amount` (whole tokens, or USD for USDC when tokenId is omitted) on chainSlug to `to`: an EVM address, a user id or a username (resolved to the wallet on record; unknown: 404 `User not found`). Refused with 400: `Cannot send to yourself`, `Cannot send to the zero address`, `Insufficient token balance` / `Insufficient USDC balance` (the wallet's balance on chain now). Without autoExecute: the transaction for the wallet to send; with autoExecute the service sends it from the wallet on record as an intent (a reused idempotencyKey sends once; the spending policy applies).",
  request: SendTokenRequest,
  response: SendTokenResponse,
});

export const getUserFeesRoute = postRoute({
  name: "get-user-fees",
  tag: "Wallet",
  summary: "Your fees: claimable, claimed, lifetime, and lifetime by type",
  description:
    "Per chain, for your wallet on record, from the indexed state: claimable now, claimed, lifetime, and lifetime by type (creator: your share of the fee of every trade of tokens you created; builder and referral: the shares of trades that named you; pool: graduated-pool fees collected for you). Launch tokens credited from pool fees are listed per token.",
  request: GetUserFeesRequest,
  response: GetUserFeesResponse,
});

export const getPortfolioRoute = postRoute({
  name: "get-portfolio",
  tag: "Wallet",
  summary: "A wallet's holdings on every chain, with value, cost basis and PnL, its USDC and its claimable fees",
  description:
    "From the indexed state: every launched token the wallet holds on every chain (largest value first), valued at the pool's current price, with cost basis and realised and unrealised PnL at average cost (a buy adds what it paid, fee included; a token received by transfer adds its value at the pool's price then; a sale or a transfer out removes cost × amount / balance before; a sale realises what it received less that). totals are over every token, sold-out ones included. usdc_balances is read from each chain now. fees and token_fees are what the wallet can claim. address defaults to your wallet on record; anonymous callers must give one (400 otherwise).",
  request: GetPortfolioRequest,
  response: GetPortfolioResponse,
  auth: "optional",
});

export const getFeeHistoryRoute = postRoute({
  name: "get-fee-history",
  tag: "Wallet",
  summary: "Your fee accruals and claims, newest first",
  description:
    "For your wallet on record, from the indexed logs, newest first with a keyset cursor: accruals (your creator share of every trade of tokens you created, builder and referral shares of trades that named you, and the USDC and launch tokens of your graduated pools' collected fees) and claims (USDC with claimFees, launch tokens with claimTokenFees). chainSlug limits it to one chain (a chain the service does not run: 400 `Fees are not available on chain <slug>`). A cursor of another feed, or not one at all: 400 `Invalid cursor`.",
  request: GetFeeHistoryRequest,
  response: GetFeeHistoryResponse,
});
