import { keccak256, parseTransaction, recoverTransactionAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { OPERATOR_WALLET_INDEX, walletAddress } from "../core/wallets.js";
import { localSigner, withOperator } from "./signer.js";

const SECRET = "signer-test-secret";
const OPERATOR_KEY = keccak256("0x6f70657261746f72");
const tx = {
  chainId: 84532,
  type: "eip1559",
  nonce: 0,
  gas: 21_000n,
  maxFeePerGas: 1n,
  maxPriorityFeePerGas: 1n,
} as const;

describe("withOperator", () => {
  const signer = withOperator(localSigner(SECRET), OPERATOR_KEY);
  const operator = privateKeyToAccount(OPERATOR_KEY).address;

  it("signs the operator's index with the operator key, and every other index with its custodial key", async () => {
    expect(await signer.address(OPERATOR_WALLET_INDEX)).toBe(operator);
    expect(await signer.address(3)).toBe(walletAddress(SECRET, 3));
    const byOperator = await signer.signTransaction(OPERATOR_WALLET_INDEX, tx);
    const byWallet = await signer.signTransaction(3, tx);
    expect(await recoverTransactionAddress({ serializedTransaction: byOperator as never })).toBe(operator);
    expect(await recoverTransactionAddress({ serializedTransaction: byWallet as never })).toBe(
      walletAddress(SECRET, 3),
    );
    expect(parseTransaction(byOperator).chainId).toBe(84532);
  });

  it("gives no custodial wallet the operator's index", async () => {
    await expect(localSigner(SECRET).address(OPERATOR_WALLET_INDEX)).rejects.toThrow(/Invalid wallet index -1/);
  });
});
