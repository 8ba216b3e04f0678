/**
 * The event log's sequencer: appends to `<appSchema>.events` (db/migrations/017_events.sql) with a gap-free seq.
 *
 * One sequencer at a time per app schema: every API process starts one, and the one holding a session advisory lock
 * on its own connection does the work; the others take over when it goes. Each step is one repeatable-read
 * transaction, so everything it reads of the indexer is one committed state, and it:
 * 1. per indexed chain, finds the app's live events whose stream_event row is gone (a reorg undid their block) and
 *    appends, newest first, a `removed` event for every live event of that chain from the lowest such block on;
 * 2. appends the events of the stream_event rows of the blocks the indexer committed since (db/indexed/events.ts),
 *    expanded by `expandStreamRow`;
 * 3. appends the app writes waiting in event_outbox, in id order, deleting them (the launch watcher's carry the
 *    chain block they are of, and are removed with it);
 * and keeps each recipient's USDC fees as the log tells them (event_fee_balances), writing the balance after each
 * USDC `fees` event into it: the indexer publishes those credits and claims with their amounts only;
 * 4. notifies `<appSchema>_events` with the last seq, delivered at commit.
 * A client that applies the log in order therefore ends equal to the indexed state.
 *
 * It wakes on the indexer's checkpoint notifications (db/versions.ts installs that trigger) and the outbox's, and
 * polls every `pollMs` in case one is lost.
 */
import type { Worker } from "node:worker_threads";
import pg from "pg";
import { EVERYONE, type EventKind, type StreamEvent } from "../core/events.js";
import { startTsThread } from "../core/threads.js";
import { startWakeLoop } from "../core/wake-loop.js";
import { readFirstRemovedBlock, readIndexedChains, readStreamRows, type StreamRow } from "./indexed/events.js";
import type { Queryable, Schemas } from "./indexed/types.js";

/** A row to append: everything but its seq. */
export type NewEvent = {
  kind: string;
  channels: string[];
  chainId: number | null;
  blockNumber: number | null;
  blockHash: string | null;
  source: string | null;
  removes: number | null;
  data: Record<string, unknown>;
  /** A `removed` event of a `fees` event: the removed event's data (not stored; its amount is taken back). */
  reverts?: Record<string, unknown>;
  /** A removal a `resync` event stands for: not appended, its fee taken back, its event marked removed by the resync. */
  silent?: boolean;
};

/** The key every subscriber listens on (core/events.ts EVERYONE). */
const everyone = [EVERYONE];

/** Stream rows read per chain in one step (a block is never split). */
const ROWS_PER_STEP = 5_000;
/** Outbox rows moved per step. */
const OUTBOX_PER_STEP = 2_000;

/** A fee credit or claim as the indexer publishes it; USDC ones without the balance after it (added here). */
type Credit = { recipient: string; amount: string; claimable?: string; accrued?: string; claimed?: string };

