/**
 * A launched token moved between two chains 200 times at random, in both directions, while one Ponder indexes both
 * chains and the relayer delivers. The supply over both chains, in flight included, must equal the home chain's supply
 * in every state the index commits:
 * - at every indexed block: a trigger on Ponder's `_ponder_checkpoint` (its last write in the transaction of every
 *   block it indexes, and Ponder is the only writer) computes the sum inside that transaction;
 * - in repeatable-read snapshots read again and again while moves are in flight, as a client reads;
 * - every 20 moves, once everything sent is delivered and indexed.
 * At the end every holder row equals balanceOf on its chain, every move's three legs are indexed, and the home token's
 * lock holds exactly what the other chain has.
 *
 * In flight, as the index sees it: what the source legs it has indexed sent, less what the destination legs it has
 * indexed delivered. One Ponder indexes the two chains side by side, so a delivery can be indexed before its send:
 * in flight is then negative for a while.
 */

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { Address, Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, peerTokenAbi } from "../abis/index.js";
import type { ChainSlug } from "../core/chains.js";
import { type StartIndexerReturnType, startIndexer } from "../scripts/indexer.js";
import { type Chain, chain, createToken, fundAndBuy, fundedWallets, prng, type Wallet } from "./helpers/chain.js";
import { createDatabase, indexerLog, uniqueSchema } from "./helpers/indexer/fixtures.js";
import { deployPeer, oftSend, spawnRelayer, startChainOf } from "./helpers/multichain.js";
import { sleep } from "./helpers/worker.js";

const SEED = Number(process.env.MULTICHAIN_TEST_SEED ?? 0x0f7);
const MOVES = 200;
/** The moves between two settled states (everything delivered and indexed), where the sum must be exact. */
const SETTLE_EVERY = 20;
const E12 = 10n ** 12n;

let home: Chain;
let side: Awaited<ReturnType<typeof startChainOf>>;
let homeWallets: Wallet[];
let sideWallets: Wallet[];
let token: Address;
let peer: Address;
/** The token's V3 pool: it holds the seed that pins it until graduation (Launchpad._pinPool). */
let graduationPool: Address;
let database: Awaited<ReturnType<typeof createDatabase>>;
let indexer: StartIndexerReturnType;
let relayer: ReturnType<typeof spawnRelayer>;
let deploymentsDir: string;
const schema = uniqueSchema("multichain");

beforeAll(async () => {
  console.log(`multichain supply: seed ${SEED} (MULTICHAIN_TEST_SEED to replay)`);
  home = chain();
  side = await startChainOf("bnb-testnet");
  // the same keys on both chains: an address holds on either
  homeWallets = await fundedWallets(home, 4, { seed: "multichain.supply" });
  sideWallets = await fundedWallets(side.chain, 4, { seed: "multichain.supply" });
  ({ token } = await createToken(home, homeWallets[0] as Wallet, 7));
  graduationPool = await home.publicClient.readContract({
    address: home.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: "graduationPoolOf",
    args: [token],
  });
  for (const w of homeWallets) {
    await fundAndBuy(home, w, token, 5_000n * 10n ** 6n);
  }
  peer = await deployPeer(home, homeWallets[0] as Wallet, token, side.chain, sideWallets[0] as Wallet);

  deploymentsDir = mkdtempSync(join(tmpdir(), "multichain-deployments-"));
  for (const d of [home.deployment, side.chain.deployment]) {
    writeFileSync(join(deploymentsDir, `${d.chainSlug}.json`), JSON.stringify(d));
  }
  database = await createDatabase("multichain");
  const sink = indexerLog("multichain");
  indexer = await startIndexer({
    rpcUrl: home.rpcUrl,
    chainSlug: "base-sepolia",
    moreChains: [{ slug: "bnb-testnet", rpcUrl: side.chain.rpcUrl }],
    databaseUrl: database.url,
    schema,
    deploymentsDir,
    log: sink.log,
  });
  await indexer.waitForReady();
  // Ponder is ready once it has indexed up to the finalized block: the token's own blocks may come after.
  await indexer.waitForBlock(await home.publicClient.getBlockNumber({ cacheTime: 0 }));
  await indexer.waitForBlock(await side.chain.publicClient.getBlockNumber({ cacheTime: 0 }), 60_000, "bnb-testnet");
  relayer = spawnRelayer([
    { rpcUrl: home.rpcUrl, deployment: home.deployment },
    { rpcUrl: side.chain.rpcUrl, deployment: side.chain.deployment },
  ]);
  await relayer.ready();
});

