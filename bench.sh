#!/usr/bin/env bash
# The benchmark suite: a release build, the search benchmark (`inarow bench`:
# its ordering figures and its `N nodes N nps` line),
# the UCI latencies (examples/uci_latency.rs), then `inarow solve` on Pascal
# Pons's six sets, one table row per set.
#
#   ./bench.sh [--full] [--quick] [--pgo] [--vs PATH | --vs-c4 DIR] [--hash MIB]
#              [--threads N] [--speedup] [--rounds N] [--empty | --only-empty]
#              [--size WxH --set FILE [--from-zero]]
#
#   --full      all 1000 positions of Test_L1_R3 (default: the first 100)
#   --quick     the first 100 positions of every set (a fast look, not the benchmark)
#   --pgo       measure the build of bench/pgo.sh (profile-guided, trained on
#               Pons positions outside those the README compares with c4)
#               rather than the plain release build; it searches the same nodes
#   --vs PATH   also run another solver that reads move strings on stdin and
#               prints "moves score nodes micros" (Pons's c4solver does), on the
#               same positions in the same run, and print the ratios of mean
#               times and mean nodes (each solver's nodes as it counts them;
#               inarow's as docs/BENCHMARKS.md's "What a node is" defines them)
#   --vs-c4 DIR Christophe Steininger's c4 as the other solver: DIR holds
#               c4-driver-t1 and c4-driver-t2 built by bench/c4/build.sh (build
#               them with the same --hash); like --vs DIR/c4-driver-t1
#   --hash MIB  inarow's table size (default 64 MiB; Pons's solver uses 84 MB)
#   --threads N inarow's threads on the sets (default 1)
#   --speedup   also inarow on 2 threads on each set, in turn with the run on
#               --threads (1), and the speed-up: the 1-thread mean time over
#               the 2-thread one; with --vs-c4, c4 on 2 threads too
#               (c4-driver-t2), and its speed-up
#   --rounds N  solve each set (and with --vs-c4 --empty the empty board) N
#               times with each solver, in turn, and keep each position's
#               fastest time (default 1): a shared host's noise only ever adds
#               time, and more to two threads than to one; the empty board's
#               rounds are each printed too, with their speed-ups
#   --empty     also solve the empty 7x6 board (about a minute), and with --vs
#               the other solver too; with --vs-c4 inarow and c4 on 1 and 2
#               threads each, with the ratios and the 2-thread speed-ups
#   --only-empty  only the empty board (no bench, latency or sets), e.g. with
#               --hash 1024 and c4 drivers built with --hash 1024
#   --size WxH --set FILE
#               instead of Pons's sets, one set of positions on another board
#               ("moves [score]" lines, columns past 9 as A-G), such as
#               Steininger's 10x6 sets; with --vs-c4, c4's drivers must be
#               built for that size (bench/c4/build.sh --size WxH)
#   --from-zero the set's moves are columns from 0 (Steininger's format)
#
# The sets are read from $INAROW_PONS_DIR, else ../shared/data/pons.
set -euo pipefail
cd "$(dirname "$0")"

full=0 quick=0 pgo=0 vs="" vs_label=vs c4="" hash=64 empty=0 only_empty=0 threads=1
size="" set_file="" from_zero=0 speedup=0 rounds=1
while [ $# -gt 0 ]; do
  case "$1" in
    --full) full=1 ;;
    --quick) quick=1 ;;
    --pgo) pgo=1 ;;
    --vs) vs="${2:?--vs needs a path}"; shift ;;
    --vs-c4) c4="${2:?--vs-c4 needs a directory}"; shift ;;
    --hash) hash="${2:?--hash needs a size}"; shift ;;
    --empty) empty=1 ;;
    --only-empty) empty=1 only_empty=1 ;;
    --threads) threads="${2:?--threads needs a count}"; shift ;;
    --speedup) speedup=1 ;;
    --rounds) rounds="${2:?--rounds needs a count}"; shift ;;
    --size) size="${2:?--size needs WxH}"; shift ;;
    --set) set_file="${2:?--set needs a file}"; shift ;;
    --from-zero) from_zero=1 ;;
    -h|--help) sed -n '2,47p' "$0"; exit 0 ;;
    *) echo "bench.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done
