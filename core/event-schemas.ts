/**
 * The shape of every event the log carries (core/events.ts), per kind, as zod schemas: what WebSocket, SSE, webhooks
 * and get-events deliver. They describe what the producers write (the indexer's stream rows as the sequencer expands
 * them, db/events.ts expandStreamRow; the app's outbox triggers, db/migrations/017_events.sql), are strict (a field
 * a producer adds or drops fails validation), and are checked against the events the tests receive
 * (tests/streams.test.ts, tests/webhooks.test.ts). docs/streams.md tells the same in prose.
 */
import { z } from "zod";
import { EVENT_KINDS } from "./events.js";
import { LABEL_NAMES } from "./launch-report.js";

/** A decimal string of base units (or of an 18-decimal price): what every amount is in an event. */
const units = z.string().regex(/^-?\d+$/, "a decimal string of base units");
const address = z.string().regex(/^0x[0-9a-f]{40}$/, "a lower-case address");
const hash = z.string().regex(/^0x[0-9a-f]{64}$/, "a lower-case 32-byte hash");
const uuid = z.uuid();
/** A timestamp as Postgres writes it into JSON, or ISO 8601. */
const time = z.string().min(1);

/** Where a chain event happened: every event derived from an indexed log carries these in `data`. */
const chainPlace = {
  token: address,
  tokenId: uuid.nullable(),
  chainId: z.number().int(),
  txHash: hash,
  logIndex: z.number().int(),
  /** The block's time, unix seconds. */
  timestamp: z.number().int(),
};
/** The same, for events not tied to one token (a USDC fee claim). */
const chainPlaceNoToken = {
  chainId: z.number().int(),
  txHash: hash,
  logIndex: z.number().int(),
  timestamp: z.number().int(),
};

/** A pool after the log: its curve state, and its V3 pool once graduated. */
const pool = z.strictObject({
  supply: units,
  reserve: units,
  price: units,
  marketCap: units,
  progressBps: z.number().int(),
  graduated: z.boolean(),
  v3Pool: address.nullable(),
});

/** A post about a token (outside clubs); a reply is one with a parent. */
const post = z.strictObject({
  id: uuid,
  tokenId: uuid,
  userId: uuid,
  parentPostId: z.null(),
  title: z.string().nullable(),
  content: z.string().nullable(),
  hasPoll: z.boolean(),
  createdAt: time,
});

/** `data` of each kind. */
export const eventData = {
  token_created: z.strictObject({
    creator: address,
    name: z.string(),
    symbol: z.string(),
    poolType: z.number().int(),
    tokenLayerId: hash,
    pool,
    ...chainPlace,
  }),
  trade: z.strictObject({
    trader: address,
    side: z.enum(["buy", "sell"]),
    mode: z.string(),
    venue: z.string(),
    tokenAmount: units,
    usdcAmount: units,
    price: units,
    fees: z.strictObject({ protocol: units, creator: units, referral: units, builder: units }),
    builder: address,
    referral: address,
    pool,
    ...chainPlace,
  }),
  graduation: z.strictObject({
    status: z.literal("graduated"),
    v3Pool: address,
    feeTier: z.number().int(),
    pool,
    ...chainPlace,
  }),
  candle: z.strictObject({
    interval: z.literal(60),
    bucket: units,
    open: units,
    high: units,
    low: units,
    close: units,
    volumeUsdc: units,
    volumeToken: units,
    trades: z.number().int(),
    ...chainPlace,
  }),
  balance: z.strictObject({
    address,
    balance: units,
    holdersCount: z.number().int(),
    transfer: z.strictObject({ from: address, to: address, value: units }),
    ...chainPlace,
  }),
  fees: z.union([
    z.strictObject({
      type: z.enum(["accrued", "claimed"]),
      recipient: address,
      asset: z.union([z.literal("usdc"), address]),
      amount: units,
      claimable: units.optional(),
      accrued: units.optional(),
      claimed: units.optional(),
      ...chainPlace,
    }),
    z.strictObject({
      type: z.literal("claimed"),
      recipient: address,
      asset: z.literal("usdc"),
      amount: units,
      claimable: units.optional(),
      accrued: units.optional(),
      claimed: units.optional(),
      ...chainPlaceNoToken,
    }),
  ]),
  post,
  reply: post.extend({ parentPostId: uuid }),
  vote: z.strictObject({
    tokenId: uuid,
    userId: uuid,
    contentType: z.enum(["token", "post", "poll_option"]),
    contentId: uuid,
    pollPostId: uuid.nullable(),
    voteType: z.string().nullable(),
    weight: units,
    at: time,
  }),
  notification: z.strictObject({
    id: uuid,
    kind: z.string(),
    actorId: uuid.nullable(),
    postId: uuid.nullable(),
    tokenId: uuid.nullable(),
    createdAt: time,
  }),
  intent: z.strictObject({
    id: uuid,
    kind: z.string(),
    status: z.enum(["pending", "signed", "broadcast", "confirmed", "failed", "reverted"]),
    chainSlug: z.string(),
    transactionHash: hash.nullable(),
    blockNumber: z.union([z.number().int(), units]).nullable(),
    errorCode: z.string().nullable(),
    errorReason: z.string().nullable(),
    at: time,
  }),
  launch_label: z
    .strictObject({
      label: z.enum(LABEL_NAMES),
      change: z.enum(["raised", "updated", "withdrawn"]),
      rule: z.string().describe("The rule, in words, with its threshold"),
      addresses: z.array(address).describe("The wallets it names now (none once withdrawn)"),
      previous: z.array(address).describe("The wallets it named before (none when raised)"),
      figures: z.record(z.string(), z.union([z.string(), z.number()])),
      ...chainPlace,
    })
    .describe(
      "A launch label raised, its wallets changed, or withdrawn (docs/launch-report.md), of the trade that changed it (or the token's last indexed trade): removed with that block by a reorg",
    ),
  launch_sell: z
    .strictObject({
      seller: address,
      role: z.enum(["creator", "creator_wallet", "bundle"]),
      tokenAmount: units,
      usdcAmount: units,
      ...chainPlace,
    })
    .describe("The creator, a wallet it funded, or a bundle's wallet sold the token: the sell trade's place"),
  removed: z.strictObject({ seq: z.number().int(), kind: z.enum(EVENT_KINDS) }),
  resync: z
    .strictObject({
      reason: z.literal("chain_restart"),
      fromBlock: z.number().int().describe("The lowest block whose events it withdraws"),
      withdrawn: z.number().int().describe("How many events of the chain it withdraws"),
    })
    .describe(
      "The chain (chainId) restarted: what the log said of it from fromBlock on is void. Read its state again; its new events follow. Sent to every subscriber.",
    ),
} as const;

