/**
 * One anvil for the whole vitest run, with our contracts deployed once, and one indexer following it. Test files get
 * the anvil's RPC URL, the deployment and the shared indexer through inject(); each creates its own tokens, so files
 * do not step on each other.
 *
 * The shared indexer writes one schema in a database of its own (Ponder's raw-chain cache is per database and keyed
 * by chain id, and every test anvil is chain 84532, so it must not share one with the files' own indexers of other
 * anvils). Files whose API reads the global chain put their app schemas beside it (tests/helpers/api.ts). A file
 * that restarts, stops or reorgs an indexer starts its own.
 */
import { appendFileSync } from "node:fs";
import type { TestProject } from "vitest/node";
import type { Deployment } from "../../core/deployment.js";
import { startAnvil } from "../../scripts/anvil.js";
import { deploy } from "../../scripts/deploy.js";
import { DEFAULT_DATABASE_URL, type StartIndexerReturnType, startIndexer } from "../../scripts/indexer.js";
import { createDatabase, deploymentsFolder } from "../helpers/indexer/fixtures.js";
import { watchLag } from "./lag-watch.js";

export type SharedIndexer = { url: string; schema: string; databaseUrl: string; pid: number };

declare module "vitest" {
  export interface ProvidedContext {
    rpcUrl: string;
    deployment: Deployment;
    sharedIndexer: SharedIndexer;
  }
}

/**
 * What the shared indexer says that matters (Ponder's warnings and errors, the lag watch's stalls): on stderr as it
 * comes, and in TEST_INDEXER_LOG when set, which the test command prints before its recap when a suite failed, since
 * a CI log may keep only its tail.
 */
function tell(text: string) {
  process.stderr.write(text);
  const file = process.env.TEST_INDEXER_LOG;
  if (!file) return;
  try {
    appendFileSync(file, `${new Date().toISOString().slice(11, 19)} ${text}`);
  } catch (error) {
    // A full disk must not end the run from here: the line is on stderr already.
    process.stderr.write(`[shared indexer] cannot keep this in ${file}: ${(error as Error).message}\n`);
  }
}

export default async function setup(project: TestProject) {
  const port = Number(process.env.TEST_ANVIL_PORT ?? 8645);
  const anvil = await startAnvil({ port, chainId: 84532, portVariable: "TEST_ANVIL_PORT" });
  const stops: (() => Promise<unknown>)[] = [() => anvil.stop()];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch((error) => console.error(error));
  };
  try {
    const deployment = await deploy({
      rpcUrl: anvil.rpcUrl,
      chainSlug: "base-sepolia",
      write: false,
      launchFee: false,
    });
    project.provide("rpcUrl", anvil.rpcUrl);
    project.provide("deployment", deployment);

    const database = await createDatabase("shared", process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
    stops.push(() => database.drop());
    const folder = deploymentsFolder(deployment);
    stops.push(async () => folder.remove());
    const schema = "ix_shared";
    // Ponder's warnings and errors are told as they come.
    let stopping = false;
    const indexer: StartIndexerReturnType = await startIndexer({
      rpcUrl: anvil.rpcUrl,
      chainSlug: deployment.chainSlug,
      schema,
      deploymentsDir: folder.dir,
      fresh: true,
      databaseUrl: database.url,
      log: (line) => {
        // Not Ponder's note that an idle automining anvil made no block for a while.
        if (!stopping && /\b(WARN|ERROR|FATAL)\b/.test(line) && !/No new block received/.test(line)) {
          tell(`[shared indexer] ${line}\n`);
        }
      },
    });
    stops.push(() => {
      stopping = true;
      return indexer.stop();
    });
    void indexer.exited.then((code) => {
      if (stopping) return;
      tell(
        [`[shared indexer] exited (code ${code}) during the run; its last output:`, ...indexer.lastOutput(), ""].join(
          "\n  ",
        ),
      );
    });
    await indexer.waitForReady();
    const watch = watchLag({
      rpcUrl: anvil.rpcUrl,
      indexer,
      databaseUrl: database.url,
      lastOutput: () => indexer.lastOutput(),
      say: tell,
    });
    stops.push(async () => {
      const { longestStallMs, stalls } = await watch.stop();
      tell(
        `[shared indexer] longest time behind the chain without progress: ${(longestStallMs / 1000).toFixed(1)} s; stalls of 10 s or more: ${stalls}\n`,
      );
    });
    const pid = indexer.process.pid;
    if (pid === undefined) throw new Error("the shared indexer has no process id");
    project.provide("sharedIndexer", { url: indexer.url, schema, databaseUrl: database.url, pid });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
