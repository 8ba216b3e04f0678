/**
 * A workload's graduations: a buy that takes a token past its migration supply, each in a block of its own. (The
 * token's V3 pool exists from its creation, pinned until graduation: nobody can front-run it.)
 */
import { type Address, maxUint256 } from "viem";
import { launchpadAbi } from "../../../abis/index.js";
import * as curve from "../../../core/curve.js";
import { gasOf } from "./workload-blocks.js";
import { TOKEN, USDC, type WorkloadRun } from "./workload-run.js";

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
  const view = views.find((v) => v.poolType === poolType && !v.graduated);
  if (!view) return;
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
