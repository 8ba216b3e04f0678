/**
 * Helpers for the indexer's integration tests: a chain handle for any anvil, a seeded random workload, a dump of
 * every table the indexer writes, and the state those tables must hold, rebuilt from the chain alone (its logs and
 * its view functions), never from the indexer's code.
 *
 * Units follow ponder.schema.ts: token wei, USDC base units, 18-decimal USD prices, unix seconds. Hex values are
 * compared lowercase, as Ponder stores them.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import {
  type Address,
  type Hex,
  keccak256,
  type Log,
  maxUint256,
  parseEther,
  parseEventLogs,
  type TransactionReceipt,
  toHex,
  zeroAddress,
} from "viem";
import {
  launchpadAbi,
  launchTokenAbi,
  mockUsdcAbi,
  nonfungiblePositionManagerAbi,
  swapRouterAbi,
  uniswapV3FactoryAbi,
  uniswapV3PoolAbi,
} from "../../abis/index.js";
import * as curve from "../../core/curve.js";
import type { Deployment } from "../../core/deployment.js";
import type { Attribution } from "../../core/fees.js";
import { DEFAULT_DATABASE_URL } from "../../scripts/indexer.js";
import { type Chain, prng, type Wallet } from "./chain.js";

const USDC = 10n ** 6n;
const TOKEN = 10n ** 18n;
const MEME = 7;
const PRESEED = 8;

// ---------------------------------------------------------------- indexer fixtures

let schemaCounter = 0;

/** A Postgres schema name no other test run uses: test_ix_<pid>_<tag>_<n>. */
export function uniqueSchema(tag: string): string {
  return `test_ix_${process.pid}_${tag}_${schemaCounter++}`;
}

/** A temporary folder holding `deployment` as <chainSlug>.json, for startIndexer's deploymentsDir. */
export function deploymentsFolder(deployment: Deployment): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "ix-deployments-"));
  writeFileSync(join(dir, `${deployment.chainSlug}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A log sink for startIndexer that keeps the indexer's output (info level) in `lines`, and with
 * INDEXER_TEST_LOG=<folder> also appends it to <folder>/<tag>-<pid>.log.
 */
export function indexerLog(tag: string): { log: (line: string) => void; lines: string[] } {
  const folder = process.env.INDEXER_TEST_LOG;
  const path = folder ? join(folder, `${tag}-${process.pid}.log`) : undefined;
  if (folder) mkdirSync(folder, { recursive: true });
  const lines: string[] = [];
  return {
    lines,
    log: (line) => {
      lines.push(line);
      if (path) appendFileSync(path, `${line}\n`);
    },
  };
}

/**
 * A Postgres database of its own, for one test file's indexers. Ponder keeps the raw chain data it fetched in the
 * database-wide `ponder_sync` schema, keyed by chain id and block number only, and a backfill reads its events back
 * from there; every local anvil is chain 84532 from genesis, so a shared database would mix blocks of other anvils
 * (earlier runs, other test files, benchmarks) into the backfill. `disableCache` does not prevent that: it only
 * skips the cached intervals, the rows are still inserted with ON CONFLICT DO NOTHING and read back.
 */
export async function createDatabase(
  tag: string,
  adminUrl = DEFAULT_DATABASE_URL,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `test_ix_${process.pid}_${tag}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

// ---------------------------------------------------------------- table dumps

/** Every table indexer/ponder.schema.ts defines, by its SQL name. */
export const indexedTables = [
  "token",
  "pool",
  "trade",
  "holder",
  "candle",
  "fees",
  "token_fees",
  "builder",
  "referrer",
  "launchpad",
  "v3_pool",
] as const;
export type IndexedTable = (typeof indexedTables)[number];

export type Value = string | number | bigint | boolean | null;
export type Row = Record<string, Value>;
export type TableDump = { primaryKey: string[]; rows: Row[] };
export type Dump = Record<IndexedTable, TableDump>;

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/**
 * All rows of every indexed table in `schema`, ordered by primary key (byte order for text), with camelCase keys
 * as in ponder.schema.ts. Numeric columns (Ponder's bigint) become bigint, so no value loses precision.
 */
export async function dumpTables(schema: string, databaseUrl = DEFAULT_DATABASE_URL): Promise<Dump> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const dump = {} as Dump;
    for (const table of indexedTables) {
      const columns = await client.query<{ column_name: string; data_type: string }>(
        "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2",
        [schema, table],
      );
      if (columns.rows.length === 0) throw new Error(`Table ${schema}.${table} does not exist.`);
      const numeric = new Set(columns.rows.filter((c) => c.data_type === "numeric").map((c) => c.column_name));
      const pk = await client.query<{ column_name: string }>(
        `SELECT a.attname AS column_name
           FROM pg_index i
           JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
          WHERE i.indrelid = $1::regclass AND i.indisprimary
          ORDER BY array_position(i.indkey, a.attnum)`,
        [`"${schema}"."${table}"`],
      );
      const primaryKey = pk.rows.map((r) => r.column_name);
      const text = new Set(columns.rows.filter((c) => c.data_type === "text").map((c) => c.column_name));
      const orderBy = primaryKey.map((c) => (text.has(c) ? `"${c}" COLLATE "C"` : `"${c}"`)).join(", ");
      const result = await client.query(`SELECT * FROM "${schema}"."${table}" ORDER BY ${orderBy}`);
      dump[table] = {
        primaryKey: primaryKey.map(camel),
        rows: result.rows.map((raw: Record<string, unknown>) => {
          const row: Row = {};
          for (const [key, value] of Object.entries(raw)) {
            row[camel(key)] = value === null ? null : numeric.has(key) ? BigInt(value as string) : (value as Value);
          }
          return row;
        }),
      };
    }
    return dump;
  } finally {
    await client.end();
  }
}

const show = (v: Value | undefined) => (typeof v === "bigint" ? `${v}n` : JSON.stringify(v));

/**
 * Differences between two row sets keyed by `primaryKey`: missing rows, extra rows and differing fields, at most
 * `limit` lines. Empty when they are equal.
 */
export function diffRows(table: string, actual: Row[], expected: Row[], primaryKey: string[], limit = 20): string[] {
  const key = (r: Row) => primaryKey.map((k) => String(r[k])).join("/");
  const want = new Map(expected.map((r) => [key(r), r]));
  const got = new Map(actual.map((r) => [key(r), r]));
  const out: string[] = [];
  if (want.size !== expected.length) out.push(`${table}: expected rows repeat a primary key`);
  for (const [k, e] of want) {
    const a = got.get(k);
    if (!a) {
      out.push(`${table} ${k}: missing`);
      continue;
    }
    for (const field of new Set([...Object.keys(e), ...Object.keys(a)])) {
      if (a[field] !== e[field]) out.push(`${table} ${k}: ${field} is ${show(a[field])}, expected ${show(e[field])}`);
    }
  }
  for (const k of got.keys()) if (!want.has(k)) out.push(`${table} ${k}: unexpected row`);
  return out.length > limit ? [...out.slice(0, limit), `… and ${out.length - limit} more`] : out;
}

