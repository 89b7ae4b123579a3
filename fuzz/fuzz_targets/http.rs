//! The HTTP API's requests as `inarow serve`'s handlers read them, without
//! a socket: the selector byte picks `POST /api/v1/analyze`, `/move` or
//! `/review` (the rest is the body) or `GET /solve` (the rest is the query
//! string, read as axum reads it). A request that reads names a legal
//! position whose FEN reads back, a budget within the server's limits, and
//! for a move a game not over; a refusal has a known code and one line.
#![no_main]

use std::collections::HashMap;
use std::time::Duration;

use inarow_fuzz::{assert_fen_round_trip, assert_one_line};
use inarow_games::{AnyGame, Game};
use inarow_protocol::api::{
    Allowed, AnalyzeRequest, Limits, MoveRequest, RequestError, ReviewRequest, SolveQuery,
};
use libfuzzer_sys::fuzz_target;

/// The limits of `inarow serve` with its default options.
const LIMITS: Limits = Limits {
    default_millis: 10_000,
    max_millis: 60_000,
    max_nodes: 1_000_000_000_000,
    max_body_bytes: 1 << 20,
    queue: 32,
};

fn within(allowed: Allowed) {
    assert!(allowed.time >= Duration::from_millis(1));
    assert!(allowed.time <= Duration::from_millis(LIMITS.max_millis));
    assert!(allowed
        .nodes
        .is_none_or(|nodes| (1..=LIMITS.max_nodes).contains(&nodes)));
}

fn refused(error: &RequestError) {
    assert!(RequestError::CODES.contains(&error.code()), "{error}");
    assert_one_line(error.message());
}

fn legal(position: &AnyGame) {
    assert_fen_round_trip(position);
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    match selector % 4 {
        0 => match AnalyzeRequest::read(body, &LIMITS) {
            Ok(request) => {
                legal(&request.position);
                within(request.allowed);
            }
            Err(e) => refused(&e),
        },
        1 => match MoveRequest::read(body, &LIMITS) {
            Ok(request) => {
                legal(&request.position);
                assert!(request.position.outcome().is_none());
            }
            Err(e) => refused(&e),
        },
        2 => match ReviewRequest::read(body, &LIMITS) {
            Ok(request) => {
                assert!(!request.pgn.trim().is_empty());
                within(request.allowed);
            }
            Err(e) => refused(&e),
        },
        _ => {
            let Ok(query) = serde_urlencoded::from_bytes::<HashMap<String, String>>(body) else {
                return;
            };
            match SolveQuery::read(&query) {
                Ok(solve) => {
                    legal(&solve.position);
                    assert!(solve.position.outcome().is_none());
                    assert_eq!(
                        usize::from(solve.position.variant().dimensions().0),
                        solve.size.width
                    );
                }
                Err(e) => refused(&e),
            }
        }
    }
});
