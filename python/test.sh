#!/usr/bin/env bash
# Tests the Python package in the real environments: makes a virtual
# environment under target/python/ (kept between runs; remade when
# requirements-test.txt changes), installs the pinned environments, builds the
# portable wheel (python/wheel.sh: x86-64-v2, manylinux_2_17, checked by
# auditwheel), installs it and runs pytest; the Kaggle submission is loaded in
# a second environment without inarow (requirements-kaggle.txt); last, the
# installed wheel runs under qemu on a Nehalem CPU (python/qemu.sh). Run by
# the repository's ./test.sh; prints how long each step took.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
wheels=target/python/wheels
started=$SECONDS

step() {
  echo "python/test.sh: $*"
}

# A virtual environment with a requirements file's packages, remade when the file changes.
environment() {
  local venv=$1 requirements=$2 stamp
  stamp=$(sha256sum "$requirements" | cut -d' ' -f1)
  if [ ! -x "$venv/bin/python" ] || [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$stamp" ]; then
    step "making $venv"
    rm -rf "$venv"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    echo "$stamp" > "$venv/.requirements"
  fi
}
venv=target/python/venv
kaggle=target/python/kaggle
environment "$venv" python/requirements-test.txt
environment "$kaggle" python/requirements-kaggle.txt
setup=$((SECONDS - started))

# The cargo profile of the binary the tests compare with (`inarow analyze`) and
# of the wheel: $INAROW_PROFILE (./test.sh sets ci), else release.
profile="${INAROW_PROFILE:-release}"
cargo build --profile "$profile" --quiet --bin inarow

step "building the wheel"
built=$SECONDS
python/wheel.sh --profile "$profile" --out "$wheels"
wheel=$(ls "$wheels"/inarow-*.whl)
"$venv/bin/pip" install --quiet --disable-pip-version-check --force-reinstall --no-deps "$wheel"
build=$((SECONDS - built))

tested=$SECONDS
# From the repository root, so the source tree's inarow/ (without the compiled
# module) does not shadow the installed package.
INAROW_BIN=$PWD/target/$profile/inarow INAROW_WHEEL=$PWD/$wheel INAROW_KAGGLE_PYTHON=$PWD/$kaggle/bin/python \
  "$venv/bin/pytest" -q -p no:cacheprovider --durations=5 python/tests
pytest=$((SECONDS - tested))

emulated=$SECONDS
python/qemu.sh "$venv/bin/python" "target/$profile/inarow"
step "done in $((SECONDS - started)) s: environments $setup s, wheel $build s, pytest $pytest s, qemu $((SECONDS - emulated)) s"
