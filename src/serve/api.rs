//! The HTTP API: typed requests in, typed answers out, and one JSON error
//! shape for every refusal. Requests are read and checked by
//! [`inarow_protocol::api`] (positions, budgets, levels); the engine only
//! ever sees legal positions and limits within range.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use inarow_engine::score::pons_score;
use inarow_engine::{Score, SolveLimits, Strength};
use inarow_games::{kinarow, AnyGame, Drop, ForbiddenShape, Game, Player, Variant, WinRule};
use inarow_protocol::api::{
    Allowed, AnalyzeRequest, Limits, MoveRequest, PositionRequest, RequestError, ReviewRequest,
    SolveQuery,
};
use inarow_protocol::pgn;
use serde::Serialize;

use super::engine::{Engine, Refused};
use super::App;
use crate::review::{self, Budget, Label, Stop, Tally};

/// A refusal: its status and a JSON body `{"error": why, "code": kind}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    fn bad_request(message: impl Into<String>) -> Self {
        RequestError::bad_request(message).into()
    }

    fn game_over() -> Self {
        RequestError::game_over().into()
    }

    /// The answer to a path that names nothing.
    pub fn not_found() -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "not_found",
            "no such page: the API is described at /api/v1/openapi.json",
        )
    }

    /// The answer to a body larger than the server accepts.
    pub fn too_large() -> Self {
        Self::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            "too_large",
            "the request body is larger than the server accepts (see limits at /api/v1/info)",
        )
    }

    /// The answer to a body that did not come in time.
    pub fn body_timeout() -> Self {
        Self::new(
            StatusCode::REQUEST_TIMEOUT,
            "body_timeout",
            "the request body did not come in time",
        )
    }

    /// The answer to a method a path does not take.
    pub fn method_not_allowed() -> Self {
        Self::new(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "this path does not take that method: see /api/v1/openapi.json",
        )
    }
}

impl From<RequestError> for ApiError {
    fn from(refused: RequestError) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, refused.code(), refused.message())
    }
}

