#!/usr/bin/env bash
# Runs every check CI runs: formatting, lints, docs and all tests (release build).
# On a fresh machine with only the Rust toolchain it first installs what the
# tests need.
set -euo pipefail
cd "$(dirname "$0")"

# The match tests play against Fairy-Stockfish.
if [ ! -x /usr/games/fairy-stockfish ]; then
    apt-get update
    apt-get install -y fairy-stockfish
fi

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
cargo test --workspace --release
