import { describe, expect, it } from "vitest";
import { addressClass } from "./address-class.js";

describe("addressClass", () => {
  it("test_addressClass_refusesEveryNonPublicIPv4Range", () => {
    const cases: [string, string][] = [
      ["0.0.0.0", "unspecified"],
      ["0.1.2.3", "unspecified"],
      ["10.0.0.1", "private"],
      ["10.255.255.255", "private"],
      ["100.64.0.1", "CGNAT"],
      ["100.127.255.254", "CGNAT"],
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["169.254.169.254", "link-local"],
      ["172.16.0.1", "private"],
      ["172.31.255.255", "private"],
      ["192.0.0.8", "reserved"],
      ["192.0.2.1", "documentation"],
      ["192.88.99.1", "reserved"],
      ["192.168.1.1", "private"],
      ["198.18.0.1", "reserved"],
      ["198.19.255.255", "reserved"],
      ["198.51.100.7", "documentation"],
      ["203.0.113.9", "documentation"],
      ["224.0.0.1", "multicast"],
      ["239.255.255.250", "multicast"],
      ["240.0.0.1", "reserved"],
      ["255.255.255.255", "broadcast"],
    ];
    for (const [ip, c] of cases) expect(addressClass(ip), ip).toBe(c);
  });

  it("test_addressClass_passesPublicIPv4AtTheEdgesOfRefusedRanges", () => {
    for (const ip of [
      "1.1.1.1",
      "8.8.8.8",
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "126.255.255.255",
      "128.0.0.0",
      "169.253.255.255",
      "169.255.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.0.1.1",
      "192.167.255.255",
      "192.169.0.0",
      "198.17.255.255",
      "198.20.0.0",
      "223.255.255.255",
    ]) {
      expect(addressClass(ip), ip).toBeNull();
    }
  });

  it("test_addressClass_refusesEveryNonPublicIPv6Range", () => {
    const cases: [string, string][] = [
      ["::", "unspecified"],
      ["::1", "loopback"],
      ["0:0:0:0:0:0:0:1", "loopback"],
      ["[::1]", "loopback"],
      ["fe80::1", "link-local"],
      ["fe80::1%eth0", "link-local"],
      ["febf:ffff::1", "link-local"],
      ["fec0::1", "private"],
      ["fc00::1", "unique-local"],
      ["fd12:3456:789a::1", "unique-local"],
      ["ff02::1", "multicast"],
      ["ff0e::101", "multicast"],
      ["2001:db8::1", "documentation"],
      ["3fff::1", "documentation"],
      ["2001::1", "reserved"], // Teredo
      ["2001:2::1", "reserved"], // benchmarking
      ["2001:20::1", "reserved"], // ORCHIDv2
      ["64:ff9b:1::1", "private"],
      ["::127.0.0.1", "reserved"], // IPv4-compatible, deprecated
      ["::ffff:0:8.8.8.8", "reserved"], // IPv4-translated
      ["100::1", "reserved"], // discard-only
      ["4000::1", "reserved"], // outside 2000::/3
      ["1::1", "reserved"],
    ];
    for (const [ip, c] of cases) expect(addressClass(ip), ip).toBe(c);
  });

  it("test_addressClass_judgesIPv6ThatCarriesIPv4ByTheIPv4Address", () => {
    const cases: [string, string | null][] = [
      ["::ffff:127.0.0.1", "loopback"],
      ["::ffff:7f00:1", "loopback"],
      ["0:0:0:0:0:ffff:7f00:0001", "loopback"],
      ["::FFFF:A9FE:A9FE", "link-local"],
      ["::ffff:10.1.2.3", "private"],
      ["[::ffff:192.168.0.1]", "private"],
      ["::ffff:8.8.8.8", null],
      ["64:ff9b::7f00:1", "loopback"],
      ["64:ff9b::10.0.0.1", "private"],
      ["64:ff9b::808:808", null],
      ["2002:7f00:1::1", "loopback"],
      ["2002:a9fe:a9fe::", "link-local"],
      ["2002:808:808::1", null],
    ];
    for (const [ip, c] of cases) expect(addressClass(ip), ip).toBe(c);
  });

  it("test_addressClass_passesPublicIPv6", () => {
    for (const ip of ["2606:4700:4700::1111", "2a00:1450:4001:82a::200e", "2001:4860:4860::8888", "2c0f:fb50::1"]) {
      expect(addressClass(ip), ip).toBeNull();
    }
  });

  it("test_addressClass_refusesWhatIsNotAnIpLiteral", () => {
    for (const s of ["", "localhost", "127.1", "0x7f000001", "2130706433", "1.2.3.4.5", ":::1"]) {
      expect(addressClass(s), s).toBe("reserved");
    }
  });
});
