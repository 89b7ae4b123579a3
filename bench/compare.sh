#!/usr/bin/env bash
# Two builds of the solver side by side on one of Pons's sets: each round
# solves the positions in chunks, the two binaries alternating chunk by chunk
# (and which goes first alternating by round), so that a shared host's
# swings fall on both alike. Prints, per build, the nodes (they must agree
# when the search is the same), the sum over the positions of each one's
# fastest and median time, and the ratios NEW/OLD.
#
#   bench/compare.sh OLD NEW [--set NAME] [--first N] [--rounds R]
#                    [--chunk C] [--hash MIB] [--threads T]
#
#   OLD, NEW     two inarow binaries (for example target/release/inarow of
#                two checkouts, built with `cargo build --release`)
#   --set NAME   the set, a file of $INAROW_PONS_DIR (default Test_L1_R2)
#   --first N    its first N positions (default 200)
#   --rounds R   rounds (default 3)
#   --chunk C    positions a chunk (default 20)
#   --hash MIB   table size (default 64); --threads T (default 1)
#
# Both binaries run `solve --no-book`, which clears the table before each
# position and prints "moves score nodes micros".
set -euo pipefail
cd "$(dirname "$0")/.."

old="${1:?usage: bench/compare.sh OLD NEW [options]}"
new="${2:?usage: bench/compare.sh OLD NEW [options]}"
shift 2
set_name=Test_L1_R2 first=200 rounds=3 chunk=20 hash=64 threads=1
while [ $# -gt 0 ]; do
  case "$1" in
    --set) set_name="${2:?}"; shift ;;
    --first) first="${2:?}"; shift ;;
    --rounds) rounds="${2:?}"; shift ;;
    --chunk) chunk="${2:?}"; shift ;;
    --hash) hash="${2:?}"; shift ;;
    --threads) threads="${2:?}"; shift ;;
    *) echo "compare.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
dir="${INAROW_PONS_DIR:-../shared/data/pons}"
[ -f "$dir/$set_name" ] || { echo "compare.sh: no set $dir/$set_name" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -n "$first" "$dir/$set_name" | cut -d' ' -f1 > "$work/positions"
split -l "$chunk" -d -a 4 "$work/positions" "$work/chunk."

for round in $(seq 1 "$rounds"); do
  for part in "$work"/chunk.*; do
    if [ $((round % 2)) = 1 ]; then order="old new"; else order="new old"; fi
    for side in $order; do
      if [ "$side" = old ]; then bin="$old"; else bin="$new"; fi
      "$bin" solve --no-book --hash "$hash" --threads "$threads" < "$part" \
        >> "$work/$side.$round"
    done
  done
done

python3 - "$work" "$rounds" "$set_name" "$first" <<'PY'
import statistics, sys
work, rounds, set_name, first = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
def read(side):
    runs = []
    for r in range(1, rounds + 1):
        with open(f"{work}/{side}.{r}") as f:
            runs.append([line.split() for line in f if line.strip()])
    return runs
old, new = read("old"), read("new")
n = len(old[0])
def per_position(runs, field):
    return [[int(run[i][field]) for run in runs] for i in range(n)]
nodes_old = sum(v[0] for v in per_position(old, 2))
nodes_new = sum(v[0] for v in per_position(new, 2))
t_old, t_new = per_position(old, 3), per_position(new, 3)
fast_old, fast_new = sum(map(min, t_old)), sum(map(min, t_new))
med_old = sum(statistics.median(v) for v in t_old)
med_new = sum(statistics.median(v) for v in t_new)
same_scores = all(old[0][i][1] == new[0][i][1] for i in range(n))
print(f"set {set_name}, first {first} ({n} positions), {rounds} rounds, alternating by chunks")
print(f"| build | nodes | sum of fastest | sum of medians |")
print(f"|---|---|---|---|")
print(f"| old | {nodes_old:,} | {fast_old/1000:.1f} ms | {med_old/1000:.1f} ms |")
print(f"| new | {nodes_new:,} | {fast_new/1000:.1f} ms | {med_new/1000:.1f} ms |")
print(f"| new/old | {nodes_new/nodes_old:.4f} | {fast_new/fast_old:.3f} | {med_new/med_old:.3f} |")
print("scores", "identical" if same_scores else "DIFFER")
PY
