/**
 * What one transaction from a custodial wallet can move out of it, at the worst case, in USDC base units: the one
 * rule the spending cap of every executing interface (REST and MCP) counts with (api/services/spending.ts).
 *
 * Value leaves a wallet only when the wallet itself sends it (ether value, a token `transfer`) or when a spender
 * it approved pulls it. So:
 * - USDC `transfer` and `transferFrom` from the wallet count their amount; `approve` counts its allowance (what the
 *   spender may pull later), except an approval of the launchpad: the launchpad pulls only from its caller, and each
 *   of the wallet's calls to it is counted itself (a trade's approval is part of that trade, counted once). An
 *   allowance of MAX_AMOUNT (2^128 − 1) or more cannot be counted: refused unless the spender is allowlisted, in
 *   which case it is the allowlist's trust, not the cap, that bounds it (counted 0).
 * - Launchpad: buyExactIn its USDC in, buyExactOut its max in, createToken its initialBuyUsdc; sells, claims,
 *   graduation and fee collection take nothing. Any other selector is undecodable.
 * - Launched tokens are priced at `tokenPrices` (api/services/spending.ts: the highest of the pool's price now and
 *   its hourly highs over the last 24 hours, as indexed), rounded up: a `transfer`/`transferFrom` from the wallet counts its amount's value, an `approve` its allowance's (an
 *   unlimited one is refused as USDC's is). Sending to or approving the launchpad, or an allowlisted address, counts
 *   nothing. Any other token has no price: refused unless the recipient/spender is the launchpad or allowlisted.
 * - A launched token's move to another chain (an OFT `send`, from its home token or a peer) counts its amount's value
 *   like a transfer, except to the wallet's own address there (it stays the wallet's) or an allowlisted one; a move
 *   with a compose message or command is refused (the destination would call something).
 * - Ether value is priced at `nativeUsdPrice` (USDC base units per whole coin, a conservative price), rounded up.
 * - Anything else with calldata (Multicall3's aggregate*, any contract the policy does not know) is refused unless
 *   the destination is on the allowlist: then only its ether value counts.
 */
import { type Address, decodeFunctionData, type Hex, parseAbi } from "viem";
import { launchpadAbi, mockUsdcAbi } from "../abis/index.js";

/** Default daily spending cap of a credential and of a user, USDC base units (1000 USD). */
export const DEFAULT_DAILY_SPEND_CAP_USDC = 1_000n * 10n ** 6n;

/** The spending policy's settings (api/config.ts builds them from core/env.ts). */
export type SpendingConfig = {
  /** Daily cap of a credential without a cap of its own (an API key's api_keys.daily_spend_cap_usdc), USDC base units; null: none. */
  credentialCapUsdc: bigint | null;
  /**
   * Daily cap of a user across all its keys and JWTs, USDC base units; null: none. The cap applied is the larger of
   * this and the largest cap of the user's own keys, so no key's own cap is cut short by it.
   */
  userCapUsdc: bigint | null;
  /** Allowlist of a credential without one of its own (api_keys.allowed_destinations), lower-case; null: none. */
  allowedDestinations: string[] | null;
  /** USDC base units per whole native coin: the price ether value is counted at. */
  nativeUsdPrice: bigint;
};

/** USD as a decimal string (at most 6 places) → USDC base units, exactly. */
export function usdToBaseUnits(usd: string): bigint {
  const [whole = "0", fraction = ""] = usd.split(".");
  return BigInt(whole) * 10n ** 6n + BigInt(fraction.padEnd(6, "0").slice(0, 6));
}

/** Allowances at or above this (the launchpad's MAX_AMOUNT, 2^128 − 1) count as unlimited. */
export const UNLIMITED_ALLOWANCE = 2n ** 128n - 1n;

/** A LayerZero OFT's send (launched tokens and their peers on other chains). */
const oftSendAbi = parseAbi([
  "struct SendParam { uint32 dstEid; bytes32 to; uint256 amountLD; uint256 minAmountLD; bytes extraOptions; bytes composeMsg; bytes oftCmd; }",
  "struct MessagingFee { uint256 nativeFee; uint256 lzTokenFee; }",
  "function send(SendParam sendParam, MessagingFee fee, address refundAddress) payable",
]);

const erc20Abi = parseAbi([
  "function transfer(address to, uint256 amount)",
  "function transferFrom(address from, address to, uint256 amount)",
  "function approve(address spender, uint256 amount)",
]);

export type SpendRefusal =
  | "undecodable_call"
  | "unlimited_approval"
  | "token_transfer_not_allowed"
  | "destination_not_allowed";

export type SpendOfParameters = {
  contracts: { usdc: Address; launchpad: Address };
  /** The sending wallet. */
  from: Address;
  to: Address;
  data: Hex;
  /** Ether sent, wei. */
  value: bigint;
  /** Lower-case addresses the credential trusts explicitly; null or empty: none. */
  allowlist: readonly string[] | null;
  /** USDC base units per whole native coin (1e18 wei). */
  nativeUsdPrice: bigint;
  /** Launched tokens' prices by lower-case address: USD per whole token with 18 decimals. */
  tokenPrices?: ReadonlyMap<string, bigint>;
};

