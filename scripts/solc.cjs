#!/usr/bin/env node
// forge calls this as its compiler: `--version` and `--standard-json` (input on stdin).
// solc-js compiles offline, which a native solc download cannot do on our machines.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const solc = require("solc");

const args = process.argv.slice(2);
if (args.includes("--version")) {
  process.stdout.write(`solc, the solidity compiler commandline interface\nVersion: ${solc.version()}\n`);
  process.exit(0);
}

// forge passes --base-path, --include-path and --allow-paths; imports resolve against them.
const roots = [process.cwd()];
for (let i = 0; i < args.length; i++) {
  if ((args[i] === "--base-path" || args[i] === "--include-path") && args[i + 1]) roots.push(args[++i]);
}

function findImports(importPath) {
  const candidates = path.isAbsolute(importPath) ? [importPath] : roots.map((r) => path.resolve(r, importPath));
  for (const file of candidates) {
    if (fs.existsSync(file)) return { contents: fs.readFileSync(file, "utf8") };
  }
  return { error: `File not found: ${importPath}` };
}

const input = fs.readFileSync(0, "utf8");
process.stdout.write(solc.compile(input, { import: findImports }));
