/**
 * Worker benchmark: quote latency end to end from the API, a bare eth_call to the same anvil for comparison, and
 * executions per second through the worker. Run: `npx tsx bench/worker/run.ts [--quotes 500] [--executions 1000]
 * [--wallets 20] [--concurrency 32] [--block-time 2]` (npm run bench:worker).
 *
 * Every run starts its own anvil (free port), deploys (write: false), runs the indexer into a Postgres database of
 * its own (created here, dropped at the end: Ponder's ponder_sync cache is per database and keyed by chain id, so a
 * shared one would mix in other local chains' blocks), the API in process and one worker process.
 *
 * - Curve quote: `quote-token` through app.request (in process: routing, auth by JWT, rate limit, validation, the
 *   indexed pool row (cached per token) and the exact curve math; no HTTP socket), and the same over HTTP
 *   (@hono/node-server on 127.0.0.1, fetch), repeated and with a new amount each call; a new amount each call also
 *   against the app served in a process of its own (bench/api/serve.ts), as a user meets it, which the target reads.
 * - V3 quote: `quote-token` of a graduated token through app.request: QuoterV2 for four fee tiers in one Multicall3
 *   eth_call (a new amount each call), or the quote kept for the indexed block (repeated).
 * - Bare eth_call: USDC.balanceOf through viem to the same anvil, interleaved with the quotes above.
 * - Executions: N MockUSDC.faucet intents from W custodial wallets, created in Postgres and dispatched at once; wall
 *   time from the first dispatch until every intent is confirmed (polling the intents table every 50 ms). Then the
 *   same transactions sent straight to anvil: every one sent, then every receipt read. With `--block-time S`, both
 *   run with anvil mining a block every S seconds (as a real chain does) instead of one per transaction.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import { SignJWT } from "jose";
import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  keccak256,
  maxUint256,
  parseEther,
  parseEventLogs,
  toHex,
} from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { launchpadAbi, mockUsdcAbi } from "../../abis/index.js";
import { createApp } from "../../api/app.js";
import { apiConfigFromEnv, DEV_JWT_SECRET } from "../../api/config.js";
import { createApiDeps } from "../../api/create-deps.js";
import { noAttribution } from "../../core/fees.js";
import { queueName } from "../../core/jobs.js";
import { v3QuoteCall } from "../../core/quote.js";
import { walletAddress } from "../../core/wallets.js";
import { readQuotePool } from "../../db/indexed/tokens.js";
import { createIntent, dispatchIntent } from "../../db/intents.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL, startIndexer } from "../../scripts/indexer.js";
import { startServer } from "../api/serve.js";
import { findProcesses } from "../indexer/sampleProcesses.js";
import { cpuMsOf } from "../lib/load.js";
import { runDatabase } from "../lib/queries.js";
import { startBenchWorker } from "../lib/worker.js";

const { values: opts } = parseArgs({
  options: {
    quotes: { type: "string", default: "500" },
    executions: { type: "string", default: "1000" },
    wallets: { type: "string", default: "20" },
    concurrency: { type: "string", default: "32" },
    /** Seconds between blocks during the executions (interval mining); unset: a block per transaction. */
    "block-time": { type: "string" },
  },
});
const N_QUOTES = Number(opts.quotes);
const N_EXEC = Number(opts.executions);
const N_WALLETS = Number(opts.wallets);
const CONCURRENCY = Number(opts.concurrency);
const BLOCK_TIME = opts["block-time"] === undefined ? undefined : Number(opts["block-time"]);
const USDC = 10n ** 6n;
const MNEMONIC = "test test test test test test test test test test test junk";
const WALLET_SECRET = `bench-worker-secret-${process.pid}`;
const adminUrl = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const log = (line: string) => console.log(`[bench:worker] ${line}`);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1)))] ?? Number.NaN;
  return { n: s.length, p50: q(0.5), p99: q(0.99), max: s[s.length - 1] ?? Number.NaN };
}
const fmt = (x: { n: number; p50: number; p99: number; max: number }) =>
  `p50 ${x.p50.toFixed(2)} ms, p99 ${x.p99.toFixed(2)} ms, max ${x.max.toFixed(2)} ms (n=${x.n})`;

