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
  GetTransferStatusRequest,
  GetTransferStatusResponse,
  GetUserFeesRequest,
  GetUserFeesResponse,
  SendTokenRequest,
  SendTokenResponse,
  TransferTokenRequest,
  TransferTokenResponse,
} from "./schemas.js";

export const checkTokenOwnershipRoute = postRoute({
  name: "check-token-ownership",
  tag: "Wallet",
  summary: "Whether a wallet holds at least a minimum balance of a token",
  description:
    "From the indexed state: the wallet's balance of the token on the chain (default its home chain), whether it is at least minBalance (whole tokens; default any balance above zero), and the indexed block that is true at; beside it, the wallet's balance on every chain the token is on (balances: home chain first, then the chains it was deployed to) and their sum (total_balance). address defaults to your wallet on record; anonymous callers must give one (400 otherwise). Unknown token: 404; not deployed on the chain: 400 `Token not available on chain <slug>`.",
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
    "Per chain, for your wallet on record, from the indexed state: claimable now, claimed, lifetime, and lifetime by type (creator: your share of the fee of every trade of tokens you created; builder: the shares of trades that named you; referral: the shares of trades of tokens whose creator named you; pool: graduated-pool fees collected for you). Launch tokens credited from pool fees are listed per token.",
  request: GetUserFeesRequest,
  response: GetUserFeesResponse,
});

export const getPortfolioRoute = postRoute({
  name: "get-portfolio",
  tag: "Wallet",
  summary: "A wallet's holdings on every chain, with value, cost basis and PnL, its USDC and its claimable fees",
  description:
    "From the indexed state: every launched token the wallet holds on every chain (largest value first; a token moved to another chain is listed there too, at its home pool's price), valued at the pool's current price, with cost basis and realised and unrealised PnL at average cost (a buy adds what it paid, fee included; a token received by transfer adds its value at the pool's price then; a sale or a transfer out removes cost × amount / balance before; a sale realises what it received less that). totals are over every token, sold-out ones included. usdc_balances is read from each chain now. fees and token_fees are what the wallet can claim. address defaults to your wallet on record; anonymous callers must give one (400 otherwise).",
  request: GetPortfolioRequest,
  response: GetPortfolioResponse,
  auth: "optional",
});

export const getFeeHistoryRoute = postRoute({
  name: "get-fee-history",
  tag: "Wallet",
  summary: "Your fee accruals and claims, newest first",
  description:
    "For your wallet on record, from the indexed logs, newest first with a keyset cursor: accruals (your creator share of every trade of tokens you created, builder shares of trades that named you, referral shares of trades of tokens whose creator named you, and the USDC and launch tokens of your graduated pools' collected fees) and claims (USDC with claimFees, launch tokens with claimTokenFees). chainSlug limits it to one chain (a chain the service does not run: 400 `Fees are not available on chain <slug>`). A cursor of another feed, or not one at all: 400 `Invalid cursor`.",
  request: GetFeeHistoryRequest,
  response: GetFeeHistoryResponse,
});

export const transferTokenRoute = postRoute({
  name: "transfer-token",
  tag: "Wallet",
  summary: "Move a launched token from one chain to another",
  description:
    "A LayerZero OFT send of `amount` whole tokens (at most 6 decimals: tokens travel in 6 decimals) from the token's contract on fromChain (its home chain locks it, another chain burns it) to `to` on toChain (an EVM address, a user id or a username; default your own address there), where it is unlocked or minted. The transaction's value is the LayerZero messaging fee, quoted by the token now (fee). Refused with 400: the same chain twice (`fromChain and toChain must be different chains`), a chain the token is not on (`Token not available on chain <slug>`), more than 6 decimals, the zero address, `Insufficient token balance` (on fromChain now). Without autoExecute: the transaction for the wallet to send; with autoExecute the service sends it from the wallet on record as an intent (a reused idempotencyKey sends once; the spending policy counts the value moved unless it goes to your own address, and the fee). Follow it with get-transfer-status.",
  request: TransferTokenRequest,
  response: TransferTokenResponse,
});

export const getTransferStatusRoute = postRoute({
  name: "get-transfer-status",
  tag: "Wallet",
  summary: "Where a move between chains stands: sent, verified, delivered",
  description:
    "From the indexed state of both chains: the moves a transfer-token transaction sent (transactionHash), or the one with a LayerZero guid. sent: it left the source chain (locked or burned); verified: the destination chain's LayerZero endpoint accepted the packet; delivered: the recipient was credited (unlocked or minted). status is the least advanced of them, or unknown while nothing of it is indexed. Give transactionHash or guid (400 otherwise).",
  request: GetTransferStatusRequest,
  response: GetTransferStatusResponse,
  auth: "optional",
});
