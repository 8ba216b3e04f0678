/**
 * Watches the shared indexer of the test run: while it stays behind the chain's head without moving for
 * `stallMs`, it says so on stderr once per stall, with Ponder's last output and the statements of its database that
 * wait or run long, so that a file that then times out waiting for a block has its cause in the log. `stop()`
 * returns the longest stall seen.
 */
import pg from "pg";
import type { IndexerStatus } from "../../scripts/indexer.js";

export type LagWatch = { stop(): Promise<{ longestStallMs: number; stalls: number }> };

export function watchLag(p: {
  rpcUrl: string;
  indexer: IndexerStatus;
  databaseUrl: string;
  lastOutput: () => string[];
  /** Where a stall is told (default stderr). */
  say?: (text: string) => void;
  stallMs?: number;
  pollMs?: number;
}): LagWatch {
  const stallMs = p.stallMs ?? 10_000;
  let stopped = false;
  let longestStallMs = 0;
  let stalls = 0;
  // Since when the indexer has been behind at the block it is at, and whether this stall was reported.
  let behindSince: { block: bigint; at: number; reported: boolean } | undefined;

  const head = async (): Promise<bigint> => {
    const res = await fetch(p.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
    });
    return BigInt(((await res.json()) as { result: string }).result);
  };

  const report = async (indexed: bigint | undefined, chainHead: bigint, forMs: number) => {
    let statements: string[] = [];
    const client = new pg.Client({ connectionString: p.databaseUrl, application_name: "test-lag-watch" });
    try {
      await client.connect();
      const { rows } = await client.query<{ line: string }>(
        `SELECT concat_ws(' | ', pid, application_name, state, wait_event_type, wait_event,
                  'blocked by ' || nullif(pg_blocking_pids(pid)::text, '{}'),
                  round(extract(epoch FROM now() - query_start))::text || ' s', left(query, 160)) AS line
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND state <> 'idle'`,
      );
      statements = rows.map((row) => row.line);
    } catch (error) {
      statements = [`(could not read pg_stat_activity: ${error instanceof Error ? error.message : error})`];
    } finally {
      await client.end().catch(() => {});
    }
    (p.say ?? ((text: string) => process.stderr.write(text)))(
      [
        `[shared indexer] stalled for ${Math.round(forMs / 1000)} s at block ${indexed ?? "(no status)"} (chain head ${chainHead})`,
        "  its database's busy statements:",
        ...(statements.length ? statements.map((s) => `    ${s}`) : ["    (none)"]),
        "  its last output:",
        ...p
          .lastOutput()
          .slice(-12)
          .map((line) => `    ${line}`),
        "",
      ].join("\n"),
    );
  };

  const loop = (async () => {
    while (!stopped) {
      await new Promise((done) => setTimeout(done, p.pollMs ?? 1_000));
      try {
        const [indexed, chainHead] = await Promise.all([p.indexer.indexedBlock().catch(() => undefined), head()]);
        const now = Date.now();
        if (indexed !== undefined && indexed >= chainHead) {
          behindSince = undefined;
          continue;
        }
        const at = indexed ?? -1n;
        if (!behindSince || behindSince.block !== at) {
          behindSince = { block: at, at: now, reported: false };
          continue;
        }
        const forMs = now - behindSince.at;
        if (forMs > longestStallMs) longestStallMs = forMs;
        if (forMs >= stallMs && !behindSince.reported) {
          behindSince.reported = true;
          stalls++;
          await report(indexed, chainHead, forMs);
        }
      } catch {
        // The anvil is gone (teardown) or busy: try again.
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      await loop;
      return { longestStallMs, stalls };
    },
  };
}