/** The events of one stream_event row: the log's own, then what it changed (candles, balances, fees). */
export function expandStreamRow(row: StreamRow): NewEvent[] {
  const d = row.data;
  const token = row.token?.toLowerCase() ?? null;
  const tokenKeys = token ? [`token:${token}`, ...(row.tokenId ? [`token:${row.tokenId}`] : [])] : [];
  const at = { chainId: row.chainId, txHash: row.txHash, logIndex: row.logIndex, timestamp: row.timestamp };
  const base = { chainId: row.chainId, blockNumber: row.blockNumber, blockHash: row.blockHash, source: row.id };
  const event = (kind: string, channels: string[], data: Record<string, unknown>): NewEvent => ({
    ...base,
    kind,
    channels: [...channels, `chain:${row.chainId}`],
    removes: null,
    data: { ...data, ...(token ? { token, tokenId: row.tokenId } : {}), ...at },
  });
  const fees = (credits: Credit[], type: "accrued" | "claimed", feeToken: string | null) =>
    credits.map((c) =>
      event("fees", [`fees:${c.recipient.toLowerCase()}`], {
        type,
        recipient: c.recipient.toLowerCase(),
        asset: feeToken ?? "usdc",
        amount: c.amount,
        claimable: c.claimable,
        accrued: c.accrued,
        claimed: c.claimed,
      }),
    );
  const lower = (v: unknown) => String(v).toLowerCase();
  /** A holder's balance after a transfer (a transfer row's, or a trade's own leg), one event per side. */
  const balanceEvents = (t: Record<string, unknown>) => {
    const transfer = { from: lower(t.from), to: lower(t.to), value: t.value };
    return (t.balances as { address: string; balance: string }[]).map((b) =>
      event("balance", [...tokenKeys, `account:${b.address.toLowerCase()}`], {
        address: b.address.toLowerCase(),
        balance: b.balance,
        holdersCount: t.holdersCount,
        transfer,
      }),
    );
  };
  switch (row.kind) {
    case "token_created":
      return [
        event("token_created", ["tokens", ...tokenKeys, `account:${lower(d.creator)}`], {
          creator: lower(d.creator),
          name: d.name,
          symbol: d.symbol,
          poolType: d.poolType,
          tokenLayerId: d.tokenLayerId,
          pool: d.pool,
        }),
      ];
    case "trade": {
      const { credits, leg, ...trade } = d as { credits: Credit[]; leg?: Record<string, unknown> };
      return [
        // A curve trade's own mint or burn, booked with it: the balance events its Transfer would have made.
        ...(leg ? balanceEvents(leg) : []),
        event("trade", [...tokenKeys, `account:${lower(d.trader)}`], { ...trade, trader: lower(d.trader) }),
        ...(row.candle ? [event("candle", tokenKeys, row.candle)] : []),
        ...fees(credits, "accrued", null),
      ];
    }
    case "graduation": {
      const { credits, ...graduation } = d as { credits: Credit[] };
      return [event("graduation", ["tokens", ...tokenKeys], graduation), ...fees(credits, "accrued", null)];
    }
    case "transfer":
      return balanceEvents(d);
    case "fees_claimed": {
      const credit = { ...(d as unknown as Credit), recipient: lower(d.recipient) };
      return fees([credit], "claimed", d.token == null ? null : lower(d.token));
    }
    case "pool_fees":
      return [...fees(d.credits as Credit[], "accrued", null), ...fees(d.tokenCredits as Credit[], "accrued", token)];
    default:
      return [];
  }
}

type Client = pg.Client;

/**
 * Ponder reverts a reorg's rows in one transaction and moves its checkpoint only with the next block it commits
 * (ponder runtime/omnichain.js, case "reorg"). Between the two, the checkpoint still names the old head while the
 * rows are gone: a step there must not move the cursor past the reverted blocks, or their replacements, committed
 * later at block numbers the cursor has passed, would never be read. So after a removal the cursor is held below
 * the reverted blocks until the checkpoint changes (Ponder committed a block since), or for at most HOLD_SECONDS (a
 * replacement block can carry the very same checkpoint: same number and second). The hold is stored with the cursor
 * (event_cursors.hold_checkpoint, hold_until), so a sequencer that takes over from one that died keeps it.
 */
const HOLD_SECONDS = 3;

/**
 * How long a step waits for a lock before it gives way. Its reads wait only on an exclusive lock of the indexer's
 * tables, which Ponder takes table by table when it rolls a reorg back (dropping its triggers); a step holding a
 * table Ponder has still to take while waiting for one Ponder holds would deadlock with it, and Postgres then aborts
 * whichever waited first, often Ponder, which retries with backoff (32 s at its ninth try; it failed a CI run). Well
 * under Postgres's deadlock_timeout (1 s), so the step is gone before a deadlock is looked for.
 */
export const STEP_LOCK_TIMEOUT_MS = 100;

/**
 * One step: what is new, appended in one transaction. Returns how many events it appended; 0 also when it gave way
 * to a lock (STEP_LOCK_TIMEOUT_MS), and the next step tries again.
 */
