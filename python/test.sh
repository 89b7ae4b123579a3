#!/usr/bin/env bash
# Tests the Python package in the real environments: makes a virtual
# environment under target/python/ (kept between runs; remade when
# requirements-test.txt changes), installs the pinned environments, builds the
# wheel as `pip install ./python` does, installs it and runs pytest. Run by the
# repository's ./test.sh; prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=target/python/venv
wheels=target/python/wheels
started=$SECONDS

step() {
  echo "python/test.sh: $*"
}

stamp=$(sha256sum python/requirements-test.txt | cut -d' ' -f1)
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$stamp" ]; then
  step "making $venv"
  rm -rf "$venv"
  "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r python/requirements-test.txt
  echo "$stamp" > "$venv/.requirements"
fi
setup=$((SECONDS - started))

# The cargo profile of the binary the tests compare with (`inarow analyze`) and
# of the wheel: $INAROW_PROFILE (./test.sh sets ci), else release.
profile="${INAROW_PROFILE:-release}"
cargo build --profile "$profile" --quiet --bin inarow
export MATURIN_PEP517_ARGS="--profile $profile"

step "building the wheel"
built=$SECONDS
rm -rf "$wheels"
"$venv/bin/pip" wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$wheels" ./python
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheels"/inarow-*.whl
build=$((SECONDS - built))
for wheel in "$wheels"/inarow-*.whl; do
  step "$(basename "$wheel"): $(du -k "$wheel" | cut -f1) KiB"
done

tested=$SECONDS
# From the repository root, so the source tree's inarow/ (without the compiled
# module) does not shadow the installed package.
INAROW_BIN=$PWD/target/$profile/inarow "$venv/bin/pytest" -q -p no:cacheprovider --durations=5 python/tests
step "done in $((SECONDS - started)) s: environment $setup s, wheel $build s, pytest $((SECONDS - tested)) s"
