/**
 * Signs the chain generator's transactions on worker threads, one per CPU: secp256k1 signing in JavaScript is what
 * limits how fast the generator can feed anvil. Keys come from anvil's public test mnemonic, by account index.
 * The same file is the worker's code (it runs it when it is not the main thread).
 */
import { availableParallelism } from "node:os";
import { isMainThread, parentPort, Worker } from "node:worker_threads";
import type { Address, Hex } from "viem";
import { type HDAccount, mnemonicToAccount } from "viem/accounts";

const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";

/** A transaction to sign: everything explicit, so nothing needs a round trip. */
export type UnsignedTx = {
  /** Index of the signing account in anvil's mnemonic. */
  account: number;
  to: Address;
  data: Hex;
  gas: bigint;
  nonce: number;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
};

type Job = { id: number; chainId: number; txs: UnsignedTx[] };
type Done = { id: number; raw: Hex[] };

export type TransactionSigner = {
  /** Signed raw transactions, in the order given. */
  sign(chainId: number, txs: UnsignedTx[]): Promise<Hex[]>;
  close(): Promise<void>;
};

export function startTransactionSigner(threads = availableParallelism()): TransactionSigner {
  // tsx's loader is not inherited by worker threads: register it before loading this file as the worker.
  const code = `import { register } from "tsx/esm/api"; register(); await import(${JSON.stringify(import.meta.url)});`;
  const workers = Array.from({ length: Math.max(1, threads) }, () => new Worker(code, { eval: true }));
  const waiting = new Map<number, { done: (raw: Hex[]) => void; fail: (error: Error) => void }>();
  for (const worker of workers) {
    worker.on("message", (m: Done) => {
      waiting.get(m.id)?.done(m.raw);
      waiting.delete(m.id);
    });
    worker.on("error", (error: Error) => {
      for (const w of waiting.values()) w.fail(error);
      waiting.clear();
    });
  }
  let nextId = 0;
  return {
    async sign(chainId, txs) {
      const size = Math.ceil(txs.length / workers.length);
      const parts = workers.map((worker, i) => {
        const job: Job = { id: nextId++, chainId, txs: txs.slice(i * size, (i + 1) * size) };
        return new Promise<Hex[]>((done, fail) => {
          waiting.set(job.id, { done, fail });
          worker.postMessage(job);
        });
      });
      return (await Promise.all(parts)).flat();
    },
    async close() {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  const accounts = new Map<number, HDAccount>();
  const account = (index: number) => {
    let a = accounts.get(index);
    if (!a) {
      a = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index });
      accounts.set(index, a);
    }
    return a;
  };
  port.on("message", async (job: Job) => {
    const raw: Hex[] = [];
    for (const tx of job.txs) {
      raw.push(
        await account(tx.account).signTransaction({
          chainId: job.chainId,
          type: "eip1559",
          to: tx.to,
          data: tx.data,
          gas: tx.gas,
          nonce: tx.nonce,
          maxFeePerGas: tx.maxFeePerGas,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
        }),
      );
    }
    port.postMessage({ id: job.id, raw } satisfies Done);
  });
}
