/**
 * Every benchmark, at a tiny size: a smoke run, not a measurement. It proves each `npm run bench:*` command still
 * starts its stack, drives its load and prints its figures with the command that reproduces them; the figures
 * themselves mean nothing at this size (bench/README.md has the real ones). npm test runs it beside vitest, niced
 * (scripts/test.sh); by hand: `npm run test:bench` (about 3 minutes on 2 cores).
 *
 *   npx tsx scripts/bench-smoke.ts [name ...]   # all of them, or the named ones (api, worker, social, ...)
 *
 * With BENCH_SMOKE_FAILED=<file>, the names of the benchmarks that failed are written there, space-separated, for a
 * second try (scripts/test.sh tries those again once vitest has ended, at normal priority).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const screenshots = mkdtempSync(join(tmpdir(), "bench-web-"));

/** Each benchmark's npm script and the arguments that make it tiny. */
const BENCHES: Record<string, string[]> = {
  api: ["--tokens", "20", "--trades", "20", "--duration", "1", "--connections", "2", "--warmup", "0"],
  worker: ["--quotes", "10", "--executions", "10", "--wallets", "2", "--concurrency", "2"],
  social: [
    ...["--posts", "200", "--votes", "500", "--users", "20", "--tokens", "5", "--clubs", "2", "--topics", "2"],
    ...["--viewers", "2", "--duration", "1", "--connections", "2", "--warmup", "0", "--samples", "20"],
  ],
  streams: [
    ...["--connections", "10", "--blocks", "5", "--trades-per-block", "1", "--tokens", "2"],
    ...["--burst-blocks", "1", "--burst-trades", "2"],
  ],
  indexer: ["--trades", "200", "--tokens", "5", "--wallets", "2", "--txs-per-block", "20", "--latency-blocks", "5"],
  web: ["--screenshots", screenshots],
  launch: ["--launches", "2"],
};

/** Every benchmark prints the command that reproduces its figures. */
const REPRODUCE = /npx tsx bench\/\w+\/run\.ts|npm run bench:\w+/;
/** Lines of a failed run's output shown. */
const TAIL = 40;

async function run(name: string, args: string[]): Promise<{ ok: boolean; seconds: number; why: string }> {
  const started = Date.now();
  const log = join(screenshots, `${name}.log`);
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn("sh", ["-c", `exec npm run -s bench:${name} -- "$@" >"${log}" 2>&1`, "sh", ...args], {
      stdio: "ignore",
    });
    child.on("exit", resolve);
  });
  const seconds = (Date.now() - started) / 1000;
  const output = readFileSync(log, "utf8");
  const why =
    code !== 0 ? `exit ${code}` : !REPRODUCE.test(output) ? "it printed no command that reproduces its figures" : "";
  if (why) console.log(output.split("\n").slice(-TAIL).join("\n"));
  return { ok: why === "", seconds, why };
}

// A benchmark added to package.json without a tiny size here would go untried: that fails the smoke.
const scripts = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts;
const untried = Object.keys(scripts)
  .filter((s) => s.startsWith("bench:"))
  .map((s) => s.slice("bench:".length))
  .filter((n) => !(n in BENCHES));
if (untried.length > 0) {
  console.log(`[bench smoke] no tiny size for ${untried.map((n) => `bench:${n}`).join(", ")}: add one to BENCHES`);
  process.exit(1);
}

const wanted = process.argv.slice(2);
const unknown = wanted.filter((n) => !(n in BENCHES));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(", ")}; known: ${Object.keys(BENCHES).join(", ")}`);
  process.exit(2);
}
const failed: string[] = [];
for (const [name, args] of Object.entries(BENCHES)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  const r = await run(name, args);
  console.log(`[bench smoke] bench:${name} ${r.ok ? "ran" : `FAILED (${r.why})`} in ${r.seconds.toFixed(0)} s`);
  if (!r.ok) failed.push(name);
}
rmSync(screenshots, { recursive: true, force: true });
if (process.env.BENCH_SMOKE_FAILED) writeFileSync(process.env.BENCH_SMOKE_FAILED, failed.join(" "));
if (failed.length > 0) {
  console.log(`[bench smoke] failed: ${failed.map((n) => `bench:${n}`).join(", ")}`);
  process.exit(1);
}
