#!/usr/bin/env bash
# The test command (`npm test`): installs what is missing, starts what is down, builds, then runs every suite.
# CI runs exactly this (through .ci/run) in a fresh clone with CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n[test] %s\n' "$*"; }
started=$(date +%s)

step "installing dependencies when missing"
bash scripts/install.sh

step "checking Postgres and Redis"
bash scripts/services.sh

step "building contracts (forge, solc-js; optimized, and within the 24 KiB code-size limit)"
npx forge build contracts/src --sizes

step "checking abis/ matches the build"
npx tsx scripts/gen-abis.ts --check

step "lint (biome) and types (tsc)"
npx biome check .
npx tsc --noEmit
npx tsc --noEmit -p api/web/client

step "dependency rules (dependency-cruiser)"
npm run -s deps:check

# forge test spends most of its time compiling the test contracts (solc-js, via-IR, about 4 minutes of one core),
# so it runs beside vitest, whose integration tests mostly wait on anvil, Ponder and Postgres. Its output is
# printed once it ends. The ci profile runs more fuzz and invariant cases at the same fixed seed.
profile=default
[ "${CI:-}" = "true" ] && profile=ci
forge_log=$(mktemp)
step "forge test (profile ${profile}) started in the background"
FOUNDRY_PROFILE=$profile npx forge test >"$forge_log" 2>&1 &
forge_pid=$!

step "vitest (unit, differential, integration and end-to-end against anvil, Postgres and Redis)"
vitest_status=0
vitest_report=$(mktemp --suffix=.json)
npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_report" || vitest_status=$?

forge_status=0
wait "$forge_pid" || forge_status=$?
if [ "$forge_status" -ne 0 ]; then
  step "forge test output"
  cat "$forge_log"
else
  # Passing: the per-suite results only, so that the end of the log stays on what failed, if anything did.
  step "forge test passed"
  grep -E '^(Ran|Suite result)' "$forge_log" || true
fi
rm -f "$forge_log"

# Printed last: a log that keeps only its tail still names the failing tests.
step "vitest recap"
npx tsx scripts/test-recap.ts "$vitest_report"
rm -f "$vitest_report"

if [ "$vitest_status" -ne 0 ] || [ "$forge_status" -ne 0 ]; then
  step "FAILED: vitest exit ${vitest_status}, forge test exit ${forge_status}"
  exit 1
fi

step "all suites passed in $(( $(date +%s) - started ))s"
