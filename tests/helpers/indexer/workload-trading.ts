/**
 * A workload's random actions on tokens: launchpad trades, token transfers, direct swaps on a graduated token's V3
 * pool, and fee claims. Each submits at most one transaction into the pending block (and maybe an approval first),
 * with amounts fitted to the state before that block.
 */
import { type Address, maxUint256 } from "viem";
import { launchpadAbi, launchTokenAbi, swapRouterAbi } from "../../../abis/index.js";
import * as curve from "../../../core/curve.js";
import type { Wallet } from "../chain.js";
import { gasOf, modes } from "./workload-blocks.js";
import { TOKEN, USDC, type WorkloadRun } from "./workload-run.js";

/**
 * A launchpad trade of `w` on `token` in a random mode (a buy when `w` has too little to sell), with an amount the
 * curve or the V3 pool can take. `shared`: another transaction of the block trades `token` too, so bounds are loose.
 */
export async function trade(run: WorkloadRun, w: Wallet, token: Address, shared: boolean): Promise<void> {
  const { rng, read } = run;
  let mode = run.pick(modes);
  const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
  const { params, supply, graduated } = view;
  // Below these a sell moves nothing and reverts with ZeroAmount.
  const minSell = graduated ? 1_000n * TOKEN : 1n;
  const curveOut = (tokens: bigint) => (graduated ? 0n : curve.sellExactIn(params, supply, tokens).usdcAmount);
  if (mode.startsWith("sell") && (balance < minSell || (!graduated && curveOut(balance) === 0n))) {
    mode = mode === "sellExactIn" ? "buyExactIn" : "buyExactOut";
  }
  let amount: bigint;
  let bound = mode.endsWith("ExactIn") ? 0n : maxUint256;
  let gas: bigint = gasOf.trade;
  if (mode === "buyExactIn") {
    amount = 1_000n + rng.amount(3_000n * USDC);
    if (!graduated && curve.buyExactIn(params, supply, amount).graduates) gas = gasOf.graduate;
  } else if (mode === "buyExactOut") {
    let max = 20_000_000n * TOKEN;
    if (graduated) {
      const depth = await read.balance(token, view.v3Pool);
      if (depth / 10n < max) max = depth / 10n;
    }
    amount = 10n ** 15n + rng.amount(max);
    if (!graduated && curve.buyExactOut(params, supply, amount).graduates) gas = gasOf.graduate;
  } else if (mode === "sellExactIn") {
    amount = rng.next() < 0.15 ? balance : minSell + rng.amount(balance - minSell);
    if (curveOut(amount) === 0n && !graduated) amount = balance;
    // On the curve, the tightest bound that still passes: exactly the quoted output.
    if (!shared) bound = curveOut(amount);
  } else {
    let max: bigint;
    if (graduated) {
      const depth = await read.usdc(view.v3Pool);
      max = curve.marketCapAt(view.price, balance) / 4n;
      if (depth / 10n < max) max = depth / 10n;
    } else {
      max = curveOut(balance);
    }
    // The block may have moved the price against this seller already.
    if (shared) max /= 2n;
    if (max < 10n) {
      mode = "sellExactIn";
      amount = balance;
      bound = 0n;
    } else {
      amount = rng.amount(max);
      bound = balance;
    }
  }
  await run.blocks.submit(w, mode, gas, {
    address: run.c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: mode,
    args: run.tradeArgs(token, amount, bound),
  });
}

/** A transfer of `token` from `w`: mostly to another wallet or an outsider, a few to itself or of nothing. */
export async function transfer(run: WorkloadRun, w: Wallet, token: Address): Promise<void> {
  const { rng, pick } = run;
  const balance = await run.read.balance(token, w.account.address);
  if (balance === 0n) return;
  const r = rng.next();
  // Mostly real moves; a few self-transfers and zero-value transfers, which change no balance.
  const to = r < 0.05 ? w.account.address : r < 0.55 ? pick(run.wallets).account.address : pick(run.outsiders);
  const amount = r > 0.97 ? 0n : rng.next() < 0.25 ? balance : rng.amount(balance);
  await run.blocks.submit(w, "transfer", gasOf.small, {
    address: token,
    abi: launchTokenAbi,
    functionName: "transfer",
    args: [to, amount],
  });
}

/** A swap of `w` on graduated `token`'s V3 pool through the router, past the launchpad; the output may go elsewhere. */
export async function directSwap(run: WorkloadRun, w: Wallet, token: Address): Promise<void> {
  const { rng, read } = run;
  const { usdc, swapRouter } = run.c.deployment.contracts;
  const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
  const buy = balance < 2_000n * TOKEN || rng.next() < 0.5;
  const amountIn = buy ? 1_000n + rng.amount(2_000n * USDC) : 1_000n * TOKEN + rng.amount(balance - 1_000n * TOKEN);
  if (!buy && !run.routerApproved.has(`${w.account.address}-${token}`)) {
    await run.blocks.submit(w, "setup", gasOf.small, {
      address: token,
      abi: launchTokenAbi,
      functionName: "approve",
      args: [swapRouter, maxUint256],
    });
    run.routerApproved.add(`${w.account.address}-${token}`);
  }
  await run.blocks.submit(w, "directSwap", gasOf.trade, {
    address: swapRouter,
    abi: swapRouterAbi,
    functionName: "exactInputSingle",
    args: [
      {
        tokenIn: buy ? usdc : token,
        tokenOut: buy ? token : usdc,
        fee: view.params.dexFeeTier,
        recipient: rng.next() < 0.8 ? w.account.address : run.pick(run.outsiders),
        deadline: maxUint256,
        amountIn,
        amountOutMinimum: 0n,
        sqrtPriceLimitX96: 0n,
      },
    ],
  });
}

/** A fee claim by the first wallet, from a random one on, that is free in this block and has fees to claim. */
export async function claim(run: WorkloadRun): Promise<void> {
  const ws = run.wallets.filter((w) => !run.blocks.busyWallets.has(w));
  const start = run.rng.int(Math.max(ws.length, 1));
  for (let i = 0; i < ws.length; i++) {
    const w = ws[(start + i) % ws.length] as Wallet;
    if ((await run.read.claimable(w.account.address)) === 0n) continue;
    await run.blocks.submit(w, "claim", gasOf.small, {
      address: run.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "claimFees",
      args: [],
    });
    return;
  }
}

/**
 * Graduated-pool fees: a free wallet collects `token`'s pool fees (anyone may), or its creator, when free and owed
 * launch tokens, claims them.
 */
export async function collect(run: WorkloadRun, token: Address): Promise<void> {
  const { launchpad } = run.c.deployment.contracts;
  const view = await run.read.pool(token);
  const creator = run.wallets.find((w) => w.account.address.toLowerCase() === view.creator.toLowerCase());
  if (creator && !run.blocks.busyWallets.has(creator)) {
    const owed = await run.c.publicClient.readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: "claimableToken",
      args: [token, creator.account.address],
    });
    if (owed > 0n) {
      await run.blocks.submit(creator, "claim", gasOf.small, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "claimTokenFees",
        args: [token],
      });
      return;
    }
  }
  const w = run.wallets.find((x) => !run.blocks.busyWallets.has(x));
  if (!w) return;
  await run.blocks.submit(w, "claim", gasOf.trade, {
    address: launchpad,
    abi: launchpadAbi,
    functionName: "collectPoolFees",
    args: [token],
  });
}
