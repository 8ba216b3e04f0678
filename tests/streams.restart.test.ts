/**
 * A chain restarted under the event log, as `npm start` run again does it: the anvil of this file's own is stopped
 * and started from genesis on the same port, the contracts are deployed again, and a fresh indexer takes the same
 * schema (forgetting Ponder's cached chain). Every event the log holds of the old chain is then gone from the index,
 * in blocks the old chain had finalized, which no reorg reaches. The log must say so once, with a `resync` event to
 * every subscriber, and not with a `removed` event for each of them; the new chain's events follow it, and a client
 * that starts again from the resync ends equal to the new index.
 */

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { eventIssues } from "../core/event-schemas.js";
import type { StreamEvent } from "../core/events.js";
import { startAnvil } from "../scripts/anvil.js";
import { deploy } from "../scripts/deploy.js";
import { startIndexer } from "../scripts/indexer.js";
import { openStream, type Stream, type WebSocketConstructor } from "../sdk/src/index.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Chain, chainAt, fundedWallets } from "./helpers/chain.js";
import { servedDocuments } from "./helpers/documents.js";
import { runWorkload } from "./helpers/indexer/workload.js";
import {
  readIndexedState,
  rebuild,
  type Served,
  type StreamClient,
  sequenced,
  serveWithStreams,
  wsClient,
} from "./helpers/streams.js";
import { until } from "./helpers/until.js";
import { deploymentsDirFor } from "./helpers/worker.js";

const SEED = Number(process.env.STREAMS_RESTART_SEED ?? 0x5e57a7);
/**
 * Blocks mined after the old chain's events so that they end up final: Ponder's finality depth for chain 84532 is 30
 * blocks, and it moves its finalized block only once the head is more than twice that past it.
 */
const PAST_FINALITY = 100;

let anvil: Awaited<ReturnType<typeof startAnvil>>;
let c: Chain;
let indexer: Awaited<ReturnType<typeof startTestIndexer>>;
let again: Awaited<ReturnType<typeof startIndexer>> | undefined;
let api: Awaited<ReturnType<typeof createTestApi>>;
let served: Served;
let client: StreamClient;
let sdk: Stream;
const sdkEvents: StreamEvent[] = [];
const resyncs: [number, string][] = [];
/** The old chain's events in the log, and the seq of the last one. */
let before: StreamEvent[];
let chainId: number;

async function deployed(rpcUrl: string) {
  return deploy({ rpcUrl, chainSlug: "base-sepolia", write: false, launchFee: false });
}

beforeAll(async () => {
  console.log(`streams restart: seed ${SEED} (STREAMS_RESTART_SEED to replay)`);
  anvil = await startAnvil({ port: 0 });
  c = chainAt(anvil.rpcUrl, await deployed(anvil.rpcUrl));
  chainId = c.deployment.chainId;
  indexer = await startTestIndexer(c, [], { own: true });
  api = await createTestApi({ indexerSchema: indexer.schema, chain: c });
  served = await serveWithStreams(api.app, api.deps);
  client = await wsClient(served.wsUrl, { channels: [`chain:${chainId}`], since: 0 });
  sdk = openStream({
    url: served.url,
    channels: ["tokens"],
    since: 0,
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    onEvent: (event) => sdkEvents.push(event),
    onResync: (seq, reason) => resyncs.push([seq, reason]),
  });

  const wallets = await fundedWallets(c, 4, { seed: "streams.restart" });
  await runWorkload(c, { seed: SEED, wallets, create: 2, steps: 15 });
  await c.testClient.mine({ blocks: PAST_FINALITY });
  await indexer.sync();
  await sequenced(api, c);
  const { rows: last } = await api.deps.db.query<{ block: string }>(
    `SELECT max(block_number)::text AS block FROM "${api.appSchema}".events WHERE chain_id = $1`,
    [chainId],
  );
  // The precondition: the sequencer has seen the old chain final past its last event.
  await until(
    "the old chain's events final",
    async () => {
      const { rows } = await api.deps.db.query<{ finalized: string }>(
        `SELECT finalized_block::text AS finalized FROM "${api.appSchema}".event_cursors`,
      );
      return Number(rows[0]?.finalized ?? -1) >= Number(last[0]?.block);
    },
    15_000,
  );
  const { rows: logged } = await api.deps.db.query<{ seq: string }>(
    `SELECT max(seq)::text AS seq FROM "${api.appSchema}".events`,
  );
  await client.until((events) => events.at(-1)?.seq === Number(logged[0]?.seq));
  before = [...client.events];

  // The restart: the same port, a new genesis, the same deployment script, and a fresh index in the same schema.
  if (!("stop" in indexer.indexer)) throw new Error("the indexer is not this file's own");
  await indexer.indexer.stop();
  const port = Number(new URL(anvil.rpcUrl).port);
  await anvil.stop();
  anvil = await startAnvil({ port });
  const redeployed = await deployed(anvil.rpcUrl);
  expect(redeployed.contracts).toEqual(c.deployment.contracts);
  again = await startIndexer({
    rpcUrl: anvil.rpcUrl,
    chainSlug: "base-sepolia",
    schema: indexer.schema,
    deploymentsDir: deploymentsDirFor(redeployed),
    databaseUrl: indexer.databaseUrl,
    fresh: true,
    forgetCachedChain: true,
  });
  await again.waitForReady();
  const fresh = await fundedWallets(c, 4, { seed: "streams.restart.after" });
  await runWorkload(c, { seed: SEED + 1, wallets: fresh, create: 1, steps: 10 });
  const head = await c.publicClient.getBlockNumber({ cacheTime: 0 });
  await again.waitForBlock(head);
  await until("the resync in the log", () => client.events.some((e) => e.kind === "resync"), 60_000);
  await sequenced(api, c, head);
  const { rows: end } = await api.deps.db.query<{ seq: string }>(
    `SELECT max(seq)::text AS seq FROM "${api.appSchema}".events`,
  );
  await client.until((events) => events.at(-1)?.seq === Number(end[0]?.seq));
}, 300_000);

