#!/usr/bin/env bash
# The test command (`npm test`): installs what is missing, starts what is down, builds, then runs every suite.
# CI runs exactly this (through .ci/run) in a fresh clone with CI=true.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
# Each step says how far into the run it starts (minutes:seconds), so a slow step shows in the log.
step() {
  local t=$(($(date +%s) - started))
  printf '\n[test %d:%02d] %s\n' $((t / 60)) $((t % 60)) "$*"
}

step "installing dependencies when missing"
bash scripts/install.sh

step "checking Postgres and Redis"
bash scripts/services.sh

step "checking free disk space, and dropping what killed test runs left in Postgres"
bash scripts/test-space.sh

# The suite is CPU-bound on two cores. The integration tests start processes that must answer in time, so vitest
# runs at normal priority and everything beside it runs niced: the checks and forge take the CPU vitest leaves.
# Lint, types, the import rules and the generated API reference need no build: they start now, beside the contracts'
# build, and go on beside vitest. Their output is printed, and their failure fails the run, at the end.
checks_log=$(mktemp)
step "lint (biome), types (tsc), dependency rules (dependency-cruiser) and docs/api.md started in the background"
(
  set -e
  renice -n 10 -p "$BASHPID" >/dev/null
  npx biome check .
  npx tsc --noEmit
  npx tsc --noEmit -p api/web/client
  npm run -s deps:check
  echo "checking docs/api.md and the SDK's types match the routes' schemas"
  npx tsx scripts/gen-api-doc.ts --check
  npx tsx scripts/gen-sdk-types.ts --check
) >"$checks_log" 2>&1 &
checks_pid=$!

step "building contracts (forge, solc-js; optimized, and within the 24 KiB code-size limit)"
bash scripts/foundry.sh forge build contracts/src --sizes

step "checking abis/ matches the build"
npx tsx scripts/gen-abis.ts --check

# forge test (the ci profile's 2,000 fuzz runs and 256,000 invariant calls: about 2 minutes of one core; the tests
# compile in seconds, without the IR pipeline) runs beside vitest, niced: it fills the CPU time vitest's tests leave
# while they wait on anvil, Ponder and Postgres. Then, in the same niced background, every benchmark at a tiny size
# (scripts/bench-smoke.ts: a smoke, not a measurement). Their output is printed once vitest ends.
profile=default
[ "${CI:-}" = "true" ] && profile=ci
forge_log=$(mktemp)
bench_log=$(mktemp)
bench_failed=$(mktemp)
step "forge test (profile ${profile}), then the benchmarks' smoke run, started in the background"
forge_started=$(date +%s)
forge_ended=$(mktemp)
bench_ended=$(mktemp)
(
  status=0
  FOUNDRY_PROFILE=$profile nice -n 19 npm run -s test:forge >"$forge_log" 2>&1 || status=$?
  date +%s >"$forge_ended"
  BENCH_SMOKE_FAILED=$bench_failed nice -n 19 npm run -s test:bench >"$bench_log" 2>&1 || true
  date +%s >"$bench_ended"
  exit "$status"
) &
forge_pid=$!

step "vitest (unit, differential, integration and end-to-end against anvil, Postgres and Redis)"
vitest_status=0
vitest_report=$(mktemp --suffix=.json)
# The shared test indexer's warnings, errors and stalls (tests/setup/global.ts), printed before the recap on a failure.
TEST_INDEXER_LOG=$(mktemp)
export TEST_INDEXER_LOG
VITEST_FILE_TIMES=$(mktemp --suffix=.json)
export VITEST_FILE_TIMES
npx vitest run --reporter=default --reporter=json --outputFile.json="$vitest_report" \
  --reporter=./scripts/vitest-file-times.ts || vitest_status=$?

forge_status=0
wait "$forge_pid" || forge_status=$?
forge_end=$(cat "$forge_ended")
forge_seconds=$((${forge_end:-$forge_started} - forge_started))
rm -f "$forge_ended"
if [ "$forge_status" -ne 0 ]; then
  step "forge test output (it ran ${forge_seconds}s)"
  cat "$forge_log"
else
  # Passing: its summary only, so that the end of the log stays on what failed, if anything did.
  step "forge test passed (it ran ${forge_seconds}s, compiling included)"
  grep -E '^Ran [0-9]+ test suites' "$forge_log" || true
fi
rm -f "$forge_log"

# A benchmark that failed beside vitest (niced, it may have been starved past one of its own timeouts) is tried once
# more, now that vitest has ended, at normal priority; failing twice fails the run.
bench_status=0
bench_end=$(cat "$bench_ended")
step "benchmarks' smoke run (it ran $((${bench_end:-$forge_end} - ${forge_end:-$forge_started}))s beside vitest)"
cat "$bench_log"
again=$(cat "$bench_failed" 2>/dev/null || true)
if [ -n "$again" ]; then
  step "benchmarks' smoke run: trying again, alone: ${again}"
  # shellcheck disable=SC2086 # the names are words
  npm run -s test:bench -- $again || bench_status=$?
fi
rm -f "$bench_log" "$bench_failed" "$bench_ended"

checks_status=0
wait "$checks_pid" || checks_status=$?
step "lint, types, dependency rules and docs/api.md (their output)"
cat "$checks_log"
rm -f "$checks_log"

# Before the recap, which stays last: on a failure, what the shared indexer said, which may explain it.
if [ "$vitest_status" -ne 0 ] && [ -s "$TEST_INDEXER_LOG" ]; then
  step "what the shared test indexer said (its last 60 lines)"
  tail -n 60 "$TEST_INDEXER_LOG"
else
  grep -h 'longest time behind' "$TEST_INDEXER_LOG" || true
fi
rm -f "$TEST_INDEXER_LOG"

# Printed last: a log that keeps only its tail still names the failing tests.
step "vitest recap"
npx tsx scripts/test-recap.ts "$vitest_report" "$VITEST_FILE_TIMES"
rm -f "$vitest_report" "$VITEST_FILE_TIMES"

if [ "$vitest_status" -ne 0 ] || [ "$forge_status" -ne 0 ] || [ "$checks_status" -ne 0 ] || [ "$bench_status" -ne 0 ]; then
  step "FAILED: vitest exit ${vitest_status}, forge test exit ${forge_status}, lint/types/deps/api.md exit ${checks_status}, benchmarks' smoke exit ${bench_status}"
  exit 1
fi

step "all suites passed in $(( $(date +%s) - started ))s"
