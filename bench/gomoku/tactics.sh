#!/usr/bin/env bash
# Runs inarow on each position of a tactics set (bench/gomoku/tactics-set.sh's
# format: tactics-15x15.txt by default) through its piskvork front end, one
# fresh brain a position, with the Piskvork time limits of a game at 1 s a move,
# and counts the positions it proves won: its score, in the last MESSAGE that
# carries one before its move, is a proven win ("wins in N moves", or "+MN"
# in plies as Rapfi and Yixin-Board write it).
#
#   bench/gomoku/tactics.sh [--set FILE] [--time S] [--rule N] [--inarow BIN] [--log FILE]
#
#   --set FILE    the positions (default bench/gomoku/tactics-15x15.txt)
#   --time S      seconds for the move: INFO timeout_turn (default 1); the
#                 game's clock, timeout_match and time_left, is 300 of them
#   --rule N      INFO rule (default 0, free-style: the set's games were)
#   --inarow BIN  the engine (default target/release/inarow of this repository)
#   --log FILE    every line sent and received (default a new file under $TMPDIR)
#
# Each position prints its id, the distance Rapfi announced, inarow's score and
# move and its time; then the count proven, and among them those proven in no
# more plies than Rapfi announced. A brain that has not moved 3 s past its turn
# is stopped and the position counted as not proven.
set -euo pipefail

usage() { sed -n '2,22p' "$0"; }

here=$(cd "$(dirname "$0")" && pwd -P)
repo=$(cd "$here/../.." && pwd -P)
set_file="$here/tactics-15x15.txt" time=1 rule=0 inarow="$repo/target/release/inarow" log=""
while [ $# -gt 0 ]; do
  case "$1" in
    --set) set_file="${2:?--set needs a file}"; shift ;;
    --time) time="${2:?--time needs seconds}"; shift ;;
    --rule) rule="${2:?--rule needs a number}"; shift ;;
    --inarow) inarow="${2:?--inarow needs a binary}"; shift ;;
    --log) log="${2:?--log needs a file}"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "tactics.sh: unexpected argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if ! [[ "$time" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] || ! awk -v s="$time" 'BEGIN { exit !(s > 0) }'; then
  echo "tactics.sh: --time $time is not a positive number of seconds" >&2; exit 2
fi
if ! [[ "$rule" =~ ^[0-9]+$ ]]; then echo "tactics.sh: --rule $rule is not a number" >&2; exit 2; fi
if [ ! -f "$set_file" ]; then echo "tactics.sh: no tactics set $set_file" >&2; exit 2; fi
if [ ! -x "$inarow" ]; then
  echo "tactics.sh: $inarow is missing (cargo build --release)" >&2; exit 2
fi
if [ -z "$log" ]; then log=$(mktemp "${TMPDIR:-/tmp}/gomoku-tactics.XXXXXX.log"); fi
: > "$log"
turn_ms=$(awk -v s="$time" 'BEGIN { printf "%d", s * 1000 }')
match_ms=$((300 * turn_ms))
wait_s=$(awk -v s="$time" 'BEGIN { printf "%d", s + 3.999 }')

# solve ID SIZE TO_MOVE MOVES: one line "SCORE|MOVE|MS" for the position.
solve() {
  local id=$1 size=$2 to_move=$3 moves=$4 half=$(($2 / 2)) i=0 x y own line score="" move="" start
  local -a commands=("START $size" "INFO rule $rule" "INFO timeout_turn $turn_ms"
    "INFO timeout_match $match_ms" "INFO time_left $match_ms" "INFO max_memory 367001600" "BOARD")
  local -a stones
  IFS=' ' read -r -a stones <<< "${moves//, / }"
  for stone in "${stones[@]}"; do
    x=$((${stone%,*} + half)) y=$((${stone#*,} + half))
    # Piskvork's BOARD: 1 is the brain's own stone, 2 its opponent's.
    if { [ $((i % 2)) -eq 0 ] && [ "$to_move" = black ]; } || { [ $((i % 2)) -eq 1 ] && [ "$to_move" = white ]; }; then
      own=1
    else
      own=2
    fi
    commands+=("$x,$y,$own")
    i=$((i + 1))
  done
  commands+=("DONE")
  coproc BRAIN { exec "$inarow" piskvork 2>> "$log"; }
  local in=${BRAIN[1]} out=${BRAIN[0]} pid=$BRAIN_PID
  printf '>> %s\n' "# $id" "${commands[@]}" >> "$log"
  start=$(date +%s%N)
  printf '%s\n' "${commands[@]}" >&"$in"
  while IFS= read -r -t "$wait_s" line <&"$out"; do
    line=${line%$'\r'}
    echo "<< $line" >> "$log"
    case "$line" in
      MESSAGE*[Ss]core*|MESSAGE*[Ee]val*) score=${line#MESSAGE } ;;
      [0-9]*,[0-9]*) move=$line; break ;;
      ERROR*) break ;;
    esac
  done
  local ms=$((($(date +%s%N) - start) / 1000000))
  { echo END >&"$in"; } 2> /dev/null || true
  exec {in}>&-
  if ! timeout 2 tail --pid="$pid" -f /dev/null; then kill "$pid" 2> /dev/null || true; fi
  wait "$pid" 2> /dev/null || true
  echo "$score|$move|$ms"
}

# plies SCORE: the proven win's distance in plies, or nothing.
plies() {
  if [[ "$1" =~ wins\ in\ ([0-9]+)\ moves? ]]; then echo $((2 * BASH_REMATCH[1] - 1))
  elif [[ "$1" =~ \+M([0-9]+) ]]; then echo "${BASH_REMATCH[1]}"
  fi
}

total=0 proven=0 as_short=0
while IFS=$'\t' read -r id size to_move win_in moves; do
  case "$id" in ''|'#'*) continue ;; esac
  if ! [[ "$size" =~ ^[0-9]+$ && "$win_in" =~ ^[0-9]+$ ]] || [ -z "$moves" ] ||
     { [ "$to_move" != black ] && [ "$to_move" != white ]; }; then
    echo "tactics.sh: $set_file: the line for '$id' is not id, size, to_move, win_in, moves" >&2; exit 2
  fi
  result=$(solve "$id" "$size" "$to_move" "$moves")
  IFS='|' read -r score move ms <<< "$result"
  total=$((total + 1))
  found=$(plies "$score")
  if [ -n "$found" ]; then
    proven=$((proven + 1))
    if [ "$found" -le "$win_in" ]; then as_short=$((as_short + 1)); fi
    verdict="proven in $found plies"
  else
    verdict="not proven"
  fi
  printf '%-8s Rapfi +M%-3s %-18s move %-6s %5d ms  (%s)\n' "$id" "$win_in" "$verdict" "${move:-none}" "$ms" "${score:-no score}"
done < "$set_file"
if [ "$total" -eq 0 ]; then echo "tactics.sh: $set_file holds no positions" >&2; exit 2; fi
awk -v p="$proven" -v t="$total" -v s="$as_short" -v time="$time" \
  'BEGIN { printf "proven won at %gs a move: %d of %d (%.0f%%); in no more plies than Rapfi announced: %d\n", time, p, t, 100 * p / t, s }'
echo "log: $log"
