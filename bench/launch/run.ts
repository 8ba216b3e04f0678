import { parseArgs } from "node:util";
import WebSocket from "ws";
import { startIndexer } from "../../scripts/indexer.js";
import { quantile } from "../indexer/measureLatency.js";
import { anvilBlock, fmtLoad, freePort, machineFacts, startBenchChain } from "../lib/machine.js";
import { now } from "../streams/openSubscribers.js";
import { startApiProcess } from "../streams/startApiProcess.js";
import { startTrader } from "../streams/startTrader.js";

const CHAIN_SLUG = "base-sepolia";
const CHAIN_ID = 84532;
/** The acceptance target: a label in the stream at most this long after its block. */
const TARGET_MS = 1_000;
/** How long a launch's label may take before the run gives up on it. */
const LABEL_TIMEOUT_MS = 15_000;

const { values: opts } = parseArgs({
  options: {
    launches: { type: "string", default: "30" },
    seed: { type: "string", default: "1" },
    /** Ponder polls anvil every 100 ms instead of following it over WebSocket. */
    poll: { type: "boolean", default: false },
    verbose: { type: "boolean", default: false },
  },
});
const launches = Number(opts.launches);
const seed = Number(opts.seed);
if (!Number.isInteger(launches) || launches < 1) throw new Error(`--launches must be a whole number ≥ 1`);
const command = `npm run bench:launch -- --launches ${launches} --seed ${seed}${opts.poll ? " --poll" : ""}`;
const log = (line: string) => console.log(line);
const verbose = (label: string) => (line: string) => {
  if (opts.verbose) console.log(`  [${label}] ${line}`);
};

type Received = { kind: string; token: string | null; label?: string; change?: string; at: number };

async function main() {
  log(`Launch-label latency benchmark, ${new Date().toISOString()}`);
  for (const fact of machineFacts()) log(`  ${fact}`);
  log(`  ${command}\n`);
  const cleanups: (() => Promise<void> | void)[] = [];
  const schemas = { app: "bench_launch_app", indexer: "bench_launch_ix" };
  const queuePrefix = `bench-launch-${process.pid}-`;
  try {
    const { anvil, deployment, deploymentsDir, database } = await startBenchChain({
      kind: "launch",
      chainId: CHAIN_ID,
      chainSlug: CHAIN_SLUG,
      queuePrefix,
      cleanups,
    });
    const indexer = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      schema: schemas.indexer,
      databaseUrl: database.databaseUrl,
      deploymentsDir,
      fresh: true,
      ...(opts.poll ? {} : { env: { WS_URL: anvil.rpcUrl.replace(/^http/, "ws") } }),
      log: verbose("ponder"),
    });
    cleanups.push(() => indexer.stop());
    await indexer.waitForReady();
    const api = await startApiProcess({
      port: await freePort(),
      databaseUrl: database.databaseUrl,
      redisUrl: database.redisUrl,
      appSchema: schemas.app,
      indexerSchema: schemas.indexer,
      rpcUrl: anvil.rpcUrl,
      chainSlug: CHAIN_SLUG,
      deploymentsDir,
      queuePrefix,
      jwtSecret: `bench-launch-jwt-secret-${process.pid}-0123456789abcdef`,
      walletSecret: `bench-launch-wallet-secret-${process.pid}`,
      log: verbose("api"),
    });
    cleanups.push(() => api.stop());
    log(
      `[setup] anvil ${anvil.rpcUrl}${opts.poll ? " (Ponder polls)" : " (Ponder follows it over WS_URL)"}; API ${api.url}`,
    );

    // The subscriber: every event of the chain, decoded whole (one socket, little traffic).
    const received: Received[] = [];
    let waiter: (() => void) | null = null;
    const socket = new WebSocket(api.wsUrl, { perMessageDeflate: false });
    cleanups.push(() => socket.close());
    await new Promise<void>((resolve, reject) => {
      socket.on("message", (data: Buffer) => {
        const at = now();
        const m = JSON.parse(data.toString()) as {
          type: string;
          kind?: string;
          data?: { token?: string; label?: string; change?: string };
          error?: string;
        };
        if (m.type === "welcome") socket.send(JSON.stringify({ type: "subscribe", channels: [`chain:${CHAIN_ID}`] }));
        else if (m.type === "subscribed") resolve();
        else if (m.type === "error") reject(new Error(`subscriber: ${m.error}`));
        else if (m.type === "event" && m.kind) {
          received.push({
            kind: m.kind,
            token: m.data?.token ?? null,
            label: m.data?.label,
            change: m.data?.change,
            at,
          });
          waiter?.();
        }
      });
      socket.on("error", reject);
    });
    const waitFor = (found: () => Received | undefined) =>
      new Promise<Received | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(found()), LABEL_TIMEOUT_MS);
        const check = () => {
          const r = found();
          if (!r) return;
          clearTimeout(timer);
          waiter = null;
          resolve(r);
        };
        waiter = check;
        check();
      });

    const creator = await startTrader({ rpcUrl: anvil.rpcUrl, deployment, seed, addressIndex: 990 });
    const sniper = await startTrader({ rpcUrl: anvil.rpcUrl, deployment, seed: seed + 1, addressIndex: 991 });
    const toLabel: number[] = [];
    const toTrade: number[] = [];
    const watcherPart: number[] = [];
    let missed = 0;
    log(`[run] ${launches} launches: a token created, then bought in the next block by another wallet`);
    for (let i = 0; i < launches; i++) {
      const [token] = await creator.createTokens(1);
      const address = (token as string).toLowerCase();
      // Ponder and the watcher see the creation first, so the buy's block is the only one in flight.
      await waitFor(() => received.find((r) => r.kind === "token_created" && r.token === address));
      const block = await sniper.mineTrades([token as `0x${string}`]);
      const trade = await waitFor(() => received.find((r) => r.kind === "trade" && r.token === address));
      const label = await waitFor(() =>
        received.find((r) => r.kind === "launch_label" && r.token === address && r.label === "sniped"),
      );
      if (!label || !trade) {
        missed++;
        log(`  launch ${i + 1}: no ${trade ? "sniped label" : "trade event"} within ${LABEL_TIMEOUT_MS / 1000} s`);
        continue;
      }
      toLabel.push(label.at - block.minedAt);
      toTrade.push(trade.at - block.minedAt);
      watcherPart.push(label.at - trade.at);
    }
    const head = await anvilBlock(anvil.rpcUrl);
    const fmt = (xs: number[]) =>
      xs.length === 0
        ? "no samples"
        : `p50 ${quantile(xs, 0.5).toFixed(0)} ms, p95 ${quantile(xs, 0.95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (n=${xs.length})`;
    log("");
    log(`Results (${launches} launches, chain head ${head}, load average ${fmtLoad()}):`);
    log(`  block mined → sniped label received:  ${fmt(toLabel)}`);
    log(`  block mined → the buy's trade event:  ${fmt(toTrade)}`);
    log(`  trade event → label event (watcher):  ${fmt(watcherPart)}`);
    log(`  missed (no label within ${LABEL_TIMEOUT_MS / 1000} s): ${missed}`);
    const worst = toLabel.length > 0 ? Math.max(...toLabel) : Number.POSITIVE_INFINITY;
    log(
      `  target: every label at most ${TARGET_MS} ms after its block: ${missed === 0 && worst <= TARGET_MS ? "met" : "NOT met"}`,
    );
    log(`\nReproduce: ${command}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
