/**
 * A workload's graduations: a buy that takes a token past its migration supply, each in a block of its own, and
 * before the first one (p.earlyPool) a V3 pool someone created early for the launchpad to take over.
 */
import { type Address, maxUint256 } from "viem";
import { launchpadAbi, uniswapV3FactoryAbi, uniswapV3PoolAbi } from "../../../abis/index.js";
import * as curve from "../../../core/curve.js";
import { gasOf } from "./workload-blocks.js";
import { mintPosition } from "./workload-liquidity.js";
import { TOKEN, tickSpacing, USDC, type WorkloadRun } from "./workload-run.js";

/**
 * Takes an ungraduated token of `poolType` past its migration supply, in a block of its own. `exact`: with precisely
 * the USDC the curve still needs, so nothing is left for V3; otherwise with more, or with an exact-out buy past it.
 */
export async function graduate(
  run: WorkloadRun,
  tokens: readonly Address[],
  poolType: number,
  exact: boolean,
): Promise<void> {
  const { rng, read, blocks } = run;
  await blocks.mine();
  const views = await Promise.all(tokens.map((t) => read.pool(t)));
  let view = views.find((v) => v.poolType === poolType && !v.graduated);
  if (!view) return;
  if (run.p.earlyPool && !run.earlyDone) {
    run.earlyDone = true;
    await frontRun(run, view);
    view = await read.pool(view.token);
  }
  const { params, supply, token } = view;
  const launchpad = run.c.deployment.contracts.launchpad;
  const w = run.pick(run.wallets);
  const need = curve.grossUp(
    curve.cost(params, params.migrationSupply) - curve.cost(params, supply),
    params.tradeFeeBps,
  );
  const have = await read.usdc(w.account.address);
  if (have < need + 20_000n * USDC) await run.faucet(w, need + 20_000n * USDC - have);
  if (exact || rng.next() < 0.5) {
    // exact: precisely what the curve needs, so nothing is left for V3 and no V3 leg follows.
    const usdcIn = exact ? need : need + rng.amount(5_000n * USDC);
    await blocks.submit(w, "graduate", gasOf.graduate, {
      address: launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: run.tradeArgs(token, usdcIn, 0n),
    });
  } else {
    const tokensOut = params.migrationSupply - supply + rng.amount(10_000_000n * TOKEN);
    await blocks.submit(w, "graduate", gasOf.graduate, {
      address: launchpad,
      abi: launchpadAbi,
      functionName: "buyExactOut",
      args: run.tradeArgs(token, tokensOut, maxUint256),
    });
  }
  await blocks.mine();
  run.log(`graduated ${token} (pool type ${poolType})`);
}

/** Someone creates the token's V3 pool before it graduates, at four times the curve's final price. */
async function frontRun(run: WorkloadRun, view: { token: Address; params: curve.PoolTypeParams }): Promise<void> {
  const { token, params } = view;
  const { launchpad, usdc, v3Factory } = run.c.deployment.contracts;
  const { blocks, c } = run;
  const w = run.pick(run.wallets);
  await blocks.submit(w, "buyExactIn", gasOf.trade, {
    address: launchpad,
    abi: launchpadAbi,
    functionName: "buyExactIn",
    args: run.tradeArgs(token, 500n * USDC, 0n),
  });
  await blocks.submit(w, "setup", gasOf.pool, {
    address: v3Factory,
    abi: uniswapV3FactoryAbi,
    functionName: "createPool",
    args: [token, usdc, params.dexFeeTier],
  });
  await blocks.mine();
  const pool = await c.publicClient.readContract({
    address: v3Factory,
    abi: uniswapV3FactoryAbi,
    functionName: "getPool",
    args: [token, usdc, params.dexFeeTier],
  });
  const { num, den } = curve.finalPrice(params);
  await blocks.submit(w, "setup", gasOf.small, {
    address: pool,
    abi: uniswapV3PoolAbi,
    functionName: "initialize",
    args: [curve.sqrtPriceX96(4n * num, den, curve.isUsdcToken0(usdc, token))],
  });
  await blocks.mine();
  // Before graduation the token refuses transfers into its pool: liquidity there is USDC only, bids below the
  // pool's price (in USD per token), which graduation sells into on its way to the curve's final price.
  const spacing = tickSpacing[params.dexFeeTier] as number;
  const [, tick] = await c.publicClient.readContract({
    address: pool,
    abi: uniswapV3PoolAbi,
    functionName: "slot0",
  });
  const at = Math.floor(tick / spacing) * spacing;
  const range: [number, number] = curve.isUsdcToken0(usdc, token)
    ? [at + spacing, at + 11 * spacing]
    : [at - 10 * spacing, at];
  await mintPosition(run, w, token, params.dexFeeTier, range, 0n, 100n * USDC);
  await blocks.mine();
  run.log(`created ${token}'s V3 pool ${pool} early`);
}
