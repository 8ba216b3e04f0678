/**
 * The launch report (get-token-launch-report) on a scripted launch, on an anvil of this file's own:
 * - a sniper bot buys in the block right after the creation;
 * - five wallets funded in USDC by one wallet (three directly, one through a contract it called, one through a wallet
 *   between) buy in the launch window;
 * - two wallets funded in ETH by another (one directly, one through a wallet between) buy in the launch window;
 * - two wallets funded in USDC through that same contract, each by a wallet of its own, buy in the launch window: no
 *   bundle, though the contract sent both their USDC;
 * - the creator funds two wallets, which buy in the window; the creator buys, and later the creator and one of its
 *   wallets sell;
 * - twenty organic buyers, each funded by its own faucet mint, buy after the window.
 * The report must name exactly these, and no organic buyer may appear in any label. Every figure is checked against
 * the chain: balances by balanceOf, amounts from the receipts' Trade logs.
 */
import { type Address, encodeFunctionData, getAddress, maxUint256, parseEventLogs } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchpadAbi, launchTokenAbi, mockUsdcAbi, multicall3Abi } from "../abis/index.js";
import { eventIssues } from "../core/event-schemas.js";
import type { StreamEvent } from "../core/events.js";
import { noAttribution } from "../core/fees.js";
import { readIndexedChains } from "../db/indexed/events.js";
import { createTestApi, startSideStack } from "./helpers/api.js";
import { createToken, fundedWallets, fundUsdc, send, type Wallet } from "./helpers/chain.js";
import { until } from "./helpers/until.js";
import { startRpcProxy } from "./helpers/worker.js";

const USDC = 10n ** 6n;

let side: Awaited<ReturnType<typeof startSideStack>>;
let token: Address;
let tokenId: string;
let creator: Wallet;
let sniper: Wallet;
let funder: Wallet;
let hop: Wallet;
let bundle: Wallet[];
let ethFunder: Wallet;
let ethHop: Wallet;
let ethBundle: Wallet[];
/** Two early buyers, each funded through the Multicall3 contract by a wallet of its own, and those two wallets. */
let apart: Wallet[];
let apartFunders: Wallet[];
let insiders: Wallet[];
let organic: Wallet[];
/** Token wei each wallet bought and sold, from the receipts' Trade logs. */
const bought = new Map<string, bigint>();
const sold = new Map<string, bigint>();
let report: Record<string, unknown> & {
  early_buyers: { address: string; bought: string; sold: string; held: string; funded_by: string[] }[];
  bundles: { wallets: string[]; sources: string[]; bought: string; held: string }[];
  creator: {
    address: string;
    held: string;
    wallets: { address: string; held: string }[];
    sells: { address: string; tokens: string; tx_hash: string }[];
  };
  funding_assets: string[];
  concentration: {
    top10: { address: string; balance: string }[];
    top10_pct: number;
    holders: number;
    holders_over_time: { block: number; holders: number }[];
  };
  early_holdings: { block: number; held: string }[];
  labels: { label: string; addresses: string[]; figures: Record<string, string | number> }[];
  supply: string;
};

const lower = (w: Wallet) => w.account.address;
let sniperBlock = 0n;
let handedOn: { blockNumber: bigint };
/** The creator's sell and its wallet's, in order. */
const sells: string[] = [];

/** The log's live launch events of a token (not removed), oldest first. */
async function launchEvents(address: string) {
  const { rows } = await side.api.deps.db.query<{ seq: string; removed_by: string | null }>(
    `SELECT seq::text, removed_by::text FROM "${side.api.deps.config.appSchema}".events
      WHERE kind IN ('launch_label', 'launch_sell') AND channels && $1::text[] ORDER BY seq`,
    [[`token:${address.toLowerCase()}`]],
  );
  const page = await side.api.post("get-events", { channels: [`token:${address}`], since: 0, limit: 500 }, side.jwt);
  const events = (page.body as unknown as { events: StreamEvent[] }).events;
  const live = new Set(rows.filter((r) => r.removed_by === null).map((r) => Number(r.seq)));
  return {
    all: events.filter((e) => e.kind === "launch_label" || e.kind === "launch_sell"),
    live: events.filter((e) => live.has(e.seq)),
    removals: events.filter((e) => e.kind === "removed"),
  };
}

/** The labels a client that applies the log's launch_label events in order holds. */
function toldLabels(events: readonly StreamEvent[]) {
  const told = new Map<string, string[]>();
  for (const e of events) {
    if (e.kind !== "launch_label") continue;
    const d = e.data as { label: string; change: string; addresses: string[] };
    if (d.change === "withdrawn") told.delete(d.label);
    else told.set(d.label, d.addresses);
  }
  return told;
}

