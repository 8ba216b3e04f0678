/**
 * The client's address, for anonymous rate limits (REST and MCP). Forwarding headers are trusted only from
 * configured proxies (TRUST_PROXY); otherwise the address is the socket's peer, so a client cannot pick a fresh
 * bucket by sending a new X-Forwarded-For. Requests that never touched a socket (in-process app.request) are "local".
 */
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Which peers are proxies whose X-Forwarded-For is believed: none (the default), the nearest `hops` peers whatever
 * their address, or peers inside these addresses and CIDR blocks ("loopback" stands for 127.0.0.0/8 and ::1).
 */
export type TrustProxy = { kind: "none" } | { kind: "hops"; hops: number } | { kind: "cidrs"; cidrs: string[] };

const LOOPBACK = ["127.0.0.0/8", "::1/128"];

/** TRUST_PROXY's value: empty for none, a hop count (1–10), or a comma-separated list of addresses, CIDRs, "loopback". */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = (value ?? "").trim();
  if (v === "" || v === "false" || v === "0") return { kind: "none" };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error("TRUST_PROXY: a hop count is at most 10");
    return { kind: "hops", hops };
  }
  const cidrs = v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => (s === "loopback" ? LOOPBACK : [s]));
  for (const c of cidrs) blockOf([c]); // throws on a bad entry
  return { kind: "cidrs", cidrs };
}

/** Without "::ffff:" on an IPv4 address seen through an IPv6 socket. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");

function blockOf(cidrs: string[]): BlockList {
  const list = new BlockList();
  for (const c of cidrs) {
    const [address = "", prefix] = c.split("/");
    const family = isIP(address);
    if (family === 0) throw new Error(`TRUST_PROXY: "${c}" is not an address or CIDR block`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else {
      const bits = Number(prefix);
      if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128))
        throw new Error(`TRUST_PROXY: bad prefix in "${c}"`);
      list.addSubnet(address, bits, type);
    }
  }
  return list;
}

const blocks = new WeakMap<TrustProxy, BlockList>();

function trusted(trust: TrustProxy, address: string): boolean {
  if (trust.kind !== "cidrs") return false;
  let list = blocks.get(trust);
  if (!list) {
    list = blockOf(trust.cidrs);
    blocks.set(trust, list);
  }
  const a = plain(address);
  const family = isIP(a);
  return family !== 0 && list.check(a, family === 4 ? "ipv4" : "ipv6");
}

/**
 * The client address of a request given the socket's peer (`peer`, null without a socket) and its X-Forwarded-For:
 * walking from the peer towards the client, each hop trusted as a proxy hands over to the address it forwarded for.
 */
export function resolveClientAddress(trust: TrustProxy, peer: string | null, forwardedFor: string | undefined): string {
  if (peer === null) return "local";
  if (trust.kind === "none") return plain(peer);
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  // addresses[0] is the peer, then the forwarded hops from the nearest to the farthest.
  const addresses = [peer, ...chain.reverse()];
  if (trust.kind === "hops") return plain(addresses[Math.min(trust.hops, addresses.length - 1)] ?? peer);
  let i = 0;
  while (i < addresses.length - 1 && trusted(trust, addresses[i] ?? "")) i++;
  return plain(addresses[i] ?? peer);
}

/** The client address of `c` under `trust`. */
export function clientAddress(c: Context, trust: TrustProxy): string {
  let peer: string | null;
  try {
    peer = getConnInfo(c).remote.address ?? null;
  } catch {
    peer = null; // in-process requests (app.request) have no socket
  }
  return resolveClientAddress(trust, peer, c.req.header("x-forwarded-for"));
}