export async function sequenceOnce(client: Client, schemas: Schemas): Promise<number> {
  const app = schemas.appSchema;
  try {
    // One round trip for both: the step runs on every block.
    await client.query(`BEGIN ISOLATION LEVEL REPEATABLE READ; SET LOCAL lock_timeout = ${STEP_LOCK_TIMEOUT_MS}`);
    const appended = await collect(client, schemas);
    if (appended.events.length === 0 && appended.cursors.size === 0) {
      await client.query("COMMIT");
      return 0;
    }
    let seq = await readHeadSeq(client, app);
    const first = seq + 1;
    const removals: [number, number][] = [];
    const cols = {
      seq: [] as number[],
      kind: [] as string[],
      channels: [] as string[],
      chain: [] as (number | null)[],
      block: [] as (number | null)[],
      hash: [] as (string | null)[],
      source: [] as (string | null)[],
      removes: [] as (number | null)[],
      data: [] as string[],
    };
    let resync = 0;
    for (const e of appended.events) {
      if (e.silent) {
        removals.push([e.removes as number, resync]);
        continue;
      }
      seq++;
      if (e.kind === "resync") resync = seq;
      if (e.removes !== null) removals.push([e.removes, seq]);
      cols.seq.push(seq);
      cols.kind.push(e.kind);
      // A text[] per row travels as its literal: unnest cannot take an array of arrays of varying length.
      cols.channels.push(`{${e.channels.map((c) => `"${c}"`).join(",")}}`);
      cols.chain.push(e.chainId);
      cols.block.push(e.blockNumber);
      cols.hash.push(e.blockHash);
      cols.source.push(e.source);
      cols.removes.push(e.removes);
      cols.data.push(JSON.stringify(e.data));
    }
    if (cols.seq.length > 0) {
      await client.query(
        `INSERT INTO "${app}".events (seq, kind, channels, chain_id, block_number, block_hash, source, removes, data)
         SELECT s, k, c::text[], ch, b, h, src, r, d::jsonb
           FROM unnest($1::bigint[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::text[],
                       $8::bigint[], $9::text[]) AS t(s, k, c, ch, b, h, src, r, d)`,
        [cols.seq, cols.kind, cols.channels, cols.chain, cols.block, cols.hash, cols.source, cols.removes, cols.data],
      );
    }
    if (removals.length > 0) {
      await client.query(
        `UPDATE "${app}".events e SET removed_by = t.by FROM unnest($1::bigint[], $2::bigint[]) AS t(seq, by)
          WHERE e.seq = t.seq`,
        [removals.map((r) => r[0]), removals.map((r) => r[1])],
      );
    }
    for (const [chainName, { block, hold, finalized }] of appended.cursors) {
      await client.query(
        `INSERT INTO "${app}".event_cursors (chain_name, block, hold_checkpoint, hold_until, finalized_block)
         VALUES ($1, $2, $3, CASE WHEN $3::text IS NULL THEN NULL ELSE now() + make_interval(secs => $4) END, $5)
         ON CONFLICT (chain_name) DO UPDATE
           SET block = EXCLUDED.block, hold_checkpoint = EXCLUDED.hold_checkpoint, hold_until = EXCLUDED.hold_until,
               finalized_block = EXCLUDED.finalized_block`,
        [chainName, block, hold, HOLD_SECONDS, finalized],
      );
    }
    if (cols.seq.length > 0) await client.query("SELECT pg_notify($1, $2)", [`${app}_events`, String(seq)]);
    await client.query("COMMIT");
    return seq - first + 1;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    // lock_not_available: it gave way (see STEP_LOCK_TIMEOUT_MS).
    if ((error as { code?: string }).code === "55P03") return 0;
    throw error;
  }
}