/// The request body's bytes, or why they could not be read.
fn body_bytes(body: Result<Bytes, BytesRejection>) -> Result<Bytes, ApiError> {
    body.map_err(|rejection| {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "too_large",
                "the request body is larger than the server accepts (see limits at /api/v1/info)",
            )
        } else {
            ApiError::bad_request(format!("cannot read the request body: {rejection}"))
        }
    })
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::QueueFull => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "queue_full",
                "the engine's queue is full: try again shortly",
            ),
            Refused::Expired => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "budget_exceeded",
                "the engine did not answer within the request's budget",
            ),
            Refused::Failed => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "the engine failed on this request",
            ),
        }
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    code: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: &self.message,
            code: self.code,
        };
        let mut response = json(self.status, &body);
        if self.status == StatusCode::SERVICE_UNAVAILABLE {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// `value` as a JSON response with `status`.
pub fn json<T: Serialize>(status: StatusCode, value: &T) -> Response {
    match serde_json::to_vec(value) {
        Ok(body) => (
            status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response(),
        Err(e) => {
            log::error!("cannot write an answer as JSON: {e}");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// A score, or the bounds proved on it.
#[derive(Clone, Copy, Debug, Serialize)]
struct Scored {
    /// Exact, or `None` when only bounds are known.
    score: Option<i32>,
    lower: i32,
    upper: i32,
}

impl Scored {
    fn bounds(lower: i32, upper: i32) -> Self {
        Scored {
            score: (lower == upper).then_some(lower),
            lower,
            upper,
        }
    }
}

#[derive(Serialize)]
struct MoveScore {
    #[serde(rename = "move")]
    mv: String,
    file: u8,
    rank: u8,
    #[serde(flatten)]
    scored: Scored,
}

/// The member of the family a position is of, spelled out for a client
/// that draws its board: the full variant string, its title and its rules.
#[derive(Serialize)]
struct GameRules {
    /// The game's name, as `Variant::name` gives it: `cfour`, `connect`.
    name: &'static str,
    /// The variant as `Variant`'s `FromStr` reads it back: `gomoku`,
    /// `connect 7x6 k5`, `mnk 4x4 k3 exact`.
    variant: String,
    /// The game's name for people: `Gomoku 15x15`, `Connect-5 7x6`.
    title: String,
    width: usize,
    height: usize,
    k: usize,
    gravity: bool,
    /// Only a line of exactly k wins (an overline does not), for one
    /// player at least.
    exact: bool,
    /// The win rule's word: `freestyle`, `exact`, `renju`, `caro`.
    rule: &'static str,
    /// Only exactly k in a row wins for the first player, and for the
    /// second (renju: the first only).
    exact_first: bool,
    exact_second: bool,
    /// A line blocked by the opponent's stones at both ends does not win
    /// (caro).
    blocked_lines_lose: bool,
    /// Some moves are forbidden to the first player (renju): the position
    /// API lists them.
    forbidden_moves: bool,
}

impl GameRules {
    fn of(variant: Variant) -> Self {
        let rules = variant.rules();
        GameRules {
            name: variant.name(),
            variant: variant.to_string(),
            title: variant.title(),
            width: rules.width(),
            height: rules.height(),
            k: rules.k(),
            gravity: rules.gravity(),
            exact: !rules.overlines(),
            rule: rules.win_rule().word(),
            exact_first: rules.win_rule().exactly_k(Player::First),
            exact_second: rules.win_rule().exactly_k(Player::Second),
            blocked_lines_lose: rules.win_rule().blocked_lines_lose(),
            forbidden_moves: rules.win_rule().has_forbidden_moves(),
        }
    }
}

#[derive(Serialize)]
struct Analysis {
    variant: &'static str,
    size: Option<String>,
    game: GameRules,
    fen: String,
    ply: u32,
    side_to_move: &'static str,
    outcome: Option<String>,
    score: Option<i32>,
    lower: Option<i32>,
    upper: Option<i32>,
    moves: Vec<MoveScore>,
    complete: bool,
    source: &'static str,
    nodes: u64,
    millis: f64,
}

fn side_name(player: Player) -> &'static str {
    match player {
        Player::First => "first",
        Player::Second => "second",
    }
}

fn size_of(variant: Variant) -> Option<String> {
    variant.size().map(|size| size.to_string())
}

/// The nodes the analyst may spend on a chosen move's exact score when the
/// search proved none: enough for tic-tac-toe's whole tree, a few
/// milliseconds of Connect Four.
const QUICK_EXACT_NODES: u64 = 20_000;

/// The same without gravity, where a node of the family's solver costs far
/// more (tens of microseconds on 20x20: 20,000 nodes took 1.6 s).
const QUICK_EXACT_NODES_FREE: u64 = 200;

/// The time the analyst may spend on a chosen move's exact score after a
/// level's search (a move time bounds it by itself).
const QUICK_EXACT_TIME: Duration = Duration::from_millis(20);

/// The limits of the quick exact score of a move chosen at `strength`, the
/// choice having started at `start`: within the request's time, at most
/// `deadline`.
fn quick_exact_limits<'a>(
    position: &AnyGame,
    strength: Strength,
    start: Instant,
    deadline: Instant,
    signals: &'a inarow_engine::Signals,
) -> SolveLimits<'a> {
    let think = match strength {
        Strength::MoveTime(think) => think,
        Strength::Depth(_) | Strength::Level(_) => QUICK_EXACT_TIME,
    };
    SolveLimits {
        nodes: Some(if position.variant().gravity() {
            QUICK_EXACT_NODES
        } else {
            QUICK_EXACT_NODES_FREE
        }),
        deadline: Some(deadline.min(start + think)),
        signals: Some(signals),
    }
}

fn millis_since(start: Instant) -> f64 {
    (start.elapsed().as_secs_f64() * 1e6).round() / 1e3
}

/// Every legal move's score or bounds, within `limits`.
fn analyze(engine: &mut Engine, position: &AnyGame, limits: &SolveLimits<'_>) -> Analysis {
    let start = Instant::now();
    let analyst = &mut engine.analyst;
    let nodes_before = analyst.nodes();
    let moves: Vec<MoveScore> = analyst
        .move_bounds(position, false, limits)
        .into_iter()
        .map(|(drop, (lower, upper))| move_score(drop, Scored::bounds(lower, upper)))
        .collect();
    let source = if analyst.answered_by_book() {
        "book"
    } else {
        "solver"
    };
    let source = if position.outcome().is_some() {
        "rules"
    } else {
        source
    };
    let lower = moves.iter().map(|m| m.scored.lower).max();
    let upper = moves.iter().map(|m| m.scored.upper).max();
    let score = match (lower, upper) {
        (Some(l), Some(u)) if l == u => Some(l),
        _ => None,
    };
    Analysis {
        variant: position.variant().name(),
        size: size_of(position.variant()),
        game: GameRules::of(position.variant()),
        fen: position.fen(),
        ply: position.ply(),
        side_to_move: side_name(position.side_to_move()),
        outcome: position.outcome().map(|o| o.to_string()),
        score,
        lower,
        upper,
        complete: moves.iter().all(|m| m.scored.score.is_some()),
        moves,
        source,
        nodes: engine.analyst.nodes() - nodes_before,
        millis: millis_since(start),
    }
}

fn move_score(drop: Drop, scored: Scored) -> MoveScore {
    MoveScore {
        mv: drop.to_string(),
        file: drop.file,
        rank: drop.rank,
        scored,
    }
}

/// The deadline and solver limits of an allowed budget, counted from now.
fn solve_limits<'a>(
    allowed: Allowed,
    signals: &'a inarow_engine::Signals,
    deadline: Instant,
) -> SolveLimits<'a> {
    SolveLimits {
        nodes: allowed.nodes,
        deadline: Some(deadline),
        signals: Some(signals),
    }
}

