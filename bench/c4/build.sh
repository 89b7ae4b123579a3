#!/usr/bin/env bash
# Builds Christophe Steininger's Connect-Four solver c4 with our driver
# (bench/c4/driver.cpp), outside the repository, for `./bench.sh --vs-c4 OUT_DIR`.
#
#   bench/c4/build.sh C4_SOURCE OUT_DIR [--hash MIB] [--size WxH]
#
#   C4_SOURCE   a c4 checkout (holding src/solver/), or a git directory of c4
#               (bare or not: its HEAD is taken with git archive)
#   OUT_DIR     where c4's source is copied and the drivers built; it must lie
#               outside this repository (c4's code is never part of it)
#   --hash MIB  the table size: the largest prime number of 8-byte entries that
#               fits in MIB MiB (default 64, as `bench.sh --hash 64`)
#   --size WxH  the board (default 7x6): c4's BOARD_WIDTH and BOARD_HEIGHT, also
#               compile-time constants; c4 takes a 128-bit board past 64 bits
#
# c4's thread count and table size are compile-time constants (NUM_THREADS and
# NUM_TABLE_ENTRIES in src/solver/settings.h), so the solver is compiled twice,
# with g++ and the flags of c4's OPTIMISE build plus -march=native:
# OUT_DIR/c4-driver-t1 (one thread) and OUT_DIR/c4-driver-t2 (two threads).
# `OUT_DIR/c4-driver-t1 --settings` prints what a driver was built with.
# Set CXX to use another compiler.
set -euo pipefail

usage() { sed -n '2,19p' "$0"; }

source_dir="" out="" hash=64 size=7x6
while [ $# -gt 0 ]; do
  case "$1" in
    --hash) hash="${2:?--hash needs a size in MiB}"; shift ;;
    --size) size="${2:?--size needs WxH}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "build.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$source_dir" ]; then source_dir=$1
      elif [ -z "$out" ]; then out=$1
      else echo "build.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -z "$source_dir" ] || [ -z "$out" ]; then
  echo "build.sh: needs C4_SOURCE and OUT_DIR (see --help)" >&2; exit 2
fi
if ! [[ "$size" =~ ^([1-9][0-9]*)x([1-9][0-9]*)$ ]]; then
  echo "build.sh: --size $size is not WxH" >&2; exit 2
fi
width=${BASH_REMATCH[1]} height=${BASH_REMATCH[2]}
if ! [[ "$hash" =~ ^[1-9][0-9]*$ ]]; then
  echo "build.sh: --hash $hash is not a whole number of MiB" >&2; exit 2
fi

here=$(cd "$(dirname "$0")" && pwd -P)
repo=$(cd "$here/../.." && pwd -P)
driver="$here/driver.cpp"
out=$(realpath -m "$out")
case "$out/" in
  "$repo/"*) echo "build.sh: OUT_DIR $out lies inside the repository $repo; choose a directory outside it" >&2; exit 2 ;;
esac
case "$repo/" in
  "$out/"*) echo "build.sh: OUT_DIR $out holds the repository $repo; choose a directory of its own" >&2; exit 2 ;;
esac
mkdir -p "$out"

# c4's source, copied to $out/c4-src.
rm -rf "$out/c4-src"
mkdir -p "$out/c4-src"
if [ -f "$source_dir/src/solver/solver.h" ]; then
  cp -R "$source_dir/." "$out/c4-src/"
  rm -rf "$out/c4-src/.git"
elif git -C "$source_dir" rev-parse --git-dir > /dev/null 2>&1; then
  git -C "$source_dir" archive HEAD | tar -x -C "$out/c4-src"
  git -C "$source_dir" rev-parse HEAD > "$out/c4-src/COMMIT"
else
  echo "build.sh: $source_dir is neither a c4 checkout nor a git directory" >&2; exit 2
fi
if [ ! -f "$out/c4-src/src/solver/settings.h" ]; then
  echo "build.sh: $source_dir holds no src/solver/settings.h: is it c4?" >&2; exit 2
fi

# The largest prime p with 8 * p <= MIB MiB (trial division: p stays below 2^53).
entries=$(awk -v mib="$hash" 'BEGIN {
  n = int(mib * 1048576 / 8)
  if (n % 2 == 0) n--
  for (; n >= 3; n -= 2) {
    prime = 1
    for (d = 3; d * d <= n; d += 2) if (n % d == 0) { prime = 0; break }
    if (prime) { print n; exit }
  }
  exit 1
}') || { echo "build.sh: no prime table size fits in $hash MiB" >&2; exit 2; }

cxx="${CXX:-g++}"
flags=(-std=c++20 -DNDEBUG -Wall -O3 -march=native -flto=1 -pthread)
for threads in 1 2; do
  # Each variant gets its own copy of the solver with its settings.
  dir="$out/build-t$threads"
  rm -rf "$dir"
  mkdir -p "$dir"
  cp -R "$out/c4-src/src/solver" "$dir/solver"
  settings="$dir/solver/settings.h"
  sed -i -E \
    -e "s/^(inline constexpr int NUM_THREADS = )[0-9]+;/\1$threads;/" \
    -e "s/^(inline constexpr uint64_t NUM_TABLE_ENTRIES = )[0-9]+;/\1$entries;/" \
    -e "s/^(inline constexpr int BOARD_WIDTH = )[0-9]+;/\1$width;/" \
    -e "s/^(inline constexpr int BOARD_HEIGHT = )[0-9]+;/\1$height;/" \
    "$settings"
  if ! grep -q "^inline constexpr int NUM_THREADS = $threads;" "$settings" ||
     ! grep -q "^inline constexpr uint64_t NUM_TABLE_ENTRIES = $entries;" "$settings" ||
     ! grep -q "^inline constexpr int BOARD_WIDTH = $width;" "$settings" ||
     ! grep -q "^inline constexpr int BOARD_HEIGHT = $height;" "$settings"; then
    echo "build.sh: could not set NUM_THREADS, NUM_TABLE_ENTRIES and the board in $settings (has c4 changed?)" >&2
    exit 1
  fi
  echo "build.sh: c4-driver-t$threads: $size, $threads thread(s), $entries table entries ($hash MiB)"
  mapfile -t sources < <(find "$dir/solver" -name '*.cpp' | sort)
  "$cxx" "${flags[@]}" -I "$dir" -o "$out/c4-driver-t$threads" "$driver" "${sources[@]}"
done
"$out/c4-driver-t1" --settings
"$out/c4-driver-t2" --settings
