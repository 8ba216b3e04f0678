/**
 * What the HTTP benchmarks (bench/api, bench/social) share: one autocannon run against a server of
 * bench/api/serve.ts with its figures, the table row that prints them, the machine facts every benchmark prints,
 * and the cleanup of a run's Redis keys.
 */
import { execSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import autocannon from "autocannon";
import { Redis } from "ioredis";
import type { StartServerReturnType } from "../api/serve.js";

/** One request of a target: its JSON body and, when it differs per request, its Authorization header. */
export type LoadRequest = { body: string; auth?: string };

export type LoadTarget = {
  name: string;
  path: string;
  /** Sent in turn, round robin over every connection. */
  requests: LoadRequest[];
};

export type LoadFigures = {
  name: string;
  reqPerSec: number;
  total: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Most requests seen waiting for a pg connection in the server, sampled every 100 ms. */
  maxPoolWaiting: number;
  queriesPerRequest: number;
  /**
   * CPU time per request, µs (user + system, from /proc): the server process, its pool's Postgres backends, Redis,
   * and this process (the load generator). On a shared machine wall time stretches with other work, these barely do.
   */
  cpuPerRequestUs: { server: number; postgres: number; redis: number; loader: number };
};

export type LoadParameters = {
  target: LoadTarget;
  server: StartServerReturnType;
  /** Authorization header of requests that carry none of their own. */
  auth: string;
  seconds: number;
  /** Stop after this many requests instead of after `seconds`. */
  amount?: number;
  connections: number;
};

/** One autocannon run of `target` (latencies in ms, as autocannon reports them: whole milliseconds). */
export async function load({
  target,
  server,
  auth,
  seconds,
  amount,
  connections,
}: LoadParameters): Promise<LoadFigures> {
  let i = 0;
  const before = await server.stats();
  const cpuBefore = await cpuSample(server);
  let maxWaiting = 0;
  const sampler = setInterval(() => {
    void server.stats().then((st) => {
      maxWaiting = Math.max(maxWaiting, st.waiting);
    });
  }, 100);
  const result = await autocannon({
    url: server.url,
    connections,
    ...(amount !== undefined ? { amount } : { duration: seconds }),
    requests: [
      {
        method: "POST",
        path: target.path,
        headers: { "content-type": "application/json", authorization: auth },
        setupRequest: (req) => {
          const next = target.requests[i++ % target.requests.length] as LoadRequest;
          return {
            ...req,
            body: next.body,
            headers: { ...req.headers, authorization: next.auth ?? auth },
          };
        },
      },
    ],
  });
  clearInterval(sampler);
  const after = await server.stats();
  const cpuAfter = await cpuSample(server);
  const sent = result.requests.total;
  const perRequest = (a: number, b: number) => (sent > 0 ? ((b - a) * 1000) / sent : 0);
  return {
    name: target.name,
    reqPerSec: result.requests.average,
    total: sent,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    maxPoolWaiting: maxWaiting,
    queriesPerRequest: sent > 0 ? (after.queries - before.queries) / sent : 0,
    cpuPerRequestUs: {
      server: perRequest(cpuBefore.server, cpuAfter.server),
      postgres: perRequest(sumOver(cpuBefore.postgres), sumOver(cpuAfter.postgres)),
      redis: perRequest(cpuBefore.redis, cpuAfter.redis),
      loader: perRequest(cpuBefore.loader, cpuAfter.loader),
    },
  };
}

/** CPU time of a process, ms: utime + stime of /proc/<pid>/stat (0 when it is gone). */
export function cpuMsOf(pid: number | null): number {
  if (pid === null) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces) start after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** A backend seen only after the run started counts from zero; Postgres backends are summed by pid. */
const sumOver = (byPid: Map<number, number>) => [...byPid.values()].reduce((a, b) => a + b, 0);

async function cpuSample(server: StartServerReturnType) {
  const pids = await server.pids();
  const usage = process.cpuUsage();
  return {
    server: cpuMsOf(pids.server),
    postgres: new Map(pids.postgres.map((pid) => [pid, cpuMsOf(pid)])),
    redis: cpuMsOf(pids.redis),
    loader: (usage.user + usage.system) / 1000,
  };
}

export function figuresRow(f: LoadFigures): string {
  return [
    f.name.padEnd(22),
    `${f.reqPerSec.toFixed(0).padStart(6)} req/s`,
    `p50 ${String(f.p50).padStart(4)} ms`,
    `p90 ${String(f.p90).padStart(4)} ms`,
    `p99 ${String(f.p99).padStart(4)} ms`,
    `max ${String(f.max).padStart(5)} ms`,
    `errors ${f.errors}`,
    `timeouts ${f.timeouts}`,
    `non-2xx ${f.non2xx}`,
    `requests ${f.total}`,
    `queries/req ${f.queriesPerRequest.toFixed(1)}`,
    `max pool waiting ${f.maxPoolWaiting}`,
    `CPU µs/req: server ${f.cpuPerRequestUs.server.toFixed(0)}, postgres ${f.cpuPerRequestUs.postgres.toFixed(0)}, redis ${f.cpuPerRequestUs.redis.toFixed(0)}, load generator ${f.cpuPerRequestUs.loader.toFixed(0)}`,
  ].join("  ");
}

export const formatLoadavg = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** CPU count and model, memory, node, load average and the busiest processes now. */
export function machineFacts(): string[] {
  const cpu = cpus();
  const sh = (c: string) => {
    try {
      return execSync(c, { encoding: "utf8" }).trim();
    } catch {
      return "?";
    }
  };
  return [
    `machine: nproc ${sh("nproc")} (${cpu[0]?.model.trim() ?? "?"}), ${(totalmem() / 2 ** 30).toFixed(0)} GB RAM, node ${process.version}`,
    `load average at start: ${formatLoadavg()} (shared machine: other work is running)`,
    `busiest processes at start: ${sh("ps -eo pcpu,comm --sort=-pcpu --no-headers | head -5 | awk '{printf \"%s %s%%, \", $2, $1}'")}`,
  ];
}

/** Delete every Redis key starting with `prefix` (a run's rate-limiter sets). */
export async function dropRedisKeys(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl);
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/** The end of every run, failures included: servers stopped, then each cleanup in reverse order (a failing one is
 * reported and the rest still run), then the run's Redis keys. */
export async function tearDown(
  servers: StartServerReturnType[],
  cleanups: (() => Promise<void> | void)[],
  redis: { url: string; prefix: string },
) {
  for (const server of servers.reverse()) await server.stop().catch(() => undefined);
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(`[cleanup] ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  await dropRedisKeys(redis.url, redis.prefix);
}
