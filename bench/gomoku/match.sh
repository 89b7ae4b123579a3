#!/usr/bin/env bash
# Plays inarow against a gomoku reference with c-gomoku-cli, every opening of a
# file with both colours, and prints W-D-L, the score with its 95% error bar,
# the Elo difference with its error bar, and the losses on time and by illegal
# (or forbidden) moves of each side.
#
#   bench/gomoku/match.sh REFS_DIR OPPONENT [options]
#
#   REFS_DIR        bench/gomoku/build.sh's OUT_DIR: c-gomoku-cli, pbrain-rapfi
#                   (with its config.toml and model), pbrain-wine
#   OPPONENT        rapfi or wine
#   --depth N       the opponent searches N plies a move (c-gomoku-cli's depth=N)
#   --size N        the board, N x N (default 15)
#   --rule RULE     free (five or more, default), exact (exactly five) or renju
#   --time S        seconds a move for each side (default 1); a game's clock
#                   is 300 moves' worth (300 s at 1 s), as Gomocup's 15x15 league
#   --opponent-time S  seconds a move for the opponent alone (default: --time)
#   --openings FILE the openings (default bench/gomoku/openings-15x15.txt, or
#                   openings-20x20.txt for --size 20)
#   --first N       only the file's first N openings (2N games)
#   --concurrency N games at once (default 1; each engine has one thread)
#   --inarow BIN    the engine (default target/release/inarow of this repository)
#   --out DIR       where the games are kept (default a new directory under
#                   $TMPDIR): games.sgf, games.pgn, messages.txt (every MESSAGE
#                   of both engines, by game and ply) and c-gomoku-cli.out
#
# inarow runs through its piskvork front end, started as pbrain-inarow (a link
# in DIR). Wine knows free-style only. The score and its error bar count a
# draw as half a point; the Elo difference is -400 log10(1/score - 1), and its
# bar is the score's bar carried through the same function.
set -euo pipefail

usage() { sed -n '2,29p' "$0"; }

here=$(cd "$(dirname "$0")" && pwd -P)
repo=$(cd "$here/../.." && pwd -P)
refs="" opponent="" depth="" size=15 rule=free time=1 opponent_time="" openings=""
first="" concurrency=1 inarow="$repo/target/release/inarow" out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --depth) depth="${2:?--depth needs a number}"; shift ;;
    --size) size="${2:?--size needs a number}"; shift ;;
    --rule) rule="${2:?--rule needs free, exact or renju}"; shift ;;
    --time) time="${2:?--time needs seconds}"; shift ;;
    --opponent-time) opponent_time="${2:?--opponent-time needs seconds}"; shift ;;
    --openings) openings="${2:?--openings needs a file}"; shift ;;
    --first) first="${2:?--first needs a number}"; shift ;;
    --concurrency) concurrency="${2:?--concurrency needs a number}"; shift ;;
    --inarow) inarow="${2:?--inarow needs a binary}"; shift ;;
    --out) out="${2:?--out needs a directory}"; shift ;;
    -h|--help) usage; exit 0 ;;
    -*) echo "match.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
    *)
      if [ -z "$refs" ]; then refs=$1
      elif [ -z "$opponent" ]; then opponent=$1
      else echo "match.sh: unexpected argument '$1' (see --help)" >&2; exit 2
      fi ;;
  esac
  shift
done
if [ -z "$refs" ] || [ -z "$opponent" ]; then
  echo "match.sh: needs REFS_DIR and OPPONENT (see --help)" >&2; exit 2
fi
whole() { [[ "$2" =~ ^[1-9][0-9]*$ ]] || { echo "match.sh: $1 $2 is not a positive whole number" >&2; exit 2; }; }
seconds() { [[ "$2" =~ ^([0-9]+\.?[0-9]*|\.[0-9]+)$ ]] && awk -v s="$2" 'BEGIN { exit !(s > 0) }' ||
  { echo "match.sh: $1 $2 is not a positive number of seconds" >&2; exit 2; }; }
