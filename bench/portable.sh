#!/usr/bin/env bash
# The solver built as the wheel's modules are (-C target-cpu=x86-64-v2, or
# x86-64-v3) against the native build (.cargo/config.toml's
# target-cpu=native), both release, on the same positions in the same run:
# each round solves the set with one build, then the other, the order swapped
# every round, and each position keeps its fastest time of the rounds (a
# shared host's noise only ever adds time).
#
#   bench/portable.sh [--cpu LEVEL] [--rounds N] [--positions N] [--set FILE] [--hash MIB]
#
#   --cpu        the portable build's target-cpu: x86-64-v2 (the default; in
#                target/portable, as python/wheel.sh builds it) or x86-64-v3
#                (in target/portable-v3)
#   --rounds     rounds of each build (default 5)
#   --positions  the first N positions of the set (default 200)
#   --set        a file of Pons's "moves score" lines (default Test_L1_R2 in
#                $INAROW_PONS_DIR or ../shared/data/pons)
#   --hash       the table size in MiB (default 64)
#
# Prints per build: positions, all exact or not, mean and median time, mean
# nodes; then the portable build's mean and median over the native one's.
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=5 positions=200 hash=64 set="" cpu=x86-64-v2
while [ $# -gt 0 ]; do
  case "$1" in
    --cpu) cpu="${2:?}"; shift ;;
    --rounds) rounds="${2:?}"; shift ;;
    --positions) positions="${2:?}"; shift ;;
    --set) set="${2:?}"; shift ;;
    --hash) hash="${2:?}"; shift ;;
    -h|--help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "portable.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
set=${set:-${INAROW_PONS_DIR:-../shared/data/pons}/Test_L1_R2}
[ -f "$set" ] || { echo "portable.sh: no set at $set (set INAROW_PONS_DIR or give --set)" >&2; exit 2; }

case "$cpu" in
  x86-64-v2) portable_dir=target/portable ;;
  x86-64-v3) portable_dir=target/portable-v3 ;;
  *) echo "portable.sh: --cpu is x86-64-v2 or x86-64-v3, not $cpu" >&2; exit 2 ;;
esac
cargo build --release --quiet --bin inarow
RUSTFLAGS="-C target-cpu=$cpu" CARGO_TARGET_DIR=$portable_dir cargo build --release --quiet --bin inarow
native=target/release/inarow portable=$portable_dir/release/inarow

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n "$positions" "$set" > "$tmp/input"
for round in $(seq "$rounds"); do
  order="native portable"
  [ $((round % 2)) = 0 ] && order="portable native"
  for build in $order; do
    # "expected score nodes micros" rows.
    cut -d' ' -f1 "$tmp/input" | "${!build}" solve --no-book --hash "$hash" \
      | paste -d' ' <(cut -d' ' -f2 "$tmp/input") <(cut -d' ' -f2- -) > "$tmp/$build.$round"
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
printf "%-34s %9s %8s %12s %12s %12s\n" "build ($rounds rounds, fastest kept)" positions exact "mean time" "median time" "mean nodes"
for build in native portable; do
  read -r n wrong mean median nodes < <(summarise "$tmp/$build".*)
  eval "${build}_mean=$mean ${build}_median=$median"
  exact=$([ "$wrong" = 0 ] && echo all || echo "$wrong wrong")
  label=$([ "$build" = native ] && echo "native (target-cpu=native)" || echo "portable ($cpu)")
  printf "%-34s %9s %8s %9.2f ms %9.2f ms %12s\n" "$label" "$n" "$exact" \
    "$(awk -v us="$mean" 'BEGIN { print us / 1000 }')" "$(awk -v us="$median" 'BEGIN { print us / 1000 }')" "$nodes"
done
# shellcheck disable=SC2154 # set by the eval above
awk -v a="$portable_mean" -v b="$native_mean" -v c="$portable_median" -v d="$native_median" \
  'BEGIN { printf "portable / native: mean %.3fx, median %.3fx\n", a / b, c / d }'
