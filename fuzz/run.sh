#!/usr/bin/env bash
# fuzz/run.sh SECONDS [TARGET...]: builds every fuzz target and runs each
# (or those named) for SECONDS, one after the other. A finding stops the run
# with libFuzzer's report and the input that crashed, saved under
# target/fuzz/artifacts/TARGET/; a clean run prints one line per target
# (inputs run, executions per second, coverage).
#
# Needs the nightly toolchain (`rustup toolchain install nightly`); the
# targets are built as cargo-fuzz builds them (libFuzzer, sanitizer
# coverage, `--cfg fuzzing`), with overflow checks and debug assertions on,
# so `cargo +nightly fuzz run TARGET` runs the same targets interactively.
# FUZZ_SANITIZER=address adds AddressSanitizer (slower). FUZZ_JOBS=N runs N
# targets at once. FUZZ_RUNS=N stops a target after N inputs if that comes
# before SECONDS (a campaign: FUZZ_RUNS=10000000 fuzz/run.sh 3600).
#
# The corpus a run grows is kept in target/fuzz/corpus/TARGET and seeded
# from fuzz/seeds/TARGET and from real data: Pascal Pons's benchmark sets
# ($INAROW_PONS_DIR, else ../shared/data/pons, if there) and the books
# inarow ships.
set -euo pipefail
# A relative INAROW_PONS_DIR is meant from where the script was started.
pons=$(realpath -m "${INAROW_PONS_DIR:-$(dirname "$0")/../../shared/data/pons}")
cd "$(dirname "$0")"

usage="usage: fuzz/run.sh SECONDS [TARGET...]"
seconds=${1:?$usage}
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "$usage" >&2; exit 2; }
shift
all=$(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^inarow-fuzz$')
targets=("$@")
[ ${#targets[@]} -gt 0 ] || mapfile -t targets <<< "$all"
for target in "${targets[@]}"; do
  grep -qx "$target" <<< "$all" || { echo "fuzz/run.sh: no target '$target' (targets: $(echo $all))" >&2; exit 2; }
done
if ! cargo +nightly --version > /dev/null 2>&1; then
  echo "fuzz/run.sh: the nightly toolchain is missing: rustup toolchain install nightly" >&2
  exit 2
fi

out=../target/fuzz
host=$(rustc +nightly -vV | sed -n 's/^host: //p')
flags="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4"
flags="$flags -Cllvm-args=-sanitizer-coverage-inline-8bit-counters"
flags="$flags -Cllvm-args=-sanitizer-coverage-pc-table"
flags="$flags -Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing"
[ -z "${FUZZ_SANITIZER:-}" ] || flags="$flags -Zsanitizer=$FUZZ_SANITIZER"
# --target keeps the flags off build scripts and proc macros.
RUSTFLAGS="$flags" cargo +nightly build --quiet --release --bins \
  --target "$host" --target-dir "$out/build"
bin="$out/build/$host/release"

# Seeds from real data, written afresh each run.
seeds="$out/seeds"
rm -rf "$seeds"
mkdir -p "$seeds/moves" "$seeds/line_book" "$seeds/uci_session"
if [ -d "$pons" ]; then
  for set in "$pons"/Test_L*_R*; do
    name=$(basename "$set")
    head -n 50 "$set" | while read -r moves _; do
      # Selector 16: Connect Four 7x6, read as a Pons move string.
      printf '\x10%s' "$moves" > "$seeds/moves/$name-$moves"
      printf 'position startpos moves %s\ngo nodes 200\n' "$(sed 's/./& /g' <<< "$moves")" \
        > "$seeds/uci_session/$name-$moves"
    done
  done
fi
head -n 60 ../engine/books/connect-7x6-k5.lines > "$seeds/line_book/connect-7x6-k5"
# The shipped 7x6 book's header and first 64 entries (8 bytes each), its
# count set to 64; selector 1 makes its checksum right.
mkdir -p "$seeds/book"
book=../engine/books/7x6.book
{
  printf '\x01'
  head -c 12 "$book"
  printf '\x40\x00\x00\x00'
  head -c 529 "$book" | tail -c +17
  printf '\0\0\0\0\0\0\0\0'
} > "$seeds/book/7x6-first-64"

run() {
  local target=$1 corpus="$out/corpus/$1" artifacts="$out/artifacts/$1/" log="$out/logs/$1.log"
  local started
  started=$(date +%s)
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  local dirs=("$corpus" "seeds/$target")
  [ -d "$seeds/$target" ] && dirs+=("$seeds/$target")
  # -timeout: one input taking longer than this is a finding (a hang);
  # -rss_limit_mb: so is one that takes more memory.
  local runs_limit=()
  [ -z "${FUZZ_RUNS:-}" ] || runs_limit=(-runs="$FUZZ_RUNS")
  if ! "$bin/$target" -max_total_time="$seconds" "${runs_limit[@]}" -timeout=20 -rss_limit_mb=2048 \
    -max_len=4096 -print_final_stats=1 -artifact_prefix="$artifacts" "${dirs[@]}" \
    > "$log" 2>&1; then
    tail -n 40 "$log"
    echo "fuzz/run.sh: $target found a failure: $log, inputs in $artifacts" >&2
    return 1
  fi
  local runs per_second cov
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  per_second=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
  local took=$(( $(date +%s) - started ))
  echo "fuzz $target: ${runs:-0} inputs in $took s, ${per_second:-0}/s, $cov, corpus $(ls "$corpus" | wc -l)"
}

jobs=${FUZZ_JOBS:-1}
failed=0
pids=()
for target in "${targets[@]}"; do
  run "$target" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || failed=1
    pids=("${pids[@]:1}")
  fi
done
for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
exit $failed
