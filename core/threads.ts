/**
 * A TypeScript module of this repository run in a worker thread, for work that must not hold up the event loop of
 * the process that starts it (the event log's sequencer beside an API's requests: db/events.ts).
 *
 * Every process here runs its TypeScript through tsx (`node --import tsx`, or vitest's own transform), and a worker
 * thread inherits neither: its entry is a line of JavaScript that loads the module through tsx's `tsImport`, found
 * where tsx's package.json exports it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";

let tsImportUrl: string | undefined;

/** The file URL of tsx's ESM API (`tsx/esm/api`), which exports `tsImport`. */
function tsxApiUrl(): string {
  if (tsImportUrl) return tsImportUrl;
  const require = createRequire(import.meta.url);
  const manifest = require.resolve("tsx/package.json");
  const exported = JSON.parse(readFileSync(manifest, "utf8")).exports?.["./esm/api"]?.import?.default;
  if (typeof exported !== "string") throw new Error("tsx's package.json exports no ./esm/api for import");
  tsImportUrl = pathToFileURL(join(dirname(manifest), exported)).href;
  return tsImportUrl;
}

/** Start `moduleUrl` (a file URL of a .ts module) in a worker thread that receives `workerData`. */
export function startTsThread(moduleUrl: URL, workerData: unknown, name: string): Worker {
  const api = JSON.stringify(tsxApiUrl());
  const entry = JSON.stringify(moduleUrl.href);
  return new Worker(`import(${api}).then(({ tsImport }) => tsImport(${entry}, ${entry}))`, {
    eval: true,
    workerData,
    name,
  });
}
