/**
 * send-token: a transfer of a launched token or USDC from the caller's wallet to an address, a username or a user
 * id (resolved to the wallet on record), prepared for the wallet to send, or sent by the service (autoExecute)
 * through the intent machinery, so that a request repeated with its idempotency key sends once.
 *
 * Refused before anything is prepared (400): sending to yourself, to the zero address, or more than the wallet holds
 * on chain now (`Insufficient token balance` / `Insufficient USDC balance`). An autoExecuted send counts against the
 * spending policy like any execution (core/spend.ts values the transfer).
 */
import { type Address, encodeFunctionData, erc20Abi, formatUnits, getAddress, zeroAddress } from "viem";
import { AppError } from "../../core/errors.js";
import { publicClientFor } from "../../core/rpc.js";
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
import { deploymentOf } from "./token-market.js";
import { amountToBaseUnits } from "./trade.js";

/** Gas limit of an ERC-20 transfer when eth_estimateGas cannot run. */
export const FALLBACK_TRANSFER_GAS = 80_000n;

export type SendTokenInput = {
  /** An EVM address, a user id, or a username (with or without a leading @). */
  to: string;
  /** The launched token to send; omitted: USDC. */
  tokenId?: string;
  chainSlug: string;
  /** Whole tokens, or USD for USDC. */
  amount: number;
  /** The sending wallet when not executing (default: the wallet on record). */
  userAddress?: string;
  autoExecute?: boolean;
  idempotencyKey?: string;
};

export type Recipient = { address: Address; user_id: string | null; username: string | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The wallet `to` names: an address as given, or the wallet on record of a user id or username. */
export async function resolveRecipient(deps: ApiDeps, to: string): Promise<Recipient> {
  const s = deps.config.appSchema;
  const lookup = async (where: string, value: string) => {
    const { rows } = await deps.db.query<{ id: string; username: string; wallet_address: string }>(
      `SELECT id, username, wallet_address FROM ${s}.users WHERE ${where}`,
      [value],
    );
    const row = rows[0];
    if (!row) throw new AppError("NOT_FOUND", "User not found");
    return { address: getAddress(row.wallet_address), user_id: row.id, username: row.username };
  };
  if (ADDRESS.test(to)) {
    const address = getAddress(to);
    const { rows } = await deps.db.query<{ id: string; username: string }>(
      `SELECT id, username FROM ${s}.users WHERE lower(wallet_address) = lower($1)`,
      [address],
    );
    return { address, user_id: rows[0]?.id ?? null, username: rows[0]?.username ?? null };
  }
  if (UUID.test(to)) return lookup("id = $1", to);
  return lookup("lower(username) = lower($1)", to.replace(/^@/, ""));
}

/** What a transfer of `amount` from `from` sends: the ERC-20, its units and the sender's balance now. */
async function assetOf(deps: ApiDeps, body: SendTokenInput) {
  if (body.tokenId === undefined) {
    const deployment = deps.deployments.get(body.chainSlug);
    if (!deployment) throw new AppError("INVALID_PARAMETERS", `USDC is not available on chain ${body.chainSlug}`);
    return { type: "usdc" as const, address: deployment.contracts.usdc, decimals: 6, symbol: "USDC", tokenId: null };
  }
  const { app, deployment } = await deploymentOf(deps, body.tokenId, body.chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
  return { type: "token" as const, address: deployment.address, decimals: 18, symbol: app.symbol, tokenId: app.id };
}

export async function sendToken(deps: ApiDeps, user: AuthedUser, body: SendTokenInput) {
  if (body.autoExecute) requireWalletOnRecord(user, body.userAddress);
  const from = getAddress(body.userAddress ?? user.walletAddress);
  const rpcUrl = deps.rpcUrls.get(body.chainSlug);
  if (!rpcUrl) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
  const asset = await assetOf(deps, body);
  const amount = amountToBaseUnits(body.amount, asset.decimals, "amount");
  const recipient = await resolveRecipient(deps, body.to);
  if (recipient.address === zeroAddress) throw new AppError("INVALID_PARAMETERS", "Cannot send to the zero address");
  if (recipient.address === from) throw new AppError("INVALID_PARAMETERS", "Cannot send to yourself");

  const data = encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [recipient.address, amount] });
  const deployment = deps.deployments.get(body.chainSlug);
  if (!deployment) throw new AppError("INVALID_PARAMETERS", `Token not available on chain ${body.chainSlug}`);
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
  const txOf = (gas: bigint) => ({
    to: getAddress(asset.address),
    data,
    value: "0",
    gasLimit: gas.toString(),
    chain: deployment.chainSlug,
  });

  const key = body.autoExecute ? newIdempotencyKey(body.idempotencyKey) : undefined;
  const existing = key ? await findIntentByKey(deps, user, key, "send") : undefined;
  if (existing) {
    return {
      ...summary,
      ...(await replayExecution(deps, existing)),
      replayed: true,
      transaction: txOf(FALLBACK_TRANSFER_GAS),
    };
  }

  const client = publicClientFor(rpcUrl);
  const balance = await client
    .readContract({ address: asset.address, abi: erc20Abi, functionName: "balanceOf", args: [from] })
    .catch((error: unknown) => {
      throw new AppError("NETWORK_ERROR", "Could not read the balance: the chain's RPC did not answer", {
        cause: error,
      });
    });
  if (balance < amount) {
    throw new AppError(
      "INSUFFICIENT_BALANCE",
      asset.type === "usdc" ? "Insufficient USDC balance" : "Insufficient token balance",
      { details: { balance: balance.toString(), requested: amount.toString() } },
    );
  }
  const gas = await client
    .estimateGas({ account: from, to: asset.address, data })
    .then((g) => (g * 125n) / 100n)
    .catch(() => FALLBACK_TRANSFER_GAS);
  const transaction = txOf(gas);
  if (!key) return { ...summary, executed: false, transactionHash: null, replayed: false, transaction };
  const rows = await submitSteps(deps, user, {
    chainSlug: deployment.chainSlug,
    chainId: deployment.chainId,
    key,
    steps: [{ name: "send", kind: "transaction", to: asset.address, data }],
  });
  return { ...summary, ...(await settleExecution(deps, rows)), replayed: false, transaction };
}