async function collect(client: Client, schemas: Schemas) {
  const app = schemas.appSchema;
  const events: NewEvent[] = [];
  /**
   * Cursor rows to write: the block sequenced through, the checkpoint a hold waits on (null: no hold), and the chain's
   * finalized block as the indexer says now.
   */
  const cursors = new Map<string, { block: number; hold: string | null; finalized: number }>();
  const chains = await readIndexedChains(client, schemas.indexerSchema);
  const { rows: cursorRows } = await client.query<{
    chain_name: string;
    block: string;
    hold_checkpoint: string | null;
    holding: boolean;
    finalized_block: string;
  }>(
    `SELECT chain_name, block::text, hold_checkpoint, coalesce(hold_until > now(), false) AS holding,
            finalized_block::text
       FROM "${app}".event_cursors`,
  );
  const known = new Map(cursorRows.map((r) => [r.chain_name, r]));
  for (const chain of chains) {
    const row = known.get(chain.chainName);
    const sequenced = row ? Number(row.block) : -1;
    const finalized = chain.finalizedBlock;
    let cursor = Math.min(sequenced, chain.block);
    // Blocks at or below the finalized one never change; the ones above may have been replaced.
    const removedFrom = await readFirstRemovedBlock(client, schemas, chain.chainId, Math.min(finalized, cursor));
    if (removedFrom !== null) {
      const removals = await removalsFrom(client, app, chain.chainId, removedFrom);
      if (removedFrom <= Number(row?.finalized_block ?? -1)) {
        // A block the chain had finalized lost its events: no reorg reaches there, so this is another chain under
        // the same name (restarted, or indexed again from another genesis). One `resync` says so, not a `removed`
        // for each event of blocks the client may never have seen.
        events.push(resyncOf(chain.chainId, removedFrom, removals.length));
        events.push(...removals.map((r) => ({ ...r, silent: true })));
      } else events.push(...removals);
      cursor = Math.min(cursor, removedFrom - 1);
      cursors.set(chain.chainName, { block: cursor, hold: chain.checkpoint, finalized });
      continue;
    }
    const finalizedMoved = finalized !== Number(row?.finalized_block ?? -1);
    if (row?.holding && row.hold_checkpoint === chain.checkpoint) {
      if (cursor !== sequenced || finalizedMoved) {
        cursors.set(chain.chainName, { block: cursor, hold: row.hold_checkpoint, finalized });
      }
      continue;
    }
    // At most about ROWS_PER_STEP rows, stopping at a block boundary: the rest comes in the next step.
    const { rows, through } = await readStreamRows(client, schemas, chain.chainId, cursor, chain.block, ROWS_PER_STEP);
    for (const r of rows) events.push(...expandStreamRow(r));
    if (through !== sequenced || row?.hold_checkpoint != null || finalizedMoved)
      cursors.set(chain.chainName, { block: through, hold: null, finalized });
  }
  await settleFeeBalances(client, app, events);
  const { rows: outbox } = await client.query<{
    id: string;
    kind: string;
    channels: string[];
    data: Record<string, unknown>;
    chain_id: number | null;
    block_number: string | null;
    block_hash: string | null;
    source: string | null;
  }>(
    `DELETE FROM "${app}".event_outbox WHERE id IN (SELECT id FROM "${app}".event_outbox ORDER BY id LIMIT $1)
     RETURNING id::text, kind, channels, data, chain_id, block_number::text, block_hash, source`,
    [OUTBOX_PER_STEP],
  );
  outbox.sort((a, b) => Number(a.id) - Number(b.id));
  for (const o of outbox) {
    // An app event told of a chain block (the launch watcher's) carries it, and its stream_event row as source: a
    // reorg that undid the row before this step is found by the next one (readFirstRemovedBlock), which removes it.
    events.push({
      kind: o.kind,
      channels: o.channels,
      chainId: o.chain_id,
      blockNumber: o.block_number === null ? null : Number(o.block_number),
      blockHash: o.block_hash,
      source: o.source,
      removes: null,
      data: o.data,
    });
  }
  return { events, cursors };
}

/**
 * The event that tells every subscriber a chain restarted: what the log said of `chainId` from block `fromBlock` on
 * (`withdrawn` events) is void, and its state must be read again; the chain's new events follow it.
 */
