/**
 * The local LayerZero relayer: a development stand-in for LayerZero's DVNs and executor between local chains. On real
 * networks LayerZero's own workers verify and deliver; nothing here runs there.
 *
 * For each packet an endpoint sends (PacketSent) to another chain this relayer serves, it verifies the packet on the
 * destination (SimpleMessageLib.validatePacket, which takes packets only from the relayer's key) and delivers it
 * (EndpointV2.lzReceive). Before each step it reads where the packet stands on the destination endpoint (its payload
 * hash and the path's lazy inbound nonce), so a relayer killed at any point and started again verifies what is not
 * verified and delivers what is not delivered: nothing is lost, and the endpoint itself refuses a second delivery.
 * It keeps no state of its own: at start it reads every chain's packets from the deployment's start block.
 *
 * A chain whose RPC does not answer (refused, reset, or silent past RPC_TIMEOUT_MS) is marked down, once in the log;
 * its packets wait, nothing is sent to it, and the other chains go on. It is up again, once in the log with how long
 * it was down, when reading its new packets succeeds again.
 */
import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  type Hex,
  HttpRequestError,
  http,
  type PublicClient,
  parseEventLogs,
  TimeoutError,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { endpointV2Abi, simpleMessageLibAbi } from "../abis/index.js";
import type { ChainSlug } from "../core/chains.js";
import type { Deployment } from "../core/deployment.js";
import { bytes32ToAddress, decodePacket, LOCAL_LAYERZERO_PRIVATE_KEY, type Packet } from "../core/layerzero.js";
import { viemChainOf } from "../core/rpc.js";

export type RelayerChain = { slug: ChainSlug; rpcUrl: string; deployment: Deployment };

export type CreateRelayerParameters = {
  chains: RelayerChain[];
  /** The key SimpleMessageLib takes packets from. Default: the local stand-in's (core/layerzero.ts). */
  privateKey?: Hex;
  /** How often each chain is asked for new packets. Default 100 ms. */
  pollIntervalMs?: number;
  log?: (msg: string) => void;
};

/** Where a packet stands on its destination endpoint. */
export type PacketState = "unverified" | "verified" | "delivered";

/** How long one JSON-RPC request may take before the chain counts as down for now, ms. */
const RPC_TIMEOUT_MS = 5_000;

type Lane = {
  slug: ChainSlug;
  eid: number;
  endpoint: Address;
  messageLib: Address;
  client: PublicClient;
  wallet: ReturnType<typeof createWalletClient>;
  /** The next block to read PacketSent from. */
  nextBlock: bigint;
  /** Since when (ms) its RPC has not answered; undefined while it answers. */
  downSince?: number;
};

type Outbound = { packet: Packet; encoded: Hex; from: ChainSlug };

