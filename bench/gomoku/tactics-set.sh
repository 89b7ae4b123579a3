#!/usr/bin/env bash
# Prints the tactics set of a match against Rapfi: in each game, the position
# where Rapfi first announced a forced win (`Eval +MN` on the last line of its
# thinking for that move), with Rapfi to move and the distance it announced.
#
#   bench/gomoku/tactics-set.sh GAMES_DIR [--opponent NAME] > tactics.txt
#
#   GAMES_DIR        a directory of bench/gomoku/match.sh --out against rapfi:
#                    its games.sgf and messages.txt
#   --opponent NAME  Rapfi's name in those games (default rapfi, as match.sh
#                    names it; rapfi-depthN for --depth N)
#
# The set is read from the records alone, so the same games give the same set.
# tactics-15x15.txt was made so, from inarow at d0f79db, before the gomoku engine:
#
#   bench/gomoku/match.sh REFS_DIR rapfi --first 20 --out GAMES_DIR
#   bench/gomoku/tactics-set.sh GAMES_DIR > bench/gomoku/tactics-15x15.txt
#
# The output's format (also in its header): `#` lines are comments; a position
# is one line of five tab-separated fields:
#   id       gG-pP: game G of the match, Rapfi's move P (the P-th stone)
#   size     the board, size x size
#   to_move  black or white: Rapfi's colour, the side that wins
#   win_in   Rapfi's +MN: its five is the N-th ply from here, this move being the
#            first (1 = it makes five now; always odd)
#   moves    the P-1 stones in play order, Black first, in c-gomoku-cli's
#            offset format (x,y from the centre cell floor(size/2), ", " between)
set -euo pipefail

usage() { sed -n '2,28p' "$0"; }

dir="" opponent=rapfi
while [ $# -gt 0 ]; do
  case "$1" in
    --opponent) opponent="${2:?--opponent needs a name}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "tactics-set.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$dir" ]; then dir=$1
      else echo "tactics-set.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -z "$dir" ]; then echo "tactics-set.sh: needs GAMES_DIR (see --help)" >&2; exit 2; fi
for file in games.sgf messages.txt; do
  if [ ! -f "$dir/$file" ]; then echo "tactics-set.sh: $dir has no $file (is it match.sh --out?)" >&2; exit 2; fi
done

cat << EOF
# Gomoku tactics: in each game of a match against Rapfi, the position where Rapfi
# first announced a forced win (bench/gomoku/tactics-set.sh; bench/gomoku/tactics.sh runs them).
# One position a line, five tab-separated fields:
#   id       gG-pP: game G of the match, Rapfi's move P (the P-th stone)
#   size     the board, size x size
#   to_move  black or white: Rapfi's colour, the side that wins
#   win_in   Rapfi's +MN: its five is the N-th ply from here, this move the first
#   moves    the P-1 stones in play order, Black first, as offsets x,y from the
#            centre cell floor(size/2) (c-gomoku-cli's offset openings format)
# id	size	to_move	win_in	moves
EOF
# messages.txt: "Game ID: G", then "P) NAME: TEXT" for each MESSAGE of the
# engine making the P-th stone. games.sgf: one game a record, GN[G], SZ[N],
# PB[NAME], PW[NAME], then ;B[xy] and ;W[xy] with x and y as letters from a.
awk -v opponent="$opponent" '
  FNR == 1 { file++ }
  file == 1 {
    if ($0 ~ /^Game ID: /) { game = $3; next }
    prefix = opponent ": "
    if (match($0, /^[0-9]+\) /)) {
      ply = substr($0, 1, RLENGTH - 2) + 0
      text = substr($0, RLENGTH + 1)
      if (substr(text, 1, length(prefix)) != prefix) next
      text = substr(text, length(prefix) + 1)
      # The last line of a move'"'"'s thinking is its summary, "Speed ... | Eval E | ...".
      if (text !~ /^Speed / || (game, "win") in first) next
      if (match(text, /\| Eval \+M[0-9]+ /)) {
        first[game, "win"] = substr(text, RSTART + 9, RLENGTH - 10) + 0
        first[game, "ply"] = ply
      }
    }
    next
  }
  {
    record = record $0
    if ($0 !~ /\)[[:space:]]*$/) next
    emit(record)
    record = ""
  }
  function field(rec, key,    at) {
    if (!match(rec, key "\\[[^]]*\\]")) return ""
    return substr(rec, RSTART + length(key) + 1, RLENGTH - length(key) - 2)
  }
  function emit(rec,    g, size, half, colour, ply, moves, rest, x, y, n, stone) {
    g = field(rec, "GN") + 0
    if (!((g, "win") in first)) return
    size = field(rec, "SZ") + 0
    half = int(size / 2)
    if (field(rec, "PB") == opponent) colour = "black"
    else if (field(rec, "PW") == opponent) colour = "white"
    else return
    ply = first[g, "ply"]
    moves = ""; n = 0; rest = rec
    while (n < ply - 1 && match(rest, /;[BW]\[[a-z][a-z]\]/)) {
      stone = substr(rest, RSTART + 3, 2)
      rest = substr(rest, RSTART + RLENGTH)
      x = index("abcdefghijklmnopqrstuvwxyz", substr(stone, 1, 1)) - 1 - half
      y = index("abcdefghijklmnopqrstuvwxyz", substr(stone, 2, 1)) - 1 - half
      moves = moves (n ? ", " : "") x "," y
      n++
    }
    if (n != ply - 1) {
      printf "tactics-set.sh: game %d has %d stones, not the %d before Rapfi'"'"'s announcement\n", g, n, ply - 1 > "/dev/stderr"
      exit 1
    }
    if ((ply % 2 == 1) != (colour == "black")) {
      printf "tactics-set.sh: game %d: stone %d is not %s'"'"'s\n", g, ply, colour > "/dev/stderr"
      exit 1
    }
    printf "g%d-p%d\t%d\t%s\t%d\t%s\n", g, ply, size, colour, first[g, "win"], moves
  }
' "$dir/messages.txt" "$dir/games.sgf" | sort -t - -k1.2n
