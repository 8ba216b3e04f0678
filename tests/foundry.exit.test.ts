/**
 * The Foundry tools exit with their own code through scripts/foundry.sh, and `npm run test:forge` (which `npm test`
 * runs) fails when a contract test fails. The npm wrappers in node_modules/.bin exit 0 whatever the binary returned
 * (@foundry-rs 1.7.1), so a failing forge test could not fail the suite before.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");

/** A scratch copy of the project's Foundry setup (its foundry.toml, compiler and libraries) with one test contract. */
function scratchProject(testSource: string): string {
  const dir = mkdtempSync(join(tmpdir(), "forge-exit-"));
  copyFileSync(join(root, "foundry.toml"), join(dir, "foundry.toml"));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  symlinkSync(join(root, "scripts"), join(dir, "scripts"));
  for (const folder of ["contracts/src", "contracts/test", "contracts/script"])
    mkdirSync(join(dir, folder), { recursive: true });
  writeFileSync(
    join(dir, "contracts/src/Nothing.sol"),
    "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.30;\ncontract Nothing {}\n",
  );
  writeFileSync(join(dir, "contracts/test/Scratch.t.sol"), testSource);
  return dir;
}

const contract = (body: string) =>
  `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.30;\ncontract ScratchTest {\n  function test_passes() public pure {}\n${body}}\n`;

const scratches: string[] = [];
afterAll(() => {
  for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
});

function testForge(dir: string) {
  // The same command `npm test` runs, pointed at the scratch copy; no snapshot file to check there.
  return spawnSync("npm", ["run", "-s", "test:forge", "--", "--root", dir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, FORGE_SNAPSHOT_CHECK: "false" },
  });
}

describe("npm run test:forge", () => {
  it("exits non-zero when a contract test fails, and 0 when all pass", () => {
    const failing = scratchProject(contract('  function test_fails() public pure { revert("deliberate"); }\n'));
    scratches.push(failing);
    const failed = testForge(failing);
    expect(failed.stdout + failed.stderr).toMatch(/1 failed/);
    expect(failed.status).not.toBe(0);

    const passing = scratchProject(contract(""));
    scratches.push(passing);
    const passed = testForge(passing);
    expect(passed.stdout).toMatch(/2 passed|1 passed/);
    expect(passed.status).toBe(0);
  });
});

describe("scripts/foundry.sh", () => {
  const run = (...args: string[]) =>
    spawnSync("bash", [join(root, "scripts/foundry.sh"), ...args], { cwd: root, encoding: "utf8" });

  it("passes cast's exit code on", () => {
    expect(run("cast", "--to-wei", "1").status).toBe(0);
    expect(run("cast", "--to-wei", "not-a-number").status).not.toBe(0);
  });

  it("passes anvil's exit code on", () => {
    expect(run("anvil", "--version").status).toBe(0);
    expect(run("anvil", "--port", "not-a-port").status).not.toBe(0);
  });

  it("refuses a tool it does not wrap", () => {
    expect(run("solc", "--version").status).toBe(2);
  });
});
