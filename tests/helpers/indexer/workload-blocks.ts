/**
 * The blocks a workload mines itself. With anvil's automine off, transactions are submitted with hand-set gas and
 * nonces, mined together when the block is full or the workload asks, and every receipt is counted by what it did.
 */
import { type Address, type Hex, parseEventLogs, type TransactionReceipt } from "viem";
import { launchpadAbi } from "../../../abis/index.js";
import type { Chain, Wallet } from "../chain.js";

/** The launchpad's trade functions, in the order of the `mode` its Trade event carries. */
export type Mode = "buyExactIn" | "buyExactOut" | "sellExactIn" | "sellExactOut";
export const modes: Mode[] = ["buyExactIn", "buyExactOut", "sellExactIn", "sellExactOut"];
/** What a submitted transaction is for: how its receipt is counted, and whether a revert is fatal. */
export type Kind = Mode | "create" | "graduate" | "directSwap" | "transfer" | "claim" | "liquidity" | "setup";

/** Gas limits, set by hand so no estimate runs against a state the block then changes. Graduation deploys a V3 pool. */
export const gasOf = {
  small: 150_000n,
  trade: 900_000n,
  create: 9_000_000n,
  graduate: 2_000_000n,
  pool: 6_000_000n,
} as const;
const BLOCK_GAS = 28_000_000n;

/** What a workload's mined transactions did, from their receipts. */
export type WorkloadCounts = {
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

/** A contract write as Wallet.writeContract takes it, without gas, nonce and fees (submit sets those). */
export type WriteRequest = Record<string, unknown>;

export type Blocks = {
  /**
   * Sends `req` from `w` into the pending block (mining that first if `gas` does not fit in it), marks `w` busy
   * until the block is mined, and calls `then` with the receipt if it succeeds.
   */
  submit(
    w: Wallet,
    kind: Kind,
    gas: bigint,
    req: WriteRequest,
    then?: (receipt: TransactionReceipt) => void,
  ): Promise<void>;
  /** Mines what was submitted (one block, more if it did not fit) and books the receipts. */
  mine(): Promise<void>;
  /** Turns anvil's automine on or off. */
  automine(on: boolean): Promise<unknown>;
  /** Wallets with a transaction in the pending block. */
  busyWallets: Set<Wallet>;
  /** Tokens a transaction of the pending block uses (kept by the caller: submit does not know the token). */
  busyTokens: Set<Address>;
  counts: WorkloadCounts;
  /** Tokens created by mined `create` transactions, in the order they were mined. */
  created: Address[];
};

type Pending = { hash: Hex; kind: Kind; then?: (receipt: TransactionReceipt) => void };

/** The pending block of a workload on `c`: submit() fills it, mine() mines it; reverts are logged to `log`. */
export function blockBuilder(c: Chain, log: (line: string) => void): Blocks {
  const request = c.publicClient.request as unknown as (a: { method: string; params: unknown[] }) => Promise<unknown>;
  const counts: WorkloadCounts = {
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
  const created: Address[] = [];
  const nonces = new Map<Address, number>();
  let pending: Pending[] = [];
  let blockGas = 0n;
  const busyWallets = new Set<Wallet>();
  const busyTokens = new Set<Address>();

  const submit: Blocks["submit"] = async (w, kind, gas, req, then) => {
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
      book(counts, created, kind, r);
    }
  }

  const automine = (on: boolean) => request({ method: "evm_setAutomine", params: [on] });
  return { submit, mine, automine, busyWallets, busyTokens, counts, created };
}

/** Counts the successful receipt `r` of a `kind` transaction, and adds the token a `create` made to `created`. */
function book(counts: WorkloadCounts, created: Address[], kind: Kind, r: TransactionReceipt): void {
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
