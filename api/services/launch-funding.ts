/**
 * The USDC and native coin that funded a token's early buyers, read from the chain when a launch report first needs
 * them, and kept (db/launch-funding.ts), so each lookup is made once: the indexer does not follow USDC (every trade
 * moves some, and following it cost a third more CPU per trade in bench:indexer), nor could it follow the native coin
 * without traces.
 *
 * Three lookups per asset, each one call per 10,000 blocks for all the wallets at once (USDC: eth_getLogs of its
 * Transfer logs; the native coin: trace_filter, where the chain's RPC serves it):
 * - `in`: what each early buyer received, in the lookback before its first buy;
 * - `hop`: what each wallet that funded one received, in the lookback before it paid;
 * - `out`: what the creator sent, from the lookback before the creation to the launch window's last first buy.
 * Transfers from the platform (the launchpad: sales and fee claims; a graduated pool: sales) fund no one, nor do
 * mints and burns. The lookback in blocks counts one block a second, more than enough for the chains served.
 * Only what is final (at or below the finalized block the indexer last committed) is kept, and a lookup counts as made
 * only up to there: a transfer a reorg may still undo is used for the answer and read again next time.
 */
import { type Address, BaseError, erc20Abi, getAbiItem, toHex } from "viem";
import type { Funding, FundingAsset, LaunchRules } from "../../core/launch-report.js";
import { publicClientFor } from "../../core/rpc.js";
import { readIndexedChains } from "../../db/indexed/events.js";
import type { IndexedLaunch } from "../../db/indexed/launch.js";
import {
  type FundingKind,
  type FundingRow,
  readCheckedFunding,
  readFunding,
  storeFunding,
} from "../../db/launch-funding.js";
import type { ApiDeps } from "../deps.js";

const TRANSFER = getAbiItem({ abi: erc20Abi, name: "Transfer" });
/** Blocks one eth_getLogs asks for at most (providers refuse wider ranges). */
const MAX_LOG_RANGE = 10_000n;
const ZERO = "0x0000000000000000000000000000000000000000";
/** Block headers, transactions or accounts' code read from the chain at once. */
const READS_AT_ONCE = 16;

/** `read` of each of `items`, READS_AT_ONCE at a time, in order. */
async function readInBatches<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += READS_AT_ONCE) {
    out.push(...(await Promise.all(items.slice(i, i + READS_AT_ONCE).map(read))));
  }
  return out;
}

type Need = { wallet: string; fromBlock: bigint; toBlock: bigint };

