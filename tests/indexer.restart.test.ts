/**
 * Crash recovery. The indexer is killed (SIGKILL) twice on the same schema while trades keep arriving: once in the
 * middle of backfilling a backlog of many events, once while indexing live. Each time a new instance starts on
 * that schema, and the last one must end exactly where a clean reindex into a fresh schema ends, table by table.
 *
 * What Ponder 0.16 does on such a restart (ponder/src/database/index.ts): the dead instance's row in
 * `_ponder_meta` still says `is_locked: 1`, and its heartbeat (written every 10 s) is recent. A new instance
 * of the same build logs "Schema is locked by a different Ponder app" with a retry_delay, waits until the last
 * heartbeat is 25 s old (`databaseHeartbeatTimeout`, fixed, no option or environment variable changes it), tries
 * once more, then logs "Detected crash recovery", reverts the rows past its last safe checkpoint and resumes from
 * there. So a restart right after a crash takes up to 25 s longer than a cold start. This file does not wait that
 * out: once a killed instance has exited, its heartbeat is set 30 s back (ageLock), which is what 25 s of waiting
 * would leave in `_ponder_meta`, so the next instance takes the crash-recovery path at once. (The fault suite,
 * tests/faults.load.test.ts, does wait it out, and reports that recovery time.)
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StartIndexerReturnType, startIndexer } from "../scripts/indexer.js";
import { type Chain, chain, fundedWallets, type Wallet } from "./helpers/chain.js";
import { type ChainState, readChainState } from "./helpers/indexer/chain-state.js";
import { type Dump, diffDumps, diffRows, dumpTables, indexedTables } from "./helpers/indexer/dump.js";
import { createDatabase, deploymentsFolder, indexerLog, uniqueSchema } from "./helpers/indexer/fixtures.js";
import { runWorkload, type WorkloadReturnType } from "./helpers/indexer/workload.js";

const SEED = Number(process.env.INDEXER_TEST_SEED ?? 0xc4a5bed);
/** Ten wallets of this file's own, the same in every run, so that a seed replays. */
let WALLETS: Wallet[];
/** A restart's crash recovery, start-up and catching up, with room for a loaded machine. */
const RESTART_TIMEOUT = 120_000;

let c: Chain;
let folder: ReturnType<typeof deploymentsFolder>;
let database: Awaited<ReturnType<typeof createDatabase>>;
const indexers: StartIndexerReturnType[] = [];
const logs: Record<string, string[]> = {};
const schema = uniqueSchema("crash");
let backlog: WorkloadReturnType;
let state: ChainState;
let recovered: Dump;
let fresh: Dump;
const killed: Record<string, { at: number; indexedBlock?: bigint; tradesStillArriving: boolean }> = {};
/** A workload's stop condition: two seconds after the moment `since` reports (a kill). */
const stopAfter = (since: () => number | undefined) => () => {
  const t = since();
  return t !== undefined && Date.now() - t > 2_000;
};
const timings: Record<string, number> = {};

function start(tag: string, target: string, onLine?: (line: string) => void) {
  const sink = indexerLog(`restart-${tag}`);
  logs[tag] = sink.lines;
  return startIndexer({
    rpcUrl: c.rpcUrl,
    databaseUrl: database.url,
    schema: target,
    deploymentsDir: folder.dir,
    log: (line) => {
      sink.log(line);
      onLine?.(line);
    },
  }).then((ix) => {
    indexers.push(ix);
    return ix;
  });
}

