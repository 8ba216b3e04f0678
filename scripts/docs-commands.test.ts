/**
 * The docs' commands stay true: every `npm run <script>` in README.md, docs/ and bench/ names a script of
 * package.json, and every `npx tsx <file>.ts` and `bash <file>.sh` a file of the repository. (The benchmarks'
 * commands also run, at a tiny size, in npm test: scripts/bench-smoke.ts; the curl examples run in
 * tests/docs.examples.test.ts.)
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { markdownFiles } from "./docs-files.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The interface spec is another project's text: its commands and examples are not ours. */
const SKIP = ["docs/spec"];

/** What `text` tells a reader to run that can be checked without running it: npm scripts and files. */
export function commandsOf(text: string): { scripts: string[]; files: string[] } {
  const scripts = [...text.matchAll(/\bnpm run (?:-s )?([a-z][a-z0-9:-]*)/g)].map((m) => m[1] as string);
  const files = [...text.matchAll(/\b(?:npx tsx|bash) ([A-Za-z0-9_./-]+\.(?:ts|sh))\b/g)].map((m) => m[1] as string);
  return { scripts, files };
}

describe("documented commands", () => {
  const docs = ["README.md", ...markdownFiles(root, "docs", SKIP), ...markdownFiles(root, "bench", SKIP)];
  const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> })
    .scripts;

  it("name npm scripts that exist and files that exist", () => {
    const wrong = docs.flatMap((doc) => {
      const found = commandsOf(readFileSync(join(root, doc), "utf8"));
      return [
        ...found.scripts.filter((s) => !(s in scripts)).map((s) => `${doc}: npm run ${s} (no such script)`),
        ...found.files.filter((f) => !existsSync(join(root, f))).map((f) => `${doc}: ${f} (no such file)`),
      ];
    });
    expect(wrong).toEqual([]);
  });

  it("finds the commands a text names", () => {
    expect(
      commandsOf("run `npm run -s test:bench` or `npm run deps:check`, then `npx tsx bench/api/run.ts --x`"),
    ).toEqual({ scripts: ["test:bench", "deps:check"], files: ["bench/api/run.ts"] });
    expect(commandsOf("`bash scripts/services.sh`; npm ci; npx vitest")).toEqual({
      scripts: [],
      files: ["scripts/services.sh"],
    });
  });
});