async function timed(n: number, fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

async function main() {
  const started = Date.now();
  const load0 = loadavg();
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    const anvil = await startAnvil({ port: 0, chainId: 84532 });
    cleanups.push(() => anvil.stop());
    const deployment = await deploy({
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      write: false,
      launchFee: false,
    });
    log(`anvil at ${anvil.rpcUrl}, deployed`);
    const dir = mkdtempSync(join(tmpdir(), "bench-worker-"));
    writeFileSync(join(dir, "base-sepolia.json"), JSON.stringify(deployment));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));

    const run = runDatabase("worker", adminUrl);
    await run.drop();
    await run.create();
    cleanups.push(run.drop);
    const dbUrl = run.databaseUrl;

    // ---- chain setup: a curve token with some trades, and a graduated token
    const viemChain = {
      id: deployment.chainId,
      name: "anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    } as const;
    const transport = http(anvil.rpcUrl);
    const client = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
    const testClient = createTestClient({ chain: viemChain, transport, mode: "anvil" });
    const wallet = createWalletClient({
      account: mnemonicToAccount(MNEMONIC, { addressIndex: 1 }),
      chain: viemChain,
      transport,
    });
    const { usdc, launchpad } = deployment.contracts;
    const write = async (request: Record<string, unknown>) => {
      const hash = await wallet.writeContract(request as never);
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success") throw new Error(`setup transaction ${hash} reverted`);
      return receipt;
    };
    const me = wallet.account.address;
    await write({ address: usdc, abi: mockUsdcAbi, functionName: "faucet", args: [me, 100_000n * USDC] });
    await write({ address: usdc, abi: mockUsdcAbi, functionName: "approve", args: [launchpad, maxUint256] });
    const create = async (symbol: string) => {
      const receipt = await write({
        address: launchpad,
        abi: launchpadAbi,
        functionName: "createToken",
        args: [
          {
            name: `Bench ${symbol}`,
            symbol,
            tokenURI: "ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy",
            poolType: 7,
            salt: keccak256(toHex(`bench-${symbol}-${process.pid}`)),
            attribution: noAttribution,
            initialBuyUsdc: 0n,
            minTokensOut: 0n,
            deadline: maxUint256,
          },
        ],
      });
      const [ev] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "TokenCreated" });
      if (!ev) throw new Error("no TokenCreated");
      return { token: ev.args.token, layerId: ev.args.tokenLayerId };
    };
    const buy = (token: Address, amount: bigint) =>
      write({
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: [token, amount, 0n, maxUint256, noAttribution],
      });
    const curveToken = await create("CRV");
    for (const usd of [100n, 2_500n, 40n]) await buy(curveToken.token, usd * USDC);
    const v3Token = await create("GRD");
    await buy(v3Token.token, 45_000n * USDC);
    log("tokens: one on the curve, one graduated");

    // ---- indexer, app schema, API in process, worker process
    const indexer = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      schema: "bench_ix",
      deploymentsDir: dir,
      fresh: true,
      databaseUrl: dbUrl,
    });
    cleanups.unshift(() => indexer.stop());
    await indexer.waitForReady();
    await indexer.waitForBlock(await client.getBlockNumber({ cacheTime: 0 }));
    const appSchema = "bench_app";
    const queuePrefix = `bench-worker-${process.pid}-`;
    const queueConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const queue = new Queue(queueName("execute", queuePrefix), { connection: queueConnection });
    cleanups.unshift(async () => {
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
      queueConnection.disconnect();
    });
    // As api/server.ts: change versions from Postgres, so that token reads are cached until a block is indexed, and
    // quotes from the worker process (its quote cache and refresher).
    const { deps, close: closeDeps } = await createApiDeps({
      databaseUrl: dbUrl,
      redisUrl,
      config: {
        ...apiConfigFromEnv({}),
        appSchema,
        indexerSchema: "bench_ix",
        walletSecret: WALLET_SECRET,
        rateLimitPerMinute: 1_000_000_000,
      },
      chains: new Map([["base-sepolia", { deployment, rpcUrl: anvil.rpcUrl }]]),
      redisKeyPrefix: `bench-worker-${process.pid}:`,
      executeQueue: queue,
      quotes: { prefix: queuePrefix },
    });
    cleanups.unshift(closeDeps);
    const { db } = deps;
    const app = createApp(deps);
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((done) => server.once("listening", () => done()));
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    cleanups.unshift(() => new Promise<void>((done) => server.close(() => done())));
    // The same app in a process of its own (bench/api/serve.ts), as a user meets it: no load generator on its event
    // loop. The quote targets over HTTP are read from this one.
    const own = await startServer({
      kind: "api",
      databaseUrl: dbUrl,
      redisUrl,
      redisKeyPrefix: `bench-worker-${process.pid}-own:`,
      poolSize: 20,
      config: deps.config,
      quotePrefix: queuePrefix,
      deployment,
      rpcUrl: anvil.rpcUrl,
    });
    cleanups.unshift(() => own.stop());

    const worker = await startBenchWorker({
      databaseUrl: dbUrl,
      redisUrl,
      appSchema,
      indexerSchema: "bench_ix",
      queuePrefix,
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      deploymentsDir: dir,
      walletSecret: WALLET_SECRET,
      concurrency: CONCURRENCY,
    });
    cleanups.unshift(() => worker.stop());
    log(`indexer, API (in process and on :${port}) and worker process ready`);

    // ---- quote latency
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("bench-user")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(deps.config.jwtSecret ?? DEV_JWT_SECRET));
    const tokenIdOf = async (layerId: string, symbol: string) => {
      const id = crypto.randomUUID();
      await db.query(
        `INSERT INTO ${appSchema}.tokens (id, token_layer_id, name, symbol, slug, description, pool_type, chain_slug,
           destination_chains, creator_address, salt)
         VALUES ($1, $2, $3, $4, $5, '', 7, 'base-sepolia', '{}', $6, $7)`,
        [id, layerId, `Bench ${symbol}`, symbol, `bench-${symbol.toLowerCase()}`, me, keccak256(toHex(symbol))],
      );
      return id;
    };
    const curveId = await tokenIdOf(curveToken.layerId, "CRV");
    const v3Id = await tokenIdOf(v3Token.layerId, "GRD");
    const headers = { "content-type": "application/json", authorization: `Bearer ${jwt}` };
    const quoteBody = (tokenId: string, amount = 25) =>
      JSON.stringify({ tokenId, chainSlug: "base-sepolia", direction: "buy", inputToken: "usdc", amount });
    // Cold: a new amount every call (25.000001, 25.000002, … USDC), so no quote is known: a curve quote is computed,
    // a V3 quote is an eth_call.
    let fresh = 0;
    // Rounded to the micro-dollar: 25 + n / 1e6 in floating point can carry a seventh decimal, which the API refuses.
    const coldAmount = () => Number((25 + ++fresh / 1e6).toFixed(6));
    const inProcess =
      (tokenId: string, cold = false) =>
      async () => {
        const res = await app.request("/functions/v1/quote-token", {
          method: "POST",
          headers,
          body: quoteBody(tokenId, cold ? coldAmount() : 25),
        });
        if (res.status !== 200) throw new Error(`quote-token ${res.status}: ${await res.text()}`);
        await res.json();
      };
    const overHttp =
      (tokenId: string, cold = false, base = `http://127.0.0.1:${port}`) =>
      async () => {
        const res = await fetch(`${base}/functions/v1/quote-token`, {
          method: "POST",
          headers,
          body: quoteBody(tokenId, cold ? coldAmount() : 25),
        });
        if (res.status !== 200) throw new Error(`quote-token ${res.status}: ${await res.text()}`);
        await res.json();
      };
    // The graduated quote's own eth_call, made bare: Multicall3 over QuoterV2 x4 tiers, as core/quote.ts builds it.
    const { pool: v3Pool } = await readQuotePool(
      db,
      { indexerSchema: "bench_ix" },
      { chainId: deployment.chainId, chainSlug: "base-sepolia" },
      v3Token.token,
    );
    const bareQuoteCall = async () => {
      const amount = BigInt(Math.round(coldAmount() * 1e6));
      await client.call(
        v3QuoteCall({
          pool: v3Pool,
          mode: "buyExactIn",
          amount,
          token: v3Token.token,
          contracts: deployment.contracts,
        }),
      );
    };
    const bareCall = async () => {
      await client.call({
        to: usdc,
        data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "balanceOf", args: [me] }),
      });
    };
    // Warm up every path (JIT, connection pools, the user's first-sight provisioning).
    for (const f of [
      inProcess(curveId),
      overHttp(curveId),
      inProcess(v3Id),
      inProcess(curveId, true),
      overHttp(curveId, true),
      inProcess(v3Id, true),
      overHttp(curveId, true, own.url),
      overHttp(v3Id, true, own.url),
      bareCall,
      bareQuoteCall,
    ]) {
      await timed(30, f);
    }
    // Interleaved in blocks of 50, so load changes on this shared machine hit every series alike.
    const series = {
      curve: [] as number[],
      curveHttp: [] as number[],
      v3: [] as number[],
      curveCold: [] as number[],
      curveColdHttp: [] as number[],
      v3Cold: [] as number[],
      curveColdOwn: [] as number[],
      v3ColdOwn: [] as number[],
      bare: [] as number[],
      bareQuote: [] as number[],
    };
    for (let done = 0; done < N_QUOTES; done += 50) {
      const n = Math.min(50, N_QUOTES - done);
      series.curve.push(...(await timed(n, inProcess(curveId))));
      series.curveHttp.push(...(await timed(n, overHttp(curveId))));
      series.v3.push(...(await timed(n, inProcess(v3Id))));
      series.curveCold.push(...(await timed(n, inProcess(curveId, true))));
      series.curveColdHttp.push(...(await timed(n, overHttp(curveId, true))));
      series.v3Cold.push(...(await timed(n, inProcess(v3Id, true))));
      series.curveColdOwn.push(...(await timed(n, overHttp(curveId, true, own.url))));
      series.v3ColdOwn.push(...(await timed(n, overHttp(v3Id, true, own.url))));
      series.bare.push(...(await timed(n, bareCall)));
      series.bareQuote.push(...(await timed(n, bareQuoteCall)));
    }
    const loadQuotes = loadavg();

    // ---- executions per second
    const wallets = Array.from({ length: N_WALLETS }, (_, i) => walletAddress(WALLET_SECRET, 1000 + i));
    for (const w of wallets) await testClient.setBalance({ address: w, value: parseEther("100") });
    const bareAccounts = Array.from({ length: N_WALLETS }, (_, i) =>
      privateKeyToAccount(keccak256(toHex(`bench-bare-${process.pid}-${i}`))),
    );
    for (const a of bareAccounts) await testClient.setBalance({ address: a.address, value: parseEther("100") });
    if (BLOCK_TIME !== undefined) {
      await testClient.setAutomine(false);
      await testClient.setIntervalMining({ interval: BLOCK_TIME });
    }
    const ids: string[] = [];
    for (let i = 0; i < N_EXEC; i++) {
      const index = i % N_WALLETS;
      const from = wallets[index] as Address;
      const { intent } = await createIntent(db, appSchema, {
        idempotencyKey: `bench-${process.pid}-${i}`,
        userId: null,
        kind: "transaction",
        chainSlug: "base-sepolia",
        chainId: deployment.chainId,
        walletIndex: 1000 + index,
        from,
        to: usdc,
        data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [from, BigInt(i + 1)] }),
      });
      ids.push(intent.id);
    }
    // Where the CPU goes during the executions: each process's user + system time over the phase, summed over its
    // pids (each pid from what it had at the start, or from zero when it came later; one gone before the end is not
    // counted). Postgres: this run's database's backends and the server's own processes (no other client's backends).
    const anvilPort = new URL(anvil.rpcUrl).port;
    const database = new URL(dbUrl).pathname.slice(1);
    const processes: Record<string, () => number[]> = {
      worker: () => [worker.process.pid ?? -1],
      anvil: () => findProcesses(["anvil", "--port", anvilPort]),
      indexer: () => [indexer.process.pid ?? -1],
      postgres: () =>
        findProcesses(["postgres: "]).filter((pid) => {
          let line = "";
          try {
            line = readFileSync(`/proc/${pid}/cmdline`, "utf8");
          } catch {
            return false; // gone already
          }
          return line.includes(` ${database} `) || !/\(\d+\)|\[local\]/.test(line);
        }),
    };
    const cpuOf = (): Record<string, Map<number, number>> => {
      const usage = process.cpuUsage();
      const byProcess = Object.fromEntries(
        Object.entries(processes).map(([name, pids]) => [name, new Map(pids().map((pid) => [pid, cpuMsOf(pid)]))]),
      );
      return { ...byProcess, "this process (API, load)": new Map([[0, (usage.user + usage.system) / 1000]]) };
    };
    const cpu0 = cpuOf();
    const t0 = performance.now();
    await Promise.all(ids.map((id) => dispatchIntent(queue, id)));
    let statuses: { status: string; n: number }[] = [];
    for (;;) {
      const { rows } = await db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM ${appSchema}.intents WHERE id = ANY($1) GROUP BY status`,
        [ids],
      );
      statuses = rows;
      const open = rows.filter((r) => !["confirmed", "reverted", "failed"].includes(r.status));
      if (open.length === 0) break;
      if (performance.now() - t0 > 180_000) throw new Error(`executions not done in 180 s: ${JSON.stringify(rows)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const execMs = performance.now() - t0;
    const cpu1 = cpuOf();
    const execCpu = Object.entries(cpu1).map(([name, byPid]) => {
      const before = cpu0[name] ?? new Map<number, number>();
      const spent = [...byPid].reduce((sum, [pid, ms]) => sum + ms - (before.get(pid) ?? 0), 0);
      return [name, spent / N_EXEC] as const;
    });
    const confirmed = statuses.find((s) => s.status === "confirmed")?.n ?? 0;

    // ---- the same transactions without the service: what anvil and this machine allow. The RPC calls the worker
    // makes per transaction (eth_estimateGas, which is its simulation, eth_getTransactionCount, eth_sendRawTransaction,
    // eth_getTransactionReceipt), from this process, with no Postgres, Redis or queue; as many at once as the worker.
    // Batched as the worker's client is (worker/index.ts): calls made in the same tick share one HTTP request.
    const batched = createPublicClient({ chain: viemChain, transport: http(anvil.rpcUrl, { batch: { wait: 0 } }) });
    const bareFees = await batched.estimateFeesPerGas();
    const bareNonces = await Promise.all(bareAccounts.map((a) => client.getTransactionCount({ address: a.address })));
    let bareNext = 0;
    const bareOne = async () => {
      const i = bareNext++;
      const w = i % N_WALLETS;
      const account = bareAccounts[w] as (typeof bareAccounts)[number];
      const nonce = (bareNonces[w] as number) + Math.floor(i / N_WALLETS);
      const request = {
        account: account.address,
        to: usdc,
        data: encodeFunctionData({ abi: mockUsdcAbi, functionName: "faucet", args: [account.address, BigInt(i + 1)] }),
      } as const;
      const [gas] = await Promise.all([
        batched.estimateGas(request),
        batched.getTransactionCount({ address: account.address, blockTag: "pending" }),
      ]);
      const raw = await account.signTransaction({
        chainId: deployment.chainId,
        type: "eip1559",
        nonce,
        to: usdc,
        data: request.data,
        gas: (gas * 12n) / 10n,
        maxFeePerGas: bareFees.maxFeePerGas,
        maxPriorityFeePerGas: bareFees.maxPriorityFeePerGas,
      });
      bareHashes.push((await batched.request({ method: "eth_sendRawTransaction", params: [raw] })) as `0x${string}`);
    };
    const bareHashes: `0x${string}`[] = [];
    const tb = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (bareNext < N_EXEC) await bareOne();
      }),
    );
    // Every receipt, read as the worker's tracker reads them: all at once, again until each is there.
    let unmined = bareHashes;
    while (unmined.length > 0) {
      const found = await Promise.all(
        unmined.map((hash) =>
          batched.getTransactionReceipt({ hash }).then(
            () => true,
            () => false,
          ),
        ),
      );
      unmined = unmined.filter((_, i) => !found[i]);
      if (unmined.length > 0) await new Promise((r) => setTimeout(r, 50));
    }
    const bareMs = performance.now() - tb;
    const loadEnd = loadavg();

    // ---- report
    const curve = stats(series.curve);
    const curveHttp = stats(series.curveHttp);
    const v3 = stats(series.v3);
    const curveCold = stats(series.curveCold);
    const curveColdHttp = stats(series.curveColdHttp);
    const v3Cold = stats(series.v3Cold);
    const curveColdOwn = stats(series.curveColdOwn);
    const v3ColdOwn = stats(series.v3ColdOwn);
    const bare = stats(series.bare);
    const bareQuote = stats(series.bareQuote);
    const cpu = cpus();
    console.log("");
    console.log("Worker benchmark");
    console.log(`  command:   npx tsx bench/worker/run.ts ${process.argv.slice(2).join(" ")}`.trimEnd());
    console.log(
      `  machine:   ${cpu.length} × ${cpu[0]?.model ?? "?"}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${process.platform}`,
    );
    console.log(
      `  load avg:  start ${load0.map((l) => l.toFixed(2)).join(" ")}; after quotes ${loadQuotes.map((l) => l.toFixed(2)).join(" ")}; end ${loadEnd.map((l) => l.toFixed(2)).join(" ")}`,
    );
    console.log(
      "  quotes are computed in the API: the curve over the indexed pool row, V3 one Multicall3 eth_call (kept for the indexed block)",
    );
    console.log("  quote-token, bonding curve, buy $25 repeated (in process, app.request):");
    console.log(`    ${fmt(curve)}`);
    console.log("  the same over HTTP (@hono/node-server, fetch on 127.0.0.1):");
    console.log(`    ${fmt(curveHttp)}`);
    console.log("  quote-token, bonding curve, a new amount each call (in process):");
    console.log(`    ${fmt(curveCold)}`);
    console.log("  the same over HTTP, server in this process (beside the load generator):");
    console.log(`    ${fmt(curveColdHttp)}`);
    console.log("  the same over HTTP, server in its own process (bench/api/serve.ts):");
    console.log(`    ${fmt(curveColdOwn)}   target p99 <= 5 ms: ${curveColdOwn.p99 <= 5 ? "met" : "NOT met"}`);
    console.log(
      "  quote-token, graduated (QuoterV2 x4 tiers in one Multicall3 eth_call), repeated: kept for the block:",
    );
    console.log(
      `    ${fmt(v3)}   ratio to bare eth_call p50 ${(v3.p50 / bare.p50).toFixed(2)}, p99 ${(v3.p99 / bare.p99).toFixed(2)}`,
    );
    console.log("  quote-token, graduated, a new amount each call (in process: one eth_call):");
    console.log(
      `    ${fmt(v3Cold)}   target p99 <= 1.5 x a bare eth_call's p99: against USDC.balanceOf (${(1.5 * bare.p99).toFixed(2)} ms) ${v3Cold.p99 <= 1.5 * bare.p99 ? "met" : "NOT met"}, ratio p50 ${(v3Cold.p50 / bare.p50).toFixed(2)}, p99 ${(v3Cold.p99 / bare.p99).toFixed(2)}; against the quote's own call (${(1.5 * bareQuote.p99).toFixed(2)} ms) ${v3Cold.p99 <= 1.5 * bareQuote.p99 ? "met" : "NOT met"}`,
    );
    console.log("  the same over HTTP, server in its own process (one HTTP hop more than a bare eth_call):");
    console.log(
      `    ${fmt(v3ColdOwn)}   ratio to the bare quote call p50 ${(v3ColdOwn.p50 / bareQuote.p50).toFixed(2)}, p99 ${(v3ColdOwn.p99 / bareQuote.p99).toFixed(2)}`,
    );
    console.log("  the graduated quote's own Multicall3 eth_call, made bare (viem, same anvil):");
    console.log(
      `    ${fmt(bareQuote)}   the quote over it: ratio p50 ${(v3Cold.p50 / bareQuote.p50).toFixed(2)}, p99 ${(v3Cold.p99 / bareQuote.p99).toFixed(2)}`,
    );
    console.log("  bare eth_call (USDC.balanceOf via viem, same anvil):");
    console.log(`    ${fmt(bare)}`);
    console.log(
      `  executions: ${N_EXEC} faucet intents from ${N_WALLETS} custodial wallets, worker concurrency ${CONCURRENCY}, one worker process, ${BLOCK_TIME === undefined ? "anvil automine" : `anvil mining a block every ${BLOCK_TIME} s`}`,
    );
    console.log(
      `    ${confirmed}/${N_EXEC} confirmed in ${(execMs / 1000).toFixed(2)} s = ${((confirmed / execMs) * 1000).toFixed(1)} executions/s (statuses ${JSON.stringify(statuses)})   target >= 300/s: ${(confirmed / execMs) * 1000 >= 300 ? "met" : "NOT met"}`,
    );
    console.log(
      `    CPU per execution, ms: ${execCpu.map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(", ")}; ${execCpu.reduce((a, [, ms]) => a + ms, 0).toFixed(2)} in all (${cpus().length} cores: ${((cpus().length * 1000) / execCpu.reduce((a, [, ms]) => a + ms, 0)).toFixed(0)}/s at most at this cost)`,
    );
    console.log(
      `  the same ${N_EXEC} transactions straight to anvil (the worker's RPC calls per transaction, ${CONCURRENCY} at once, then every receipt; no Postgres/Redis/queue):`,
    );
    console.log(
      `    ${((N_EXEC / bareMs) * 1000).toFixed(1)} transactions/s; the worker reaches ${((confirmed / execMs / (N_EXEC / bareMs)) * 100).toFixed(0)} % of it`,
    );
    console.log(`  run time:  ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const c of cleanups) {
      try {
        await c();
      } catch (error) {
        console.error(`[bench:worker] cleanup: ${String(error)}`);
      }
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[bench:worker] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
