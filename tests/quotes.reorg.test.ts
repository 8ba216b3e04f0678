/**
 * Cached quotes key on the block hash. On an anvil of its own (the global chain is left alone): a quote is cached
 * over a pool that last changed in block N; a reorg replaces block N with another block N that trades the same
 * pool differently; the next quote must be the new chain's, not the one cached for the old block of the same
 * number (core/quote-cache.ts quoteValidity).
 */
import { type Address, maxUint256, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { noAttribution } from "../core/fees.js";
import { startSideStack } from "./helpers/api.js";

type SideStack = Awaited<ReturnType<typeof startSideStack>>;

import { type Chain, fundedWallets, fundUsdc, send, type Wallet } from "./helpers/chain.js";
import { sleep } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
const PNG_1x1 = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

let stack: Awaited<ReturnType<typeof startSideStack>>;
let c: Chain;
let indexer: SideStack["indexer"];
let api: SideStack["api"];
let jwt: string;
let trader: Wallet;

beforeAll(async () => {
  stack = await startSideStack("quotes-reorg");
  ({ c, indexer, api, jwt } = stack);
  [trader] = await fundedWallets(c, 1);
  await fundUsdc(c, trader, 1_000_000n * USDC);
});

afterAll(async () => {
  await stack?.close();
});

const buy = (token: Address, usdc: bigint) =>
  send(c, trader, {
    address: c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: [token, usdc, 0n, maxUint256, noAttribution],
  } as never);

/** USDC a sell of `amount` tokens pays now, as the launchpad itself computes it. */
const sellOnChain = async (token: Address, amount: bigint) =>
  (
    await c.publicClient.simulateContract({
      account: trader.account,
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "sellExactIn",
      args: [token, amount, 0n, maxUint256, noAttribution],
    })
  ).result as bigint;

async function indexedPoolHash(token: Address): Promise<string | undefined> {
  const { rows } = await api.deps.db.query<{ updated_block_hash: string }>(
    `SELECT updated_block_hash FROM "${indexer.schema}".pool WHERE token = $1`,
    [token.toLowerCase()],
  );
  return rows[0]?.updated_block_hash;
}

describe("quotes across a reorg", () => {
  it("test_quote_isRequotedAfterAReorg_replacesThePoolsLastBlockAtTheSameHeight", async () => {
    const created = await api.post(
      "create-token-transaction",
      {
        name: "Reorg Quote",
        symbol: "RQ",
        description: "Quoted on both sides of a reorg",
        image: `data:image/png;base64,${PNG_1x1}`,
        chainSlug: "base-sepolia",
        userAddress: trader.account.address,
      },
      jwt,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { transaction, metadata } = created.body as unknown as {
      transaction: { to: Address; data: `0x${string}`; gasLimit: string };
      metadata: { tokenId: string };
    };
    const hash = await trader.sendTransaction({
      to: transaction.to,
      data: transaction.data,
      gas: BigInt(transaction.gasLimit),
    });
    const receipt = await c.publicClient.waitForTransactionReceipt({ hash });
    const [event] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
    if (!event) throw new Error("no TokenCreated");
    const token = event.args.token;
    await buy(token, 100n * USDC);
    const snapshot = await c.testClient.snapshot();

    const sell = 1_000n * TOKEN;
    const quoteSell = async () => {
      const res = await api.post(
        "quote-token",
        { tokenId: metadata.tokenId, chainSlug: "base-sepolia", direction: "sell", inputToken: "token", amount: 1_000 },
        jwt,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.quote as { outputAmountBaseUnits: string }).outputAmountBaseUnits;
    };

    // Block N, first version: a small buy. Its quote is cached under the pool's last change.
    const first = await buy(token, 100n * USDC);
    await indexer.sync();
    expect(await indexedPoolHash(token)).toBe(first.blockHash);
    const before = await quoteSell();
    expect(before).toBe((await sellOnChain(token, sell)).toString());
    expect(await quoteSell()).toBe(before); // served from the cache now

    // Block N again, second version: a large buy, then one more block so the indexer sees the chain moved on.
    await c.testClient.revert({ id: snapshot });
    const second = await buy(token, 20_000n * USDC);
    expect(second.blockNumber).toBe(first.blockNumber);
    expect(second.blockHash).not.toBe(first.blockHash);
    await c.testClient.mine({ blocks: 1 });
    const deadline = Date.now() + 30_000;
    while ((await indexedPoolHash(token)) !== second.blockHash) {
      if (Date.now() > deadline) throw new Error("the indexer did not follow the reorg within 30 s");
      await sleep(100);
    }
    await indexer.sync();

    const after = await quoteSell();
    expect(after).toBe((await sellOnChain(token, sell)).toString());
    expect(after).not.toBe(before);
  });
});
