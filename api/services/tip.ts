/**
 * tip: a transfer of a launched token or USDC from the caller's wallet on record to the author of a post (`postId`)
 * or to a user (`to`: a user id or a username), on send-token's machinery (api/services/send.ts): the same asset,
 * amount and balance checks, prepared for the wallet to send or sent by the service (autoExecute) as an intent, so
 * that a request repeated with its idempotency key tips once.
 *
 * Refused before anything is prepared: neither or both of postId and to (400), an unknown post or user (404), a
 * recipient without a wallet on record (400), tipping yourself (400), more than the wallet holds on chain (400).
 *
 * When a tip counts (db/migrations/016_tips.sql holds the rule, in the tips_count trigger): while its transfer is
 * confirmed on chain. An autoExecuted tip is recorded with its intent and follows it (confirmed when the worker
 * confirms it, even after the request stopped waiting); a prepared tip is recorded when the client reports its
 * mined transaction (`transactionHash`), checked against the receipt. Counting adds the tip to its post's totals
 * and notifies the recipient once.
 */
import { erc20Abi, getAddress, isAddressEqual, parseEventLogs } from "viem";
import { AppError } from "../../core/errors.js";
import { publicClientFor } from "../../core/rpc.js";
import { type IntentRow, intentByTxHash } from "../../db/intents.js";
import {
  insertIntentTip,
  insertReportedTip,
  reportedTip,
  type TipRequest,
  type TipRow,
  type TipStatus,
  tipOfIntent,
} from "../../db/social/tips.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { newIdempotencyKey } from "./auto-execute.js";
import {
  FALLBACK_TRANSFER_GAS,
  resolveRecipient,
  runTransfer,
  type Transfer,
  type TransferAmountInput,
  transferAsset,
  transferTo,
} from "./send.js";
import { readablePost } from "./social/posts.js";
import { iso } from "./social/units.js";

export type TipInput = TransferAmountInput & {
  /** Tip the author of this post; the tip counts on the post. */
  postId?: string;
  /** Or tip a user: a user id, or a username with or without @ (or a user's wallet on record). */
  to?: string;
  autoExecute?: boolean;
  idempotencyKey?: string;
  /** Record a prepared tip the caller sent: the hash of its mined transaction. */
  transactionHash?: string;
};

/** A recorded tip: pending while its intent runs, confirmed (counted) once its transfer is mined, or failed. */
export type TipRecord = { id: string; status: TipStatus; created_at: string };

/** What a tip request names, resolved: its post (if any) and the transfer to the recipient's wallet on record. */
type Tip = { user: AuthedUser; postId: string | null; toUserId: string; transfer: Transfer };

async function resolveTip(deps: ApiDeps, user: AuthedUser, body: TipInput): Promise<Tip> {
  if (body.postId === undefined && body.to === undefined) {
    throw new AppError("INVALID_PARAMETERS", "Missing required fields: postId or to");
  }
  if (body.postId !== undefined && body.to !== undefined) {
    throw new AppError("INVALID_PARAMETERS", "Give exactly one of postId or to");
  }
  if (body.transactionHash !== undefined && body.autoExecute) {
    throw new AppError(
      "INVALID_PARAMETERS",
      "transactionHash records a tip you sent yourself; with autoExecute the service sends it",
    );
  }
  const asset = await transferAsset(deps, body);
  const post = body.postId === undefined ? undefined : await readablePost(deps, user, body.postId);
  const recipient = await resolveRecipient(deps, post?.user_id ?? (body.to as string));
  // Tips go to users (an address that is nobody's wallet on record: use send-token).
  if (recipient.user_id === null) throw new AppError("NOT_FOUND", "User not found");
  if (recipient.user_id === user.id || isAddressEqual(recipient.address, user.walletAddress)) {
    throw new AppError("INVALID_PARAMETERS", "Cannot tip yourself");
  }
  return { user, postId: post?.id ?? null, toUserId: recipient.user_id, transfer: transferTo(asset, recipient) };
}

/** Whether a recorded tip is the one `tip` describes (a reused key or hash must not stand for another tip). */
function sameTip(row: TipRow, tip: Tip): boolean {
  const t = tip.transfer;
  return (
    row.from_user_id === tip.user.id &&
    row.to_user_id === tip.toUserId &&
    row.post_id === tip.postId &&
    row.amount === t.amount.toString() &&
    (row.token_address ?? null) === (t.asset.type === "usdc" ? null : t.asset.address.toLowerCase())
  );
}

const recordOf = (row: TipRow): TipRecord => ({ id: row.id, status: row.status, created_at: iso(row.created_at) });

/** What the tip's row records of it. */
function requestOf(tip: Tip): TipRequest {
  const t = tip.transfer;
  return {
    fromUserId: tip.user.id,
    toUserId: tip.toUserId,
    postId: tip.postId,
    chainId: t.deployment.chainId,
    tokenAddress: t.asset.type === "usdc" ? null : t.asset.address.toLowerCase(),
    tokenId: t.asset.tokenId,
    amount: t.amount,
  };
}

