/**
 * Every statement on the app's tables lives in db/: the API (api/) and the worker (worker/) call db/'s named
 * functions and hold no SQL. A statement in a file of theirs fails here; the dependency rule
 * api-and-worker-query-through-db (.dependency-cruiser.cjs) keeps them from importing pg for more than its types.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** A line that starts or names a statement: SELECT, INSERT INTO, DELETE FROM, or UPDATE of a schema's table. */
const STATEMENT = /\b(SELECT|INSERT INTO|DELETE FROM)\b|\bUPDATE \$\{/;
/** Comment lines (a file's header may describe what its db/ calls do). */
const COMMENT = /^\s*(\/\/|\*|\/\*)/;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith(".ts") && !e.name.endsWith(".test.ts") ? [path] : [];
  });
}

export function statementLines(text: string): number {
  return text.split("\n").filter((line) => !COMMENT.test(line) && STATEMENT.test(line)).length;
}

describe("SQL lives in db/", () => {
  const counts = new Map(
    ["api", "worker"].flatMap(sources).map((file) => [file, statementLines(readFileSync(join(root, file), "utf8"))]),
  );

  it("the API and the worker hold no SQL", () => {
    const holding = [...counts]
      .filter(([, n]) => n > 0)
      .map(([file, n]) => `${file}: ${n} statement line(s) (put them in db/)`);
    expect(holding).toEqual([]);
  });

  it("finds a statement where there is one, and none in a comment", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
    expect(statementLines("const q = `SELECT id FROM ${s}.users`;")).toBe(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
    expect(statementLines("  await db.query(`UPDATE ${s}.intents SET x = 1`);")).toBe(1);
    expect(statementLines(" * polling the intent row (one indexed SELECT per poll)")).toBe(0);
    expect(statementLines("const selected = items.filter(Boolean);")).toBe(0);
  });
});