export async function launchFunding(
  deps: ApiDeps,
  d: { chainId: number; chainSlug: string; token: string },
  launch: IndexedLaunch,
  rules: Pick<LaunchRules, "fundingLookbackSeconds">,
): Promise<{ funding: Funding[]; assets: FundingAsset[] }> {
  const rpcUrl = deps.rpcUrls.get(d.chainSlug);
  const usdc = deps.deployments.get(d.chainSlug)?.contracts.usdc;
  if (!rpcUrl || !usdc) throw new Error(`No RPC URL or USDC for ${d.chainSlug}`);
  const client = publicClientFor(rpcUrl);
  const app = deps.config.appSchema;
  const token = d.token.toLowerCase();
  const lookback = BigInt(rules.fundingLookbackSeconds);
  const from = (block: bigint) => (block > lookback ? block - lookback : 0n);
  const times = new Map<bigint, bigint>();
  /** The times of `blocks` not known yet. */
  const readTimes = async (blocks: bigint[]) => {
    const unknown = [...new Set(blocks)].filter((b) => !times.has(b));
    const read = await readInBatches(unknown, (b) => client.getBlock({ blockNumber: b }));
    for (const block of read) if (block.number !== null) times.set(block.number, block.timestamp);
  };

  const chains = await readIndexedChains(deps.db, deps.config.indexerSchema);
  const final = BigInt(chains.find((c) => c.chainId === d.chainId)?.finalizedBlock ?? -1);
  /** What lookups found above the finalized block: used for this answer, not kept. */
  const unfinal: FundingRow[] = [];

  /** The transfers of `asset` to (or from) `wallets` in blocks start..end, as the chain tells them. */
  const transfers = async (
    asset: FundingAsset,
    side: "to" | "from",
    wallets: string[],
    start: bigint,
    end: bigint,
  ): Promise<Omit<FundingRow, "timestamp">[]> => {
    if (asset === "native") return nativeTransfers(client, side, wallets, start, end);
    const logs = await client.getLogs({
      address: usdc,
      event: TRANSFER,
      args: { [side]: wallets as Address[] },
      fromBlock: start,
      toBlock: end,
    });
    return logs.flatMap((log) =>
      log.blockNumber === null || !log.args.from || !log.args.to
        ? []
        : [
            {
              from: log.args.from.toLowerCase(),
              to: log.args.to.toLowerCase(),
              value: log.args.value ?? 0n,
              block: log.blockNumber,
              txHash: log.transactionHash ?? "",
              asset,
              logIndex: log.logIndex ?? 0,
              trace: "",
            },
          ],
    );
  };

  /**
   * Who funded each of `rows`: a wallet that sent it; for what a contract sent (a DEX pool's or router's payout, a
   * disperser's or a multicall's sends), the sender of its transaction, and none when that is the recipient itself
   * (a swap's output). So a pool that paid every swapper is no one's common source, and a bundler that funds its
   * wallets through a contract in one transaction is theirs.
   */
  const bySender = async <R extends { from: string; to: string; txHash: string }>(rows: R[]): Promise<R[]> => {
    const contracts = await contractsAmong(client, rpcUrl, [...new Set(rows.map((r) => r.from))]);
    const hashes = [...new Set(rows.filter((r) => contracts.has(r.from)).map((r) => r.txHash))];
    const read = await readInBatches(hashes, (hash) => client.getTransaction({ hash: hash as `0x${string}` }));
    const senderOf = new Map(read.map((tx) => [tx.hash.toLowerCase(), tx.from.toLowerCase()]));
    return rows.flatMap((r) => {
      if (!contracts.has(r.from)) return [r];
      const sender = senderOf.get(r.txHash.toLowerCase());
      return sender === undefined || sender === r.to || launch.platform.has(sender) ? [] : [{ ...r, from: sender }];
    });
  };

  /** Looks up what `needs` still lack in `asset`, keeps what is final, and marks them looked up as far as that. */
  const lookup = async (asset: FundingAsset, kind: FundingKind, needs: Need[], side: "to" | "from") => {
    const checked = await readCheckedFunding(deps.db, app, { chainId: d.chainId, token, kind, asset });
    const open = needs.filter((n) => (checked.get(n.wallet) ?? -1n) < n.toBlock);
    if (open.length === 0) return;
    const low = open.reduce((m, n) => (n.fromBlock < m ? n.fromBlock : m), open[0]?.fromBlock ?? 0n);
    const high = open.reduce((m, n) => (n.toBlock > m ? n.toBlock : m), 0n);
    const range = new Map(open.map((n) => [n.wallet, n]));
    const rows: FundingRow[] = [];
    for (let start = low; start <= high; start += MAX_LOG_RANGE) {
      const end = start + MAX_LOG_RANGE - 1n < high ? start + MAX_LOG_RANGE - 1n : high;
      const found = await transfers(
        asset,
        side,
        open.map((n) => n.wallet),
        start,
        end,
      );
      const kept = found.filter(({ from: f, to: t, value, block }) => {
        if (f === ZERO || t === ZERO || f === t || value === 0n) return false;
        if (launch.platform.has(f) || (side === "from" && launch.platform.has(t))) return false;
        const n = range.get(side === "to" ? t : f);
        return n !== undefined && block >= n.fromBlock && block <= n.toBlock;
      });
      const sent = side === "to" ? await bySender(kept) : kept;
      await readTimes(sent.map((r) => r.block));
      for (const r of sent) rows.push({ ...r, timestamp: times.get(r.block) as bigint });
    }
    unfinal.push(...rows.filter((r) => r.block > final));
    await storeFunding(deps.db, app, {
      chainId: d.chainId,
      token,
      kind,
      asset,
      checked: open.map((n) => ({ ...n, toBlock: n.toBlock < final ? n.toBlock : final })),
      rows: rows.filter((r) => r.block <= final),
    });
  };
  const read = async (to: string[], from: string) => {
    const kept = await readFunding(deps.db, app, { chainId: d.chainId, to, from });
    // Never both: a kept row was final when kept, and finality only moves up.
    return [...kept, ...unfinal.filter((r) => to.includes(r.to) || r.from === from)];
  };

  // The native coin where the chain's RPC serves trace_filter: learnt at the first lookup, per RPC URL.
  const assets: FundingAsset[] = tracesServed.get(rpcUrl) === false ? ["usdc"] : ["usdc", "native"];
  /** One lookup in every asset, the assets at once. */
  const lookupAll = (kind: FundingKind, needs: Need[], side: "to" | "from") =>
    Promise.all(
      [...assets].map(async (asset) => {
        try {
          await lookup(asset, kind, needs, side);
          if (asset === "native") tracesServed.set(rpcUrl, true);
        } catch (e) {
          if (asset !== "native") throw e;
          // Without traces the answer is of USDC alone, and says so: learnt for good if the method is refused,
          // otherwise (a range refused, a timeout) for this answer only, the lookup left to be made again.
          if (refusedMethod(e)) tracesServed.set(rpcUrl, false);
          else warnTraces(d.chainSlug, e);
          if (assets.includes("native")) assets.splice(assets.indexOf("native"), 1);
        }
      }),
    );
  const ofAssets = (rows: Funding[]) => rows.filter((f) => assets.includes(f.asset));

  const early = launch.firstBuys.filter((b) => b.trader !== launch.creator);
  const last = launch.firstBuys.reduce((m, b) => (b.block > m ? b.block : m), launch.createdBlock);
  const funders = new Map<string, bigint>();
  // The creator's sends apart from the early buyers' receipts and then their funders'.
  await Promise.all([
    lookupAll("out", [{ wallet: launch.creator, fromBlock: from(launch.createdBlock), toBlock: last }], "from"),
    (async () => {
      await lookupAll(
        "in",
        early.map((b) => ({ wallet: b.trader, fromBlock: from(b.block), toBlock: b.block })),
        "to",
      );
      const direct = ofAssets(
        await read(
          early.map((b) => b.trader),
          ZERO,
        ),
      );
      for (const f of direct) if ((funders.get(f.from) ?? -1n) < f.block) funders.set(f.from, f.block);
      await lookupAll(
        "hop",
        [...funders].map(([wallet, block]) => ({ wallet, fromBlock: from(block), toBlock: block })),
        "to",
      );
    })(),
  ]);
  const funding = await read([...early.map((b) => b.trader), ...funders.keys()], launch.creator);
  // A native row kept when the RPC served traces is not this answer's if it serves them no more.
  return { funding: ofAssets(funding), assets };
}

