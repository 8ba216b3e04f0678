import { defineConfig } from "vitest/config";

// Two projects: unit tests sit beside the code and need nothing running; integration tests in tests/ share one
// anvil (tests/setup/global.ts) and run one file at a time, since they share that chain.
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
          globalSetup: ["tests/setup/global.ts"],
          fileParallelism: false,
        },
      },
    ],
  },
});
