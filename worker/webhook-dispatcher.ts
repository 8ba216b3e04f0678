/**
 * The webhook dispatcher: turns events of the log into deliveries. One runs at a time across every worker process:
 * it holds a session advisory lock on a connection of its own (another worker's dispatcher tries again every
 * `pollMs`, and takes over when the holder's connection ends). The holder LISTENs on `<appSchema>_events` (the
 * sequencer's notification of new events) and `<appSchema>_webhooks` (the API asking for an endpoint's pending
 * deliveries to be sent now: a test, a redelivery, an endpoint resumed), and polls every `pollMs` besides, so a lost
 * notification delays and never loses.
 *
 * Each round: the active endpoints and the keys their channels expand to (core/events.ts channelKeys; `me` with the
 * owner's id and wallet on record, `token:` with the token's uuid and addresses, cached for a minute), then batches
 * of events after the cursor, each batch's deliveries inserted and the cursor moved in one transaction
 * (db/webhooks.ts dispatchBatch), then the new deliveries enqueued. A crash between the commit and the enqueue loses
 * nothing: the sweep (on taking the lock, and every `sweepIntervalMs`) enqueues every pending delivery that has no
 * live job.
 */
import type { Queue } from "bullmq";
import pg from "pg";
import { type Channel, channelKeys, parseChannel, type TokenKeys } from "../core/events.js";
import { webhookWakeChannel } from "../core/webhooks.js";
import { readTokenKeys } from "../db/indexed/events.js";
import {
  dispatchBatch,
  type EndpointToMatch,
  enqueueDelivery,
  enqueueNewDeliveries,
  hasUndispatchedEvents,
  readActiveEndpoints,
  readPendingDeliveries,
  takeDispatcherLock,
} from "../db/webhooks.js";

export type StartWebhookDispatcherParameters = {
  db: pg.Pool;
  databaseUrl: string;
  appSchema: string;
  indexerSchema: string;
  queue: Queue;
  /** How often to look for events and for the lock without a notification, ms. */
  pollMs: number;
  /** How often pending deliveries without a live job are enqueued again, ms. */
  sweepIntervalMs: number;
  /** Events per transaction (default 500). */
  batchSize?: number;
  /** How long a seq missing from the log is waited for before it is stepped over, ms (default 30 000). */
  gapWaitMs?: number;
  log: (line: string) => void;
};

export type WebhookDispatcher = { stop(): Promise<void> };

/** How long a token channel's resolution is kept, ms; an unresolved one (no indexer yet) for less. */
const TOKEN_KEYS_TTL_MS = 60_000;
const UNRESOLVED_TTL_MS = 5_000;
/** Pending deliveries one sweep enqueues at most (the soonest due first; the next sweep takes the rest). */
const SWEEP_LIMIT = 2_000;

