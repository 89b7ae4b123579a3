//! The `--threads` option shared by the subcommands that search.

use inarow_engine::{check_threads, max_threads};

/// Parses a thread count: 1 to the number of cores.
pub fn parse(text: &str) -> Result<usize, String> {
    text.parse::<usize>()
        .ok()
        .and_then(|n| check_threads(n).ok())
        .ok_or_else(|| {
            format!(
                "expected a thread count from 1 to {}, got '{text}'",
                max_threads()
            )
        })
}
