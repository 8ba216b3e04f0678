/**
 * The docs' links stay true: every relative link in README.md, docs/ and bench/ points at a file of the repository,
 * and every #anchor at a heading of its file (GitHub's slugs). No link leaves the repository but to the web.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { markdownFiles } from "./docs-files.js";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");

/** The text outside fenced code blocks. */
const prose = (text: string) => text.replace(/^```[\s\S]*?^```/gm, "");

function anchorsOf(file: string): Set<string> {
  const headings = prose(readFileSync(join(root, file), "utf8")).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((h) => slug(h.replace(/^#+ /, ""))));
}

const files = ["README.md", ...markdownFiles(root, "docs"), ...markdownFiles(root, "bench")];

describe("documentation links", () => {
  it("finds the docs", () => {
    expect(files).toEqual(expect.arrayContaining(["README.md", "docs/api.md", "docs/decisions.md", "bench/README.md"]));
  });

  it.each(files)("%s: every relative link and anchor resolves", (file) => {
    const broken: string[] = [];
    for (const [, target] of prose(readFileSync(join(root, file), "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (!target || /^[a-z]+:/i.test(target)) continue; // http(s), mailto
      const [path = "", anchor] = target.split("#");
      const resolved = path === "" ? file : relative(root, resolve(root, dirname(file), path));
      if (resolved.startsWith("..")) broken.push(`${target}: outside the repository`);
      else if (!existsSync(join(root, resolved))) broken.push(`${target}: no such file`);
      else if (anchor && resolved.endsWith(".md") && !anchorsOf(resolved).has(anchor)) {
        broken.push(`${target}: no heading #${anchor} in ${resolved}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