export async function startWebhookDispatcher(p: StartWebhookDispatcherParameters): Promise<WebhookDispatcher> {
  const schema = p.appSchema;
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name ${schema}`);
  const batchSize = p.batchSize ?? 500;
  const gapWaitMs = p.gapWaitMs ?? 30_000;
  const tokenKeys = new Map<string, { keys: TokenKeys; until: number }>();
  const wokenEndpoints = new Set<string>();
  let client: pg.Client | undefined;
  let holding = false;
  let stopped = false;
  let lastSweep = 0;
  let gap: { seq: number; since: number } | undefined;
  let wake: (() => void) | undefined;
  /** A notification came while a round ran: the next round starts at once. */
  let notified = false;

  const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

  const drop = () => {
    const c = client;
    client = undefined;
    holding = false;
    // Ending the session releases the advisory lock: another worker's dispatcher can take over.
    void c?.end().catch(() => undefined);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString: p.databaseUrl });
    c.on("error", (error) => {
      p.log(`webhook dispatcher connection lost: ${error.message}`);
      if (client === c) drop();
      wake?.();
    });
    c.on("notification", (n) => {
      if (n.channel === webhookWakeChannel(schema) && n.payload) wokenEndpoints.add(n.payload);
      notified = true;
      wake?.();
    });
    await c.connect();
    return c;
  };

  /** The keys an endpoint listens on. */
  const keysOf = async (endpoint: EndpointToMatch): Promise<string[]> => {
    const keys = new Set<string>();
    for (const name of endpoint.channels) {
      const channel = parseChannel(name);
      if ("error" in channel) continue;
      const resolved = channel.type === "token" ? await resolveToken(name, channel) : undefined;
      for (const k of channelKeys(channel, { resolved, user: endpoint.user })) keys.add(k);
    }
    return [...keys];
  };

  const resolveToken = async (name: string, channel: Extract<Channel, { type: "token" }>): Promise<TokenKeys> => {
    const cached = tokenKeys.get(name);
    if (cached && cached.until > Date.now()) return cached.keys;
    let keys: TokenKeys;
    let ttl = TOKEN_KEYS_TTL_MS;
    try {
      keys = await readTokenKeys(p.db, { appSchema: schema, indexerSchema: p.indexerSchema }, channel);
      if (keys.tokenId === null || keys.addresses.length === 0) ttl = UNRESOLVED_TTL_MS;
    } catch (error) {
      // No indexer schema yet: the channel's own name is all there is to match on.
      p.log(`webhook dispatcher: ${name} not resolved (${errorText(error)})`);
      keys = { tokenId: channel.tokenId, addresses: channel.address ? [channel.address] : [] };
      ttl = UNRESOLVED_TTL_MS;
    }
    tokenKeys.set(name, { keys, until: Date.now() + ttl });
    return keys;
  };

  /** Enqueue the pending deliveries (of one endpoint, or all) that have no live job. */
  const sweep = async (endpointId?: string) => {
    const pending = await readPendingDeliveries(p.db, schema, { endpointId, limit: SWEEP_LIMIT });
    let added = 0;
    for (const d of pending) if (await enqueueDelivery(p.queue, d.id, d.nextAttemptAt)) added++;
    if (added > 0 && !endpointId) p.log(`webhooks: ${added} pending deliveries without a live job enqueued again`);
  };

  /** Every event after the cursor into deliveries, batch by batch. */
  const dispatch = async (c: pg.Client) => {
    if (!(await hasUndispatchedEvents(c, schema))) return;
    const endpoints = await readActiveEndpoints(p.db, schema);
    const byKey = new Map<string, string[]>();
    for (const e of endpoints) {
      for (const k of await keysOf(e)) byKey.set(k, [...(byKey.get(k) ?? []), e.id]);
    }
    const match = ({ channels }: { channels: string[] }) => [...new Set(channels.flatMap((k) => byKey.get(k) ?? []))];
    for (;;) {
      const skipGap = gap !== undefined && Date.now() - gap.since >= gapWaitMs;
      if (skipGap) p.log(`webhook dispatcher: seq ${gap?.seq} never appeared in the log; stepping over it`);
      const batch = await dispatchBatch(c, schema, { limit: batchSize, match, skipGap });
      if (batch.deliveries.length > 0) {
        await enqueueNewDeliveries(p.queue, batch.deliveries).catch((error: unknown) =>
          p.log(`webhooks: enqueue failed (the sweep retries): ${errorText(error)}`),
        );
      }
      if (batch.gap === null) gap = undefined;
      else if (gap?.seq !== batch.gap) gap = { seq: batch.gap, since: Date.now() };
      if (batch.gap !== null || batch.processed < batchSize) return;
    }
  };

  const round = async () => {
    if (!client) client = await connect();
    const c = client;
    if (!holding) {
      if (!(await takeDispatcherLock(c, schema))) return;
      holding = true;
      lastSweep = 0;
      p.log("webhook dispatcher holds the lock");
    }
    for (const id of [...wokenEndpoints]) {
      wokenEndpoints.delete(id);
      await sweep(id);
    }
    await dispatch(c);
    if (Date.now() - lastSweep >= p.sweepIntervalMs) {
      lastSweep = Date.now();
      await sweep();
    }
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        await round();
      } catch (error) {
        if (!stopped) p.log(`webhook dispatcher round failed: ${errorText(error)}`);
        drop();
      }
      if (stopped) break;
      if (notified) {
        notified = false;
        continue;
      }
      await new Promise<void>((done) => {
        const timer = setTimeout(done, p.pollMs);
        wake = () => {
          clearTimeout(timer);
          done();
        };
      });
      wake = undefined;
      notified = false;
    }
  })();

  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      drop();
    },
  };
}
