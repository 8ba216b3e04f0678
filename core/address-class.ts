/**
 * Which IP addresses a webhook may be sent to: public unicast ones only. Everything a request from inside our
 * network could use to reach what is not meant to be reachable (the host itself, the private network, cloud
 * metadata at 169.254.169.254, a carrier's NAT) or that is not a single public host (multicast, broadcast,
 * unspecified, reserved and documentation ranges) is refused, in IPv4 and IPv6 alike. An IPv6 address that carries
 * an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by the IPv4 address it
 * carries. IPv6 outside 2000::/3, the only block allocated for global unicast, is refused.
 *
 * Sources: the IANA IPv4 and IPv6 Special-Purpose Address Registries (RFC 6890 and its updates).
 */
import { isIP } from "node:net";

/** Why an address is not public. */
export type AddressClass =
  | "unspecified"
  | "loopback"
  | "private"
  | "CGNAT"
  | "link-local"
  | "unique-local"
  | "multicast"
  | "broadcast"
  | "documentation"
  | "reserved";

type Range = { base: number[]; bits: number; class: AddressClass };

const v4 = (dotted: string, bits: number, c: AddressClass): Range => ({
  base: dotted.split(".").map(Number),
  bits,
  class: c,
});

/** First match wins. */
const IPV4_RANGES: Range[] = [
  v4("0.0.0.0", 8, "unspecified"),
  v4("10.0.0.0", 8, "private"),
  v4("100.64.0.0", 10, "CGNAT"),
  v4("127.0.0.0", 8, "loopback"),
  v4("169.254.0.0", 16, "link-local"),
  v4("172.16.0.0", 12, "private"),
  v4("192.0.0.0", 24, "reserved"),
  v4("192.0.2.0", 24, "documentation"),
  v4("192.88.99.0", 24, "reserved"),
  v4("192.168.0.0", 16, "private"),
  v4("198.18.0.0", 15, "reserved"),
  v4("198.51.100.0", 24, "documentation"),
  v4("203.0.113.0", 24, "documentation"),
  v4("224.0.0.0", 4, "multicast"),
  v4("255.255.255.255", 32, "broadcast"),
  v4("240.0.0.0", 4, "reserved"),
];

/** IPv6 ranges as 16 bytes, written by their leading 16-bit groups. */
const v6 = (groups: number[], bits: number, c: AddressClass): Range => ({
  base: groups.flatMap((g) => [g >> 8, g & 0xff]),
  bits,
  class: c,
});

/** Checked after the IPv4-carrying ranges; first match wins; anything else outside 2000::/3 is reserved. */
const IPV6_RANGES: Range[] = [
  v6([0, 0, 0, 0, 0, 0, 0, 0], 128, "unspecified"),
  v6([0, 0, 0, 0, 0, 0, 0, 1], 128, "loopback"),
  v6([0x64, 0xff9b, 1], 48, "private"), // local-use NAT64 (RFC 8215)
  v6([0xfc00], 7, "unique-local"),
  v6([0xfe80], 10, "link-local"),
  v6([0xfec0], 10, "private"), // site-local, deprecated but still routed inside some networks
  v6([0xff00], 8, "multicast"),
  v6([0x2001, 0x0db8], 32, "documentation"),
  v6([0x3fff], 20, "documentation"),
  v6([0x2001], 23, "reserved"), // IETF protocol assignments: Teredo, ORCHID, benchmarking, …
];

function inRange(bytes: number[], r: Range): boolean {
  let bits = r.bits;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((r.base[i] ?? 0) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of a valid IPv6 literal (no brackets, no zone), an embedded dotted IPv4 tail included. */
function ipv6Bytes(ip: string): number[] {
  let text = ip;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(":");
  if (text.includes(".", lastColon)) {
    for (const part of text.slice(lastColon + 1).split(".")) tail.push(Number(part));
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const [head = "", rest] = text.split("::");
  const groupsOf = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  const left = groupsOf(head);
  const right = rest === undefined ? [] : groupsOf(rest);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

function classifyV4(bytes: number[]): AddressClass | null {
  return IPV4_RANGES.find((r) => inRange(bytes, r))?.class ?? null;
}

/**
 * Why `ip` (an IPv4 or IPv6 literal; IPv6 with or without brackets and zone) is not a public unicast address, or
 * null when it is one. A string that is not an IP literal is "reserved": never a place to send to.
 */
export function addressClass(ip: string): AddressClass | null {
  const bare = ip.replace(/^\[(.*)\]$/, "$1").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return classifyV4(bare.split(".").map(Number));
  if (version !== 6) return "reserved";
  const b = ipv6Bytes(bare.toLowerCase());
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // IPv4-mapped ::ffff:0:0/96: a dual-stack socket connects to the IPv4 address.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  // NAT64 64:ff9b::/96 (RFC 6052): the translator connects to the IPv4 address.
  if (b[0] === 0 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return classifyV4(b.slice(12));
  // 6to4 2002::/16 (RFC 3056): the IPv4 address is bits 16–47.
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(b.slice(2, 6));
  const special = IPV6_RANGES.find((r) => inRange(b, r))?.class;
  if (special) return special;
  // ::/96 (IPv4-compatible, deprecated), ::ffff:0:0:0/96 (IPv4-translated) and every block outside 2000::/3.
  if (((b[0] ?? 0) & 0xe0) !== 0x20) return "reserved";
  return null;
}