whole --size "$size"
whole --concurrency "$concurrency"
seconds --time "$time"
if [ -n "$depth" ]; then whole --depth "$depth"; fi
if [ -n "$first" ]; then whole --first "$first"; fi
if [ -n "$opponent_time" ]; then seconds --opponent-time "$opponent_time"; else opponent_time=$time; fi
case "$rule" in
  free) rule_code=0 ;; exact) rule_code=1 ;; renju) rule_code=4 ;;
  *) echo "match.sh: --rule $rule is not free, exact or renju" >&2; exit 2 ;;
esac
refs=$(realpath "$refs")
case "$opponent" in
  rapfi) brain="$refs/pbrain-rapfi" ;;
  wine)
    brain="$refs/pbrain-wine"
    if [ "$rule" != free ]; then echo "match.sh: Wine plays free-style only" >&2; exit 2; fi
    if [ "$size" -gt 20 ]; then echo "match.sh: Wine's boards go to 20x20" >&2; exit 2; fi ;;
  *) echo "match.sh: OPPONENT $opponent is not rapfi or wine" >&2; exit 2 ;;
esac
cli="$refs/c-gomoku-cli"
for program in "$cli" "$brain" "$inarow"; do
  if [ ! -x "$program" ]; then
    echo "match.sh: $program is missing (bench/gomoku/build.sh builds the references, cargo build --release inarow)" >&2
    exit 2
  fi
done
if [ -z "$openings" ]; then
  openings="$here/openings-15x15.txt"
  if [ "$size" -eq 20 ]; then openings="$here/openings-20x20.txt"; fi
fi
if [ ! -f "$openings" ]; then echo "match.sh: no openings file $openings" >&2; exit 2; fi

if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/gomoku-match.XXXXXX"); fi
out=$(realpath -m "$out")
mkdir -p "$out"
rm -f "$out/games.sgf" "$out/games.pgn" "$out/messages.txt"
ln -sf "$(realpath "$inarow")" "$out/pbrain-inarow"
if [ -n "$first" ]; then
  head -n "$first" "$openings" > "$out/openings.txt"
else
  grep -v '^\s*$' "$openings" > "$out/openings.txt"
fi
count=$(wc -l < "$out/openings.txt")
if [ "$count" -eq 0 ]; then echo "match.sh: $openings holds no openings" >&2; exit 2; fi
games=$((2 * count))

# A game's clock holds 300 moves at the turn's time, so only the turn limits.
tc() { awk -v s="$1" 'BEGIN { printf "%g/%g", 300 * s, s }'; }
opponent_options=(name="$opponent${depth:+-depth$depth}" cmd="$brain" tc="$(tc "$opponent_time")")
if [ -n "$depth" ]; then opponent_options+=(depth="$depth"); fi
echo "match.sh: inarow vs ${opponent_options[0]#name=}, ${size}x$size $rule, $(tc "$time") (inarow) and $(tc "$opponent_time") (opponent), $games games from $openings; games in $out"
# Line-buffered, so that each engine failure (stderr) comes before its game's
# result (stdout).
stdbuf -oL -eL "$cli" \
  -engine name=inarow cmd="$out/pbrain-inarow" tc="$(tc "$time")" \
  -engine "${opponent_options[@]}" \
  -each thread=1 -rule "$rule_code" -boardsize "$size" -games "$games" -repeat \
  -concurrency "$concurrency" -openings file="$out/openings.txt" order=sequential \
  -sgf "$out/games.sgf" -pgn "$out/games.pgn" -msg "$out/messages.txt" \
  > "$out/c-gomoku-cli.out" 2>&1 ||
  { tail -20 "$out/c-gomoku-cli.out" >&2; echo "match.sh: c-gomoku-cli failed (log in $out/c-gomoku-cli.out)" >&2; exit 1; }

