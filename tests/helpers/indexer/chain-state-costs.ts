/**
 * Average cost, replayed from the logs alone: every holder's cost basis and realised PnL, each trade's realised PnL,
 * and the transfer rows (transfers between holders, which are not trade legs).
 *
 * The method, written again here from its statement in ponder.schema.ts (holder), not from the indexer's code:
 * - a buy adds what the trader paid; a token received from another holder adds balance × the pool's price / 1e30;
 * - a sell, or a transfer to another holder, removes cost × amount / balance before (rounded down); a sell realises
 *   what it received less that;
 * - curve mints and burns and transfers to or from the token's V3 pool are trade legs: they move the balance only;
 * - transfers to and from the token itself are its OFT lock (moves to and from other chains): valued like transfers
 *   between holders, but the lock is no holder and they make no transfer row.
 * The pool's price is the last one a log set: TokenCreated (the curve at zero supply), Trade, Graduated, or a swap on
 * the graduated token's V3 pool.
 */
import { type Hex, zeroAddress } from "viem";
import * as curve from "../../../core/curve.js";
import type { Chain } from "../chain.js";
import { type AnyLog, type ChainLogs, lower, order } from "./chain-state-reads.js";
import type { Row } from "./dump.js";

/** A holder's average-cost book, USDC base units; its balance in token wei. */
export type Cost = { balance: bigint; costBasis: bigint; realisedPnl: bigint; updatedBlock: bigint };

export type CostReplay = {
  /** By `<token>-<holder>`. */
  costs: Map<string, Cost>;
  transfers: Row[];
};

const VALUE_SCALE = 10n ** 30n;

/**
 * Replays `logs` in chain order against `trades` (the trade rows, by id), setting each trade's realisedPnl. `time`
 * gives a block's timestamp.
 */
export function replayCosts(c: Chain, logs: ChainLogs, trades: Row[], time: (block: bigint) => bigint): CostReplay {
  const chainId = c.deployment.chainId;
  const launchpad = lower(c.deployment.contracts.launchpad);
  const tradeById = new Map(trades.map((t) => [t.id as string, t]));
  const poolToken = new Map([...logs.graduations.values()].map((g) => [lower(g.args.v3Pool as string), g]));
  const price = new Map<Hex, bigint>();
  const v3Of = new Map<Hex, Hex>();
  const costs = new Map<string, Cost>();
  const transfers: Row[] = [];
  const book = (token: Hex, who: Hex, block: bigint) => {
    const key = `${token}-${who}`;
    let h = costs.get(key);
    if (!h) {
      h = { balance: 0n, costBasis: 0n, realisedPnl: 0n, updatedBlock: block };
      costs.set(key, h);
    }
    return h;
  };
  const all = [...logs.launchpadLogs, ...logs.tokenLogs, ...logs.poolLogs].sort(order);
  for (const l of all) {
    const a = l.args;
    const id = `${chainId}-${l.transactionHash}-${l.logIndex}`;
    const address = lower(l.address);
    if (address === launchpad) {
      const token = lower((a.token as string | undefined) ?? zeroAddress);
      if (l.eventName === "TokenCreated") price.set(token, curve.price(a.params as curve.PoolTypeParams, 0n));
      else if (l.eventName === "Graduated") {
        v3Of.set(token, lower(a.v3Pool as string));
        price.set(token, (a.state as { price: bigint }).price);
      } else if (l.eventName === "Trade") {
        price.set(token, (a.state as { price: bigint }).price);
        bookTrade(tradeById.get(id), book);
      }
    } else if (poolToken.has(address)) {
      const grad = poolToken.get(address) as AnyLog;
      if (l.eventName !== "Swap" || order(l, grad) < 0) continue;
      const token = lower(grad.args.token as string);
      price.set(
        token,
        curve.priceFromSqrt(a.sqrtPriceX96 as bigint, curve.isUsdcToken0(c.deployment.contracts.usdc, token)),
      );
      // A direct swap is a trade row of its own; one through the launchpad is booked from its Trade log.
      const trade = tradeById.get(id);
      if (trade) bookTrade(trade, book);
    } else {
      const { from, to, value } = a as { from: Hex; to: Hex; value: bigint };
      const [f, t] = [lower(from), lower(to)];
      if (f === t || value === 0n) continue;
      const v3 = v3Of.get(address);
      const between = f !== zeroAddress && t !== zeroAddress && f !== v3 && t !== v3;
      const now = price.get(address) ?? 0n;
      // The token's own address is its OFT lock (what other chains hold or is in flight): no holder, no transfer row.
      const bridged = f === address || t === address;
      if (f !== zeroAddress && f !== address) {
        const h = book(address, f, l.blockNumber);
        if (between) h.costBasis -= (h.costBasis * value) / h.balance;
        h.balance -= value;
        h.updatedBlock = l.blockNumber;
      }
      if (t !== zeroAddress && t !== address) {
        const h = book(address, t, l.blockNumber);
        if (between) h.costBasis += (value * now) / VALUE_SCALE;
        h.balance += value;
        h.updatedBlock = l.blockNumber;
      }
      if (between && !bridged)
        transfers.push({
          id,
          chainId,
          token: address,
          from: f,
          to: t,
          value,
          price: now,
          txHash: lower(l.transactionHash),
          logIndex: l.logIndex,
          blockNumber: l.blockNumber,
          timestamp: time(l.blockNumber),
        });
    }
  }
  return { costs, transfers };
}

/** Books a trade row at average cost and sets its realisedPnl. */
function bookTrade(t: Row | undefined, book: (token: Hex, who: Hex, block: bigint) => Cost): void {
  if (!t) throw new Error("a Trade log without its trade row");
  const h = book(t.token as Hex, t.trader as Hex, t.blockNumber as bigint);
  const usdc = t.usdcAmount as bigint;
  if (t.isBuy) {
    h.costBasis += usdc;
    t.realisedPnl = 0n;
    return;
  }
  // The sale's token leg came first: the balance before the sale is what is left plus what was sold.
  const before = h.balance + (t.tokenAmount as bigint);
  const sold = (h.costBasis * (t.tokenAmount as bigint)) / before;
  h.costBasis -= sold;
  h.realisedPnl += usdc - sold;
  t.realisedPnl = usdc - sold;
}
