#!/usr/bin/env bash
# The browser test of `inarow serve`'s page: Debian's chromium driven by
# playwright-core (pinned in package-lock.json, installed with npm ci), run by
# ./test.sh after it has installed chromium, nodejs and npm. Builds the binary
# (see below) and runs run.mjs. Screenshots go to
# target/browser/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# ./test.sh installs chromium, nodejs and npm from Debian when they are missing.
for tool in "${CHROMIUM:-/usr/bin/chromium}" node npm; do
  command -v "$tool" > /dev/null || {
    echo "tests/browser/run.sh: $tool not found (./test.sh installs it: apt-get install chromium nodejs npm)" >&2
    exit 1
  }
done

# The binary of the cargo profile $INAROW_PROFILE (./test.sh sets ci), else
# release's; $INAROW_BIN names one outright.
profile="${INAROW_PROFILE:-release}"
export INAROW_BIN="${INAROW_BIN:-$root/target/$profile/inarow}"
(cd "$root" && cargo build --quiet --profile "$profile" --bin inarow)

cd "$here"
# npm ci unless node_modules already has the pinned playwright-core.
want="$(node -p "require('./package.json').dependencies['playwright-core']")"
have="$(node -p "require('./node_modules/playwright-core/package.json').version" 2> /dev/null || true)"
if [ "$want" != "$have" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
exec node run.mjs
