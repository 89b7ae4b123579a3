#!/usr/bin/env bash
# Runs the installed inarow on the oldest CPUs its wheel's modules target:
# `import inarow`, a solve and an engine move under `qemu-x86_64 -cpu Nehalem`
# (x86-64-v2: SSE4.2 and POPCNT, no AVX), where the x86-64-v2 module must be
# the one loaded, and under `-cpu Haswell` (x86-64-v3: AVX2, BMI2, FMA, no
# AVX-512), where the x86-64-v3 one must be, from Debian's qemu-user, which it
# installs if missing. A module built for a newer CPU dies here with "Illegal
# instruction".
#
#   python/qemu.sh PYTHON [NATIVE]
#
# PYTHON is the interpreter of an environment with the wheel installed
# (python/test.sh passes its own). NATIVE, an `inarow` binary built for this
# machine (target-cpu=native), is run under Nehalem too, to show what the
# check catches: it dies there unless this machine has nothing past
# x86-64-v2.
set -euo pipefail
python=${1:?usage: python/qemu.sh PYTHON [NATIVE]}
native=${2:-}
if ! command -v qemu-x86_64 > /dev/null; then
  echo "qemu.sh: installing qemu-user"
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq qemu-user
fi
started=$SECONDS

# qemu's notes on CPU features it does not emulate (pcid, x2apic, ...),
# none of which the modules use, are left out.
emulate() {
  local cpu=$1; shift
  qemu-x86_64 -cpu "$cpu" "$@" 2> >(grep -v "TCG doesn't support requested feature" >&2)
}

check() {
  local cpu=$1 level=$2
  emulate "$cpu" "$python" - "$cpu" "$level" <<'PY'
import sys

import inarow

cpu, level = sys.argv[1:]
assert inarow.target_cpu == level, f"under {cpu} the module for {inarow.target_cpu} was loaded, not {level}"
# The second position of Pons's Test_L2_R1, which he scores 8.
position = inarow.Position("52753311433677442422121")
score = inarow.Solver(hash_mb=8, book=False).solve(position)
assert score == 8, score
move = inarow.Engine(hash_mb=8, book=False).best_move(inarow.Position("44"), depth=8)
assert move in range(7), move
gomoku = inarow.Engine(hash_mb=8).best_move(inarow.Position("h8 i9", game="gomoku"), depth=2)
print(f"qemu.sh: under {cpu}, the {level} module: solve = {score}, engine moves {move} on 7x6, {gomoku} in gomoku")
PY
}

check Nehalem x86-64-v2
if "$python" -c "import inarow, pathlib, sys; sys.exit(not (pathlib.Path(inarow.__file__).parent / 'x86-64-v3').is_dir())"; then
  check Haswell x86-64-v3
else
  echo "qemu.sh: the installed inarow has no x86-64-v3 module (a build from source?): Haswell not checked"
fi
if [ -n "$native" ]; then
  if echo 52753311433677442422121 | emulate Nehalem "$native" solve --no-book > /dev/null 2>&1; then
    echo "qemu.sh: $native runs under Nehalem too: this machine has nothing past x86-64-v2"
  else
    echo "qemu.sh: $native (target-cpu=native) fails under Nehalem, as a module built so would"
  fi
fi
echo "qemu.sh: done in $((SECONDS - started)) s"