/// `GET /solve?pos=4453[&size=WxH]`: connect4.gamesolver.org's answer, every
/// column's exact score from the side to move, 100 for a full column.
pub async fn gamesolver(
    State(app): State<App>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| ApiError::bad_request(e.body_text()))?;
    let SolveQuery {
        pos,
        size,
        position,
    } = SolveQuery::read(&query)?;
    let allowed = Allowed::default_for(&app.limits);
    let deadline = Instant::now() + allowed.time;
    let moves = app
        .engine
        .run(deadline, move |engine, signals| {
            engine.prepare(&position);
            let limits = solve_limits(allowed, signals, deadline);
            engine.analyst.move_bounds(&position, false, &limits)
        })
        .await?;
    let mut scores = Vec::with_capacity(size.width);
    for file in (0..size.width).filter_map(|file| u8::try_from(file).ok()) {
        let column = moves
            .iter()
            .find(|(drop, _)| drop.file == file)
            .map(|&(_, bounds)| bounds);
        scores.push(match column {
            None => 100,
            Some((lower, upper)) if lower == upper => lower,
            Some(_) => {
                // The request is understood and legal, but asks for more
                // work than the server gives one request: the client's to
                // change (a smaller board, the analysis API), not a fault.
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "budget_exceeded",
                    format!(
                        "pos '{pos}' was not solved within {} ms; \
                         POST /api/v1/analyze takes a larger budget and gives bounds",
                        allowed.time.as_millis()
                    ),
                ));
            }
        });
    }
    #[derive(Serialize)]
    struct Answer {
        pos: String,
        score: Vec<i32>,
    }
    let mut response = json(StatusCode::OK, &Answer { pos, score: scores });
    // Bots in web pages call the public service from any origin.
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    Ok(response)
}

/// `POST /api/v1/analyze`: every legal move's exact score, or the bounds
/// proved within the budget.
pub async fn analyze_position(
    State(app): State<App>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let AnalyzeRequest { position, allowed } =
        AnalyzeRequest::read(&body_bytes(body)?, &app.limits)?;
    let deadline = Instant::now() + allowed.time;
    let analysis = app
        .engine
        .run(deadline, move |engine, signals| {
            engine.prepare(&position);
            analyze(engine, &position, &solve_limits(allowed, signals, deadline))
        })
        .await?;
    Ok(json(StatusCode::OK, &analysis))
}

