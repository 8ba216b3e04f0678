/**
 * Readiness (GET /ready): whether this process can serve requests now, for a load balancer to send it traffic or
 * not. Postgres answers `SELECT 1`, Redis answers PING, each chain's RPC answers eth_blockNumber, and the indexer is
 * at most MAX_INDEXER_LAG_BLOCKS behind the chain head. The checks run at once, each bounded by `timeoutMs`.
 */
import { publicClientFor } from "../../core/rpc.js";
import { ping } from "../../db/pool.js";
import type { ApiDeps } from "../deps.js";
import { freshness } from "../services/indexed.js";
import { indexerLagOf } from "./metrics.js";
import { TimeoutError, withTimeout } from "./with-timeout.js";

/**
 * Blocks the indexer may be behind the chain head while the process counts as ready. A constant, not configuration:
 * ApiConfig (api/config.ts, core/env.ts) has no setting for it yet. 20 blocks is 40 s on Base's 2 s blocks, a
 * few seconds on anvil's automine.
 */
export const MAX_INDEXER_LAG_BLOCKS = 20;

/** How long one check may take, ms. */
export const READINESS_CHECK_TIMEOUT_MS = 1_000;

export type ReadinessCheck = {
  ok: boolean;
  /** How long the check took, ms. */
  ms: number;
  /** Why it failed: "No answer within 1000 ms", an error code (ECONNREFUSED), or a rule. No connection details. */
  error?: string;
  /** rpc:<chain>: the chain head it answered. */
  block?: number;
  /** indexer:<chain>: blocks behind the chain head. */
  lagBlocks?: number;
};

export type CheckReadinessReturnType = {
  ready: boolean;
  /** By part: postgres, redis, rpc:<chain>, indexer:<chain>. */
  checks: Record<string, ReadinessCheck>;
  /** The parts whose check failed, in the order of `checks`. */
  failing: string[];
};

export type CheckReadinessParameters = {
  /** Bound on each check, ms; default READINESS_CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
  /** Blocks the indexer may be behind; default MAX_INDEXER_LAG_BLOCKS. */
  maxLagBlocks?: number;
};

/** A check that failed on a rule of its own (the indexer too far behind), not on an error of the dependency. */
class ReadinessError extends Error {}

/** What a failed check says: the timeout, an error's code, or its message when it states a rule of this module. */
function reasonOf(error: unknown): string {
  if (error instanceof TimeoutError || error instanceof ReadinessError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "Unavailable";
}

/** A part's name and its check, which resolves with what it found or throws why the part is not ready. */
type Check = readonly [part: string, check: () => Promise<Omit<ReadinessCheck, "ok" | "ms">>];

async function run(timeoutMs: number, check: Check[1]): Promise<ReadinessCheck> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const found = await withTimeout(check(), timeoutMs);
    return { ok: true, ms: ms(), ...found };
  } catch (error) {
    return { ok: false, ms: ms(), error: reasonOf(error) };
  }
}

export async function checkReadiness(
  deps: ApiDeps,
  p: CheckReadinessParameters = {},
): Promise<CheckReadinessReturnType> {
  const timeoutMs = p.timeoutMs ?? READINESS_CHECK_TIMEOUT_MS;
  const maxLag = p.maxLagBlocks ?? MAX_INDEXER_LAG_BLOCKS;
  const checks: Check[] = [
    ["postgres", () => ping(deps.db).then(() => ({}))],
    ["redis", () => deps.redis.ping().then(() => ({}))],
    ...[...deps.rpcUrls].map(
      ([chain, url]): Check => [
        `rpc:${chain}`,
        async () => ({ block: Number(await publicClientFor(url).getBlockNumber({ cacheTime: 0 })) }),
      ],
    ),
    // Against the head the poller read last (api/services/chain-head.ts): when the RPC stops answering, its own check
    // says so.
    ...[...deps.rpcUrls.keys()].map(
      (chain): Check => [
        `indexer:${chain}`,
        async () => {
          const lag = indexerLagOf(await freshness(deps, chain));
          if (lag === null) throw new ReadinessError(`No indexed block or chain head on ${chain} yet`);
          if (lag > maxLag) {
            throw new ReadinessError(`The indexer is ${lag} blocks behind the chain head (at most ${maxLag})`);
          }
          return { lagBlocks: lag };
        },
      ],
    ),
  ];
  const done = await Promise.all(checks.map(async ([part, check]) => [part, await run(timeoutMs, check)] as const));
  return {
    ready: done.every(([, c]) => c.ok),
    checks: Object.fromEntries(done),
    failing: done.filter(([, c]) => !c.ok).map(([part]) => part),
  };
}