/**
 * A token's holders as its Transfer logs on the chain tell them, from `fromBlock`: each address's balance (the zero
 * address and the token's own lock left out), and the holder count after each block that moved a balance.
 */
async function chainHolders(address: Address, fromBlock: number) {
  const logs = await side.c.publicClient.getContractEvents({
    address,
    abi: launchTokenAbi,
    eventName: "Transfer",
    fromBlock: BigInt(fromBlock),
  });
  const balances = new Map<string, bigint>();
  const after: { block: number; holders: number }[] = [];
  for (const l of logs) {
    const { from, to, value } = l.args as { from: Address; to: Address; value: bigint };
    for (const [a, d] of [
      [from, -value],
      [to, value],
    ] as const) {
      if (BigInt(a) === 0n || a.toLowerCase() === address.toLowerCase()) continue;
      balances.set(a.toLowerCase(), (balances.get(a.toLowerCase()) ?? 0n) + d);
    }
    const holders = [...balances.values()].filter((b) => b > 0n).length;
    const block = Number(l.blockNumber);
    if (after.at(-1)?.block === block) (after.at(-1) as { holders: number }).holders = holders;
    else after.push({ block, holders });
  }
  return { balances, after };
}

/** The USDC and ETH transfers between wallets the script sent: all the funding there is. */
const transfers: string[] = [];
let lastTransferBlock = 0n;

async function ethTo(from: Wallet, to: Address, value: bigint) {
  const hash = await from.sendTransaction({ to, value } as never);
  const receipt = await side.c.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  transfers.push(receipt.transactionHash);
  lastTransferBlock = receipt.blockNumber;
}

async function usdcTo(from: Wallet, to: Address, amount: bigint) {
  const receipt = await send(side.c, from, {
    address: side.c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "transfer",
    args: [to, amount],
  } as never);
  transfers.push(receipt.transactionHash);
  lastTransferBlock = receipt.blockNumber;
}

/**
 * USDC `from` sends `to` through a contract: it pays the Multicall3 mock, then calls it to transfer to `to`; the
 * Transfer log's sender is the contract, the transaction's is `from`.
 */
async function usdcThroughContract(from: Wallet, to: Address, amount: bigint) {
  const { usdc, multicall3 } = side.c.deployment.contracts;
  await send(side.c, from, {
    address: usdc,
    abi: mockUsdcAbi,
    functionName: "transfer",
    args: [multicall3, amount],
  } as never);
  const callData = encodeFunctionData({ abi: mockUsdcAbi, functionName: "transfer", args: [to, amount] });
  const receipt = await send(side.c, from, {
    address: multicall3,
    abi: multicall3Abi,
    functionName: "aggregate3",
    args: [[{ target: usdc, allowFailure: false, callData }]],
  } as never);
  transfers.push(receipt.transactionHash);
  lastTransferBlock = receipt.blockNumber;
}

async function approve(w: Wallet) {
  await send(side.c, w, {
    address: side.c.deployment.contracts.usdc,
    abi: mockUsdcAbi,
    functionName: "approve",
    args: [side.c.deployment.contracts.launchpad, maxUint256],
  } as never);
}

/** One trade, booked from its receipt's Trade log. */
async function trade(w: Wallet, side_: "buy" | "sell", amount: bigint, on: Address = token) {
  const receipt = await send(side.c, w, {
    address: side.c.deployment.contracts.launchpad,
    abi: launchpadAbi,
    functionName: side_ === "buy" ? "buyExactIn" : "sellExactIn",
    args: [on, amount, 0n, maxUint256, noAttribution],
  } as never);
  const [log] = parseEventLogs({ abi: launchpadAbi, logs: receipt.logs, eventName: "Trade" });
  if (!log) throw new Error("no Trade log");
  const args = log.args as unknown as { tokenAmount: bigint };
  const book = side_ === "buy" ? bought : sold;
  book.set(w.account.address, (book.get(w.account.address) ?? 0n) + args.tokenAmount);
  return receipt;
}

const balanceOf = (a: string) =>
  side.c.publicClient.readContract({
    address: token,
    abi: launchTokenAbi,
    functionName: "balanceOf",
    args: [a as Address],
  });

