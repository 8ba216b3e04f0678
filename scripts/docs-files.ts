/** The repository's Markdown files, for the tests that hold the docs to the code (links, commands, examples). */
import { readdirSync } from "node:fs";
import { join } from "node:path";

/**
 * Every `.md` file under `dir` (relative to `root`), as paths relative to `root`; node_modules and the folders named
 * in `skip` are left out.
 */
export function markdownFiles(root: string, dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || skip.includes(path) ? [] : markdownFiles(root, path, skip);
    return e.name.endsWith(".md") ? [path] : [];
  });
}
