/**
 * The signer interface the worker signs through. Locally, keys are derived from a server secret (core/wallets.ts);
 * in production an implementation can sit in front of a KMS with the same two methods. Keys never leave it.
 */
import type { Address, Hex, TransactionSerializable } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { deriveWalletKey, OPERATOR_WALLET_INDEX } from "../core/wallets.js";

export interface Signer {
  /** Address of the custodial wallet `index`. */
  address(index: number): Promise<Address>;
  /** Sign a transaction with wallet `index`; returns the serialized signed transaction. */
  signTransaction(index: number, tx: TransactionSerializable): Promise<Hex>;
}

/** Accounts kept per signer: deriving one costs a public key (an elliptic-curve multiplication). */
const MAX_ACCOUNTS = 10_000;

/** Keys derived from a server secret: keccak256(secret ‖ "wallet" ‖ index). */
export function localSigner(secret: string): Signer {
  const accounts = new Map<number, ReturnType<typeof privateKeyToAccount>>();
  const account = (index: number) => {
    let a = accounts.get(index);
    if (!a) {
      a = privateKeyToAccount(deriveWalletKey(secret, index));
      if (accounts.size >= MAX_ACCOUNTS) accounts.clear();
      accounts.set(index, a);
    }
    return a;
  };
  return {
    async address(index) {
      return account(index).address;
    },
    async signTransaction(index, tx) {
      return account(index).signTransaction(tx);
    },
  };
}

/**
 * `signer`, and the operator's key for OPERATOR_WALLET_INDEX (core/wallets.ts): the account the peer deployments are
 * signed with. The key stays in this closure, as the custodial keys stay in theirs.
 */
export function withOperator(signer: Signer, operatorKey: Hex): Signer {
  const operator = privateKeyToAccount(operatorKey);
  return {
    async address(index) {
      return index === OPERATOR_WALLET_INDEX ? operator.address : signer.address(index);
    },
    async signTransaction(index, tx) {
      return index === OPERATOR_WALLET_INDEX ? operator.signTransaction(tx) : signer.signTransaction(index, tx);
    },
  };
}