/// A square the side to move may not play, and why.
#[derive(Serialize)]
struct ForbiddenSquare {
    #[serde(rename = "move")]
    mv: String,
    file: u8,
    rank: u8,
    /// `overline`, `double four` or `double three`.
    shape: &'static str,
}

/// A position's state under its rules.
#[derive(Serialize)]
struct PositionState {
    variant: &'static str,
    game: GameRules,
    fen: String,
    ply: u32,
    side_to_move: &'static str,
    outcome: Option<String>,
    /// Under renju with Black to move, the squares Black may not play.
    forbidden: Vec<ForbiddenSquare>,
}

/// `POST /api/v1/position`: the position's state under its rules (the
/// side to move, the outcome, renju's forbidden squares), without a search.
pub async fn position_state(body: Result<Bytes, BytesRejection>) -> Result<Response, ApiError> {
    let PositionRequest { position } = PositionRequest::read(&body_bytes(body)?)?;
    let forbidden = position
        .forbidden_squares()
        .into_iter()
        .map(|(drop, shape)| ForbiddenSquare {
            mv: drop.to_string(),
            file: drop.file,
            rank: drop.rank,
            shape: match shape {
                ForbiddenShape::Overline => "overline",
                ForbiddenShape::DoubleFour => "double four",
                ForbiddenShape::DoubleThree => "double three",
            },
        })
        .collect();
    let state = PositionState {
        variant: position.variant().name(),
        game: GameRules::of(position.variant()),
        fen: position.fen(),
        ply: position.ply(),
        side_to_move: side_name(position.side_to_move()),
        outcome: position.outcome().map(|o| o.to_string()),
        forbidden,
    };
    Ok(json(StatusCode::OK, &state))
}

#[derive(Serialize)]
struct EngineMove {
    #[serde(rename = "move")]
    mv: String,
    file: u8,
    rank: u8,
    score: Option<i32>,
    eval: Option<i32>,
    source: &'static str,
    depth: u32,
    pv: Vec<String>,
    nodes: u64,
    millis: f64,
}

/// `POST /api/v1/move`: the engine's move at a level or a time.
pub async fn engine_move(
    State(app): State<App>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let MoveRequest { position, strength } = MoveRequest::read(&body_bytes(body)?, &app.limits)?;
    // A level's search is bounded by depth, not time: the longest time
    // allowed stops it all the same.
    let deadline = Instant::now() + Duration::from_millis(app.limits.max_millis);
    let chosen = app
        .engine
        .run(deadline, move |engine, signals| {
            let start = Instant::now();
            engine.prepare(&position);
            let Engine {
                searcher,
                rng,
                analyst,
                ..
            } = engine;
            let choice =
                inarow_engine::strength::choose(searcher, &position, strength, signals, rng)?;
            // The search's proven score, or the analyst's if it settles the
            // move at once (a small game, an endgame).
            let score = pons_score(&position, choice.line.score).or_else(|| {
                let limits = quick_exact_limits(&position, strength, start, deadline, signals);
                // A solve looks at the clock only every few thousand nodes:
                // none starts past its deadline.
                let late = limits.deadline.is_some_and(|d| Instant::now() >= d);
                (!late)
                    .then(|| analyst.move_score(&position, choice.mv, &limits))
                    .flatten()
            });
            let eval = match choice.line.score {
                Score::Heuristic(value) if score.is_none() => Some(value),
                _ => None,
            };
            Some(EngineMove {
                mv: choice.mv.to_string(),
                file: choice.mv.file,
                rank: choice.mv.rank,
                score,
                eval,
                source: choice.search.source.name(),
                depth: choice.line.depth,
                pv: choice.line.pv.iter().map(Drop::to_string).collect(),
                nodes: choice.search.nodes,
                millis: millis_since(start),
            })
        })
        .await?;
    let chosen = chosen.ok_or(ApiError::game_over())?;
    Ok(json(StatusCode::OK, &chosen))
}