const envelope = {
  seq: z.number().int().positive(),
  createdAt: time,
};
const chainBlock = z.strictObject({ number: z.number().int(), hash });

/** One event of `kind` as delivered: the envelope, and its data. */
function eventOf<K extends keyof typeof eventData>(kind: K) {
  const chainEvent = !["post", "reply", "vote", "notification", "intent"].includes(kind);
  return z.strictObject({
    ...envelope,
    kind: z.literal(kind),
    chainId: chainEvent ? z.number().int() : z.null(),
    block: chainEvent && kind !== "resync" ? chainBlock : z.null(),
    removes: kind === "removed" ? z.number().int().positive() : z.null(),
    data: eventData[kind],
  });
}

/** Each kind's event, whole (envelope and data). */
export const eventSchemas = Object.fromEntries(EVENT_KINDS.map((kind) => [kind, eventOf(kind)])) as Record<
  (typeof EVENT_KINDS)[number],
  ReturnType<typeof eventOf>
>;

/** Every event the log carries: one schema per kind, told apart by `kind`. */
export const streamEventSchema = z.discriminatedUnion(
  "kind",
  Object.values(eventSchemas) as [ReturnType<typeof eventOf>, ...ReturnType<typeof eventOf>[]],
);

/** The body of a webhook delivery of an event of `kind` (core/webhooks.ts eventWebhookBody). */
export const webhookEventBody = (kind: (typeof EVENT_KINDS)[number]) =>
  z.strictObject({
    type: z.literal(`event.${kind}`),
    timestamp: time.describe("When the event was logged, ISO 8601"),
    data: eventSchemas[kind],
  });

/** The body of a test delivery (core/webhooks.ts testWebhookBody). */
export const webhookTestBody = z.strictObject({
  type: z.literal("webhook.test"),
  timestamp: time,
  data: z.strictObject({ webhook_id: uuid, message: z.string() }),
});

/** The issues of a delivery body against its type's schema, as eventIssues; [] when it fits. */
export function webhookBodyIssues(body: { type?: unknown }): string[] {
  const kind = typeof body.type === "string" && body.type.startsWith("event.") ? body.type.slice(6) : null;
  const schema =
    body.type === "webhook.test"
      ? webhookTestBody
      : kind !== null && (EVENT_KINDS as readonly string[]).includes(kind)
        ? webhookEventBody(kind as (typeof EVENT_KINDS)[number])
        : null;
  if (!schema) return [`type: not a delivery type (${String(body.type)})`];
  const parsed = schema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".") || "(body)"}: ${i.message}`);
}

/** The issues of `event` against its kind's schema, as `path: message` lines; [] when it fits. */
export function eventIssues(event: unknown): string[] {
  const parsed = streamEventSchema.safeParse(event);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${i.path.join(".") || "(event)"}: ${i.message}`);
}
