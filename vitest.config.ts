import { defineConfig } from "vitest/config";

/**
 * Integration files that bring every chain, indexer and stack they use (a side anvil of their own, or none) and read
 * nothing from the run's shared anvil: they run one at a time in a lane of their own, beside the files on the shared
 * anvil. They are the longest files (fault injection, crashes, reorgs), and mostly wait on their processes, so the two
 * lanes halve the wall time without sharing a chain.
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

// Three projects, run side by side: unit tests sit beside the code and need nothing running; integration tests in
// tests/ share one anvil (tests/setup/global.ts) and run one file at a time, since they share that chain; the
// own-chain files run one at a time beside them.
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