/** Table-by-table, row-by-row differences between two dumps; empty when they are equal. */
export function diffDumps(actual: Dump, expected: Dump): string[] {
  return indexedTables.flatMap((t) => [
    ...(actual[t].rows.length === expected[t].rows.length
      ? []
      : [`${t}: ${actual[t].rows.length} rows, expected ${expected[t].rows.length}`]),
    ...diffRows(t, actual[t].rows, expected[t].rows, expected[t].primaryKey),
  ]);
}

// ---------------------------------------------------------------- workload

export type WorkloadParameters = {
  /** Seed of the PRNG that picks every action, wallet, token and amount. */
  seed: number;
  /** anvil mnemonic indices of the wallets that create, trade, transfer and claim. */
  wallets: number[];
  /** Tokens to create first, alternating meme (7) and startup-preseed (8). */
  create?: number;
  /** Tokens created earlier that the workload trades too. */
  tokens?: Address[];
  /** Random actions after creation: trades (most), transfers, direct V3 swaps, fee claims. */
  steps: number;
  /** Tokens to graduate with a buy crossing the migration supply, spread over the steps. */
  graduate?: { meme: number; preseed: number };
  /** Make the first created token (a meme) graduate in its creation, through its initial buy. */
  graduateAtCreation?: boolean;
  /**
   * Before the first scheduled graduation, have a wallet create that token's V3 pool early, at four times the
   * curve's final price, with a little full-range liquidity: the launchpad must swap it back when it graduates.
   */
  earlyPool?: boolean;
  /** Let wallets add and remove liquidity on graduated V3 pools, in narrow ranges in and out of the current tick. */
  liquidity?: boolean;
  /** Halfway through, have `owner` (a mnemonic index: the launchpad's owner) move the protocol's fees to `to`. */
  feeRecipient?: { owner: number; to: Address };
  /** The launchpad owner's mnemonic index, which approves the builders and referrers trades name (default 0). */
  owner?: number;
  /** Transactions per block, at most one per wallet and per token (default: as many as there are wallets). */
  perBlock?: number;
  /** USDC to give each wallet first (base units; default 1M). */
  fund?: bigint;
  /** Stop early when this returns true (checked between blocks). */
  stop?: () => boolean;
  log?: (line: string) => void;
};

export type WorkloadReturnType = {
  /** Every token the workload traded: created ones first. */
  tokens: Address[];
  created: Address[];
  counts: {
    /** Successful trade calls (a crossing buy emits two Trade events and counts once here). */
    trades: number;
    byMode: Record<Mode, number>;
    graduations: number;
    directSwaps: number;
    transfers: number;
    claims: number;
    /** Positions minted or reduced directly on V3 pools (the early pool's included). */
    liquidity: number;
    /** Transactions mined and reverted (each block's amounts are fitted to the state before it, so few). */
    reverted: number;
    transactions: number;
    blocks: number;
  };
  firstBlock: bigint;
  lastBlock: bigint;
  ms: number;
};

type Mode = "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut";
const modes: Mode[] = ["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"];
type Kind = Mode | "create" | "graduate" | "directSwap" | "transfer" | "claim" | "liquidity" | "setup";

/** Gas limits, set by hand so no estimate runs against a state the block then changes. Graduation deploys a V3 pool. */
const gasOf = {
  small: 150_000n,
  trade: 900_000n,
  create: 4_000_000n,
  graduate: 12_000_000n,
  pool: 6_000_000n,
} as const;
/** Tick spacing of each Uniswap V3 fee tier. */
const tickSpacing: Record<number, number> = { 100: 1, 500: 10, 3000: 60, 10000: 200 };
const BLOCK_GAS = 28_000_000n;

/**
 * A seeded random workload on the launchpad of `c`. Every choice comes from the seed. Transactions go out in blocks
 * the workload mines itself (anvil's automine is off meanwhile, and restored after): within a block every
 * transaction has a wallet and a token of its own, so amounts fitted to the state before the block (balances,
 * curve supply, V3 depth) still fit when it runs, and hardly anything reverts.
 */
