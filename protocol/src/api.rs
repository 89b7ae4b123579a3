//! The requests of `inarow serve`'s HTTP API, read and checked: a JSON body
//! or a query string in, a legal position and a budget within the server's
//! limits out, or a [`RequestError`] that says why not.
//!
//! Nothing here touches a socket or the engine, so the server's handlers and
//! the fuzz targets (`fuzz/`) read requests with the same code. The server
//! answers every [`RequestError`] with status 400 and the JSON body
//! `{"error": message, "code": code}`.

use std::collections::HashMap;
use std::fmt;
use std::time::Duration;

use inarow_engine::Strength;
use inarow_games::{connect4, AnyGame, Dimensions, Game, ParseVariantError, Size, Variant};
use serde::{Deserialize, Serialize};

/// Why a request was refused: a code a client can act on, and a message for
/// people (one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestError {
    code: &'static str,
    message: String,
}

impl RequestError {
    /// Every code a [`RequestError`] can carry.
    pub const CODES: [&'static str; 6] = [
        "bad_request",
        "unknown_variant",
        "bad_position",
        "illegal_move",
        "bad_limit",
        "game_over",
    ];

    fn new(code: &'static str, message: impl Into<String>) -> Self {
        // One line, whatever the request quoted (a JSON string or a query
        // parameter may hold line breaks).
        let message = message.into().replace('\n', "\\n").replace('\r', "\\r");
        RequestError { code, message }
    }

    /// A request the API cannot read: not JSON, not an object, a missing or
    /// unknown field, an unknown parameter.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new("bad_request", message)
    }

    fn bad_position(message: impl Into<String>) -> Self {
        Self::new("bad_position", message)
    }

    fn illegal_move(message: impl Into<String>) -> Self {
        Self::new("illegal_move", message)
    }

    fn bad_limit(message: impl Into<String>) -> Self {
        Self::new("bad_limit", message)
    }

    /// A finished game, where a request needs a move to score or play.
    #[must_use]
    pub fn game_over() -> Self {
        Self::new(
            "game_over",
            "the game is over: there is no move to score or play",
        )
    }

    /// The code: one of [`RequestError::CODES`].
    #[must_use]
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// The message for people.
    #[must_use]
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.code, self.message)
    }
}

impl std::error::Error for RequestError {}

/// The server's limits on requests.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Limits {
    /// The time a request gets when it names no budget.
    pub default_millis: u64,
    /// The most time a request may ask for (and a review's total).
    pub max_millis: u64,
    /// The most nodes a request may ask for.
    pub max_nodes: u64,
    /// The largest request body.
    pub max_body_bytes: usize,
    /// Requests that may wait for the engine; more are refused with 503.
    pub queue: usize,
}

/// A request body as JSON of the type expected, or why it is not one.
fn parse_body<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, RequestError> {
    let bad = |e: serde_json::Error| {
        RequestError::bad_request(format!("the body is not the JSON expected: {e}"))
    };
    let value: serde_json::Value = serde_json::from_slice(bytes).map_err(bad)?;
    // serde would also read a struct from an array of its fields: only
    // objects are taken, here and for the budget.
    let Some(object) = value.as_object() else {
        return Err(RequestError::bad_request("the body must be a JSON object"));
    };
    if object
        .get("budget")
        .is_some_and(|budget| !budget.is_object() && !budget.is_null())
    {
        return Err(RequestError::bad_request(
            "budget must be an object such as {\"millis\": 500}",
        ));
    }
    serde_json::from_value(value).map_err(bad)
}

/// The position fields every request shares.
struct PositionSpec<'a> {
    variant: Option<&'a str>,
    size: Option<&'a str>,
    fen: Option<&'a str>,
    moves: Option<&'a str>,
}

/// The position a request body names with the fields every request shares
/// (serde cannot flatten them into a body that refuses unknown fields).
macro_rules! read_position {
    ($body:expr) => {
        PositionSpec {
            variant: $body.variant.as_deref(),
            size: $body.size.as_deref(),
            fen: $body.fen.as_deref(),
            moves: $body.moves.as_deref(),
        }
        .read()
    };
}