beforeAll(async () => {
  side = await startSideStack("launch-report", { launchWatch: true });
  const wallets = await fundedWallets(side.c, 39, { seed: "launch.report" });
  [creator, sniper, funder, hop] = wallets.slice(0, 4) as [Wallet, Wallet, Wallet, Wallet];
  bundle = wallets.slice(4, 9);
  insiders = wallets.slice(9, 11);
  organic = wallets.slice(11, 31);
  [ethFunder, ethHop] = wallets.slice(31, 33) as [Wallet, Wallet];
  ethBundle = wallets.slice(33, 35);
  apart = wallets.slice(35, 37);
  apartFunders = wallets.slice(37, 39);

  // Funding, all before the launch: the bundle's from one wallet (the fifth through `hop`), the insiders' from the
  // creator, everyone else's from the faucet (a mint: no one's).
  await fundUsdc(side.c, funder, 1_000n * USDC);
  for (const w of bundle.slice(0, 3)) await usdcTo(funder, w.account.address, 40n * USDC);
  await usdcThroughContract(funder, bundle[3]?.account.address as Address, 40n * USDC);
  await usdcTo(funder, hop.account.address, 40n * USDC);
  await usdcTo(hop, bundle[4]?.account.address as Address, 40n * USDC);
  await fundUsdc(side.c, creator, 1_000n * USDC);
  for (const w of insiders) await usdcTo(creator, w.account.address, 30n * USDC);
  await fundUsdc(side.c, sniper, 30n * USDC);
  // The ETH bundle: its gas money from one wallet, the second's through a wallet between; its USDC from the faucet.
  await ethTo(ethFunder, ethBundle[0]?.account.address as Address, 10n ** 18n);
  await ethTo(ethFunder, ethHop.account.address, 2n * 10n ** 18n);
  await ethTo(ethHop, ethBundle[1]?.account.address as Address, 10n ** 18n);
  for (const w of ethBundle) await fundUsdc(side.c, w, 20n * USDC);
  // Two wallets apart: each funded through the same contract, by a wallet of its own.
  for (const [i, w] of apart.entries()) {
    const own = apartFunders[i] as Wallet;
    await fundUsdc(side.c, own, 40n * USDC);
    await usdcThroughContract(own, w.account.address, 30n * USDC);
  }
  for (const w of [...bundle, ...insiders, ...ethBundle, ...apart]) await approve(w);
  for (const w of organic) await fundUsdc(side.c, w, 150n * USDC);

  // The launch: the sniper in the next block, then the bundle and the insiders, all inside the first minute.
  ({ token } = await createToken(side.c, creator, 7, { name: "Launch Report", symbol: "LRPT" }));
  sniperBlock = (await trade(sniper, "buy", 30n * USDC)).blockNumber;
  for (const w of bundle) await trade(w, "buy", 20n * USDC);
  for (const w of insiders) await trade(w, "buy", 20n * USDC);
  for (const w of ethBundle) await trade(w, "buy", 20n * USDC);
  for (const w of apart) await trade(w, "buy", 20n * USDC);
  // After the window: the creator buys, twenty organic buyers buy, then the creator and an insider sell.
  await side.c.testClient.increaseTime({ seconds: 120 });
  await trade(creator, "buy", 50n * USDC);
  for (const w of organic) await trade(w, "buy", 150n * USDC);
  sells.push((await trade(creator, "sell", (bought.get(creator.account.address) ?? 0n) / 2n)).transactionHash);
  const insiderSold = (bought.get(insiders[0]?.account.address as string) ?? 0n) / 3n;
  sells.push((await trade(insiders[0] as Wallet, "sell", insiderSold)).transactionHash);
  // A bundle wallet hands some of its tokens on: a move of the early buyers' holdings that is not a trade.
  handedOn = await send(
    side.c,
    bundle[0] as Wallet,
    {
      address: token,
      abi: launchTokenAbi,
      functionName: "transfer",
      args: [organic[1]?.account.address as Address, 1_000n * 10n ** 18n],
    } as never,
  );
  // Past Ponder's finality (30 blocks, moved once the head is twice that past): the funding is final, so it is kept.
  await side.c.testClient.mine({ blocks: 100 });
  await side.indexer.sync();
  await until("the funding final in the index", async () => {
    const chains = await readIndexedChains(side.api.deps.db, side.indexer.schema);
    return BigInt(chains[0]?.finalizedBlock ?? -1) >= lastTransferBlock;
  });

  const found = await side.api.post("search-token", { input: token }, side.jwt);
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  tokenId = (found.body as unknown as { token: { id: string } }).token.id;
  const res = await side.api.post("get-token-launch-report", { tokenId }, side.jwt);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  report = res.body as unknown as typeof report;
}, 300_000);

afterAll(async () => {
  await side?.close();
});

const labelled = (name: string) => report.labels.find((l) => l.label === name);

