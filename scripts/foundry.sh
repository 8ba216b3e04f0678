#!/usr/bin/env bash
# Runs a Foundry tool (forge, anvil, cast) from its npm package's platform binary, so that its exit code is ours.
#   bash scripts/foundry.sh forge test …
# The npm wrappers in node_modules/.bin start the same binary but exit 0 whatever it returned (@foundry-rs 1.7.1):
# `npx forge test` with failing tests exits 0. Everything that must fail on a failure calls the tool through here.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

tool="${1:-}"
case "$tool" in
  forge | anvil | cast) shift ;;
  *)
    echo "usage: scripts/foundry.sh forge|anvil|cast [arguments…]" >&2
    exit 2
    ;;
esac

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) os=win32 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=amd64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) arch="$(uname -m)" ;;
esac

binary="$root/node_modules/@foundry-rs/$tool-$os-$arch/bin/$tool"
if [ ! -x "$binary" ]; then
  echo "$tool is not installed: $binary is missing. Run \`npm install\` (it comes from the @foundry-rs/$tool devDependency)." >&2
  exit 127
fi
exec "$binary" "$@"
