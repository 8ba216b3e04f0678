/**
 * Launched tokens on their destination chains: the peers the PeerTokenFactory deploys, their holders (what arrives is
 * minted, what leaves is burned; both are valued at the home pool's price, like a transfer between holders), and
 * their legs of moves between chains.
 */
import { ponder } from "ponder:registry";
import { peerToken, pool } from "ponder:schema";
import { zeroAddress } from "viem";
import { chainIdOfEid } from "../../core/layerzero.js";
import { bookTransfer, recordTransfer } from "../lib/holders.js";
import { onOftReceived, onOftSent, onPacketVerified } from "../lib/oft.js";
import { publish } from "../lib/stream.js";

ponder.on("PeerTokenFactory:PeerTokenDeployed", async ({ event, context }) => {
  const a = event.args;
  const homeChainId = chainIdOfEid(a.homeEid);
  if (homeChainId === undefined) return; // a home chain the registry does not know: not one of ours
  await context.db
    .insert(peerToken)
    .values({
      chainId: context.chain.id,
      address: a.token,
      homeChainId,
      homeToken: a.homeToken,
      name: a.name,
      symbol: a.symbol,
      createdBlock: event.block.number,
      createdAt: event.block.timestamp,
      createdTx: event.transaction.hash,
      holdersCount: 0,
      supply: 0n,
    })
    .onConflictDoNothing();
});

ponder.on("PeerToken:Transfer", async ({ event, context }) => {
  const { from, to, value } = event.args;
  if (from === to || value === 0n) return;
  const chainId = context.chain.id;
  const address = event.log.address;
  const peer = await context.db.find(peerToken, { chainId, address });
  if (!peer) return;
  const home = await context.db.find(pool, { chainId: peer.homeChainId, token: peer.homeToken });
  const { delta, balances } = await bookTransfer(context, {
    chainId,
    token: address,
    from,
    to,
    value,
    price: home?.price ?? null,
    block: event.block.number,
  });
  const supply = from === zeroAddress ? value : to === zeroAddress ? -value : 0n;
  const counted = await context.db
    .update(peerToken, { chainId, address })
    .set((t) => ({ holdersCount: t.holdersCount + delta, supply: t.supply + supply }));
  await publish(context, event, "transfer", address, {
    token: address,
    from,
    to,
    value,
    balances,
    holdersCount: counted.holdersCount,
  });
  // Between holders (a mint is a move arriving, a burn one leaving: oft_receive and oft_send record those).
  if (home && supply === 0n) {
    await recordTransfer(context, event, { chainId, token: address, from, to, value, price: home.price });
  }
});

ponder.on("PeerToken:OFTSent", async ({ event, context }) => {
  const peer = await context.db.find(peerToken, { chainId: context.chain.id, address: event.log.address });
  if (!peer) return;
  await onOftSent(context, event, { homeChainId: peer.homeChainId, homeToken: peer.homeToken });
});

ponder.on("PeerToken:OFTReceived", async ({ event, context }) => {
  const peer = await context.db.find(peerToken, { chainId: context.chain.id, address: event.log.address });
  if (!peer) return;
  await onOftReceived(context, event, { homeChainId: peer.homeChainId, homeToken: peer.homeToken });
});

ponder.on("LzEndpoint:PacketVerified", async ({ event, context }) => {
  await onPacketVerified(context, event);
});
