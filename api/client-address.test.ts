import { describe, expect, it } from "vitest";
import { parseTrustProxy, resolveClientAddress } from "./client-address.js";

describe("resolveClientAddress", () => {
  it("test_resolveClientAddress_withoutTrustedProxies_isThePeer_whateverTheHeaderSays", () => {
    const none = parseTrustProxy(undefined);
    expect(resolveClientAddress(none, "198.51.100.1", "1.2.3.4")).toBe("198.51.100.1");
    expect(resolveClientAddress(none, "::ffff:127.0.0.1", undefined)).toBe("127.0.0.1");
    expect(resolveClientAddress(none, null, "1.2.3.4")).toBe("local");
  });

  it("test_resolveClientAddress_cidrs_walkBackThroughTrustedHopsOnly", () => {
    const trust = parseTrustProxy("loopback, 10.0.0.0/8");
    // client 203.0.113.9 -> proxy 10.1.1.1 -> proxy 127.0.0.1 (peer)
    expect(resolveClientAddress(trust, "127.0.0.1", "203.0.113.9, 10.1.1.1")).toBe("203.0.113.9");
    // An untrusted peer's header is ignored.
    expect(resolveClientAddress(trust, "198.51.100.1", "203.0.113.9")).toBe("198.51.100.1");
    // A forged leftmost entry does not win over the first untrusted hop.
    expect(resolveClientAddress(trust, "127.0.0.1", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    // A trusted peer that forwarded nothing is itself the client.
    expect(resolveClientAddress(trust, "::1", undefined)).toBe("::1");
  });

  it("test_resolveClientAddress_hops_takeTheNthAddressFromThePeer", () => {
    const one = parseTrustProxy("1");
    expect(resolveClientAddress(one, "10.0.0.2", "6.6.6.6, 203.0.113.9")).toBe("203.0.113.9");
    expect(resolveClientAddress(one, "10.0.0.2", undefined)).toBe("10.0.0.2");
  });

  it("test_parseTrustProxy_revertsIfAnEntryIsNotAnAddress", () => {
    expect(() => parseTrustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("proxy.example")).toThrow(/TRUST_PROXY/);
    expect(() => parseTrustProxy("11")).toThrow(/TRUST_PROXY/);
  });
});
