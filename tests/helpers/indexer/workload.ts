/**
 * A seeded random workload on the launchpad, for the indexer's integration tests: setup, token creation, then
 * random steps (trades, transfers, direct V3 swaps, claims, V3 positions) with graduations spread among them.
 */
import { type Address, keccak256, maxUint256, parseEther, toHex } from "viem";
import { launchpadAbi, mockUsdcAbi } from "../../../abis/index.js";
import type { Chain } from "../chain.js";
import { gasOf, type WorkloadCounts } from "./workload-blocks.js";
import { graduate } from "./workload-graduation.js";
import { closingPosition, provide } from "./workload-liquidity.js";
import { MEME, PRESEED, startRun, USDC, type WorkloadParameters, type WorkloadRun } from "./workload-run.js";
import { claim, collect, directSwap, trade, transfer } from "./workload-trading.js";

export type { WorkloadParameters } from "./workload-run.js";

export type WorkloadReturnType = {
  /** Every token the workload traded: created ones first. */
  tokens: Address[];
  created: Address[];
  counts: WorkloadCounts;
  firstBlock: bigint;
  lastBlock: bigint;
  ms: number;
};

/**
 * A seeded random workload on the launchpad of `c`. Every choice comes from the seed. Transactions go out in blocks
 * the workload mines itself (anvil's automine is off meanwhile, and restored after): within a block every
 * transaction has a wallet and a token of its own, so amounts fitted to the state before the block (balances,
 * curve supply, V3 depth) still fit when it runs, and hardly anything reverts.
 */
