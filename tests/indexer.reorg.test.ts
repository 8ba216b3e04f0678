/**
 * A reorg under the live indexer. On an anvil of its own (so the global chain is left alone): trades, a snapshot,
 * a branch the indexer follows (new tokens, a graduation with its new V3 pool, trades, transfers, claims), a revert
 * to the snapshot, and a different, longer branch in its place. Ponder must notice the block hashes no longer link
 * up, roll the dropped blocks back, forget the contracts they created, and index the new branch, ending exactly
 * where a clean reindex of the same chain ends.
 *
 * The reorg stays within Ponder's finality depth for chain 84532 (30 blocks, ponder/src/utils/finality.ts): the
 * indexer starts on a chain shorter than that, so every block it sees stays unfinalized until block 60, and the
 * whole scenario ends below it.
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installRanking } from "../db/indexed/ranking.js";
import { type StartAnvilReturnType, startAnvil } from "../scripts/anvil.js";
import { deploy } from "../scripts/deploy.js";
import { type StartIndexerReturnType, startIndexer } from "../scripts/indexer.js";
import { type Chain, chainAt, createToken, fundedWallets, type Wallet } from "./helpers/chain.js";
import { type ChainState, readChainState } from "./helpers/indexer/chain-state.js";
import { type Dump, diffDumps, diffRows, dumpTables, indexedTables } from "./helpers/indexer/dump.js";
import { createDatabase, deploymentsFolder, indexerLog, uniqueSchema } from "./helpers/indexer/fixtures.js";
import { runWorkload, type WorkloadReturnType } from "./helpers/indexer/workload.js";
import { startRpcProxy } from "./helpers/worker.js";

const SEED = Number(process.env.INDEXER_TEST_SEED ?? 0x0e0e5eed);
/** Ten wallets of this file's own, the same in every run, so that a seed replays. */
let WALLETS: Wallet[];

let anvil: StartAnvilReturnType;
let c: Chain;
let folder: ReturnType<typeof deploymentsFolder>;
let database: Awaited<ReturnType<typeof createDatabase>>;
const indexers: StartIndexerReturnType[] = [];
const liveLog = indexerLog("reorg-live");
let dropped: WorkloadReturnType;
let kept: WorkloadReturnType;
let before: { state: ChainState; dump: Dump };
let after: ChainState;
let live: Dump;
let fresh: Dump;
let fork: bigint;

beforeAll(async () => {
  console.log(`indexer reorg: seed ${SEED} (INDEXER_TEST_SEED to replay)`);
  anvil = await startAnvil({ port: 0 });
  const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: "base-sepolia", write: false, launchFee: false });
  c = chainAt(anvil.rpcUrl, deployment);
  WALLETS = await fundedWallets(c, 10, { seed: "indexer.reorg" });
  folder = deploymentsFolder(deployment);
  database = await createDatabase("reorg");
  const start = async (tag: string, log?: (line: string) => void) => {
    const ix = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      databaseUrl: database.url,
      schema: uniqueSchema(tag),
      fresh: true,
      deploymentsDir: folder.dir,
      log: log ?? indexerLog(`reorg-${tag}`).log,
    });
    indexers.push(ix);
    await ix.waitForReady();
    return ix;
  };

  const ix = await start("live", liveLog.log);
  // The maintained tables (ranking, fee totals, candles), as an API would install them: kept through the reorg.
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    await installRanking(admin, ix.schema);
  } finally {
    await admin.end();
  }
  const common = await runWorkload(c, {
    seed: SEED,
    wallets: WALLETS,
    create: 6,
    steps: 60,
    graduate: { meme: 1, preseed: 0 },
  });
  await ix.waitForBlock(common.lastBlock);
  fork = common.lastBlock;
  const snapshot = await c.testClient.snapshot();

  // The branch that will be dropped: new tokens, a graduation, trades on old and new tokens.
  dropped = await runWorkload(c, {
    seed: SEED + 1,
    wallets: WALLETS,
    create: 2,
    tokens: common.created,
    steps: 80,
    graduate: { meme: 1, preseed: 1 },
    liquidity: true,
    // The launchpad's owner is the deployer, anvil's account 0; this chain is ours alone.
    feeRecipient: { owner: 0, to: "0x00000000000000000000000000000000000fee01" },
  });
  await ix.waitForBlock(dropped.lastBlock);
  before = {
    state: await readChainState(c, dropped.lastBlock),
    dump: await dumpTables(ix.schema, database.url),
  };

  await c.testClient.revert({ id: snapshot });
  kept = await runWorkload(c, {
    seed: SEED + 2,
    wallets: WALLETS,
    create: 1,
    tokens: common.created,
    steps: 70,
    graduate: { meme: 0, preseed: 1 },
    liquidity: true,
    feeRecipient: { owner: 0, to: "0x00000000000000000000000000000000000fee02" },
  });
  // The new branch must outgrow the old one for the node (and Ponder) to prefer it.
  const behind = dropped.lastBlock - kept.lastBlock;
  await c.testClient.mine({ blocks: Number(behind > 0n ? behind : 0n) + 3 });
  const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
  await ix.waitForBlock(head);
  after = await readChainState(c, head);
  live = await dumpTables(ix.schema, database.url);

  const clean = await start("fresh");
  await clean.waitForBlock(head);
  fresh = await dumpTables(clean.schema, database.url);
  console.log(
    `reorg: fork after block ${fork}; dropped blocks ${dropped.firstBlock}..${dropped.lastBlock} (${dropped.counts.trades} trades, ${dropped.counts.graduations} graduations); new blocks ${kept.firstBlock}..${head} (${kept.counts.trades} trades, ${kept.counts.graduations} graduations)`,
  );
}, 240_000);

