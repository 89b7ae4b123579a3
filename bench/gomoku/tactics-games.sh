#!/usr/bin/env bash
# Plays the tactics set's positions out against Rapfi (bench/gomoku/match.sh,
# each position as an opening, with both sides to move) and prints, for each,
# how long inarow held out as the defender against the announced win, and
# whether it won as the side to move.
#
#   bench/gomoku/tactics-games.sh REFS_DIR [--set FILE] [--first N] [--time S] [--out DIR]
#   bench/gomoku/tactics-games.sh --report DIR
#
#   REFS_DIR      bench/gomoku/build.sh's OUT_DIR
#   --set FILE    the positions (default bench/gomoku/tactics-15x15.txt)
#   --first N     only its first N positions
#   --time S      seconds a move for each side (default 1)
#   --out DIR     where the games are kept (default a new directory under $TMPDIR)
#   --report DIR  prints the report of an earlier run's --out DIR, playing nothing
#
# Each position gives two games: Rapfi to move (it announced a win in N plies:
# inarow defends, and holds out when the game lasts at least N more plies or
# Rapfi does not win) and inarow to move (it attacks, and converts when it
# wins). The games are free-style, as the set's were.
set -euo pipefail

usage() { sed -n '2,20p' "$0"; }

here=$(cd "$(dirname "$0")" && pwd -P)
refs="" set_file="$here/tactics-15x15.txt" first="" time=1 out="" report=""
while [ $# -gt 0 ]; do
  case "$1" in
    --set) set_file="${2:?--set needs a file}"; shift ;;
    --first) first="${2:?--first needs a number}"; shift ;;
    --time) time="${2:?--time needs seconds}"; shift ;;
    --out) out="${2:?--out needs a directory}"; shift ;;
    --report) report="${2:?--report needs a directory}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "tactics-games.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$refs" ]; then refs=$1
      else echo "tactics-games.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -n "$report" ]; then
  out=$report
  if [ ! -f "$out/positions.txt" ] || [ ! -f "$out/games/games.sgf" ]; then
    echo "tactics-games.sh: $out holds no positions.txt and games/games.sgf of a run" >&2; exit 2
  fi
else
  if [ -z "$refs" ]; then echo "tactics-games.sh: needs REFS_DIR (see --help)" >&2; exit 2; fi
  if [ ! -f "$set_file" ]; then echo "tactics-games.sh: no tactics set $set_file" >&2; exit 2; fi
  if [ -n "$first" ] && ! [[ "$first" =~ ^[1-9][0-9]*$ ]]; then
    echo "tactics-games.sh: --first $first is not a positive whole number" >&2; exit 2
  fi
  if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-tactics-games.XXXXXX"); fi
  mkdir -p "$out"
  grep -v '^#' "$set_file" | grep -v '^\s*$' | head -n "${first:-1000000}" > "$out/positions.txt"
  sizes=$(cut -f2 "$out/positions.txt" | sort -u)
  if [ -z "$sizes" ] || [ "$(wc -l <<< "$sizes")" -ne 1 ]; then
    echo "tactics-games.sh: the positions must share one board size (found: ${sizes:-none})" >&2; exit 2
  fi
  cut -f5 "$out/positions.txt" > "$out/openings.txt"

  "$here/match.sh" "$refs" rapfi --size "$sizes" --time "$time" --openings "$out/openings.txt" --out "$out/games" > "$out/match.txt"
  echo "games: $out/games/games.sgf"
fi

# With match.sh's -repeat, position k (from 0) is games 2k+1 and 2k+2, one
# with each engine to move.
awk -F '\t' '
  FNR == 1 { file++ }
  file == 1 { id[NR - 1] = $1; to_move[NR - 1] = $3; win_in[NR - 1] = $4; stones[NR - 1] = split($5, s, ", "); next }
  {
    record = record $0
    if ($0 !~ /\)[[:space:]]*$/) next
    g = field(record, "GN") + 0
    k = int((g - 1) / 2)
    mover = (to_move[k] == "black") ? field(record, "PB") : field(record, "PW")
    plies = gsub(/;[BW]\[[a-z][a-z]\]/, "", record) - stones[k]
    result = field(record, "RE")
    winner = result == "B+1" ? "black" : result == "W+1" ? "white" : "none"
    reason = field(record, "TE")
    note = (reason ~ /five connection/) ? "" : " [" reason "]"
    if (plies == 0 && reason !~ /five connection/) {
      # An engine failed before the first move (c-gomoku-cli charges it to the
      # side to move): no game was played.
      unplayed++
      if (mover == "rapfi") defence[k] = "defends: not played" note
      else attack[k] = "attacks: not played" note
      record = ""
      next
    }
    if (mover == "rapfi") {
      defended++
      held = winner != to_move[k] || plies >= win_in[k]
      if (held) held_out++
      defence[k] = sprintf("defends %d plies (+M%d): %s%s", plies, win_in[k], held ? "held" : "short", note)
    } else {
      attacked++
      if (winner == to_move[k]) converted++
      attack[k] = sprintf("attacks: %s in %d plies%s", winner == to_move[k] ? "won" : winner == "none" ? "drew" : "lost", plies, note)
    }
    record = ""
  }
  function field(rec, key) {
    if (!match(rec, key "\\[[^]]*\\]")) return ""
    return substr(rec, RSTART + length(key) + 1, RLENGTH - length(key) - 2)
  }
  END {
    for (k = 0; k in id; k++) printf "%-8s %-46s %s\n", id[k], defence[k], attack[k]
    printf "inarow as defender: held out as long as Rapfi announced in %d of %d\n", held_out, defended
    printf "inarow as attacker: won %d of %d\n", converted, attacked
    if (unplayed) printf "not played (an engine failed before the first move): %d\n", unplayed
  }
' "$out/positions.txt" "$out/games/games.sgf"