function resyncOf(chainId: number, fromBlock: number, withdrawn: number): NewEvent {
  return {
    kind: "resync",
    channels: everyone,
    chainId,
    blockNumber: null,
    blockHash: null,
    source: null,
    removes: null,
    data: { reason: "chain_restart", fromBlock, withdrawn },
  };
}

/** `removed` events for every live event of `chainId` from block `from` on, newest first. */
async function removalsFrom(client: Client, app: string, chainId: number, from: number): Promise<NewEvent[]> {
  const { rows } = await client.query<{
    seq: string;
    kind: string;
    channels: string[];
    block_number: string;
    block_hash: string;
    source: string;
    fee: Record<string, unknown> | null;
  }>(
    `SELECT seq::text, kind, channels, block_number::text, block_hash, source,
            CASE WHEN kind = 'fees' THEN data END AS fee FROM "${app}".events
      WHERE chain_id = $1 AND block_number >= $2 AND removed_by IS NULL AND kind <> 'removed'
      ORDER BY events.seq DESC`,
    [chainId, from],
  );
  return rows.map((r) => ({
    kind: "removed",
    channels: r.channels,
    chainId,
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash,
    source: r.source,
    removes: Number(r.seq),
    data: { seq: Number(r.seq), kind: r.kind },
    ...(r.fee ? { reverts: r.fee } : {}),
  }));
}

/**
 * Brings event_fee_balances along with `events` (in the order they are appended): a removed USDC `fees` event's
 * amount is taken back, a new one's added, and the new one gets the recipient's balance after it (accrued, claimed,
 * claimable). Launch-token fees events carry theirs from the indexer already (token_fees has every credit).
 */
async function settleFeeBalances(client: Client, app: string, events: NewEvent[]): Promise<void> {
  const usdc = (d: Record<string, unknown> | undefined) => d !== undefined && d.asset === "usdc";
  const moves = events.filter((e) => (e.kind === "fees" && usdc(e.data)) || usdc(e.reverts));
  if (moves.length === 0) return;
  const keyOf = (chainId: number | null, d: Record<string, unknown>) => `${chainId}:${String(d.recipient)}`;
  const keys = [...new Set(moves.map((e) => keyOf(e.chainId, e.reverts ?? e.data)))];
  const { rows } = await client.query<{ chain_id: number; recipient: string; accrued: string; claimed: string }>(
    `SELECT chain_id, recipient, accrued::text, claimed::text FROM "${app}".event_fee_balances b
      WHERE (chain_id, recipient) IN (SELECT * FROM unnest($1::int[], $2::text[]))`,
    [keys.map((k) => Number(k.split(":")[0])), keys.map((k) => k.split(":")[1])],
  );
  const balances = new Map(
    keys.map((k) => [k, { accrued: 0n, claimed: 0n }] as [string, { accrued: bigint; claimed: bigint }]),
  );
  for (const r of rows) {
    balances.set(`${r.chain_id}:${r.recipient}`, { accrued: BigInt(r.accrued), claimed: BigInt(r.claimed) });
  }
  for (const e of moves) {
    const d = e.reverts ?? e.data;
    const b = balances.get(keyOf(e.chainId, d)) as { accrued: bigint; claimed: bigint };
    const amount = BigInt(String(d.amount)) * (e.reverts ? -1n : 1n);
    if (d.type === "claimed") b.claimed += amount;
    else b.accrued += amount;
    if (e.reverts) continue;
    e.data.claimable = (b.accrued - b.claimed).toString();
    e.data.accrued = b.accrued.toString();
    e.data.claimed = b.claimed.toString();
  }
  await client.query(
    `INSERT INTO "${app}".event_fee_balances (chain_id, recipient, accrued, claimed)
     SELECT * FROM unnest($1::int[], $2::text[], $3::numeric[], $4::numeric[])
     ON CONFLICT (chain_id, recipient) DO UPDATE SET accrued = EXCLUDED.accrued, claimed = EXCLUDED.claimed`,
    [
      keys.map((k) => Number(k.split(":")[0])),
      keys.map((k) => k.split(":")[1]),
      keys.map((k) => balances.get(k)?.accrued.toString()),
      keys.map((k) => balances.get(k)?.claimed.toString()),
    ],
  );
}

