/**
 * Prints the slowest test files of a vitest JSON report, then its failures, briefly: the file, the test, and the first
 * lines of each error. The test command prints this last, so that a CI log that keeps only its tail still says what
 * failed, and where the suite's time went.
 *
 *   npx tsx scripts/test-recap.ts <report.json> [<file-times.json>]
 */
import { readFileSync } from "node:fs";

interface AssertionResult {
  fullName: string;
  status: string;
  failureMessages?: string[];
}
interface FileResult {
  name: string;
  status: string;
  message?: string;
  assertionResults: AssertionResult[];
}
interface Report {
  numFailedTests: number;
  numPassedTests: number;
  numTotalTests: number;
  testResults: FileResult[];
}

const LINES_PER_ERROR = 12;
const SLOWEST_FILES = 12;

function firstLines(text: string): string {
  return text
    .split("\n")
    .filter((line) => line.trim() !== "" && !/node_modules|<anonymous>|node:internal/.test(line))
    .slice(0, LINES_PER_ERROR)
    .map((line) => `      ${line}`)
    .join("\n");
}

const path = process.argv[2];
if (!path) {
  console.error("usage: test-recap.ts <vitest-report.json> [<file-times.json>]");
  process.exit(2);
}
let report: Report;
try {
  report = JSON.parse(readFileSync(path, "utf8")) as Report;
} catch (error) {
  console.log(`[recap] no vitest report at ${path} (${(error as Error).message}); see vitest's output above`);
  process.exit(0);
}

console.log(
  `[recap] vitest: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numTotalTests} in all`,
);
const root = `${process.cwd()}/`;
// Each file's whole time (scripts/vitest-file-times.ts), when the run recorded it.
const timesPath = process.argv[3];
let timed: { file: string; seconds: number }[] = [];
try {
  if (timesPath) timed = JSON.parse(readFileSync(timesPath, "utf8")) as typeof timed;
} catch {
  timed = [];
}
if (timed.length > 0) {
  timed.sort((a, b) => b.seconds - a.seconds);
  const total = timed.reduce((sum, file) => sum + file.seconds, 0);
  console.log(
    `[recap] the ${Math.min(SLOWEST_FILES, timed.length)} slowest of ${timed.length} files (${total.toFixed(0)} s in all):`,
  );
  for (const file of timed.slice(0, SLOWEST_FILES))
    console.log(`  ${file.seconds.toFixed(1).padStart(6)} s  ${file.file}`);
}
for (const file of report.testResults) {
  const failed = file.assertionResults.filter((test) => test.status === "failed");
  if (file.status !== "failed" && failed.length === 0) continue;
  console.log(`  FAIL ${file.name.replace(root, "")}`);
  // A file can fail outside any test (a hook, an import, an unhandled rejection).
  if (failed.length === 0 && file.message) console.log(firstLines(file.message));
  for (const test of failed) {
    console.log(`    × ${test.fullName}`);
    for (const message of test.failureMessages ?? []) console.log(firstLines(message));
  }
}
