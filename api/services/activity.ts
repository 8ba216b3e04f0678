/**
 * Feeds of indexed logs with keyset cursors: get-token-activity (a token's trades, transfers between holders,
 * graduation, pool fee collections and token fee claims, on every chain it is indexed on) and get-fee-history (the
 * fee shares a wallet accrued and the claims it made), newest first.
 *
 * A cursor is base64url JSON {o: feed, p: [timestamp, chain id, block, log index, rank]}: the position of the last
 * entry of the page before (db/indexed/activity.ts). Amounts are exact decimal strings in base units with display
 * numbers beside them.
 */
import { getAddress } from "viem";
import { slugOfChainId } from "../../core/chains.js";
import { AppError } from "../../core/errors.js";
import {
  type LogEntry,
  type LogPosition,
  readFeeHistory,
  readTokenActivity,
  readTokenNames,
} from "../../db/indexed/activity.js";
import type { ApiDeps } from "../deps.js";
import type { AuthedUser } from "../env.js";
import { indexedTokenOf } from "./tokens/market.js";
import { isoOfUnix, priceUsd, tokenAmount, usdcUsd } from "./tokens/shape.js";

export function encodeLogCursor(feed: string, p: LogPosition): string {
  const position = [p.timestamp.toString(), p.chainId, p.block.toString(), p.logIndex, p.rank];
  return Buffer.from(JSON.stringify({ o: feed, p: position })).toString("base64url");
}

/** The position in a cursor of `feed`; 400 "Invalid cursor" for anything else. */
export function decodeLogCursor(cursor: string, feed: string): LogPosition {
  let parsed: { o?: unknown; p?: unknown } | undefined;
  try {
    parsed = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parsed = undefined;
  }
  const p = parsed?.p;
  const digits = (v: unknown) => typeof v === "string" && /^\d{1,20}$/.test(v);
  const small = (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) < 2 ** 31;
  if (
    !Array.isArray(p) ||
    p.length !== 5 ||
    !digits(p[0]) ||
    !small(p[1]) ||
    !digits(p[2]) ||
    !small(p[3]) ||
    !small(p[4])
  ) {
    throw new AppError("INVALID_PARAMETERS", "Invalid cursor");
  }
  if (parsed?.o !== feed) throw new AppError("INVALID_PARAMETERS", "Invalid cursor: it belongs to another feed");
  return { timestamp: BigInt(p[0]), chainId: p[1], block: BigInt(p[2]), logIndex: p[3], rank: p[4] };
}

/** A page of `limit` entries from `rows` (read with one more) and the cursor to the next, if any. */
function page<T>(feed: string, rows: LogEntry[], limit: number, view: (e: LogEntry) => T) {
  const entries = rows.slice(0, limit);
  const last = entries[entries.length - 1];
  const hasMore = rows.length > limit && last !== undefined;
  return {
    entries: entries.map(view),
    pagination: { limit, has_more: hasMore, next_cursor: hasMore ? encodeLogCursor(feed, last) : null },
  };
}

/** Where an entry happened. */
const placeOf = (e: LogEntry) => ({
  chain: slugOfChainId(e.chainId) ?? String(e.chainId),
  tx_hash: e.txHash,
  block_number: Number(e.block),
  log_index: e.logIndex,
  timestamp: isoOfUnix(e.timestamp),
});

const big = (v: string | null | undefined) => BigInt(v ?? 0);
/** A chain id's slug (its id when the service does not know it), or null when the endpoint id was not one we know. */
const chainOf = (id: string | null | undefined) => (id == null ? null : (slugOfChainId(Number(id)) ?? id));
const address = (v: string | null | undefined) => (v ? getAddress(v) : null);

