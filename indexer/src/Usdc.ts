/**
 * USDC transfers that fund wallets (the `funding` table): a Transfer whose sender sent the transaction itself (a
 * plain transfer, or a disperse contract's transferFrom on its behalf), between two wallets, outside the platform's
 * contracts. Everything else, every trade's and fee's USDC leg among it, returns before any store operation.
 */
import { ponder } from "ponder:registry";
import { funding } from "ponder:schema";
import { type Address, zeroAddress } from "viem";
import { logId } from "../lib/book.js";
import { indexedChains } from "../lib/chains.js";

/** Per chain id: the platform's contracts a trade or a fee claim goes through, lower case. */
const platform = new Map<number, Set<string>>(
  indexedChains().map((c) => {
    const { launchpad, swapRouter, positionManager } = c.deployment.contracts;
    return [c.chainId, new Set([launchpad, swapRouter, positionManager].map((a) => a.toLowerCase()))];
  }),
);

ponder.on("Usdc:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  const sender = event.transaction.from.toLowerCase();
  if (from === zeroAddress || to === zeroAddress || value === 0n || from === to) return;
  if (from.toLowerCase() !== sender) return;
  const ours = platform.get(context.chain.id);
  const txTo = (event.transaction.to as Address | null)?.toLowerCase();
  if (ours && ((txTo && ours.has(txTo)) || ours.has(to.toLowerCase()))) return;
  await context.db.insert(funding).values({
    id: logId(context.chain.id, event.transaction.hash, event.log.logIndex),
    chainId: context.chain.id,
    from,
    to,
    value,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
});
