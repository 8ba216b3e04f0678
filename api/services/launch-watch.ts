/**
 * The launch watcher: keeps every token's launch labels live, and tells the log when one is raised, changes its
 * wallets or is withdrawn (`launch_label`), and when the creator, a wallet it funded, or a bundle's wallet sells
 * (`launch_sell`). One runs at a time per app schema, in whichever API process holds its session advisory lock (the
 * others try again every `pollMs`, and take over when the holder's connection ends).
 *
 * It follows the log from its cursor (app table launch_watch_cursor), woken by the sequencer's notification of new
 * events. Each step reads the trades and removals after the cursor and makes the launch report again
 * (./launch-report.ts makeLaunchReport) of each token where one of them may change a label:
 * - a buy in the token's launch window;
 * - a sell by its creator, by a wallet that bought in the launch window, by a wallet the creator funded (as kept by
 *   earlier reports: final transfers only), or by a wallet a label names;
 * - any trade that makes the token concentrated, or no longer, by the report's rule (one statement for every token
 *   the step read, on the holder table's index by balance);
 * - a removal (a reorg) of one of its events. A removed `launch_label` event puts the label back as it was before it:
 *   clients were told, by the `removed` event, that it did not happen.
 * The labels that changed since the log last told them (core/launch-labels.ts) and the insiders' sells become events,
 * written to the outbox with the labels now told and the new cursor, in one transaction (db/launch-labels.ts). Each
 * event is of the chain block of the trade that changed it (or the token's last indexed trade): its stream_event row
 * is its source, so a reorg that undoes the trade removes the label event with it.
 *
 * Everything else a label counts (held shares, the top ten) moves with trades that raise nothing: the labels' figures
 * are brought up to date whenever a report is made, at the triggers above.
 */
import { labelBefore, labelChanges, sellerRole, type ToldLabel } from "../../core/launch-labels.js";
import { LAUNCH_RULES } from "../../core/launch-report.js";
import { startWakeLoop } from "../../core/wake-loop.js";
import { readConcentrated, readLaunchStarts, readWindowBuyers } from "../../db/indexed/launch.js";
import {
  type AnchoredEvent,
  type ChainAnchor,
  type ChainToken,
  openWatchSession,
  readFundedBy,
  readLastTradeEvent,
  readToldLabels,
  readWatchBatch,
  readWatchCursor,
  toldKey,
  type WatchedEvent,
  type WatchSession,
  writeWatchStep,
} from "../../db/launch-labels.js";
import type { ApiDeps } from "../deps.js";
import { makeLaunchReport } from "./launch-report.js";

export type StartLaunchWatchParameters = {
  databaseUrl: string;
  /** How often to look for events and for the lock without a notification, ms (default 1 000). */
  pollMs?: number;
  /** Events read per step (default 500). */
  batchSize?: number;
  log: (line: string) => void;
};

export type LaunchWatch = { stop(): Promise<void> };

const ADDRESS = /^0x[0-9a-f]{40}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The token an event of the log is of, by its channels (`token:<address>`, `token:<uuid>`). */
function tokenOf(e: WatchedEvent): { token: string; tokenId: string | null } | null {
  let token: string | null = null;
  let tokenId: string | null = null;
  for (const c of e.channels) {
    if (!c.startsWith("token:")) continue;
    const v = c.slice(6);
    if (ADDRESS.test(v)) token = v;
    else if (UUID.test(v)) tokenId = v;
  }
  return token ? { token, tokenId } : null;
}

/** An error's first line (viem's messages go on with the whole request). */
const briefly = (error: unknown) =>
  ((error as { shortMessage?: string }).shortMessage ?? (error instanceof Error ? error.message : String(error))).split(
    "\n",
  )[0];

/** How many steps in a row a token's report may fail before a step goes on without it. */
export const REPORT_TRIES = 3;

/** What a step needs besides the deps: how many events to read, and what it tells of a token it gave up on. */
export type WatchStepOptions = {
  batchSize?: number;
  /** Failures in a row per token (`<chainId>:<token>`), kept between steps by the caller. */
  failures?: Map<string, number>;
  log?: (line: string) => void;
};

