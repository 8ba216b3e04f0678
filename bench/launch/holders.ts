/**
 * What the launch report's holder count over time costs on an old, busy token: db/indexed/launch.ts readHolderCounts
 * (200 samples, each a short backward walk of the event table's index by token) against reading every change of the
 * count (one pass over all the token's events, each row's JSON parsed), on a table of Ponder's stream_event shape.
 *
 *   npx tsx bench/launch/holders.ts [--events 270000] [--runs 5]
 *
 * The table lives in a schema of the run's own in the Postgres of BENCH_DATABASE_URL (default: the local one), made
 * afresh and dropped at the end. Nine events in ten are the measured token's: transfers and trades as the indexer
 * writes them (a transfer carries holdersCount, a trade without its own leg does not), three to a block.
 */
import { parseArgs } from "node:util";
import pg from "pg";
import { MAX_HOLDING_POINTS } from "../../core/launch-report.js";
import { readHolderCounts } from "../../db/indexed/launch.js";
import { DEFAULT_DATABASE_URL } from "../../scripts/indexer.js";
import { machineFacts } from "../lib/machine.js";

const { values: args } = parseArgs({
  options: { events: { type: "string", default: "270000" }, runs: { type: "string", default: "5" } },
});
const events = Number(args.events);
const runs = Number(args.runs);
const schema = `bench_holders_${process.pid}`;
const token = "0x00000000000000000000000000000000000000aa";
const db = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL ?? DEFAULT_DATABASE_URL, max: 1 });

const trade = JSON.stringify({
  token,
  trader: "0x00000000000000000000000000000000000000b1",
  side: "buy",
  mode: "buy_exact_in",
  venue: "bonding_curve",
  tokenAmount: "123456789012345678901",
  usdcAmount: "1000000",
  price: "12345678901234",
  fees: { protocol: "5000", creator: "2500", referral: "0", builder: "0" },
  pool: { supply: "1", reserve: "1", price: "1", marketCap: "1", progressBps: 1, graduated: false, v3Pool: null },
  credits: [],
});
const transfer = (holders: number) =>
  JSON.stringify({
    token,
    from: "0x00000000000000000000000000000000000000b1",
    to: "0x00000000000000000000000000000000000000b2",
    value: "1000000000000000000",
    balances: [
      { address: "0x00000000000000000000000000000000000000b1", balance: "1" },
      { address: "0x00000000000000000000000000000000000000b2", balance: "2" },
    ],
    holdersCount: holders,
  });

/** Every change of the count: what the series cost before it was sampled. */
const everyChange = `
  SELECT DISTINCT ON (block_number) block_number::text AS block, timestamp::text AS at, holders
    FROM (SELECT block_number, log_index, timestamp,
                 coalesce(data::jsonb->>'holdersCount', data::jsonb->'leg'->>'holdersCount')::int AS holders
            FROM ${schema}.stream_event
           WHERE chain_id = 1 AND token = $1 AND block_number >= 0 AND kind IN ('transfer', 'trade')) e
   WHERE holders IS NOT NULL
   ORDER BY block_number, log_index DESC`;

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number[]; last: T }> {
  const ms: number[] = [];
  let last: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await f();
    ms.push(performance.now() - t);
  }
  return { ms: ms.sort((a, b) => a - b), last: last as T };
}

const median = (ms: number[]) => (ms[Math.floor(ms.length / 2)] ?? 0).toFixed(1);

async function main() {
  console.log("Launch report, holder count over time:", new Date().toISOString());
  for (const line of machineFacts()) console.log(`  ${line}`);
  console.log(`  npx tsx bench/launch/holders.ts --events ${events} --runs ${runs}\n`);
  await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  try {
    // Ponder's columns: bigint as numeric(78,0), hex and json as text.
    await db.query(`CREATE TABLE ${schema}.stream_event (
      id text PRIMARY KEY, chain_id integer NOT NULL, block_number numeric(78,0) NOT NULL, block_hash text NOT NULL,
      log_index integer NOT NULL, tx_hash text NOT NULL, timestamp numeric(78,0) NOT NULL, kind text NOT NULL,
      token text, data text NOT NULL)`);
    const started = performance.now();
    await db.query(
      `INSERT INTO ${schema}.stream_event
       SELECT 'e' || i, 1, 1000 + i / 3, '0x', i % 3, '0x', 1700000000 + i,
              CASE WHEN i % 3 = 2 THEN 'trade' ELSE 'transfer' END,
              CASE WHEN i % 10 = 0 THEN '0x00000000000000000000000000000000000000bb' ELSE $1 END,
              CASE WHEN i % 3 = 2 THEN $2 ELSE replace($3, '"holdersCount":0', '"holdersCount":' || (i / 7)) END
         FROM generate_series(1, $4::int) i`,
      [token, trade, transfer(0), events],
    );
    await db.query(`CREATE INDEX ON ${schema}.stream_event (chain_id, block_number, log_index)`);
    await db.query(`CREATE INDEX ON ${schema}.stream_event (chain_id, token, block_number)`);
    await db.query(`ANALYZE ${schema}.stream_event`);
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${schema}.stream_event WHERE token = $1`,
      [token],
    );
    console.log(
      `[table] ${events} events, ${rows[0]?.n} of the token, made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const sampled = await timed(() =>
      readHolderCounts(db, { indexerSchema: schema }, { chainId: 1, token, fromBlock: 0n, points: MAX_HOLDING_POINTS }),
    );
    const all = await timed(async () => (await db.query(everyChange, [token])).rows);
    console.log("\n================ results ================");
    console.log(
      `sampled (readHolderCounts, ${MAX_HOLDING_POINTS} samples): median ${median(sampled.ms)} ms, min ${sampled.ms[0]?.toFixed(1)} ms over ${runs} runs; ${sampled.last.length} points`,
    );
    console.log(
      `every change (the token's events all read): median ${median(all.ms)} ms, min ${all.ms[0]?.toFixed(1)} ms over ${runs} runs; ${all.last.length} points`,
    );
    console.log(`reproduce: npx tsx bench/launch/holders.ts --events ${events} --runs ${runs}`);
  } finally {
    await db.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.end();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
