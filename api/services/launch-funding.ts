/**
 * The USDC that funded a token's early buyers, read from the chain's Transfer logs when a launch report first needs
 * it, and kept (db/launch-funding.ts), so each lookup is made once: the indexer does not follow USDC (every trade
 * moves some, and following it cost a third more CPU per trade in bench:indexer).
 *
 * Three lookups, each one eth_getLogs per 10,000 blocks for all the wallets at once:
 * - `in`: USDC to each early buyer, in the lookback before its first buy;
 * - `hop`: USDC to each wallet that funded one, in the lookback before it paid;
 * - `out`: USDC from the creator, from the lookback before the creation to the launch window's last first buy.
 * Transfers from the platform (the launchpad: sales and fee claims; a graduated pool: sales) fund no one, nor do
 * mints and burns. The lookback in blocks counts one block a second, more than enough for the chains served.
 * Only what is final (at or below the finalized block the indexer last committed) is kept, and a lookup counts as made
 * only up to there: a transfer a reorg may still undo is used for the answer and read again next time.
 */
import { type Address, erc20Abi, getAbiItem } from "viem";
import type { Funding, LaunchRules } from "../../core/launch-report.js";
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
/** Block headers read at once for transfers' times. */
const TIME_READS = 16;

type Need = { wallet: string; fromBlock: bigint; toBlock: bigint };

export async function launchFunding(
  deps: ApiDeps,
  d: { chainId: number; chainSlug: string; token: string },
  launch: IndexedLaunch,
  rules: Pick<LaunchRules, "fundingLookbackSeconds">,
): Promise<Funding[]> {
  const rpcUrl = deps.rpcUrls.get(d.chainSlug);
  const usdc = deps.deployments.get(d.chainSlug)?.contracts.usdc;
  if (!rpcUrl || !usdc) throw new Error(`No RPC URL or USDC for ${d.chainSlug}`);
  const client = publicClientFor(rpcUrl);
  const app = deps.config.appSchema;
  const token = d.token.toLowerCase();
  const lookback = BigInt(rules.fundingLookbackSeconds);
  const from = (block: bigint) => (block > lookback ? block - lookback : 0n);
  const times = new Map<bigint, bigint>();
  /** The times of `blocks` not known yet, read TIME_READS at a time. */
  const readTimes = async (blocks: bigint[]) => {
    const unknown = [...new Set(blocks)].filter((b) => !times.has(b));
    for (let i = 0; i < unknown.length; i += TIME_READS) {
      const batch = unknown.slice(i, i + TIME_READS);
      const read = await Promise.all(batch.map((b) => client.getBlock({ blockNumber: b })));
      for (const block of read) if (block.number !== null) times.set(block.number, block.timestamp);
    }
  };

  const chains = await readIndexedChains(deps.db, deps.config.indexerSchema);
  const final = BigInt(chains.find((c) => c.chainId === d.chainId)?.finalizedBlock ?? -1);
  /** What lookups found above the finalized block: used for this answer, not kept. */
  const unfinal: FundingRow[] = [];

  /** Looks up what `needs` still lack, keeps what is final, and marks them looked up as far as that. */
  const lookup = async (kind: FundingKind, needs: Need[], side: "to" | "from") => {
    const checked = await readCheckedFunding(deps.db, app, { chainId: d.chainId, token, kind });
    const open = needs.filter((n) => (checked.get(n.wallet) ?? -1n) < n.toBlock);
    if (open.length === 0) return;
    const low = open.reduce((m, n) => (n.fromBlock < m ? n.fromBlock : m), open[0]?.fromBlock ?? 0n);
    const high = open.reduce((m, n) => (n.toBlock > m ? n.toBlock : m), 0n);
    const range = new Map(open.map((n) => [n.wallet, n]));
    const rows: FundingRow[] = [];
    for (let start = low; start <= high; start += MAX_LOG_RANGE) {
      const end = start + MAX_LOG_RANGE - 1n < high ? start + MAX_LOG_RANGE - 1n : high;
      const logs = await client.getLogs({
        address: usdc,
        event: TRANSFER,
        args: { [side]: open.map((n) => n.wallet as Address) },
        fromBlock: start,
        toBlock: end,
      });
      const kept = logs.filter((log) => {
        const f = log.args.from?.toLowerCase();
        const t = log.args.to?.toLowerCase();
        const value = log.args.value ?? 0n;
        if (!f || !t || f === ZERO || t === ZERO || f === t || value === 0n || log.blockNumber === null) return false;
        if (launch.platform.has(f) || (side === "from" && launch.platform.has(t))) return false;
        const n = range.get(side === "to" ? t : f);
        return n !== undefined && log.blockNumber >= n.fromBlock && log.blockNumber <= n.toBlock;
      });
      await readTimes(kept.map((log) => log.blockNumber as bigint));
      for (const log of kept) {
        rows.push({
          from: (log.args.from as string).toLowerCase(),
          to: (log.args.to as string).toLowerCase(),
          value: log.args.value as bigint,
          block: log.blockNumber as bigint,
          timestamp: times.get(log.blockNumber as bigint) as bigint,
          txHash: log.transactionHash ?? "",
          logIndex: log.logIndex ?? 0,
        });
      }
    }
    unfinal.push(...rows.filter((r) => r.block > final));
    await storeFunding(deps.db, app, {
      chainId: d.chainId,
      token,
      kind,
      checked: open.map((n) => ({ ...n, toBlock: n.toBlock < final ? n.toBlock : final })),
      rows: rows.filter((r) => r.block <= final),
    });
  };
  const read = async (to: string[], from: string) => {
    const kept = await readFunding(deps.db, app, { chainId: d.chainId, to, from });
    // Never both: a kept row was final when kept, and finality only moves up.
    return [...kept, ...unfinal.filter((r) => to.includes(r.to) || r.from === from)];
  };

  const early = launch.firstBuys.filter((b) => b.trader !== launch.creator);
  await lookup(
    "in",
    early.map((b) => ({ wallet: b.trader, fromBlock: from(b.block), toBlock: b.block })),
    "to",
  );
  const direct = await read(
    early.map((b) => b.trader),
    ZERO,
  );
  const funders = new Map<string, bigint>();
  for (const f of direct) if ((funders.get(f.from) ?? -1n) < f.block) funders.set(f.from, f.block);
  await lookup(
    "hop",
    [...funders].map(([wallet, block]) => ({ wallet, fromBlock: from(block), toBlock: block })),
    "to",
  );
  const last = launch.firstBuys.reduce((m, b) => (b.block > m ? b.block : m), launch.createdBlock);
  await lookup("out", [{ wallet: launch.creator, fromBlock: from(launch.createdBlock), toBlock: last }], "from");
  return read([...early.map((b) => b.trader), ...funders.keys()], launch.creator);
}