/** USDC base units the transaction can move (rounded up), or why the policy refuses it. */
export type SpendOfReturnType = { usdc: bigint } | { refuse: SpendRefusal; message: string };

const WEI_PER_COIN = 10n ** 18n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** Token wei × an 18-decimal USD price → USDC base units: / 1e30. */
const VALUE_SCALE = 10n ** 30n;

/** Ether value → USDC base units at `nativeUsdPrice`, rounded up. */
export function nativeSpendOf(value: bigint, nativeUsdPrice: bigint): bigint {
  return ceilDiv(value * nativeUsdPrice, WEI_PER_COIN);
}

function decode<const A extends Parameters<typeof decodeFunctionData>[0]["abi"]>(abi: A, data: Hex) {
  try {
    return decodeFunctionData({ abi, data });
  } catch {
    return undefined;
  }
}

/** The worst-case USDC a transaction from `from` moves out (USDC base units, rounded up), or a refusal. */
export function spendOf(p: SpendOfParameters): SpendOfReturnType {
  const lower = (a: string) => a.toLowerCase();
  const allowed = (a: string) => (p.allowlist ?? []).includes(lower(a));
  const to = lower(p.to);
  const usdc = lower(p.contracts.usdc);
  const launchpad = lower(p.contracts.launchpad);
  const native = nativeSpendOf(p.value, p.nativeUsdPrice);
  const plus = (amount: bigint): SpendOfReturnType => ({ usdc: native + amount });
  const empty = p.data === "0x" || p.data.length <= 2;

  if (to === usdc) {
    const call = decode(mockUsdcAbi, p.data);
    if (call?.functionName === "transfer") return plus(call.args[1]);
    if (call?.functionName === "transferFrom") return plus(lower(call.args[0]) === lower(p.from) ? call.args[2] : 0n);
    if (call?.functionName === "approve") {
      const [spender, amount] = call.args;
      if (lower(spender) === launchpad) return plus(0n);
      if (amount >= UNLIMITED_ALLOWANCE) {
        if (allowed(spender)) return plus(0n);
        return {
          refuse: "unlimited_approval",
          message: `Unlimited approval refused: ${spender} is neither the launchpad nor on this credential's allowlist`,
        };
      }
      return plus(amount);
    }
    // faucet, permit (an allowance of the signer's, not the wallet's) and views move nothing of the wallet's.
    if (call) return plus(0n);
  } else if (to === launchpad) {
    const call = decode(launchpadAbi, p.data);
    if (call?.functionName === "buyExactIn") return plus(call.args[1]);
    if (call?.functionName === "buyExactOut") return plus(call.args[2]);
    if (call?.functionName === "createToken") return plus(call.args[0].initialBuyUsdc);
    if (call) return plus(0n);
  } else if (empty) {
    return plus(0n);
  } else {
    const move = decode(oftSendAbi, p.data);
    if (move) {
      const [param] = move.args;
      // A compose message or an OFT command makes the destination call something: not something this policy prices.
      if (param.composeMsg.length > 2 || param.oftCmd.length > 2) {
        return {
          refuse: "undecodable_call",
          message:
            "Call refused: a move to another chain with a compose message or command is not something the spending policy can price",
        };
      }
      const recipient = `0x${param.to.slice(-40)}`;
      // To the wallet's own address on the other chain, nothing leaves the wallet: only the messaging fee counts.
      if (lower(recipient) === lower(p.from) && /^0x0{24}/.test(param.to)) return plus(0n);
      if (allowed(recipient)) return plus(0n);
      const price = p.tokenPrices?.get(to);
      if (price !== undefined) return plus(ceilDiv(param.amountLD * price, VALUE_SCALE));
      return {
        refuse: "token_transfer_not_allowed",
        message: `Token send refused: the service does not price ${p.to}'s tokens, and ${recipient} is neither the wallet itself nor on this credential's allowlist`,
      };
    }
    const token = decode(erc20Abi, p.data);
    if (token) {
      const counterparty = token.functionName === "approve" ? token.args[0] : token.args[token.args.length - 2];
      if (lower(counterparty as string) === launchpad || allowed(counterparty as string)) return plus(0n);
      // transferFrom of someone else's tokens moves nothing of the wallet's.
      if (token.functionName === "transferFrom" && lower(token.args[0]) !== lower(p.from)) return plus(0n);
      const price = p.tokenPrices?.get(to);
      const amount = token.args[token.args.length - 1] as bigint;
      if (price !== undefined && token.functionName === "approve" && amount >= UNLIMITED_ALLOWANCE) {
        return {
          refuse: "unlimited_approval",
          message: `Unlimited approval refused: ${counterparty} is neither the launchpad nor on this credential's allowlist`,
        };
      }
      if (price !== undefined) return plus(ceilDiv(amount * price, VALUE_SCALE));
      return {
        refuse: "token_transfer_not_allowed",
        message: `Token ${token.functionName} refused: the service does not price ${p.to}'s tokens, and ${counterparty} is neither the launchpad nor on this credential's allowlist`,
      };
    }
  }
  if (allowed(to)) return plus(0n);
  return {
    refuse: "undecodable_call",
    message: `Call refused: the spending policy cannot decode what this call to ${p.to} moves, and ${p.to} is not on this credential's allowlist`,
  };
}
