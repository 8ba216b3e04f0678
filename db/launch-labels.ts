/**
 * Launch labels as the log last told them, and the launch watcher's place in the log (db/migrations/032): what
 * api/services/launch-watch.ts reads and writes, and what the Token shape shows. A watcher's step (its events, the
 * labels they tell and its new place) is written in one transaction, so a crash repeats a step whole or not at all.
 */
import pg from "pg";
import type { ToldLabel } from "../core/launch-labels.js";
import type { Queryable, Schemas } from "./indexed/types.js";
import { inTransaction } from "./transaction.js";

/** A token on a chain: its address lower case. */
export type ChainToken = { chainId: number; token: string };

const keyOf = (t: ChainToken) => `${t.chainId}:${t.token.toLowerCase()}`;

/** The labels the log last told of each of `tokens`, by `<chainId>:<token>` (none: no entry). */
export async function readToldLabels(
  db: Queryable,
  app: string,
  tokens: readonly ChainToken[],
): Promise<Map<string, ToldLabel[]>> {
  const told = new Map<string, ToldLabel[]>();
  if (tokens.length === 0) return told;
  const { rows } = await db.query<{
    chain_id: number;
    token: string;
    label: string;
    rule: string;
    addresses: string[];
    figures: Record<string, string | number>;
  }>(
    `SELECT l.chain_id, l.token, l.label, l.rule, l.addresses, l.figures
       FROM "${app}".launch_labels l
       JOIN unnest($1::int[], $2::text[]) AS t(chain_id, token) ON l.chain_id = t.chain_id AND l.token = t.token
      ORDER BY l.label`,
    [tokens.map((t) => t.chainId), tokens.map((t) => t.token.toLowerCase())],
  );
  for (const r of rows) {
    const key = keyOf({ chainId: r.chain_id, token: r.token });
    told.set(key, [
      ...(told.get(key) ?? []),
      { label: r.label, rule: r.rule, addresses: r.addresses, figures: r.figures },
    ]);
  }
  return told;
}

export const toldKey = keyOf;

/** An event of the log the watcher looks at: a trade, or a removal (with the removed event's kind and data). */
export type WatchedEvent = {
  seq: number;
  kind: "trade" | "removed";
  channels: string[];
  chainId: number;
  blockNumber: number;
  blockHash: string;
  source: string | null;
  data: Record<string, unknown>;
  /** For a removal: what it removed. */
  removedKind: string | null;
  removedData: Record<string, unknown> | null;
};

/** Where the watcher is in the log: events after this seq are still to be looked at. */
export async function readWatchCursor(db: Queryable, app: string): Promise<number> {
  const { rows } = await db.query<{ seq: string }>(`SELECT seq::text FROM "${app}".launch_watch_cursor`);
  return Number(rows[0]?.seq ?? 0);
}

/**
 * The chain trades and removals after `after`, at most `limit`, and how far that read the log (`through`: every event
 * up to it is looked at, whatever its kind). Seqs are committed in order (one sequencer, one transaction a step), so
 * nothing below the head read first can appear later.
 */
export async function readWatchBatch(
  db: Queryable,
  app: string,
  p: { after: number; limit: number },
): Promise<{ events: WatchedEvent[]; through: number }> {
  const { rows: head } = await db.query<{ seq: string }>(
    `SELECT coalesce(max(seq), 0)::text AS seq FROM "${app}".events`,
  );
  const top = Number(head[0]?.seq ?? 0);
  const { rows } = await db.query<{
    seq: string;
    kind: "trade" | "removed";
    channels: string[];
    chain_id: number;
    block_number: string;
    block_hash: string;
    source: string | null;
    data: Record<string, unknown>;
    removed_kind: string | null;
    removed_data: Record<string, unknown> | null;
  }>(
    `SELECT e.seq::text, e.kind, e.channels, e.chain_id, e.block_number::text, e.block_hash, e.source, e.data,
            o.kind AS removed_kind, o.data AS removed_data
       FROM "${app}".events e LEFT JOIN "${app}".events o ON o.seq = e.removes
      WHERE e.seq > $1 AND e.seq <= $2 AND e.kind IN ('trade', 'removed') AND e.chain_id IS NOT NULL
      ORDER BY e.seq LIMIT $3`,
    [p.after, top, p.limit],
  );
  const events = rows.map(
    (r): WatchedEvent => ({
      seq: Number(r.seq),
      kind: r.kind,
      channels: r.channels,
      chainId: r.chain_id,
      blockNumber: Number(r.block_number),
      blockHash: r.block_hash,
      source: r.source,
      data: r.data,
      removedKind: r.removed_kind,
      removedData: r.removed_data,
    }),
  );
  const through = events.length === p.limit ? (events.at(-1)?.seq ?? p.after) : Math.max(top, p.after);
  return { events, through };
}

/** Which of `wallets` got USDC from `from` on the chain, as kept for launch reports (db/launch-funding.ts). */
export async function readFundedBy(
  db: Queryable,
  app: string,
  p: { chainId: number; from: string; wallets: string[] },
): Promise<Set<string>> {
  if (p.wallets.length === 0) return new Set();
  const { rows } = await db.query<{ to: string }>(
    `SELECT DISTINCT "to" FROM "${app}".launch_funding WHERE chain_id = $1 AND "from" = $2 AND "to" = ANY($3)`,
    [p.chainId, p.from.toLowerCase(), p.wallets.map((w) => w.toLowerCase())],
  );
  return new Set(rows.map((r) => r.to));
}

