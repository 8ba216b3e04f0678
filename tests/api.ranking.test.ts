/**
 * The maintained ranking of get-tokens (db/indexed/ranking.ts) against the catalog query it replaces, on a real
 * Postgres: a stand-in of the indexer's token, pool and trade tables written as Ponder writes them (batches of
 * inserts, updates and deletes in one transaction per block, reverts as deletes), with trades on both sides of the
 * trending window's start. After every block each page of every ranking, stage and filter must be the same from both,
 * and so after the window turns an hour. The indexer's own writes through the ranking are covered by the get-tokens tests on a real Ponder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenFilters, tokenStages } from "../core/catalog.js";
import { type CatalogPageParameters, readCatalogPage, readRankedPage } from "../db/indexed/catalog.js";
import { readFees } from "../db/indexed/holdings.js";
import { readCandles } from "../db/indexed/market.js";
import { rollRankingWindow, windowStartAt } from "../db/indexed/ranking.js";
import { migrate } from "../db/migrate.js";
import { startVersions } from "../db/versions.js";
import { DEFAULT_DATABASE_URL, dropSchema } from "../scripts/indexer.js";
import { prng } from "./helpers/chain.js";
import { until } from "./helpers/until.js";

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;

/** Fee recipients of the stand-in trades; one also has a fees row (a claim and a credit that is no trade share). */
const recipients = ["0xf1", "0xf2", "0xf3", "0xf4", "0xf5"];

