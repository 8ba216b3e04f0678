/**
 * The docs' example requests run: every ```sh block of README.md and docs/ that calls the API with curl is run by bash
 * against an API of this file's own, and each of its requests must be answered `"success":true`. What is swapped
 * before a block runs, and only that: the service's address (127.0.0.1:3000 or localhost:3000) for this API's, and
 * example.com (a webhook's endpoint) for a local address the API is allowed to send to. `$TOKEN` is a JWT of a
 * fresh user; `npx tsx scripts/api-key.ts` reads this API's database, schema and wallet secret from the environment.
 * (The docs' npm and file commands are checked to exist in scripts/docs-commands.test.ts; the benchmarks run in
 * scripts/bench-smoke.ts.)
 */
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markdownFiles } from "../scripts/docs-files.js";
import { createTestApi, startTestIndexer } from "./helpers/api.js";
import { type Served, serveWithStreams } from "./helpers/streams.js";

const root = resolve(import.meta.dirname, "..");
/** The interface spec is another project's text: its commands and examples are not ours. */
const SKIP = ["docs/spec"];

/** The ```sh blocks of `text` that call the API with curl. */
export function curlBlocks(text: string): string[] {
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)]
    .map((m) => m[1] as string)
    .filter((block) => /^\s*(?:\w+=\$\()?curl /m.test(block));
}

/**
 * bash's prelude: `curl` answers as it does, and fails the block unless the API answered 2xx with `"success":true`
 * (`-s` and the docs' own flags are passed through). A failure names the request with its credentials left out.
 */
const PRELUDE = `set -euo pipefail
said() { printf '%s\\n' "curl $1" | sed -E 's/(Bearer|x-api-key:) [^ ]+/\\1 <redacted>/g' >&2; }
curl() {
  local out
  out=$(command curl --fail-with-body "$@") || { said "$* failed: $out"; return 1; }
  case "$out" in *'"success":true'*) printf '%s\\n' "$out" ;; *) said "$* answered: $out"; return 1 ;; esac
}
`;

let api: Awaited<ReturnType<typeof createTestApi>>;
let served: Served;

beforeAll(async () => {
  const indexer = await startTestIndexer();
  api = await createTestApi({ indexerSchema: indexer.schema, config: { webhookAllowPrivate: true } });
  served = await serveWithStreams(api.app, api.deps);
});

afterAll(async () => {
  await served?.close();
  await api?.close();
});

function runBlock(block: string, env: Record<string, string>) {
  const base = served.url;
  const script = block
    .replaceAll("http://127.0.0.1:3000", base)
    .replaceAll("localhost:3000", base)
    .replaceAll("https://example.com/", `${base}/example/`);
  return new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      "bash",
      ["-c", PRELUDE + script],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("the docs' example requests", () => {
  const docs = ["README.md", ...markdownFiles(root, "docs", SKIP)];
  const blocks = docs.flatMap((doc) =>
    curlBlocks(readFileSync(join(root, doc), "utf8")).map((block, i) => ({ doc, i, block })),
  );

  it("are found: the README's and the webhook guide's at least", () => {
    expect(blocks.map((b) => b.doc)).toEqual(expect.arrayContaining(["README.md", "docs/streams.md"]));
  });

  it.each(blocks)("$doc, block $i, is answered success", async ({ block }) => {
    const env = {
      TOKEN: await api.jwt(`docs-example-${Math.random().toString(36).slice(2)}`),
      DATABASE_URL: api.databaseUrl,
      APP_SCHEMA: api.appSchema,
      WALLET_SECRET: api.config.walletSecret,
    };
    const run = await runBlock(block, env);
    expect(run.stderr.split("\n").filter((l) => /failed|answered/.test(l))).toEqual([]);
    expect(run.code).toBe(0);
    // Every curl of the block was answered (the prelude stops the block at the first that is not a success).
    const calls = block.split("\n").filter((line) => line.trim().startsWith("curl ")).length;
    expect(calls).toBeGreaterThan(0);
    expect(run.stdout.match(/"success":true/g)?.length).toBe(calls);
  });
});

describe("curlBlocks", () => {
  it("takes the sh blocks that call curl, and nothing else", () => {
    const text = "```sh\nnpm test\n```\n\n```sh\ncurl -s x\nKEY=$(y)\n```\n\n```ts\ncurl\n```\n";
    expect(curlBlocks(text)).toEqual(["curl -s x\nKEY=$(y)\n"]);
  });
});