export async function runWorkload(c: Chain, p: WorkloadParameters): Promise<WorkloadReturnType> {
  const started = Date.now();
  const run = startRun(c, p);
  const firstBlock = (await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
  for (const w of run.wallets) await c.testClient.setBalance({ address: w.account.address, value: parseEther("1000") });
  await run.blocks.automine(false);
  try {
    await setUp(run);
    // Salts from the seed and the chain's height: the same run on the same chain creates the same addresses.
    const tokens = await createTokens(run, `ix-${p.seed}-${firstBlock}`);
    await randomSteps(run, tokens);
    await run.blocks.mine();
    if (p.liquidity) await closingPosition(run, tokens);
    await closingCollections(run, tokens);
    const lastBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    return {
      tokens,
      created: run.blocks.created,
      counts: run.blocks.counts,
      firstBlock,
      lastBlock,
      ms: Date.now() - started,
    };
  } finally {
    await run.blocks.mine().catch(() => {});
    await run.blocks.automine(true);
  }
}

/**
 * At the end, whatever the random steps did: each graduated token's pool fees collected, then its creator's launch
 * tokens from them claimed (collect does the one or the other), so that every run has both kinds of log.
 */
async function closingCollections(run: WorkloadRun, tokens: Address[]): Promise<void> {
  for (const token of tokens) {
    if (!(await run.read.pool(token)).graduated) continue;
    for (let i = 0; i < 2; i++) {
      await collect(run, token);
      await run.blocks.mine();
    }
  }
}

/**
 * The owner approves the outsiders as builders and referrers; every wallet gets its USDC and approves the launchpad,
 * the swap router and the position manager, all in one block.
 */
async function setUp(run: WorkloadRun): Promise<void> {
  const { c, p, blocks } = run;
  const { launchpad, usdc, swapRouter, positionManager } = c.deployment.contracts;
  const owner = c.wallet(p.owner ?? 0);
  for (const outsider of run.outsiders) {
    await blocks.submit(owner, "setup", gasOf.small, {
      address: launchpad,
      abi: launchpadAbi,
      functionName: "setBuilder",
      args: [outsider, 50],
    });
    await blocks.submit(owner, "setup", gasOf.small, {
      address: launchpad,
      abi: launchpadAbi,
      functionName: "setReferrer",
      args: [outsider, true],
    });
  }
  // USDC and approvals of the launchpad and the router, all in one block.
  for (const w of run.wallets) {
    await run.faucet(w, p.fund ?? 1_000_000n * USDC);
    for (const spender of [launchpad, swapRouter, positionManager]) {
      await blocks.submit(w, "setup", gasOf.small, {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "approve",
        args: [spender, maxUint256],
      });
    }
  }
  await blocks.mine();
}

/**
 * Creates p.create tokens, alternating meme and startup-preseed, some with an initial buy, with salts from
 * `saltBase`. Returns every token the workload trades: the created ones, then p.tokens.
 */
async function createTokens(run: WorkloadRun, saltBase: string): Promise<Address[]> {
  const { p, rng, blocks } = run;
  for (let i = 0; i < (p.create ?? 0); i++) {
    const graduates = p.graduateAtCreation === true && i === 0;
    const poolType = graduates || i % 2 === 0 ? MEME : PRESEED;
    const creator = run.pick(run.wallets);
    if (blocks.busyWallets.has(creator)) await blocks.mine();
    const initialBuyUsdc = graduates ? 45_000n * USDC : rng.next() < 0.3 ? 1_000n + rng.amount(2_000n * USDC) : 0n;
    await blocks.submit(creator, "create", graduates ? gasOf.create + gasOf.graduate : gasOf.create, {
      address: run.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "createToken",
      args: [
        {
          // Names exercise quoting and multi-byte text on the way to Postgres.
          name: i % 5 === 4 ? `Ünïcødé "${i}" 🚀` : `Indexer Token ${i}`,
          symbol: `IX${i}`,
          tokenURI: `ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy#${i}`,
          poolType,
          salt: keccak256(toHex(`${saltBase}-${i}`)),
          attribution: run.attribution(),
          initialBuyUsdc,
          minTokensOut: 0n,
          deadline: maxUint256,
        },
      ],
    });
  }
  await blocks.mine();
  const tokens = [...blocks.created, ...(p.tokens ?? [])];
  if (tokens.length === 0) throw new Error("runWorkload needs tokens: set create or tokens.");
  return tokens;
}

/** The step at which each graduation of p.graduate happens, with its pool type: evenly spaced over the steps. */
function graduationSchedule(p: WorkloadParameters): Map<number, number> {
  const schedule = new Map<number, number>();
  const grads = [
    ...Array<number>(p.graduate?.meme ?? 0).fill(MEME),
    ...Array<number>(p.graduate?.preseed ?? 0).fill(PRESEED),
  ];
  grads.forEach((poolType, i) => {
    schedule.set(Math.floor(((i + 0.5) * p.steps) / (grads.length + 1)), poolType);
  });
  return schedule;
}

/**
 * p.steps random actions on `tokens`, each by a wallet and mostly on a token the pending block does not use yet
 * (the block is mined when none is left), with the scheduled graduations and the fee recipient's move among them.
 */
async function randomSteps(run: WorkloadRun, tokens: Address[]): Promise<void> {
  const { c, p, rng, blocks } = run;
  // Graduations at evenly spaced steps, so trading continues on V3 after each; the first one exact.
  const schedule = graduationSchedule(p);
  let exactDone = false;
  let feeRecipientSet = false;
  let graduated: Address[] = [];
  for (let step = 0; step < p.steps; step++) {
    const poolType = schedule.get(step);
    if (poolType !== undefined) {
      await graduate(run, tokens, poolType, !exactDone);
      exactDone = true;
      graduated = [];
      continue;
    }
    if (p.feeRecipient && step === Math.floor(p.steps / 2) && !feeRecipientSet) {
      feeRecipientSet = true;
      await blocks.submit(c.wallet(p.feeRecipient.owner), "setup", gasOf.small, {
        address: c.deployment.contracts.launchpad,
        abi: launchpadAbi,
        functionName: "setProtocolFeeRecipient",
        args: [p.feeRecipient.to],
      });
    }
    const r = rng.next();
    // Direct swaps (0.07..0.12), pool fee collections and claims (0.135..0.15) and liquidity changes (0.15..0.18)
    // need a graduated token.
    const wantsV3 =
      (r >= 0.07 && r < 0.12) || (r >= 0.135 && r < 0.15) || (p.liquidity === true && r >= 0.15 && r < 0.18);
    if (wantsV3 && graduated.length === 0) {
      const views = await Promise.all(tokens.map((t) => run.read.pool(t)));
      graduated = views.filter((v) => v.graduated).map((v) => v.token);
    }
    const onV3 = wantsV3 && graduated.length > 0;
    const slot = run.free(onV3 ? graduated : tokens);
    if (!slot) {
      await blocks.mine();
      if (p.stop?.()) break;
      step--;
      continue;
    }
    if (r < 0.07) await transfer(run, slot.w, slot.token);
    else if (r < 0.12 && onV3) await directSwap(run, slot.w, slot.token);
    else if (r >= 0.135 && r < 0.15 && onV3) await collect(run, slot.token);
    else if (r >= 0.12 && r < 0.15) await claim(run);
    else if (r >= 0.15 && r < 0.18 && onV3) await provide(run, slot.w, slot.token);
    else await trade(run, slot.w, slot.token, slot.shared);
  }
}