/**
 * Record the tip of `intent`, the intent the service sends the transfer under, with the intent's status and hash
 * (db/social/tips.ts). Once per intent. An intent that is not this transfer (its key was first used for another)
 * records nothing.
 */
async function recordIntentTip(deps: ApiDeps, tip: Tip, intent: IntentRow): Promise<boolean> {
  const t = tip.transfer;
  const isThisTransfer =
    intent.data.toLowerCase() === t.data.toLowerCase() &&
    isAddressEqual(intent.to_address, t.asset.address) &&
    isAddressEqual(intent.from_address, tip.user.walletAddress) &&
    intent.chain_id === t.deployment.chainId;
  if (!isThisTransfer) return false;
  return insertIntentTip(deps.db, deps.config.appSchema, requestOf(tip), intent.id);
}

/**
 * A prepared tip the caller sent, reported by its transaction hash: the receipt must show a successful transaction
 * from the caller's wallet on record with a Transfer of exactly this amount of this asset to the recipient. Sent
 * through the service (execute-transaction), the tip follows that intent; otherwise it is recorded confirmed. A
 * transaction is one tip: reporting it again answers the same tip (`replayed: true`).
 */
async function reportTip(deps: ApiDeps, tip: Tip, hash: `0x${string}`) {
  const t = tip.transfer;
  const s = deps.config.appSchema;
  const chain = t.deployment.chainSlug;
  const receipt = await publicClientFor(t.rpcUrl)
    .getTransactionReceipt({ hash })
    .catch((error: unknown) => {
      const name = (error as { name?: string }).name;
      if (name === "TransactionReceiptNotFoundError") return undefined;
      throw new AppError("NETWORK_ERROR", "Could not read the transaction: the chain's RPC did not answer", {
        cause: error,
      });
    });
  if (!receipt) {
    throw new AppError("INVALID_PARAMETERS", `Transaction ${hash} is not mined on ${chain}: report it once it is`);
  }
  if (receipt.status !== "success") {
    throw new AppError("INVALID_PARAMETERS", `Transaction ${hash} reverted: it sent nothing`);
  }
  const wallet = tip.user.walletAddress;
  const transfers = parseEventLogs({ abi: erc20Abi, eventName: "Transfer", logs: receipt.logs });
  const paid = transfers.some(
    (log) =>
      isAddressEqual(log.address, t.asset.address) &&
      isAddressEqual(log.args.from, wallet) &&
      isAddressEqual(log.args.to, t.recipient.address) &&
      log.args.value === t.amount,
  );
  if (!isAddressEqual(receipt.from, wallet) || !paid) {
    throw new AppError(
      "INVALID_PARAMETERS",
      `Transaction ${hash} is not this tip: it must send ${t.summary.amount} ${t.asset.symbol} from your wallet on record (${getAddress(wallet)}) to ${t.recipient.address}`,
    );
  }

  const intent = await intentByTxHash(deps.db, s, t.deployment.chainId, hash);
  let inserted: boolean;
  if (intent) inserted = await recordIntentTip(deps, tip, intent);
  else inserted = await insertReportedTip(deps.db, s, requestOf(tip), hash);
  const row = intent
    ? await tipOfIntent(deps.db, s, intent.id)
    : await reportedTip(deps.db, s, t.deployment.chainId, hash);
  if (!row || !sameTip(row, tip)) {
    throw new AppError("INVALID_PARAMETERS", `Transaction ${hash} is already recorded as another tip`);
  }
  return {
    ...t.summary,
    executed: true,
    transactionHash: receipt.transactionHash,
    replayed: !inserted,
    transaction: t.transaction(FALLBACK_TRANSFER_GAS),
    tip: recordOf(row),
  };
}

/**
 * tip: prepare the transfer (`tip` null: nothing is recorded until the client reports the mined transaction with
 * `transactionHash`), send it with autoExecute (recorded with its intent; `tip.status` confirmed once it landed), or
 * record a reported one. Amounts as send-token: whole tokens, or USD for USDC.
 */
export async function tipUser(deps: ApiDeps, user: AuthedUser, body: TipInput) {
  const tip = await resolveTip(deps, user, body);
  if (body.transactionHash !== undefined) {
    return { post_id: tip.postId, ...(await reportTip(deps, tip, body.transactionHash as `0x${string}`)) };
  }
  let intentId: string | undefined;
  const result = await runTransfer(deps, user, tip.transfer, {
    from: getAddress(user.walletAddress),
    step: "tip",
    ...(body.autoExecute ? { key: newIdempotencyKey(body.idempotencyKey) } : {}),
    onIntent: async (intent) => {
      intentId = intent.id;
      await recordIntentTip(deps, tip, intent);
    },
  });
  const row = intentId === undefined ? undefined : await tipOfIntent(deps.db, deps.config.appSchema, intentId);
  return { post_id: tip.postId, ...result, tip: row && sameTip(row, tip) ? recordOf(row) : null };
}