if [ -n "$c4" ]; then
  if [ -n "$vs" ]; then
    echo "bench.sh: --vs and --vs-c4 both name the other solver; give one" >&2; exit 2
  fi
  for t in 1 2; do
    if [ ! -x "$c4/c4-driver-t$t" ]; then
      echo "bench.sh: --vs-c4 $c4 holds no c4-driver-t$t (build it with bench/c4/build.sh)" >&2; exit 2
    fi
  done
  vs="$c4/c4-driver-t1" vs_label=c4
  c4_mib=$("$vs" --settings | awk '{ print int($(NF - 1) + 0.5) }')
  if [ "$c4_mib" != "$hash" ]; then
    echo "bench.sh: warning: c4's table is $c4_mib MiB, inarow's $hash MiB (bench/c4/build.sh ... --hash $hash)" >&2
  fi
fi
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
  echo "bench.sh: --rounds needs a count of 1 or more, not '$rounds'" >&2; exit 2
fi
if [ "$speedup" = 1 ] && [ "$threads" != 1 ]; then
  echo "bench.sh: --speedup compares 2 threads with 1; leave --threads at 1" >&2; exit 2
fi
if [ -n "$vs" ] && [ ! -x "$vs" ]; then
  echo "bench.sh: --vs $vs is not an executable" >&2; exit 2
fi
if [ -n "$set_file" ] && { [ -z "$size" ] || [ ! -f "$set_file" ]; }; then
  echo "bench.sh: --set needs a readable file and --size WxH" >&2; exit 2
fi
pons="${INAROW_PONS_DIR:-../shared/data/pons}"
if [ -z "$set_file" ] && [ ! -d "$pons" ]; then
  echo "bench.sh: Pons's sets not found in $pons (set INAROW_PONS_DIR)" >&2; exit 2
fi

if [ "$pgo" = 1 ]; then
  bench/pgo.sh
  inarow=target/pgo/inarow
else
  cargo build --release --quiet
  inarow=target/release/inarow
fi

if [ "$only_empty" = 0 ]; then
  echo "== inarow bench (ordering: beta cutoffs by the first move, table rates, effective branching factor)"
  "$inarow" bench | tail -n 4
  echo
  echo "== UCI latency"
  cargo run --release --quiet --example uci_latency -- "$inarow" 20
  echo
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Summarises "expected score nodes micros" rows: positions, wrong, mean and median time, mean nodes.
summarise() {
  sort -t' ' -k4,4n "$1" | awk '
    { n++; if ($1 != $2) wrong++; nodes += $3; t += $4; times[n] = $4 }
    END {
      if (n == 0) { print "0 0 0 0 0"; exit }
      median = (n % 2) ? times[(n + 1) / 2] : (times[n / 2] + times[n / 2 + 1]) / 2
      printf "%d %d %.1f %.1f %.0f\n", n, wrong + 0, t / n, median, nodes / n
    }'
}

# Runs a solver on the positions of a set; writes "expected score nodes micros" rows.
run_solver() {
  local input=$1 output=$2; shift 2
  cut -d' ' -f1 "$input" | "$@" > "$tmp/raw"
  paste -d' ' <(cut -d' ' -f2 "$input") <(cut -d' ' -f2- "$tmp/raw") > "$output"
}

# Of the rounds' "expected score nodes micros" rows (one file a round), keeps
# each position's fastest; a score that differs from the expected one in any
# round is kept instead, so that it counts as wrong.
fastest() {
  paste -d' ' "$@" | awk -v n=$# '{
    best = 4; wrong = ""
    for (i = 0; i < n; i++) {
      if ($(4 * i + 4) + 0 < $best + 0) best = 4 * i + 4
      if ($(4 * i + 2) != $1) wrong = $(4 * i + 2)
    }
    print $1, (wrong != "" ? wrong : $(best - 2)), $(best - 1), $best
  }'
}

format_time() {
  awk -v us="$1" 'BEGIN {
    if (us >= 1000000) printf "%.2f s", us / 1000000;
    else if (us >= 1000) printf "%.2f ms", us / 1000;
    else printf "%.1f us", us }'
}

sets="Test_L3_R1 Test_L2_R1 Test_L2_R2 Test_L1_R1 Test_L1_R2 Test_L1_R3"
board_args=()
if [ -n "$set_file" ]; then
  # One set on another board, its moves as Pons writes them (columns from 1,
  # past 9 as A-G), which both inarow and the c4 driver read.
  sets="$(basename "$set_file")"
  pons=$(dirname "$set_file")
  board_args=(--size "$size")
  if [ "$from_zero" = 1 ]; then
    awk '{ m = ""; for (i = 1; i <= length($1); i++) m = m substr("123456789A", substr($1, i, 1) + 1, 1); $1 = m; print }' \
      "$set_file" > "$tmp/pons-set"
    pons=$tmp sets=pons-set
  fi
