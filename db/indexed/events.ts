/**
 * What the event log's sequencer (db/events.ts) reads of the indexer: each chain's committed block, the
 * stream_event rows of a block range (with the app's token id), and which already-sequenced rows a reorg removed.
 * Read inside the sequencer's repeatable-read transaction, so all of it is one committed state of the indexer.
 */
import { STORED_CANDLE_SECONDS } from "../../core/candles.js";
import { checkpointBlockOf } from "./checkpoint.js";
import type { Queryable, Schemas } from "./types.js";

export type IndexedChain = {
  chainName: string;
  chainId: number;
  block: number;
  finalizedBlock: number;
  /** Ponder's latest checkpoint as stored: it changes with every block Ponder commits. */
  checkpoint: string;
};

/**
 * Every chain the indexer has committed a block of, with that block and its finalized one; none before the indexer
 * has created its schema (checked first, so that a caller's transaction is not aborted by the missing table).
 */
export async function readIndexedChains(db: Queryable, indexerSchema: string): Promise<IndexedChain[]> {
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass($1) IS NOT NULL AS present", [
    `"${indexerSchema}"._ponder_checkpoint`,
  ]);
  if (!exists.rows[0]?.present) return [];
  const { rows } = await db.query<{
    chain_name: string;
    chain_id: string;
    block: string;
    finalized: string;
    checkpoint: string;
  }>(
    `SELECT chain_name, chain_id::text, latest_checkpoint AS checkpoint,
            ${checkpointBlockOf("latest_checkpoint")}::text AS block,
            ${checkpointBlockOf("finalized_checkpoint")}::text AS finalized
       FROM "${indexerSchema}"._ponder_checkpoint`,
  );
  return rows.map((r) => ({
    chainName: r.chain_name,
    chainId: Number(r.chain_id),
    block: Number(r.block),
    finalizedBlock: Number(r.finalized),
    checkpoint: r.checkpoint,
  }));
}

export type StreamRow = {
  id: string;
  chainId: number;
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  txHash: string;
  timestamp: number;
  kind: string;
  token: string | null;
  /** The app's uuid of `token`, when the app knows it. */
  tokenId: string | null;
  data: Record<string, unknown>;
  /** A trade's minute candle after it (readStreamRows); null for other kinds. */
  candle: StreamCandle | null;
};

/** A trade's 1-minute candle after it: prices and volumes as decimal strings, as the stream row's data carries them. */
export type StreamCandle = {
  interval: number;
  bucket: string;
  open: string;
  high: string;
  low: string;
  close: string;
  volumeUsdc: string;
  volumeToken: string;
  trades: number;
};

/**
 * The stream_event rows of `chainId` in blocks (after, through], in log order, stopping at the block of the limit-th
 * row when more follow it (that block's rows all come, so a step may hold a few more than `limit`); `through` says
 * where it stopped. A step of the sequencer reads one step's rows (and the candles of their trades), not the whole
 * backlog after a backfill or a restart. A trade's row comes with its minute's candle as it stood after the trade
 * (addTradeCandles; the indexer writes no candle rows: the maintained ones are svc_candle's, db/indexed/ranking.ts).
 */
export async function readStreamRows(
  db: Queryable,
  schemas: Schemas,
  chainId: number,
  after: number,
  through: number,
  limit: number,
): Promise<{ rows: StreamRow[]; through: number }> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{
    id: string;
    chain_id: number;
    block_number: string;
    block_hash: string;
    log_index: number;
    tx_hash: string;
    timestamp: string;
    kind: string;
    token: string | null;
    token_id: string | null;
    data: Record<string, unknown>;
    through: string;
  }>(
    `WITH cut AS (
       SELECT block_number FROM "${ix}".stream_event
        WHERE chain_id = $1 AND block_number > $2 AND block_number <= $3
        ORDER BY block_number, log_index OFFSET $4 LIMIT 2),
     bound AS (SELECT CASE WHEN count(*) = 2 THEN min(block_number) ELSE $3 END AS through FROM cut)
     SELECT s.id, s.chain_id, s.block_number::text, s.block_hash, s.log_index, s.tx_hash, s.timestamp::text, s.kind,
            s.token, a.id::text AS token_id, s.data::json AS data, (SELECT through FROM bound)::text AS through
       FROM "${ix}".stream_event s
       LEFT JOIN "${ix}".token t ON t.chain_id = s.chain_id AND t.address = s.token
       LEFT JOIN "${schemas.appSchema}".tokens a ON lower(a.token_layer_id) = lower(t.token_layer_id)
      WHERE s.chain_id = $1 AND s.block_number > $2 AND s.block_number <= (SELECT through FROM bound)
      ORDER BY s.block_number, s.log_index`,
    [chainId, after, through, Math.max(0, Math.trunc(limit) - 1)],
  );
  // No row at all: nothing was cut, so the range is read through.
  const end = rows[0] ? Number(rows[0].through) : through;
  const read: StreamRow[] = rows.map((r) => ({
    id: r.id,
    chainId: r.chain_id,
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash,
    logIndex: r.log_index,
    txHash: r.tx_hash,
    timestamp: Number(r.timestamp),
    kind: r.kind,
    token: r.token,
    tokenId: r.token_id,
    data: r.data,
    candle: null,
  }));
  await addTradeCandles(db, ix, chainId, end, read);
  return { rows: read, through: end };
}