impl PositionSpec<'_> {
    /// The position: the variant and size, the FEN or the start, then the moves.
    fn read(&self) -> Result<AnyGame, RequestError> {
        let variant: Variant = self
            .variant
            .unwrap_or("cfour")
            .parse()
            .map_err(variant_error)?;
        let size = self
            .size
            .map(|text| text.parse::<inarow_games::Dimensions>())
            .transpose()
            .map_err(|e| RequestError::bad_position(format!("size: {e}")))?;
        let variant = variant
            .with_size(size)
            .map_err(|e| RequestError::bad_position(format!("size: {e}")))?;
        let mut position = AnyGame::from_setup(variant, self.fen).map_err(|e| {
            RequestError::bad_position(format!("FEN '{}': {e}", self.fen.unwrap_or_default()))
        })?;
        if let Some(moves) = self.moves {
            position
                .play_moves(moves)
                .map_err(|e| RequestError::illegal_move(e.to_string()))?;
        }
        Ok(position)
    }
}

/// The refusal of a variant that cannot be read: `unknown_variant` for a
/// name or a word that names no game, `bad_position` for a known game whose
/// board or line cannot be played (`mnk 4x4 k9`, `gomoku 30x30`).
fn variant_error(error: ParseVariantError) -> RequestError {
    match error {
        ParseVariantError::Unknown(_) | ParseVariantError::Word { .. } => {
            RequestError::new("unknown_variant", error.to_string())
        }
        ParseVariantError::Size { .. } | ParseVariantError::FixedBoard { .. } => {
            RequestError::bad_position(error.to_string())
        }
    }
}

/// A budget as a request gives it.
#[derive(Clone, Copy, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct BudgetSpec {
    millis: Option<u64>,
    nodes: Option<u64>,
}

/// A budget in range: a time, always, and perhaps nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowed {
    /// The time the request may take.
    pub time: Duration,
    /// The nodes it may search, if it named a number.
    pub nodes: Option<u64>,
}

impl Allowed {
    /// The budget of a request that names none: the server's default time.
    #[must_use]
    pub fn default_for(limits: &Limits) -> Self {
        Allowed {
            time: Duration::from_millis(limits.default_millis),
            nodes: None,
        }
    }
}

impl BudgetSpec {
    /// The budget, checked against the server's limits. Without a time, a
    /// node budget still has the longest time allowed, and no budget at all
    /// the default time.
    fn check(spec: Option<Self>, limits: &Limits) -> Result<Allowed, RequestError> {
        let spec = spec.unwrap_or_default();
        if let Some(millis) = spec.millis {
            if !(1..=limits.max_millis).contains(&millis) {
                return Err(RequestError::bad_limit(format!(
                    "budget.millis {millis} is out of range: 1 to {}",
                    limits.max_millis
                )));
            }
        }
        if let Some(nodes) = spec.nodes {
            if !(1..=limits.max_nodes).contains(&nodes) {
                return Err(RequestError::bad_limit(format!(
                    "budget.nodes {nodes} is out of range: 1 to {}",
                    limits.max_nodes
                )));
            }
        }
        let millis = match (spec.millis, spec.nodes) {
            (Some(millis), _) => millis,
            (None, Some(_)) => limits.max_millis,
            (None, None) => limits.default_millis,
        };
        Ok(Allowed {
            time: Duration::from_millis(millis),
            nodes: spec.nodes,
        })
    }
}

/// `GET /solve?pos=4453[&size=WxH]`, read: connect4.gamesolver.org's query.
#[derive(Clone, Debug)]
pub struct SolveQuery {
    /// The move string as given (columns from 1), empty for the start.
    pub pos: String,
    /// The board: `size`, or 7x6. Any board `inarow solve --size` takes:
    /// past Connect Four's own bounds it is `connect WxH k4`.
    pub size: Dimensions,
    /// The position after the moves; the game is not over.
    pub position: AnyGame,
}

