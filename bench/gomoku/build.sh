#!/usr/bin/env bash
# Builds the gomoku references for bench/gomoku/match.sh and tactics.sh, outside
# the repository: the match manager c-gomoku-cli and the brains Rapfi and Wine.
#
#   bench/gomoku/build.sh OUT_DIR [--cli DIR] [--rapfi DIR --networks DIR] [--wine DIR]
#
#   OUT_DIR        where the sources are copied (OUT_DIR/src) and the programs put;
#                  it must lie outside this repository (no reference code is part of it)
#   --cli DIR      dhbloo/c-gomoku-cli: OUT_DIR/c-gomoku-cli (`make` in src/)
#   --rapfi DIR    dhbloo/rapfi: OUT_DIR/pbrain-rapfi (CMake, AVX2 and BMI2 when
#                  /proc/cpuinfo has them), with --networks
#   --networks DIR dhbloo/rapfi-networks: its classical evaluation
#                  classical/model220723.bin, and config-example/gomocalc-classical220723.toml
#                  as OUT_DIR/config.toml with coord_conversion_mode = "none" (the
#                  moves as the manager sends them, not flipped)
#   --wine DIR     jinjiebang/wine (2018): OUT_DIR/pbrain-wine, with three edits (below)
#
# Each DIR is a checkout or a git directory (bare or not: its HEAD is taken with
# git archive). Only the programs given are built. Wine's sources are UTF-16 with
# CRLF; they are converted to UTF-8, and Wine is changed in two ways before it can
# play a match: it times its moves with clock(), which is CPU time on Linux, so
# it overran wall-clock turns: here it reads std::chrono::steady_clock; and it
# never answered ABOUT, so the manager waited on it: here it answers with its name.
# Set CXX to use another compiler, JOBS for make's parallelism (default 2).
set -euo pipefail

usage() { sed -n '2,25p' "$0"; }

out="" cli="" rapfi="" networks="" wine=""
while [ $# -gt 0 ]; do
  case "$1" in
    --cli) cli="${2:?--cli needs a directory}"; shift ;;
    --rapfi) rapfi="${2:?--rapfi needs a directory}"; shift ;;
    --networks) networks="${2:?--networks needs a directory}"; shift ;;
    --wine) wine="${2:?--wine needs a directory}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "build.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$out" ]; then out=$1
      else echo "build.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -z "$out" ]; then
  echo "build.sh: needs OUT_DIR (see --help)" >&2; exit 2
fi
if [ -z "$cli$rapfi$wine" ]; then
  echo "build.sh: nothing to build: give --cli, --rapfi or --wine (see --help)" >&2; exit 2
fi
if [ -n "$rapfi" ] && [ -z "$networks" ]; then
  echo "build.sh: --rapfi needs --networks (its classical evaluation)" >&2; exit 2
fi

here=$(cd "$(dirname "$0")" && pwd -P)
repo=$(cd "$here/../.." && pwd -P)
out=$(realpath -m "$out")
case "$out/" in
  "$repo/"*) echo "build.sh: OUT_DIR $out lies inside the repository $repo; choose a directory outside it" >&2; exit 2 ;;
esac
case "$repo/" in
  "$out/"*) echo "build.sh: OUT_DIR $out holds the repository $repo; choose a directory of its own" >&2; exit 2 ;;
esac
mkdir -p "$out/src"
jobs="${JOBS:-2}"
cxx="${CXX:-g++}"

