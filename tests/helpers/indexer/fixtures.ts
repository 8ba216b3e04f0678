/**
 * What an indexer under test runs on: a Postgres database of its own, a schema name per instance, a deployments
 * folder for startIndexer, and a sink for its log.
 */
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Deployment } from "../../../core/deployment.js";
import { adminQuery } from "../../../db/admin.js";
import { DEFAULT_DATABASE_URL } from "../../../scripts/indexer.js";

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
  const admin = (sql: string) => adminQuery(adminUrl, sql);
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
