/**
 * Moves of launched tokens between chains (oft_transfer rows), written leg by leg. The chains of one indexer are
 * indexed side by side in no fixed order, so each leg upserts the row by guid, sets only what it knows, and never
 * moves the status back.
 */
import type { Context } from "ponder:registry";
import { oftTransfer, peerToken, token } from "ponder:schema";
import type { Address, Hex } from "viem";
import { chainIdOfEid, eidOfChainId, guidOf } from "../../core/layerzero.js";
import type { LogEvent } from "./stream.js";

export type OftStatus = "sent" | "verified" | "delivered";
const rank: Record<string, number> = { sent: 1, verified: 2, delivered: 3 };
const later = (current: string, next: OftStatus) => ((rank[next] ?? 0) > (rank[current] ?? 0) ? next : current);

type Home = { homeChainId: number; homeToken: Address };

function ownEid(context: Context): number {
  const eid = eidOfChainId(context.chain.id);
  if (eid === undefined) throw new Error(`chain ${context.chain.id} has no LayerZero endpoint id in core/chains.ts`);
  return eid;
}

/** OFTSent on the source chain: the sender, the amounts, and the status sent (unless a later leg came first). */
export async function onOftSent(
  context: Context,
  event: LogEvent & {
    args: { guid: Hex; dstEid: number; fromAddress: Address; amountSentLD: bigint; amountReceivedLD: bigint };
  },
  home: Home,
) {
  const a = event.args;
  const sent = {
    srcChainId: context.chain.id,
    from: a.fromAddress,
    amountSent: a.amountSentLD,
    amountReceived: a.amountReceivedLD,
    sentBlock: event.block.number,
    sentAt: event.block.timestamp,
    sentTx: event.transaction.hash,
  };
  await context.db
    .insert(oftTransfer)
    .values({
      guid: a.guid,
      ...home,
      ...sent,
      srcEid: ownEid(context),
      dstEid: a.dstEid,
      dstChainId: chainIdOfEid(a.dstEid) ?? null,
      status: "sent",
    })
    .onConflictDoUpdate(sent);
}

/** OFTReceived on the destination chain: the recipient, and the status delivered. */
export async function onOftReceived(
  context: Context,
  event: LogEvent & { args: { guid: Hex; srcEid: number; toAddress: Address; amountReceivedLD: bigint } },
  home: Home,
) {
  const a = event.args;
  const delivered = {
    dstChainId: context.chain.id,
    to: a.toAddress,
    amountReceived: a.amountReceivedLD,
    status: "delivered",
    deliveredBlock: event.block.number,
    deliveredAt: event.block.timestamp,
    deliveredTx: event.transaction.hash,
  };
  await context.db
    .insert(oftTransfer)
    .values({
      guid: a.guid,
      ...home,
      ...delivered,
      srcEid: a.srcEid,
      dstEid: ownEid(context),
      srcChainId: chainIdOfEid(a.srcEid) ?? null,
    })
    .onConflictDoUpdate(delivered);
}

/**
 * The destination endpoint's PacketVerified: status verified, for packets to a launched token or a peer (the
 * endpoint serves every application on a real network; the rest are not ours).
 */
export async function onPacketVerified(
  context: Context,
  event: LogEvent & { args: { origin: { srcEid: number; sender: Hex; nonce: bigint }; receiver: Address } },
) {
  const { origin, receiver } = event.args;
  const chainId = context.chain.id;
  const dstEid = ownEid(context);
  const guid = guidOf({
    nonce: origin.nonce,
    srcEid: origin.srcEid,
    sender: origin.sender,
    dstEid,
    receiver: `0x${receiver.slice(2).toLowerCase().padStart(64, "0")}`,
  });
  const existing = await context.db.find(oftTransfer, { guid });
  if (existing) {
    const status = later(existing.status, "verified");
    if (status !== existing.status || existing.verifiedTx === null) {
      await context.db.update(oftTransfer, { guid }).set({ status, verifiedTx: event.transaction.hash });
    }
    return;
  }
  const home = await homeOf(context, chainId, receiver);
  if (!home) return;
  await context.db.insert(oftTransfer).values({
    guid,
    ...home,
    srcEid: origin.srcEid,
    dstEid,
    srcChainId: chainIdOfEid(origin.srcEid) ?? null,
    dstChainId: chainId,
    from: null,
    status: "verified",
    verifiedTx: event.transaction.hash,
  });
}

/** The launched token `address` on `chainId` is (itself, or the peer of), or undefined when it is none of ours. */
async function homeOf(context: Context, chainId: number, address: Address): Promise<Home | undefined> {
  const launched = await context.db.find(token, { chainId, address });
  if (launched) return { homeChainId: chainId, homeToken: launched.address };
  const peer = await context.db.find(peerToken, { chainId, address });
  return peer ? { homeChainId: peer.homeChainId, homeToken: peer.homeToken } : undefined;
}