# copy_source NAME DIR MARKER [PATH...]: DIR's files (or only PATHs of its HEAD) to
# $out/src/NAME, checked to hold MARKER.
copy_source() {
  local name=$1 dir=$2 marker=$3
  shift 3
  local dest="$out/src/$name"
  rm -rf "$dest"
  mkdir -p "$dest"
  if [ -e "$dir/$marker" ]; then
    if [ $# -eq 0 ]; then
      cp -R "$dir/." "$dest/"
      rm -rf "$dest/.git"
    else
      local path
      for path in "$@"; do
        mkdir -p "$dest/$(dirname "$path")"
        cp "$dir/$path" "$dest/$path"
      done
    fi
  elif git -C "$dir" rev-parse --git-dir > /dev/null 2>&1; then
    git -C "$dir" archive HEAD "$@" | tar -x -C "$dest"
    git -C "$dir" rev-parse HEAD > "$dest/COMMIT"
  else
    echo "build.sh: $dir is neither a $name checkout nor a git directory" >&2; exit 2
  fi
  if [ ! -e "$dest/$marker" ]; then
    echo "build.sh: $dir holds no $marker: is it $name?" >&2; exit 2
  fi
}

if [ -n "$cli" ]; then
  copy_source c-gomoku-cli "$cli" src/Makefile
  make -C "$out/src/c-gomoku-cli/src" -j"$jobs" CXX="$cxx" > "$out/src/c-gomoku-cli.log" 2>&1 ||
    { tail -20 "$out/src/c-gomoku-cli.log" >&2; echo "build.sh: c-gomoku-cli failed to build" >&2; exit 1; }
  cp "$out/src/c-gomoku-cli/src/c-gomoku-cli" "$out/c-gomoku-cli"
  echo "build.sh: $out/c-gomoku-cli"
fi

if [ -n "$rapfi" ]; then
  model=classical/model220723.bin
  config=config-example/gomocalc-classical220723.toml
  copy_source rapfi-networks "$networks" "$model" "$model" "$config"
  copy_source rapfi "$rapfi" Rapfi/CMakeLists.txt
  flag() { if grep -qw "$1" /proc/cpuinfo; then echo ON; else echo OFF; fi; }
  avx2=$(flag avx2) bmi2=$(flag bmi2)
  build="$out/src/rapfi-build"
  rm -rf "$build"
  cmake -S "$out/src/rapfi/Rapfi" -B "$build" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DUSE_AVX2="$avx2" -DUSE_BMI2="$bmi2" > "$out/src/rapfi.log" 2>&1 &&
  cmake --build "$build" -j "$jobs" >> "$out/src/rapfi.log" 2>&1 ||
    { tail -20 "$out/src/rapfi.log" >&2; echo "build.sh: Rapfi failed to build" >&2; exit 1; }
  cp "$build/pbrain-rapfi" "$out/pbrain-rapfi"
  cp "$out/src/rapfi-networks/$model" "$out/"
  sed -E 's/^(coord_conversion_mode = )"[^"]*"/\1"none"/' \
    "$out/src/rapfi-networks/$config" > "$out/config.toml"
  if ! grep -q '^coord_conversion_mode = "none"' "$out/config.toml" ||
     ! grep -q "^binary_file = \"$(basename "$model")\"" "$out/config.toml"; then
    echo "build.sh: $config has no coord_conversion_mode or binary_file line to set (has it changed?)" >&2
    exit 1
  fi
  echo "build.sh: $out/pbrain-rapfi (AVX2 $avx2, BMI2 $bmi2) with $out/config.toml and $out/$(basename "$model")"
fi

if [ -n "$wine" ]; then
  copy_source wine "$wine" pbrain-wine/AI.cpp
  src="$out/src/wine/pbrain-wine"
  for file in AI.cpp AI.h Board.cpp Board.h main.cpp; do
    if iconv -f UTF-16 -t UTF-8 "$src/$file" > "$src/$file.utf8" 2> /dev/null; then
      mv "$src/$file.utf8" "$src/$file"
    else
      rm -f "$src/$file.utf8"
    fi
    sed -i 's/\r$//' "$src/$file"
  done
  sed -i -E \
    -e 's|^(\s*)return \(double\)\(clock\(\) - start\) / CLOCKS_PER_SEC \* 1000;|\1return (int)std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();|' \
    -e 's|^(\s*)start = clock\(\);|\1start = std::chrono::steady_clock::now();|' \
    "$src/AI.cpp"
  sed -i -E \
    -e 's|^(#include "Board.h")|\1\n#include <chrono>|' \
    -e 's|^(\s*)clock_t start;|\1std::chrono::steady_clock::time_point start;|' \
    "$src/AI.h"
  sed -i -E \
    -e 's|^(\s*)else if \(command == "END"\)|\1else if (command == "ABOUT")\n\1{\n\1\tcout << "name=\\"Wine\\", version=\\"2018\\", author=\\"jinjiebang\\"" << endl;\n\1}\n&|' \
    "$src/main.cpp"
  if grep -q 'clock()' "$src/AI.cpp" || ! grep -q 'steady_clock::time_point start;' "$src/AI.h" ||
     ! grep -q 'command == "ABOUT"' "$src/main.cpp"; then
    echo "build.sh: could not switch Wine to a wall clock or make it answer ABOUT (has Wine changed?)" >&2
    exit 1
  fi
  "$cxx" -std=c++11 -O2 -w -include cstring -o "$out/pbrain-wine" \
    "$src/AI.cpp" "$src/Board.cpp" "$src/main.cpp"
  echo "build.sh: $out/pbrain-wine (wall clock, answers ABOUT)"
fi
