/**
 * Change versions (db/versions.ts) against a real Postgres, and the caches behind them through the API on
 * a real indexer: a cached read changes as soon as a block is indexed or an app table is written, and an unchanged
 * state is served without a query.
 */
import { randomUUID } from "node:crypto";
import { getAddress, maxUint256 } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi } from "../abis/index.js";
import { migrate } from "../db/migrate.js";
import { CATALOG_KEY, HOLDERS_KEY, indexedTokenKey, layerKey, startVersions } from "../db/versions.js";
import { DEFAULT_DATABASE_URL, dropSchema } from "../scripts/indexer.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { chain, createToken, fundedWallets, fundUsdc, send } from "./helpers/chain.js";
import { until } from "./helpers/until.js";

const databaseUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const USDC = 10n ** 6n;

/** A Ponder checkpoint string whose block number (characters 27–42) is `block`. */
const checkpoint = (block: number) => `${"0".repeat(26)}${String(block).padStart(16, "0")}${"0".repeat(33)}`;

describe("change versions on Postgres", () => {
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const app = `vt_app_${id}`;
  const ix = `vt_ix_${id}`;
  let admin: import("pg").Pool;

  const createCheckpointTable = async (block: number) => {
    await admin.query(`CREATE SCHEMA ${ix}`);
    await admin.query(`CREATE TABLE ${ix}._ponder_checkpoint (chain_name text PRIMARY KEY, latest_checkpoint text)`);
    await admin.query(`INSERT INTO ${ix}._ponder_checkpoint VALUES ('base-sepolia', $1)`, [checkpoint(block)]);
  };

  beforeAll(async () => {
    const pg = (await import("pg")).default;
    admin = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    await migrate({ databaseUrl, schema: app });
    await createCheckpointTable(5);
  });
  afterAll(async () => {
    await admin.query(`DROP SCHEMA IF EXISTS ${ix} CASCADE`);
    await admin.end();
    await dropSchema(databaseUrl, app);
  });

  it("follows checkpoints and app writes, and reads uncached while the checkpoint trigger is missing", async () => {
    const versions = await startVersions({ databaseUrl, appSchema: app, indexerSchema: ix, pollMs: 50 });
    try {
      // Armed at start: the trigger is installed and the checkpoint read.
      expect(versions.key("indexed")).not.toBeNull();
      expect(versions.indexedBlock("base-sepolia")).toBe(5);

      const indexed = versions.key("indexed");
      await admin.query(`UPDATE ${ix}._ponder_checkpoint SET latest_checkpoint = $1`, [checkpoint(6)]);
      await versions.settled();
      expect(versions.indexedBlock("base-sepolia")).toBe(6);
      expect(versions.key("indexed")).not.toBe(indexed);

      // api_keys is "auth" only; users is both "auth" and "app"; intents is neither.
      const [auth0, app0] = [versions.key("auth"), versions.key("app")];
      const { rows } = await admin.query<{ id: string }>(
        `INSERT INTO ${app}.users (username, wallet_index, wallet_address) VALUES ('v', 0, '0x00') RETURNING id`,
      );
      await versions.settled();
      const [auth1, app1] = [versions.key("auth"), versions.key("app")];
      expect(auth1).not.toBe(auth0);
      expect(app1).not.toBe(app0);
      await admin.query(
        `INSERT INTO ${app}.api_keys (user_id, name, key_hash, key_prefix) VALUES ($1, 'k', '\\x00', 'sk_')`,
        [rows[0]?.id],
      );
      await versions.settled();
      expect(versions.key("auth")).not.toBe(auth1);
      expect(versions.key("app")).toBe(app1);

      // The indexer recreating its schema drops the trigger: uncached until the next poll puts it back.
      await admin.query(`DROP SCHEMA ${ix} CASCADE`);
      await until("the indexed version is withdrawn", () => versions.key("indexed") === null);
      expect(versions.indexedBlock("base-sepolia")).toBeNull();
      expect(versions.key("app")).not.toBeNull();
      await createCheckpointTable(2);
      await until("the trigger is back", () => versions.key("indexed") !== null);
      expect(versions.indexedBlock("base-sepolia")).toBe(2);
      const installed = await admin.query(
        `SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass($1) AND tgname = 'svc_checkpoint_notify'`,
        [`${ix}._ponder_checkpoint`],
      );
      expect(installed.rowCount).toBe(1);
    } finally {
      await versions.stop();
    }
    expect(versions.key("app")).toBeNull();
  });

  it("notifies the keys of the token, pool and peer rows a block writes or a reorg removes, and nothing else", async () => {
    const rx = `${ix}_rows`;
    await admin.query(`CREATE SCHEMA ${rx}`);
    await admin.query(`CREATE TABLE ${rx}._ponder_checkpoint (chain_name text PRIMARY KEY, latest_checkpoint text)`);
    await admin.query(`CREATE TABLE ${rx}.token (chain_id integer, address text, token_layer_id text,
      PRIMARY KEY (chain_id, address))`);
    // The token's counters are its pool row's, as in indexer/ponder.schema.ts.
    const poolTable = `CREATE TABLE ${rx}.pool (chain_id integer, token text, supply numeric, holders_count integer,
      trade_count integer, PRIMARY KEY (chain_id, token))`;
    await admin.query(poolTable);
    await admin.query(`CREATE TABLE ${rx}.peer_token (chain_id integer, address text, home_chain_id integer,
      home_token text, holders_count integer, PRIMARY KEY (chain_id, address))`);
    const versions = await startVersions({ databaseUrl, appSchema: app, indexerSchema: rx, pollMs: 50 });
    try {
      const [a, b, peer] = ["0xaa", "0xbb", "0xcc"];
      const keys = {
        a: [layerKey("0xA1"), indexedTokenKey(1, a)],
        b: [layerKey("0xb1"), indexedTokenKey(1, b)],
      };
      const changed = async (write: string, params: unknown[] = []) => {
        const mark = versions.mark();
        if (!mark) throw new Error("row changes are not followed");
        await admin.query(write, params);
        await versions.settled();
        return {
          a: versions.changedSince(mark, keys.a),
          b: versions.changedSince(mark, keys.b),
          catalog: versions.changedSince(mark, [CATALOG_KEY]),
          holders: versions.changedSince(mark, [HOLDERS_KEY]),
          // What search candidates watch (api/services/tokens/catalog.ts): a's token_layer_id alone.
          layerA: versions.changedSince(mark, [layerKey("0xA1")]),
        };
      };
      const none = { a: false, b: false, catalog: false, holders: false, layerA: false };
      expect(await changed(`INSERT INTO ${rx}.token VALUES (1, $1, '0xa1'), (1, $2, '0xb1')`, [a, b])).toEqual({
        ...none,
        a: true,
        b: true,
        catalog: true,
        layerA: true,
      });
      // a's pool, created with it: a's keys and, being a new holders count, the lookups that weigh holders.
      expect(await changed(`INSERT INTO ${rx}.pool VALUES (1, $1, 5, 0, 0)`, [a])).toEqual({
        ...none,
        a: true,
        holders: true,
        layerA: true,
      });
      // A trade of a writes its pool row only (price, counters): a's deployment, not the lookups weighing holders.
      expect(await changed(`UPDATE ${rx}.pool SET supply = 6, trade_count = 1 WHERE token = $1`, [a])).toEqual({
        ...none,
        a: true,
      });
      // One that changes its holders count: those lookups too, by its token_layer_id and all at once.
      expect(await changed(`UPDATE ${rx}.pool SET holders_count = 1 WHERE token = $1`, [a])).toEqual({
        ...none,
        a: true,
        holders: true,
        layerA: true,
      });
      // A peer of b on chain 2 changes b's view (its token_addresses and total holder count).
      expect(await changed(`INSERT INTO ${rx}.peer_token VALUES (2, $1, 1, $2, 0)`, [peer, b])).toEqual({
        ...none,
        b: true,
      });
      expect(await changed(`UPDATE ${rx}.peer_token SET holders_count = 3`)).toEqual({ ...none, b: true });
      // A reorg that removes a's rows.
      expect(await changed(`DELETE FROM ${rx}.pool WHERE token = $1`, [a])).toEqual({
        ...none,
        a: true,
        holders: true,
        layerA: true,
      });
      expect(await changed(`DELETE FROM ${rx}.token WHERE address = $1`, [a])).toEqual({
        ...none,
        a: true,
        catalog: true,
        layerA: true,
      });

      // The indexer recreating its schema drops the triggers: no marks (reads uncached) until they are back, and
      // nothing marked before counts as current after.
      const before = versions.mark();
      await admin.query(`DROP TABLE ${rx}.pool`);
      await until("row changes are no longer followed", () => versions.mark() === null);
      await admin.query(poolTable);
      await until("row changes are followed again", () => versions.mark() !== null);
      expect(before && versions.changedSince(before, [])).toBe(true);
    } finally {
      await versions.stop();
      await admin.query(`DROP SCHEMA ${rx} CASCADE`);
    }
  });
});