fi
if [ "$only_empty" = 1 ]; then
  sets=""
else
  sets_label="Pons's sets"
  [ -n "$set_file" ] && sets_label="$set_file ($size)"
  echo "== $sets_label, inarow --hash $hash --threads $threads"
  [ "$rounds" -gt 1 ] && echo "(each position's fastest of $rounds rounds, the solvers in turn)"
  printf "%-22s %9s %10s %12s %12s %12s" "set" "positions" "exact" "mean time" "median time" "mean nodes"
  [ "$speedup" = 1 ] && printf " | %12s %12s %8s" "t2 mean" "t2 nodes" "speed-up"
  [ -n "$vs" ] && printf " | %12s %12s %12s %7s %7s" "$vs_label mean" "$vs_label median" "$vs_label nodes" "time" "nodes"
  [ "$speedup" = 1 ] && [ -n "$c4" ] && printf " | %12s %8s" "c4 t2 mean" "speed-up"
  printf "\n"
fi
for set in $sets; do
  file="$pons/$set"
  [ -f "$file" ] || { echo "$set: missing, skipped"; continue; }
  limit=1000
  label=$set
  if [ "$set" = Test_L1_R3 ] && [ "$full" = 0 ]; then limit=100; label="$set (first 100)"; fi
  if [ "$quick" = 1 ]; then limit=100; label="$set (first 100)"; fi
  head -n "$limit" "$file" > "$tmp/input"
  ours=() ours2=() theirs=() theirs2=()
  for round in $(seq "$rounds"); do
    run_solver "$tmp/input" "$tmp/ours.$round" "$inarow" solve --no-book --hash "$hash" --threads "$threads" "${board_args[@]}"
    ours+=("$tmp/ours.$round")
    if [ "$speedup" = 1 ]; then
      run_solver "$tmp/input" "$tmp/ours2.$round" "$inarow" solve --no-book --hash "$hash" --threads 2 "${board_args[@]}"
      ours2+=("$tmp/ours2.$round")
    fi
    if [ -n "$vs" ]; then
      run_solver "$tmp/input" "$tmp/theirs.$round" "$vs"
      theirs+=("$tmp/theirs.$round")
    fi
    if [ "$speedup" = 1 ] && [ -n "$c4" ]; then
      run_solver "$tmp/input" "$tmp/theirs2.$round" "$c4/c4-driver-t2"
      theirs2+=("$tmp/theirs2.$round")
    fi
  done
  fastest "${ours[@]}" > "$tmp/ours"
  read -r n wrong mean median nodes < <(summarise "$tmp/ours")
  if [ "$speedup" = 1 ]; then
    fastest "${ours2[@]}" > "$tmp/ours2"
    read -r _ wrong2 mean2 _ nodes2 < <(summarise "$tmp/ours2")
    wrong=$((wrong + wrong2))
    up=$(awk -v a="$mean" -v b="$mean2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
  fi
  exact=$([ "$wrong" = 0 ] && echo "all" || echo "$wrong wrong")
  printf "%-22s %9s %10s %12s %12s %12s" "$label" "$n" "$exact" "$(format_time "$mean")" "$(format_time "$median")" "$nodes"
  if [ "$speedup" = 1 ]; then
    printf " | %12s %12s %8s" "$(format_time "$mean2")" "$nodes2" "${up}x"
  fi
  if [ -n "$vs" ]; then
    fastest "${theirs[@]}" > "$tmp/theirs"
    read -r _ vwrong vmean vmedian vnodes < <(summarise "$tmp/theirs")
    ratio=$(awk -v a="$mean" -v b="$vmean" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
    node_ratio=$(awk -v a="$nodes" -v b="$vnodes" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
    vexact=$([ "$vwrong" = 0 ] && echo "" || echo " ($vwrong wrong)")
    printf " | %12s %12s %12s %7s %7s%s" "$(format_time "$vmean")" "$(format_time "$vmedian")" "$vnodes" "${ratio}x" "${node_ratio}x" "$vexact"
  fi
  if [ "$speedup" = 1 ] && [ -n "$c4" ]; then
    fastest "${theirs2[@]}" > "$tmp/theirs2"
    read -r _ vwrong2 vmean2 _ _ < <(summarise "$tmp/theirs2")
    vup=$(awk -v a="$vmean" -v b="$vmean2" 'BEGIN { printf "%.2f", (b > 0) ? a / b : 0 }')
    vexact2=$([ "$vwrong2" = 0 ] && echo "" || echo " ($vwrong2 wrong)")
    printf " | %12s %8s%s" "$(format_time "$vmean2")" "${vup}x" "$vexact2"
  fi
  printf "\n"
done

# Solves the empty board with a solver (the command); prints "score nodes micros".
solve_empty() {
  local row
  row=$(echo | "$@") || { echo "bench.sh: $* failed on the empty board" >&2; return 1; }
  echo "${row#* }"
}

# Of two "score nodes micros" rows, the faster ("" counts as none).
faster_row() {
  if [ -z "$1" ]; then echo "$2"; return; fi
  awk -v a="$1" -v b="$2" 'BEGIN { split(a, x, " "); split(b, y, " "); print (y[3] + 0 < x[3] + 0) ? b : a }'
}

if [ "$empty" = 1 ] && [ -n "$c4" ]; then
  echo
  echo "== the empty 7x6 board, inarow and c4 on 1 and 2 threads"
  c4_table=$("$c4/c4-driver-t1" --settings)
  echo "tables: inarow --hash $hash MiB; c4 ${c4_table#*, }"
  [ "$rounds" -gt 1 ] && echo "(the fastest of $rounds rounds, the solvers in turn)"
  printf '%-10s %6s %14s %12s\n' "solver" "score" "nodes" "time"
  inarow_us=() c4_us=() inarow_nodes=() c4_nodes=() inarow_rows=() c4_rows=()
  round_lines=()
  for round in $(seq "$rounds"); do
    round_us=()
    for t in 1 2; do
      # (A failed solve stops the script here, as set -e does with any.)
      row=$(solve_empty "$inarow" solve --no-book --hash "$hash" --threads "$t")
      inarow_rows[t]=$(faster_row "${inarow_rows[t]:-}" "$row")
      round_us+=("${row##* }")
      row=$(solve_empty "$c4/c4-driver-t$t")
      c4_rows[t]=$(faster_row "${c4_rows[t]:-}" "$row")
      round_us+=("${row##* }")
    done
    # Each round's own times and speed-ups, so the host's swing shows.
    round_lines+=("$(awk -v r="$round" -v i1="${round_us[0]}" -v c1="${round_us[1]}" \
      -v i2="${round_us[2]}" -v c2="${round_us[3]}" 'BEGIN {
      printf "round %d: inarow %.2f s, %.2f s (%.2fx); c4 %.2f s, %.2f s (%.2fx)", r,
        i1 / 1e6, i2 / 1e6, i1 / i2, c1 / 1e6, c2 / 1e6, c1 / c2 }')")
  done
  for t in 1 2; do
    read -r score "inarow_nodes[$t]" "inarow_us[$t]" <<< "${inarow_rows[t]}"
    printf '%-10s %6s %14s %12s\n' "inarow t$t" "$score" "${inarow_nodes[t]}" "$(format_time "${inarow_us[t]}")"
    read -r score "c4_nodes[$t]" "c4_us[$t]" <<< "${c4_rows[t]}"
    printf '%-10s %6s %14s %12s\n' "c4 t$t" "$score" "${c4_nodes[t]}" "$(format_time "${c4_us[t]}")"
  done
  awk -v i1="${inarow_us[1]}" -v i2="${inarow_us[2]}" -v c1="${c4_us[1]}" -v c2="${c4_us[2]}" \
    -v n1="${inarow_nodes[1]}" -v n2="${inarow_nodes[2]}" -v m1="${c4_nodes[1]}" -v m2="${c4_nodes[2]}" 'BEGIN {
    printf "inarow/c4 time: %.2fx on 1 thread, %.2fx on 2 threads\n", i1 / c1, i2 / c2
    printf "inarow/c4 nodes: %.2fx on 1 thread, %.2fx on 2 threads\n", n1 / m1, n2 / m2
    printf "2-thread speed-up (1-thread time / 2-thread time): inarow %.2fx, c4 %.2fx\n", i1 / i2, c1 / c2 }'
  if [ "$rounds" -gt 1 ]; then
    echo "each round, 1 thread then 2 (speed-up):"
    printf '  %s\n' "${round_lines[@]}"
  fi
elif [ "$empty" = 1 ]; then
  echo
  echo "== the empty 7x6 board, one thread, inarow --hash $hash (score nodes micros)"
  printf '%-10s %s\n' "inarow" "$(echo | "$inarow" solve --no-book --hash "$hash" | cut -d' ' -f2-)"
  if [ -n "$vs" ]; then
    printf '%-10s %s\n' "vs" "$(echo | "$vs" | cut -d' ' -f2-)"
  fi
fi
