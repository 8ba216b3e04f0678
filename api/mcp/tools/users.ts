/**
 * User and wallet tools: get_me, update_profile and get_user over api/services/profiles.ts, check_token_ownership
 * over api/services/ownership.ts, send_token, get_user_fees, get_fee_history and get_leaderboard, with the REST
 * schemas of api/routes/users and api/routes/wallet.
 */
import {
  GetLeaderboardRequest,
  GetMeRequest,
  GetUserRequest,
  Leaderboard,
  Profile,
  PublicProfile,
  UpdateProfileRequest,
} from "../../routes/users/schemas.js";
import {
  CheckTokenOwnershipRequest,
  FeeHistory,
  GetFeeHistoryRequest,
  GetTransferStatusRequest,
  GetTransferStatusResponse,
  GetUserFeesRequest,
  SendTokenRequest,
  SendTokenResponse,
  TokenOwnership,
  TransferTokenRequest,
  TransferTokenResponse,
  UserFees,
} from "../../routes/wallet/schemas.js";
import { getFeeHistory } from "../../services/activity.js";
import { getLeaderboard } from "../../services/leaderboard.js";
import { checkTokenOwnership } from "../../services/ownership.js";
import { getMe, getUser, updateProfile } from "../../services/profiles.js";
import { sendToken } from "../../services/send.js";
import { getTransferStatus, transferToken } from "../../services/transfer-token.js";
import { getUserFees } from "../../services/user-fees.js";
import { defineTool, requireUser } from "../tool.js";

export const getMeTool = defineTool({
  name: "get_me",
  title: "Your profile",
  description:
    "Your profile: id, username, profile picture, bio, your custodial wallet on record (the wallet trades and claims use), when you joined, your follower and following counts, and whether others see your holdings.",
  input: GetMeRequest,
  output: Profile,
  access: "user",
  readOnly: true,
  run: async (ctx) => getMe(ctx.deps, requireUser(ctx)),
});

export const updateProfileTool = defineTool({
  name: "update_profile",
  title: "Update your profile",
  description:
    "Change your username (3-30 letters, digits or _; unique regardless of case, a taken one is refused), profile picture (an http(s) URL or a data:image/ URI; empty string removes it), bio (at most 500 characters), or show_holdings (whether get_user shows your holdings to others). Give at least one. Returns your profile as it now is.",
  input: UpdateProfileRequest,
  output: Profile,
  access: "user",
  readOnly: false,
  run: async (ctx, body) => updateProfile(ctx.deps, requireUser(ctx), body),
});

export const getUserTool = defineTool({
  name: "get_user",
  title: "A user's public profile",
  description:
    "Someone's public profile by user_id or username (exactly one; usernames match regardless of case): username, picture, bio, wallet, follower and following counts, the tokens they created, their latest posts, and their holdings if they made them public.",
  input: GetUserRequest,
  output: PublicProfile,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getUser(ctx.deps, ctx.user, body),
});

export const checkTokenOwnershipTool = defineTool({
  name: "check_token_ownership",
  title: "Does a wallet hold a token",
  description:
    "Whether a wallet holds at least minBalance whole tokens of a token (tokenId; default: any balance above zero) on a chain (default its home chain), from the indexed state: the balance in token wei and whole tokens, and the block the answer is true at. address defaults to your wallet on record; anonymous callers must give one.",
  input: CheckTokenOwnershipRequest,
  output: TokenOwnership,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => checkTokenOwnership(ctx.deps, ctx.user, body),
});

export const sendTokenTool = defineTool({
  name: "send_token",
  title: "Send a token or USDC",
  description:
    "Send amount of a launched token (tokenId) or USDC (omit tokenId) on chainSlug to `to`: an EVM address, a user id or a username. Sending to yourself, to the zero address, or more than your wallet holds is refused. Without autoExecute you get the transfer transaction to send; with autoExecute true the service sends it from your wallet on record (a reused idempotencyKey sends once) and answers with the transactionHash.",
  input: SendTokenRequest,
  output: SendTokenResponse,
  access: "user",
  readOnly: false,
  run: async (ctx, body) => ({ success: true as const, ...(await sendToken(ctx.deps, requireUser(ctx), body)) }),
});

export const transferTokenTool = defineTool({
  name: "transfer_token",
  title: "Move a token to another chain",
  description:
    "Move amount whole tokens (at most 6 decimals) of a launched token (tokenId) from fromChain to toChain over LayerZero, to `to` (an EVM address, a user id or a username; default your own address on toChain). The token must be on both chains (its home chain, or a chain it was deployed to). The transaction's value is the LayerZero messaging fee (fee.native_fee). Without autoExecute you get the transaction to send; with autoExecute true the service sends it from your wallet on record (a reused idempotencyKey sends once). Follow it with get_transfer_status: sent, verified, delivered.",
  input: TransferTokenRequest,
  output: TransferTokenResponse,
  access: "user",
  readOnly: false,
  run: async (ctx, body) => ({ success: true as const, ...(await transferToken(ctx.deps, requireUser(ctx), body)) }),
});

export const getTransferStatusTool = defineTool({
  name: "get_transfer_status",
  title: "Where a move between chains stands",
  description:
    "Where a transfer_token move stands, by its transactionHash or LayerZero guid: sent (left the source chain), verified (the destination's LayerZero endpoint accepted it), delivered (credited to the recipient), or unknown while nothing of it is indexed.",
  input: GetTransferStatusRequest,
  output: GetTransferStatusResponse,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => ({ success: true as const, ...(await getTransferStatus(ctx.deps, body)) }),
});

export const getUserFeesTool = defineTool({
  name: "get_user_fees",
  title: "Your fees",
  description:
    "The fees your wallet on record has earned, per chain: claimable now (withdraw with claim_fees), claimed, lifetime, and lifetime by type: creator (your share of every trade of tokens you created), builder (shares of trades that named you), referral (shares of trades of tokens whose creator named you), pool (graduated-pool fees). Launch tokens credited from pool fees are listed per token.",
  input: GetUserFeesRequest,
  output: UserFees,
  access: "user",
  readOnly: true,
  run: async (ctx) => getUserFees(ctx.deps, requireUser(ctx)),
});

export const getFeeHistoryTool = defineTool({
  name: "get_fee_history",
  title: "Your fee history",
  description:
    "Your wallet on record's fee accruals (creator, builder and referral shares of trades; graduated-pool fees) and claims, newest first, from the indexed logs. Page with pagination.next_cursor as cursor.",
  input: GetFeeHistoryRequest,
  output: FeeHistory,
  access: "user",
  readOnly: true,
  run: async (ctx, body) => getFeeHistory(ctx.deps, requireUser(ctx), body),
});

export const getLeaderboardTool = defineTool({
  name: "get_leaderboard",
  title: "Leaderboard",
  description:
    "Traders ranked by realised PnL (board pnl, at average cost) or by USDC traded (volume), or creators by fees earned (creator_fees), over 24h, 7d or all time, on every chain the service runs.",
  input: GetLeaderboardRequest,
  output: Leaderboard,
  access: "public",
  readOnly: true,
  run: async (ctx, body) => getLeaderboard(ctx.deps, body),
});