afterAll(async () => {
  await relayer?.stop();
  await indexer?.stop();
  await side?.stop();
  await database?.drop();
  if (deploymentsDir) rmSync(deploymentsDir, { recursive: true, force: true });
});

type Snapshot = { homeHeld: bigint; sideHeld: bigint; inFlight: bigint; supply: bigint };
const exact = (snap: Snapshot) => snap.homeHeld + snap.sideHeld + snap.inFlight === snap.supply;

/**
 * The four sums, as one SELECT list: home holders, the other chain's holders, in flight, and the home supply: the
 * curve's, and the seed the token's pool holds (this token does not graduate here).
 */
function sumsSql(): string {
  const s = `"${schema}"`;
  const [homeToken, peerToken] = [token.toLowerCase(), peer.toLowerCase()];
  return `coalesce((SELECT sum(balance) FROM ${s}.holder
                     WHERE chain_id = ${home.deployment.chainId} AND token = '${homeToken}'), 0) AS home_held,
          coalesce((SELECT sum(balance) FROM ${s}.holder
                     WHERE chain_id = ${side.chain.deployment.chainId} AND token = '${peerToken}'), 0) AS side_held,
          coalesce((SELECT sum(amount_sent) FROM ${s}.oft_send WHERE home_token = '${homeToken}'), 0)
            - coalesce((SELECT sum(amount_received) FROM ${s}.oft_receive WHERE home_token = '${homeToken}'), 0)
            AS in_flight,
          (SELECT supply FROM ${s}.pool WHERE chain_id = ${home.deployment.chainId} AND token = '${homeToken}')
            + coalesce((SELECT balance FROM ${s}.holder WHERE chain_id = ${home.deployment.chainId}
                         AND token = '${homeToken}' AND address = '${graduationPool.toLowerCase()}'), 0) AS supply`;
}

type SumsRow = { home_held: string; side_held: string; in_flight: string; supply: string | null };
const toSnapshot = (row: SumsRow): Snapshot => {
  if (row.supply === null) throw new Error("the home pool is not indexed");
  return {
    homeHeld: BigInt(row.home_held),
    sideHeld: BigInt(row.side_held),
    inFlight: BigInt(row.in_flight),
    supply: BigInt(row.supply),
  };
};

/** The index's view as a client reads it: one statement, so one snapshot. */
async function snapshot(client: pg.Client): Promise<Snapshot> {
  const { rows } = await client.query<SumsRow>(`SELECT ${sumsSql()}`);
  return toSnapshot(rows[0] as SumsRow);
}

/**
 * Records the sums inside every transaction in which Ponder indexes a block. Ponder writes a chain's latest checkpoint
 * last in that transaction (after the block's rows), and it is the only writer of these tables, so the row trigger
 * there sees the state the commit makes visible, whichever chain the block is on.
 */
async function recordEveryBlock(client: pg.Client) {
  const s = `"${schema}"`;
  await client.query(`
    CREATE TABLE ${s}.test_block_sums (
      n serial PRIMARY KEY, chain_id bigint NOT NULL, checkpoint text NOT NULL,
      home_held numeric NOT NULL, side_held numeric NOT NULL, in_flight numeric NOT NULL, supply numeric);
    CREATE FUNCTION ${s}.test_block_sums() RETURNS trigger LANGUAGE plpgsql AS $fn$
    BEGIN
      INSERT INTO ${s}.test_block_sums (chain_id, checkpoint, home_held, side_held, in_flight, supply)
        SELECT NEW.chain_id, NEW.latest_checkpoint, sums.* FROM (SELECT ${sumsSql()}) sums;
      RETURN NULL;
    END $fn$;
    CREATE TRIGGER test_block_sums AFTER UPDATE OF latest_checkpoint ON ${s}._ponder_checkpoint
      FOR EACH ROW WHEN (OLD.latest_checkpoint IS DISTINCT FROM NEW.latest_checkpoint)
      EXECUTE FUNCTION ${s}.test_block_sums();`);
}

