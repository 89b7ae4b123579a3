#!/usr/bin/env bash
# Prints random 3-stone gomoku openings near the centre, one a line, in the
# "offset" format of c-gomoku-cli's -openings (the Gomocup opening format):
# `x,y, x,y, x,y` for Black, White, Black, each an offset from the centre
# cell (floor(size / 2), floor(size / 2)), so one file fits any board.
#
#   bench/gomoku/openings.sh --seed N --count N [--radius R]
#
#   --seed N    the seed: the same seed and count print the same file on every
#               machine (a 31-bit linear congruential generator, nothing of the shell's)
#   --count N   how many openings
#   --radius R  each stone within R cells of the centre in both directions
#               (default 2: a 5x5 square)
#
# No two openings are the same up to the board's eight symmetries; the side to
# move after an opening is White.
set -euo pipefail

usage() { sed -n '2,16p' "$0"; }

seed="" count="" radius=2
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="${2:?--seed needs a number}"; shift ;;
    --count) count="${2:?--count needs a number}"; shift ;;
    --radius) radius="${2:?--radius needs a number}"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "openings.sh: unexpected argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
for name in seed count radius; do
  if ! [[ "${!name}" =~ ^[0-9]+$ ]]; then
    echo "openings.sh: --$name needs a whole number (see --help)" >&2; exit 2
  fi
done
side=$((2 * radius + 1))
# Distinct classes up to symmetry are at least C(side^2, 3) * 3 / 8.
cells=$((side * side))
if [ $((cells * (cells - 1) * (cells - 2) / 2 / 8)) -lt "$count" ]; then
  echo "openings.sh: a radius of $radius cannot hold $count distinct openings" >&2; exit 2
fi

state=$((seed % 2147483648))
# next_below N: a number in 0..N-1 in $draw, from the generator's high bits.
next_below() {
  state=$(((state * 1103515245 + 12345) % 2147483648))
  draw=$(((state >> 16) % $1))
}

# The opening's key up to symmetry: the least of its eight images, each written
# as the sorted pair of Black stones then the White stone.
canonical() {
  local -a xs=("$@") best="" t key b1 b2 w i x y
  for t in 0 1 2 3 4 5 6 7; do
    local -a image=()
    for i in 0 1 2; do
      x=${xs[2 * i]} y=${xs[2 * i + 1]}
      case $t in
        1) set -- $((-y)) "$x" ;; 2) set -- $((-x)) $((-y)) ;; 3) set -- "$y" $((-x)) ;;
        4) set -- $((-x)) "$y" ;; 5) set -- "$x" $((-y)) ;; 6) set -- "$y" "$x" ;;
        7) set -- $((-y)) $((-x)) ;; *) set -- "$x" "$y" ;;
      esac
      image+=("$(printf '%+d%+d' "$1" "$2")")
    done
    b1=${image[0]} b2=${image[2]} w=${image[1]}
    if [[ "$b2" < "$b1" ]]; then key="$b2 $b1 $w"; else key="$b1 $b2 $w"; fi
    if [ -z "$best" ] || [[ "$key" < "$best" ]]; then best=$key; fi
  done
  echo "$best"
}

declare -A seen=()
made=0
while [ "$made" -lt "$count" ]; do
  stones=()
  while [ "${#stones[@]}" -lt 6 ]; do
    next_below "$side"; x=$((draw - radius))
    next_below "$side"; y=$((draw - radius))
    clash=0
    for ((i = 0; i < ${#stones[@]}; i += 2)); do
      if [ "${stones[i]}" -eq "$x" ] && [ "${stones[i + 1]}" -eq "$y" ]; then clash=1; fi
    done
    if [ "$clash" -eq 0 ]; then stones+=("$x" "$y"); fi
  done
  key=$(canonical "${stones[@]}")
  if [ -n "${seen[$key]:-}" ]; then continue; fi
  seen[$key]=1
  made=$((made + 1))
  echo "${stones[0]},${stones[1]}, ${stones[2]},${stones[3]}, ${stones[4]},${stones[5]}"
done