describe("a scripted launch", () => {
  it("names the sniper, and only it, sniped, with what it bought and holds", async () => {
    const sniped = labelled("sniped");
    expect(sniped?.addresses).toEqual([lower(sniper)]);
    const early = report.early_buyers.find((b) => b.address === lower(sniper));
    expect(early).toMatchObject({
      bought: String(bought.get(lower(sniper))),
      held: String(await balanceOf(lower(sniper))),
      sold: "0",
    });
  });

  it("names the five funded wallets one bundle, the one funded through a wallet between included", async () => {
    expect(report.bundles).toHaveLength(2);
    const b = report.bundles.find((x) => x.sources.includes(lower(funder)));
    expect([...(b?.wallets ?? [])].sort()).toEqual(bundle.map(lower).sort());
    expect(b?.sources).toEqual([lower(funder)]);
    const boughtSum = bundle.reduce((s, w) => s + (bought.get(lower(w)) ?? 0n), 0n);
    let heldSum = 0n;
    for (const w of bundle) heldSum += await balanceOf(lower(w));
    expect(b).toMatchObject({ bought: String(boughtSum), held: String(heldSum) });
    expect([...(labelled("bundled")?.addresses ?? [])].sort()).toEqual([...bundle, ...ethBundle].map(lower).sort());
    expect(labelled("bundled")?.figures).toMatchObject({ bundles: 2, wallets: bundle.length + ethBundle.length });
    const viaHop = report.early_buyers.find((e) => e.address === lower(bundle[4] as Wallet));
    expect(viaHop?.funded_by).toEqual([lower(hop)]);
  });

  it("names the two wallets one source funded in ETH a bundle too, through a wallet between as directly", async () => {
    expect(report.funding_assets).toEqual(["usdc", "native"]);
    const b = report.bundles.find((x) => x.sources.includes(lower(ethFunder)));
    expect([...(b?.wallets ?? [])].sort()).toEqual(ethBundle.map(lower).sort());
    expect(b?.sources).toEqual([lower(ethFunder)]);
    let heldSum = 0n;
    for (const w of ethBundle) heldSum += await balanceOf(lower(w));
    expect(b).toMatchObject({
      bought: String(ethBundle.reduce((s, w) => s + (bought.get(lower(w)) ?? 0n), 0n)),
      held: String(heldSum),
    });
    const funders = ethBundle.map((w) => report.early_buyers.find((e) => e.address === lower(w))?.funded_by);
    expect(funders).toEqual([[lower(ethFunder)], [lower(ethHop)]]);
  });

  it("names the creator's two wallets, what they and it hold, and both sells", async () => {
    expect(report.creator.address).toBe(lower(creator));
    expect(report.creator.held).toBe(String(await balanceOf(lower(creator))));
    expect(report.creator.wallets.map((w) => w.address).sort()).toEqual(insiders.map(lower).sort());
    for (const w of report.creator.wallets) expect(w.held).toBe(String(await balanceOf(w.address)));
    expect(report.creator.sells.map((s) => [s.address, s.tokens])).toEqual([
      [lower(creator), String(sold.get(lower(creator)))],
      [lower(insiders[0] as Wallet), String(sold.get(lower(insiders[0] as Wallet)))],
    ]);
    expect([...(labelled("creator_sold")?.addresses ?? [])].sort()).toEqual(
      [lower(creator), lower(insiders[0] as Wallet)].sort(),
    );
    // The insiders are not a bundle of their own: they are the creator's.
    expect(report.bundles.flatMap((b) => b.wallets)).not.toContain(lower(insiders[0] as Wallet));
  });

  it("counts the supply and the ten largest holders as the chain holds them", async () => {
    const supply = await side.c.publicClient.readContract({
      address: token,
      abi: launchTokenAbi,
      functionName: "totalSupply",
    });
    expect(report.supply).toBe(String(supply));
    for (const h of report.concentration.top10) expect(h.balance).toBe(String(await balanceOf(h.address)));
    expect(report.concentration.top10).toHaveLength(10);
    console.log(
      `launch report: top-10 ${report.concentration.top10_pct}%, ${report.concentration.holders} holders, labels ${report.labels.map((l) => l.label).join(", ")}`,
    );
  });

  it("kept exactly the USDC and ETH sent between wallets, read from the chain once: a second report reads nothing new", async () => {
    const db = side.api.deps.db;
    const app = side.api.deps.config.appSchema;
    const kept = await db.query<{ tx_hash: string; asset: string; value: string }>(
      `SELECT tx_hash, asset, value::text FROM "${app}".launch_funding`,
    );
    expect(kept.rows.map((r) => r.tx_hash).sort()).toEqual([...transfers].sort());
    const eth = kept.rows.filter((r) => r.asset === "native");
    for (const r of eth) {
      const tx = await side.c.publicClient.getTransaction({ hash: r.tx_hash as `0x${string}` });
      expect(r.value).toBe(String(tx.value));
    }
    expect(eth).toHaveLength(3);
    const checked = async () =>
      (await db.query(`SELECT wallet, kind, asset, checked_at FROM "${app}".launch_funding_checked ORDER BY 1, 2, 3`))
        .rows;
    const before = await checked();
    expect(before.length).toBeGreaterThan(0);
    const again = await side.api.post("get-token-launch-report", { tokenId }, side.jwt);
    expect({ ...again.body, freshness: null }).toEqual({ ...report, freshness: null });
    expect(await checked()).toEqual(before);
  });

  it("draws the early buyers' holdings from the sniper's block to what they hold now, transfers included", async () => {
    let now = 0n;
    for (const b of report.early_buyers) now += await balanceOf(b.address);
    const points = report.early_holdings;
    expect(points[0]).toMatchObject({ held: "0" });
    expect(points[1]).toMatchObject({ block: Number(sniperBlock), held: String(bought.get(lower(sniper))) });
    expect(points.at(-1)?.held).toBe(String(now));
    // The bundle wallet's transfer is the last change of their holdings, and the insider's sell the one before.
    const sellBlock = await side.c.publicClient.getTransactionReceipt({ hash: sells[1] as `0x${string}` });
    expect(points.slice(-2).map((p) => p.block)).toEqual([Number(sellBlock.blockNumber), Number(handedOn.blockNumber)]);
    expect(BigInt(points.at(-2)?.held ?? 0) - BigInt(points.at(-1)?.held ?? 0)).toBe(1_000n * 10n ** 18n);
  });

  it("counts the holders after each block that changed them as the chain's Transfer logs do", async () => {
    const created = report.created_block as number;
    const { balances, after } = await chainHolders(token, created);
    // The chain's count where it moved, from 0 at the creation (a count of the creation block replaces that 0).
    const expected = [{ block: created, holders: 0 }];
    for (const p of after) {
      const last = expected.at(-1) as { block: number; holders: number };
      if (p.block === last.block) last.holders = p.holders;
      else if (p.holders !== last.holders) expected.push(p);
    }
    const series = report.concentration.holders_over_time.map(({ block, holders }) => ({ block, holders }));
    // The series has a point for every block that changed a balance; the chain's, only where the count moved.
    expect(series.filter((p, i) => i === 0 || p.holders !== series[i - 1]?.holders)).toEqual(expected);
    expect(series.at(-1)?.holders).toBe(report.concentration.holders);
    // The creator, the sniper, the bundles, the insiders and the organic buyers (the funders and hops bought nothing),
    // and the token's V3 pool: pinned at the creation, it holds the seed's few tokens (Launchpad._pinPool).
    const wallets = [creator, sniper, ...bundle, ...ethBundle, ...apart, ...insiders, ...organic].map((w) =>
      lower(w).toLowerCase(),
    );
    const pinned = await side.c.publicClient.readContract({
      address: side.c.deployment.contracts.launchpad,
      abi: launchpadAbi,
      functionName: "graduationPoolOf",
      args: [token],
    });
    const holding = [...balances].filter(([, b]) => b > 0n).map(([a]) => a);
    expect(holding.sort()).toEqual([...wallets, pinned.toLowerCase()].sort());
    expect(report.concentration.holders).toBe(wallets.length + 1);
  });

  it("puts no organic buyer in any label", () => {
    const named = new Set(report.labels.flatMap((l) => l.addresses));
    expect(organic.filter((w) => named.has(lower(w))).map(lower)).toEqual([]);
    expect(report.early_buyers.map((b) => b.address)).not.toContain(lower(organic[0] as Wallet));
  });

  it("takes a contract's send for its transaction sender's: one contract that paid two wallets apart is no bundle", () => {
    // The bundle wallet funded through the contract is its funder's; the two apart are each their own funder's.
    const fundedBy = (w: Wallet) => report.early_buyers.find((e) => e.address === lower(w))?.funded_by;
    expect(fundedBy(bundle[3] as Wallet)).toEqual([lower(funder)]);
    expect(apart.map(fundedBy)).toEqual(apartFunders.map((f) => [lower(f)]));
    const named = new Set(report.labels.flatMap((l) => l.addresses));
    expect(apart.filter((w) => named.has(lower(w))).map(lower)).toEqual([]);
    const sources = report.bundles.flatMap((b) => b.sources);
    expect(sources).not.toContain(getAddress(side.c.deployment.contracts.multicall3));
  });
});