/**
 * One step: what the events after the cursor change. Returns how many events it read. A token whose report cannot be
 * made (its chain's RPC down, say) fails the step, which is tried again; after REPORT_TRIES failures in a row the step
 * goes on without it, so one chain's outage does not hold every other token's labels: that token's labels wait for
 * its next trigger.
 */
export async function watchLaunchesOnce(deps: ApiDeps, o: WatchStepOptions = {}): Promise<number> {
  const batchSize = o.batchSize ?? 500;
  const failures = o.failures ?? new Map<string, number>();
  const app = deps.config.appSchema;
  const schemas = { appSchema: app, indexerSchema: deps.config.indexerSchema };
  const after = await readWatchCursor(deps.db, app);
  const { events, through } = await readWatchBatch(deps.db, app, { after, limit: batchSize });
  if (through === after) return 0;

  // The events of each token, in log order.
  const byToken = new Map<string, { on: ChainToken; tokenId: string | null; events: WatchedEvent[] }>();
  for (const e of events) {
    const t = tokenOf(e);
    if (!t) continue;
    const on = { chainId: e.chainId, token: t.token };
    const entry = byToken.get(toldKey(on)) ?? { on, tokenId: null, events: [] };
    entry.tokenId ??= t.tokenId;
    entry.events.push(e);
    byToken.set(toldKey(on), entry);
  }
  const tokens = [...byToken.values()].map((t) => t.on);
  const [starts, told, concentrated] = await Promise.all([
    readLaunchStarts(deps.db, deps.config, tokens),
    readToldLabels(deps.db, app, tokens),
    readConcentrated(deps.db, deps.config, tokens, LAUNCH_RULES.concentratedPct),
  ]);

  const out: AnchoredEvent[] = [];
  const labels: { token: ChainToken; labels: ToldLabel[] }[] = [];
  for (const [key, { on, tokenId, events: own }] of byToken) {
    const start = starts.get(key);
    const slug = [...deps.deployments].find(([, d]) => d.chainId === on.chainId)?.[0];
    if (!start || !slug) continue; // not a launch of a chain this API serves
    // The log's labels once this step's removals are applied: a removed label event did not happen.
    const now = new Map((told.get(key) ?? []).map((l) => [l.label, l]));
    let removed = false;
    for (const e of own) {
      if (e.kind !== "removed") continue;
      removed = true;
      if (e.removedKind !== "launch_label" || !e.removedData) continue;
      const undone = e.removedData as unknown as Parameters<typeof labelBefore>[0];
      const before = labelBefore(undone);
      if (before) now.set(undone.label, before);
      else now.delete(undone.label);
    }
    const trades = own.filter((e) => e.kind === "trade");
    const windowEnd = start.createdAt + BigInt(LAUNCH_RULES.windowSeconds);
    const named = new Set([...now.values()].flatMap((l) => l.addresses));
    const sellers = trades.filter((e) => e.data.side === "sell").map((e) => String(e.data.trader));
    const [funded, early] = await Promise.all([
      readFundedBy(deps.db, app, { chainId: on.chainId, from: start.creator, wallets: sellers }),
      readWindowBuyers(deps.db, deps.config, { ...on, until: windowEnd, wallets: sellers }),
    ]);
    const matters =
      removed ||
      concentrated.has(key) !== now.has("concentrated") ||
      trades.some((e) => e.data.side === "buy" && BigInt(Number(e.data.timestamp)) <= windowEnd) ||
      sellers.some((s) => s === start.creator || named.has(s) || funded.has(s) || early.has(s));
    if (!matters) continue;
    let made: Awaited<ReturnType<typeof makeLaunchReport>>;
    try {
      made = await makeLaunchReport(deps, { ...on, chainSlug: slug });
      failures.delete(key);
    } catch (error) {
      const failed = (failures.get(key) ?? 0) + 1;
      if (failed < REPORT_TRIES) {
        failures.set(key, failed);
        throw error;
      }
      failures.delete(key);
      o.log?.(
        `launch watch: no report of ${on.token} on chain ${on.chainId} after ${failed} tries (${briefly(error)}); going on without it`,
      );
      continue;
    }
    if (!made) continue;
    const { report } = made;

    const keys = [`token:${on.token}`, ...(tokenId ? [`token:${tokenId}`] : []), `chain:${on.chainId}`];
    const place = (a: ChainAnchor) => ({
      token: on.token,
      tokenId,
      chainId: on.chainId,
      txHash: a.txHash,
      logIndex: a.logIndex,
      timestamp: a.timestamp,
    });
    const anchorOf = (e: WatchedEvent): ChainAnchor | null =>
      e.source === null
        ? null
        : {
            source: e.source,
            blockNumber: e.blockNumber,
            blockHash: e.blockHash,
            txHash: String(e.data.txHash),
            logIndex: Number(e.data.logIndex),
            timestamp: Number(e.data.timestamp),
          };
    // Insiders' sells, each of its own trade.
    for (const e of trades) {
      if (e.data.side !== "sell") continue;
      const role = sellerRole(report, String(e.data.trader));
      const a = anchorOf(e);
      if (!role || !a) continue;
      out.push({
        kind: "launch_sell",
        channels: [...keys, `account:${String(e.data.trader)}`],
        chainId: on.chainId,
        blockNumber: a.blockNumber,
        blockHash: a.blockHash,
        source: a.source,
        data: {
          seller: String(e.data.trader),
          role,
          tokenAmount: String(e.data.tokenAmount),
          usdcAmount: String(e.data.usdcAmount),
          ...place(a),
        },
      });
    }
    // Label changes, each of the step's last trade by a wallet it names (the sniper's buy, a bundle's last buy, the
    // seller's sell), else of the step's last trade of the token, else (after a removal) of its last indexed trade.
    const changes = labelChanges([...now.values()], report.labels);
    const last = trades.at(-1);
    const fallback =
      (last && anchorOf(last)) ?? (changes.length > 0 ? await readLastTradeEvent(deps.db, schemas, on) : null);
    const anchored = changes.map((c) => {
      const named = new Set(c.addresses);
      const own = [...trades].reverse().find((e) => named.has(String(e.data.trader)));
      return { change: c, at: (own && anchorOf(own)) ?? fallback };
    });
    // A label with no trade to be of (none indexed) is not told, and the log's labels stay as they were.
    const tellable = anchored.every((x) => x.at !== null);
    if (tellable) {
      for (const { change, at } of anchored) {
        const a = at as ChainAnchor;
        out.push({
          kind: "launch_label",
          channels: ["tokens", ...keys],
          chainId: on.chainId,
          blockNumber: a.blockNumber,
          blockHash: a.blockHash,
          source: a.source,
          data: { ...change, ...place(a) },
        });
      }
    }
    // Kept as the log tells them: rewritten when something was told (or undone), so that a figure moving alone
    // rewrites nothing and token records' caches stay.
    if ((changes.length > 0 && tellable) || removed) {
      labels.push({ token: on, labels: changes.length > 0 && tellable ? report.labels : [...now.values()] });
    }
  }
  await writeWatchStep(deps.db, app, { events: out, labels, through });
  return through - after;
}

