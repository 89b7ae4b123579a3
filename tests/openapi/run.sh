#!/usr/bin/env bash
# Checks inarow serve against its own OpenAPI document with schemathesis
# (PyPI): every operation, schema-valid and schema-violating requests, every
# answer's status, content type and body against the document. Run by
# ./test.sh after the tests' build; the virtual environment lives under
# target/schemathesis/ (about 10 s to create once).
#
# Left out: positive_data_acceptance. A position is a string the schema cannot
# tell legal from illegal ("4444444" overfills a column), so a schema-valid
# request may rightly get 400.
set -euo pipefail
cd "$(dirname "$0")/../.."

version=4.32.5
venv=target/schemathesis
if [ ! -x "$venv/bin/schemathesis" ] || ! "$venv/bin/pip" show schemathesis 2> /dev/null | grep -q "^Version: $version$"; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$version"
fi
# The binary of the cargo profile $INAROW_PROFILE (./test.sh sets ci), else
# release's.
profile="${INAROW_PROFILE:-release}"
cargo build --quiet --profile "$profile" --bin inarow

out=$(mktemp)
"target/$profile/inarow" serve --bind 127.0.0.1:0 --hash 16 --default-millis 200 --max-millis 500 > "$out" &
server=$!
trap 'kill $server 2> /dev/null || true; rm -f "$out"' EXIT
for _ in $(seq 100); do
  grep -q "^listening on " "$out" && break
  sleep 0.05
done
url=$(sed -n 's/^listening on //p' "$out")
[ -n "$url" ] || { echo "tests/openapi/run.sh: the server did not start" >&2; exit 1; }

"$venv/bin/schemathesis" run "$url/api/v1/openapi.json" \
  --checks all --exclude-checks positive_data_acceptance \
  --max-examples 100 --workers 2 --seed 1 --no-color
kill -0 $server || { echo "tests/openapi/run.sh: the server died" >&2; exit 1; }