impl SolveQuery {
    /// Reads the query's parameters (`pos`, and `size`; nothing else).
    pub fn read(query: &HashMap<String, String>) -> Result<Self, RequestError> {
        if let Some(unknown) = query.keys().find(|k| *k != "pos" && *k != "size") {
            return Err(RequestError::bad_request(format!(
                "unknown parameter '{unknown}': /solve takes pos (and size)"
            )));
        }
        let pos = query.get("pos").cloned().unwrap_or_default();
        let size = match query.get("size") {
            Some(text) => text
                .parse::<Dimensions>()
                .map_err(|e| RequestError::bad_position(format!("size: {e}")))?,
            None => Dimensions {
                width: Size::STANDARD.width() as usize,
                height: Size::STANDARD.height() as usize,
            },
        };
        let variant = Variant::Connect4(Size::STANDARD)
            .with_size(Some(size))
            .map_err(|e| RequestError::bad_position(format!("size: {e}")))?;
        if !pos.is_empty() && !connect4::is_move_string(&pos) {
            return Err(RequestError::bad_position(format!(
                "pos '{pos}' is not a move string: columns from 1 (1-9, then A-G), such as 4453"
            )));
        }
        let mut position = AnyGame::new(variant);
        if let Some(Err(e)) = position.play_move_string(&pos) {
            return Err(RequestError::illegal_move(format!("pos '{pos}': {e}")));
        }
        if position.outcome().is_some() {
            return Err(RequestError::game_over());
        }
        Ok(SolveQuery {
            pos,
            size,
            position,
        })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AnalyzeBody {
    variant: Option<String>,
    size: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
    budget: Option<BudgetSpec>,
}

/// `POST /api/v1/analyze`, read: a position (finished or not) and a budget.
#[derive(Clone, Debug)]
pub struct AnalyzeRequest {
    /// The position to analyse.
    pub position: AnyGame,
    /// The budget, within the limits.
    pub allowed: Allowed,
}

impl AnalyzeRequest {
    /// Reads the body: `variant`, `size`, `fen`, `moves` and `budget`.
    pub fn read(body: &[u8], limits: &Limits) -> Result<Self, RequestError> {
        let body: AnalyzeBody = parse_body(body)?;
        let position = read_position!(body)?;
        let allowed = BudgetSpec::check(body.budget, limits)?;
        Ok(AnalyzeRequest { position, allowed })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PositionBody {
    variant: Option<String>,
    size: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
}

/// `POST /api/v1/position`, read: a position (finished or not), whose
/// state under its rules is asked for.
#[derive(Clone, Debug)]
pub struct PositionRequest {
    /// The position.
    pub position: AnyGame,
}

impl PositionRequest {
    /// Reads the body: `variant`, `size`, `fen` and `moves`.
    pub fn read(body: &[u8]) -> Result<Self, RequestError> {
        let body: PositionBody = parse_body(body)?;
        let position = read_position!(body)?;
        Ok(PositionRequest { position })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MoveBody {
    variant: Option<String>,
    size: Option<String>,
    fen: Option<String>,
    moves: Option<String>,
    level: Option<u8>,
    millis: Option<u64>,
}

/// `POST /api/v1/move`, read: a position with a move to play, and how
/// strongly to play it.
#[derive(Clone, Debug)]
pub struct MoveRequest {
    /// The position; the game is not over.
    pub position: AnyGame,
    /// A level, or a time to think: the strongest level if the body names
    /// neither.
    pub strength: Strength,
}

impl MoveRequest {
    /// Reads the body: the position's fields, and `level` or `millis`.
    pub fn read(body: &[u8], limits: &Limits) -> Result<Self, RequestError> {
        let body: MoveBody = parse_body(body)?;
        let position = read_position!(body)?;
        if position.outcome().is_some() {
            return Err(RequestError::game_over());
        }
        let levels = inarow_engine::strength::LEVELS;
        let strength = match (body.level, body.millis) {
            (Some(_), Some(_)) => {
                return Err(RequestError::bad_limit("give a level or millis, not both"))
            }
            (Some(level), None) if !levels.contains(&level) => {
                return Err(RequestError::bad_limit(format!(
                    "level {level} is out of range: {} to {}",
                    levels.start(),
                    levels.end()
                )))
            }
            (Some(level), None) => Strength::Level(level),
            (None, Some(millis)) if !(1..=limits.max_millis).contains(&millis) => {
                return Err(RequestError::bad_limit(format!(
                    "millis {millis} is out of range: 1 to {}",
                    limits.max_millis
                )))
            }
            (None, Some(millis)) => Strength::MoveTime(Duration::from_millis(millis)),
            (None, None) => Strength::Level(*levels.end()),
        };
        Ok(MoveRequest { position, strength })
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewBody {
    pgn: String,
    engine: Option<String>,
    budget: Option<BudgetSpec>,
}

/// `POST /api/v1/review`, read: PGN text to review, whose moves, and each
/// move's budget.
#[derive(Clone, Debug)]
pub struct ReviewRequest {
    /// The games' text; not blank. Its games are read as the review goes
    /// ([`crate::pgn::for_each_game`]).
    pub pgn: String,
    /// Review only this player's moves, if given.
    pub engine: Option<String>,
    /// Each move's budget, within the limits.
    pub allowed: Allowed,
}

impl ReviewRequest {
    /// Reads the body: `pgn`, and `engine` and `budget`.
    pub fn read(body: &[u8], limits: &Limits) -> Result<Self, RequestError> {
        let body: ReviewBody = parse_body(body)?;
        let allowed = BudgetSpec::check(body.budget, limits)?;
        if body.pgn.trim().is_empty() {
            return Err(RequestError::bad_request(
                "pgn is empty: post the games' text",
            ));
        }
        Ok(ReviewRequest {
            pgn: body.pgn,
            engine: body.engine,
            allowed,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMITS: Limits = Limits {
        default_millis: 100,
        max_millis: 1000,
        max_nodes: 1_000_000,
        max_body_bytes: 1 << 20,
        queue: 4,
    };

    fn code<T: fmt::Debug>(result: Result<T, RequestError>) -> &'static str {
        result.unwrap_err().code()
    }

    #[test]
    fn requests_read_positions_and_budgets() {
        let analyze = AnalyzeRequest::read(
            br#"{"variant":"connect 9x7 k5","moves":"e1 e2","budget":{"nodes":5}}"#,
            &LIMITS,
        )
        .unwrap();
        assert_eq!(analyze.position.ply(), 2);
        assert_eq!(
            analyze.allowed,
            Allowed {
                time: Duration::from_millis(1000),
                nodes: Some(5)
            }
        );
        let chosen = MoveRequest::read(br#"{"millis": 7}"#, &LIMITS).unwrap();
        assert_eq!(
            chosen.strength,
            Strength::MoveTime(Duration::from_millis(7))
        );
        let review = ReviewRequest::read(br#"{"pgn":"1. P@d1 *"}"#, &LIMITS).unwrap();
        assert_eq!(review.allowed, Allowed::default_for(&LIMITS));
        let query: HashMap<String, String> = [("pos".to_owned(), "4453".to_owned())].into();
        assert_eq!(SolveQuery::read(&query).unwrap().position.ply(), 4);
    }

    #[test]
    fn refusals_carry_their_codes() {
        assert_eq!(code(AnalyzeRequest::read(b"[1]", &LIMITS)), "bad_request");
        assert_eq!(
            code(AnalyzeRequest::read(b"{\"x\":1}", &LIMITS)),
            "bad_request"
        );
        assert_eq!(
            code(AnalyzeRequest::read(br#"{"budget":5}"#, &LIMITS)),
            "bad_request"
        );
        assert_eq!(
            code(AnalyzeRequest::read(br#"{"variant":"chess"}"#, &LIMITS)),
            "unknown_variant"
        );
        assert_eq!(
            code(AnalyzeRequest::read(br#"{"fen":"x"}"#, &LIMITS)),
            "bad_position"
        );
        assert_eq!(
            code(AnalyzeRequest::read(br#"{"moves":"8"}"#, &LIMITS)),
            "illegal_move"
        );
        assert_eq!(
            code(AnalyzeRequest::read(br#"{"budget":{"millis":0}}"#, &LIMITS)),
            "bad_limit"
        );
        assert_eq!(
            code(MoveRequest::read(br#"{"moves":"4455667"}"#, &LIMITS)),
            "game_over"
        );
        assert_eq!(
            code(MoveRequest::read(br#"{"level":1,"millis":1}"#, &LIMITS)),
            "bad_limit"
        );
        assert_eq!(
            code(ReviewRequest::read(br#"{"pgn":" "}"#, &LIMITS)),
            "bad_request"
        );
        let query: HashMap<String, String> = [("q".to_owned(), String::new())].into();
        assert_eq!(code(SolveQuery::read(&query)), "bad_request");
        // Found by the http fuzz target: a message quoting a line break.
        let query: HashMap<String, String> = [("a\nb".to_owned(), String::new())].into();
        let refused = SolveQuery::read(&query).unwrap_err();
        assert!(refused.message().starts_with("unknown parameter 'a\\nb'"));
        for code in RequestError::CODES {
            assert!(!code.is_empty());
        }
    }
}
