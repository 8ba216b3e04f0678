import { encodePacked, type Hex, keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import { addressToBytes32, bytes32ToAddress, decodePacket, eidOf, lzReceiveOption } from "./layerzero.js";

describe("decodePacket", () => {
  it("reads PacketV1Codec's fields at their offsets", () => {
    const sender = addressToBytes32("0x1111111111111111111111111111111111111111");
    const receiver = addressToBytes32("0x2222222222222222222222222222222222222222");
    const guid = keccak256(toHex("guid"));
    const message: Hex = "0xdeadbeef";
    const encoded = encodePacked(
      ["uint8", "uint64", "uint32", "bytes32", "uint32", "bytes32", "bytes32", "bytes"],
      [1, 7n, 40245, sender, 40102, receiver, guid, message],
    );
    expect(decodePacket(encoded)).toEqual({ nonce: 7n, srcEid: 40245, sender, dstEid: 40102, receiver, guid, message });
    expect(bytes32ToAddress(receiver)).toBe("0x2222222222222222222222222222222222222222");
  });

  it("refuses a short packet and an unknown version", () => {
    expect(() => decodePacket("0x01")).toThrow(/at least 113 bytes/);
    expect(() => decodePacket(`0x02${"00".repeat(112)}`)).toThrow(/version 2/);
  });
});

it("lzReceiveOption is OptionsBuilder's newOptions().addExecutorLzReceiveOption(gas, 0)", () => {
  // OptionsBuilder: 0x0003 | 0x01 (executor) | uint16 17 | 0x01 (lzReceive) | uint128 gas
  expect(lzReceiveOption(200_000n)).toBe("0x00030100110100000000000000000000000000030d40");
});

it("eidOf gives LayerZero's endpoint ids of the local chains", () => {
  expect(eidOf("base-sepolia")).toBe(40245);
  expect(eidOf("bnb-testnet")).toBe(40102);
});