#[derive(Serialize)]
struct ReviewedMove {
    index: usize,
    ply: u32,
    mover: &'static str,
    #[serde(rename = "move")]
    mv: String,
    file: u8,
    rank: u8,
    fen: String,
    reviewed: bool,
    label: Option<&'static str>,
    best: Option<i32>,
    score: Option<i32>,
    best_moves: Vec<String>,
}

#[derive(Serialize)]
struct ReviewedGame {
    number: usize,
    white: String,
    black: String,
    result: Option<String>,
    variant: Option<String>,
    game: Option<GameRules>,
    start_fen: Option<String>,
    moves: Vec<ReviewedMove>,
    error: Option<String>,
}

#[derive(Serialize)]
struct Summary {
    engine: String,
    moves: usize,
    best: usize,
    score_errors: usize,
    outcome_errors: usize,
    unsettled: usize,
}

#[derive(Serialize)]
struct ReviewAnswer {
    games: Vec<ReviewedGame>,
    errors: Vec<String>,
    summary: Vec<Summary>,
    complete: bool,
}

fn label_name(label: Option<Label>) -> &'static str {
    match label {
        None => "unsettled",
        Some(Label::Best) => "best",
        Some(Label::ScoreError) => "score error",
        Some(Label::OutcomeError) => "outcome error",
    }
}

/// Reviews every game of `pgn`: each move's verdict as `inarow review` gives it.
fn review_games(
    engine: &mut Engine,
    pgn: &str,
    name: Option<&str>,
    budget: Budget,
    stop: Stop<'_>,
) -> ReviewAnswer {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    pgn::for_each_game(pgn, |item| match item {
        Ok(game) => games.push(game),
        Err(reason) => errors.push(reason.to_string()),
    });
    let mut tallies: Vec<(String, Tally)> = Vec::new();
    let mut reviewed_games = Vec::with_capacity(games.len());
    for (number, game) in games.iter().enumerate() {
        let names = [
            game.tag("White").unwrap_or("?").to_owned(),
            game.tag("Black").unwrap_or("?").to_owned(),
        ];
        let mut reviewed_game = ReviewedGame {
            number: number + 1,
            white: names[0].clone(),
            black: names[1].clone(),
            result: game.tag("Result").map(str::to_owned),
            variant: None,
            game: None,
            start_fen: None,
            moves: Vec::new(),
            error: None,
        };
        let start = match pgn::start_position(game) {
            Ok(start) => start,
            Err(reason) => {
                reviewed_game.error = Some(reason.to_string());
                reviewed_games.push(reviewed_game);
                continue;
            }
        };
        reviewed_game.variant = Some(start.variant().to_string());
        reviewed_game.game = Some(GameRules::of(start.variant()));
        reviewed_game.start_fen = Some(start.fen());
        let reviewed = names
            .clone()
            .map(|player| name.is_none_or(|name| name == player));
        let review = review::review_game(
            &mut engine.analyst,
            &start,
            &game.moves,
            reviewed,
            Some(budget),
            stop,
            &mut |_| {},
        );
        let mut notes = review.notes.into_iter().peekable();
        let mut position = start;
        for (index, played) in game.moves.iter().enumerate() {
            let fen = position.fen();
            let ply = position.ply();
            let mover = position.side_to_move();
            let Ok(mv) = played.in_position(&position) else {
                break;
            };
            let drop = position.to_drop(mv);
            position.play_unchecked(mv);
            let note = notes.next_if(|(at, _)| *at == index).map(|(_, note)| note);
            if let Some(note) = &note {
                review::tally_of(&mut tallies, &names[mover.index()]).add(note.label());
            }
            reviewed_game.moves.push(ReviewedMove {
                index,
                ply,
                mover: side_name(mover),
                mv: drop.to_string(),
                file: drop.file,
                rank: drop.rank,
                fen,
                reviewed: note.is_some(),
                label: note.as_ref().map(|n| label_name(n.label())),
                best: note.as_ref().and_then(|n| n.best),
                score: note.as_ref().and_then(|n| n.score),
                best_moves: note
                    .as_ref()
                    .map(|n| n.best_moves.iter().map(Drop::to_string).collect())
                    .unwrap_or_default(),
            });
        }
        reviewed_game.error = review.bad_move.map(|bad| bad.describe());
        reviewed_games.push(reviewed_game);
    }
    let complete = !stop.signals.is_some_and(inarow_engine::Signals::is_stopped)
        && stop.deadline.is_none_or(|d| Instant::now() < d);
    ReviewAnswer {
        games: reviewed_games,
        errors,
        summary: tallies
            .into_iter()
            .map(|(engine, t)| Summary {
                engine,
                moves: t.moves,
                best: t.best,
                score_errors: t.score_errors,
                outcome_errors: t.outcome_errors,
                unsettled: t.unsettled,
            })
            .collect(),
        complete,
    }
}