describe("the launch, live", () => {
  it("tells the stream each label as the report names it, of the trade that raised it", async () => {
    let told: StreamEvent[] = [];
    await until(
      "the launch watcher told the creator's wallet's sell",
      async () => {
        told = (await launchEvents(token)).live;
        return told.some((e) => e.kind === "launch_sell" && e.data.txHash === sells[1]);
      },
      15_000,
    );
    for (const e of told) expect(eventIssues(e), JSON.stringify(e)).toEqual([]);
    console.log(
      `launch events: ${told.map((e) => (e.kind === "launch_sell" ? `${e.data.role} sold` : `${e.data.label} ${e.data.change}`)).join(", ")}`,
    );
    const labels = toldLabels(told);
    expect([...labels.keys()].sort()).toEqual(report.labels.map((l) => l.label).sort());
    // The log's addresses are lower case, as in every event; the report's EIP-55.
    for (const l of report.labels) {
      expect([...(labels.get(l.label) ?? [])].sort()).toEqual(l.addresses.map((a) => a.toLowerCase()).sort());
    }
    const sniped = told.find((e) => e.kind === "launch_label" && e.data.label === "sniped");
    expect(sniped?.data.change).toBe("raised");
    expect(sniped?.block?.number).toBe(Number(sniperBlock));
    const named = new Set([...labels.values()].flat());
    expect(organic.filter((w) => named.has(lower(w).toLowerCase())).map(lower)).toEqual([]);
  });

  it("tells the creator's sell and its wallet's, with what each sold, and no one else's", async () => {
    const { live } = await launchEvents(token);
    const told = live.filter((e) => e.kind === "launch_sell").map((e) => e.data);
    expect(told.map((d) => [d.seller, d.role, d.tokenAmount, d.txHash])).toEqual([
      [lower(creator).toLowerCase(), "creator", String(sold.get(lower(creator))), sells[0]],
      [
        lower(insiders[0] as Wallet).toLowerCase(),
        "creator_wallet",
        String(sold.get(lower(insiders[0] as Wallet))),
        sells[1],
      ],
    ]);
  });

  it("shows the labels on the Token shape, in search-token and get-tokens", async () => {
    const names = report.labels.map((l) => l.label).sort();
    const found = await side.api.post("search-token", { input: token }, side.jwt);
    expect((found.body as unknown as { token: { launch_labels: string[] } }).token.launch_labels).toEqual(names);
    const list = await side.api.post("get-tokens", { filter: "new", limit: 50 }, side.jwt);
    const item = (list.body as unknown as { tokens: { id: string; launch_labels: string[] }[] }).tokens.find(
      (t) => t.id === tokenId,
    );
    expect(item?.launch_labels).toEqual(names);
  });
});

