//! Numbers from Python, checked once here: one out of range is an error that
//! says the range, never an `OverflowError` from a conversion or a panic in
//! the engine. The checks give the message; each caller raises the error of
//! its kind (a setting, a game's board, a board's cut).

use std::time::{Duration, Instant};

use inarow_engine::{check_threads, MAX_HASH_MIB};
use pyo3::prelude::*;

use crate::InvalidSettingError;

/// The longest time limit taken, in seconds (about four months): more is no
/// limit a person means, and an instant that far off may not exist.
const MAX_SECONDS: f64 = 1e7;

/// `value` if it lies in `min..=max`, else a message that says the range.
pub fn within(name: &str, value: i64, min: i64, max: i64) -> Result<i64, String> {
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(format!("{name} must be {min} to {max}, got {value}"))
    }
}

/// A count that cannot be negative (nodes, a depth, a board dimension).
pub fn count(name: &str, value: Option<i64>) -> Result<Option<u64>, String> {
    value
        .map(|v| within(name, v, 0, i64::MAX).map(|v| v as u64))
        .transpose()
}

/// A count that is a setting or a limit (nodes, a depth).
pub fn setting_count(name: &str, value: Option<i64>) -> PyResult<Option<u64>> {
    count(name, value).map_err(InvalidSettingError::new_err)
}

/// A setting in `min..=max` (a level).
pub fn setting_within(name: &str, value: i64, min: i64, max: i64) -> PyResult<i64> {
    within(name, value, min, max).map_err(InvalidSettingError::new_err)
}

/// A table size in MiB.
pub fn hash_mib(hash_mb: i64) -> PyResult<usize> {
    setting_within("hash_mb", hash_mb, 1, MAX_HASH_MIB as i64).map(|v| v as usize)
}

/// A thread count: 1 to the number of cores.
pub fn threads(threads: i64) -> PyResult<usize> {
    let threads = usize::try_from(threads).unwrap_or(0);
    check_threads(threads).map_err(|e| InvalidSettingError::new_err(e.to_string()))
}

/// A time limit in seconds.
pub fn seconds(name: &str, value: Option<f64>) -> PyResult<Option<Duration>> {
    value
        .map(|seconds| {
            if (0.0..=MAX_SECONDS).contains(&seconds) {
                Ok(Duration::from_secs_f64(seconds))
            } else {
                Err(InvalidSettingError::new_err(format!(
                    "{name} must be 0 to {MAX_SECONDS} seconds, got {seconds}"
                )))
            }
        })
        .transpose()
}

/// The instant a call given `timeout` seconds gives up at.
pub fn deadline(timeout: Option<f64>) -> PyResult<Option<Instant>> {
    Ok(seconds("timeout", timeout)?.map(|d| Instant::now() + d))
}
