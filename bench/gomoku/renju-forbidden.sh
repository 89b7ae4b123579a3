#!/usr/bin/env bash
# Prints random renju positions with Black to move and Rapfi's forbidden points
# for Black in each (its YXSHOWFORBID answer): the reference that inarow's renju
# rule is checked against.
#
#   bench/gomoku/renju-forbidden.sh REFS_DIR --seed N --count N [--size N] > FILE
#
#   REFS_DIR   bench/gomoku/build.sh's OUT_DIR (its pbrain-rapfi)
#   --seed N   the seed of the positions (a Park-Miller generator in awk, so the
#              same seed and count give the same positions on every machine)
#   --count N  how many positions
#   --size N   the board, N x N (default 15)
#
# Each position has as many white stones as black, from 3 to 30 each, at random
# on the cells within 5 of the centre (the whole board when it is smaller), and
# no five (or more) of either colour. Its format, also in the output's header:
# one position a line, four tab-separated fields: id, black stones, white stones,
# Black's forbidden points ("-" for none), each list as offsets x,y from the
# centre cell floor(size/2) with ", " between (c-gomoku-cli's offset format).
set -euo pipefail

usage() { sed -n '2,19p' "$0"; }

refs="" seed="" count="" size=15
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="${2:?--seed needs a number}"; shift ;;
    --count) count="${2:?--count needs a number}"; shift ;;
    --size) size="${2:?--size needs a number}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "renju-forbidden.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$refs" ]; then refs=$1
      else echo "renju-forbidden.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -z "$refs" ]; then echo "renju-forbidden.sh: needs REFS_DIR (see --help)" >&2; exit 2; fi
for name in seed count size; do
  if ! [[ "${!name}" =~ ^[0-9]+$ ]]; then
    echo "renju-forbidden.sh: --$name needs a whole number (see --help)" >&2; exit 2
  fi
done
if [ "$size" -lt 9 ] || [ "$size" -gt 22 ]; then
  echo "renju-forbidden.sh: --size $size is not from 9 to 22" >&2; exit 2
fi
rapfi="$refs/pbrain-rapfi"
if [ ! -x "$rapfi" ]; then
  echo "renju-forbidden.sh: $rapfi is missing (bench/gomoku/build.sh builds it)" >&2; exit 2
fi

# The positions: "black<TAB>white", each list of absolute x,y separated by spaces.
positions=$(awk -v seed="$seed" -v count="$count" -v size="$size" '
  function next_below(n) {
    state = (state * 16807) % 2147483647
    return int(state / 2147483647 * n)
  }
  # Whether colour has five in a row (reading board without adding to it).
  function five(colour,    key, p, x, y, d, i, cell) {
    for (key in board) {
      if (board[key] != colour) continue
      split(key, p, ","); x = p[1] + 0; y = p[2] + 0
      for (d = 1; d <= 4; d++) {
        for (i = 1; i < 5; i++) {
          cell = (x + i * dx[d]) "," (y + i * dy[d])
          if (!(cell in board) || board[cell] != colour) break
        }
        if (i == 5) return 1
      }
    }
    return 0
  }
  BEGIN {
    dx[1] = 1; dy[1] = 0; dx[2] = 0; dy[2] = 1; dx[3] = 1; dy[3] = 1; dx[4] = 1; dy[4] = -1
    state = seed % 2147483646 + 1
    half = int(size / 2)
    lo = half - 5; hi = half + 5
    if (lo < 0) lo = 0
    if (hi > size - 1) hi = size - 1
    side = hi - lo + 1
    made = 0
    while (made < count) {
      split("", board)
      k = 3 + next_below(28)
      black = ""; white = ""
      for (i = 0; i < 2 * k; i++) {
        do { x = lo + next_below(side); y = lo + next_below(side) } while ((x "," y) in board)
        colour = (i % 2 == 0) ? "b" : "w"
        board[x "," y] = colour
        if (colour == "b") black = black (black == "" ? "" : " ") x "," y
        else white = white (white == "" ? "" : " ") x "," y
      }
      if (five("b") || five("w")) continue
      made++
      print black "\t" white
    }
  }
')

coproc RAPFI { exec "$rapfi" 2> /dev/null; }
in=${RAPFI[1]} out=${RAPFI[0]}
# answer PREFIX: the next line of Rapfi's starting with PREFIX (its MESSAGEs skipped).
answer() {
  local line
  while IFS= read -r -t 30 line <&"$out"; do
    line=${line%$'\r'}
    if [[ "$line" == "$1"* ]]; then echo "$line"; return; fi
    if [[ "$line" == ERROR* ]]; then echo "renju-forbidden.sh: Rapfi: $line" >&2; exit 1; fi
  done
  echo "renju-forbidden.sh: Rapfi did not answer (waiting for $1)" >&2; exit 1
}
printf 'START %s\nINFO rule 4\n' "$size" >&"$in"
answer OK > /dev/null

# offsets "x,y x,y": the list as offsets from the centre, ", " between.
offsets() {
  local half=$((size / 2)) stone list=""
  for stone in $1; do
    list="${list:+$list, }$((${stone%,*} - half)),$((${stone#*,} - half))"
  done
  echo "${list:--}"
}

cat << EOF
# Renju: random positions with Black to move and Black's forbidden points as
# Rapfi answers YXSHOWFORBID (bench/gomoku/renju-forbidden.sh REFS_DIR --seed $seed --count $count --size $size).
# One position a line, four tab-separated fields: id, black stones, white stones,
# forbidden points ("-" for none); each list as offsets x,y from the centre cell
# floor(size/2) = $((size / 2)), ", " between. The board is ${size}x$size.
# id	black	white	forbidden
EOF
n=0
while IFS=$'\t' read -r black white; do
  n=$((n + 1))
  read -r -a bs <<< "$black"
  read -r -a ws <<< "$white"
  # YXBOARD in play order, Black's stones first of each pair: 1 is the side to
  # move (Black, as the counts are equal), 2 the other.
  {
    echo YXBOARD
    for ((i = 0; i < ${#bs[@]}; i++)); do echo "${bs[i]},1"; echo "${ws[i]},2"; done
    echo DONE
    echo YXSHOWFORBID
  } >&"$in"
  reply=$(answer FORBID)
  points=${reply#FORBID }
  points=${points%.}
  forbidden=""
  while [ -n "$points" ]; do
    forbidden="${forbidden:+$forbidden }$((10#${points:0:2})),$((10#${points:2:2}))"
    points=${points:4}
  done
  printf 'r%d\t%s\t%s\t%s\n' "$n" "$(offsets "$black")" "$(offsets "$white")" "$(offsets "$forbidden")"
done <<< "$positions"
echo END >&"$in"
wait "$RAPFI_PID" 2> /dev/null || true
