/**
 * LayerZero v2 rules the service shares: packet decoding (PacketV1Codec's layout), executor options (type 3), the
 * bytes32 form of an address, and the local stand-in's development key.
 */
import { type Address, encodePacked, getAddress, type Hex, keccak256, pad, toHex } from "viem";
import { type ChainSlug, chainBySlug, getChain } from "./chains.js";

/**
 * Key of the local LayerZero stand-in: a documented development key, used only on anvil. Its first two transactions
 * on every local chain deploy LayerZero's EndpointV2 and SimpleMessageLib, so both stand at the same addresses on
 * every local chain, as LayerZero's endpoints do on real networks. It owns them, and it is the one caller
 * SimpleMessageLib takes packets from: the relayer (relayer/) signs with it.
 */
export const LOCAL_LAYERZERO_PRIVATE_KEY: Hex = keccak256(toHex("social-token-service: local LayerZero stand-in"));

/** A LayerZero v2 packet (PacketV1Codec): header, guid and message. */
export type Packet = {
  nonce: bigint;
  srcEid: number;
  /** The sending OApp, as bytes32. */
  sender: Hex;
  dstEid: number;
  /** The receiving OApp, as bytes32. */
  receiver: Hex;
  guid: Hex;
  message: Hex;
};

/**
 * Decodes PacketSent's `encodedPayload`: version (1 byte), nonce (8), srcEid (4), sender (32), dstEid (4),
 * receiver (32), guid (32), message (the rest).
 */
export function decodePacket(encoded: Hex): Packet {
  const bytes = encoded.slice(2);
  const at = (offset: number, length: number) => `0x${bytes.slice(offset * 2, (offset + length) * 2)}` as Hex;
  if (bytes.length < 113 * 2) throw new Error(`A LayerZero packet is at least 113 bytes; got ${bytes.length / 2}.`);
  const version = Number(at(0, 1));
  if (version !== 1) throw new Error(`Unknown LayerZero packet version ${version}.`);
  return {
    nonce: BigInt(at(1, 8)),
    srcEid: Number(at(9, 4)),
    sender: at(13, 32),
    dstEid: Number(at(45, 4)),
    receiver: at(49, 32),
    guid: at(81, 32),
    message: `0x${bytes.slice(113 * 2)}`,
  };
}

/** An address as LayerZero's bytes32 (left-padded). */
export function addressToBytes32(address: Address): Hex {
  return pad(address, { size: 32 });
}

/** The address in LayerZero's bytes32 form (its low 20 bytes). */
export function bytes32ToAddress(b: Hex): Address {
  return getAddress(`0x${b.slice(-40)}`);
}

/**
 * Executor options (type 3) asking for `gas` of lzReceive gas on the destination: what an OFT send passes as
 * extraOptions (OptionsBuilder.addExecutorLzReceiveOption(gas, 0)).
 */
export function lzReceiveOption(gas: bigint): Hex {
  // type 3 | worker 1 (executor) | option length 17 | option type 1 (lzReceive) | gas as uint128
  return `0x0003010011${"01"}${gas.toString(16).padStart(32, "0")}`;
}

/** lzReceive gas an OFT delivery is given: a mint or unlock and its events, with room to spare. */
export const OFT_RECEIVE_GAS = 200_000n;

/** The LayerZero endpoint id of a chain slug; throws when the registry has none. */
export function eidOf(slug: ChainSlug): number {
  const chain = getChain(slug);
  if (!("layerZero" in chain) || !chain.layerZero) throw new Error(`${slug} has no LayerZero endpoint id.`);
  return chain.layerZero.eid;
}

/** The EVM chain id of a LayerZero endpoint id, from the registry; undefined for an unknown or non-EVM eid. */
export function chainIdOfEid(eid: number): number | undefined {
  const chain = Object.values(chainBySlug).find((c) => c.layerZero?.eid === eid);
  return chain?.kind === "evm" ? chain.chainId : undefined;
}

/** The LayerZero endpoint id of an EVM chain id, from the registry. */
export function eidOfChainId(chainId: number): number | undefined {
  return Object.values(chainBySlug).find((c) => c.kind === "evm" && c.chainId === chainId)?.layerZero?.eid;
}

/**
 * A packet's guid as EndpointV2 makes it (GUID.generate): keccak256 of nonce, source eid, sender, destination eid
 * and receiver, packed.
 */
export function guidOf(p: { nonce: bigint; srcEid: number; sender: Hex; dstEid: number; receiver: Hex }): Hex {
  return keccak256(
    encodePacked(
      ["uint64", "uint32", "bytes32", "uint32", "bytes32"],
      [p.nonce, p.srcEid, p.sender, p.dstEid, p.receiver],
    ),
  );
}