export type StartSequencerParameters = {
  databaseUrl: string;
  schemas: Schemas;
  /** How often to look for work when no notification comes (default 250 ms). */
  pollMs?: number;
  /** Days an event is kept (default DEFAULT_EVENT_RETENTION_DAYS); the leader prunes every PRUNE_EVERY_MS. */
  retentionDays?: number;
  log?: (line: string) => void;
};

export type Sequencer = { stop(): Promise<void> };

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

/** Throws for a schema name the sequencer's statements could not quote safely. */
function checkSchemas(schemas: Schemas) {
  for (const s of [schemas.appSchema, schemas.indexerSchema]) {
    if (!SCHEMA_NAME.test(s)) throw new Error(`Invalid schema name ${s}`);
  }
}

/** Run a sequencer for `schemas` until stop(); it works only while it holds the schema's advisory lock. */
export async function startSequencer(p: StartSequencerParameters): Promise<Sequencer> {
  checkSchemas(p.schemas);
  const pollMs = p.pollMs ?? 250;
  let stopped = false;
  let client: Client | null = null;
  let leader = false;
  let prunedAt = 0;

  const connect = async () => {
    const c = new pg.Client({ connectionString: p.databaseUrl, application_name: "event-sequencer" });
    c.on("error", () => undefined);
    c.on("end", () => {
      if (client === c) {
        client = null;
        leader = false;
      }
    });
    c.on("notification", () => wake());
    await c.connect();
    await c.query(`LISTEN "${p.schemas.appSchema}_outbox"`);
    await c.query(`LISTEN "${p.schemas.indexerSchema}_checkpoint"`);
    client = c;
  };

  const run = async () => {
    if (!client) await connect();
    const c = client as Client;
    if (!leader) {
      const { rows } = await c.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtext($1)) AS ok", [
        `${p.schemas.appSchema}.events`,
      ]);
      leader = rows[0]?.ok === true;
      if (leader) p.log?.(`events: sequencing ${p.schemas.appSchema}.events`);
    }
    if (!leader) return;
    while (!stopped && (await sequenceOnce(c, p.schemas)) > 0) {
      // More may be waiting: loop until a step finds nothing.
    }
    if (!stopped && Date.now() - prunedAt >= PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      const days = p.retentionDays ?? DEFAULT_EVENT_RETENTION_DAYS;
      const { pruned, oldest } = await pruneEvents(c, p.schemas.appSchema, new Date(Date.now() - days * 86_400_000));
      if (pruned > 0) p.log?.(`events: pruned ${pruned} events older than ${days} days (the log starts at ${oldest})`);
    }
  };

  const loop = startWakeLoop({
    step: run,
    pollMs,
    failed: (error) => {
      p.log?.(`events: step failed (${error instanceof Error ? error.message : String(error)})`);
      client?.end().catch(() => undefined);
      client = null;
      leader = false;
    },
  });
  const wake = () => loop.wake();
  return {
    async stop() {
      stopped = true;
      await loop.stop();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** What the sequencer's thread (./sequencer-thread.ts) tells the thread that started it. */
export type SequencerThreadMessage = { type: "log"; line: string } | { type: "ready" };

/** How long stop() waits for the sequencer's thread to close its connection before ending the thread. */
const THREAD_STOP_MS = 5_000;
/**
 * How long after an unexpected end of the sequencer's thread another is started: at first, and at most, doubling
 * each time a thread ends before its sequencer started (a module that fails to load does so every time).
 */
const THREAD_RESTART_MS = 1_000;
const THREAD_RESTART_MAX_MS = 30_000;

/**
 * startSequencer in a worker thread of its own: the same work and the same leadership, off this thread's event loop.
 * An API process serves requests on its main thread, and a step of the sequencer (a block's rows read, expanded and
 * appended in one transaction) took 30–40 ms of that thread per block of 50 trades, in slices of 8–20 ms; requests
 * that came in meanwhile waited (bench/api, live mode: p99 24–36 ms with it, 15–17 ms without). It returns at once
 * (bad schema names throw here, as startSequencer's do); the thread starts in about half a second (tsx loads its
 * modules). A thread that ends unexpectedly is started again after THREAD_RESTART_MS, later if it ends again before
 * its sequencer started.
 */
export function startSequencerThread(
  p: StartSequencerParameters,
  /** Called with each thread started (tests end one to see another take its place). */
  onThread?: (thread: Worker) => void,
): Sequencer {
  checkSchemas(p.schemas);
  const { log, ...data } = p;
  let stopped = false;
  let stopping: Promise<void> | undefined;
  let restartMs = THREAD_RESTART_MS;
  const start = () => {
    const thread = startTsThread(new URL("./sequencer-thread.ts", import.meta.url), data, "event-sequencer");
    // The sequencer keeps no process alive by itself (as its timer in startSequencer does not).
    thread.unref();
    let ready = false;
    const ended = new Promise<void>((done) => thread.once("exit", () => done()));
    thread.on("message", (message: SequencerThreadMessage) => {
      if (message.type === "log") log?.(message.line);
      if (message.type === "ready") {
        ready = true;
        restartMs = THREAD_RESTART_MS;
      }
    });
    thread.on("error", (error: Error) => log?.(`events: sequencer thread failed (${error.message})`));
    thread.on("exit", (code) => {
      if (stopped) return;
      const delay = restartMs;
      if (!ready) restartMs = Math.min(restartMs * 2, THREAD_RESTART_MAX_MS);
      log?.(`events: sequencer thread ended (exit code ${code}); starting another in ${delay} ms`);
      schedule(delay);
    });
    onThread?.(thread);
    return { thread, ended };
  };
  const schedule = (delay: number) => {
    setTimeout(() => {
      if (stopped) return;
      try {
        current = start();
      } catch (error) {
        log?.(`events: sequencer thread not started (${error instanceof Error ? error.message : error})`);
        schedule(Math.min(delay * 2, THREAD_RESTART_MAX_MS));
      }
    }, delay).unref();
  };
  let current: { thread: Worker; ended: Promise<void> } = start();
  return {
    stop() {
      stopping ??= (async () => {
        stopped = true;
        const { thread, ended } = current;
        thread.postMessage({ type: "stop" });
        const timer = setTimeout(() => void thread.terminate(), THREAD_STOP_MS);
        await ended;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}

/** A row of the log as read by `EVENT_COLUMNS` (table alias `e`). */
export type EventRow = {
  seq: string;
  kind: string;
  channels: string[];
  chain_id: number | null;
  block_number: string | null;
  block_hash: string | null;
  removes: string | null;
  data: Record<string, unknown>;
  created_at: Date;
};

/** The columns of an EventRow, from the events table aliased `e`. */
export const EVENT_COLUMNS = `e.seq::text AS seq, e.kind, e.channels, e.chain_id, e.block_number::text AS block_number,
  e.block_hash, e.removes::text AS removes, e.data, e.created_at`;

/** An event of the log as clients receive it. */
export function streamEventOf(r: Omit<EventRow, "channels">): StreamEvent {
  return {
    seq: Number(r.seq),
    kind: r.kind as EventKind,
    chainId: r.chain_id,
    block: r.block_number === null ? null : { number: Number(r.block_number), hash: r.block_hash ?? "" },
    removes: r.removes === null ? null : Number(r.removes),
    data: r.data,
    createdAt: r.created_at.toISOString(),
  };
}

/** An event with the keys it was published on. */
export type LoggedEvent = { event: StreamEvent; channels: string[] };

export type ReadEventsParameters = {
  /** Events with a seq above this… */
  after: number;
  /** …and at most this (default: any). */
  through?: number;
  /** Only events published on one of these keys (default: all). */
  keys?: readonly string[];
  limit: number;
};

/** Events of the log in seq order. */
export async function readEvents(db: Queryable, appSchema: string, p: ReadEventsParameters): Promise<LoggedEvent[]> {
  const { rows } = await db.query<EventRow>(
    `SELECT ${EVENT_COLUMNS} FROM "${appSchema}".events e
      WHERE e.seq > $1 AND ($2::bigint IS NULL OR e.seq <= $2) AND ($3::text[] IS NULL OR e.channels && $3::text[])
      ORDER BY e.seq LIMIT $4`,
    [p.after, p.through ?? null, p.keys ? [...p.keys, EVERYONE] : null, p.limit],
  );
  return rows.map((r) => ({ event: streamEventOf(r), channels: r.channels }));
}

/** The log's first and last seq (both 0 when it is empty): what a resume point may name. */
export async function readLogBounds(db: Queryable, appSchema: string): Promise<{ oldest: number; head: number }> {
  const { rows } = await db.query<{ oldest: string; head: string }>(
    `SELECT coalesce(min(seq), 0)::text AS oldest, coalesce(max(seq), 0)::text AS head FROM "${appSchema}".events`,
  );
  return { oldest: Number(rows[0]?.oldest ?? 0), head: Number(rows[0]?.head ?? 0) };
}

/** The log's identity (db/migrations/030_event_log_id.sql): a seq means something only with it. */
export async function readLogId(db: Queryable, appSchema: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(`SELECT id::text FROM "${appSchema}".event_log LIMIT 1`);
  if (!rows[0]) throw new Error(`${appSchema}.event_log has no row`);
  return rows[0].id;
}

/** Days an event is kept when EVENT_RETENTION_DAYS does not say. */
export const DEFAULT_EVENT_RETENTION_DAYS = 30;
/** How often the sequencer prunes the log. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * Drops the events logged before `before`, keeping always the log's last one (the next seq follows it) and every
 * one the webhook dispatcher has not gone past (its deliveries are not made yet). The launch watcher does not hold the
 * log back (an API may run without it): what it had not read when pruned it never reads. The deliveries of dropped events
 * go with them: a delivery is its event sent, and cannot be sent again without it. A client resuming from before
 * what is left is refused (since_expired, api/streams/subscribe.ts). Returns how many events went and the oldest
 * seq kept.
 */
export async function pruneEvents(
  db: Queryable,
  appSchema: string,
  before: Date,
): Promise<{ pruned: number; oldest: number }> {
  const app = `"${appSchema}"`;
  // created_at grows with seq (one sequencer at a time, each step one transaction), so its index finds the cut.
  const { rows } = await db.query<{ pruned: string }>(
    `WITH cut AS (
       SELECT least(coalesce((SELECT seq FROM ${app}.events WHERE created_at < $1 ORDER BY created_at DESC LIMIT 1), 0),
                    coalesce((SELECT max(seq) FROM ${app}.events), 0) - 1,
                    coalesce((SELECT seq FROM ${app}.webhook_cursor), 0)) AS last),
     deliveries AS (DELETE FROM ${app}.webhook_deliveries WHERE seq <= (SELECT last FROM cut)),
     gone AS (DELETE FROM ${app}.events WHERE seq <= (SELECT last FROM cut) RETURNING 1)
     SELECT count(*)::text AS pruned FROM gone`,
    [before],
  );
  const { oldest } = await readLogBounds(db, appSchema);
  return { pruned: Number(rows[0]?.pruned ?? 0), oldest };
}

/** The last seq of the log (0 when it is empty). */
export async function readHeadSeq(db: Queryable, appSchema: string): Promise<number> {
  const { rows } = await db.query<{ seq: string }>(
    `SELECT coalesce(max(seq), 0)::text AS seq FROM "${appSchema}".events`,
  );
  return Number(rows[0]?.seq ?? 0);
}
