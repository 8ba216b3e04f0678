#!/usr/bin/env bash
# Before the suite: drops what test runs that were killed left in Postgres (their databases and schemas are named
# after their process id: test_ix_<pid>_…, app_<pid>_…, and nothing ends them once the process is gone) and the
# states stopped anvils left on disk, then checks the disk has room for the run. Anvil writes each block's state past
# those it keeps in memory to disk (JSON of about 7 MB each here): one of the run's anvils wrote 1,377 of them, 9.1 GB,
# in 13 minutes. Too little room fails here, with what to free, rather than as ENOSPC in whichever process writes next.
set -uo pipefail
cd "$(dirname "$0")/.."

admin=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
# Free space wanted, in MiB (TEST_MIN_FREE_MB overrides).
need_mb=${TEST_MIN_FREE_MB:-12288}

alive() { kill -0 "$1" 2>/dev/null; }
pid_of() { sed -E 's/^(test_ix|app)_([0-9]+)_.*/\2/' <<<"$1"; }

dropped=0
for db in $(psql "$admin" -Atc "SELECT datname FROM pg_database WHERE datname ~ '^test_ix_[0-9]+_'" 2>/dev/null); do
  alive "$(pid_of "$db")" && continue
  psql "$admin" -qAtc "DROP DATABASE IF EXISTS \"$db\" WITH (FORCE)" >/dev/null 2>&1 && dropped=$((dropped + 1))
done
for schema in $(psql "$admin" -Atc "SELECT nspname FROM pg_namespace WHERE nspname ~ '^(test_ix|app)_[0-9]+_'" 2>/dev/null); do
  alive "$(pid_of "$schema")" && continue
  psql "$admin" -qAtc "DROP SCHEMA IF EXISTS \"$schema\" CASCADE" >/dev/null 2>&1 && dropped=$((dropped + 1))
done
[ "$dropped" -gt 0 ] && echo "[space] dropped ${dropped} databases and schemas that killed test runs left"

# Anvil's states on disk (scripts/anvil.ts gives each anvil a folder /tmp/anvil-states-<pid of its starter>-…, removed
# when it exits): what a killed run left. And anvil's default folder, which older runs filled (gigabytes each),
# when no anvil runs.
removed=0
for dir in "${TMPDIR:-/tmp}"/anvil-states-*; do
  [ -d "$dir" ] || continue
  pid=$(basename "$dir" | sed -E 's/^anvil-states-([0-9]+)-.*/\1/')
  alive "$pid" && continue
  rm -rf "$dir" && removed=$((removed + 1))
done
if ! pgrep -x anvil >/dev/null 2>&1; then
  for dir in "$HOME"/.foundry/anvil/tmp/anvil-state-*; do
    [ -d "$dir" ] && rm -rf "$dir" && removed=$((removed + 1))
  done
fi
[ "$removed" -gt 0 ] && echo "[space] removed ${removed} folders of states that stopped anvils left"

# The checkout (node_modules, the contracts' build, the logs) and Postgres's data may be on different disks.
pg_data=$(psql "$admin" -Atc "SHOW data_directory" 2>/dev/null || true)
low=0
for dir in . /tmp ${pg_data:+"$pg_data"}; do
  [ -d "$dir" ] || continue
  free_mb=$(df -Pm "$dir" 2>/dev/null | awk 'NR == 2 { print $4 }')
  [ -n "$free_mb" ] || continue
  echo "[space] ${free_mb} MiB free for ${dir}"
  if [ "$free_mb" -lt "$need_mb" ]; then
    echo "[space] ERROR: ${dir} has ${free_mb} MiB free; the test run needs about ${need_mb} MiB (TEST_MIN_FREE_MB)." >&2
    low=1
  fi
done
if [ "$low" -ne 0 ]; then
  echo "[space] Free some: old clones and their node_modules, /tmp, or Postgres databases no longer used (psql -l)." >&2
  exit 1
fi
