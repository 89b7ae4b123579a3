//! The `--threads` option shared by the subcommands that search.

use inarow_engine::max_threads;

/// Parses a thread count: 1 to the number of cores.
pub fn parse(text: &str) -> Result<usize, String> {
    let max = max_threads();
    match text.parse::<usize>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "expected a thread count from 1 to {max}, got '{text}'"
        )),
    }
}
