/**
 * What the benchmarks that start their own stack share: the machine they ran on, anvil's head, a free port, and a
 * chain with the contracts deployed beside a database of the run's own.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir, totalmem } from "node:os";
import { join } from "node:path";
import type { ChainSlug } from "../../core/chains.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL } from "../../scripts/indexer.js";
import { dropRedisKeys } from "./load.js";
import { runDatabase } from "./queries.js";

export { freePort } from "../../scripts/indexer.js";

export const fmtLoad = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

export function machineFacts(): string[] {
  const cpu = cpus();
  return [
    `machine: ${cpu.length} CPUs (${cpu[0]?.model.trim() ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, node ${process.version}, load average ${fmtLoad()}`,
  ];
}

export async function anvilBlock(rpcUrl: string): Promise<bigint> {
  const res = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
  });
  return BigInt(((await res.json()) as { result: string }).result);
}

/**
 * An anvil of `chainId` on a free port with a fresh deploy (its JSON in a temporary DEPLOYMENTS_DIR), and a Postgres
 * database `bench_<kind>_<pid>` made afresh. Each part's undoing is pushed on `cleanups` (the database dropped, the
 * BullMQ keys under `queuePrefix` deleted, the folder removed, anvil stopped), to be run last first.
 */
export async function startBenchChain(p: {
  kind: string;
  chainId: number;
  chainSlug: ChainSlug;
  queuePrefix: string;
  cleanups: (() => Promise<void> | void)[];
}) {
  const database = runDatabase(p.kind, DEFAULT_DATABASE_URL);
  const anvil = await startAnvil({ port: 0, chainId: p.chainId });
  p.cleanups.push(() => anvil.stop());
  const deployment = await deploy({ rpcUrl: anvil.rpcUrl, chainSlug: p.chainSlug, write: false, launchFee: false });
  const deploymentsDir = mkdtempSync(join(tmpdir(), `bench-${p.kind}-`));
  p.cleanups.push(() => rmSync(deploymentsDir, { recursive: true, force: true }));
  writeFileSync(join(deploymentsDir, `${p.chainSlug}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
  await database.drop();
  await database.create();
  p.cleanups.push(() => database.drop());
  p.cleanups.push(() => dropRedisKeys(database.redisUrl, `bull:${p.queuePrefix}`));
  return { anvil, deployment, deploymentsDir, database };
}