describe("a chain whose RPC does not answer", () => {
  it("does not stop the watcher: it goes on past a report it cannot make after three tries, labelling nothing", async () => {
    // A second API on the same index, with an RPC that refuses every call: no report can read its funding.
    const dead = await createTestApi({
      launchWatch: true,
      indexerSchema: side.indexer.schema,
      chain: { ...side.c, rpcUrl: "http://127.0.0.1:9" },
      quotes: false,
    });
    try {
      const app = dead.appSchema;
      const position = async () => {
        const { rows } = await dead.deps.db.query<{ cursor: string; head: string }>(
          `SELECT (SELECT seq FROM "${app}".launch_watch_cursor)::text AS cursor,
                  (SELECT coalesce(max(seq), 0) FROM "${app}".events)::text AS head`,
        );
        return rows[0];
      };
      await until(
        "the dead-RPC watcher past every event of the chain",
        async () => {
          const p = await position();
          return p !== undefined && Number(p.head) > 0 && p.cursor === p.head;
        },
        30_000,
      );
      const { rows } = await dead.deps.db.query(`SELECT * FROM "${app}".launch_labels`);
      expect(rows).toEqual([]);
    } finally {
      await dead.close();
    }
  }, 60_000);
});

/** A second API on the stack's index whose RPC is a proxy in front of anvil's, and its report of the launch. */
async function behindProxy(p: Parameters<typeof startRpcProxy>[1]) {
  const proxy = await startRpcProxy(side.c.rpcUrl, p);
  const api = await createTestApi({
    indexerSchema: side.indexer.schema,
    chain: { ...side.c, rpcUrl: proxy.url },
    quotes: false,
  });
  const found = await api.post("search-token", { input: token }, side.jwt);
  const id = (found.body as unknown as { token: { id: string } }).token.id;
  return { proxy, api, id, reportOf: () => api.post("get-token-launch-report", { tokenId: id }, side.jwt) };
}

