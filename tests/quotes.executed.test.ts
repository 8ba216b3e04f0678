/**
 * core/quote.ts against what the chain does, on the global anvil with an indexer following it:
 * - 208 random bonding-curve quotes (all four modes, meme and startup-preseed pools), each computed from the
 *   INDEXED pool state (re-synced before every round) and then executed through the worker's executeIntent (in
 *   process) with its bound set to exactly the quoted amount; the wallet's balance changes equal the quote to the wei.
 * - Graduated tokens: QuoterV2 quotes (four tiers in one Multicall3 call) equal the executed launchpad swaps in all
 *   four modes, and the only tier with liquidity (the pool type's: 10000 meme, 3000 startup-preseed) is the one
 *   quoted, the other tiers reported failed.
 * Wallets: a funded wallet of this file's own creates tokens and pays gas for the faucet; custodial wallets 1–6 of
 * this file's own WALLET_SECRET trade.
 */
import pg from "pg";
import { type Address, encodeFunctionData, type Hex, maxUint256, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi } from "../abis/index.js";
import type { ApiDeps } from "../api/deps.js";
import { getIndexedTokens } from "../api/services/tokens/lookup.js";
import { noAttribution } from "../core/fees.js";
import { type QuoteMode, type QuoteReturnType, quote } from "../core/quote.js";
import { errorAbi } from "../core/reverts.js";
import { walletAddress } from "../core/wallets.js";
import { createIntent } from "../db/intents.js";
import { executeIntent } from "../worker/processors/execute.js";
import { localSigner } from "../worker/signer.js";
import { startTestIndexer } from "./helpers/api.js";
import { type Chain, chain, createToken, fundedWallets, prng, send, type Wallet } from "./helpers/chain.js";
import { uniqueName, type WorkerContext, workerContext } from "./helpers/worker.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
const MEME = 7;
const PRESEED = 8;
const secret = uniqueName("worker-quotes-secret");
const modes: QuoteMode[] = ["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"];

let c: Chain;
/** Creates the tokens and pays gas for the faucet. */
let creator: Wallet;
let ctx: WorkerContext;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let execDeps: Parameters<typeof executeIntent>[0];

const isBuy = (m: QuoteMode) => m.startsWith("buy");
const isExactIn = (m: QuoteMode) => m === "buyExactIn" || m === "sellExactIn";

async function balances(who: Address, token: Address) {
  const [usdc, tokens] = await Promise.all([
    c.publicClient.readContract({
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "balanceOf",
      args: [who],
    }),
    c.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "balanceOf", args: [who] }),
  ]);
  return { usdc, tokens };
}

/** Create an intent for custodial wallet `index` and execute it in process; throws unless it is confirmed. */
async function execute(index: number, to: Address, data: Hex, kind: "trade" | "approval" = "trade") {
  const { intent } = await createIntent(ctx.db, ctx.appSchema, {
    idempotencyKey: uniqueName("quote-key"),
    userId: null,
    kind,
    chainSlug: c.deployment.chainSlug,
    chainId: c.deployment.chainId,
    walletIndex: index,
    from: walletAddress(secret, index),
    to,
    data,
  });
  const result = await executeIntent(execDeps, intent.id);
  if (result.status !== "confirmed") throw new Error(`intent ${intent.id} ${result.status}: ${result.error_reason}`);
  return result;
}

/** A custodial wallet with ether, `usdc` USDC base units and an unlimited launchpad allowance. */
async function fundCustodial(index: number, usdc: bigint) {
  const address = walletAddress(secret, index);
  await c.testClient.setBalance({ address, value: parseEther("100") });
  const limit = 1_000_000n * USDC;
  for (let left = usdc; left > 0n; left -= left > limit ? limit : left) {
    await send(c, creator, {
      address: c.deployment.contracts.usdc,
      abi: mockUsdcAbi,
      functionName: "faucet",
      args: [address, left > limit ? limit : left],
    } as never);
  }
  await execute(
    index,
    c.deployment.contracts.usdc,
    encodeFunctionData({
      abi: mockUsdcAbi,
      functionName: "approve",
      args: [c.deployment.contracts.launchpad, maxUint256],
    }),
    "approval",
  );
  return address;
}

