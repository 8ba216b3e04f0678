/**
 * Sending what the API prepared (trade-token, create-token-transaction, transfer-token and the like without
 * autoExecute): its approvals first, each mined before the next, then the transaction, from a viem wallet client.
 */
import type { Hex, TransactionReceipt } from "viem";

/** A transaction as the API prepares it: amounts and gas as decimal strings. */
export type PreparedTransaction = { to: string; data: string; value?: string; gasLimit?: string };

/** An answer holding a transaction to send, and the approvals to send before it. */
export type Prepared = { transaction: PreparedTransaction; approvals?: readonly PreparedTransaction[] };

/** What sendPrepared needs of viem: a wallet client with its account and chain, and a way to wait for receipts. */
export type Sender = {
  sendTransaction(request: never): Promise<Hex>;
  account?: unknown;
  chain?: unknown;
};
export type ReceiptReader = { waitForTransactionReceipt(p: { hash: Hex }): Promise<TransactionReceipt> };

/** A prepared transaction that was mined and reverted: nothing after it was sent. */
export class PreparedTransactionReverted extends Error {
  override name = "PreparedTransactionReverted";
  constructor(readonly receipt: TransactionReceipt) {
    super(`transaction ${receipt.transactionHash} reverted`);
  }
}

/**
 * Sends `prepared`'s approvals, then its transaction, each with the gas limit and value the API gave, waiting for each
 * to be mined; throws PreparedTransactionReverted at the first that reverts. Returns the receipts, in order.
 */
export async function sendPrepared(
  wallet: Sender,
  reader: ReceiptReader,
  prepared: Prepared,
): Promise<TransactionReceipt[]> {
  const receipts: TransactionReceipt[] = [];
  for (const tx of [...(prepared.approvals ?? []), prepared.transaction]) {
    const hash = await wallet.sendTransaction({
      account: wallet.account,
      chain: wallet.chain,
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value ?? "0"),
      ...(tx.gasLimit ? { gas: BigInt(tx.gasLimit) } : {}),
    } as never);
    const receipt = await reader.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new PreparedTransactionReverted(receipt);
    receipts.push(receipt);
  }
  return receipts;
}
