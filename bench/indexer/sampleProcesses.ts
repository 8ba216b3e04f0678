/**
 * Memory and CPU time of a group of processes, read from Linux's /proc every `everyMs`:
 * - the peak of the group's summed resident set (VmRSS);
 * - each process's own kernel-tracked peak (VmHWM), which unlike the sampled sum cannot miss a spike;
 * - CPU time (user + system, all threads) each process used while sampled, summed over the group.
 * Threads (Ponder's workers) share their process's RSS and CPU counters, so they are included. `processTree`
 * lists a process and its descendants (esbuild, if any) through /proc/<pid>/task/<tid>/children.
 *
 * CPU time matters on a shared machine: when other work competes for the cores, wall time stretches but the CPU
 * time a process needs for its own work stays roughly the same.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

export type ProcessFigures = {
  /** Highest sampled sum of VmRSS over the group, in bytes. */
  peakRss: number;
  /** Each process seen, with its own peak RSS (VmHWM) in bytes. */
  processes: { pid: number; command: string; peakRss: number }[];
  /** CPU seconds (user + system) the group used between start and stop. */
  cpuSeconds: number;
  samples: number;
};

export type SampleProcessesReturnType = {
  /** CPU seconds used so far, as of the latest sample (at most `everyMs` old). */
  cpuSoFar(): number;
  /** Take a last sample, stop, and return the figures. */
  stop(): Promise<ProcessFigures>;
};

const ticksPerSecond = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

export function sampleProcesses(pids: () => number[] | Promise<number[]>, everyMs: number): SampleProcessesReturnType {
  let peakRss = 0;
  let samples = 0;
  const seen = new Map<number, { command: string; peakRss: number; firstTicks: number; lastTicks: number }>();
  const sample = async () => {
    let sum = 0;
    for (const pid of await pids()) {
      const status = readStatus(pid);
      if (!status) continue;
      sum += status.rss;
      const before = seen.get(pid);
      seen.set(pid, {
        command: status.command,
        peakRss: Math.max(status.hwm, before?.peakRss ?? 0),
        firstTicks: before?.firstTicks ?? status.ticks,
        lastTicks: status.ticks,
      });
    }
    peakRss = Math.max(peakRss, sum);
    samples++;
  };
  let running = sample();
  const timer = setInterval(() => {
    running = running.then(sample).catch(() => {});
  }, everyMs);
  const cpuSeconds = () => [...seen.values()].reduce((a, p) => a + p.lastTicks - p.firstTicks, 0) / ticksPerSecond;
  return {
    cpuSoFar: cpuSeconds,
    async stop() {
      clearInterval(timer);
      await running;
      await sample();
      return {
        peakRss,
        processes: [...seen].map(([pid, p]) => ({ pid, command: p.command, peakRss: p.peakRss })),
        cpuSeconds: cpuSeconds(),
        samples,
      };
    },
  };
}

/** `root` and all its descendants. */
export function processTree(root: number): number[] {
  const pids = [root];
  for (let i = 0; i < pids.length; i++) {
    const pid = pids[i] as number;
    let tasks: string[];
    try {
      tasks = readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const children = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended between listing and reading.
      }
    }
  }
  return pids;
}

/** Pids of processes whose command line contains every one of `parts` (to find anvil by its port). */
export function findProcesses(parts: string[]): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").join(" ");
      if (parts.every((p) => cmdline.includes(p))) out.push(Number(entry));
    } catch {
      // Gone already.
    }
  }
  return out;
}

function readStatus(pid: number): { command: string; rss: number; hwm: number; ticks: number } | undefined {
  let status: string;
  let stat: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  // Fields after the command (which may hold spaces) start at field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { command: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? "?", rss: kb("VmRSS"), hwm: kb("VmHWM"), ticks };
}