export function createRelayer(p: CreateRelayerParameters) {
  const log = p.log ?? (() => {});
  const pollIntervalMs = p.pollIntervalMs ?? 100;
  const account = privateKeyToAccount(p.privateKey ?? LOCAL_LAYERZERO_PRIVATE_KEY);
  const lanes = p.chains.map((c): Lane => {
    const { lzEndpoint, lzMessageLib } = c.deployment.contracts;
    if (!lzMessageLib) {
      throw new Error(
        `${c.slug} has no local message library in its deployment: the relayer stands in for LayerZero only between local chains.`,
      );
    }
    const chain = viemChainOf(c.deployment.chainId, c.slug, c.rpcUrl);
    return {
      slug: c.slug,
      eid: c.deployment.lzEid,
      endpoint: lzEndpoint,
      messageLib: lzMessageLib,
      client: createPublicClient({
        chain,
        transport: http(c.rpcUrl, { timeout: RPC_TIMEOUT_MS }),
        pollingInterval: 50,
      }) as PublicClient,
      wallet: createWalletClient({ account, chain, transport: http(c.rpcUrl, { timeout: RPC_TIMEOUT_MS }) }),
      nextBlock: BigInt(c.deployment.startBlock),
    };
  });
  const byEid = new Map(lanes.map((l) => [l.eid, l]));
  /** Packets seen but not delivered yet (a delivery that reverted waits here and is tried again), by guid. */
  const waiting = new Map<Hex, Outbound>();
  const reported = new Set<string>();
  const counts = { verified: 0, delivered: 0 };
  let stopped = false;
  let loop: Promise<void> | undefined;

  const reportOnce = (key: string, msg: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    log(msg);
  };

  /** Where `packet` stands on its destination endpoint. */
  async function stateOf(dst: Lane, packet: Packet): Promise<PacketState> {
    const receiver = bytes32ToAddress(packet.receiver);
    const [hash, lazyNonce] = await Promise.all([
      dst.client.readContract({
        address: dst.endpoint,
        abi: endpointV2Abi,
        functionName: "inboundPayloadHash",
        args: [receiver, packet.srcEid, packet.sender, packet.nonce],
      }),
      dst.client.readContract({
        address: dst.endpoint,
        abi: endpointV2Abi,
        functionName: "lazyInboundNonce",
        args: [receiver, packet.srcEid, packet.sender],
      }),
    ]);
    if (BigInt(hash) !== 0n) return "verified";
    return packet.nonce <= lazyNonce ? "delivered" : "unverified";
  }

  async function sendAndWait(dst: Lane, what: string, request: Parameters<Lane["wallet"]["writeContract"]>[0]) {
    const hash = await dst.wallet.writeContract(request);
    const receipt = await dst.client.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${what} reverted (transaction ${hash})`);
  }

  /** Verifies and delivers one packet as far as it can go; true when it is delivered. */
  async function relay(o: Outbound): Promise<boolean> {
    const { packet } = o;
    const dst = byEid.get(packet.dstEid);
    if (!dst) {
      reportOnce(`eid:${packet.dstEid}`, `packets to eid ${packet.dstEid} wait: no local chain of this relayer has it`);
      return false;
    }
    let state = await stateOf(dst, packet);
    if (state === "unverified") {
      await sendAndWait(dst, "validatePacket", {
        address: dst.messageLib,
        abi: simpleMessageLibAbi,
        functionName: "validatePacket",
        args: [o.encoded],
        chain: dst.wallet.chain,
        account,
      });
      counts.verified++;
      state = "verified";
    }
    if (state === "verified") {
      await sendAndWait(dst, "lzReceive", {
        address: dst.endpoint,
        abi: endpointV2Abi,
        functionName: "lzReceive",
        args: [
          { srcEid: packet.srcEid, sender: packet.sender, nonce: packet.nonce },
          bytes32ToAddress(packet.receiver),
          packet.guid,
          packet.message,
          "0x",
        ],
        chain: dst.wallet.chain,
        account,
      });
      counts.delivered++;
      log(`delivered ${o.from} -> ${dst.slug} nonce ${packet.nonce} (guid ${packet.guid.slice(0, 10)}…)`);
    }
    return true;
  }

  function markDown(lane: Lane, error: unknown) {
    if (lane.downSince !== undefined) return;
    lane.downSince = Date.now();
    log(`${lane.slug} is unreachable (${describe(error)}): its packets wait; trying again every ${pollIntervalMs} ms`);
  }

  function markUp(lane: Lane) {
    if (lane.downSince === undefined) return;
    log(`${lane.slug} answers again after ${((Date.now() - lane.downSince) / 1000).toFixed(1)} s`);
    lane.downSince = undefined;
  }

  /** Reads `lane`'s new packets into `waiting`. */
  async function scan(lane: Lane) {
    const latest = await lane.client.getBlockNumber({ cacheTime: 0 });
    if (latest < lane.nextBlock) return;
    const logs = await lane.client.getLogs({
      address: lane.endpoint,
      event: packetSentEvent,
      fromBlock: lane.nextBlock,
      toBlock: latest,
    });
    for (const l of parseEventLogs({ abi: endpointV2Abi, logs, eventName: "PacketSent" })) {
      const encoded = l.args.encodedPayload;
      const packet = decodePacket(encoded);
      waiting.set(packet.guid, { packet, encoded, from: lane.slug });
    }
    lane.nextBlock = latest + 1n;
  }

  /**
   * Reads new packets from every chain (at once: a silent one holds up no other), then relays every packet that
   * waits, oldest first, except those to a chain that is down.
   */
  async function tick() {
    await Promise.all(
      lanes.map((lane) =>
        scan(lane).then(
          () => markUp(lane),
          (error: unknown) => (unreachable(error) ? markDown(lane, error) : Promise.reject(error)),
        ),
      ),
    );
    for (const [guid, o] of waiting) {
      const dst = byEid.get(o.packet.dstEid);
      if (dst?.downSince !== undefined) continue;
      try {
        if (await relay(o)) waiting.delete(guid);
      } catch (error) {
        if (dst && unreachable(error)) {
          markDown(dst, error);
          continue;
        }
        // A delivery the receiver reverts (a token sent to its graduation pool before graduation, say) stays
        // verified on the endpoint and is tried again on every tick.
        reportOnce(`fail:${guid}`, `packet ${guid.slice(0, 10)}… to eid ${o.packet.dstEid} waits: ${describe(error)}`);
      }
    }
  }

  return {
    /** Packets verified and delivered by this relayer since it started. */
    counts,
    /** Packets seen and not delivered yet. */
    waiting: () => waiting.size,
    tick,
    stateOf: (o: { packet: Packet }) => {
      const dst = byEid.get(o.packet.dstEid);
      if (!dst) throw new Error(`No chain with eid ${o.packet.dstEid}`);
      return stateOf(dst, o.packet);
    },
    /** Runs tick every pollIntervalMs until stop(). An RPC error is logged and the next tick tries again. */
    start() {
      loop ??= (async () => {
        while (!stopped) {
          try {
            await tick();
          } catch (error) {
            log(`tick failed, trying again: ${describe(error)}`);
          }
          await new Promise((r) => setTimeout(r, pollIntervalMs));
        }
      })();
    },
    async stop() {
      stopped = true;
      await loop;
    },
  };
}

const packetSentEvent = endpointV2Abi.find((e) => e.type === "event" && e.name === "PacketSent") as Extract<
  (typeof endpointV2Abi)[number],
  { type: "event"; name: "PacketSent" }
>;

/** The RPC did not answer (refused, reset, timed out), as opposed to answering with an error or a revert. */
function unreachable(error: unknown): boolean {
  return (
    error instanceof BaseError && error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) !== null
  );
}

function describe(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