export function startLaunchWatch(deps: ApiDeps, p: StartLaunchWatchParameters): LaunchWatch {
  const app = deps.config.appSchema;
  const pollMs = p.pollMs ?? 1_000;
  let session: WatchSession | null = null;
  let leader = false;
  const failures = new Map<string, number>();
  let stopped = false;

  const drop = () => {
    const s = session;
    session = null;
    leader = false;
    // Ending the session releases the lock: another process's watcher takes over.
    void s?.end().catch(() => undefined);
  };

  const run = async () => {
    if (!session) {
      const s = await openWatchSession({
        databaseUrl: p.databaseUrl,
        app,
        onEvents: () => wake(),
        onError: (error) => {
          p.log(`launch watch: connection lost (${error.message})`);
          if (session === s) drop();
        },
      });
      session = s;
    }
    if (!leader) {
      if (!(await session.lead())) return;
      leader = true;
      p.log(`launch watch: labelling launches from ${app}.events`);
    }
    while (!stopped && (await watchLaunchesOnce(deps, { batchSize: p.batchSize, failures, log: p.log })) > 0) {
      // More may be waiting: until a step reads nothing.
    }
  };

  const loop = startWakeLoop({
    step: run,
    pollMs,
    failed: (error) => {
      p.log(`launch watch: step failed (${briefly(error)}); trying again`);
      drop();
    },
  });
  const wake = () => loop.wake();
  return {
    async stop() {
      stopped = true;
      await loop.stop();
      drop();
    },
  };
}
