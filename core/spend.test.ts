import { type Address, encodeFunctionData, type Hex, maxUint256, pad, parseAbi, parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, multicall3Abi } from "../abis/index.js";
import { noAttribution } from "./fees.js";
import { nativeSpendOf, type SpendOfParameters, spendOf, UNLIMITED_ALLOWANCE } from "./spend.js";

const USDC = "0x00000000000000000000000000000000000000a1" as Address;
const LAUNCHPAD = "0x00000000000000000000000000000000000000b2" as Address;
const WALLET = "0x00000000000000000000000000000000000000c3" as Address;
const OUTSIDER = "0x00000000000000000000000000000000000000d4" as Address;
const TOKEN = "0x00000000000000000000000000000000000000e5" as Address;
const MULTICALL = "0x00000000000000000000000000000000000000f6" as Address;
const TEN_K = 10_000n * 10n ** 6n;

const tx = (to: Address, data: Hex, extra: Partial<SpendOfParameters> = {}) =>
  spendOf({
    contracts: { usdc: USDC, launchpad: LAUNCHPAD },
    from: WALLET,
    to,
    data,
    value: 0n,
    allowlist: null,
    nativeUsdPrice: TEN_K,
    ...extra,
  });
const usdcCall = (data: Parameters<typeof encodeFunctionData<typeof mockUsdcAbi>>[0]) => encodeFunctionData(data);
const erc20 = parseAbi(["function transfer(address,uint256)", "function approve(address,uint256)"]);
const trade = { deadline: 1n, attribution: { ...noAttribution } };

