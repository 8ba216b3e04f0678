import { defineConfig } from "vitest/config";

/**
 * Integration files that bring every chain, indexer and stack they use (a side anvil of their own, or none) and read
 * nothing from the run's shared anvil: the own-chain project. The test command (scripts/test.sh) runs it in a vitest of
 * its own beside the unit and integration projects, one file at a time in each, since vitest puts every project that
 * runs one file at a time into one queue. They are the longest files (fault injection, crashes, reorgs) and mostly
 * wait on their processes, so the second lane takes about a third off the wall time. `npx vitest run` alone runs all
 * three projects, the integration files one after another.
 */
const OWN_CHAIN_FILES = [
  "tests/faults.load.test.ts",
  "tests/faults.dependencies.test.ts",
  "tests/worker.crash.test.ts",
  "tests/worker.load.test.ts",
  "tests/indexer.reorg.test.ts",
  "tests/fork.test.ts",
  "tests/streams.test.ts",
  "tests/quotes.reorg.test.ts",
  "tests/streams.reorg.test.ts",
  "tests/systemd.units.test.ts",
  "tests/foundry.exit.test.ts",
];

// Three projects: unit tests sit beside the code and need nothing running; integration tests in tests/ share one anvil
// (tests/setup/global.ts) and run one file at a time, since they share that chain; the own-chain files (above).
export default defineConfig({
  test: {
    testTimeout: 120_000,
    hookTimeout: 180_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "core/**/*.test.ts",
            "api/**/*.test.ts",
            "worker/**/*.test.ts",
            "indexer/**/*.test.ts",
            "db/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: OWN_CHAIN_FILES,
          globalSetup: ["tests/setup/global.ts"],
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "own-chain",
          include: OWN_CHAIN_FILES,
          fileParallelism: false,
        },
      },
    ],
  },
});
