/**
 * A workload's V3 positions, held by its wallets through the position manager: minted in narrow ranges in and out
 * of the current tick, and taken out again partly or wholly.
 */
import { type Address, maxUint256, parseEventLogs, type TransactionReceipt } from "viem";
import { launchTokenAbi, nonfungiblePositionManagerAbi, uniswapV3PoolAbi } from "../../../abis/index.js";
import * as curve from "../../../core/curve.js";
import type { Wallet } from "../chain.js";
import { gasOf } from "./workload-blocks.js";
import { TOKEN, tickSpacing, USDC, type WorkloadRun } from "./workload-run.js";

/**
 * Mints a V3 position of `w` through the position manager, remembering it for a later decrease. Amounts are the
 * desired ones, in token wei and USDC base units; the ticks must be multiples of `fee`'s tick spacing.
 */
export async function mintPosition(
  run: WorkloadRun,
  w: Wallet,
  token: Address,
  fee: number,
  [tickLower, tickUpper]: [number, number],
  tokenAmount: bigint,
  usdcAmount: bigint,
): Promise<void> {
  const { usdc, positionManager } = run.c.deployment.contracts;
  const key = `${w.account.address}-${token}`;
  if (!run.npmApproved.has(key)) {
    await run.blocks.submit(w, "setup", gasOf.small, {
      address: token,
      abi: launchTokenAbi,
      functionName: "approve",
      args: [positionManager, maxUint256],
    });
    run.npmApproved.add(key);
  }
  const usdcFirst = curve.isUsdcToken0(usdc, token);
  const params = {
    token0: usdcFirst ? usdc : token,
    token1: usdcFirst ? token : usdc,
    fee,
    tickLower,
    tickUpper,
    amount0Desired: usdcFirst ? usdcAmount : tokenAmount,
    amount1Desired: usdcFirst ? tokenAmount : usdcAmount,
    amount0Min: 0n,
    amount1Min: 0n,
    recipient: w.account.address,
    deadline: maxUint256,
  };
  const remember = (r: TransactionReceipt) => {
    const [ev] = parseEventLogs({
      abi: nonfungiblePositionManagerAbi,
      logs: r.logs,
      eventName: "IncreaseLiquidity",
    });
    if (ev) run.positions.set(key, { tokenId: ev.args.tokenId, liquidity: ev.args.liquidity });
  };
  await run.blocks.submit(
    w,
    "liquidity",
    gasOf.trade,
    { address: positionManager, abi: nonfungiblePositionManagerAbi, functionName: "mint", args: [params] },
    remember,
  );
}

/** Adds a narrow position on a graduated token's pool (in or out of range), or takes one partly or wholly out. */
export async function provide(run: WorkloadRun, w: Wallet, token: Address): Promise<void> {
  const { rng, read } = run;
  const position = run.positions.get(`${w.account.address}-${token}`);
  if (position && position.liquidity > 0n && rng.next() < 0.5) {
    const liquidity = rng.next() < 0.5 ? position.liquidity : position.liquidity / 2n;
    position.liquidity -= liquidity;
    await run.blocks.submit(w, "liquidity", gasOf.trade, {
      address: run.c.deployment.contracts.positionManager,
      abi: nonfungiblePositionManagerAbi,
      functionName: "decreaseLiquidity",
      args: [{ tokenId: position.tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
    });
    return;
  }
  const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
  if (balance < 1_000n * TOKEN) return;
  const [, tick] = await run.c.publicClient.readContract({
    address: view.v3Pool,
    abi: uniswapV3PoolAbi,
    functionName: "slot0",
  });
  const spacing = tickSpacing[view.params.dexFeeTier] as number;
  const lower = (Math.floor(tick / spacing) + rng.int(9) - 6) * spacing;
  const range: [number, number] = [lower, lower + (1 + rng.int(5)) * spacing];
  await mintPosition(run, w, token, view.params.dexFeeTier, range, balance / 5n, 1_000n + rng.amount(500n * USDC));
}

/**
 * Last, a full-range position (always in range) of a random wallet on a random graduated pool, if there is one: no
 * swap follows it, so its Mint is the pool's latest change.
 */
export async function closingPosition(run: WorkloadRun, tokens: Address[]): Promise<void> {
  const views = await Promise.all(tokens.map((t) => run.read.pool(t)));
  const last = views.filter((v) => v.graduated);
  if (last.length === 0) return;
  const { token, params } = run.pick(last);
  const w = run.pick(run.wallets);
  const spacing = tickSpacing[params.dexFeeTier] as number;
  const full = Math.floor(887_272 / spacing) * spacing;
  const balance = await run.read.balance(token, w.account.address);
  await mintPosition(run, w, token, params.dexFeeTier, [-full, full], balance / 10n, 50n * USDC);
  await run.blocks.mine();
}