describe("the maintained ranking of get-tokens", () => {
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const app = `rk_app_${id}`;
  const ix = `rk_ix_${id}`;
  const schemas = { appSchema: app, indexerSchema: ix };
  let admin: import("pg").Pool;

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    admin = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    await migrate({ databaseUrl, schema: app });
    // The columns the catalog reads, typed as Ponder types them (bigint columns are numeric(78)).
    await admin.query(`CREATE SCHEMA ${ix}`);
    await admin.query(`CREATE TABLE ${ix}._ponder_checkpoint (chain_name text PRIMARY KEY, latest_checkpoint text)`);
    await admin.query(`CREATE TABLE ${ix}.token (chain_id integer, address text, token_layer_id text, name text,
      symbol text, created_at numeric(78), created_block numeric(78), PRIMARY KEY (chain_id, address))`);
    // The token's counters are its pool row's (indexer/ponder.schema.ts).
    await admin.query(`CREATE TABLE ${ix}.pool (chain_id integer, token text, graduated boolean, progress_bps integer,
      price numeric(78), holders_count integer, trade_count integer, volume_usdc numeric(78),
      PRIMARY KEY (chain_id, token))`);
    await admin.query(`CREATE TABLE ${ix}.trade (id text PRIMARY KEY, chain_id integer, token text,
      usdc_amount numeric(78), timestamp numeric(78), fee_protocol numeric(78), fee_creator numeric(78),
      fee_referral numeric(78), fee_builder numeric(78), protocol_recipient text, creator text, referral text,
      builder text, price numeric(78), token_amount numeric(78), block_number numeric(78), log_index integer,
      fee_launch numeric(78))`);
    await admin.query(`CREATE TABLE ${ix}.fees (chain_id integer, recipient text, accrued numeric(78),
      claimed numeric(78), PRIMARY KEY (chain_id, recipient))`);
    await admin.query(`CREATE TABLE ${ix}.token_fees (chain_id integer, token text, recipient text,
      claimable numeric(78), accrued numeric(78), claimed numeric(78))`);
    await admin.query(`INSERT INTO ${ix}.fees VALUES (84532, '0xf1', 1000, 500)`);
    await admin.query(`CREATE TABLE ${ix}.peer_token (chain_id integer, address text, home_chain_id integer,
      home_token text, holders_count integer, PRIMARY KEY (chain_id, address))`);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${ix} CASCADE`);
    await admin.end();
    await dropSchema(databaseUrl, app);
  });

  it("equals the catalog query on every page after every block, reorgs and a rebuild included", async () => {
    const rnd = prng(18).next;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)] as T;
    const now = Math.floor(Date.now() / 1000);
    // Trending's window: the current hour and the 23 before it.
    const since = windowStartAt(Date.now());
    const { rows: users } = await admin.query<{ id: string }>(
      `INSERT INTO ${app}.users (username, wallet_index, wallet_address) VALUES ('r', 0, '0xr') RETURNING id`,
    );
    const user = users[0]?.id;

    // Tokens written before the triggers exist: the install must rebuild from them.
    type Deployment = { chainId: number; address: string; layer: string };
    const deployments: Deployment[] = [];
    let tradeSeq = 0;
    const addToken = async (db: import("pg").PoolClient | import("pg").Pool, chainId: number, layer: string) => {
      const address = `0x${(deployments.length + 1).toString(16).padStart(40, "0")}`;
      deployments.push({ chainId, address, layer });
      const created = now - 100_000 + Math.floor(rnd() * 50_000);
      await db.query(`INSERT INTO ${ix}.token VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
        chainId,
        address,
        layer,
        `Name ${layer.slice(-3)}`,
        `S${layer.slice(-3)}`,
        // Some share a creation time and block, so the last tie-break (the token_layer_id) decides.
        rnd() < 0.2 ? now - 90_000 : created,
        rnd() < 0.2 ? 7 : Math.floor(created / 2),
      ]);
      await db.query(`INSERT INTO ${ix}.pool VALUES ($1, $2, false, 0, 1, 0, 0, 0)`, [chainId, address]);
      return address;
    };
    const addApp = async (layer: string, i: number) => {
      const { rows } = await admin.query<{ id: string }>(
        `INSERT INTO ${app}.tokens (token_layer_id, name, symbol, slug, pool_type, chain_slug, creator_address, salt,
           verified) VALUES ($1, $2, $3, $4, 0, 'base-sepolia', '0x0', '0x0', $5) RETURNING id`,
        [layer.toUpperCase(), `App ${i}`, `A${i}`, `app-${i}`, i % 3 === 0],
      );
      const tokenId = rows[0]?.id;
      if (i % 4 === 0) await admin.query(`INSERT INTO ${app}.token_hashtags VALUES ($1, 'moon')`, [tokenId]);
      for (let k = 0; k < i % 5; k++) {
        await admin.query(`INSERT INTO ${app}.posts (user_id, content, tagged_token_id) VALUES ($1, 'p', $2)`, [
          user,
          tokenId,
        ]);
      }
    };
    for (let i = 0; i < 12; i++) {
      const layer = `0xabc${i.toString(16).padStart(4, "0")}`;
      await addToken(admin, 84532, layer);
      if (i % 2 === 0) await addApp(layer, i);
    }
    // One token on two chains: its totals are summed, its name is the lowest chain's.
    await addToken(admin, 97, "0xabc0001");

    /** A block: random trades, holder changes, graduations, and new tokens, in one transaction. */
    const block = async () => {
      const c = await admin.connect();
      try {
        await c.query("BEGIN");
        for (let n = Math.floor(rnd() * 6); n > 0; n--) {
          const d = pick(deployments);
          const amount = BigInt(Math.floor(rnd() * 1e9)) * (rnd() < 0.1 ? 10n ** 20n : 1n);
          // Inside the window (whole hours and the part-hour at its start) and before it.
          // Two tokens trade only before the window: traded, with no volume in it.
          const before = d.layer.endsWith("000a") || d.layer.endsWith("000b");
          const ts = before
            ? since - 1 - Math.floor(rnd() * 5_000)
            : pick([
                now - Math.floor(rnd() * 3_000),
                since + Math.floor(rnd() * 2_000),
                since - 1,
                since,
                since - 5_000,
              ]);
          // Fee shares: some zero, recipients shared between roles and trades.
          const share = () => (rnd() < 0.25 ? 0n : BigInt(Math.floor(rnd() * 1e6)));
          const seq = tradeSeq++;
          await c.query(
            `INSERT INTO ${ix}.trade VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
            [
              `t${seq}`,
              d.chainId,
              d.address,
              amount,
              ts,
              ...[share(), share(), share(), share()],
              ...recipients.slice(0, 4).map(() => pick(recipients)),
              // Price and place in the chain, for the minute candles (several trades share a block).
              BigInt(1 + Math.floor(rnd() * 1e9)),
              BigInt(1 + Math.floor(rnd() * 1e9)),
              Math.floor(seq / 3),
              seq % 3,
              // the launch window's part, the protocol's (a trade after the window has none)
              rnd() < 0.2 ? share() : 0n,
            ],
          );
          await c.query(
            `UPDATE ${ix}.pool SET price = price + 1, progress_bps = LEAST(10000, progress_bps + $3),
                    trade_count = trade_count + 1, volume_usdc = volume_usdc + $4
            WHERE chain_id = $1 AND token = $2`,
            [d.chainId, d.address, Math.floor(rnd() * 4_000), amount],
          );
        }
        if (rnd() < 0.5) {
          const d = pick(deployments);
          await c.query(`UPDATE ${ix}.pool SET holders_count = holders_count + $3 WHERE chain_id = $1 AND token = $2`, [
            d.chainId,
            d.address,
            1 + Math.floor(rnd() * 3),
          ]);
        }
        if (rnd() < 0.2) {
          const d = pick(deployments);
          await c.query(
            `UPDATE ${ix}.pool SET graduated = true, progress_bps = 10000 WHERE chain_id = $1 AND token = $2`,
            [d.chainId, d.address],
          );
        }
        if (rnd() < 0.15) await addToken(c, 84532, `0xdef${deployments.length.toString(16).padStart(4, "0")}`);
        await c.query("COMMIT");
      } finally {
        c.release();
      }
    };

    /** A reorg: the last block's trades and a token created in it, reverted as Ponder reverts (DELETE, UPDATE). */
    const reorg = async () => {
      const c = await admin.connect();
      try {
        await c.query("BEGIN");
        const { rows } = await c.query<{ chain_id: number; token: string; usdc_amount: string }>(
          `DELETE FROM ${ix}.trade WHERE id IN (SELECT id FROM ${ix}.trade ORDER BY random() LIMIT 3)
           RETURNING chain_id, token, usdc_amount`,
        );
        for (const r of rows) {
          await c.query(
            `UPDATE ${ix}.pool SET trade_count = trade_count - 1, volume_usdc = volume_usdc - $3
              WHERE chain_id = $1 AND token = $2`,
            [r.chain_id, r.token, r.usdc_amount],
          );
        }
        const last = deployments.at(-1);
        if (last?.layer.startsWith("0xdef")) {
          deployments.pop();
          await c.query(`DELETE FROM ${ix}.trade WHERE chain_id = $1 AND token = $2`, [last.chainId, last.address]);
          await c.query(`DELETE FROM ${ix}.pool WHERE chain_id = $1 AND token = $2`, [last.chainId, last.address]);
          await c.query(`DELETE FROM ${ix}.token WHERE chain_id = $1 AND address = $2`, [last.chainId, last.address]);
        }
        await c.query("COMMIT");
      } finally {
        c.release();
      }
    };

    const compare = async (round: string, at = since) => {
      let pages = 0;
      for (const filter of tokenFilters) {
        for (const stage of [null, ...tokenStages]) {
          for (const [hashtag, verifiedOnly] of [
            [null, false],
            ["moon", false],
            [null, true],
          ] as const) {
            for (const [limit, offset] of [
              [5, 0],
              [5, 5],
              [7, 9],
              [50, 0],
              [3, 40],
            ] as const) {
              const p: CatalogPageParameters = { filter, hashtag, verifiedOnly, stage, since: at, limit, offset };
              const ranked = await readRankedPage(admin, schemas, p);
              const catalog = await readCatalogPage(admin, schemas, p, false);
              expect(ranked, `${round}: ${JSON.stringify(p)}`).toEqual(catalog);
              pages++;
            }
          }
        }
      }
      // The trade fee shares each recipient accrued: the maintained totals equal the trade rows summed.
      for (const who of recipients) {
        const summed = await readFees(admin, schemas, who, false);
        expect(await readFees(admin, schemas, who, true), `${round}: fees of ${who}`).toEqual(summed);
      }
      // Each deployment's minute candles and their roll-ups: the maintained ones equal the trade rows folded.
      for (const d of deployments) {
        const key = { chainId: d.chainId, address: d.address };
        for (const seconds of [60, 3_600]) {
          const range = { seconds, from: null, to: null, limit: 1_000 };
          const folded = await readCandles(admin, schemas, key, range, false);
          expect(await readCandles(admin, schemas, key, range, true), `${round}: candles of ${d.address}`).toEqual(
            folded,
          );
        }
      }
      return pages;
    };

    const trending = { filter: "trending", hashtag: null, verifiedOnly: false, stage: null } as const;
    const installs: string[] = [];
    const log = (line: string) => {
      if (line.includes("token ranking installed")) installs.push(line);
    };
    const versions = await startVersions({ databaseUrl, appSchema: app, indexerSchema: ix, pollMs: 50, log });
    try {
      await until("the ranking is installed", () => versions.ranked(), 10_000);
      let pages = await compare("rebuilt at install");
      for (let round = 0; round < 25; round++) {
        await block();
        if (round % 6 === 5) await reorg();
        pages += await compare(`round ${round}`);
      }
      // Every recipient accrued by now, from trades alone or (0xf1) beside its fees row.
      for (const who of recipients) expect((await readFees(admin, schemas, who, true)).fees).not.toEqual([]);
      // The trending window has trades on both sides of its edges, and traded tokens beside untraded ones.

      const top = await readRankedPage(admin, schemas, { ...trending, since, limit: 100, offset: 0 });
      if (!top) throw new Error("the ranking's window is not current");
      expect(top.rows.filter((r) => r.volume > 0n).length).toBeGreaterThan(3);
      expect(top.rows.filter((r) => r.volume === 0n).length).toBeGreaterThan(0);
      expect(pages).toBeGreaterThan(5_000);

      // The indexer recreating its tables drops the triggers: the next poll finds one missing and reinstalls them.
      expect(installs).toHaveLength(1);
      await admin.query(`DROP TRIGGER svc_rank_ins ON ${ix}.trade`);
      await until("the ranking is reinstalled", () => installs.length === 2, 10_000);
      expect(versions.ranked()).toBe(true);
      await compare("reinstalled");
    } finally {
      await versions.stop();
    }
    // With nobody polling, the hour turns: put the window two hours back as if the last roll were then, with its totals.
    await admin.query(`UPDATE ${ix}.svc_token_rank_window SET start_hour = $1`, [since - 7_200]);
    await admin.query(`SELECT ${ix}.svc_rank_refresh(ARRAY(SELECT DISTINCT token_layer_id FROM ${ix}.token), $1)`, [
      since - 7_200,
    ]);
    await compare("a window two hours back", since - 7_200);
    // Readers of the current hour see a window that has not turned, and read the catalog.
    expect(await readRankedPage(admin, schemas, { ...trending, since, limit: 5, offset: 0 })).toBeUndefined();
    const c = await admin.connect();
    try {
      expect(await rollRankingWindow(c, ix)).toBe(true);
      expect(await rollRankingWindow(c, ix)).toBe(false);
    } finally {
      c.release();
    }
    await compare("turned to the current hour");

    // Blocks written while nobody kept the ranking: a process that finds it so rebuilds it from the indexed rows.
    await admin.query(`DROP TRIGGER svc_rank_ins ON ${ix}.trade`);
    await admin.query(`DROP TRIGGER svc_rank_upd ON ${ix}.token`);
    for (let i = 0; i < 3; i++) await block();
    const again = await startVersions({ databaseUrl, appSchema: app, indexerSchema: ix, pollMs: 50 });
    try {
      await until("the ranking is rebuilt", () => again.ranked(), 10_000);
      await compare("rebuilt after blocks unseen");
    } finally {
      await again.stop();
    }
  });
});