/**
 * A body without freshness.chain_head: the API polls the chain's head in the background (every 200 ms here), so two
 * answers from the same cached record may report different heads.
 */
function withoutHead(body: Record<string, unknown>) {
  const freshness = body.freshness as Record<string, unknown> | undefined;
  if (!freshness) return body;
  const { chain_head: _head, ...rest } = freshness;
  return { ...body, freshness: rest };
}

describe("cached reads through the API", () => {
  const c = chain();
  /** `w` buys `token` for `usdc` on the curve, without attribution. */
  const buy = (w: Parameters<typeof send>[1], token: `0x${string}`, usdc: bigint) =>
    send(c, w, {
      address: c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "buyExactIn",
      args: [token, usdc, 0n, maxUint256, zeroAttribution],
    } as never);
  let ixr: Awaited<ReturnType<typeof startTestIndexer>>;
  let api: Awaited<ReturnType<typeof createTestApi>>;
  let queries = 0;
  /** Statements that count the ranking (db/indexed/catalog.ts countRanked). */
  let counts = 0;

  beforeAll(async () => {
    ixr = await startTestIndexer();
    api = await createTestApi({ indexerSchema: ixr.schema });
    const query = api.deps.db.query.bind(api.deps.db) as (...args: unknown[]) => unknown;
    (api.deps.db as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      queries++;
      const text = String((args[0] as { text?: string }).text ?? args[0]);
      if (/SELECT count\(\*\) AS n FROM "[^"]+"\.svc_token_rank/.test(text)) counts++;
      if (process.env.DEBUG_QUERIES) console.log(text.slice(0, 120));
      return query(...args);
    };
  });
  afterAll(async () => {
    await api?.close();
    await ixr?.close();
  });

  it("serves get-pool-data and search-token from memory until a block writes that token, search-token until a vote", async () => {
    const [w] = await fundedWallets(c, 1);
    await fundUsdc(c, w, 1_000n * USDC);
    const symbol = `VC${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const made = await createToken(c, w, 7, { name: `Versioned ${symbol}`, symbol });
    await ixr.sync();
    const jwt = await api.jwt(`versions-${randomUUID()}`);

    const first = await api.post("search-token", { input: made.token }, jwt);
    expect(first.status).toBe(200);
    const token = first.body.token as { id: string; upvotes: number };
    const pool0 = await api.post("get-pool-data", { tokenId: token.id }, jwt);
    expect(pool0.status).toBe(200);
    // The first search-token wrote the token's app row, which changed the app version it was loaded under: the
    // next one loads again, and is then kept.
    expect(withoutHead((await api.post("search-token", { input: made.token }, jwt)).body)).toEqual(
      withoutHead(first.body),
    );

    // Unchanged state: answered from memory (the rate limiter is in Redis), with the same record and freshness.
    queries = 0;
    const again = await api.post("get-pool-data", { tokenId: token.id }, jwt);
    const search = await api.post("search-token", { input: made.token }, jwt);
    expect(queries).toBe(0);
    expect(withoutHead(again.body)).toEqual(withoutHead(pool0.body));
    expect(search.body.token).toEqual(first.body.token);

    // A trade, once indexed, shows at once, with the block it was indexed at.
    await buy(w, made.token, 10n * USDC);
    const block = Number(await c.publicClient.getBlockNumber({ cacheTime: 0 }));
    await ixr.sync();
    const pool1 = await api.post("get-pool-data", { tokenId: token.id }, jwt);
    const before = pool0.body.pool_data as { supply: string };
    const after = pool1.body.pool_data as { supply: string };
    expect(BigInt(after.supply)).toBeGreaterThan(BigInt(before.supply));
    expect((pool1.body.freshness as { indexed_block: number }).indexed_block).toBeGreaterThanOrEqual(block);

    // Another token's cached reads stay in place through that block: it touched only the traded token's rows.
    const other = await createToken(c, w, 7, { name: `Untouched ${symbol}`, symbol: `${symbol}U` });
    await ixr.sync();
    const otherId = ((await api.post("search-token", { input: other.token }, jwt)).body.token as { id: string }).id;
    const otherSearch = await api.post("search-token", { input: other.token }, jwt);
    const otherPool = await api.post("get-pool-data", { tokenId: otherId }, jwt);
    await api.post("search-token", { input: made.token }, jwt);
    await buy(w, made.token, 3n * USDC);
    await ixr.sync();
    await api.deps.versions?.settled();
    queries = 0;
    expect((await api.post("search-token", { input: other.token }, jwt)).body.token).toEqual(otherSearch.body.token);
    // (freshness moves on: it reports the block indexed now)
    expect((await api.post("get-pool-data", { tokenId: otherId }, jwt)).body.pool_data).toEqual(
      otherPool.body.pool_data,
    );
    expect(queries).toBe(0);
    // ...and the traded token's read is current: the price moved, in both reads.
    const traded = await api.post("get-pool-data", { tokenId: token.id }, jwt);
    expect(BigInt((traded.body.pool_data as { supply: string }).supply)).toBeGreaterThan(BigInt(after.supply));
    const tradedSearch = (await api.post("search-token", { input: made.token }, jwt)).body.token as { price: number };
    expect(tradedSearch.price).toBe((traded.body.pool_data as { price_usd: number }).price_usd);
    expect(queries).toBeGreaterThan(0);

    // A vote (an app write) shows at once in search-token, and leaves get-pool-data's read cached: it holds
    // nothing a vote changes.
    await api.post("get-pool-data", { tokenId: token.id }, jwt);
    const vote = await api.post("vote", { content_id: token.id, content_type: "token", vote_type: "upvote" }, jwt);
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    const voted = await api.post("search-token", { input: made.token }, jwt);
    expect((voted.body.token as { upvotes: number; user_vote: string }).upvotes).toBe(token.upvotes + 1);
    await api.deps.versions?.settled();
    queries = 0;
    expect((await api.post("get-pool-data", { tokenId: token.id }, jwt)).body.pool_data).toEqual(traded.body.pool_data);
    expect(queries).toBe(0);
  });

  it("reads a cold search-token by uuid, token_layer_id, address or symbol in one query, the same record as the long way", async () => {
    const [w] = await fundedWallets(c, 1);
    await fundUsdc(c, w, 100n * USDC);
    const symbol = `OQ${Date.now().toString(36).slice(-4).toUpperCase()}`;
    const made = await createToken(c, w, 7, { name: `One query ${symbol}`, symbol });
    await buy(w, made.token, 2n * USDC);
    await ixr.sync();
    // The token's app row is made the first time it is read (the long way, by slug of its on-chain name).
    const viewer = await api.jwt(`one-query-${randomUUID()}`);
    const longWay = await api.post("search-token", { input: `one-query-${symbol.toLowerCase()}` }, viewer);
    expect(longWay.status, JSON.stringify(longWay.body)).toBe(200);
    const record = longWay.body.token as { id: string; token_layer_id: string };
    await api.deps.versions?.settled();
    for (const input of [record.id, record.token_layer_id, made.token, symbol]) {
      // A viewer of its own each time: nothing cached for it.
      const jwt = await api.jwt(`one-query-${randomUUID()}`);
      await api.post("get-pool-data", { tokenId: record.id }, jwt); // the viewer's first sight writes its user row
      await api.deps.versions?.settled();
      queries = 0;
      const res = await api.post("search-token", { input }, jwt);
      expect(res.status, `${input}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(queries, input).toBe(1);
      expect(res.body.token, input).toEqual(longWay.body.token);
    }
  });

  it("serves get-tokens pages from memory until a block is indexed, and counts again only when a token comes or goes", async () => {
    const [w] = await fundedWallets(c, 1);
    await fundUsdc(c, w, 100n * USDC);
    const first = await createToken(c, w, 7, { name: "Listed first", symbol: "LSTA" });
    await ixr.sync();
    const jwt = await api.jwt(`list-${randomUUID()}`);
    const list = async (body: Record<string, unknown> = {}) => {
      const res = await api.post("get-tokens", { filter: "new", limit: 5, ...body }, jwt);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const tokens = res.body.tokens as { id: string; contract_address: string }[];
      return { newest: tokens[0]?.contract_address.toLowerCase(), total: res.body.total as number, tokens };
    };
    expect((await list()).newest).toBe(first.token.toLowerCase());
    // Listing wrote the app rows of the listed tokens, a change of the app version: the next read loads again.
    await list();
    await api.deps.versions?.settled();
    queries = 0;
    const before = await list();
    expect(before.newest).toBe(first.token.toLowerCase());
    expect(queries).toBe(0);

    // A new token: the page and its count move on at once.
    const second = await createToken(c, w, 7, { name: "Listed second", symbol: "LSTB" });
    await ixr.sync();
    counts = 0;
    const added = await list();
    expect(added.newest).toBe(second.token.toLowerCase());
    expect(added.total).toBe(before.total + 1);
    expect(counts).toBe(1);
    await list();
    await api.deps.versions?.settled();

    // A block with a trade and no new token: the page is read again, the count is kept.
    await buy(w, first.token, 2n * USDC);
    await ixr.sync();
    await api.deps.versions?.settled();
    queries = 0;
    counts = 0;
    const traded = await list();
    expect(queries).toBeGreaterThan(0);
    expect(counts).toBe(0);
    expect(traded.total).toBe(added.total);
    const truth = await api.deps.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${ixr.schema}".svc_token_rank`,
    );
    expect(traded.total).toBe(truth.rows[0]?.n);

    // A hashtag count follows the app's tables: a tag added shows in the count at once.
    const tag = `counted${randomUUID().slice(0, 8)}`;
    expect((await list({ hashtag_name: tag })).total).toBe(0);
    await api.deps.db.query(`INSERT INTO ${api.appSchema}.token_hashtags (token_id, hashtag) VALUES ($1, $2)`, [
      added.tokens[0]?.id,
      tag,
    ]);
    await api.deps.versions?.settled();
    expect((await list({ hashtag_name: tag })).total).toBe(1);
  });
});

const zeroAttribution = {
  builder: getAddress(`0x${"0".repeat(40)}`),
  builderFeeBps: 0,
  referral: getAddress(`0x${"0".repeat(40)}`),
};