/** One entry of a token's activity. */
function activityOf(e: LogEntry) {
  const d = e.data;
  const place = placeOf(e);
  switch (e.kind) {
    case "trade":
      return {
        kind: "trade" as const,
        ...place,
        trader: address(d.trader),
        side: d.side as "buy" | "sell",
        venue: d.venue as string,
        mode: d.mode as string,
        token_amount: big(d.token_amount).toString(),
        token_amount_tokens: tokenAmount(big(d.token_amount)),
        usdc_amount: big(d.usdc_amount).toString(),
        amount_usd: usdcUsd(big(d.usdc_amount)),
        price_usd: priceUsd(big(d.price)),
      };
    case "transfer":
      return {
        kind: "transfer" as const,
        ...place,
        from: address(d.from),
        to: address(d.to),
        token_amount: big(d.token_amount).toString(),
        token_amount_tokens: tokenAmount(big(d.token_amount)),
        price_usd: priceUsd(big(d.price)),
      };
    case "graduation":
      return { kind: "graduation" as const, ...place, v3_pool: address(d.v3_pool), fee_tier: Number(d.fee_tier) };
    case "fee_collection":
      return {
        kind: "fee_collection" as const,
        ...place,
        creator: address(d.creator),
        creator_usdc: big(d.creator_usdc).toString(),
        protocol_usdc: big(d.protocol_usdc).toString(),
        creator_tokens: big(d.creator_tokens).toString(),
        protocol_tokens: big(d.protocol_tokens).toString(),
      };
    case "move_sent":
      return {
        kind: "move_sent" as const,
        ...place,
        from: address(d.from),
        to_chain: chainOf(d.to_chain_id),
        token_amount: big(d.token_amount).toString(),
        token_amount_tokens: tokenAmount(big(d.token_amount)),
        guid: d.guid as string,
      };
    case "move_received":
      return {
        kind: "move_received" as const,
        ...place,
        to: address(d.to),
        from_chain: chainOf(d.from_chain_id),
        token_amount: big(d.token_amount).toString(),
        token_amount_tokens: tokenAmount(big(d.token_amount)),
        guid: d.guid as string,
      };
    default:
      return {
        kind: "fee_claim" as const,
        ...place,
        recipient: address(d.recipient),
        token_amount: big(d.token_amount).toString(),
        token_amount_tokens: tokenAmount(big(d.token_amount)),
      };
  }
}

export type TokenActivityParameters = { tokenId: string; chainSlug?: string; limit: number; cursor?: string };

/** get-token-activity: one feed of the token's logs on one chain or every chain, newest first. */
export async function getTokenActivity(deps: ApiDeps, p: TokenActivityParameters) {
  const after = p.cursor ? decodeLogCursor(p.cursor, "activity") : null;
  // With a chain, the token must be on it (its home chain or a chain it was deployed to): 400 otherwise.
  const { app, deployment, peer, freshness } = await indexedTokenOf(deps, p.tokenId, p.chainSlug);
  const chainId = p.chainSlug === undefined ? null : ((deployment ?? peer)?.chainId ?? null);
  const rows = await readTokenActivity(deps.db, deps.config, app.token_layer_id.toLowerCase(), {
    after,
    limit: p.limit + 1,
    chainId,
  });
  const { entries, pagination } = page("activity", rows, p.limit, activityOf);
  return { token_id: app.id, activity: entries, pagination, freshness };
}

export type FeeHistoryParameters = { chainSlug?: string; limit: number; cursor?: string };

/** get-fee-history: what the caller's wallet on record accrued and claimed, newest first. */
export async function getFeeHistory(deps: ApiDeps, user: AuthedUser, p: FeeHistoryParameters) {
  const after = p.cursor ? decodeLogCursor(p.cursor, "fees") : null;
  const chainId = p.chainSlug === undefined ? null : deps.deployments.get(p.chainSlug)?.chainId;
  if (chainId === undefined) throw new AppError("INVALID_PARAMETERS", `Fees are not available on chain ${p.chainSlug}`);
  const rows = await readFeeHistory(deps.db, deps.config, user.walletAddress.toLowerCase(), {
    after,
    limit: p.limit + 1,
    chainId,
  });
  const tokens = await tokenIdsOf(deps, rows);
  const { entries, pagination } = page("fees", rows, p.limit, (e) => {
    const amount = big(e.data.amount);
    const asset = e.data.token ? ("token" as const) : ("usdc" as const);
    return {
      kind: e.kind as "accrual" | "claim",
      type: e.data.type as "creator" | "builder" | "referral" | "pool" | "claim",
      ...placeOf(e),
      source: e.data.source_token ? { contract_address: getAddress(e.data.source_token), ...tokens(e) } : null,
      asset,
      amount: amount.toString(),
      amount_display: asset === "usdc" ? usdcUsd(amount) : tokenAmount(amount),
    };
  });
  return { address: getAddress(user.walletAddress), history: entries, pagination };
}

/** The app's id and symbol of each entry's source token, from one query. */
async function tokenIdsOf(deps: ApiDeps, rows: LogEntry[]) {
  const keys = new Map(rows.filter((r) => r.data.source_token).map((r) => [`${r.chainId}:${r.data.source_token}`, r]));
  const found = await readTokenNames(
    deps.db,
    deps.config,
    [...keys.values()].map((e) => ({ chainId: e.chainId, address: e.data.source_token as string })),
  );
  const byKey = new Map(found.map((r) => [`${r.chainId}:${r.address}`, { token_id: r.tokenId, symbol: r.symbol }]));
  return (e: LogEntry) => byKey.get(`${e.chainId}:${e.data.source_token}`) ?? { token_id: null, symbol: null };
}