export async function runWorkload(c: Chain, p: WorkloadParameters): Promise<WorkloadReturnType> {
  const started = Date.now();
  const rng = prng(p.seed);
  const log = p.log ?? (() => {});
  const { launchpad, usdc, swapRouter, positionManager, v3Factory } = c.deployment.contracts;
  const pick = <T>(xs: readonly T[]): T => xs[rng.int(xs.length)] as T;
  const wallets = p.wallets.map((i) => c.wallet(i));
  const perBlock = p.perBlock ?? wallets.length;
  // Addresses without keys: they receive tokens (transfers, swaps) and fees, and never send.
  const outsiders = Array.from(
    { length: 4 },
    (_, i) => keccak256(toHex(`outsider-${p.seed}-${i}`)).slice(0, 42) as Address,
  );
  const counts: WorkloadReturnType["counts"] = {
    trades: 0,
    byMode: { buyExactIn: 0, buyExactOut: 0, sellExactIn: 0, sellExactOut: 0 },
    graduations: 0,
    directSwaps: 0,
    transfers: 0,
    claims: 0,
    liquidity: 0,
    reverted: 0,
    transactions: 0,
    blocks: 0,
  };
  const request = c.publicClient.request as unknown as (a: { method: string; params: unknown[] }) => Promise<unknown>;
  const firstBlock = (await c.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
  const nonces = new Map<Address, number>();
  for (const w of wallets) await c.testClient.setBalance({ address: w.account.address, value: parseEther("1000") });

  // ---- blocks
  type Pending = { hash: Hex; kind: Kind; then?: (receipt: TransactionReceipt) => void };
  let pending: Pending[] = [];
  let blockGas = 0n;
  const busyWallets = new Set<Wallet>();
  const busyTokens = new Set<Address>();
  const created: Address[] = [];

  const submit = async (
    w: Wallet,
    kind: Kind,
    gas: bigint,
    req: Record<string, unknown>,
    then?: (receipt: TransactionReceipt) => void,
  ) => {
    if (blockGas + gas > BLOCK_GAS) await mine();
    const nonce =
      nonces.get(w.account.address) ?? (await c.publicClient.getTransactionCount({ address: w.account.address }));
    const hash = await w.writeContract({
      ...req,
      gas,
      nonce,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
    } as never);
    nonces.set(w.account.address, nonce + 1);
    pending.push({ hash, kind, then });
    blockGas += gas;
    busyWallets.add(w);
  };

  /** Mines what was submitted (one block, more if it did not fit) and books the receipts. */
  async function mine(): Promise<void> {
    busyWallets.clear();
    busyTokens.clear();
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    blockGas = 0n;
    const receipts: TransactionReceipt[] = [];
    for (let left = batch; left.length > 0; ) {
      await request({ method: "evm_mine", params: [] });
      counts.blocks++;
      const got = await Promise.all(
        left.map((t) => c.publicClient.getTransactionReceipt({ hash: t.hash }).catch(() => undefined)),
      );
      if (got.every((r) => r === undefined)) throw new Error("evm_mine mined none of the pending transactions");
      receipts.push(...got.filter((r): r is TransactionReceipt => r !== undefined));
      left = left.filter((_, i) => got[i] === undefined);
    }
    const sent = new Map(batch.map((t) => [t.hash, t]));
    for (const r of receipts) {
      const { kind, then } = sent.get(r.transactionHash) as Pending;
      counts.transactions++;
      if (r.status !== "success") {
        counts.reverted++;
        if (kind === "setup" || kind === "create" || kind === "graduate") {
          throw new Error(`${kind} transaction ${r.transactionHash} reverted`);
        }
        log(`reverted: ${kind} ${r.transactionHash}`);
        continue;
      }
      then?.(r);
      const events = parseEventLogs({ abi: launchpadAbi, logs: r.logs });
      if (events.some((e) => e.eventName === "Graduated")) counts.graduations++;
      if (kind === "create") {
        const ev = events.find((e) => e.eventName === "TokenCreated");
        if (ev?.eventName === "TokenCreated") created.push(ev.args.token);
        if (events.some((e) => e.eventName === "Trade")) counts.trades++;
      } else if (kind === "graduate") {
        counts.trades++;
        const trade = events.find((e) => e.eventName === "Trade");
        if (trade?.eventName === "Trade") counts.byMode[modes[trade.args.mode] as Mode]++;
      } else if (kind === "directSwap") counts.directSwaps++;
      else if (kind === "transfer") counts.transfers++;
      else if (kind === "claim") counts.claims++;
      else if (kind === "liquidity") counts.liquidity++;
      else if (kind !== "setup") {
        counts.trades++;
        counts.byMode[kind]++;
      }
    }
  }

  const read = {
    pool: (token: Address) =>
      c.publicClient.readContract({ address: launchpad, abi: launchpadAbi, functionName: "getPool", args: [token] }),
    balance: (token: Address, who: Address) =>
      c.publicClient.readContract({ address: token, abi: launchTokenAbi, functionName: "balanceOf", args: [who] }),
    usdc: (who: Address) =>
      c.publicClient.readContract({ address: usdc, abi: mockUsdcAbi, functionName: "balanceOf", args: [who] }),
    claimable: (who: Address) =>
      c.publicClient.readContract({ address: launchpad, abi: launchpadAbi, functionName: "claimable", args: [who] }),
  };
  const faucet = async (w: Wallet, amount: bigint) => {
    for (let left = amount; left > 0n; ) {
      const part = left > 1_000_000n * USDC ? 1_000_000n * USDC : left;
      await submit(w, "setup", gasOf.small, {
        address: usdc,
        abi: mockUsdcAbi,
        functionName: "faucet",
        args: [w.account.address, part],
      });
      left -= part;
    }
  };

  // Builders and referrers must be approved and may not be the trader: the outsiders (who never send) are, by the
  // owner, in setup. A token's referral is its first one; later ones are ignored on chain and must be so indexed.
  const attribution = (): Attribution => {
    const party = () => (rng.next() < 0.4 ? zeroAddress : pick(outsiders));
    // A builder fee with no builder is legal; the launchpad pays and reports none.
    return { builder: party(), builderFeeBps: rng.int(51), referral: party() };
  };
  const tradeArgs = (token: Address, amount: bigint, bound: bigint) => [
    token,
    amount,
    bound,
    maxUint256,
    attribution(),
  ];

  const automine = (on: boolean) => request({ method: "evm_setAutomine", params: [on] });
  await automine(false);
  try {
    const owner = c.wallet(p.owner ?? 0);
    for (const outsider of outsiders) {
      await submit(owner, "setup", gasOf.small, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "setBuilder",
        args: [outsider, 50],
      });
      await submit(owner, "setup", gasOf.small, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "setReferrer",
        args: [outsider, true],
      });
    }
    // USDC and approvals of the launchpad and the router, all in one block.
    for (const w of wallets) {
      await faucet(w, p.fund ?? 1_000_000n * USDC);
      for (const spender of [launchpad, swapRouter, positionManager]) {
        await submit(w, "setup", gasOf.small, {
          address: usdc,
          abi: mockUsdcAbi,
          functionName: "approve",
          args: [spender, maxUint256],
        });
      }
    }
    await mine();

    // Salts from the seed and the chain's height: the same run on the same chain creates the same addresses.
    const saltBase = `ix-${p.seed}-${firstBlock}`;
    for (let i = 0; i < (p.create ?? 0); i++) {
      const graduates = p.graduateAtCreation === true && i === 0;
      const poolType = graduates || i % 2 === 0 ? MEME : PRESEED;
      const creator = pick(wallets);
      if (busyWallets.has(creator)) await mine();
      const initialBuyUsdc = graduates ? 45_000n * USDC : rng.next() < 0.3 ? 1_000n + rng.amount(2_000n * USDC) : 0n;
      await submit(creator, "create", graduates ? gasOf.graduate : gasOf.create, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "createToken",
        args: [
          {
            // Names exercise quoting and multi-byte text on the way to Postgres.
            name: i % 5 === 4 ? `Ünïcødé "${i}" 🚀` : `Indexer Token ${i}`,
            symbol: `IX${i}`,
            tokenURI: `ipfs://bafkreigh2akiscaildcqabsyg3dfr6chu3fgpregiymsck7e7aqa4s52zy#${i}`,
            poolType,
            salt: keccak256(toHex(`${saltBase}-${i}`)),
            attribution: attribution(),
            initialBuyUsdc,
            minTokensOut: 0n,
            deadline: maxUint256,
          },
        ],
      });
    }
    await mine();
    const tokens = [...created, ...(p.tokens ?? [])];
    if (tokens.length === 0) throw new Error("runWorkload needs tokens: set create or tokens.");

    /**
     * A wallet no transaction of the pending block uses yet, and mostly a token none uses either; sometimes a token
     * the block already trades (`shared`: its state will have moved when this runs, so bounds must be loose). None
     * when the block is full.
     */
    const free = (among: readonly Address[]): { w: Wallet; token: Address; shared: boolean } | undefined => {
      const ws = wallets.filter((w) => !busyWallets.has(w));
      const hot = among.filter((t) => busyTokens.has(t));
      const shared = hot.length > 0 && rng.next() < 0.15;
      const ts = shared ? hot : among.filter((t) => !busyTokens.has(t));
      if (ws.length === 0 || ts.length === 0 || busyWallets.size >= perBlock) return undefined;
      const token = pick(ts);
      busyTokens.add(token);
      return { w: pick(ws), token, shared };
    };

    async function trade(w: Wallet, token: Address, shared: boolean): Promise<void> {
      let mode = pick(modes);
      const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
      const { params, supply, graduated } = view;
      // Below these a sell moves nothing and reverts with ZeroAmount.
      const minSell = graduated ? 1_000n * TOKEN : 1n;
      const curveOut = (tokens: bigint) => (graduated ? 0n : curve.sellExactIn(params, supply, tokens).usdcAmount);
      if (mode.startsWith("sell") && (balance < minSell || (!graduated && curveOut(balance) === 0n))) {
        mode = mode === "sellExactIn" ? "buyExactIn" : "buyExactOut";
      }
      let amount: bigint;
      let bound = mode.endsWith("ExactIn") ? 0n : maxUint256;
      let gas: bigint = gasOf.trade;
      if (mode === "buyExactIn") {
        amount = 1_000n + rng.amount(3_000n * USDC);
        if (!graduated && curve.buyExactIn(params, supply, amount).graduates) gas = gasOf.graduate;
      } else if (mode === "buyExactOut") {
        let max = 20_000_000n * TOKEN;
        if (graduated) {
          const depth = await read.balance(token, view.v3Pool);
          if (depth / 10n < max) max = depth / 10n;
        }
        amount = 10n ** 15n + rng.amount(max);
        if (!graduated && curve.buyExactOut(params, supply, amount).graduates) gas = gasOf.graduate;
      } else if (mode === "sellExactIn") {
        amount = rng.next() < 0.15 ? balance : minSell + rng.amount(balance - minSell);
        if (curveOut(amount) === 0n && !graduated) amount = balance;
        // On the curve, the tightest bound that still passes: exactly the quoted output.
        if (!shared) bound = curveOut(amount);
      } else {
        let max: bigint;
        if (graduated) {
          const depth = await read.usdc(view.v3Pool);
          max = curve.marketCapAt(view.price, balance) / 4n;
          if (depth / 10n < max) max = depth / 10n;
        } else {
          max = curveOut(balance);
        }
        // The block may have moved the price against this seller already.
        if (shared) max /= 2n;
        if (max < 10n) {
          mode = "sellExactIn";
          amount = balance;
          bound = 0n;
        } else {
          amount = rng.amount(max);
          bound = balance;
        }
      }
      await submit(w, mode, gas, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: mode,
        args: tradeArgs(token, amount, bound),
      });
    }

    const positions = new Map<string, { tokenId: bigint; liquidity: bigint }>();
    const npmApproved = new Set<string>();
    /** Mints a V3 position of `w` through the position manager, remembering it for a later decrease. */
    async function mintPosition(
      w: Wallet,
      token: Address,
      fee: number,
      [tickLower, tickUpper]: [number, number],
      tokenAmount: bigint,
      usdcAmount: bigint,
    ): Promise<void> {
      const key = `${w.account.address}-${token}`;
      if (!npmApproved.has(key)) {
        await submit(w, "setup", gasOf.small, {
          address: token,
          abi: launchTokenAbi,
          functionName: "approve",
          args: [positionManager, maxUint256],
        });
        npmApproved.add(key);
      }
      const usdcFirst = curve.isUsdcToken0(usdc, token);
      const params = {
        token0: usdcFirst ? usdc : token,
        token1: usdcFirst ? token : usdc,
        fee,
        tickLower,
        tickUpper,
        amount0Desired: usdcFirst ? usdcAmount : tokenAmount,
        amount1Desired: usdcFirst ? tokenAmount : usdcAmount,
        amount0Min: 0n,
        amount1Min: 0n,
        recipient: w.account.address,
        deadline: maxUint256,
      };
      const remember = (r: TransactionReceipt) => {
        const [ev] = parseEventLogs({
          abi: nonfungiblePositionManagerAbi,
          logs: r.logs,
          eventName: "IncreaseLiquidity",
        });
        if (ev) positions.set(key, { tokenId: ev.args.tokenId, liquidity: ev.args.liquidity });
      };
      await submit(
        w,
        "liquidity",
        gasOf.trade,
        { address: positionManager, abi: nonfungiblePositionManagerAbi, functionName: "mint", args: [params] },
        remember,
      );
    }

    /** Adds a narrow position on a graduated token's pool (in or out of range), or takes one partly or wholly out. */
    async function provide(w: Wallet, token: Address): Promise<void> {
      const position = positions.get(`${w.account.address}-${token}`);
      if (position && position.liquidity > 0n && rng.next() < 0.5) {
        const liquidity = rng.next() < 0.5 ? position.liquidity : position.liquidity / 2n;
        position.liquidity -= liquidity;
        await submit(w, "liquidity", gasOf.trade, {
          address: positionManager,
          abi: nonfungiblePositionManagerAbi,
          functionName: "decreaseLiquidity",
          args: [{ tokenId: position.tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: maxUint256 }],
        });
        return;
      }
      const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
      if (balance < 1_000n * TOKEN) return;
      const [, tick] = await c.publicClient.readContract({
        address: view.v3Pool,
        abi: uniswapV3PoolAbi,
        functionName: "slot0",
      });
      const spacing = tickSpacing[view.params.dexFeeTier] as number;
      const lower = (Math.floor(tick / spacing) + rng.int(9) - 6) * spacing;
      const range: [number, number] = [lower, lower + (1 + rng.int(5)) * spacing];
      await mintPosition(w, token, view.params.dexFeeTier, range, balance / 5n, 1_000n + rng.amount(500n * USDC));
    }

    /** Someone creates the token's V3 pool before it graduates, at four times the curve's final price. */
    async function frontRun(view: { token: Address; params: curve.PoolTypeParams }): Promise<void> {
      const { token, params } = view;
      const w = pick(wallets);
      await submit(w, "buyExactIn", gasOf.trade, {
        address: launchpad,
        abi: launchpadAbi,
        functionName: "buyExactIn",
        args: tradeArgs(token, 500n * USDC, 0n),
      });
      await submit(w, "setup", gasOf.pool, {
        address: v3Factory,
        abi: uniswapV3FactoryAbi,
        functionName: "createPool",
        args: [token, usdc, params.dexFeeTier],
      });
      await mine();
      const pool = await c.publicClient.readContract({
        address: v3Factory,
        abi: uniswapV3FactoryAbi,
        functionName: "getPool",
        args: [token, usdc, params.dexFeeTier],
      });
      const { num, den } = curve.finalPrice(params);
      await submit(w, "setup", gasOf.small, {
        address: pool,
        abi: uniswapV3PoolAbi,
        functionName: "initialize",
        args: [curve.sqrtPriceX96(4n * num, den, curve.isUsdcToken0(usdc, token))],
      });
      await mine();
      // Before graduation the token refuses transfers into its pool: liquidity there is USDC only, bids below the
      // pool's price (in USD per token), which graduation sells into on its way to the curve's final price.
      const spacing = tickSpacing[params.dexFeeTier] as number;
      const [, tick] = await c.publicClient.readContract({
        address: pool,
        abi: uniswapV3PoolAbi,
        functionName: "slot0",
      });
      const at = Math.floor(tick / spacing) * spacing;
      const range: [number, number] = curve.isUsdcToken0(usdc, token)
        ? [at + spacing, at + 11 * spacing]
        : [at - 10 * spacing, at];
      await mintPosition(w, token, params.dexFeeTier, range, 0n, 100n * USDC);
      await mine();
      log(`created ${token}'s V3 pool ${pool} early`);
    }

    /** Takes an ungraduated token of `poolType` past its migration supply, in a block of its own. */
    let earlyDone = false;
    async function graduate(poolType: number, exact: boolean): Promise<void> {
      await mine();
      const views = await Promise.all(tokens.map((t) => read.pool(t)));
      let view = views.find((v) => v.poolType === poolType && !v.graduated);
      if (!view) return;
      if (p.earlyPool && !earlyDone) {
        earlyDone = true;
        await frontRun(view);
        view = await read.pool(view.token);
      }
      const { params, supply, token } = view;
      const w = pick(wallets);
      const need = curve.grossUp(
        curve.cost(params, params.migrationSupply) - curve.cost(params, supply),
        params.tradeFeeBps,
      );
      const have = await read.usdc(w.account.address);
      if (have < need + 20_000n * USDC) await faucet(w, need + 20_000n * USDC - have);
      if (exact || rng.next() < 0.5) {
        // exact: precisely what the curve needs, so nothing is left for V3 and no V3 leg follows.
        const usdcIn = exact ? need : need + rng.amount(5_000n * USDC);
        await submit(w, "graduate", gasOf.graduate, {
          address: launchpad,
          abi: launchpadAbi,
          functionName: "buyExactIn",
          args: tradeArgs(token, usdcIn, 0n),
        });
      } else {
        const tokensOut = params.migrationSupply - supply + rng.amount(10_000_000n * TOKEN);
        await submit(w, "graduate", gasOf.graduate, {
          address: launchpad,
          abi: launchpadAbi,
          functionName: "buyExactOut",
          args: tradeArgs(token, tokensOut, maxUint256),
        });
      }
      await mine();
      log(`graduated ${token} (pool type ${poolType})`);
    }

    async function transfer(w: Wallet, token: Address): Promise<void> {
      const balance = await read.balance(token, w.account.address);
      if (balance === 0n) return;
      const r = rng.next();
      // Mostly real moves; a few self-transfers and zero-value transfers, which change no balance.
      const to = r < 0.05 ? w.account.address : r < 0.55 ? pick(wallets).account.address : pick(outsiders);
      const amount = r > 0.97 ? 0n : rng.next() < 0.25 ? balance : rng.amount(balance);
      await submit(w, "transfer", gasOf.small, {
        address: token,
        abi: launchTokenAbi,
        functionName: "transfer",
        args: [to, amount],
      });
    }

    const routerApproved = new Set<string>();
    async function directSwap(w: Wallet, token: Address): Promise<void> {
      const [view, balance] = await Promise.all([read.pool(token), read.balance(token, w.account.address)]);
      const buy = balance < 2_000n * TOKEN || rng.next() < 0.5;
      const amountIn = buy ? 1_000n + rng.amount(2_000n * USDC) : 1_000n * TOKEN + rng.amount(balance - 1_000n * TOKEN);
      if (!buy && !routerApproved.has(`${w.account.address}-${token}`)) {
        await submit(w, "setup", gasOf.small, {
          address: token,
          abi: launchTokenAbi,
          functionName: "approve",
          args: [swapRouter, maxUint256],
        });
        routerApproved.add(`${w.account.address}-${token}`);
      }
      await submit(w, "directSwap", gasOf.trade, {
        address: swapRouter,
        abi: swapRouterAbi,
        functionName: "exactInputSingle",
        args: [
          {
            tokenIn: buy ? usdc : token,
            tokenOut: buy ? token : usdc,
            fee: view.params.dexFeeTier,
            recipient: rng.next() < 0.8 ? w.account.address : pick(outsiders),
            deadline: maxUint256,
            amountIn,
            amountOutMinimum: 0n,
            sqrtPriceLimitX96: 0n,
          },
        ],
      });
    }

    async function claim(): Promise<void> {
      const ws = wallets.filter((w) => !busyWallets.has(w));
      const start = rng.int(Math.max(ws.length, 1));
      for (let i = 0; i < ws.length; i++) {
        const w = ws[(start + i) % ws.length] as Wallet;
        if ((await read.claimable(w.account.address)) === 0n) continue;
        await submit(w, "claim", gasOf.small, {
          address: launchpad,
          abi: launchpadAbi,
          functionName: "claimFees",
          args: [],
        });
        return;
      }
    }

    // Graduations at evenly spaced steps, so trading continues on V3 after each; the first one exact.
    const schedule = new Map<number, number>();
    const grads = [
      ...Array<number>(p.graduate?.meme ?? 0).fill(MEME),
      ...Array<number>(p.graduate?.preseed ?? 0).fill(PRESEED),
    ];
    grads.forEach((poolType, i) => {
      schedule.set(Math.floor(((i + 0.5) * p.steps) / (grads.length + 1)), poolType);
    });
    let exactDone = false;
    let feeRecipientSet = false;
    let graduated: Address[] = [];
    for (let step = 0; step < p.steps; step++) {
      const poolType = schedule.get(step);
      if (poolType !== undefined) {
        await graduate(poolType, !exactDone);
        exactDone = true;
        graduated = [];
        continue;
      }
      if (p.feeRecipient && step === Math.floor(p.steps / 2) && !feeRecipientSet) {
        feeRecipientSet = true;
        await submit(c.wallet(p.feeRecipient.owner), "setup", gasOf.small, {
          address: launchpad,
          abi: launchpadAbi,
          functionName: "setProtocolFeeRecipient",
          args: [p.feeRecipient.to],
        });
      }
      const r = rng.next();
      // Direct swaps (0.07..0.12) and liquidity changes (0.15..0.18) need a graduated token.
      const wantsV3 = (r >= 0.07 && r < 0.12) || (p.liquidity === true && r >= 0.15 && r < 0.18);
      if (wantsV3 && graduated.length === 0) {
        const views = await Promise.all(tokens.map((t) => read.pool(t)));
        graduated = views.filter((v) => v.graduated).map((v) => v.token);
      }
      const onV3 = wantsV3 && graduated.length > 0;
      const slot = free(onV3 ? graduated : tokens);
      if (!slot) {
        await mine();
        if (p.stop?.()) break;
        step--;
        continue;
      }
      if (r < 0.07) await transfer(slot.w, slot.token);
      else if (r < 0.12 && onV3) await directSwap(slot.w, slot.token);
      else if (r >= 0.12 && r < 0.15) await claim();
      else if (r >= 0.15 && r < 0.18 && onV3) await provide(slot.w, slot.token);
      else await trade(slot.w, slot.token, slot.shared);
    }
    await mine();
    if (p.liquidity) {
      // Last, a full-range position (always in range) on a graduated pool: no swap follows it, so its Mint is the
      // pool's latest change.
      const views = await Promise.all(tokens.map((t) => read.pool(t)));
      const last = views.filter((v) => v.graduated);
      if (last.length > 0) {
        const { token, params } = pick(last);
        const w = pick(wallets);
        const spacing = tickSpacing[params.dexFeeTier] as number;
        const full = Math.floor(887_272 / spacing) * spacing;
        const balance = await read.balance(token, w.account.address);
        await mintPosition(w, token, params.dexFeeTier, [-full, full], balance / 10n, 50n * USDC);
        await mine();
      }
    }
    const lastBlock = await c.publicClient.getBlockNumber({ cacheTime: 0 });
    return { tokens, created, counts, firstBlock, lastBlock, ms: Date.now() - started };
  } finally {
    await mine().catch(() => {});
    await automine(true);
  }
}