/** The indexed pool of a token, as the API reads it. */
async function indexedPool(tokenLayerId: Hex) {
  const deps = { db: ixDb, config: { indexerSchema: indexer.schema } } as unknown as ApiDeps;
  const [t] = await getIndexedTokens(deps, tokenLayerId);
  if (!t?.pool) throw new Error(`token ${tokenLayerId} is not indexed`);
  return { address: t.address, pool: t.pool };
}

/** The launchpad call of `mode` with its bound at exactly the quoted amount: any difference makes it revert. */
function exactCall(mode: QuoteMode, token: Address, amount: bigint, q: { inputAmount: bigint; outputAmount: bigint }) {
  const bound = isExactIn(mode) ? q.outputAmount : q.inputAmount;
  return encodeFunctionData({
    abi: launchpadAbi,
    functionName: mode,
    args: [token, amount, bound, maxUint256, noAttribution],
  });
}

/** Execute the quoted trade and return what the wallet paid and got. */
async function executeQuoted(index: number, token: Address, mode: QuoteMode, amount: bigint, q: QuoteReturnType) {
  const who = walletAddress(secret, index);
  const amounts = q.execution ?? q;
  const before = await balances(who, token);
  await execute(index, c.deployment.contracts.launchpad, exactCall(mode, token, amount, amounts));
  const after = await balances(who, token);
  const dUsdc = after.usdc - before.usdc;
  const dToken = after.tokens - before.tokens;
  return isBuy(mode) ? { paid: -dUsdc, got: dToken } : { paid: -dToken, got: dUsdc };
}

const contracts = () => ({
  usdc: c.deployment.contracts.usdc,
  quoterV2: c.deployment.contracts.quoterV2,
  multicall3: c.deployment.contracts.multicall3,
});

/** The indexer's database (one per test file, see tests/helpers/api.ts). */
let ixDb: pg.Pool;

beforeAll(async () => {
  c = chain();
  [creator] = await fundedWallets(c, 1);
  indexer = await startTestIndexer();
  ixDb = new pg.Pool({ connectionString: indexer.databaseUrl, max: 2 });
  ctx = await workerContext();
  execDeps = {
    db: ctx.db,
    appSchema: ctx.appSchema,
    signer: localSigner(secret),
    clients: new Map([[c.deployment.chainId, c.publicClient as never]]),
    errorAbi,
  };
});

afterAll(async () => {
  await ctx?.cleanup();
  await ixDb?.end();
  await indexer?.close();
});

describe("bonding-curve quotes from indexed state", () => {
  it("test_quote_equalsExecutedTrade_for208RandomCurveTrades", async () => {
    const rand = prng(0x5eed_0001);
    const poolTypes = [MEME, MEME, PRESEED, PRESEED];
    const tokens: { address: Address; layerId: Hex; index: number; held: bigint }[] = [];
    for (const [i, poolType] of poolTypes.entries()) {
      const { token, tokenLayerId } = await createToken(c, creator, poolType, { symbol: `Q${i}` });
      await fundCustodial(i + 1, 2_000_000n * USDC);
      tokens.push({ address: token, layerId: tokenLayerId, index: i + 1, held: 0n });
    }
    const rounds = 52;
    const seen = new Map<string, number>();
    let compared = 0;
    for (let round = 0; round < rounds; round++) {
      await indexer.sync();
      const cases = await Promise.all(
        tokens.map(async (t) => {
          const { pool } = await indexedPool(t.layerId);
          expect(pool.graduated).toBe(false);
          // Buys until the wallet holds tokens, then every mode in turn, in a random order.
          let mode = t.held === 0n ? (rand.next() < 0.5 ? "buyExactIn" : "buyExactOut") : modes[rand.int(4)];
          if (!mode) throw new Error("unreachable");
          let amount =
            mode === "buyExactIn"
              ? rand.amount(3_000n * USDC)
              : mode === "buyExactOut"
                ? rand.amount(30_000_000n * TOKEN)
                : mode === "sellExactIn"
                  ? rand.amount(t.held)
                  : rand.amount((pool.price * t.held) / 10n ** 30n + 1n);
          // Shrink until the quote is valid, does not graduate the pool and (sells) fits the wallet's tokens.
          for (let tries = 0; ; tries++) {
            if (tries > 40) {
              mode = "buyExactIn";
              amount = 1_000n * USDC;
            }
            try {
              const q = await quote({ mode, amount, token: t.address, pool, contracts: contracts() });
              const fits = isBuy(mode) || q.inputAmount <= t.held;
              if (!q.graduates && fits) return { t, mode, amount, q };
            } catch (error) {
              if (!(error instanceof Error) || !/Amount|liquidity/.test(error.message)) throw error;
              if (tries > 40) throw error;
            }
            amount = amount / 2n + (tries % 2 === 0 ? 1n : 0n);
            if (amount === 0n) amount = 1n;
          }
        }),
      );
      const results = await Promise.all(
        cases.map(async ({ t, mode, amount, q }) => ({
          t,
          mode,
          amount,
          q,
          r: await executeQuoted(t.index, t.address, mode, amount, q),
        })),
      );
      for (const { t, mode, amount, q, r } of results) {
        const label = `round ${round} token ${t.index} ${mode} ${amount}`;
        expect(q.protocol, label).toBe("bonding_curve");
        expect(r.paid, `${label}: paid`).toBe(q.inputAmount);
        expect(r.got, `${label}: got`).toBe(q.outputAmount);
        t.held += isBuy(mode) ? r.got : -r.paid;
        const k = `${t.index <= 2 ? "meme" : "preseed"}:${mode}`;
        seen.set(k, (seen.get(k) ?? 0) + 1);
        compared++;
      }
    }
    expect(compared).toBe(rounds * tokens.length);
    expect(compared).toBeGreaterThanOrEqual(200);
    // Every mode on both pool types was exercised.
    for (const type of ["meme", "preseed"])
      for (const m of modes) expect(seen.has(`${type}:${m}`), `${type}:${m}`).toBe(true);
  });
});

