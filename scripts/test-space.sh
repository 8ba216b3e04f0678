#!/usr/bin/env bash
# Before the suite: drops what test runs that were killed left in Postgres (their databases and schemas are named
# after their process id: test_ix_<pid>_…, app_<pid>_…, and nothing ends them once the process is gone), then checks
# the disk has room for the run: Postgres's data and the run's logs take about 2 GiB at the peak. Too little fails
# here, with what to free, rather than as ENOSPC in whichever process writes next.
set -uo pipefail
cd "$(dirname "$0")/.."

admin=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
# Free space wanted, in MiB (TEST_MIN_FREE_MB overrides).
need_mb=${TEST_MIN_FREE_MB:-3072}

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