describe("spendOf", () => {
  it("counts USDC transfers, transfers from the wallet and approvals at their amounts", () => {
    const transfer = usdcCall({ abi: mockUsdcAbi, functionName: "transfer", args: [OUTSIDER, 7n] });
    expect(tx(USDC, transfer)).toEqual({ usdc: 7n });
    const fromWallet = usdcCall({ abi: mockUsdcAbi, functionName: "transferFrom", args: [WALLET, OUTSIDER, 8n] });
    expect(tx(USDC, fromWallet)).toEqual({ usdc: 8n });
    const fromOther = usdcCall({ abi: mockUsdcAbi, functionName: "transferFrom", args: [OUTSIDER, WALLET, 8n] });
    expect(tx(USDC, fromOther)).toEqual({ usdc: 0n });
    const approve = usdcCall({ abi: mockUsdcAbi, functionName: "approve", args: [OUTSIDER, 50_000_000n] });
    expect(tx(USDC, approve)).toEqual({ usdc: 50_000_000n });
  });

  it("counts no approval of the launchpad: its trades are counted themselves", () => {
    const approve = usdcCall({ abi: mockUsdcAbi, functionName: "approve", args: [LAUNCHPAD, maxUint256] });
    expect(tx(USDC, approve)).toEqual({ usdc: 0n });
  });

  it("refuses an unlimited approval unless the spender is allowlisted", () => {
    const approve = usdcCall({ abi: mockUsdcAbi, functionName: "approve", args: [OUTSIDER, UNLIMITED_ALLOWANCE] });
    expect(tx(USDC, approve)).toMatchObject({ refuse: "unlimited_approval" });
    expect(tx(USDC, approve, { allowlist: [OUTSIDER.toLowerCase()] })).toEqual({ usdc: 0n });
    const below = usdcCall({ abi: mockUsdcAbi, functionName: "approve", args: [OUTSIDER, UNLIMITED_ALLOWANCE - 1n] });
    expect(tx(USDC, below)).toEqual({ usdc: UNLIMITED_ALLOWANCE - 1n });
  });

  it("counts launchpad buys at their USDC in or max in, createToken at initialBuyUsdc, sells and claims at 0", () => {
    const { deadline, attribution } = trade;
    const curve = (mode: "buyExactIn" | "buyExactOut" | "sellExactIn", amount: bigint, bound: bigint) =>
      tx(
        LAUNCHPAD,
        encodeFunctionData({
          abi: launchpadAbi,
          functionName: mode,
          args: [TOKEN, amount, bound, deadline, attribution],
        }),
      );
    expect(curve("buyExactIn", 11n, 1n)).toEqual({ usdc: 11n });
    expect(curve("buyExactOut", 5n, 12n)).toEqual({ usdc: 12n });
    expect(curve("sellExactIn", 5n, 0n)).toEqual({ usdc: 0n });
    const create = encodeFunctionData({
      abi: launchpadAbi,
      functionName: "createToken",
      args: [
        {
          name: "N",
          symbol: "NN",
          tokenURI: "ipfs://x",
          poolType: 0,
          salt: `0x${"00".repeat(32)}`,
          attribution,
          initialBuyUsdc: 20_000_000n,
          minTokensOut: 0n,
          deadline,
        },
      ],
    });
    expect(tx(LAUNCHPAD, create)).toEqual({ usdc: 20_000_000n });
    expect(tx(LAUNCHPAD, encodeFunctionData({ abi: launchpadAbi, functionName: "claimFees" }))).toEqual({ usdc: 0n });
    expect(tx(LAUNCHPAD, "0xdeadbeef")).toMatchObject({ refuse: "undecodable_call" });
  });

  it("refuses Multicall3 and unknown calldata unless the destination is allowlisted", () => {
    const inner = usdcCall({ abi: mockUsdcAbi, functionName: "transferFrom", args: [WALLET, OUTSIDER, 1n] });
    const data = encodeFunctionData({
      abi: multicall3Abi,
      functionName: "aggregate3",
      args: [[{ target: USDC, allowFailure: false, callData: inner }]],
    });
    expect(tx(MULTICALL, data)).toEqual({
      refuse: "undecodable_call",
      message: `Call refused: the spending policy cannot decode what this call to ${MULTICALL} moves, and ${MULTICALL} is not on this credential's allowlist`,
    });
    expect(tx(MULTICALL, data, { allowlist: [MULTICALL.toLowerCase()], value: parseEther("0.001") })).toEqual({
      usdc: 10_000_000n,
    });
  });

  it("refuses transfers and approvals of other tokens unless to the launchpad or an allowlisted address", () => {
    const transfer = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [OUTSIDER, 1n] });
    expect(tx(TOKEN, transfer)).toMatchObject({ refuse: "token_transfer_not_allowed" });
    expect(tx(TOKEN, transfer, { allowlist: [OUTSIDER.toLowerCase()] })).toEqual({ usdc: 0n });
    const approve = encodeFunctionData({ abi: erc20, functionName: "approve", args: [LAUNCHPAD, maxUint256] });
    expect(tx(TOKEN, approve)).toEqual({ usdc: 0n });
  });

  it("prices a launched token's transfers and approvals at its pool price, rounded up", () => {
    // $0.0000245 a token (18 decimals): 1,000,000 tokens are worth $24.50.
    const prices = new Map([[TOKEN.toLowerCase(), 24_500_000_000_000n]]);
    const million = 1_000_000n * 10n ** 18n;
    const transfer = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [OUTSIDER, million] });
    expect(tx(TOKEN, transfer, { tokenPrices: prices })).toEqual({ usdc: 24_500_000n });
    // One wei of a token is worth far less than a USDC base unit: it still counts one.
    const dust = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [OUTSIDER, 1n] });
    expect(tx(TOKEN, dust, { tokenPrices: prices })).toEqual({ usdc: 1n });
    const approve = encodeFunctionData({ abi: erc20, functionName: "approve", args: [OUTSIDER, million] });
    expect(tx(TOKEN, approve, { tokenPrices: prices })).toEqual({ usdc: 24_500_000n });
    const unlimited = encodeFunctionData({ abi: erc20, functionName: "approve", args: [OUTSIDER, maxUint256] });
    expect(tx(TOKEN, unlimited, { tokenPrices: prices })).toMatchObject({ refuse: "unlimited_approval" });
    // The launchpad and allowlisted addresses count nothing, priced or not; an unpriced token is still refused.
    const toLaunchpad = encodeFunctionData({ abi: erc20, functionName: "transfer", args: [LAUNCHPAD, million] });
    expect(tx(TOKEN, toLaunchpad, { tokenPrices: prices })).toEqual({ usdc: 0n });
    expect(tx(TOKEN, transfer, { tokenPrices: prices, allowlist: [OUTSIDER.toLowerCase()] })).toEqual({ usdc: 0n });
    expect(tx(TOKEN, transfer, { tokenPrices: new Map() })).toMatchObject({ refuse: "token_transfer_not_allowed" });
  });

  it("counts a move of a launched token to another chain at its price, unless it goes to the wallet itself", () => {
    const prices = new Map([[TOKEN.toLowerCase(), 24_500_000_000_000n]]);
    const million = 1_000_000n * 10n ** 18n;
    const move = (to: Address, extra: Partial<{ composeMsg: Hex; oftCmd: Hex }> = {}) =>
      encodeFunctionData({
        abi: launchTokenAbi,
        functionName: "send",
        args: [
          {
            dstEid: 40102,
            to: pad(to, { size: 32 }),
            amountLD: million,
            minAmountLD: million,
            extraOptions: "0x",
            composeMsg: extra.composeMsg ?? "0x",
            oftCmd: extra.oftCmd ?? "0x",
          },
          { nativeFee: 100n, lzTokenFee: 0n },
          WALLET,
        ],
      });
    // An attacker's key moves the tokens to its own address on another chain: the value leaves, and counts.
    expect(tx(TOKEN, move(OUTSIDER), { tokenPrices: prices, value: 100n })).toEqual({ usdc: 24_500_000n + 1n });
    // To the wallet's own address on the other chain nothing leaves it: only the messaging fee counts.
    expect(tx(TOKEN, move(WALLET), { tokenPrices: prices, value: 100n })).toEqual({ usdc: 1n });
    expect(tx(TOKEN, move(OUTSIDER), { tokenPrices: prices, allowlist: [OUTSIDER.toLowerCase()] })).toEqual({
      usdc: 0n,
    });
    // An unpriced token, and a compose message (a call the recipient's chain would make), are refused.
    expect(tx(TOKEN, move(OUTSIDER), { tokenPrices: new Map() })).toMatchObject({
      refuse: "token_transfer_not_allowed",
    });
    expect(tx(TOKEN, move(WALLET, { composeMsg: "0x01" }), { tokenPrices: prices })).toMatchObject({
      refuse: "undecodable_call",
    });
    expect(tx(TOKEN, move(WALLET, { oftCmd: "0x01" }), { tokenPrices: prices })).toMatchObject({
      refuse: "undecodable_call",
    });
  });

  it("prices ether value at the native price, rounded up", () => {
    expect(nativeSpendOf(parseEther("2"), TEN_K)).toBe(20_000n * 10n ** 6n);
    expect(nativeSpendOf(1n, TEN_K)).toBe(1n);
    expect(tx(OUTSIDER, "0x", { value: parseEther("2") })).toEqual({ usdc: 20_000n * 10n ** 6n });
    const transfer = usdcCall({ abi: mockUsdcAbi, functionName: "transfer", args: [OUTSIDER, 7n] });
    expect(tx(USDC, transfer, { value: 1n })).toEqual({ usdc: 8n });
  });
});