async function blockSums(client: pg.Client): Promise<(Snapshot & { chainId: number; checkpoint: string })[]> {
  const { rows } = await client.query<SumsRow & { chain_id: string; checkpoint: string }>(
    `SELECT chain_id::text, checkpoint, home_held::text, side_held::text, in_flight::text, supply::text
       FROM "${schema}".test_block_sums ORDER BY n`,
  );
  return rows.map((row) => ({ ...toSnapshot(row), chainId: Number(row.chain_id), checkpoint: row.checkpoint }));
}

const balanceOf = (c: Chain, oft: Address, who: Address) =>
  c.publicClient.readContract({ address: oft, abi: launchTokenAbi, functionName: "balanceOf", args: [who] });

describe("tokens moved between two chains", () => {
  it("keep the supply over both chains, in flight included, equal to the home chain's at every indexed block", async () => {
    // The watcher reads on its own connection: two flows on one client interleave their statements.
    const [client, watching] = [database.url, database.url].map((url) => new pg.Client({ connectionString: url }));
    await Promise.all([client?.connect(), watching?.connect()]);
    try {
      await recordEveryBlock(client as pg.Client);
      await checkMoves(client as pg.Client, watching as pg.Client);
    } finally {
      await Promise.all([client?.end(), watching?.end()]);
    }
  });
});