/**
 * Sets each trade row's minute candle as it stood after the trade: the trade rows of every minute the rows trade in,
 * up to block `through`, read in one statement (an index range per minute) and folded here in chain order. Folded in
 * JavaScript rather than by a window in SQL, whose join back to the rows Postgres planned as a loop that ran the
 * window again for every row (1.9 s for 1,709 rows).
 */
async function addTradeCandles(db: Queryable, ix: string, chainId: number, through: number, rows: StreamRow[]) {
  const trades = rows.filter((r) => r.kind === "trade" && r.token !== null);
  if (trades.length === 0) return;
  const minuteOf = (timestamp: number) => timestamp - (timestamp % STORED_CANDLE_SECONDS);
  const minutes = new Map<string, { token: string; bucket: number }>();
  for (const r of trades) {
    const bucket = minuteOf(r.timestamp);
    minutes.set(`${r.token}:${bucket}`, { token: r.token as string, bucket });
  }
  const list = [...minutes.values()];
  const { rows: found } = await db.query<{
    token: string;
    bucket: string;
    block_number: string;
    log_index: number;
    price: string;
    usdc_amount: string;
    token_amount: string;
  }>(
    `SELECT r.token, m.bucket::text, r.block_number::text, r.log_index, r.price::text, r.usdc_amount::text,
            r.token_amount::text
       FROM unnest($2::text[], $3::numeric[]) AS m(token, bucket)
       JOIN "${ix}".trade r ON r.chain_id = $1 AND r.token = m.token AND r.timestamp >= m.bucket
        AND r.timestamp < m.bucket + ${STORED_CANDLE_SECONDS} AND r.block_number <= $4
      ORDER BY r.token, m.bucket, r.block_number, r.log_index`,
    [chainId, list.map((m) => m.token), list.map((m) => m.bucket), through],
  );
  const after = new Map<string, StreamCandle>();
  let minute = "";
  let k: StreamCandle | undefined;
  for (const t of found) {
    const key = `${t.token}:${t.bucket}`;
    const price = BigInt(t.price);
    if (key !== minute || !k) {
      minute = key;
      k = {
        interval: STORED_CANDLE_SECONDS,
        bucket: t.bucket,
        open: t.price,
        high: t.price,
        low: t.price,
        close: t.price,
        volumeUsdc: t.usdc_amount,
        volumeToken: t.token_amount,
        trades: 1,
      };
    } else {
      k = {
        ...k,
        high: price > BigInt(k.high) ? t.price : k.high,
        low: price < BigInt(k.low) ? t.price : k.low,
        close: t.price,
        volumeUsdc: (BigInt(k.volumeUsdc) + BigInt(t.usdc_amount)).toString(),
        volumeToken: (BigInt(k.volumeToken) + BigInt(t.token_amount)).toString(),
        trades: k.trades + 1,
      };
    }
    after.set(`${t.token}:${t.block_number}:${t.log_index}`, k);
  }
  for (const r of trades) r.candle = after.get(`${r.token}:${r.blockNumber}:${r.logIndex}`) ?? null;
}

/**
 * The lowest block among the app's live events of `chainId` after `afterBlock` whose stream_event row is gone (a
 * reorg undid it), or null when none is.
 */
export async function readFirstRemovedBlock(
  db: Queryable,
  schemas: Schemas,
  chainId: number,
  afterBlock: number,
): Promise<number | null> {
  const { rows } = await db.query<{ block: string | null }>(
    `SELECT min(e.block_number)::text AS block
       FROM "${schemas.appSchema}".events e
      WHERE e.chain_id = $1 AND e.block_number > $2 AND e.removed_by IS NULL AND e.kind <> 'removed'
        AND e.source IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM "${schemas.indexerSchema}".stream_event s WHERE s.id = e.source)`,
    [chainId, afterBlock],
  );
  return rows[0]?.block == null ? null : Number(rows[0].block);
}

/** What a `token:` channel names: the token's uuid and its addresses on every chain (lower case). */
export async function readTokenKeys(
  db: Queryable,
  schemas: Schemas,
  ref: { tokenId: string | null; address: string | null },
): Promise<{ tokenId: string | null; addresses: string[] }> {
  const ix = schemas.indexerSchema;
  const { rows } = await db.query<{ token_id: string | null; address: string | null }>(
    `WITH layer AS (
       SELECT lower(a.token_layer_id) AS id, a.id AS token_id FROM "${schemas.appSchema}".tokens a WHERE a.id = $1::uuid
       UNION
       SELECT lower(t.token_layer_id), (SELECT a.id FROM "${schemas.appSchema}".tokens a
                                         WHERE lower(a.token_layer_id) = lower(t.token_layer_id))
         FROM "${ix}".token t WHERE t.address = $2)
     SELECT l.token_id::text, lower(t.address) AS address
       FROM layer l LEFT JOIN "${ix}".token t ON lower(t.token_layer_id) = l.id`,
    [ref.tokenId, ref.address],
  );
  const addresses = new Set<string>();
  let tokenId = ref.tokenId;
  for (const r of rows) {
    tokenId ??= r.token_id;
    if (r.address) addresses.add(r.address);
  }
  if (ref.address) addresses.add(ref.address.toLowerCase());
  return { tokenId, addresses: [...addresses] };
}