describe("a chain whose RPC serves no traces", () => {
  it("reports the USDC funding alone, and says so: the ETH bundle is not named, nothing else changes", async () => {
    const { proxy, api: plain, id, reportOf } = await behindProxy({ refuseMethods: ["trace_filter"] });
    try {
      const res = await reportOf();
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const r = res.body as unknown as typeof report;
      expect(r.funding_assets).toEqual(["usdc"]);
      expect(proxy.methods).toContain("trace_filter");
      expect(r.bundles.map((b) => b.sources)).toEqual([[lower(funder)]]);
      expect(r.labels.find((l) => l.label === "bundled")?.addresses.sort()).toEqual(bundle.map(lower).sort());
      for (const w of ethBundle) {
        expect(r.early_buyers.find((e) => e.address === lower(w))?.funded_by).toEqual([]);
      }
      // Asked once per process: a second report does not ask again.
      const asked = proxy.methods.filter((m) => m === "trace_filter").length;
      await reportOf();
      expect(proxy.methods.filter((m) => m === "trace_filter")).toHaveLength(asked);
      const { rows } = await plain.deps.db.query(
        `SELECT count(*)::int AS n FROM "${plain.appSchema}".launch_funding WHERE asset = 'native'`,
      );
      expect(rows[0]).toEqual({ n: 0 });
      // The token page says so in its Launch panel; the stack's own, whose RPC serves traces, does not.
      const note = "Funding read in USDC only";
      const page = async (api: { app: { request: (path: string) => Response | Promise<Response> } }, id: string) => {
        const res = await api.app.request(`/token/${id}`);
        expect(res.status).toBe(200);
        return res.text();
      };
      expect(await page(plain, id)).toContain(note);
      expect(await page(side.api, tokenId)).not.toContain(note);
    } finally {
      await plain.close();
      await proxy.stop();
    }
  }, 60_000);
});

describe("a chain whose RPC fails a trace lookup", () => {
  it("answers with USDC alone that once, and reads the native coin again at the next report", async () => {
    const { proxy, api: flaky, reportOf } = await behindProxy({});
    try {
      proxy.refuse({ methods: ["trace_filter"], code: -32602, message: "block range is too wide" });
      const once = (await reportOf()).body as unknown as typeof report;
      expect(once.funding_assets).toEqual(["usdc"]);
      expect(once.bundles.map((b) => b.sources)).toEqual([[lower(funder)]]);
      proxy.refuse(undefined);
      const again = (await reportOf()).body as unknown as typeof report;
      expect(again.funding_assets).toEqual(["usdc", "native"]);
      expect(again.bundles.map((b) => b.sources).sort()).toEqual([[lower(funder)], [lower(ethFunder)]].sort());
      // The same report as the stack's own API made (its token id apart: each API has its own).
      expect({ ...again, token_id: null, freshness: null }).toEqual({ ...report, token_id: null, freshness: null });
    } finally {
      await flaky.close();
      await proxy.stop();
    }
  }, 60_000);
});

describe("a reorg that takes a sniper's buy away", () => {
  it("withdraws the sniped label: the report is the index's as it is now", async () => {
    await fundUsdc(side.c, sniper, 10n * USDC);
    await fundUsdc(side.c, organic[0] as Wallet, 10n * USDC);
    const { token: second } = await createToken(side.c, creator, 7, { name: "Reorged Launch", symbol: "RORG" });
    const snapshot = await side.c.testClient.snapshot();
    const reportOf = async () => {
      await side.indexer.sync();
      const found = await side.api.post("search-token", { input: second }, side.jwt);
      const id = (found.body as unknown as { token: { id: string } }).token.id;
      return (await side.api.post("get-token-launch-report", { tokenId: id }, side.jwt))
        .body as unknown as typeof report;
    };
    await trade(sniper, "buy", 10n * USDC, second);
    const before = await reportOf();
    expect(before.early_buyers.map((b) => b.address)).toEqual([lower(sniper)]);
    expect(before.labels.find((l) => l.label === "sniped")?.addresses).toEqual([lower(sniper)]);

    await until(
      "the sniped label told",
      async () => (await launchEvents(second)).live.some((e) => e.kind === "launch_label" && e.data.label === "sniped"),
      15_000,
    );

    // The branch without it, longer than the one with it: the indexer reorgs the buy away.
    await side.c.testClient.revert({ id: snapshot });
    await side.c.testClient.mine({ blocks: 3 });
    await trade(organic[0] as Wallet, "buy", 10n * USDC, second);
    const after = await reportOf();
    expect(after.early_buyers.map((b) => b.address)).toEqual([lower(organic[0] as Wallet)]);
    expect(after.labels.flatMap((l) => l.addresses)).not.toContain(lower(sniper));
    expect(after.labels.map((l) => l.label)).not.toContain("sniped");

    // The stream: the label's event is removed with the buy's block, and no later event raises it again.
    let r = await launchEvents(second);
    const isSniped = (e: StreamEvent) => e.kind === "launch_label" && e.data.label === "sniped";
    await until(
      "the sniped label's event removed",
      async () => {
        r = await launchEvents(second);
        const raised = r.all.find(isSniped);
        return raised !== undefined && r.removals.some((x) => x.removes === raised.seq);
      },
      15_000,
    );
    const { all, live, removals } = r;
    const raised = all.find(isSniped);
    expect(raised?.data.addresses).toEqual([lower(sniper).toLowerCase()]);
    expect(removals.find((x) => x.removes === raised?.seq)?.data).toEqual({ seq: raised?.seq, kind: "launch_label" });
    expect(toldLabels(live).has("sniped")).toBe(false);
    const found = await side.api.post("search-token", { input: second }, side.jwt);
    expect((found.body as unknown as { token: { launch_labels: string[] } }).token.launch_labels).not.toContain(
      "sniped",
    );
  });
});

