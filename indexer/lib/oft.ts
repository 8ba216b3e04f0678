/**
 * Moves of launched tokens between chains, one table per leg (oft_send, oft_verify, oft_receive), each written only by
 * the chain its log is on. One Ponder indexes the chains side by side in no fixed order, so no row is shared between
 * chains: a reader joins the legs by guid (db/indexed/peers.ts), and a reorg of one chain rolls back only its legs.
 */
import type { Context } from "ponder:registry";
import { oftReceive, oftSend, oftVerify, peerToken, token } from "ponder:schema";
import type { Address, Hex } from "viem";
import { chainIdOfEid, eidOfChainId, guidOf } from "../../core/layerzero.js";
import type { LogEvent } from "./stream.js";

type Home = { homeChainId: number; homeToken: Address };

function ownEid(context: Context): number {
  const eid = eidOfChainId(context.chain.id);
  if (eid === undefined) throw new Error(`chain ${context.chain.id} has no LayerZero endpoint id in core/chains.ts`);
  return eid;
}

/** OFTSent on the source chain: what left, from whom, to which chain. */
export async function onOftSent(
  context: Context,
  event: LogEvent & {
    args: { guid: Hex; dstEid: number; fromAddress: Address; amountSentLD: bigint; amountReceivedLD: bigint };
  },
  home: Home,
) {
  const a = event.args;
  await context.db
    .insert(oftSend)
    .values({
      guid: a.guid,
      ...home,
      srcChainId: context.chain.id,
      dstEid: a.dstEid,
      dstChainId: chainIdOfEid(a.dstEid) ?? null,
      from: a.fromAddress,
      amountSent: a.amountSentLD,
      amountReceived: a.amountReceivedLD,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      timestamp: event.block.timestamp,
      txHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

/** OFTReceived on the destination chain: what arrived, and for whom. */
export async function onOftReceived(
  context: Context,
  event: LogEvent & { args: { guid: Hex; srcEid: number; toAddress: Address; amountReceivedLD: bigint } },
  home: Home,
) {
  const a = event.args;
  await context.db
    .insert(oftReceive)
    .values({
      guid: a.guid,
      ...home,
      dstChainId: context.chain.id,
      srcEid: a.srcEid,
      srcChainId: chainIdOfEid(a.srcEid) ?? null,
      to: a.toAddress,
      amountReceived: a.amountReceivedLD,
      blockNumber: event.block.number,
      logIndex: event.log.logIndex,
      timestamp: event.block.timestamp,
      txHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

/**
 * The destination endpoint's PacketVerified, for packets to a launched token or a peer on this chain (the endpoint
 * serves every application on a real network; the rest are not ours). The guid is EndpointV2's (core/layerzero.ts).
 */
export async function onPacketVerified(
  context: Context,
  event: LogEvent & { args: { origin: { srcEid: number; sender: Hex; nonce: bigint }; receiver: Address } },
) {
  const { origin, receiver } = event.args;
  const chainId = context.chain.id;
  if (!(await isOurs(context, chainId, receiver))) return;
  const guid = guidOf({
    nonce: origin.nonce,
    srcEid: origin.srcEid,
    sender: origin.sender,
    dstEid: ownEid(context),
    receiver: `0x${receiver.slice(2).toLowerCase().padStart(64, "0")}`,
  });
  await context.db
    .insert(oftVerify)
    .values({
      guid,
      dstChainId: chainId,
      srcEid: origin.srcEid,
      blockNumber: event.block.number,
      txHash: event.transaction.hash,
    })
    .onConflictDoNothing();
}

/** Whether `address` on `chainId` is a launched token or a peer of one. */
async function isOurs(context: Context, chainId: number, address: Address): Promise<boolean> {
  if (await context.db.find(token, { chainId, address })) return true;
  return (await context.db.find(peerToken, { chainId, address })) !== null;
}