/// `POST /api/v1/review`: the verdict on every move of the posted PGN.
pub async fn review_pgn(
    State(app): State<App>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request = ReviewRequest::read(&body_bytes(body)?, &app.limits)?;
    let budget = match request.allowed.nodes {
        Some(nodes) => Budget::Nodes(nodes),
        None => Budget::Time(request.allowed.time),
    };
    // Each move has the budget; the whole review has the longest time allowed.
    let deadline = Instant::now() + Duration::from_millis(app.limits.max_millis);
    let answer = app
        .engine
        .run(deadline, move |engine, signals| {
            let stop = Stop {
                deadline: Some(deadline),
                signals: Some(signals),
            };
            review_games(
                engine,
                &request.pgn,
                request.engine.as_deref(),
                budget,
                stop,
            )
        })
        .await?;
    Ok(json(StatusCode::OK, &answer))
}

#[derive(Serialize)]
struct Info {
    name: &'static str,
    version: &'static str,
    variants: [&'static str; Variant::NAMES.len()],
    /// Every name a position's `variant` may have in an answer.
    names: [&'static str; Variant::ALL_NAMES.len()],
    /// The win rules' words, as a variant spells them after its board.
    rules: Vec<&'static str>,
    /// The members offered by name, as a client shows them.
    presets: Vec<GameRules>,
    family: Family,
    levels: Levels,
    limits: Limits,
    threads: usize,
    hash_mib: usize,
}

/// The bounds of the family's boards and lines (see `Rules::new`): what a
/// `connect WxH kK` or `mnk WxH kK` variant may ask for.
#[derive(Serialize)]
struct Family {
    forms: Vec<FormInfo>,
    max_width: usize,
    max_height: usize,
    max_bits: usize,
    max_k: usize,
}

/// A name that spells any member with a board and a line (`Variant::FORMS`).
#[derive(Serialize)]
struct FormInfo {
    name: &'static str,
    /// Whether the stones of its members fall.
    gravity: bool,
    /// How a member is written: `connect WxH kK`, with ` exact` where only
    /// exactly k in a row wins.
    form: String,
}

#[derive(Serialize)]
struct Levels {
    min: u8,
    max: u8,
}

/// `GET /api/v1/info`: the engine, its variants, levels and limits.
pub async fn info(State(app): State<App>) -> Response {
    let levels = inarow_engine::strength::LEVELS;
    json(
        StatusCode::OK,
        &Info {
            name: "inarow",
            version: env!("CARGO_PKG_VERSION"),
            variants: Variant::NAMES,
            names: Variant::ALL_NAMES,
            rules: WinRule::ALL.iter().map(|rule| rule.word()).collect(),
            presets: Variant::presets().into_iter().map(GameRules::of).collect(),
            family: Family {
                forms: Variant::FORMS
                    .iter()
                    .map(|form| FormInfo {
                        name: form.name,
                        gravity: form.gravity,
                        form: format!("{} WxH kK", form.name),
                    })
                    .collect(),
                max_width: kinarow::MAX_FILES,
                max_height: kinarow::MAX_RANKS,
                max_bits: kinarow::MAX_BITS,
                max_k: kinarow::MAX_K,
            },
            levels: Levels {
                min: *levels.start(),
                max: *levels.end(),
            },
            limits: app.limits,
            threads: app.settings.threads,
            hash_mib: app.settings.hash_mib,
        },
    )
}
