/**
 * The benchmark's chain activity on a dedicated anvil with automine off: one wallet (anvil's mnemonic, index 990,
 * which nothing else uses) creates tokens, then trades them on their bonding curves, a given number of trades per
 * block. Each block's transactions are signed locally with explicit nonces, gas and fees, sent in one JSON-RPC batch,
 * and mined with one `evm_mine`; a block is "mined" when that call returns (anvil then serves it).
 *
 * Trades cycle through buyExactIn (1 USDC), buyExactOut (10,000 tokens) and sellExactIn (half of what the exact-out
 * buys provably left the wallet), as bench/indexer's latency run does, so no trade can revert and no token gets near
 * graduation.
 */
import { type Address, decodeFunctionResult, encodeFunctionData, type Hex, keccak256, maxUint256, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import type { Deployment } from "../../core/deployment.js";
import { mulberry32 } from "../indexer/generateChain.js";
import { rpc } from "../indexer/rpc.js";
import { now } from "./openSubscribers.js";

const MNEMONIC = "test test test test test test test test test test test junk";
const TOKEN_URI = "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy";
const ZERO: Address = "0x0000000000000000000000000000000000000000";
const attribution = { builder: ZERO, builderFeeBps: 0, referral: ZERO };
const MEME = 7;
const GAS = { createToken: 10_000_000n, trade: 500_000n, setup: 120_000n };
const BLOCK_GAS_LIMIT = 1_000_000_000n;
const USDC = 10n ** 6n;

export type MinedBlock = {
  number: number;
  /** When evm_mine returned (ms, the clock of openSubscribers' `now`). */
  minedAt: number;
  /** The tokens it traded, one trade each. */
  tokens: Address[];
};

export type Trader = {
  /** Create `count` tokens (one block) and return their addresses. */
  createTokens(count: number): Promise<Address[]>;
  /** One block holding one trade on each of `tokens`. */
  mineTrades(tokens: Address[]): Promise<MinedBlock>;
  tradesSent(): number;
};

export async function startTrader(p: {
  rpcUrl: string;
  deployment: Deployment;
  seed: number;
  /** The wallet's index in anvil's mnemonic (default 990, which nothing else uses). */
  addressIndex?: number;
}): Promise<Trader> {
  const node = rpc(p.rpcUrl);
  const random = mulberry32(p.seed);
  const { launchpad, usdc } = p.deployment.contracts;
  const account = mnemonicToAccount(MNEMONIC, { addressIndex: p.addressIndex ?? 990 });
  await node.call("evm_setAutomine", [false]);
  await node.call("evm_setBlockGasLimit", [toHex(BLOCK_GAS_LIMIT)]);
  await node.call("anvil_setBalance", [account.address, toHex(10n ** 24n)]);
  let nonce = Number(await node.call<Hex>("eth_getTransactionCount", [account.address, "pending"]));
  const sign = (to: Address, data: Hex, gas: bigint) =>
    account.signTransaction({
      chainId: p.deployment.chainId,
      type: "eip1559",
      to,
      data,
      nonce: nonce++,
      gas,
      maxFeePerGas: 50_000_000_000n,
      maxPriorityFeePerGas: 1n,
    });
  const mine = async (signed: Hex[], check = false) => {
    const hashes = await node.batch<Hex>(signed.map((tx) => ({ method: "eth_sendRawTransaction", params: [tx] })));
    const failed = hashes.find((r) => r instanceof Error);
    if (failed) throw failed;
    await node.call("evm_mine");
    const minedAt = now();
    if (check) {
      const receipts = await node.batch<{ status: Hex }>(
        hashes.map((hash) => ({ method: "eth_getTransactionReceipt", params: [hash] })),
      );
      const reverted = receipts.filter((r) => r instanceof Error || r?.status !== "0x1").length;
      if (reverted > 0) throw new Error(`${reverted} of ${signed.length} setup transactions failed`);
    }
    return { minedAt, number: Number(await node.call<Hex>("eth_blockNumber")) };
  };

  await mine(
    [
      await sign(
        usdc,
        encodeFunctionData({
          abi: mockUsdcAbi,
          functionName: "faucet",
          args: [account.address, 1_000_000n * USDC],
        }),
        GAS.setup,
      ),
      await sign(
        usdc,
        encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] }),
        GAS.setup,
      ),
    ],
    true,
  );

  let step = 0;
  let sent = 0;
  /** Tokens the wallet holds from its exact-out buys, per token (token wei): what it may sell. */
  const held = new Map<Address, bigint>();
  const tradeData = (token: Address): Hex => {
    const has = held.get(token) ?? 0n;
    const kind = step++ % 3;
    if (kind === 2 && has > 0n) {
      held.set(token, has / 2n);
      return encodeFunctionData({
        abi: launchpadAbi,
        functionName: "sellExactIn",
        args: [token, has - has / 2n, 0n, maxUint256, attribution],
      });
    }
    if (kind === 1) {
      const tokensOut = 10_000n * 10n ** 18n;
      held.set(token, has + tokensOut);
      return encodeFunctionData({
        abi: launchpadAbi,
        functionName: "buyExactOut",
        args: [token, tokensOut, maxUint256, maxUint256, attribution],
      });
    }
    return encodeFunctionData({
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, USDC, 0n, maxUint256, attribution],
    });
  };

  return {
    tradesSent: () => sent,
    async createTokens(count) {
      const plans = Array.from({ length: count }, (_, i) => ({
        salt: keccak256(toHex(`bench-streams-${p.seed}-${i}-${random()}`)),
        name: `Stream Bench ${i}`,
        symbol: `SB${i}`,
      }));
      const addresses: Address[] = [];
      for (const t of plans) {
        const data = encodeFunctionData({
          abi: launchpadAbi,
          functionName: "predictTokenAddress",
          args: [account.address, t.salt, t.name, t.symbol, TOKEN_URI],
        });
        const out = await node.call<Hex>("eth_call", [{ to: launchpad, data }, "latest"]);
        addresses.push(decodeFunctionResult({ abi: launchpadAbi, functionName: "predictTokenAddress", data: out }));
      }
      const signed: Hex[] = [];
      for (const t of plans) {
        const data = encodeFunctionData({
          abi: launchpadAbi,
          functionName: "createToken",
          args: [
            {
              name: t.name,
              symbol: t.symbol,
              tokenURI: TOKEN_URI,
              poolType: MEME,
              salt: t.salt,
              attribution,
              initialBuyUsdc: 0n,
              minTokensOut: 0n,
              deadline: maxUint256,
            },
          ],
        });
        signed.push(await sign(launchpad, data, GAS.createToken));
      }
      await mine(signed, true);
      return addresses;
    },
    async mineTrades(tokens) {
      const signed: Hex[] = [];
      for (const token of tokens) signed.push(await sign(launchpad, tradeData(token), GAS.trade));
      sent += tokens.length;
      return { ...(await mine(signed)), tokens };
    },
  };
}
