#!/usr/bin/env bash
# Installs what the tests need when it is missing: node_modules from the lock file, Debian's Chromium (for the
# browser tests, tests/api.content-security.test.ts and tests/web.pages.test.ts, driven by playwright-core) and Debian's
# promtool (tests/metrics.test.ts checks /metrics with it). Used by the run command (scripts/start.sh, with
# --no-browser) and the test command (scripts/test.sh), so a fresh clone needs nothing else. Each step is skipped when
# its result is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=/usr/bin/chromium
PROMTOOL=/usr/bin/promtool

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

# Installs Debian package $2 when $1 is missing (as root, or through sudo).
apt_install() {
  local binary=$1 package=$2
  if [ -x "$binary" ]; then
    return 0
  fi
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
      echo "[install] $binary is missing and this user cannot install it: run 'apt-get install $package' as root" >&2
      return 1
    fi
    sudo="sudo"
  fi
  echo "[install] $binary missing: installing Debian's $package (apt-get update, then apt-get install)"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$package"
}

# playwright-core downloads no browser of its own; the machines reach Debian's packages, whose chromium it drives.
install_chromium() {
  [ -x "$CHROMIUM" ] && return 0
  apt_install "$CHROMIUM" chromium
  echo "[install] $("$CHROMIUM" --version)"
}

# promtool ships only in Debian's prometheus package, with the server. The tests need promtool alone: where the
# package's install started the server (a systemd machine; containers' policy-rc.d refuses), it is stopped and
# disabled again.
install_promtool() {
  [ -x "$PROMTOOL" ] && return 0
  apt_install "$PROMTOOL" prometheus
  if command -v systemctl >/dev/null 2>&1 && systemctl is-active --quiet prometheus 2>/dev/null; then
    if [ "$(id -u)" -eq 0 ]; then systemctl disable --now prometheus; else sudo systemctl disable --now prometheus; fi
  fi
  echo "[install] $("$PROMTOOL" --version 2>&1 | head -n 1)"
}

# The run command serves no browser and runs no tests, so it skips Chromium and promtool: `install.sh --no-browser`.
# Otherwise Debian's packages install beside npm (one downloads from Debian, the other from npm's registry), and their
# output is printed after npm's.
if [ "${1:-}" = "--no-browser" ]; then
  install_node_modules
else
  apt_log=$(mktemp)
  (
    install_chromium
    install_promtool
  ) >"$apt_log" 2>&1 &
  apt_pid=$!
  npm_status=0
  install_node_modules || npm_status=$?
  apt_status=0
  wait "$apt_pid" || apt_status=$?
  cat "$apt_log"
  rm -f "$apt_log"
  if [ "$npm_status" -ne 0 ] || [ "$apt_status" -ne 0 ]; then
    echo "[install] FAILED: npm exit ${npm_status}, Debian packages exit ${apt_status}" >&2
    exit 1
  fi
fi