# "[1] Finished game 3 (inarow vs rapfi): 1-0 {Black win by five connection}",
# and "[1] engine NAME timeout at start" (or "crashed", "at 12 moves after
# opening", "output illegal move") when an engine failed. The failure line is
# on stderr and the result on stdout, so the two may come in either order: the
# k-th failure of a worker belongs to its k-th game that did not end on the
# board (time forfeit, illegal move, crash), and they are paired at the end.
# c-gomoku-cli charges a failure at START to the side to move, so the engine
# named in the failure line is the loser.
awk -v opponent="${opponent_options[0]#name=}" -v out="$out" '
  /^\[[0-9]+\] engine [^ ]+ (timeout|crashed|output illegal move)/ {
    w = $1
    k = ++failures[w]
    failed[w, k] = $3
    kind[w, k] = ($4 == "crashed") ? "crash" : ($4 == "output") ? "illegal" : "time"
    at_start[w, k] = ($0 ~ / at start$/)
    next
  }
  /^\[[0-9]+\] Finished game / {
    w = $1
    match($0, /\(.* vs .*\)/)
    pair = substr($0, RSTART + 1, RLENGTH - 2)
    split(pair, names, " vs ")
    black = names[1]
    rest = substr($0, RSTART + RLENGTH + 2)
    result = rest; sub(/ .*/, "", result)
    reason = rest; sub(/^[^{]*\{/, "", reason); sub(/\}.*/, "", reason)
    games++
    if (result == "1/2-1/2") { draws++; next }
    winner = (result == "1-0") ? black : (black == "inarow" ? opponent : "inarow")
    loser = (winner == "inarow") ? opponent : "inarow"
    how = (reason ~ /time forfeit/) ? "time" : (reason ~ /illegal move|forbidden move/) ? "illegal" : (reason ~ /crash/) ? "crash" : ""
    if (how == "" || reason ~ /forbidden move/) { tally(loser, how); next }
    k = ++abnormal[w]
    abnormal_loser[w, k] = loser
    abnormal_how[w, k] = how
  }
  END {
    for (key in abnormal_loser) {
      if (key in failed) {
        if (at_start[key]) starts[failed[key]]++
        tally(failed[key], kind[key])
      } else {
        tally(abnormal_loser[key], abnormal_how[key])
      }
    }
    if (games == 0) { print "match.sh: no game finished (see " out "/c-gomoku-cli.out)" > "/dev/stderr"; exit 1 }
    n = games; w = wins + 0; d = draws + 0; l = losses + 0
    score = (w + d / 2) / n
    # Per-game variance of the points (1, 1/2, 0) around the mean.
    var = (w * (1 - score) ^ 2 + d * (0.5 - score) ^ 2 + l * score ^ 2) / n
    bar = 1.959964 * sqrt(var / n)
    printf "inarow vs %s: %d games, W-D-L %d-%d-%d\n", opponent, n, w, d, l
    printf "score %.1f%% +- %.1f%% (95%%)\n", 100 * score, 100 * bar
    printf "Elo %s\n", elo_text(score, bar)
    printf "losses on time: inarow %d, %s %d", time_losses["inarow"], opponent, time_losses[opponent]
    if (starts["inarow"] + starts[opponent] > 0)
      printf " (no answer to START: inarow %d, %s %d)", starts["inarow"], opponent, starts[opponent]
    printf "\n"
    printf "losses by illegal or forbidden move: inarow %d, %s %d\n", illegal["inarow"], opponent, illegal[opponent]
    if (crashes["inarow"] + crashes[opponent] > 0)
      printf "losses by crash: inarow %d, %s %d\n", crashes["inarow"], opponent, crashes[opponent]
  }
  function tally(loser, how) {
    if (loser == "inarow") losses++; else wins++
    if (how == "time") time_losses[loser]++
    if (how == "illegal") illegal[loser]++
    if (how == "crash") crashes[loser]++
  }
  function elo(s,    e) {
    if (s <= 0) return "-inf"
    if (s >= 1) return "+inf"
    e = -400 * log(1 / s - 1) / log(10)
    return (e > -0.5 && e < 0.5) ? "0" : sprintf("%+.0f", e)
  }
  function elo_text(s, b,    lo, hi) {
    lo = s - b; hi = s + b
    if (s > 0 && s < 1)
      return sprintf("%s (95%%: %s to %s)", elo(s), elo(lo), elo(hi))
    # Every game won or lost: the normal bar is 0, so the bound is from the Wilson interval.
    b = 1.959964 ^ 2 / (n + 1.959964 ^ 2)
    if (s <= 0) return sprintf("-inf (95%%: below %s, a score under %.1f%%)", elo(b), 100 * b)
    return sprintf("+inf (95%%: above %s, a score over %.1f%%)", elo(1 - b), 100 * (1 - b))
  }
' "$out/c-gomoku-cli.out" | tee "$out/summary.txt"
echo "games: $out/games.sgf, messages: $out/messages.txt"
