/**
 * The event log's shapes and channels, shared by the sequencer (db/events.ts), the streams (api/streams/) and the
 * webhook deliveries (worker/).
 *
 * Channels a client names (a subscription) and the keys an event is published on:
 * - `tokens`: new tokens, graduations and launch labels. Key `tokens`.
 * - `token:<id>` (a token's uuid, or its address on any chain): its trades, candles, holder balances, launch labels
 *   and insiders' sells, posts, replies and votes. Keys `token:<uuid>` and `token:<address>`.
 * - `account:<address>`: its trades, transfers, balances and launch sells. Key `account:<address>`.
 * - `chain:<chainId>`: every public event derived from that chain's indexed blocks (for programs that follow all
 *   of it). Key `chain:<chainId>`.
 * - `me` (a credential required): the caller's notifications and intents (key `user:<uuid>`) and the fees of their
 *   wallet on record (key `fees:<address>`).
 * Addresses are lower case in keys; uuids as Postgres prints them. An event published on EVERYONE (`resync`) reaches
 * every subscriber, whatever its channels.
 */
import { z } from "zod";

export const EVENT_KINDS = [
  "token_created",
  "trade",
  "graduation",
  "candle",
  "balance",
  "fees",
  "launch_label",
  "launch_sell",
  "post",
  "reply",
  "vote",
  "notification",
  "intent",
  "removed",
  "resync",
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** An event as clients receive it (WebSocket, SSE, webhooks and MCP). */
export type StreamEvent = {
  seq: number;
  kind: EventKind;
  /** The chain it happened on, for events derived from indexed blocks; null for app events. */
  chainId: number | null;
  block: { number: number; hash: string } | null;
  /** For a `removed` event: the seq of the event a reorg undid. */
  removes: number | null;
  data: Record<string, unknown>;
  createdAt: string;
};

/** At most this many channels per subscription request. */
export const MAX_CHANNELS = 50;

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A channel a client may subscribe to, as parsed. */
export type Channel =
  | { type: "tokens" }
  | { type: "token"; tokenId: string | null; address: string | null }
  | { type: "account"; address: string }
  | { type: "chain"; chainId: number }
  | { type: "me" };

/** Parses a client's channel name, or returns why it is not one. */
export function parseChannel(name: string): Channel | { error: string } {
  if (name === "tokens") return { type: "tokens" };
  if (name === "me") return { type: "me" };
  const [prefix, value, ...rest] = name.split(":");
  if (rest.length === 0 && value !== undefined) {
    if (prefix === "token" && UUID.test(value)) return { type: "token", tokenId: value.toLowerCase(), address: null };
    if (prefix === "token" && ADDRESS.test(value))
      return { type: "token", tokenId: null, address: value.toLowerCase() };
    if (prefix === "account" && ADDRESS.test(value)) return { type: "account", address: value.toLowerCase() };
    if (prefix === "chain" && /^[1-9][0-9]{0,15}$/.test(value)) return { type: "chain", chainId: Number(value) };
  }
  return {
    error: `Unknown channel ${JSON.stringify(name.slice(0, 100))}: expected tokens, token:<id or address>, account:<address>, chain:<chainId> or me`,
  };
}

export const channelNameSchema = z
  .string()
  .max(120)
  .refine((name) => !("error" in parseChannel(name)), {
    message: "Unknown channel: expected tokens, token:<id or address>, account:<address>, chain:<chainId> or me",
  });

/** What `resolveToken` finds for a token channel: the token's uuid and its addresses on every chain. */
export type TokenKeys = { tokenId: string | null; addresses: string[] };

/**
 * The keys a parsed channel listens on. `token` channels need the token's other names (`resolved`); `me` needs the
 * caller (null when there is none: the caller must be refused before this).
 */
export function channelKeys(
  channel: Channel,
  context: { resolved?: TokenKeys; user?: { id: string; wallet: string | null } | null },
): string[] {
  switch (channel.type) {
    case "tokens":
      return ["tokens"];
    case "account":
      return [`account:${channel.address}`];
    case "chain":
      return [`chain:${channel.chainId}`];
    case "token": {
      const ids = new Set<string>();
      const tokenId = context.resolved?.tokenId ?? channel.tokenId;
      if (tokenId) ids.add(`token:${tokenId}`);
      for (const a of context.resolved?.addresses ?? []) ids.add(`token:${a.toLowerCase()}`);
      if (channel.address) ids.add(`token:${channel.address}`);
      return [...ids];
    }
    case "me": {
      if (!context.user) return [];
      const keys = [`user:${context.user.id}`];
      if (context.user.wallet) keys.push(`fees:${context.user.wallet.toLowerCase()}`);
      return keys;
    }
  }
}

/** The key of an event for every subscriber. No channel names it, so no subscriber can listen on it alone. */
export const EVERYONE = "*";

/** Whether an event published on `eventKeys` reaches a subscriber listening on `keys`. */
export function matches(eventKeys: readonly string[], keys: ReadonlySet<string>): boolean {
  for (const k of eventKeys) if (k === EVERYONE || keys.has(k)) return true;
  return false;
}
