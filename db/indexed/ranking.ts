/**
 * The maintained ranking of get-tokens: per token_layer_id totals over its indexed deployments, including the USDC
 * volume of trending's window, kept by statement triggers on the indexer's token, pool and trade tables so that a
 * page of any ranking is an index scan instead of a catalog aggregate.
 *
 * Trending's window is hourly: the current hour and the 23 before it (`windowStartSql`), so a trade counts for 23 to
 * 24 hours. Volumes are kept per deployment and hour (`svc_token_volume_hour`); each token_layer_id's total over the
 * window is a column of `svc_token_rank`, recomputed for the tokens a flush of rows touches, and for the tokens
 * whose oldest hour leaves the window when the hour turns (`svc_rank_roll()`, called by every poll of db/versions.ts;
 * a reader seeing a window that has not turned yet reads the catalog instead).
 *
 * The same triggers keep `svc_fee_accrued`: the USDC trade fee shares each recipient accrued per chain, summed from
 * the trade rows' fee columns (the indexer writes no fee row per trade; db/indexed/fees.ts reads this table), and
 * `svc_candle`: each token's 1-minute OHLCV candles, folded from the trade rows (the indexer writes no candle row per
 * trade; db/indexed/market.ts reads this table, and rolls the coarser intervals up from it).
 *
 * The tables live in the indexer's schema: they are derived from its rows alone, and every app schema served by that
 * indexer reads them. They are not Ponder's: Ponder drops only its own tables when it recreates the schema, so
 * whoever installs the triggers (db/versions.ts, in every API and worker process) also rebuilds the tables from the
 * indexed rows, in one transaction that holds the indexer's writes back. From then on each flush of rows (a block, a
 * batch of the backfill, a reorg's revert) keeps them exact at its commit. Until the triggers are installed, or after
 * they are found missing, readers use the catalog query (db/indexed/catalog.ts), which this ranking must always equal.
 */
import type pg from "pg";
import { STORED_CANDLE_SECONDS } from "../../core/candles.js";

export const RANK_TABLE = "svc_token_rank";
const HOUR_TABLE = "svc_token_volume_hour";
/** One row: the first hour (unix seconds) of trending's window as last rolled. */
export const WINDOW_TABLE = "svc_token_rank_window";
/** Trade fee shares accrued per chain and recipient (USDC base units). */
export const FEE_TABLE = "svc_fee_accrued";
/** 1-minute candles per chain and token, folded from the trade rows (see candleFoldSql). */
export const CANDLE_TABLE = "svc_candle";
const TRIGGER = "svc_rank";
/** The indexer tables the ranking follows, each with three statement triggers (insert, update, delete). */
const RANKED_TABLES = ["token", "pool", "trade"] as const;
const RANK_TRIGGER_COUNT = RANKED_TABLES.length * 3;

/** Seconds from the start of the current hour back to the start of trending's window (23 hours). */
const WINDOW_BACK_SECONDS = 23 * 3_600;
/** SQL: the start of trending's window now, by Postgres's clock (unix seconds). */
const windowStartSql = `(floor(extract(epoch FROM now()) / 3600) * 3600 - ${WINDOW_BACK_SECONDS})::numeric`;
/** The start of trending's window at `ms` (unix milliseconds), in unix seconds. */
export const windowStartAt = (ms: number) => Math.floor(ms / 3_600_000) * 3_600 - WINDOW_BACK_SECONDS;

const COLUMNS =
  "token_layer_id, name, symbol, created_at, created_block, holders, volume, graduated, progress_bps, volume_window";
const UPDATE_SET = COLUMNS.split(", ")
  .slice(1)
  .map((c) => `${c} = excluded.${c}`)
  .join(", ");

/**
 * Creates the tables and functions, (re)installs the triggers and rebuilds the tables from the indexed rows, in one
 * transaction on `client`. Waits at most `lockTimeoutMs` for the indexer's writes to the three tables (then throws:
 * try again later), so a flush that waits on this never waits long.
 */
