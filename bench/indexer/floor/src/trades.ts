/**
 * The floor the indexer benchmark measures ours against besides the bare app: every event counted as the bare app
 * counts it (../bare/src/count.ts), and each Trade written as one row of our trade table from its log alone (no
 * read, no pool, holder or event log row). What an indexer that keeps each trade cannot do without, so the share of
 * the bare app's throughput this app keeps bounds what any such indexer keeps on this machine.
 */
import { ponder } from "ponder:registry";
import { zeroAddress } from "viem";
import { countEvents, countedEvents } from "../../bare/countEvents.js";
import { trade } from "../ponder.schema.js";

countEvents(countedEvents.filter((name) => name !== "Launchpad:Trade"));

ponder.on("Launchpad:Trade", async ({ event, context }) => {
  const chainId = context.chain.id;
  const { token, trader, mode, venue, tokenAmount, usdcAmount, fees, attribution, state } = event.args;
  await context.db.insert(trade).values({
    id: `${chainId}-${event.transaction.hash}-${event.log.logIndex}`,
    chainId,
    token,
    trader,
    mode: String(mode),
    isBuy: mode < 2,
    venue: String(venue),
    tokenAmount,
    usdcAmount,
    price: state.price,
    feeProtocol: fees.protocol,
    feeCreator: fees.creator,
    feeReferral: fees.referral,
    feeBuilder: fees.builder,
    feeLaunch: fees.launch,
    builder: attribution.builder,
    builderFeeBps: attribution.builderFeeBps,
    referral: attribution.referral,
    creator: zeroAddress,
    protocolRecipient: zeroAddress,
    supplyAfter: state.supply,
    reserveAfter: state.reserve,
    realisedPnl: 0n,
    txHash: event.transaction.hash,
    logIndex: event.log.logIndex,
    blockNumber: event.block.number,
    timestamp: event.block.timestamp,
  });
});
