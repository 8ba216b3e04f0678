/**
 * Block-to-queryable latency of a live indexer: one trade per block, each block mined with `evm_mine`; the clock
 * starts when `evm_mine` returns (the block exists and anvil serves it) and stops when the trade can be read from
 * the indexer's tables in Postgres, polled every 5 ms: our `trade` row with the transaction's hash, or for the
 * bare app its `Launchpad:Trade` counter going up. Ponder's /status is not polled: each request makes Ponder query
 * its checkpoints, which would load the process being measured. Between blocks the generator waits a random
 * 0–100 ms, so blocks land at every phase of Ponder's 100 ms polling interval instead of in step with it.
 */

import pg from "pg";
import { type Address, encodeFunctionData, type Hex, maxUint256, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import type { Deployment } from "../../core/deployment.js";
import { mulberry32 } from "./generateChain.js";
import { rpc } from "./rpc.js";

export type MeasureLatencyParameters = {
  rpcUrl: string;
  deployment: Deployment;
  /** The indexer's database and schema, and the table that shows a trade: ours `trade`, the bare app's counter. */
  visibleIn: { databaseUrl: string; schema: string; table: "trade" | "event_count" };
  /** Tokens to trade, on their bonding curves. */
  tokens: Address[];
  blocks: number;
  seed: number;
  log: (line: string) => void;
};

export type LatencySample = {
  block: number;
  /** Milliseconds from evm_mine returning to the trade being readable; undefined if it never was (timeout). */
  queryableMs: number | undefined;
};

const TIMEOUT_MS = 10_000;
const ZERO: Address = "0x0000000000000000000000000000000000000000";
const attribution = { builder: ZERO, builderFeeBps: 0, referral: ZERO };
const POLL_MS = 5;

export async function measureLatency(p: MeasureLatencyParameters): Promise<LatencySample[]> {
  const node = rpc(p.rpcUrl);
  const random = mulberry32(p.seed);
  const { launchpad, usdc } = p.deployment.contracts;
  // A wallet the chain generator never used, so its trades are easy to find through the trader index.
  const account = mnemonicToAccount("test test test test test test test test test test test junk", {
    addressIndex: 999,
  });
  await node.call("anvil_setBalance", [account.address, toHex(10n ** 24n)]);
  let nonce = Number(await node.call<Hex>("eth_getTransactionCount", [account.address, "pending"]));
  const send = async (to: Address, data: Hex) =>
    node.call<Hex>("eth_sendRawTransaction", [
      await account.signTransaction({
        chainId: p.deployment.chainId,
        type: "eip1559",
        to,
        data,
        nonce: nonce++,
        gas: 500_000n,
        maxFeePerGas: 50_000_000_000n,
        maxPriorityFeePerGas: 1n,
      }),
    ]);
  await send(
    usdc,
    encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [account.address, 1_000_000n * 10n ** 6n] }),
  );
  await send(usdc, encodeFunctionData({ abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] }));
  await node.call("evm_mine");

  const db = new pg.Client({ connectionString: p.visibleIn.databaseUrl });
  await db.connect();
  const { schema } = p.visibleIn;
  const trader = account.address.toLowerCase();
  const tradesCounted = async () => {
    const r = await db.query<{ count: number }>(
      `SELECT count FROM "${schema}"."event_count" WHERE name = 'Launchpad:Trade'`,
    );
    return r.rows[0]?.count ?? 0;
  };
  const visible = async (hash: Hex, countBefore: number) => {
    if (p.visibleIn.table === "event_count") return (await tradesCounted()) > countBefore;
    const r = await db.query(`SELECT 1 FROM "${schema}"."trade" WHERE trader = $1 AND tx_hash = $2 LIMIT 1`, [
      trader,
      hash,
    ]);
    return (r.rowCount ?? 0) > 0;
  };
  const out: LatencySample[] = [];
  // What the wallet holds from its exact-out buys, per token, so its sells are sure to succeed.
  const held = new Map<Address, bigint>();
  try {
    for (let i = 0; i < p.blocks; i++) {
      const token = p.tokens[Math.floor(random() * p.tokens.length)] as Address;
      const has = held.get(token) ?? 0n;
      let data: Hex;
      if (i % 3 === 2 && has > 0n) {
        held.set(token, has / 2n);
        data = encodeFunctionData({
          abi: launchpadAbi,
          functionName: "sellExactIn",
          args: [token, has - has / 2n, 0n, maxUint256, attribution],
        });
      } else if (i % 3 === 1) {
        const tokensOut = 10_000n * 10n ** 18n;
        held.set(token, has + tokensOut);
        data = encodeFunctionData({
          abi: launchpadAbi,
          functionName: "buyExactOut",
          args: [token, tokensOut, maxUint256, maxUint256, attribution],
        });
      } else {
        data = encodeFunctionData({
          abi: launchpadAbi,
          functionName: "buyExactIn",
          args: [token, 1_000_000n, 0n, maxUint256, attribution],
        });
      }
      const countBefore = p.visibleIn.table === "event_count" ? await tradesCounted() : 0;
      const hash = await send(launchpad, data);
      await node.call("evm_mine");
      const mined = performance.now();
      const queryableMs = await waitFor(() => visible(hash, countBefore), mined);
      out.push({ block: Number(await node.call<Hex>("eth_blockNumber")), queryableMs });
      if ((i + 1) % 50 === 0) p.log(`  ${i + 1}/${p.blocks} blocks`);
      await new Promise((r) => setTimeout(r, random() * 100));
    }
  } finally {
    await db.end();
  }
  return out;
}

/** Milliseconds from `since` until `probe` holds, polled every POLL_MS; undefined after TIMEOUT_MS. */
async function waitFor(probe: () => Promise<boolean>, since: number): Promise<number | undefined> {
  for (;;) {
    if (await probe()) return performance.now() - since;
    if (performance.now() - since > TIMEOUT_MS) return undefined;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** The q-quantile (0..1) of `values`, nearest rank. */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] as number;
}
