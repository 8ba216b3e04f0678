/**
 * transfer-token: moves a launched token from one chain to another (a LayerZero OFT send from the token's contract
 * on the source chain: its home LaunchToken, which locks it, or a peer, which burns it), to the sender's own address
 * there or to another address, a user id or a username. Prepared for the wallet to send (the transaction's value is
 * the LayerZero messaging fee, quoted by the token itself), or sent by the service (autoExecute) through the intent
 * machinery, once per idempotency key. get-transfer-status follows the move: sent, verified, delivered.
 *
 * Refused before anything is prepared (400): the same chain twice; a chain the token is not on (`Token not
 * available on chain <slug>`); an amount with more than 6 decimals (tokens travel in 6 shared decimals, and the dust
 * below them would stay behind: refused rather than rounded); sending to the zero address; more than the wallet
 * holds on the source chain (`Insufficient token balance`). Under autoExecute the spending policy counts the value
 * moved unless it goes to the wallet's own address (core/spend.ts), and the messaging fee as ether.
 */

import {
  type Address,
  encodeFunctionData,
  formatEther,
  formatUnits,
  getAddress,
  type Hex,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { launchTokenAbi } from "../../abis/index.js";
import { allEnded } from "../../core/all-ended.js";
import { type ChainSlug, slugOfChainId } from "../../core/chains.js";
import { AppError } from "../../core/errors.js";
import { addressToBytes32, chainIdOfEid, lzReceiveOption, OFT_RECEIVE_GAS } from "../../core/layerzero.js";
import { withGasMargin } from "../../core/limits.js";
import { publicClientFor } from "../../core/rpc.js";
import { amountToBaseUnits, TOO_MANY_DECIMALS } from "../../core/trade.js";
import {
  type IndexedOftTransfer,
  readIndexedPeers,
  readLaunchedTokenAddresses,
  readOftTransfers,
} from "../../db/indexed/peers.js";
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
import { type Recipient, resolveRecipient } from "./send.js";
import { getAppTokenWithIndexed } from "./tokens/lookup.js";

/** Gas limit of an OFT send when eth_estimateGas cannot run. */
export const FALLBACK_OFT_SEND_GAS = 400_000n;
/** Tokens travel between chains in 6 shared decimals (LayerZero's OFT default). */
const SHARED_DECIMALS = 6;
const DUST = 10n ** BigInt(18 - SHARED_DECIMALS);

export type TransferTokenInput = {
  tokenId: string;
  fromChain: ChainSlug;
  toChain: ChainSlug;
  /** Whole tokens, at most 6 decimals. */
  amount: number;
  /** An EVM address, a user id or a username; default the sender's own address on toChain. */
  to?: string;
  userAddress?: string;
  autoExecute?: boolean;
  idempotencyKey?: string;
};

/** Where the token stands on each chain: its home LaunchToken, or its peers, by chain slug. */
async function contractsOf(deps: ApiDeps, tokenId: string) {
  const { app, indexed } = await getAppTokenWithIndexed(deps, tokenId);
  const peers = await readIndexedPeers(deps.db, deps.config, indexed);
  const bySlug = new Map<string, Address>();
  for (const t of indexed) bySlug.set(t.chainSlug, getAddress(t.address));
  for (const p of peers) {
    const slug = slugOfChainId(p.chainId);
    if (slug && !bySlug.has(slug)) bySlug.set(slug, getAddress(p.address));
  }
  return { app, bySlug };
}

export async function transferToken(deps: ApiDeps, user: AuthedUser, body: TransferTokenInput) {
  if (body.autoExecute) requireWalletOnRecord(user, body.userAddress);
  const from = getAddress(body.userAddress ?? user.walletAddress);
  if (body.fromChain === body.toChain) {
    throw new AppError("INVALID_PARAMETERS", "fromChain and toChain must be different chains");
  }
  const { app, bySlug } = await contractsOf(deps, body.tokenId);
  const notAvailable = (slug: string) => new AppError("INVALID_PARAMETERS", `Token not available on chain ${slug}`);
  const source = bySlug.get(body.fromChain);
  const srcDeployment = deps.deployments.get(body.fromChain);
  const rpcUrl = deps.rpcUrls.get(body.fromChain);
  if (!source || !srcDeployment || !rpcUrl) throw notAvailable(body.fromChain);
  const destination = bySlug.get(body.toChain);
  const dstDeployment = deps.deployments.get(body.toChain);
  if (!destination || !dstDeployment) throw notAvailable(body.toChain);

  let amount: bigint;
  try {
    amount = amountToBaseUnits(body.amount, SHARED_DECIMALS, "amount") * DUST;
  } catch (error) {
    if (error instanceof AppError && error.details.reason === TOO_MANY_DECIMALS) {
      throw new AppError(
        "INVALID_PARAMETERS",
        "Invalid amount: tokens move between chains in 6 decimals (at most 6 decimal places)",
      );
    }
    throw error;
  }
  const recipient: Recipient = body.to
    ? await resolveRecipient(deps, body.to)
    : { address: from, user_id: from === getAddress(user.walletAddress) ? user.id : null, username: null };
  if (recipient.address === zeroAddress) throw new AppError("INVALID_PARAMETERS", "Cannot send to the zero address");

  const client = publicClientFor(rpcUrl);
  const rpcError = (what: string) => (error: unknown) => {
    throw new AppError("NETWORK_ERROR", `Could not ${what}: the chain's RPC did not answer`, { cause: error });
  };
  const sendParam = {
    dstEid: dstDeployment.lzEid,
    to: addressToBytes32(recipient.address),
    amountLD: amount,
    minAmountLD: amount,
    extraOptions: lzReceiveOption(OFT_RECEIVE_GAS),
    composeMsg: "0x" as const,
    oftCmd: "0x" as const,
  };
  const [balance, fee] = await allEnded([
    client
      .readContract({ address: source, abi: launchTokenAbi, functionName: "balanceOf", args: [from] })
      .catch(rpcError("read the balance")),
    client
      .readContract({ address: source, abi: launchTokenAbi, functionName: "quoteSend", args: [sendParam, false] })
      .catch(rpcError("quote the messaging fee")),
  ]);
  if (balance < amount) {
    throw new AppError("INSUFFICIENT_BALANCE", "Insufficient token balance", {
      details: { balance: balance.toString(), requested: amount.toString() },
    });
  }
  const data = encodeFunctionData({ abi: launchTokenAbi, functionName: "send", args: [sendParam, fee, from] });
  const summary = {
    token_id: app.id,
    symbol: app.symbol,
    from_chain: body.fromChain,
    to_chain: body.toChain,
    from,
    recipient,
    amount: formatUnits(amount, 18),
    amountBaseUnits: amount.toString(),
    source_contract: source,
    destination_contract: destination,
    fee: { native_fee: fee.nativeFee.toString(), native_fee_ether: formatEther(fee.nativeFee) },
  };
  const transaction = (gas: bigint) => ({
    to: source,
    data,
    value: fee.nativeFee.toString(),
    gasLimit: gas.toString(),
    chain: body.fromChain,
  });

  if (!body.autoExecute) {
    const gas = await client
      .estimateGas({ account: from, to: source, data, value: fee.nativeFee })
      .then(withGasMargin)
      .catch(() => FALLBACK_OFT_SEND_GAS);
    return { ...summary, executed: false, transactionHash: null, replayed: false, transaction: transaction(gas) };
  }
  const key = newIdempotencyKey(body.idempotencyKey);
  const existing = await findIntentByKey(deps, user, key, "transfer");
  if (existing) {
    return { ...summary, ...(await replayExecution(deps, existing)), replayed: true, transaction: transaction(0n) };
  }
  const rows = await submitSteps(deps, user, {
    chainSlug: body.fromChain,
    chainId: srcDeployment.chainId,
    key,
    steps: [{ name: "transfer", kind: "transaction", to: source, data, value: fee.nativeFee }],
  });
  return {
    ...summary,
    ...(await settleExecution(deps, rows)),
    replayed: false,
    transaction: transaction(BigInt(rows[rows.length - 1]?.gas_limit ?? "0")),
  };
}

export type TransferStatusInput = { transactionHash?: string; guid?: string };

/**
 * get-transfer-status: the moves a transaction sent (or the one with a LayerZero guid), as indexed: sent (the source
 * chain's leg), verified (the destination endpoint accepted the packet), delivered (minted or unlocked). `status` is
 * the least advanced of them.
 *
 * Before the indexer has seen the send, a transaction hash is looked up on the chains' RPCs: a mined send answers
 * `sent` from its receipt (its OFTSent logs, counted only from launched tokens, joined to any later leg already
 * indexed by guid), a reverted one `failed`. `unknown`: no chain has the transaction, or it moved nothing.
 */
export async function getTransferStatus(deps: ApiDeps, body: TransferStatusInput) {
  const by = body.guid ? { guid: body.guid } : body.transactionHash ? { txHash: body.transactionHash } : undefined;
  if (!by) throw new AppError("INVALID_PARAMETERS", "transactionHash or guid is required");
  let rows = await readOftTransfers(deps.db, deps.config, by);
  if (rows.length === 0 && "txHash" in by) {
    const sent = await sentFromReceipt(deps, by.txHash as Hex);
    if (sent === "failed") return { status: "failed" as const, transfers: [] };
    rows = sent;
  }
  const order = ["sent", "verified", "delivered"] as const;
  const status: (typeof order)[number] | "unknown" =
    rows.length === 0 ? "unknown" : (order[Math.min(...rows.map((r) => order.indexOf(r.status)))] ?? "unknown");
  const slug = (id: number | null) => (id === null ? null : (slugOfChainId(id) ?? String(id)));
  return {
    status,
    transfers: rows.map((r) => ({
      guid: r.guid,
      status: r.status,
      from_chain: slug(r.srcChainId),
      to_chain: slug(r.dstChainId),
      from: r.from === null ? null : getAddress(r.from),
      to: r.to === null ? null : getAddress(r.to),
      amount: (r.amountSent ?? r.amountReceived) ? formatUnits((r.amountSent ?? r.amountReceived) as bigint, 18) : null,
      amountBaseUnits: (r.amountSent ?? r.amountReceived)?.toString() ?? null,
      sent_tx: r.sentTx,
      verified_tx: r.verifiedTx,
      delivered_tx: r.deliveredTx,
      sent_at: r.sentAt === null ? null : new Date(Number(r.sentAt) * 1000).toISOString(),
      delivered_at: r.deliveredAt === null ? null : new Date(Number(r.deliveredAt) * 1000).toISOString(),
    })),
  };
}

/**
 * The moves transaction `hash` sent, from its receipt on whichever served chain has it (the index has none of it
 * yet): one `sent` move per OFTSent log of a launched token, merged with its later legs where those are indexed
 * already (each chain is indexed on its own); `failed` when it reverted; none when no chain has it mined.
 */
async function sentFromReceipt(deps: ApiDeps, hash: Hex): Promise<IndexedOftTransfer[] | "failed"> {
  const found = await Promise.all(
    [...deps.deployments.values()].map(async (deployment) => {
      const rpcUrl = deps.rpcUrls.get(deployment.chainSlug);
      if (!rpcUrl) return null;
      const client = publicClientFor(rpcUrl);
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      return receipt ? { deployment, client, receipt } : null;
    }),
  );
  const mined = found.find((f) => f !== null);
  if (!mined) return [];
  const { deployment, client, receipt } = mined;
  if (receipt.status === "reverted") return "failed";
  const logs = parseEventLogs({ abi: launchTokenAbi, eventName: "OFTSent", logs: receipt.logs, strict: true });
  const launched = await readLaunchedTokenAddresses(
    deps.db,
    deps.config,
    deployment.chainId,
    logs.map((l) => l.address),
  );
  const moves = logs.filter((l) => launched.has(l.address.toLowerCase()));
  if (moves.length === 0) return [];
  const block = await client.getBlock({ blockNumber: receipt.blockNumber });
  return Promise.all(
    moves.map(async (l): Promise<IndexedOftTransfer> => {
      const later = (await readOftTransfers(deps.db, deps.config, { guid: l.args.guid }))[0];
      return {
        guid: l.args.guid.toLowerCase(),
        status: later?.status ?? "sent",
        srcChainId: deployment.chainId,
        dstChainId: later?.dstChainId ?? chainIdOfEid(l.args.dstEid) ?? null,
        from: l.args.fromAddress.toLowerCase(),
        to: later?.to ?? null,
        amountSent: l.args.amountSentLD,
        amountReceived: later?.amountReceived ?? l.args.amountReceivedLD,
        sentTx: hash.toLowerCase(),
        verifiedTx: later?.verifiedTx ?? null,
        deliveredTx: later?.deliveredTx ?? null,
        sentAt: block.timestamp,
        deliveredAt: later?.deliveredAt ?? null,
      };
    }),
  );
}