afterAll(async () => {
  sdk?.close();
  client?.close();
  await served?.close();
  await api?.close();
  await again?.stop();
  await indexer?.close();
  await anvil?.stop();
});

describe("a chain restarted under the log", () => {
  it("is told once, by a resync event, and no old event is removed one by one", () => {
    const after = client.events.slice(before.length);
    const resync = after.filter((e) => e.kind === "resync");
    expect(resync).toHaveLength(1);
    expect(after.filter((e) => e.kind === "removed")).toEqual([]);
    const oldChain = before.filter((e) => e.kind !== "removed");
    expect(resync[0]).toMatchObject({
      kind: "resync",
      chainId,
      block: null,
      removes: null,
      data: {
        reason: "chain_restart",
        fromBlock: Math.min(...oldChain.map((e) => e.block?.number ?? Number.POSITIVE_INFINITY)),
        withdrawn: oldChain.length,
      },
    });
    // It comes first, before any event of the new chain.
    expect(after[0]?.kind).toBe("resync");
    console.log(`streams restart: ${oldChain.length} events of the old chain withdrawn by one resync`);
  });

  it("reaches every subscriber: the SDK's client on `tokens` is told to resync, with the reason", () => {
    const resync = client.events.find((e) => e.kind === "resync") as StreamEvent;
    expect(resyncs).toEqual([[resync.seq, "chain_restart"]]);
    expect(sdkEvents.filter((e) => e.kind === "resync").map((e) => e.seq)).toEqual([resync.seq]);
  });

  it("fits the served AsyncAPI document's resync payload, and the OpenAPI webhook event.resync", async () => {
    const documents = await servedDocuments(served.url);
    const resync = client.events.find((e) => e.kind === "resync") as StreamEvent;
    expect(documents.event(resync)).toEqual([]);
    expect(documents.webhook(resync)).toEqual([]);
    expect(eventIssues(resync)).toEqual([]);
  });

  it("marks the old chain's events removed by the resync in the log", async () => {
    const resync = client.events.find((e) => e.kind === "resync") as StreamEvent;
    const { rows } = await api.deps.db.query<{ seq: string; removed_by: string | null }>(
      `SELECT seq::text, removed_by::text FROM "${api.appSchema}".events WHERE seq < $1 AND chain_id = $2`,
      [resync.seq, chainId],
    );
    expect(rows.length).toBe(before.length);
    expect(rows.every((r) => r.removed_by === String(resync.seq))).toBe(true);
  });

  it("lets a client that starts again from the resync end equal to the new index: pools, balances and fees", async () => {
    const at = client.events.findIndex((e) => e.kind === "resync");
    const state = rebuild(client.events.slice(at + 1));
    const indexed = await readIndexedState(api.deps.db, indexer.schema, chainId);
    expect(state.balances).toEqual(indexed.balances);
    // The fees the new chain's events carry count only the new chain: the old chain's were taken back.
    expect(state.fees).toEqual(indexed.fees);
    expect([...state.pools.keys()].sort()).toEqual(indexed.pools.map((p) => `${chainId}:${p.token}`).sort());
  });
});
