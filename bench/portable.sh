#!/usr/bin/env bash
# The solver built as the wheel's modules are (-C target-cpu=x86-64-v2 and
# x86-64-v3, python/wheel.sh) against the native build (.cargo/config.toml's
# target-cpu=native), all release, on the same positions in the same run:
# each round solves the set with every build in turn, the order rotated every
# round, and each position keeps its fastest time of the rounds (a shared
# host's noise only ever adds time).
#
#   bench/portable.sh [--cpu LEVEL]... [--rounds N] [--positions N] [--set FILE] [--hash MIB]
#
#   --cpu        a portable build's target-cpu, x86-64-v2 (in target/portable)
#                or x86-64-v3 (in target/portable-v3), as the wheel builds
#                them; give it once for each (default: both)
#   --rounds     rounds of each build (default 5)
#   --positions  the first N positions of the set (default 200)
#   --set        a file of Pons's "moves score" lines (default Test_L1_R2 in
#                $INAROW_PONS_DIR or ../shared/data/pons)
#   --hash       the table size in MiB (default 64)
#
# Prints per build: positions, all exact or not, mean and median time, mean
# nodes, and its mean and median over the native build's.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=5 positions=200 hash=64 set="" cpus=()
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu) cpus+=("${2:?}"); shift ;;
    --rounds) rounds="${2:?}"; shift ;;
    --positions) positions="${2:?}"; shift ;;
    --set) set="${2:?}"; shift ;;
    --hash) hash="${2:?}"; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "portable.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
[ ${#cpus[@]} -gt 0 ] || cpus=(x86-64-v2 x86-64-v3)
set=${set:-${INAROW_PONS_DIR:-../shared/data/pons}/Test_L1_R2}
[ -f "$set" ] || { echo "portable.sh: no set at $set (set INAROW_PONS_DIR or give --set)" >&2; exit 2; }

cargo build --release --quiet --bin inarow
builds=(native) binaries=(target/release/inarow) labels=("native (target-cpu=native)")
for cpu in "${cpus[@]}"; do
  case "$cpu" in
    x86-64-v2) dir=target/portable ;;
    x86-64-v3) dir=target/portable-v3 ;;
    *) echo "portable.sh: --cpu is x86-64-v2 or x86-64-v3, not $cpu" >&2; exit 2 ;;
  esac
  RUSTFLAGS="-C target-cpu=$cpu" CARGO_TARGET_DIR=$dir cargo build --release --quiet --bin inarow
  builds+=("$cpu") binaries+=("$dir/release/inarow") labels+=("portable ($cpu)")
done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n "$positions" "$set" > "$tmp/input"
count=${#builds[@]}
for round in $(seq "$rounds"); do
  for turn in $(seq 0 $((count - 1))); do
    i=$(( (turn + round) % count ))
    # "expected score nodes micros" rows.
    cut -d' ' -f1 "$tmp/input" | "${binaries[$i]}" solve --no-book --hash "$hash" \
      | paste -d' ' <(cut -d' ' -f2 "$tmp/input") <(cut -d' ' -f2- -) > "$tmp/${builds[$i]}.$round"
  done
done

# Each position's fastest round; a score that differs from the expected one counts as wrong.
summarise() {
  paste -d' ' "$@" | awk -v n=$# '{
      best = $4; wrong = 0
      for (i = 0; i < n; i++) {
        if ($(4 * i + 4) + 0 < best + 0) best = $(4 * i + 4)
        if ($(4 * i + 2) != $1) wrong = 1
      }
      print wrong, $3, best
    }' | sort -t' ' -k3,3n | awk '
    { n++; wrong += $1; nodes += $2; t += $3; times[n] = $3 }
    END {
      median = (n % 2) ? times[(n + 1) / 2] : (times[n / 2] + times[n / 2 + 1]) / 2
      printf "%d %d %.1f %.1f %.0f\n", n, wrong, t / n, median, nodes / n
    }'
}
echo "== $(basename "$set"), first $positions, --hash $hash: each position's fastest of $rounds rounds"
printf "%-28s %9s %8s %12s %12s %12s %9s %9s\n" build positions exact "mean time" "median time" "mean nodes" "mean" "median"
for i in $(seq 0 $((count - 1))); do
  read -r n wrong mean median nodes < <(summarise "$tmp/${builds[$i]}".*)
  [ "$i" = 0 ] && native_mean=$mean native_median=$median
  exact=$([ "$wrong" = 0 ] && echo all || echo "$wrong wrong")
  awk -v label="${labels[$i]}" -v n="$n" -v exact="$exact" -v mean="$mean" -v median="$median" -v nodes="$nodes" \
    -v nm="$native_mean" -v nmed="$native_median" 'BEGIN {
      printf "%-28s %9s %8s %9.2f ms %9.2f ms %12s %8.3fx %8.3fx\n", label, n, exact, mean / 1000, median / 1000, nodes, mean / nm, median / nmed
    }'
done