afterAll(async () => {
  await Promise.all(indexers.map((ix) => ix.stop()));
  await database?.drop();
  folder?.remove();
  await anvil?.stop();
});

describe("indexer across a reorg", () => {
  it("had indexed the dropped branch exactly, before the reorg", () => {
    expect(before.state.expected.trade.rows.some((t) => (t.blockNumber as bigint) > fork)).toBe(true);
    expect(before.state.figures.graduated).toBeGreaterThan(after.figures.graduated);
    for (const table of indexedTables) {
      const { rows, primaryKey } = before.state.expected[table];
      expect(diffRows(table, before.dump[table].rows, rows, primaryKey)).toEqual([]);
    }
  });

  it("rolled the dropped blocks back as a reorg", () => {
    expect(liveLog.lines.some((l) => l.includes("Reorged block"))).toBe(true);
    expect(after.block).toBeGreaterThan(dropped.lastBlock);
  });

  it("keeps nothing of the dropped branch: its trades, tokens and V3 pools are gone", () => {
    const keptTx = new Set(after.expected.trade.rows.map((t) => t.txHash));
    const droppedTrades = before.dump.trade.rows.filter((t) => (t.blockNumber as bigint) > fork);
    expect(droppedTrades.length).toBeGreaterThan(0);
    const liveTx = new Set(live.trade.rows.map((t) => t.txHash));
    expect(droppedTrades.filter((t) => liveTx.has(t.txHash) && !keptTx.has(t.txHash))).toEqual([]);
    const tokens = new Set(live.token.rows.map((t) => t.address));
    for (const token of dropped.created) expect(tokens.has(token.toLowerCase())).toBe(false);
    const pools = new Set(after.expected.v3_pool.rows.map((p) => p.address));
    for (const p of before.dump.v3_pool.rows) {
      if (!pools.has(p.address)) expect(live.v3_pool.rows.map((r) => r.address)).not.toContain(p.address);
    }
  });

  it("indexes the new branch exactly as the chain now is", () => {
    expect(after.expected.trade.rows.some((t) => (t.blockNumber as bigint) > fork)).toBe(true);
    // The candles compared are the maintained ones (svc_candle), folded again where the revert took trades away.
    expect([before.dump.candle.from, live.candle.from]).toEqual(["svc_candle", "svc_candle"]);
    expect(fresh.candle.from).toBe("trade");
    for (const table of indexedTables) {
      const { rows, primaryKey } = after.expected[table];
      expect(diffRows(table, live[table].rows, rows, primaryKey)).toEqual([]);
    }
  });

  it("ends row for row where a clean reindex of the same chain ends", () => {
    expect(fresh.trade.rows.length).toBeGreaterThan(0);
    expect(diffDumps(live, fresh)).toEqual([]);
  });
});

describe("a block reverted away while Ponder asks for its logs", () => {
  it("is given up at once, not asked for again and again for a minute: the indexer follows the new branch", async () => {
    // The indexers above are done with (their tables were dumped in beforeAll).
    await Promise.all(indexers.splice(0).map((ix) => ix.stop()));
    // One lane: the transport of a remote chain (indexer/lib/rpc.ts), behind a proxy that can hold a call.
    const proxy = await startRpcProxy(anvil.rpcUrl);
    const log = indexerLog("reorg-gone-block");
    const ix = await startIndexer({
      rpcUrl: proxy.url,
      databaseUrl: database.url,
      schema: uniqueSchema("gone"),
      fresh: true,
      deploymentsDir: folder.dir,
      env: { INDEXER_RPC_LANES: "1" },
      log: log.log,
    });
    indexers.push(ix);
    try {
      await ix.waitForReady();
      await ix.waitForBlock(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
      const snapshot = await c.testClient.snapshot();
      const asked = proxy.hold({
        method: "eth_getLogs",
        stage: "request",
        when: (params) => typeof (params[0] as { blockHash?: unknown } | undefined)?.blockHash === "string",
      });
      const [creator] = WALLETS;
      if (!creator) throw new Error("no wallet");
      const gone = await createToken(c, creator, 7, { name: "Gone", symbol: "GONE" });
      await asked;
      // Ponder has seen the block and asks for its logs: the block is reverted away, another branch grows instead.
      await c.testClient.revert({ id: snapshot });
      await c.testClient.mine({ blocks: 2 });
      const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
      const released = Date.now();
      proxy.release();
      // Retried with backoff, the call would hold the indexer about 64 s (measured: 64.0 s).
      await ix.waitForBlock(head, 10_000);
      console.log(`indexer followed the new branch ${Date.now() - released} ms after the held call went on`);
      expect(log.lines.some((line) => line.includes("reverted away by a reorg"))).toBe(true);
      const tokens = await dumpTables(ix.schema, database.url);
      expect(tokens.token.rows.map((t) => t.address)).not.toContain(gone.token.toLowerCase());
    } finally {
      await proxy.stop();
    }
  });
});