describe("concentration, after the launch window", () => {
  it("is raised by any trade that makes a token concentrated, with no early buyer to trigger a report", async () => {
    const { token: third } = await createToken(side.c, creator, 7, { name: "Late Whale", symbol: "WHALE" });
    await side.c.testClient.increaseTime({ seconds: 120 });
    // The creator alone buys, after the window: no early buyer, no insider sell; only the concentration changes.
    await trade(creator, "buy", 5n * USDC, third);
    await side.indexer.sync();
    // The watcher writes the label and its event together; the event reaches the log at the sequencer's next step.
    await until(
      "the log tells concentrated",
      async () => (await launchEvents(third)).live.some((e) => e.kind === "launch_label"),
      15_000,
    );
    const found = await side.api.post("search-token", { input: third }, side.jwt);
    expect((found.body as unknown as { token: { launch_labels: string[] } }).token.launch_labels).toEqual([
      "concentrated",
    ]);
    const { live } = await launchEvents(third);
    expect(live.map((e) => [e.kind, e.data.label, e.data.change])).toEqual([
      ["launch_label", "concentrated", "raised"],
    ]);
    // The token's V3 pool holds the seed's tokens from the creation: a holder, but not one of the ten.
    const id = (found.body as unknown as { token: { id: string } }).token.id;
    const r = (await side.api.post("get-token-launch-report", { tokenId: id }, side.jwt))
      .body as unknown as typeof report;
    expect(r.concentration.top10.map((h) => h.address)).toEqual([lower(creator)]);
    expect(r.concentration.holders).toBe(2);
    expect(r.concentration.top10_pct).toBeLessThan(100);
  });
});

describe("the holder count over a long life", () => {
  it("samples at most 200 blocks evenly over it, each the chain's count there, the last the count now", async () => {
    const { token: long } = await createToken(side.c, creator, 7, { name: "Long Life", symbol: "LONG" });
    await fundUsdc(side.c, organic[2] as Wallet, 30n * USDC);
    await approve(organic[2] as Wallet);
    // A buy, then transfers to new holders far apart: 600 blocks and more of life.
    await trade(organic[2] as Wallet, "buy", 30n * USDC, long);
    for (const to of organic.slice(3, 6)) {
      await side.c.testClient.mine({ blocks: 200 });
      await send(
        side.c,
        organic[2] as Wallet,
        { address: long, abi: launchTokenAbi, functionName: "transfer", args: [lower(to), 10n ** 18n] } as never,
      );
    }
    await side.indexer.sync();
    const found = await side.api.post("search-token", { input: long }, side.jwt);
    const id = (found.body as unknown as { token: { id: string } }).token.id;
    const r = (await side.api.post("get-token-launch-report", { tokenId: id }, side.jwt))
      .body as unknown as typeof report;
    const series = r.concentration.holders_over_time;
    const { after } = await chainHolders(long, r.created_block as number);
    const countAt = (block: number) => after.filter((p) => p.block <= block).at(-1)?.holders ?? 0;
    expect(series.length).toBeGreaterThan(4);
    expect(series.length).toBeLessThanOrEqual(200);
    expect(series[0]?.block).toBe(r.created_block);
    for (const [i, p] of series.entries()) {
      expect(p.holders, `at block ${p.block}`).toBe(countAt(p.block));
      if (i > 0) expect(p.block).toBeGreaterThan(series[i - 1]?.block as number);
    }
    // The pinned pool, the buyer and the three it sent to.
    expect(series.at(-1)?.holders).toBe(5);
    expect(r.concentration.holders).toBe(5);
    // Every change of the count is among the samples: here they are far enough apart.
    expect([...new Set(series.map((p) => p.holders))]).toEqual([...new Set(after.map((p) => p.holders))]);
  });
});