describe("graduated tokens: QuoterV2 over four fee tiers", () => {
  async function graduate(poolType: number, index: number, usdc: bigint) {
    const { token, tokenLayerId } = await createToken(c, creator, poolType, { symbol: "GRQ" });
    await fundCustodial(index, usdc + 100_000n * USDC);
    // A buy that crosses graduation; its V3 remainder is an estimate, so no bound.
    await execute(
      index,
      c.deployment.contracts.launchpad,
      encodeFunctionData({
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, usdc, 0n, maxUint256, noAttribution],
      }),
    );
    await indexer.sync();
    const { pool } = await indexedPool(tokenLayerId);
    expect(pool.graduated).toBe(true);
    return { token, tokenLayerId };
  }

  for (const [name, poolType, index, raise, tier] of [
    ["meme", MEME, 5, 45_000n * USDC, 10_000],
    ["startup-preseed", PRESEED, 6, 310_000n * USDC, 3_000],
  ] as const) {
    it(`test_v3Quote_equalsExecutedSwap_inAllFourModes_andUsesTheOnlyTierWithLiquidity_${name}`, async () => {
      const { token, tokenLayerId } = await graduate(poolType, index, raise);
      const rand = prng(0x5eed_0002 + poolType);
      const scale = poolType === MEME ? 1n : 5n;
      let compared = 0;
      for (let round = 0; round < 3; round++) {
        for (const mode of modes) {
          await indexer.sync();
          const { pool } = await indexedPool(tokenLayerId);
          const amount =
            mode === "buyExactIn"
              ? rand.amount(1_000n * scale * USDC) + USDC
              : mode === "buyExactOut"
                ? rand.amount(5_000_000n * TOKEN) + TOKEN
                : mode === "sellExactIn"
                  ? rand.amount(5_000_000n * TOKEN) + TOKEN
                  : rand.amount(200n * scale * USDC) + USDC;
          const q = await quote({ mode, amount, token, pool, contracts: contracts(), rpcUrl: c.rpcUrl });
          const label = `${name} round ${round} ${mode} ${amount}`;
          expect(q.protocol, label).toBe("uniswap_v3");
          expect(q.feeTier, label).toBe(tier);
          expect(q.execution?.feeTier, label).toBe(tier);
          expect(
            q.tiers.map((t) => [t.feeTier, t.ok]),
            label,
          ).toEqual([100, 500, 3000, 10000].map((f) => [f, f === tier]));
          expect(q.execution?.inputAmount).toBe(q.inputAmount);
          expect(q.execution?.outputAmount).toBe(q.outputAmount);
          const r = await executeQuoted(index, token, mode, amount, q);
          expect(r.paid, `${label}: paid`).toBe(q.inputAmount);
          expect(r.got, `${label}: got`).toBe(q.outputAmount);
          compared++;
        }
      }
      expect(compared).toBe(12);
    });
  }
});