/** Whether an address holds a contract, by `<rpcUrl> <address>`: learnt once per process. */
const hasCode = new Map<string, boolean>();

/**
 * Those of `addresses` that hold a contract now. An account whose code is an EIP-7702 delegation (0xef0100 and an
 * address) is a wallet. Each read once per process.
 */
async function contractsAmong(
  client: ReturnType<typeof publicClientFor>,
  rpcUrl: string,
  addresses: string[],
): Promise<Set<string>> {
  const unknown = addresses.filter((a) => !hasCode.has(`${rpcUrl} ${a}`));
  const codes = await readInBatches(unknown, (a) => client.getCode({ address: a as Address }));
  unknown.forEach((a, j) => {
    const code = (codes[j] ?? "0x").toLowerCase();
    hasCode.set(`${rpcUrl} ${a}`, code !== "0x" && !(code.startsWith("0xef0100") && code.length === 48));
  });
  return new Set(addresses.filter((a) => hasCode.get(`${rpcUrl} ${a}`) === true));
}

/** Whether each RPC URL serves trace_filter, once learnt (a provider that does not, refuses the method). */
const tracesServed = new Map<string, boolean>();

/** When each chain's last trace failure was told: one line per chain per ten minutes. */
const tracesWarned = new Map<string, number>();

/** Tells a failed trace_filter on stderr, by chain and viem's short message: never the RPC URL (it may hold a key). */
function warnTraces(chainSlug: string, e: unknown) {
  if (Date.now() - (tracesWarned.get(chainSlug) ?? 0) < 600_000) return;
  tracesWarned.set(chainSlug, Date.now());
  const brief = e instanceof BaseError ? e.shortMessage : "unknown error";
  console.warn(
    `launch funding: trace_filter failed on ${chainSlug} (${brief}); reports read USDC alone until it answers`,
  );
}

/** A JSON-RPC call's trace, as trace_filter answers (the Parity/OpenEthereum format that Erigon, Reth and anvil serve). */
type CallTrace = {
  type: string;
  action: { from?: string; to?: string; value?: string; callType?: string };
  blockNumber: number;
  transactionHash: string | null;
  traceAddress: number[];
  error?: string;
};

/**
 * The native coin sent to (or from) `wallets` in blocks start..end: every call that carried value and did not fail,
 * the transaction's own (trace address []) or one a contract made (a disperser's, a hop through a contract wallet).
 * Delegate and static calls carry none of their own.
 */
async function nativeTransfers(
  client: ReturnType<typeof publicClientFor>,
  side: "to" | "from",
  wallets: string[],
  start: bigint,
  end: bigint,
): Promise<Omit<FundingRow, "timestamp">[]> {
  const traces = (await client.request({
    method: "trace_filter",
    params: [{ fromBlock: toHex(start), toBlock: toHex(end), [side === "to" ? "toAddress" : "fromAddress"]: wallets }],
  } as never)) as CallTrace[] | null;
  return (traces ?? []).flatMap((t) => {
    const { from, to, value, callType } = t.action;
    if (t.type !== "call" || (callType ?? "call") !== "call" || t.error || !from || !to || !value) return [];
    return [
      {
        from: from.toLowerCase(),
        to: to.toLowerCase(),
        value: BigInt(value),
        block: BigInt(t.blockNumber),
        txHash: t.transactionHash ?? "",
        asset: "native" as const,
        logIndex: -1,
        trace: t.traceAddress.join("."),
      },
    ];
  });
}

/** Whether `e` is a JSON-RPC refusal of the method itself: the node or provider does not serve it. */
function refusedMethod(e: unknown): boolean {
  for (let c: unknown = e; c && typeof c === "object"; c = (c as { cause?: unknown }).cause) {
    const code = (c as { code?: unknown }).code;
    if (code === -32601 || code === -32004) return true;
    const message = (c as { details?: unknown; message?: unknown }).details ?? (c as { message?: unknown }).message;
    if (
      typeof message === "string" &&
      /method .*(not (found|supported|available|allowed)|does not exist)/i.test(message)
    )
      return true;
  }
  return false;
}
