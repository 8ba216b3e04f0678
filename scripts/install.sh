#!/usr/bin/env bash
# Installs node_modules when they are missing, from the lock file. Used by the run command (scripts/start.sh) and the
# test command (scripts/test.sh), so a fresh clone needs nothing else.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -x node_modules/.bin/tsx ] && [ -x node_modules/.bin/forge ] && [ -x node_modules/.bin/vitest ] && [ -x node_modules/.bin/depcruise ]; then
  exit 0
fi
echo "[install] node_modules missing: installing the locked versions (npm ci)"
# The registry these machines reach lacks the other platforms' optional binaries (biome, foundry), which the lock file
# therefore cannot list, and npm ci refuses such a lock; npm install --no-save then installs the same locked versions
# without rewriting the lock.
if ! npm ci --no-audit --no-fund; then
  echo "[install] npm ci refused the lock file; installing the locked versions with npm install --no-save"
  npm install --no-audit --no-fund --no-save
fi
