#!/usr/bin/env bash
# Builds inarow with profile-guided optimisation into target/pgo/inarow, as
# Stockfish's `make profile-build` does: an instrumented build, a training run,
# then a build that lays out and inlines the code by the counts it took.
#
#   bench/pgo.sh
#
# The training run is `inarow bench` (the heuristic search) and the solver on
# positions outside those the README times against c4 (the first 200 of
# Test_L1_R2, the first 100 of Test_L1_R3, Test_L2_R2): Pascal Pons's
# Test_L1_R2 lines 201 to 400, Test_L1_R3 lines 101 to 110 and Test_L2_R1's
# first 200, read from $INAROW_PONS_DIR, else ../shared/data/pons. The result
# plays and searches exactly as `cargo build --release` does, node for node;
# only its speed differs. `./bench.sh --pgo` measures this build.
#
# Needs llvm-profdata from the toolchain's llvm-tools component (installed
# with rustup if absent). A build of the same source (commit and uncommitted
# change) is kept.
set -euo pipefail
cd "$(dirname "$0")/.."

pons="${INAROW_PONS_DIR:-../shared/data/pons}"
for set in Test_L1_R2 Test_L1_R3 Test_L2_R1; do
  if [ ! -f "$pons/$set" ]; then
    echo "pgo.sh: $pons/$set not found (set INAROW_PONS_DIR)" >&2; exit 2
  fi
done

sysroot=$(rustc --print sysroot)
host=$(rustc -vV | sed -n 's/^host: //p')
profdata="$sysroot/lib/rustlib/$host/bin/llvm-profdata"
if [ ! -x "$profdata" ]; then
  rustup component add llvm-tools >&2
fi

out=target/pgo
# The source the last build was of: its commit and any uncommitted change.
# A build of the same source is kept rather than trained again.
stamp="$(git rev-parse HEAD 2>/dev/null || echo none) $( (git diff HEAD 2>/dev/null || true) | cksum)"
if [ -x "$out/inarow" ] && [ "$(cat "$out/stamp" 2>/dev/null)" = "$stamp" ]; then
  echo "pgo.sh: $out/inarow is of this source already" >&2
  exit 0
fi

# The same flags as .cargo/config.toml's, with the profile's on top
# (RUSTFLAGS replaces that file's rustflags rather than adding to them).
flags="-C target-cpu=native"
profiles="$out/profiles"
rm -rf "$profiles"
mkdir -p "$profiles"

echo "pgo.sh: instrumented build" >&2
RUSTFLAGS="$flags -C profile-generate=$PWD/$profiles" CARGO_TARGET_DIR="$out/generate" \
  cargo build --release --quiet
trained="$out/generate/release/inarow"

echo "pgo.sh: training run" >&2
"$trained" bench > /dev/null
{
  sed -n '201,400p' "$pons/Test_L1_R2"
  sed -n '101,110p' "$pons/Test_L1_R3"
  sed -n '1,200p' "$pons/Test_L2_R1"
} | cut -d' ' -f1 | "$trained" solve --no-book --hash 64 > /dev/null
"$profdata" merge -o "$profiles/merged.profdata" "$profiles"/*.profraw

echo "pgo.sh: optimised build" >&2
RUSTFLAGS="$flags -C profile-use=$PWD/$profiles/merged.profdata" CARGO_TARGET_DIR="$out/use" \
  cargo build --release --quiet
cp "$out/use/release/inarow" "$out/inarow"
echo "$stamp" > "$out/stamp"
echo "pgo.sh: built $out/inarow" >&2
