/**
 * send-token: a transfer of a launched token or USDC from the caller's wallet to an address, a username or a user
 * id (resolved to the wallet on record), prepared for the wallet to send, or sent by the service (autoExecute)
 * through the intent machinery, so that a request repeated with its idempotency key sends once.
 *
 * Refused before anything is prepared (400): sending to yourself, to the zero address, or more than the wallet holds
 * on chain now (`Insufficient token balance` / `Insufficient USDC balance`). An autoExecuted send counts against the
 * spending policy like any execution (core/spend.ts values the transfer).
 *
 * The pieces of a transfer (transferAsset, transferTo, runTransfer) also carry tips (api/services/tip.ts).
 */

import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress, isAddress, zeroAddress } from "viem";
import { AppError } from "../../core/errors.js";
import { withGasMargin } from "../../core/limits.js";
import { publicClientFor } from "../../core/rpc.js";
import { amountToBaseUnits } from "../../core/trade.js";
import type { IntentRow } from "../../db/intents.js";
import { type RecipientRow, readRecipient } from "../../db/users.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import {
  findIntentByKey,
  newIdempotencyKey,
  replayExecution,
  requireWalletOnRecord,
  settleExecution,
  submitSteps,
} from "./auto-execute.js";
import { indexedTokenOf } from "./tokens/market.js";

/** Gas limit of an ERC-20 transfer when eth_estimateGas cannot run. */
export const FALLBACK_TRANSFER_GAS = 80_000n;

/** What is sent, and how much: a launched token (`tokenId`) or USDC (no tokenId) on a chain. */
export type TransferAmountInput = {
  /** The launched token to send; omitted: USDC. */
  tokenId?: string;
  chainSlug: string;
  /** Whole tokens, or USD for USDC. */
  amount: number;
};

export type SendTokenInput = TransferAmountInput & {
  /** An EVM address, a user id, or a username (with or without a leading @). */
  to: string;
  /** The sending wallet when not executing (default: the wallet on record). */
  userAddress?: string;
  autoExecute?: boolean;
  idempotencyKey?: string;
};

export type Recipient = { address: Address; user_id: string | null; username: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The wallet `to` names: an address as given, or the wallet on record of a user id or username. A user whose
 * wallet on record is missing (not an address) cannot receive anything: 400, never a transfer to nowhere.
 */
export async function resolveRecipient(deps: ApiDeps, to: string): Promise<Recipient> {
  const s = deps.config.appSchema;
  const named = (row: RecipientRow | undefined) => {
    if (!row) throw new AppError("NOT_FOUND", "User not found");
    if (!row.wallet_address || !isAddress(row.wallet_address, { strict: false })) {
      throw new AppError("INVALID_PARAMETERS", `User ${row.username} has no wallet on record to receive it`);
    }
    return { address: getAddress(row.wallet_address), user_id: row.id, username: row.username };
  };
  if (ADDRESS.test(to)) {
    const address = getAddress(to);
    const user = await readRecipient(deps.db, s, { wallet: address });
    return { address, user_id: user?.id ?? null, username: user?.username ?? null };
  }
  if (UUID.test(to)) return named(await readRecipient(deps.db, s, { id: to }));
  return named(await readRecipient(deps.db, s, { username: to.replace(/^@/, "") }));
}

/** The ERC-20 a transfer request names: the launched token's deployment on the chain, or the chain's USDC. */
async function assetOf(deps: ApiDeps, body: TransferAmountInput) {
  if (body.tokenId === undefined) {
    const deployment = deps.deployments.get(body.chainSlug);
    if (!deployment) throw new AppError("INVALID_PARAMETERS", `USDC is not available on chain ${body.chainSlug}`);
    return { type: "usdc" as const, address: deployment.contracts.usdc, decimals: 6, symbol: "USDC", tokenId: null };
  }
  const { app, deployment } = await indexedTokenOf(deps, body.tokenId, body.chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
  return { type: "token" as const, address: deployment.address, decimals: 18, symbol: app.symbol, tokenId: app.id };
}

export type TransferAsset = Awaited<ReturnType<typeof transferAsset>>;

/**
 * The asset, the exact amount (base units: 6 decimals for USDC, 18 for a launched token; more decimals than that
 * is a 400, never rounded) and the chain of a transfer request.
 */
export async function transferAsset(deps: ApiDeps, body: TransferAmountInput) {
  const notAvailable = () => new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
  const rpcUrl = deps.rpcUrls.get(body.chainSlug);
  if (!rpcUrl) throw notAvailable();
  const asset = await assetOf(deps, body);
  const deployment = deps.deployments.get(body.chainSlug);
  if (!deployment) throw notAvailable();
  return { asset, amount: amountToBaseUnits(body.amount, asset.decimals, "amount"), deployment, rpcUrl };
}

export type Transfer = ReturnType<typeof transferTo>;

/** The ERC-20 `transfer` of `a` to `recipient`: its calldata, the summary a response shows, and the transaction. */
export function transferTo(a: TransferAsset, recipient: Recipient) {
  const { asset, amount, deployment } = a;
  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient.address, amount] });
  const summary = {
    recipient,
    asset: {
      type: asset.type,
      token_id: asset.tokenId,
      symbol: asset.symbol,
      contract_address: getAddress(asset.address),
    },
    amount: formatUnits(amount, asset.decimals),
    amountBaseUnits: amount.toString(),
  };
  /** The transaction for the wallet to send, at `gas`. */
  const transaction = (gas: bigint) => ({
    to: getAddress(asset.address),
    data,
    value: "0",
    gasLimit: gas.toString(),
    chain: deployment.chainSlug,
  });
  return { ...a, recipient, data, summary, transaction };
}

