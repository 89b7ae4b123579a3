#!/usr/bin/env bash
# The browser test of `inarow serve`'s page: Debian's chromium driven by
# playwright-core (pinned in package-lock.json). Installs what is missing
# (chromium, node and npm from Debian; playwright-core with npm ci), builds the
# release binary if it is missing, and runs run.mjs. Screenshots go to
# target/browser/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

missing=""
[ -n "${CHROMIUM:-}" ] || [ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v node > /dev/null || missing="$missing nodejs"
command -v npm > /dev/null || missing="$missing npm"
if [ -n "$missing" ]; then
  echo "tests/browser/run.sh: installing$missing"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi

if [ ! -x "$root/target/release/inarow" ]; then
  (cd "$root" && cargo build --release)
fi

cd "$here"
# npm ci unless node_modules already has the pinned playwright-core.
want="$(node -p "require('./package.json').dependencies['playwright-core']")"
have="$(node -p "require('./node_modules/playwright-core/package.json').version" 2> /dev/null || true)"
if [ "$want" != "$have" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
exec node run.mjs