export async function installRanking(client: pg.ClientBase, ix: string, lockTimeoutMs = 500): Promise<void> {
  const q = (name: string) => `"${ix}".${name}`;
  await client.query("BEGIN");
  try {
    await client.query(`SET LOCAL lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
    await client.query(`LOCK TABLE ${RANKED_TABLES.map(q).join(", ")} IN SHARE ROW EXCLUSIVE MODE`);
    // Another process installed it while this one waited for the lock: nothing to rebuild.
    const { rows } = await client.query<{ armed: boolean }>(`SELECT ${rankingArmedSql(ix)} AS armed`);
    if (rows[0]?.armed) {
      await client.query("COMMIT");
      return;
    }
    await client.query(`
      CREATE TABLE IF NOT EXISTS ${q(RANK_TABLE)} (
        token_layer_id text PRIMARY KEY,
        name text NOT NULL,
        symbol text NOT NULL,
        created_at numeric(78) NOT NULL,
        created_block numeric(78) NOT NULL,
        holders numeric(78) NOT NULL,
        volume numeric(78) NOT NULL,
        graduated boolean NOT NULL,
        progress_bps integer NOT NULL,
        volume_window numeric(78) NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${RANK_TABLE}_trending_idx
        ON ${q(RANK_TABLE)} (volume_window DESC, volume DESC, created_at DESC, created_block DESC, token_layer_id);
      CREATE INDEX IF NOT EXISTS ${RANK_TABLE}_new_idx
        ON ${q(RANK_TABLE)} (created_at DESC, created_block DESC, token_layer_id);
      CREATE INDEX IF NOT EXISTS ${RANK_TABLE}_holders_idx
        ON ${q(RANK_TABLE)} (holders DESC, volume DESC, created_at DESC, created_block DESC, token_layer_id);
      CREATE TABLE IF NOT EXISTS ${q(HOUR_TABLE)} (
        chain_id integer NOT NULL,
        token text NOT NULL,
        hour numeric(78) NOT NULL,
        volume numeric(78) NOT NULL,
        trades integer NOT NULL,
        PRIMARY KEY (chain_id, token, hour)
      );
      CREATE INDEX IF NOT EXISTS ${HOUR_TABLE}_hour_idx ON ${q(HOUR_TABLE)} (hour);
      CREATE TABLE IF NOT EXISTS ${q(WINDOW_TABLE)} (
        one boolean PRIMARY KEY DEFAULT true CHECK (one),
        start_hour numeric(78) NOT NULL
      );
      CREATE TABLE IF NOT EXISTS ${q(FEE_TABLE)} (
        chain_id integer NOT NULL,
        recipient text NOT NULL,
        accrued numeric(78) NOT NULL,
        PRIMARY KEY (recipient, chain_id)
      );
      -- first_key and last_key place the minute's first and last trade in the chain (candleKeySql): a batch folded
      -- in later can hold an earlier trade only after a reorg, which recomputes its minutes instead.
      CREATE TABLE IF NOT EXISTS ${q(CANDLE_TABLE)} (
        chain_id integer NOT NULL,
        token text NOT NULL,
        bucket numeric(78) NOT NULL,
        open numeric(78) NOT NULL,
        high numeric(78) NOT NULL,
        low numeric(78) NOT NULL,
        close numeric(78) NOT NULL,
        volume_usdc numeric(78) NOT NULL,
        volume_token numeric(78) NOT NULL,
        trades integer NOT NULL,
        first_key numeric(78) NOT NULL,
        last_key numeric(78) NOT NULL,
        PRIMARY KEY (chain_id, token, bucket)
      );

      -- The rank rows of these token_layer_ids, from their token and pool rows and their hourly volumes since start.
      CREATE OR REPLACE FUNCTION ${q("svc_rank_refresh")}(layers text[], start numeric) RETURNS void
      LANGUAGE sql AS $$
        DELETE FROM ${q(RANK_TABLE)} k WHERE k.token_layer_id = ANY(layers)
           AND NOT EXISTS (SELECT 1 FROM ${q("token")} t WHERE t.token_layer_id = k.token_layer_id);
        INSERT INTO ${q(RANK_TABLE)} (${COLUMNS})
        SELECT t.token_layer_id, (array_agg(t.name ORDER BY t.chain_id))[1],
               (array_agg(t.symbol ORDER BY t.chain_id))[1], min(t.created_at), min(t.created_block),
               COALESCE(sum(p.holders_count), 0), COALESCE(sum(p.volume_usdc), 0), COALESCE(bool_or(p.graduated), false),
               COALESCE(max(p.progress_bps), 0),
               COALESCE((SELECT sum(h.volume) FROM ${q(HOUR_TABLE)} h
                           JOIN ${q("token")} d ON d.chain_id = h.chain_id AND d.address = h.token
                          WHERE d.token_layer_id = t.token_layer_id AND h.hour >= start), 0)
          FROM ${q("token")} t LEFT JOIN ${q("pool")} p ON p.chain_id = t.chain_id AND p.token = t.address
         WHERE t.token_layer_id = ANY(layers)
         GROUP BY t.token_layer_id
        ON CONFLICT (token_layer_id) DO UPDATE SET ${UPDATE_SET};
      $$;

      -- Turns trending's window to the current hour: the tokens with volume in the hours it gains or loses are
      -- recomputed. Waits for flushes under way (they hold the window row), which then read the new start.
      CREATE OR REPLACE FUNCTION ${q("svc_rank_roll")}() RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE old numeric; fresh numeric := ${windowStartSql};
      BEGIN
        SELECT start_hour INTO old FROM ${q(WINDOW_TABLE)};
        IF old = fresh THEN RETURN false; END IF;
        SELECT start_hour INTO old FROM ${q(WINDOW_TABLE)} FOR UPDATE;
        IF old = fresh THEN RETURN false; END IF;
        UPDATE ${q(WINDOW_TABLE)} SET start_hour = fresh;
        PERFORM ${q("svc_rank_refresh")}(ARRAY(
          SELECT DISTINCT t.token_layer_id FROM ${q(HOUR_TABLE)} h
            JOIN ${q("token")} t ON t.chain_id = h.chain_id AND t.address = h.token
           WHERE h.hour >= least(old, fresh) AND h.hour < greatest(old, fresh)), fresh);
        RETURN true;
      END $$;

      -- The 1-minute candles of these (chain, token, minute)s, folded again from their trade rows.
      CREATE OR REPLACE FUNCTION ${q("svc_candle_refold")}(chains integer[], tokens text[], buckets numeric[])
      RETURNS void LANGUAGE sql AS $$
        DELETE FROM ${q(CANDLE_TABLE)} c USING unnest(chains, tokens, buckets) AS t(chain_id, token, bucket)
         WHERE c.chain_id = t.chain_id AND c.token = t.token AND c.bucket = t.bucket;
        INSERT INTO ${q(CANDLE_TABLE)} (${CANDLE_COLUMNS})
        ${candleFoldSql(`(SELECT r.* FROM ${q("trade")} r
                            JOIN unnest(chains, tokens, buckets) AS t(chain_id, token, bucket)
                              ON r.chain_id = t.chain_id AND r.token = t.token AND r.timestamp >= t.bucket
                             AND r.timestamp < t.bucket + ${STORED_CANDLE_SECONDS})`)};
      $$;

      CREATE OR REPLACE FUNCTION ${q(TRIGGER)}() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE layers text[]; start numeric; chains integer[]; tokens text[]; buckets numeric[];
      BEGIN
        IF TG_TABLE_NAME = 'trade' THEN
          IF TG_OP = 'INSERT' THEN
            INSERT INTO ${q(CANDLE_TABLE)} AS c (${CANDLE_COLUMNS}) ${candleFoldSql("new_rows")}
            ON CONFLICT (chain_id, token, bucket) DO UPDATE SET
              open = CASE WHEN excluded.first_key < c.first_key THEN excluded.open ELSE c.open END,
              close = CASE WHEN excluded.last_key > c.last_key THEN excluded.close ELSE c.close END,
              high = greatest(c.high, excluded.high), low = least(c.low, excluded.low),
              volume_usdc = c.volume_usdc + excluded.volume_usdc, volume_token = c.volume_token + excluded.volume_token,
              trades = c.trades + excluded.trades, first_key = least(c.first_key, excluded.first_key),
              last_key = greatest(c.last_key, excluded.last_key);
          ELSIF TG_OP = 'DELETE' THEN
            -- A reorg's revert: the minutes it touched, folded again from the trades left.
            SELECT array_agg(chain_id), array_agg(token), array_agg(bucket) INTO chains, tokens, buckets
              FROM (SELECT DISTINCT chain_id, token, ${bucketSql("timestamp")} AS bucket FROM old_rows) x;
            PERFORM ${q("svc_candle_refold")}(chains, tokens, buckets);
          ELSE
            SELECT array_agg(chain_id), array_agg(token), array_agg(bucket) INTO chains, tokens, buckets
              FROM (SELECT chain_id, token, ${bucketSql("timestamp")} AS bucket FROM old_rows
                    UNION SELECT chain_id, token, ${bucketSql("timestamp")} FROM new_rows) x;
            PERFORM ${q("svc_candle_refold")}(chains, tokens, buckets);
          END IF;
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE ${q(FEE_TABLE)} f SET accrued = f.accrued - o.amount
              FROM (${feeSharesSql("old_rows")}) o WHERE f.chain_id = o.chain_id AND f.recipient = o.recipient;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO ${q(FEE_TABLE)} (chain_id, recipient, accrued) ${feeSharesSql("new_rows")}
            ON CONFLICT (recipient, chain_id) DO UPDATE SET accrued = ${FEE_TABLE}.accrued + excluded.accrued;
          END IF;
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE ${q(HOUR_TABLE)} h SET volume = h.volume - o.volume, trades = h.trades - o.trades
              FROM (SELECT chain_id, token, timestamp - timestamp % 3600 AS hour, sum(usdc_amount) AS volume,
                           count(*) AS trades
                      FROM old_rows GROUP BY 1, 2, 3) o
             WHERE h.chain_id = o.chain_id AND h.token = o.token AND h.hour = o.hour;
            DELETE FROM ${q(HOUR_TABLE)} h USING (SELECT DISTINCT chain_id, token FROM old_rows) o
             WHERE h.chain_id = o.chain_id AND h.token = o.token AND h.trades <= 0;
            SELECT array_agg(DISTINCT t.token_layer_id) INTO layers
              FROM old_rows r JOIN ${q("token")} t ON t.chain_id = r.chain_id AND t.address = r.token;
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            INSERT INTO ${q(HOUR_TABLE)} (chain_id, token, hour, volume, trades)
            SELECT chain_id, token, timestamp - timestamp % 3600, sum(usdc_amount), count(*)
              FROM new_rows GROUP BY 1, 2, 3
            ON CONFLICT (chain_id, token, hour)
              DO UPDATE SET volume = ${HOUR_TABLE}.volume + excluded.volume, trades = ${HOUR_TABLE}.trades + excluded.trades;
            -- An update's old rows' layers too (layers is then theirs already).
            SELECT array_agg(DISTINCT x) INTO layers FROM (
              SELECT t.token_layer_id AS x FROM (SELECT DISTINCT chain_id, token FROM new_rows) r
                JOIN ${q("token")} t ON t.chain_id = r.chain_id AND t.address = r.token
              UNION SELECT unnest(layers)) u;
          END IF;
        ELSIF TG_TABLE_NAME = 'token' THEN
          IF TG_OP = 'INSERT' THEN SELECT array_agg(DISTINCT token_layer_id) INTO layers FROM new_rows;
          ELSIF TG_OP = 'DELETE' THEN SELECT array_agg(DISTINCT token_layer_id) INTO layers FROM old_rows;
          ELSE
            SELECT array_agg(DISTINCT token_layer_id) INTO layers
              FROM (SELECT token_layer_id FROM new_rows UNION SELECT token_layer_id FROM old_rows) x;
          END IF;
        ELSIF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT t.token_layer_id) INTO layers
            FROM new_rows r JOIN ${q("token")} t ON t.chain_id = r.chain_id AND t.address = r.token;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT t.token_layer_id) INTO layers
            FROM old_rows r JOIN ${q("token")} t ON t.chain_id = r.chain_id AND t.address = r.token;
        ELSE
          -- Only what the ranking reads of a pool (its price alone leaves it be). Its volume moves with every trade,
          -- which the trade rows' trigger refreshes too, but this flush may come after theirs in the same transaction.
          SELECT array_agg(DISTINCT t.token_layer_id) INTO layers
            FROM new_rows r JOIN old_rows o ON o.chain_id = r.chain_id AND o.token = r.token
            JOIN ${q("token")} t ON t.chain_id = r.chain_id AND t.address = r.token
           WHERE (r.graduated, r.progress_bps, r.holders_count, r.volume_usdc)
                 IS DISTINCT FROM (o.graduated, o.progress_bps, o.holders_count, o.volume_usdc);
        END IF;
        IF layers IS NULL THEN RETURN NULL; END IF;
        -- A window being turned holds this row: wait for it, then read the new start.
        SELECT start_hour INTO start FROM ${q(WINDOW_TABLE)} FOR SHARE;
        PERFORM ${q("svc_rank_refresh")}(layers, start);
        RETURN NULL;
      END $$;
      ${RANKED_TABLES.map(
        (t) => `
      CREATE OR REPLACE TRIGGER ${TRIGGER}_ins AFTER INSERT ON ${q(t)}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${q(TRIGGER)}();
      CREATE OR REPLACE TRIGGER ${TRIGGER}_upd AFTER UPDATE ON ${q(t)}
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${q(TRIGGER)}();
      CREATE OR REPLACE TRIGGER ${TRIGGER}_del AFTER DELETE ON ${q(t)}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${q(TRIGGER)}();`,
      ).join("")}

      TRUNCATE ${q(RANK_TABLE)}, ${q(HOUR_TABLE)}, ${q(WINDOW_TABLE)}, ${q(FEE_TABLE)}, ${q(CANDLE_TABLE)};
      INSERT INTO ${q(FEE_TABLE)} (chain_id, recipient, accrued) ${feeSharesSql(q("trade"))};
      INSERT INTO ${q(CANDLE_TABLE)} (${CANDLE_COLUMNS}) ${candleFoldSql(q("trade"))};
      INSERT INTO ${q(WINDOW_TABLE)} (start_hour) VALUES (${windowStartSql});
      INSERT INTO ${q(HOUR_TABLE)} (chain_id, token, hour, volume, trades)
      SELECT chain_id, token, timestamp - timestamp % 3600, sum(usdc_amount), count(*)
        FROM ${q("trade")} GROUP BY 1, 2, 3;
      SELECT ${q("svc_rank_refresh")}(ARRAY(SELECT DISTINCT token_layer_id FROM ${q("token")}), ${windowStartSql});
    `);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/**
 * Turns trending's window to the current hour when it has not turned yet (a no-op read otherwise). Waits at most
 * `lockTimeoutMs` for flushes under way; throws then (the next call tries again, readers use the catalog meanwhile).
 */
export async function rollRankingWindow(client: pg.ClientBase, ix: string, lockTimeoutMs = 2_000): Promise<boolean> {
  await client.query("BEGIN");
  try {
    await client.query(`SET LOCAL lock_timeout = ${Math.trunc(lockTimeoutMs)}`);
    const { rows } = await client.query<{ rolled: boolean }>(`SELECT "${ix}".svc_rank_roll() AS rolled`);
    await client.query("COMMIT");
    return rows[0]?.rolled === true;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  }
}

/** SQL: (chain_id, recipient, amount) of the non-zero trade fee shares of the trade rows `rows`, per recipient. */
const feeSharesSql = (rows: string) =>
  `SELECT chain_id, recipient, sum(amount) AS amount FROM (
     SELECT chain_id, protocol_recipient AS recipient, fee_protocol + fee_launch AS amount FROM ${rows}
     UNION ALL SELECT chain_id, creator, fee_creator FROM ${rows}
     UNION ALL SELECT chain_id, referral, fee_referral FROM ${rows}
     UNION ALL SELECT chain_id, builder, fee_builder FROM ${rows}) s
   WHERE amount > 0 GROUP BY chain_id, recipient`;

const CANDLE_COLUMNS =
  "chain_id, token, bucket, open, high, low, close, volume_usdc, volume_token, trades, first_key, last_key";

/** SQL: the start of the 1-minute bucket of the unix time `column`. */
const bucketSql = (column: string) => `${column} - ${column} % ${STORED_CANDLE_SECONDS}`;

/**
 * SQL: a trade's place in its chain, as one number (block number, then log index; a block holds fewer than 2^32 logs).
 * A candle's open is the price of its minute's lowest, and its close of its highest.
 */
const candleKeySql = (rows: string) => `${rows}.block_number * 4294967296 + ${rows}.log_index`;

/**
 * SQL: the 1-minute candles of the trade rows `rows` (a table or a parenthesised subquery), in CANDLE_COLUMNS order:
 * prices after each trade, volumes summed, one row per chain, token and minute.
 */
export const candleFoldSql = (rows: string) =>
  `SELECT f.chain_id, f.token, ${bucketSql("f.timestamp")},
          (array_agg(f.price ORDER BY f.block_number, f.log_index))[1], max(f.price), min(f.price),
          (array_agg(f.price ORDER BY f.block_number DESC, f.log_index DESC))[1],
          sum(f.usdc_amount), sum(f.token_amount), count(*), min(${candleKeySql("f")}), max(${candleKeySql("f")})
     FROM ${rows} f GROUP BY 1, 2, 3`;

/**
 * SQL: the rows of `kept` (a query of a table kept by these triggers) while every trigger is in place, else those of
 * `derived` (the same columns, computed from the indexed rows). The check is a one-time filter of the statement, so a
 * schema whose triggers went missing reads the indexed rows until they are back.
 */
export const keptOrDerivedSql = (ix: string, kept: string, derived: string) =>
  `SELECT * FROM (${kept}) k WHERE ${rankingArmedSql(ix)}
   UNION ALL SELECT * FROM (${derived}) d WHERE NOT ${rankingArmedSql(ix)}`;

/** SQL of one boolean: the tables exist and every trigger of the ranking is in place on the indexer's tables. */
export const rankingArmedSql = (ix: string) =>
  `(to_regclass('"${ix}".${RANK_TABLE}') IS NOT NULL AND to_regclass('"${ix}".${HOUR_TABLE}') IS NOT NULL
    AND to_regclass('"${ix}".${WINDOW_TABLE}') IS NOT NULL AND to_regclass('"${ix}".${FEE_TABLE}') IS NOT NULL
    AND to_regclass('"${ix}".${CANDLE_TABLE}') IS NOT NULL
    AND (SELECT count(*) FROM pg_trigger WHERE tgname IN ('${TRIGGER}_ins', '${TRIGGER}_upd', '${TRIGGER}_del')
          AND tgrelid IN (${RANKED_TABLES.map((t) => `to_regclass('"${ix}".${t}')`).join(", ")})) = ${RANK_TRIGGER_COUNT})`;