/** Where an event of a token happened in its chain: a stream_event row of the indexer. */
export type ChainAnchor = {
  source: string;
  blockNumber: number;
  blockHash: string;
  txHash: string;
  logIndex: number;
  timestamp: number;
};

/**
 * The stream_event row of the token's last indexed trade on the chain (what a label not raised by a trade of the
 * step is of: labels come of trades), or null. Found through the trade table's token index, then the row by its
 * block and log index (stream_event has no index by token).
 */
export async function readLastTradeEvent(db: Queryable, schemas: Schemas, t: ChainToken): Promise<ChainAnchor | null> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{
    id: string;
    block_number: string;
    block_hash: string;
    tx_hash: string;
    log_index: number;
    timestamp: string;
  }>(
    `SELECT s.id, s.block_number::text, s.block_hash, s.tx_hash, s.log_index, s."timestamp"::text
       FROM (SELECT block_number, log_index FROM "${ix}".trade WHERE chain_id = $1 AND token = $2
              ORDER BY "timestamp" DESC, block_number DESC, log_index DESC LIMIT 1) last
       JOIN "${ix}".stream_event s
         ON s.chain_id = $1 AND s.block_number = last.block_number AND s.log_index = last.log_index`,
    [t.chainId, t.token.toLowerCase()],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    source: r.id,
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash.toLowerCase(),
    txHash: r.tx_hash.toLowerCase(),
    logIndex: r.log_index,
    timestamp: Number(r.timestamp),
  };
}

/** An event the watcher appends through the outbox, of a chain block. */
export type AnchoredEvent = {
  kind: "launch_label" | "launch_sell";
  channels: string[];
  chainId: number;
  blockNumber: number;
  blockHash: string;
  source: string;
  data: Record<string, unknown>;
};

/**
 * One step of the watcher, in one transaction: its events into the outbox, the labels they leave told for each
 * token looked at (its rows replaced by `labels`), and its new place in the log.
 */
export async function writeWatchStep(
  db: pg.Pool,
  app: string,
  p: { events: AnchoredEvent[]; labels: { token: ChainToken; labels: ToldLabel[] }[]; through: number },
): Promise<void> {
  await inTransaction(db, async (client) => {
    if (p.events.length > 0) {
      await client.query(
        `INSERT INTO "${app}".event_outbox (kind, channels, data, chain_id, block_number, block_hash, source)
         SELECT k, c::text[], d::jsonb, ch, b, h, s
           FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::text[])
             WITH ORDINALITY AS t(k, c, d, ch, b, h, s, n)
          ORDER BY n`,
        [
          p.events.map((e) => e.kind),
          p.events.map((e) => `{${e.channels.map((c) => `"${c}"`).join(",")}}`),
          p.events.map((e) => JSON.stringify(e.data)),
          p.events.map((e) => e.chainId),
          p.events.map((e) => e.blockNumber),
          p.events.map((e) => e.blockHash),
          p.events.map((e) => e.source),
        ],
      );
    }
    for (const { token, labels } of p.labels) {
      const t = token.token.toLowerCase();
      await client.query(`DELETE FROM "${app}".launch_labels WHERE chain_id = $1 AND token = $2`, [token.chainId, t]);
      if (labels.length === 0) continue;
      await client.query(
        `INSERT INTO "${app}".launch_labels (chain_id, token, label, rule, addresses, figures)
         SELECT $1, $2, l, r, translate(a, '[]', '{}')::text[], f::jsonb
           FROM unnest($3::text[], $4::text[], $5::text[], $6::text[]) AS x(l, r, a, f)`,
        [
          token.chainId,
          t,
          labels.map((l) => l.label),
          labels.map((l) => l.rule),
          labels.map((l) => JSON.stringify(l.addresses)),
          labels.map((l) => JSON.stringify(l.figures)),
        ],
      );
    }
    await client.query(`UPDATE "${app}".launch_watch_cursor SET seq = greatest(seq, $1)`, [p.through]);
  });
}

/** The launch watcher's own connection: it holds the watcher's lock, and hears of new events in the log. */
export type WatchSession = {
  /** Takes the lock (one watcher per app schema) when free, and then listens to the log; false when another holds it. */
  lead(): Promise<boolean>;
  /** Ends the connection, and so the lock. */
  end(): Promise<void>;
};

export async function openWatchSession(p: {
  databaseUrl: string;
  app: string;
  onEvents: () => void;
  onError: (error: Error) => void;
}): Promise<WatchSession> {
  const c = new pg.Client({ connectionString: p.databaseUrl, application_name: "launch-watch" });
  c.on("error", p.onError);
  c.on("notification", p.onEvents);
  await c.connect();
  return {
    async lead() {
      const { rows } = await c.query<{ ok: boolean }>("SELECT pg_try_advisory_lock(hashtext($1)) AS ok", [
        `${p.app}.launch_watch`,
      ]);
      if (rows[0]?.ok !== true) return false;
      await c.query(`LISTEN "${p.app}_events"`);
      return true;
    },
    end: () => c.end(),
  };
}