export type RunTransferParameters = {
  /** The sending wallet. */
  from: Address;
  /** autoExecute: the idempotency key the service sends under; none: the transfer is only prepared. */
  key?: string;
  /** The step name inside the idempotency key ("send", "tip"): a send and a tip under one key are two requests. */
  step: string;
  /**
   * Called with the transfer's intent once it is recorded, before waiting for it (and on every replay), so a
   * record that follows the intent (a tip) exists even when the transaction outlasts the wait.
   */
  onIntent?: (intent: IntentRow) => Promise<void>;
};

/**
 * Prepare `t`, or send it from the wallet on record under `p.key` (once per key: a reused key answers the first
 * execution, `replayed: true`). Before preparing or sending, the sender's balance is read on chain: more than it
 * holds is a 400.
 */
export async function runTransfer(deps: ApiDeps, user: AuthedUser, t: Transfer, p: RunTransferParameters) {
  const existing = p.key ? await findIntentByKey(deps, user, p.key, p.step) : undefined;
  if (existing) {
    await p.onIntent?.(existing);
    return {
      ...t.summary,
      ...(await replayExecution(deps, existing)),
      replayed: true,
      transaction: t.transaction(FALLBACK_TRANSFER_GAS),
    };
  }

  const client = publicClientFor(t.rpcUrl);
  const balance = await client
    .readContract({ address: t.asset.address, abi: erc20Abi, functionName: "balanceOf", args: [p.from] })
    .catch((error: unknown) => {
      throw new AppError("NETWORK_ERROR", "Could not read the balance: the chain's RPC did not answer", {
        cause: error,
      });
    });
  if (balance < t.amount) {
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      t.asset.type === "usdc" ? "Insufficient USDC balance" : "Insufficient token balance",
      { details: { balance: balance.toString(), requested: t.amount.toString() } },
    );
  }
  const gas = await client
    .estimateGas({ account: p.from, to: t.asset.address, data: t.data })
    .then(withGasMargin)
    .catch(() => FALLBACK_TRANSFER_GAS);
  const transaction = t.transaction(gas);
  if (!p.key) return { ...t.summary, executed: false, transactionHash: null, replayed: false, transaction };
  const rows = await submitSteps(deps, user, {
    chainSlug: t.deployment.chainSlug,
    chainId: t.deployment.chainId,
    key: p.key,
    steps: [{ name: p.step, kind: "transaction", to: t.asset.address, data: t.data, gas }],
  });
  const last = rows[rows.length - 1];
  if (last) await p.onIntent?.(last);
  return { ...t.summary, ...(await settleExecution(deps, rows)), replayed: false, transaction };
}

export async function sendToken(deps: ApiDeps, user: AuthedUser, body: SendTokenInput) {
  if (body.autoExecute) requireWalletOnRecord(user, body.userAddress);
  const from = getAddress(body.userAddress ?? user.walletAddress);
  const asset = await transferAsset(deps, body);
  const recipient = await resolveRecipient(deps, body.to);
  if (recipient.address === zeroAddress) throw new AppError("INVALID_PARAMETERS", "Cannot send to the zero address");
  if (recipient.address === from) throw new AppError("INVALID_PARAMETERS", "Cannot send to yourself");
  return runTransfer(deps, user, transferTo(asset, recipient), {
    from,
    step: "send",
    ...(body.autoExecute ? { key: newIdempotencyKey(body.idempotencyKey) } : {}),
  });
}
