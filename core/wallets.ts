/**
 * Custodial wallets. Locally, each user's key is derived from a server secret and the user's wallet index; in
 * production a KMS can stand behind the same Signer interface. Keys never leave this module's callers' memory:
 * they are not logged, stored or put in job payloads.
 */
import { concat, type Hex, keccak256, numberToHex, toHex } from "viem";
import { privateKeyToAccount } from "viem/accounts";

/**
 * The wallet index of the service's operator account (DEPLOYER_PRIVATE_KEY), which signs the intents no user sends:
 * the peer deployments (worker/peers.ts). No custodial wallet has it: derived indexes start at 0.
 */
export const OPERATOR_WALLET_INDEX = -1;

/** The local-development wallet secret (documented default); production must set WALLET_SECRET. */
export const DEV_WALLET_SECRET = "local-development-wallet-secret-do-not-use-in-production";

/** Private key of wallet `index`: keccak256(secret ‖ "wallet" ‖ index). */
export function deriveWalletKey(secret: string, index: number): Hex {
  if (!Number.isInteger(index) || index < 0) throw new Error(`Invalid wallet index ${index}`);
  return keccak256(concat([toHex(secret), toHex("wallet"), numberToHex(index, { size: 8 })]));
}

/** Address of wallet `index`. */
export function walletAddress(secret: string, index: number): `0x${string}` {
  return privateKeyToAccount(deriveWalletKey(secret, index)).address;
}
