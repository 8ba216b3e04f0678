/**
 * The event log across a reorg, on an anvil of this file's own: a client follows `chain:<id>` through trades, a
 * branch the indexer follows (a new token, a graduation, trades, transfers, claims), a revert to before it and a
 * longer branch in its place. The log must say `removed` for every event of the dropped blocks, before any event of
 * the new ones, and a client that applies what it received must end where a clean reindex of the chain ends.
 *
 * As in indexer.reorg.test.ts, the scenario stays within Ponder's finality depth for chain 84532 (30 blocks).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StreamEvent } from "../core/events.js";
import { STEP_LOCK_TIMEOUT_MS, sequenceOnce } from "../db/events.js";
import { startSideStack, startTestIndexer } from "./helpers/api.js";
import { fundedWallets } from "./helpers/chain.js";
import { runWorkload, type WorkloadReturnType } from "./helpers/indexer/workload.js";
import {
  loggedSeqs,
  logShapes,
  readIndexedState,
  rebuild,
  type Served,
  type StreamClient,
  sequenced,
  serveWithStreams,
  wsClient,
} from "./helpers/streams.js";

const SEED = Number(process.env.STREAMS_REORG_SEED ?? 0x0e0e16);
let side: Awaited<ReturnType<typeof startSideStack>>;
let fresh: Awaited<ReturnType<typeof startTestIndexer>>;
let served: Served;
let client: StreamClient;
let chainId: number;
let fork: bigint;
let dropped: WorkloadReturnType;
let beforeReorg: StreamEvent[];

beforeAll(async () => {
  console.log(`streams reorg: seed ${SEED} (STREAMS_REORG_SEED to replay)`);
  side = await startSideStack("streams-reorg");
  chainId = side.c.deployment.chainId;
  served = await serveWithStreams(side.api.app, side.api.deps);
  client = await wsClient(served.wsUrl, { channels: [`chain:${chainId}`], since: 0 });
  const wallets = await fundedWallets(side.c, 6, { seed: "streams.reorg" });
  const common = await runWorkload(side.c, { seed: SEED, wallets, create: 3, steps: 30 });
  await side.indexer.sync();
  await sequenced(side.api, side.c);
  fork = common.lastBlock;
  const snapshot = await side.c.testClient.snapshot();

  dropped = await runWorkload(side.c, {
    seed: SEED + 1,
    wallets,
    create: 1,
    tokens: common.created,
    steps: 40,
    graduate: { meme: 1, preseed: 0 },
  });
  await side.indexer.sync();
  await sequenced(side.api, side.c);
  const last = (await loggedSeqs(side.api, [`chain:${chainId}`])).at(-1);
  await client.until((events) => events.at(-1)?.seq === last);
  beforeReorg = [...client.events];

  await side.c.testClient.revert({ id: snapshot });
  const kept = await runWorkload(side.c, { seed: SEED + 2, wallets, tokens: common.created, steps: 30 });
  const behind = dropped.lastBlock - kept.lastBlock;
  await side.c.testClient.mine({ blocks: Number(behind > 0n ? behind : 0n) + 3 });
  const head = await side.c.publicClient.getBlockNumber({ cacheTime: 0 });
  await side.indexer.indexer.waitForBlock(head);
  await sequenced(side.api, side.c, head);
  const final = (await loggedSeqs(side.api, [`chain:${chainId}`])).at(-1);
  await client.until((events) => events.at(-1)?.seq === final);

  fresh = await startTestIndexer(side.c);
  await fresh.indexer.waitForBlock(head);
  console.log(
    `streams reorg: fork after block ${fork}; dropped ${dropped.firstBlock}..${dropped.lastBlock} (${dropped.counts.trades} trades), new branch to ${head}; ${client.events.length} events`,
  );
}, 300_000);

afterAll(async () => {
  client?.close();
  await served?.close();
  await fresh?.close();
  await side?.close();
});

describe("the event log across a reorg", () => {
  it("says removed for every event of the blocks the indexer rolled back, newest first, before any event of the new ones", () => {
    const after = client.events.slice(beforeReorg.length);
    const removals = after.filter((e) => e.kind === "removed");
    expect(removals.length).toBeGreaterThan(0);
    // Ponder rolls back to the common ancestor, or to the block before it when it polled the reverted chain before
    // the new branch's first block: it then sees a tip (the fork block) at a number it has passed, treats that block
    // as reorged, and indexes it again. Either way, what it rolled back is every block from `from` on.
    // (The log says removed only for events whose rows it saw gone: a block rolled back and indexed again, unchanged,
    // before the sequencer looked, is not removed.) The first dropped block with events must be among them.
    const from = Math.min(...removals.map((e) => e.block?.number ?? Number.POSITIVE_INFINITY));
    const onChain = beforeReorg.filter((e) => e.kind !== "removed" && e.block !== null);
    const dropped = onChain.filter((e) => BigInt(e.block?.number ?? 0) > fork);
    expect(dropped.length).toBeGreaterThan(50);
    expect(from).toBeGreaterThanOrEqual(Number(fork));
    expect(from).toBeLessThanOrEqual(Math.min(...dropped.map((e) => e.block?.number ?? 0)));
    const rolledBack = onChain.filter((e) => (e.block?.number ?? 0) >= from);
    expect(removals.map((e) => e.removes)).toEqual(rolledBack.map((e) => e.seq).reverse());
    expect(after.slice(0, removals.length).every((e) => e.kind === "removed")).toBe(true);
    // A rolled-back block the new branch kept (the fork block, when it was rolled back) comes back as it was.
    const same = (e: StreamEvent) => ({ kind: e.kind, block: e.block, data: e.data });
    const kept = rolledBack.filter((e) => BigInt(e.block?.number ?? 0) <= fork).map(same);
    const again = after.filter((e) => e.kind !== "removed" && e.block && BigInt(e.block.number) <= fork).map(same);
    expect(again).toEqual(kept);
    console.log(`streams reorg: removed from block ${from}, ${removals.length} events, ${kept.length} of them back`);
  });

  it("gave the client every event of the log exactly once, in order", async () => {
    expect(client.events.map((e) => e.seq)).toEqual(await loggedSeqs(side.api, [`chain:${chainId}`]));
  });

  it("rebuilds, from what the client applied, the pools, balances and fees of a clean reindex", async () => {
    const state = rebuild(client.events);
    const db = side.api.deps.db;
    const ix = fresh.schema;
    const indexed = await readIndexedState(db, ix, chainId);
    expect(indexed.pools.length).toBeGreaterThan(0);
    expect(state.pools.size).toBe(indexed.pools.length);
    for (const { token, ...expected } of indexed.pools) {
      expect({ token, ...state.pools.get(`${chainId}:${token}`) }).toEqual({ token, ...expected });
    }
    const nonZero = [...state.balances].filter(([, b]) => b !== "0");
    expect(new Map(nonZero)).toEqual(indexed.balances);
    expect(state.fees).toEqual(indexed.fees);
  });
});

describe("the sequencer beside a reorg's locks", () => {
  it("gives way at once to a table a reorg holds, so it cannot hold one the reorg waits for", async () => {
    // As Ponder rolls a reorg back: each table taken exclusively (its triggers dropped), held to the end.
    const ponder = new pg.Client({ connectionString: side.api.databaseUrl });
    const step = new pg.Client({ connectionString: side.api.databaseUrl });
    await ponder.connect();
    await step.connect();
    const ix = side.indexer.schema;
    try {
      await ponder.query("BEGIN");
      await ponder.query(`LOCK TABLE "${ix}"._ponder_checkpoint IN ACCESS EXCLUSIVE MODE`);
      // Let go after 3 s whatever happens, as a reorg ends.
      const release = setTimeout(() => void ponder.query("ROLLBACK").catch(() => undefined), 3_000);
      const started = Date.now();
      const appended = await sequenceOnce(step, { appSchema: side.api.appSchema, indexerSchema: ix });
      const waited = Date.now() - started;
      clearTimeout(release);
      console.log(`sequencer step gave way after ${waited} ms`);
      expect(appended).toBe(0);
      // Well before Postgres looks for a deadlock (deadlock_timeout, 1 s): the step holds nothing by then.
      expect(waited).toBeLessThan(1_000);
      expect(waited).toBeGreaterThanOrEqual(STEP_LOCK_TIMEOUT_MS - 5);
    } finally {
      await ponder.query("ROLLBACK").catch(() => undefined);
      await ponder.end();
      await step.end();
    }
    // And the log goes on once the lock is gone.
    await sequenced(side.api, side.c);
  });
});

describe("the event log", () => {
  it("holds removed events, and the events they remove, that fit their schemas (core/event-schemas.ts)", async () => {
    const { kinds, misfits } = await logShapes(side.api);
    expect([...kinds]).toEqual(expect.arrayContaining(["removed", "trade", "balance"]));
    expect(misfits).toEqual({});
  });
});
