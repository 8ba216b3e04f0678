#!/usr/bin/env bash
# The run command (`npm start`): installs what is missing, then runs the local stack (scripts/dev.ts), passing on its
# arguments (`npm start -- --demo`).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh --no-browser
exec node_modules/.bin/tsx scripts/dev.ts "$@"
