#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, docs and all tests (optimised,
# with overflow checks: the `ci` profile).
# On a fresh machine with only the Rust toolchain it first installs what the
# tests need.
set -euo pipefail
cd "$(dirname "$0")"

# The games test plays against Fairy-Stockfish (Debian package fairy-stockfish);
# the tree test renders inarow's DOT output with Graphviz (package graphviz);
# the browser test drives Debian's chromium from Node.js (nodejs, npm).
missing=""
[ -x /usr/games/fairy-stockfish ] || missing="$missing fairy-stockfish"
command -v dot > /dev/null || missing="$missing graphviz"
[ -n "${CHROMIUM:-}" ] || [ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v node > /dev/null || missing="$missing nodejs"
command -v npm > /dev/null || missing="$missing npm"
if [ -n "$missing" ]; then
  echo "test.sh: installing$missing"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  # shellcheck disable=SC2086 # one word per package
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi

cargo fmt --all --check
cargo fmt --manifest-path fuzz/Cargo.toml --check
cargo clippy --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
# The tests build with the `ci` profile (Cargo.toml): optimised as release is,
# without its fat LTO, which halves a cold build, and with debug assertions and
# overflow checks on, as a debug build has them. The scripts below use its
# binary and build the wheel with it too.
export INAROW_PROFILE=ci
cargo test --workspace --profile ci
# Every solver test again on two threads: the scores must not change.
INAROW_TEST_THREADS=2 cargo test --profile ci --test solver
# The fuzz targets (fuzz/), a short pass of each, two at a time, when the
# nightly toolchain they build with is here. FUZZ_SECONDS sets the time.
if cargo +nightly --version > /dev/null 2>&1; then
  FUZZ_JOBS=2 fuzz/run.sh "${FUZZ_SECONDS:-10}"
else
  echo "test.sh: no nightly toolchain, so the fuzz pass is skipped (rustup toolchain install nightly)"
fi
# The web page of inarow serve in Debian's chromium (installs chromium, node and
# playwright-core if missing; screenshots in target/browser/).
tests/browser/run.sh
# inarow serve against its OpenAPI document, with schemathesis (a virtual
# environment under target/schemathesis/).
tests/openapi/run.sh
# The Python package: its portable wheel built (python/wheel.sh: x86-64-v2 and
# x86-64-v3 modules, manylinux_2_17 by auditwheel), tested in Kaggle ConnectX,
# PettingZoo and OpenSpiel (virtual environments under target/python/), its
# Kaggle submission played where inarow is not installed, and the wheel run
# under qemu on Nehalem and Haswell CPUs (python/qemu.sh installs qemu-user).
python/test.sh