async function checkMoves(client: pg.Client, watching: pg.Client) {
  const seen: Snapshot[] = [];
  const settled: Snapshot[] = [];
  let moving = true;
  const watcher = (async () => {
    while (moving) {
      seen.push(await snapshot(watching));
      await sleep(20);
    }
  })();

  const rand = prng(SEED);
  const guids: Hex[] = [];
  try {
    for (let i = 0; i < MOVES; i++) {
      // from a wallet with something to send on a chain, to any wallet on the other
      const fromHome = rand.next() < 0.5;
      const [src, wallets, oft, dstSlug]: [Chain, Wallet[], Address, ChainSlug] = fromHome
        ? [home, homeWallets, token, "bnb-testnet"]
        : [side.chain, sideWallets, peer, "base-sepolia"];
      const start = rand.int(wallets.length);
      let sender: Wallet | undefined;
      let balance = 0n;
      for (let k = 0; k < wallets.length && !sender; k++) {
        const w = wallets[(start + k) % wallets.length] as Wallet;
        balance = await balanceOf(src, oft, w.account.address);
        if (balance >= E12) sender = w;
      }
      if (!sender) {
        i--; // nothing to send on this side yet (everything is in flight the other way): try the other direction
        await sleep(50);
        continue;
      }
      const to = (homeWallets[rand.int(homeWallets.length)] as Wallet).account.address;
      const amount = rand.next() < 0.1 ? balance : rand.amount(balance / E12) * E12 + BigInt(rand.int(1000));
      const moved = await oftSend(src, sender, oft, dstSlug, to, amount > balance ? balance : amount);
      guids.push(moved.guid);
      if (guids.length % SETTLE_EVERY === 0) await settle(guids.length);
    }
    await settle(MOVES);
  } finally {
    moving = false;
    await watcher;
  }

  /** Waits until the first `n` moves are delivered and indexed on both chains, then checks the sum there. */
  async function settle(n: number) {
    const until = Date.now() + 120_000;
    for (;;) {
      const snap = await snapshot(client);
      const delivered = Number(
        (
          await client.query(
            `SELECT count(*)::int AS n FROM "${schema}".oft_send s JOIN "${schema}".oft_receive r USING (guid)
              WHERE s.home_token = $1`,
            [token.toLowerCase()],
          )
        ).rows[0].n,
      );
      if (delivered === n && snap.inFlight === 0n) {
        settled.push(snap);
        return;
      }
      if (Date.now() > until) throw new Error(`not all moves delivered and indexed: ${delivered}/${n}`);
      await sleep(100);
    }
  }

  const blocks = await blockSums(client);
  const range = (values: bigint[]) =>
    `${values.reduce((m, v) => (v < m ? v : m), 0n)} and ${values.reduce((m, v) => (v > m ? v : m), 0n)}`;
  console.log(
    `multichain supply: ${blocks.length} indexed blocks (${blocks.filter((b) => b.chainId === home.deployment.chainId).length} on the home chain) and ${seen.length} snapshots, in flight between ${range(blocks.map((b) => b.inFlight))} token wei`,
  );
  // a move's send and its delivery are indexed in blocks of their own chains
  expect(blocks.length).toBeGreaterThanOrEqual(2 * MOVES);
  expect(new Set(blocks.map((b) => b.chainId))).toEqual(
    new Set([home.deployment.chainId, side.chain.deployment.chainId]),
  );
  expect(blocks.some((b) => b.inFlight > 0n)).toBe(true);
  expect(blocks.filter((b) => !exact(b))).toEqual([]);
  expect(seen.length).toBeGreaterThan(50);
  expect(seen.filter((snap) => !exact(snap))).toEqual([]);
  expect(settled.length).toBe(MOVES / SETTLE_EVERY + 1);
  expect(settled.filter((snap) => !exact(snap))).toEqual([]);

  // every move: one leg of each kind, the amounts as sent, verified by the guid the indexer computes (guidOf)
  const rows = await client.query<{
    guid: string;
    amount_sent: string;
    amount_received: string | null;
    verified: boolean;
  }>(
    `SELECT s.guid, s.amount_sent::text, r.amount_received::text, v.guid IS NOT NULL AS verified
       FROM "${schema}".oft_send s
       LEFT JOIN "${schema}".oft_receive r USING (guid)
       LEFT JOIN "${schema}".oft_verify v USING (guid)
      WHERE s.home_token = $1`,
    [token.toLowerCase()],
  );
  expect(rows.rows.map((r) => r.guid).sort()).toEqual(guids.map((g) => g.toLowerCase()).sort());
  expect(rows.rows.filter((r) => r.amount_received !== r.amount_sent || !r.verified)).toEqual([]);
  // and nothing else of this token: no receipt or verification without its send (the shared chain carries other files'
  // moves, so only this token's count)
  const legs = await client.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM "${schema}".oft_receive WHERE home_token = $1)::int
          + (SELECT count(*) FROM "${schema}".oft_verify v
              WHERE v.guid IN (SELECT guid FROM "${schema}".oft_receive WHERE home_token = $1)
                 OR v.guid IN (SELECT guid FROM "${schema}".oft_send WHERE home_token = $1))::int AS n`,
    [token.toLowerCase()],
  );
  expect(legs.rows[0]?.n).toBe(2 * MOVES);

  // every holder row equals balanceOf on its chain, and the lock holds what the other chain has
  const holders = await client.query<{ chain_id: number; token: Address; address: Address; balance: string }>(
    `SELECT chain_id, token, address, balance::text FROM "${schema}".holder WHERE token IN ($1, $2)`,
    [token.toLowerCase(), peer.toLowerCase()],
  );
  expect(holders.rows.length).toBeGreaterThan(0);
  for (const h of holders.rows) {
    const c = h.chain_id === home.deployment.chainId ? home : side.chain;
    expect({ ...h, balance: BigInt(h.balance) }).toEqual({ ...h, balance: await balanceOf(c, h.token, h.address) });
  }
  const [locked, peerSupply, homeSupply] = await Promise.all([
    balanceOf(home, token, token),
    side.chain.publicClient.readContract({ address: peer, abi: peerTokenAbi, functionName: "totalSupply" }),
    home.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "totalSupply" }),
  ]);
  expect(locked).toBe(peerSupply);
  const last = await snapshot(client);
  expect(last.sideHeld).toBe(peerSupply);
  expect(last.homeHeld + last.sideHeld).toBe(homeSupply);
  const peerRow = await client.query<{ supply: string; holders_count: number }>(
    `SELECT supply::text, holders_count FROM "${schema}".peer_token WHERE chain_id = $1 AND address = $2`,
    [side.chain.deployment.chainId, peer.toLowerCase()],
  );
  expect(BigInt(peerRow.rows[0]?.supply ?? -1)).toBe(peerSupply);
}
