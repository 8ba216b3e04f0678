/**
 * A dump of every table the indexer writes, and the differences between two dumps.
 *
 * Units follow ponder.schema.ts: token wei, USDC base units, 18-decimal USD prices, unix seconds. Hex values are
 * compared lowercase, as Ponder stores them.
 */
import pg from "pg";
import { STORED_CANDLE_SECONDS } from "../../../core/candles.js";
import { CANDLE_TABLE, candleFoldSql } from "../../../db/indexed/ranking.js";
import { DEFAULT_DATABASE_URL } from "../../../scripts/indexer.js";

/**
 * Every table indexer/ponder.schema.ts defines, by its SQL name, and `candle`: the 1-minute candles, which the
 * indexer does not write; they are read as the API reads them (svc_candle when maintained, else folded from the
 * trade rows: db/indexed/ranking.ts candleFoldSql).
 */
export const indexedTables = [
  "token",
  "pool",
  "trade",
  "transfer",
  "holder",
  "candle",
  "fees",
  "token_fees",
  "fee_claim",
  "pool_fee_collection",
  "builder",
  "referrer",
  "launchpad",
  "v3_pool",
] as const;
export type IndexedTable = (typeof indexedTables)[number];

export type Value = string | number | bigint | boolean | null;
export type Row = Record<string, Value>;
/** `from`: where a derived table's rows were read (candle: svc_candle when maintained, else the trade rows). */
export type TableDump = { primaryKey: string[]; rows: Row[]; from?: string };
export type Dump = Record<IndexedTable, TableDump>;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** The 1-minute candles of `schema`, from svc_candle when it exists, else folded from the trade rows. */
async function dumpCandles(client: pg.Client, schema: string): Promise<TableDump> {
  const { rows: found } = await client.query<{ maintained: boolean }>(
    "SELECT to_regclass($1) IS NOT NULL AS maintained",
    [`"${schema}".${CANDLE_TABLE}`],
  );
  const maintained = found[0]?.maintained === true;
  const columns = "chain_id, token, bucket, open, high, low, close, volume_usdc, volume_token, trades";
  const source = maintained
    ? `"${schema}".${CANDLE_TABLE}`
    : `(${candleFoldSql(`"${schema}".trade`)}) f (${columns}, first_key, last_key)`;
  const { rows } = await client.query<Record<string, string>>(
    `SELECT ${columns} FROM ${source} ORDER BY chain_id, token COLLATE "C", bucket`,
  );
  return {
    primaryKey: ["chainId", "token", "interval", "bucket"],
    from: maintained ? CANDLE_TABLE : "trade",
    rows: rows.map((r) => ({
      chainId: Number(r.chain_id),
      token: r.token as string,
      interval: STORED_CANDLE_SECONDS,
      bucket: BigInt(r.bucket as string),
      open: BigInt(r.open as string),
      high: BigInt(r.high as string),
      low: BigInt(r.low as string),
      close: BigInt(r.close as string),
      volumeUsdc: BigInt(r.volume_usdc as string),
      volumeToken: BigInt(r.volume_token as string),
      trades: Number(r.trades),
    })),
  };
}

/**
 * All rows of every indexed table in `schema`, ordered by primary key (byte order for text), with camelCase keys
 * as in ponder.schema.ts. Numeric columns (Ponder's bigint) become bigint, so no value loses precision.
 */
export async function dumpTables(schema: string, databaseUrl = DEFAULT_DATABASE_URL): Promise<Dump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dump = {} as Dump;
    for (const table of indexedTables) {
      if (table === "candle") {
        dump.candle = await dumpCandles(client, schema);
        continue;
      }
      const columns = await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
        [schema, table],
      );
      if (columns.rows.length === 0) throw new Error(`Table ${schema}.${table} does not exist.`);
      const numeric = new Set(columns.rows.filter((c) => c.data_type === "numeric").map((c) => c.column_name));
      const pk = await client.query<{ column_name: string }>(
        `SELECT a.attname AS column_name
           FROM pg_index i
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = $1::regclass AND i.indisprimary
          ORDER BY array_position(i.indkey, a.attnum)`,
        [`"${schema}"."${table}"`],
      );
      const primaryKey = pk.rows.map((r) => r.column_name);
      const text = new Set(columns.rows.filter((c) => c.data_type === "text").map((c) => c.column_name));
      const orderBy = primaryKey.map((c) => (text.has(c) ? `"${c}" COLLATE "C"` : `"${c}"`)).join(", ");
      const result = await client.query(`SELECT * FROM "${schema}"."${table}" ORDER BY ${orderBy}`);
      dump[table] = {
        primaryKey: primaryKey.map(camel),
        rows: result.rows.map((raw: Record<string, unknown>) => {
          const row: Row = {};
          for (const [key, value] of Object.entries(raw)) {
            row[camel(key)] = value === null ? null : numeric.has(key) ? BigInt(value as string) : (value as Value);
          }
          return row;
        }),
      };
    }
    return dump;
  } finally {
    await client.end();
  }
}

const show = (v: Value | undefined) => (typeof v === "bigint" ? `${v}n` : JSON.stringify(v));

/**
 * Differences between two row sets keyed by `primaryKey`: missing rows, extra rows and differing fields, at most
 * `limit` lines. Empty when they are equal.
 */
export function diffRows(table: string, actual: Row[], expected: Row[], primaryKey: string[], limit = 20): string[] {
  const key = (r: Row) => primaryKey.map((k) => String(r[k])).join("/");
  const want = new Map(expected.map((r) => [key(r), r]));
  const got = new Map(actual.map((r) => [key(r), r]));
  const out: string[] = [];
  if (want.size !== expected.length) out.push(`${table}: expected rows repeat a primary key`);
  for (const [k, e] of want) {
    const a = got.get(k);
    if (!a) {
      out.push(`${table} ${k}: missing`);
      continue;
    }
    for (const field of new Set([...Object.keys(e), ...Object.keys(a)])) {
      if (a[field] !== e[field]) out.push(`${table} ${k}: ${field} is ${show(a[field])}, expected ${show(e[field])}`);
    }
  }
  for (const k of got.keys()) if (!want.has(k)) out.push(`${table} ${k}: unexpected row`);
  return out.length > limit ? [...out.slice(0, limit), `… and ${out.length - limit} more`] : out;
}

/** Table-by-table, row-by-row differences between two dumps; empty when they are equal. */
export function diffDumps(actual: Dump, expected: Dump): string[] {
  return indexedTables.flatMap((t) => [
    ...(actual[t].rows.length === expected[t].rows.length
      ? []
      : [`${t}: ${actual[t].rows.length} rows, expected ${expected[t].rows.length}`]),
    ...diffRows(t, actual[t].rows, expected[t].rows, expected[t].primaryKey),
  ]);
}