// ---------------------------------------------------------------- expected state from the chain

export type ChainState = {
  /** Head the state was read at. */
  block: bigint;
  /** The indexed tables as they must be, from logs and view functions; keyed like dumpTables(). */
  expected: Dump;
  /** Where the chain contradicts itself (log replay against view functions): must be empty. */
  inconsistencies: string[];
  figures: {
    tokens: number;
    graduated: number;
    tradeEvents: number;
    directSwaps: number;
    transfers: number;
    holders: number;
    claims: number;
    logs: number;
  };
};

type AnyLog = Log<bigint, number, false> & { eventName: string; args: Record<string, unknown> };
const lower = (a: string) => a.toLowerCase() as Hex;
const order = (a: AnyLog, b: AnyLog) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;
const pkOf: Record<IndexedTable, string[]> = {
  token: ["chainId", "address"],
  pool: ["chainId", "token"],
  trade: ["id"],
  holder: ["chainId", "token", "address"],
  candle: ["chainId", "token", "interval", "bucket"],
  fees: ["chainId", "recipient"],
  token_fees: ["chainId", "token", "recipient"],
  builder: ["chainId", "address"],
  referrer: ["chainId", "address"],
  launchpad: ["chainId"],
  v3_pool: ["chainId", "address"],
};
const candleIntervals = [60n, 300n, 3_600n, 86_400n];
const modeNames = ["buy_exact_in", "buy_exact_out", "sell_exact_in", "sell_exact_out"];
const venueNames = ["bonding_curve", "uniswap_v3"];