/** A killed instance's lock, aged past Ponder's heartbeat timeout (see the file's comment). Only once it has exited. */
async function ageLock(target: string) {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE "${target}"._ponder_meta SET value = jsonb_set(value, '{heartbeat_at}', to_jsonb($1::bigint))
        WHERE key = 'app' AND (value->>'is_locked')::int = 1`,
      [Date.now() - 30_000],
    );
    if (rowCount !== 1) throw new Error(`no locked app row in ${target}._ponder_meta to age`);
  } finally {
    await client.end();
  }
}

const time = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
  const t0 = Date.now();
  const result = await run();
  timings[label] = Date.now() - t0;
  return result;
};

beforeAll(async () => {
  console.log(`indexer restart: seed ${SEED} (INDEXER_TEST_SEED to replay)`);
  c = chain();
  WALLETS = await fundedWallets(c, 10, { seed: "indexer.restart" });
  folder = deploymentsFolder(c.deployment);
  database = await createDatabase("restart");

  // A backlog for the first instance to backfill, all of it past Ponder's finality depth (30 blocks).
  backlog = await time("backlog workload", () =>
    runWorkload(c, {
      seed: SEED,
      wallets: WALLETS,
      create: 12,
      steps: 500,
      graduate: { meme: 1, preseed: 1 },
      liquidity: true,
    }),
  );
  await c.testClient.mine({ blocks: 31 });

  // 1. Killed in the middle of the backfill, as soon as it reports its first indexed block range. Trades start
  // arriving when the backfill starts and go on for a while after the kill.
  let during: Promise<WorkloadReturnType> | undefined;
  let arriving = false;
  const first = await start("backfill", schema, (line) => {
    if (line.includes("Started backfill indexing") && !during) {
      arriving = true;
      during = runWorkload(c, {
        seed: SEED + 1,
        wallets: WALLETS,
        tokens: backlog.created,
        steps: 2_000,
        stop: stopAfter(() => killed.backfill?.at),
      }).finally(() => {
        arriving = false;
      });
    }
    // Should the backfill end before a range is reported, kill it anyway: the first check below then fails.
    const mid = line.includes("Indexed block range") || line.includes("Completed backfill indexing");
    if (mid && !killed.backfill) {
      killed.backfill = { at: Date.now(), tradesStillArriving: arriving };
      void first.kill();
    }
  });
  await time("first instance up to its kill", () => first.exited);
  await ageLock(schema);
  const second = await time("second instance ready (crash recovery, rest of the backfill)", async () => {
    const ix = await start("recovered-once", schema);
    await ix.waitForReady(RESTART_TIMEOUT);
    return ix;
  });
  await during;
  await second.waitForBlock(await c.publicClient.getBlockNumber({ cacheTime: 0 }), RESTART_TIMEOUT);

  // 2. Killed while indexing live (caught up first), trades still arriving, and arriving on after the kill.
  const liveFrom = await c.publicClient.getBlockNumber({ cacheTime: 0 });
  let stillArriving = true;
  const after = runWorkload(c, {
    seed: SEED + 2,
    wallets: WALLETS,
    tokens: backlog.created,
    steps: 2_000,
    liquidity: true,
    stop: stopAfter(() => killed.live?.at),
  }).finally(() => {
    stillArriving = false;
  });
  await second.waitForBlock(liveFrom + 2n, RESTART_TIMEOUT);
  killed.live = { at: Date.now(), indexedBlock: await second.indexedBlock(), tradesStillArriving: stillArriving };
  await second.kill();
  await ageLock(schema);
  const third = await start("recovered-twice", schema);
  await after;
  const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });

  // A clean reindex of the same chain, into a fresh schema, started meanwhile.
  const clean = await start("fresh", uniqueSchema("fresh"));
  await Promise.all([
    time("third instance ready and caught up", async () => {
      await third.waitForReady(RESTART_TIMEOUT);
      await third.waitForBlock(head, RESTART_TIMEOUT);
    }),
    time("clean reindex ready and caught up", async () => {
      await clean.waitForReady(RESTART_TIMEOUT);
      await clean.waitForBlock(head, RESTART_TIMEOUT);
    }),
  ]);
  state = await readChainState(c, head);
  [recovered, fresh] = (await Promise.all([
    dumpTables(schema, database.url),
    dumpTables(clean.schema, database.url),
  ])) as [Dump, Dump];
  console.log(
    [
      `backlog: ${backlog.counts.trades} trades, ${backlog.counts.transactions} transactions in ${backlog.counts.blocks} blocks; chain at the end: ${state.figures.tradeEvents} Trade events, ${state.figures.logs} logs up to block ${head}`,
      `kills: ${JSON.stringify(killed, (k, v) => (k === "at" ? undefined : typeof v === "bigint" ? Number(v) : v))}`,
      `timings (ms): ${JSON.stringify(timings)}`,
    ].join("\n"),
  );
}, 360_000);

afterAll(async () => {
  await Promise.all(indexers.map((ix) => ix.stop()));
  await database?.drop();
  folder?.remove();
});

describe("indexer crash recovery", () => {
  it("was killed in the middle of its backfill, while trades were arriving", () => {
    expect(killed.backfill?.tradesStillArriving).toBe(true);
    expect(logs.backfill?.some((l) => l.includes("Indexed block range"))).toBe(true);
    expect(logs.backfill?.some((l) => l.includes("Completed backfill indexing"))).toBe(false);
  });

  it("recovered on the same schema after the lock of the dead instance expired", () => {
    expect(logs["recovered-once"]?.some((l) => l.includes("Detected crash recovery"))).toBe(true);
  });

  it("was killed again while indexing live, with trades still arriving", () => {
    expect(killed.live?.tradesStillArriving).toBe(true);
    expect(killed.live?.indexedBlock).toBeGreaterThan(backlog.lastBlock + 31n);
    expect(logs["recovered-twice"]?.some((l) => l.includes("Detected crash recovery"))).toBe(true);
  });

  it("ends with the chain's state, table by table", () => {
    expect(state.inconsistencies).toEqual([]);
    for (const table of indexedTables) {
      const { rows, primaryKey } = state.expected[table];
      expect(diffRows(table, recovered[table].rows, rows, primaryKey)).toEqual([]);
    }
  });

  it("ends row for row where a clean reindex into a fresh schema ends", () => {
    expect(fresh.trade.rows.length).toBeGreaterThanOrEqual(state.figures.tradeEvents);
    expect(diffDumps(recovered, fresh)).toEqual([]);
  });
});
