#!/usr/bin/env bash
# Installs what the tests need when it is missing: node_modules from the lock file, and Debian's Chromium (for the
# browser tests, tests/api.content-security.test.ts and tests/web.pages.test.ts, driven by playwright-core). Used by the run command
# (scripts/start.sh, with --no-browser) and the test command (scripts/test.sh), so a fresh clone needs nothing else. Each step is
# skipped when its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium

install_node_modules() {
  if [ -x node_modules/.bin/tsx ] && [ -x node_modules/.bin/forge ] && [ -x node_modules/.bin/vitest ] &&
    [ -x node_modules/.bin/depcruise ] && [ -f node_modules/playwright-core/package.json ] &&
    [ -f node_modules/lightweight-charts/package.json ] && [ -f node_modules/swagger-ui-dist/package.json ] &&
    [ -f node_modules/esbuild/package.json ] && [ -f node_modules/@axe-core/playwright/package.json ] &&
    [ -f node_modules/@layerzerolabs/oft-evm/package.json ] && [ -f node_modules/@layerzerolabs/toolbox-foundry/package.json ]; then
    return 0
  fi
  echo "[install] node_modules missing or incomplete: installing the locked versions (npm ci)"
  # The registry these machines reach lacks the other platforms' optional binaries (biome, foundry), which the lock
  # file therefore cannot list, and npm ci refuses such a lock; npm install --no-save then installs the same locked
  # versions without rewriting the lock.
  if ! npm ci --no-audit --no-fund; then
    echo "[install] npm ci refused the lock file; installing the locked versions with npm install --no-save"
    npm install --no-audit --no-fund --no-save
  fi
}

# playwright-core downloads no browser of its own; the machines reach Debian's packages, whose chromium it drives.
install_chromium() {
  if [ -x "$CHROMIUM" ]; then
    return 0
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "[install] $CHROMIUM is missing and this user cannot install it: run 'apt-get install chromium' as root" >&2
      return 1
    fi
    sudo="sudo"
  fi
  echo "[install] $CHROMIUM missing: installing Debian's chromium (apt-get update, then apt-get install)"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium
  echo "[install] $("$CHROMIUM" --version)"
}

install_node_modules
# The run command serves no browser, so it skips Chromium: `install.sh --no-browser`.
if [ "${1:-}" != "--no-browser" ]; then
  install_chromium
fi
