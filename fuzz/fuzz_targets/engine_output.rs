//! What the match client reads from an engine: its output as bytes, read
//! into capped lines (in small reads, so lines cross buffer ends) and each
//! line parsed as the client parses it (`option`, `info`, `bestmove`).
//! Lines hold no line feed and stay within the cap; what a parser keeps
//! (a move, a principal variation, an option's name) is the line's own text.
#![no_main]

use std::io::BufReader;
use std::time::Duration;

use inarow_protocol::client::{
    read_capped_line, BestMove, EngineInfo, EngineOption, MAX_ENGINE_LINE_BYTES,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let buffer = 1 + usize::from(data.first().copied().unwrap_or(0)) % 64;
    let mut reader = BufReader::with_capacity(buffer, data);
    let mut lines = 0usize;
    while let Some(line) = read_capped_line(&mut reader) {
        lines += 1;
        assert!(lines <= data.len() + 1, "more lines than bytes");
        assert!(!line.contains('\n'), "{line:?}");
        // Each byte kept is at most a replacement character of 3 bytes.
        assert!(line.len() <= 3 * MAX_ENGINE_LINE_BYTES);
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if let Some(info) = EngineInfo::parse(&line) {
            assert!(info.pv.iter().all(|mv| tokens.contains(&mv.as_str())));
        }
        if let Some(declaration) = line.strip_prefix("option ") {
            if let Some(option) = EngineOption::parse(declaration) {
                assert!(!option.name.is_empty());
                assert!(option.name.split(' ').all(|word| tokens.contains(&word)));
            }
        }
        if let Some(Ok(best)) = BestMove::parse(&line, None, Duration::ZERO) {
            for mv in best.best.iter().chain(&best.ponder) {
                assert!(tokens.contains(&mv.as_str()), "{mv} not in {line:?}");
            }
        }
    }
});
