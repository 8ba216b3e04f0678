/**
 * The systemd units of deploy/systemd (docs/production.md) pass `systemd-analyze verify` with no warning about them,
 * and a broken copy does not.
 *
 * verify checks that the first word of each ExecStart= is an executable, so each unit is checked in a copy with
 * /usr/bin/node replaced by the node running this test and /opt/social-token by this checkout; nothing else is
 * changed. verify exits 0 on an unknown directive (it warns and ignores it), does not look past /usr/bin/env in
 * `ExecStart=/usr/bin/env PORT=%i /usr/bin/node ...`, and does not mind a target that wants a unit that does not
 * exist; so the check also fails on any output line about the units, looks up every absolute path and script of
 * each ExecStart=, and every unit the target wants.
 */
import { spawnSync } from "node:child_process";
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { envSchema } from "../core/env.js";

const root = resolve(import.meta.dirname, "..");
const unitsDir = join(root, "deploy", "systemd");
const unitNames = readdirSync(unitsDir).filter((f) => /\.(service|target)$/.test(f));

/** The units as this machine can verify them: node and the install folder pointed at what exists here. */
function localUnits(): Map<string, string> {
  return new Map(
    unitNames.map((name) => [
      name,
      readFileSync(join(unitsDir, name), "utf8")
        .replaceAll("/usr/bin/node", process.execPath)
        .replaceAll("/opt/social-token", root),
    ]),
  );
}

const scratches: string[] = [];
afterAll(() => {
  for (const dir of scratches) rmSync(dir, { recursive: true, force: true });
});

/** What is wrong with `units` (name to text), written alone in a folder of their own: verify loads its neighbours. */
function problemsOf(units: Map<string, string>): { status: number | null; output: string; problems: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "systemd-units-"));
  scratches.push(dir);
  for (const [name, text] of units) writeFileSync(join(dir, name), text);
  const run = spawnSync("systemd-analyze", ["verify", ...[...units.keys()].map((n) => join(dir, n))], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, SYSTEMD_COLORS: "0" },
  });
  if (run.error) throw new Error(`systemd-analyze could not run: ${run.error.message}`);
  const output = `${run.stdout}${run.stderr}`;
  const problems: string[] = [];
  if (run.status !== 0) problems.push(`systemd-analyze verify exited ${run.status}`);
  // Warnings about other units of the machine are not ours to fix.
  const names = [...units.keys()].map((n) => n.replace(/@\.service$/, "@"));
  for (const line of output.split("\n")) {
    if (line.includes(dir) || names.some((n) => line.includes(n))) problems.push(line);
  }
  for (const [name, text] of units)
    problems.push(...execStartProblems(name, text), ...wantsProblems(name, text, units));
  return { status: run.status, output, problems };
}

/** Every absolute path of an ExecStart= must be an executable, and every script it names must exist. */
function execStartProblems(name: string, text: string): string[] {
  const problems: string[] = [];
  const workDir = /^WorkingDirectory=(.+)$/m.exec(text)?.[1] ?? "/";
  for (const [, command = ""] of text.matchAll(/^ExecStart=[-@:+!]*(.+)$/gm)) {
    for (const word of command.split(/\s+/)) {
      if (word.includes("${") || word.includes("%")) continue;
      const path = word.startsWith("/") ? word : /\.[cm]?[jt]s$/.test(word) ? join(workDir, word) : undefined;
      if (!path) continue;
      try {
        accessSync(path, word.startsWith("/") ? constants.X_OK : constants.R_OK);
      } catch {
        problems.push(`${name}: ExecStart names ${word}, which is not there`);
      }
    }
  }
  return problems;
}

/** Every unit a target wants must be one of the units (an instance of a template counts). */
function wantsProblems(name: string, text: string, units: Map<string, string>): string[] {
  if (!name.endsWith(".target")) return [];
  const wanted = [...text.matchAll(/^Wants=(.+)$/gm)].flatMap(([, list = ""]) => list.split(/\s+/));
  return wanted
    .filter((unit) => unit.startsWith("social-token"))
    .filter((unit) => !units.has(unit) && !units.has(unit.replace(/@[^.]+\./, "@.")))
    .map((unit) => `${name}: wants ${unit}, which is not in deploy/systemd`);
}

/** `units` with `from` replaced by `to` in `name`; throws if `from` is not there, so a break is never a no-op. */
function broken(units: Map<string, string>, name: string, from: string | RegExp, to: string): Map<string, string> {
  const text = units.get(name);
  if (text === undefined) throw new Error(`no unit ${name}`);
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`${String(from)} is not in ${name}`);
  return new Map([...units, [name, changed]]);
}

describe("deploy/systemd", () => {
  it("test_units_passSystemdAnalyzeVerifyWithNoWarning", () => {
    expect(unitNames).toEqual(
      expect.arrayContaining([
        "social-token-api@.service",
        "social-token-worker.service",
        "social-token-indexer.service",
        "social-token-relayer.service",
        "social-token.target",
      ]),
    );
    const result = problemsOf(localUnits());
    expect(result.problems, result.output).toEqual([]);
    expect(result.status).toBe(0);
  });

  it("test_brokenUnits_failTheCheck", () => {
    const units = localUnits();
    // A directive misspelt: verify warns and ignores it, and still exits 0; the warning fails the check.
    const typo = problemsOf(broken(units, "social-token-worker.service", /^Restart=always$/m, "Restrt=always"));
    expect(typo.output).toMatch(/Unknown key 'Restrt'/);
    expect(typo.problems).not.toEqual([]);

    // No [Service] section: every service setting lands in [Unit], and verify refuses the unit.
    const noSection = problemsOf(broken(units, "social-token-indexer.service", /^\[Service\]$/m, ""));
    expect(noSection.status).not.toBe(0);
    expect(noSection.output).toMatch(/has no ExecStart=/);

    // A binary that does not exist: verify fails on its own.
    const noNode = problemsOf(broken(units, "social-token-worker.service", process.execPath, "/nonexistent/bin/node"));
    expect(noNode.status).not.toBe(0);
    expect(noNode.output).toMatch(/\/nonexistent\/bin\/node is not executable/);

    // Past /usr/bin/env, and a script path: only the check's own lookup sees them.
    const behindEnv = problemsOf(broken(units, "social-token-api@.service", process.execPath, "/nonexistent/bin/node"));
    expect(behindEnv.problems).toContain(
      "social-token-api@.service: ExecStart names /nonexistent/bin/node, which is not there",
    );
    const script = problemsOf(broken(units, "social-token-relayer.service", "relayer/main.ts", "relayer/index.ts"));
    expect(script.problems).toContain(
      "social-token-relayer.service: ExecStart names relayer/index.ts, which is not there",
    );

    // A target that wants a unit with a typo in its name.
    const wants = problemsOf(
      broken(units, "social-token.target", "social-token-worker.service", "social-token-wroker.service"),
    );
    expect(wants.problems).toContain(
      "social-token.target: wants social-token-wroker.service, which is not in deploy/systemd",
    );
  });

  it("test_envExample_listsEveryVariableOfCoreEnv", () => {
    const example = readFileSync(join(unitsDir, "env.example"), "utf8");
    // PORT is left out on purpose: each API instance sets its own, and Ponder would take it too.
    const missing = Object.keys(envSchema.shape).filter(
      (key) => key !== "PORT" && !new RegExp(`^#?${key}=`, "m").test(example),
    );
    expect(missing).toEqual([]);
  });
});