/**
 * The state the indexer must hold for `c`'s launchpad at block `toBlock` (default: the head), rebuilt from the
 * chain only: balances, pools and claimable fees from view functions at that block, everything else (trades,
 * candles, counters, who holds what) from replaying the launchpad's, its tokens' and their V3 pools' logs.
 */
export async function readChainState(c: Chain, toBlock?: bigint): Promise<ChainState> {
  const { publicClient } = c;
  const { launchpad, usdc } = c.deployment.contracts;
  const chainId = c.deployment.chainId;
  const block = toBlock ?? (await publicClient.getBlockNumber({ cacheTime: 0 }));
  const range = { fromBlock: BigInt(c.deployment.startBlock), toBlock: block };
  const at = { blockNumber: block };
  const inconsistencies: string[] = [];

  const launchpadLogs = parseEventLogs({
    abi: launchpadAbi,
    logs: await publicClient.getLogs({ address: launchpad, ...range }),
  }) as unknown as AnyLog[];
  const created = launchpadLogs.filter((l) => l.eventName === "TokenCreated");
  const tokens = created.map((l) => l.args.token as Address);
  const graduations = new Map(
    launchpadLogs.filter((l) => l.eventName === "Graduated").map((l) => [lower(l.args.token as string), l]),
  );
  const v3Pools = [...graduations.values()].map((l) => l.args.v3Pool as Address);
  const tokenLogs = (tokens.length === 0
    ? []
    : parseEventLogs({
        abi: launchTokenAbi,
        eventName: "Transfer",
        logs: await publicClient.getLogs({ address: tokens, ...range }),
      })) as unknown as AnyLog[];
  const poolLogs = (v3Pools.length === 0
    ? []
    : parseEventLogs({
        abi: uniswapV3PoolAbi,
        logs: await publicClient.getLogs({ address: v3Pools, ...range }),
      })) as unknown as AnyLog[];

  // The chain's own account of itself, at `block`.
  const chainTokens = await publicClient.readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "allTokensLength",
    ...at,
  });
  if (chainTokens !== BigInt(tokens.length))
    inconsistencies.push(`allTokensLength ${chainTokens}, TokenCreated ${tokens.length}`);
  const views = new Map(
    await Promise.all(
      tokens.map(
        async (t) =>
          [
            lower(t),
            await publicClient.readContract({
              address: launchpad,
              abi: launchpadAbi,
              functionName: "getPool",
              args: [t],
              ...at,
            }),
          ] as const,
      ),
    ),
  );
  const v3State = new Map(
    await Promise.all(
      v3Pools.map(async (pool) => {
        const [slot0, liquidity] = await Promise.all([
          publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "slot0", ...at }),
          publicClient.readContract({ address: pool, abi: uniswapV3PoolAbi, functionName: "liquidity", ...at }),
        ]);
        return [lower(pool), { sqrtPriceX96: slot0[0], tick: slot0[1], liquidity }] as const;
      }),
    ),
  );

  // Timestamps of every block a row records.
  const blocks = new Set<bigint>();
  for (const l of [...launchpadLogs, ...tokenLogs, ...poolLogs]) blocks.add(l.blockNumber);
  const timestamps = new Map<bigint, bigint>();
  const blockList = [...blocks];
  for (let i = 0; i < blockList.length; i += 100) {
    const chunk = await Promise.all(blockList.slice(i, i + 100).map((n) => publicClient.getBlock({ blockNumber: n })));
    for (const b of chunk) timestamps.set(b.number, b.timestamp);
  }
  const time = (n: bigint) => timestamps.get(n) as bigint;

  const tokenRows = new Map<Hex, Row>();
  const poolUpdated = new Map<Hex, bigint>();
  const trades: Row[] = [];
  const feeRows = new Map<Hex, { accrued: bigint; claimed: bigint }>();
  let launchpadRow: Row | undefined;
  const builderRows = new Map<Hex, Row>();
  const referrerRows = new Map<Hex, Row>();
  const tokenFeeRows = new Map<string, Row>();
  const pending = new Map<Hex, AnyLog>();
  const collected = new Map<Hex, { usdc: bigint; tokens: bigint }>();
  const creditTokens = (token: Hex, recipient: string, amount: bigint, claimed: boolean) => {
    if (amount === 0n) return;
    const key = `${token}-${lower(recipient)}`;
    const f = tokenFeeRows.get(key) ?? {
      chainId,
      token,
      recipient: lower(recipient),
      claimable: 0n,
      accrued: 0n,
      claimed: 0n,
    };
    if (claimed) {
      f.claimable = (f.claimable as bigint) - amount;
      f.claimed = (f.claimed as bigint) + amount;
    } else {
      f.claimable = (f.claimable as bigint) + amount;
      f.accrued = (f.accrued as bigint) + amount;
    }
    tokenFeeRows.set(key, f);
  };
  const credit = (recipient: string, amount: bigint) => {
    if (amount === 0n) return;
    const f = feeRows.get(lower(recipient)) ?? { accrued: 0n, claimed: 0n };
    f.accrued += amount;
    feeRows.set(lower(recipient), f);
  };
  let protocolFeeRecipient: string = zeroAddress;
  const poolToken = new Map([...graduations.values()].map((g) => [lower(g.args.v3Pool as string), g]));
  let directSwaps = 0;
  let claims = 0;
  const ticks = new Map<Hex, number>();

  const all = [...launchpadLogs, ...poolLogs].sort(order);
  for (const l of all) {
    const a = l.args;
    const id = `${chainId}-${l.transactionHash}-${l.logIndex}`;
    if (lower(l.address) === lower(launchpad)) {
      if (l.eventName === "ProtocolFeeRecipientSet") {
        protocolFeeRecipient = a.recipient as string;
        launchpadRow = { chainId, address: lower(launchpad), protocolFeeRecipient: lower(protocolFeeRecipient) };
      } else if (l.eventName === "TokenCreated") {
        const attr = a.attribution as Attribution;
        tokenRows.set(lower(a.token as string), {
          chainId,
          address: lower(a.token as string),
          tokenLayerId: lower(a.tokenLayerId as string),
          creator: lower(a.creator as string),
          poolType: Number(a.poolType),
          name: a.name as string,
          symbol: a.symbol as string,
          tokenUri: a.tokenURI as string,
          builder: lower(attr.builder),
          referral: lower(attr.referral),
          createdBlock: l.blockNumber,
          createdAt: time(l.blockNumber),
          createdTx: lower(l.transactionHash),
          holdersCount: 0,
          tradeCount: 0,
          volumeUsdc: 0n,
        });
        poolUpdated.set(lower(a.token as string), l.blockNumber);
      } else if (l.eventName === "Trade") {
        const fees = a.fees as { protocol: bigint; creator: bigint; referral: bigint; builder: bigint };
        const attr = a.attribution as Attribution;
        const state = a.state as { supply: bigint; reserve: bigint; price: bigint };
        const token = lower(a.token as string);
        const mode = Number(a.mode);
        trades.push({
          id,
          chainId,
          token,
          trader: lower(a.trader as string),
          mode: modeNames[mode] as string,
          isBuy: mode < 2,
          venue: venueNames[Number(a.venue)] as string,
          tokenAmount: a.tokenAmount as bigint,
          usdcAmount: a.usdcAmount as bigint,
          price: state.price,
          feeProtocol: fees.protocol,
          feeCreator: fees.creator,
          feeReferral: fees.referral,
          feeBuilder: fees.builder,
          builder: lower(attr.builder),
          builderFeeBps: attr.builderFeeBps,
          referral: lower(attr.referral),
          supplyAfter: state.supply,
          reserveAfter: state.reserve,
          txHash: lower(l.transactionHash),
          logIndex: l.logIndex,
          blockNumber: l.blockNumber,
          timestamp: time(l.blockNumber),
        });
        credit(protocolFeeRecipient, fees.protocol);
        credit(views.get(token)?.creator ?? zeroAddress, fees.creator);
        credit(attr.referral, fees.referral);
        credit(attr.builder, fees.builder);
        poolUpdated.set(token, l.blockNumber);
      } else if (l.eventName === "Graduated") {
        credit(protocolFeeRecipient, a.protocolFee as bigint);
        ticks.set(lower(a.token as string), Number(a.tick));
        poolUpdated.set(lower(a.token as string), l.blockNumber);
      } else if (l.eventName === "TokenReferralSet") {
        // At creation the token's row comes next (TokenCreated carries the referral); later it changes here.
        const row = tokenRows.get(lower(a.token as string));
        if (row) row.referral = lower(a.referral as string);
      } else if (l.eventName === "BuilderSet") {
        const address = lower(a.builder as string);
        builderRows.set(address, { chainId, address, maxFeeBps: Number(a.maxFeeBps), updatedBlock: l.blockNumber });
      } else if (l.eventName === "ReferrerSet") {
        const address = lower(a.referrer as string);
        referrerRows.set(address, { chainId, address, approved: a.approved as boolean, updatedBlock: l.blockNumber });
      } else if (l.eventName === "GraduationPending") {
        pending.set(lower(a.token as string), l);
        poolUpdated.set(lower(a.token as string), l.blockNumber);
      } else if (l.eventName === "PoolFeesCollected") {
        const token = lower(a.token as string);
        const creator = views.get(token)?.creator ?? zeroAddress;
        const c0 = collected.get(token) ?? { usdc: 0n, tokens: 0n };
        c0.usdc += (a.creatorUsdc as bigint) + (a.protocolUsdc as bigint);
        c0.tokens += (a.creatorTokens as bigint) + (a.protocolTokens as bigint);
        collected.set(token, c0);
        credit(creator, a.creatorUsdc as bigint);
        credit(protocolFeeRecipient, a.protocolUsdc as bigint);
        creditTokens(token, creator, a.creatorTokens as bigint, false);
        creditTokens(token, protocolFeeRecipient, a.protocolTokens as bigint, false);
      } else if (l.eventName === "TokenFeesClaimed") {
        creditTokens(lower(a.token as string), a.recipient as string, a.amount as bigint, true);
      } else if (l.eventName === "FeesClaimed") {
        const f = feeRows.get(lower(a.recipient as string)) ?? { accrued: 0n, claimed: 0n };
        f.claimed += a.amount as bigint;
        feeRows.set(lower(a.recipient as string), f);
        claims++;
      }
      continue;
    }
    // A V3 pool's log: only what follows its token's Graduated event counts.
    const grad = poolToken.get(lower(l.address));
    if (!grad || order(l, grad) < 0) continue;
    const token = lower(grad.args.token as string);
    if (l.eventName === "Mint" || l.eventName === "Burn") {
      // A position changes the active liquidity only when its range holds the current tick.
      const tick = ticks.get(token) as number;
      if ((a.tickLower as number) <= tick && tick < (a.tickUpper as number)) poolUpdated.set(token, l.blockNumber);
      continue;
    }
    if (l.eventName !== "Swap") continue;
    ticks.set(token, a.tick as number);
    poolUpdated.set(token, l.blockNumber);
    if (lower(a.sender as string) === lower(launchpad)) continue;
    directSwaps++;
    const usdcIsToken0 = curve.isUsdcToken0(usdc, token);
    const [usdcDelta, tokenDelta] = (usdcIsToken0 ? [a.amount0, a.amount1] : [a.amount1, a.amount0]) as [
      bigint,
      bigint,
    ];
    const abs = (x: bigint) => (x < 0n ? -x : x);
    const tx = await publicClient.getTransaction({ hash: l.transactionHash });
    trades.push({
      id,
      chainId,
      token,
      trader: lower(tx.from),
      mode: usdcDelta > 0n ? "dex_buy" : "dex_sell",
      isBuy: usdcDelta > 0n,
      venue: "uniswap_v3",
      tokenAmount: abs(tokenDelta),
      usdcAmount: abs(usdcDelta),
      price: curve.priceFromSqrt(a.sqrtPriceX96 as bigint, usdcIsToken0),
      feeProtocol: 0n,
      feeCreator: 0n,
      feeReferral: 0n,
      feeBuilder: 0n,
      builder: zeroAddress,
      builderFeeBps: 0,
      referral: zeroAddress,
      // A graduated token's supply never changes again.
      supplyAfter: (views.get(token)?.supply ?? 0n) as bigint,
      reserveAfter: 0n,
      txHash: lower(l.transactionHash),
      logIndex: l.logIndex,
      blockNumber: l.blockNumber,
      timestamp: time(l.blockNumber),
    });
  }

  // Holders: replay every Transfer, then ask the chain for each balance.
  const balances = new Map<string, { token: Hex; address: Hex; balance: bigint; updatedBlock: bigint }>();
  for (const l of tokenLogs.sort(order)) {
    const { from, to, value } = l.args as { from: string; to: string; value: bigint };
    if (lower(from) === lower(to) || value === 0n) continue;
    const token = lower(l.address);
    for (const [who, delta] of [
      [from, -value],
      [to, value],
    ] as const) {
      if (lower(who) === zeroAddress) continue;
      const key = `${token}-${lower(who)}`;
      const h = balances.get(key) ?? { token, address: lower(who), balance: 0n, updatedBlock: 0n };
      h.balance += delta;
      h.updatedBlock = l.blockNumber;
      balances.set(key, h);
    }
  }
  const holders: Row[] = [];
  for (const h of balances.values()) {
    const onChain = await publicClient.readContract({
      address: h.token,
      abi: launchTokenAbi,
      functionName: "balanceOf",
      args: [h.address],
      ...at,
    });
    if (onChain !== h.balance)
      inconsistencies.push(`balanceOf(${h.address}) of ${h.token} is ${onChain}, Transfer logs give ${h.balance}`);
    holders.push({ chainId, token: h.token, address: h.address, balance: onChain, updatedBlock: h.updatedBlock });
    const row = tokenRows.get(h.token);
    if (row && h.balance > 0n) row.holdersCount = (row.holdersCount as number) + 1;
  }

  for (const t of trades) {
    const row = tokenRows.get(t.token as Hex);
    if (!row) continue;
    row.tradeCount = (row.tradeCount as number) + 1;
    row.volumeUsdc = (row.volumeUsdc as bigint) + (t.usdcAmount as bigint);
  }

  // Candles from the trades, in chain order.
  const candles = new Map<string, Row>();
  for (const t of [...trades].sort((x, y) =>
    x.blockNumber === y.blockNumber
      ? (x.logIndex as number) - (y.logIndex as number)
      : (x.blockNumber as bigint) < (y.blockNumber as bigint)
        ? -1
        : 1,
  )) {
    const price = t.price as bigint;
    for (const interval of candleIntervals) {
      const ts = t.timestamp as bigint;
      const bucket = ts - (ts % interval);
      const key = `${t.token}-${interval}-${bucket}`;
      const k = candles.get(key);
      if (!k) {
        candles.set(key, {
          chainId,
          token: t.token as Hex,
          interval: Number(interval),
          bucket,
          open: price,
          high: price,
          low: price,
          close: price,
          volumeUsdc: t.usdcAmount as bigint,
          volumeToken: t.tokenAmount as bigint,
          trades: 1,
        });
        continue;
      }
      if (price > (k.high as bigint)) k.high = price;
      if (price < (k.low as bigint)) k.low = price;
      k.close = price;
      k.volumeUsdc = (k.volumeUsdc as bigint) + (t.usdcAmount as bigint);
      k.volumeToken = (k.volumeToken as bigint) + (t.tokenAmount as bigint);
      k.trades = (k.trades as number) + 1;
    }
  }

  // Pools: the launchpad's view, the V3 pool's slot0 and liquidity, and when each last changed.
  const pools: Row[] = [];
  for (const [token, v] of views) {
    const grad = graduations.get(token);
    const v3 = v.graduated ? v3State.get(lower(v.v3Pool)) : undefined;
    const updatedBlock = poolUpdated.get(token) as bigint;
    pools.push({
      chainId,
      token,
      creator: lower(v.creator),
      poolType: v.poolType,
      ...v.params,
      supply: v.supply,
      reserve: v.reserve,
      price: v.price,
      marketCap: v.marketCap,
      progressBps: Number(v.progressBps),
      graduated: v.graduated,
      graduating: v.graduating,
      pendingSqrtPriceX96: v.graduating ? (pending.get(token)?.args.sqrtPriceX96 as bigint) : null,
      targetSqrtPriceX96: v.graduating ? (pending.get(token)?.args.targetSqrtPriceX96 as bigint) : null,
      referral: lower(v.referral),
      collectedFeesUsdc: collected.get(token)?.usdc ?? 0n,
      collectedFeesTokens: collected.get(token)?.tokens ?? 0n,
      graduatedAt: grad ? time(grad.blockNumber) : null,
      graduatedBlock: grad ? grad.blockNumber : null,
      v3Pool: v.graduated || v.graduating ? lower(v.v3Pool) : null,
      feeTier: grad ? Number(grad.args.feeTier) : null,
      positionId: v.graduated ? v.positionId : null,
      usdcIsToken0: curve.isUsdcToken0(usdc, token),
      sqrtPriceX96: v3 ? v3.sqrtPriceX96 : null,
      tick: v3 ? v3.tick : null,
      liquidity: v3 ? v3.liquidity : null,
      updatedBlock,
      updatedAt: time(updatedBlock),
    });
    if (!v.graduated && !v.graduating && v.v3Pool !== zeroAddress)
      inconsistencies.push(`${token} has a V3 pool but is not graduated`);
    if (v.graduated !== (grad !== undefined))
      inconsistencies.push(`${token}: graduated ${v.graduated}, Graduated event ${!!grad}`);
  }

  const fees: Row[] = [];
  for (const [recipient, f] of feeRows) {
    const claimable = await publicClient.readContract({
      address: launchpad,
      abi: launchpadAbi,
      functionName: "claimable",
      args: [recipient],
      ...at,
    });
    if (claimable !== f.accrued - f.claimed)
      inconsistencies.push(`claimable(${recipient}) is ${claimable}, logs give ${f.accrued} - ${f.claimed}`);
    fees.push({ chainId, recipient, claimable, accrued: f.accrued, claimed: f.claimed });
  }
  const recipientNow = await publicClient.readContract({
    address: launchpad,
    abi: launchpadAbi,
    functionName: "protocolFeeRecipient",
    ...at,
  });
  if (lower(recipientNow) !== lower(protocolFeeRecipient))
    inconsistencies.push(`protocolFeeRecipient is ${recipientNow}`);

  const v3Rows: Row[] = [...graduations.values()].map((g) => ({
    chainId,
    address: lower(g.args.v3Pool as string),
    token: lower(g.args.token as string),
    usdcIsToken0: curve.isUsdcToken0(usdc, g.args.token as string),
  }));

  const table = (name: IndexedTable, rows: Row[]): TableDump => ({ primaryKey: pkOf[name], rows });
  return {
    block,
    expected: {
      token: table("token", [...tokenRows.values()]),
      pool: table("pool", pools),
      trade: table("trade", trades),
      holder: table("holder", holders),
      candle: table("candle", [...candles.values()]),
      fees: table("fees", fees),
      token_fees: table("token_fees", [...tokenFeeRows.values()]),
      builder: table("builder", [...builderRows.values()]),
      referrer: table("referrer", [...referrerRows.values()]),
      launchpad: table("launchpad", launchpadRow ? [launchpadRow] : []),
      v3_pool: table("v3_pool", v3Rows),
    },
    inconsistencies,
    figures: {
      tokens: tokens.length,
      graduated: graduations.size,
      tradeEvents: launchpadLogs.filter((l) => l.eventName === "Trade").length,
      directSwaps,
      transfers: tokenLogs.length,
      holders: [...balances.values()].filter((h) => h.balance > 0n).length,
      claims,
      logs: launchpadLogs.length + tokenLogs.length + poolLogs.length,
    },
  };
}
