/**
 * Ponder's tables are read only here, in db/indexed/ (and db/versions.ts, which watches the checkpoint): no file of
 * the API, the worker or core/ names the indexer's schema in SQL, Ponder's checkpoint table or its format. A Ponder
 * upgrade then touches indexer/ and db/ alone.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") ? [path] : [];
  });
}

/** What only db/ and indexer/ may write: a table of the indexer's schema in SQL, the checkpoint and its format. */
const PONDER = [
  /\$\{ix\}\s*\.\s*"?[a-z_]+/,
  /\$\{[a-zA-Z.]*indexerSchema\}"?\s*\.\s*"?[a-z_]+/,
  /_ponder_/,
  /latest_checkpoint/,
];

describe("the indexer's tables", () => {
  it("test_ponderTables_areReadOnlyUnderDb", () => {
    const offenders: string[] = [];
    for (const dir of ["api", "worker", "core"]) {
      for (const file of sources(join(root, dir))) {
        const lines = readFileSync(file, "utf8").split("\n");
        lines.forEach((line, i) => {
          if (PONDER.some((re) => re.test(line))) offenders.push(`${relative(root, file)}:${i + 1}: ${line.trim()}`);
        });
      }
    }
    expect(offenders).toEqual([]);
  });

  it("test_ponderTables_patternCatchesARawRead", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
    const read = "`SELECT balance FROM ${deps.config.indexerSchema}.holder WHERE chain_id = $1`";
    expect(PONDER.some((re) => re.test(read))).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a sample of source text, not a template
    expect(PONDER.some((re) => re.test("FROM ${ix}.pool p"))).toBe(true);
    expect(PONDER.some((re) => re.test("substring(latest_checkpoint from 27 for 16)"))).toBe(true);
  });
});
