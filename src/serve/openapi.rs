//! The OpenAPI 3.0 document of the server, served at `/api/v1/openapi.json`.
//! The limits in it are the running server's, so a client (or schemathesis)
//! knows what it may ask for.

use serde_json::{json, Value};

use inarow_games::{kinarow, Variant, WinRule};
use inarow_protocol::api::Limits;

/// The `variant` field's description: the games named alone, the forms that
/// spell the rest of the family, and the family's bounds, all as `Variant`
/// and `kinarow` give them.
fn variant_description() -> String {
    let presets = Variant::presets();
    let (named, spelled): (Vec<Variant>, Vec<Variant>) = presets
        .iter()
        .partition(|preset| preset.to_string() == preset.name());
    let named: Vec<String> = named
        .iter()
        .map(|v| format!("{} ({}, {})", v.name(), v.title(), v.line_name()))
        .collect();
    let forms: Vec<String> = Variant::FORMS
        .iter()
        .map(|form| {
            let cells = if form.gravity {
                "stones fall"
            } else {
                "any empty cell"
            };
            format!("`{} WxH kK` ({cells})", form.name)
        })
        .collect();
    let examples: Vec<String> = spelled.iter().map(|v| format!("`{v}`")).collect();
    format!(
        "The game: {}, or any member of the k-in-a-row family as {}, with `exact` where only \
         exactly k in a row wins (such as {}); `size` gives another board. Boards up to {} files \
         and width*(height+1) at most {} (20x20 fits); k from 1 to the longer side, at most {}. \
         A board or line that cannot be played is refused with bad_position.",
        named.join(", "),
        forms.join(" or "),
        examples.join(", "),
        kinarow::MAX_FILES,
        kinarow::MAX_BITS,
        kinarow::MAX_K,
    )
}

/// The document, with `limits` written in.
#[expect(
    clippy::too_many_lines,
    reason = "a data table: the OpenAPI document, one JSON literal"
)]
pub fn document(limits: &Limits) -> Value {
    let error = json!({"$ref": "#/components/schemas/Error"});
    let error_response = |description: &str| {
        json!({
            "description": description,
            "content": {"application/json": {"schema": error}}
        })
    };
    let json_body = |schema: &str| {
        json!({
            "required": true,
            "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
        })
    };
    let ok = |description: &str, schema: &str| {
        json!({
            "description": description,
            "content": {"application/json": {"schema": {"$ref": format!("#/components/schemas/{schema}")}}}
        })
    };
    let names = Variant::ALL_NAMES;
    let rule_words: Vec<&str> = WinRule::ALL.iter().map(|rule| rule.word()).collect();
    let rule_description = format!(
        "The win rule, as a variant spells it after its board: {}.",
        WinRule::ALL
            .iter()
            .map(|rule| format!(
                "{} ({})",
                rule.word(),
                Variant::gomoku_rule(*rule).line_name()
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let standard = Variant::default();
    let (standard_width, standard_height) = standard.dimensions();
    let presets = Variant::presets();
    let spelled = presets
        .iter()
        .find(|preset| preset.to_string() != preset.name())
        .copied()
        .unwrap_or(standard);
    let position_properties = json!({
        "variant": {
            "type": "string",
            "nullable": true,
            "description": variant_description(),
            "default": standard.to_string(),
            "example": standard.to_string()
        },
        "size": {
            "type": "string",
            "nullable": true,
            "pattern": "^[0-9]+[xX][0-9]+$",
            "description": format!(
                "The board, WxH, in place of the variant's own (not for {}, played on one board).",
                Variant::TicTacToe
            ),
            "example": format!("{}x{}", standard_width, standard_height)
        },
        "fen": {
            "type": "string",
            "nullable": true,
            "minLength": 1,
            "description": "The start position as Fairy-Stockfish writes it; the variant's start if absent."
        },
        "moves": {
            "type": "string",
            "nullable": true,
            "description": "Moves from the start: a Pons move string where stones fall (columns from 1, 1-9 then A-Q, `4453`), or moves separated by spaces (`P@d1 P@d2`, `h8 h9`). A square off the board or taken is refused with illegal_move.",
            "example": "4453"
        }
    });
    let budget = json!({
        "type": "object",
        "nullable": true,
        "additionalProperties": false,
        "description": format!(
            "The work allowed. With neither field, {} ms; with nodes alone, at most {} ms.",
            limits.default_millis, limits.max_millis
        ),
        "properties": {
            "millis": {"type": "integer", "nullable": true, "minimum": 1, "maximum": limits.max_millis},
            "nodes": {"type": "integer", "nullable": true, "minimum": 1, "maximum": limits.max_nodes}
        }
    });
    let mut analyze_request = json!({
        "type": "object",
        "additionalProperties": false,
        "properties": position_properties.clone()
    });
    let position_request = analyze_request.clone();
    analyze_request["properties"]["budget"] = budget.clone();
    let mut move_request = json!({
        "type": "object",
        "additionalProperties": false,
        "description": "Give level or millis, not both; level 10 if neither.",
        "properties": position_properties,
        "not": {
            "required": ["level", "millis"],
            "properties": {"level": {"type": "integer"}, "millis": {"type": "integer"}}
        }
    });
    move_request["properties"]["level"] = json!({"type": "integer", "nullable": true, "minimum": 1, "maximum": 10, "description": "1 (weakest) to 10 (full strength, one second)."});
    move_request["properties"]["millis"] = json!({
        "type": "integer", "nullable": true, "minimum": 1, "maximum": limits.max_millis,
        "description": "Full strength, thinking this long."
    });
    let score = json!({"type": "integer", "nullable": true});
    let game_rules = json!({
        "type": "object",
        "description": "The member of the family: its variant string, title and rules.",
        "required": ["name", "variant", "title", "width", "height", "k", "gravity", "exact", "rule",
            "exact_first", "exact_second", "blocked_lines_lose", "forbidden_moves"],
        "properties": {
            "name": {"type": "string", "enum": names,
                "description": "The game's name: `variant` starts with it."},
            "variant": {"type": "string", "example": spelled.to_string(),
                "description": "The variant as a request names it."},
            "title": {"type": "string", "example": spelled.title()},
            "width": {"type": "integer"},
            "height": {"type": "integer"},
            "k": {"type": "integer", "description": "The stones in a row that win."},
            "gravity": {"type": "boolean", "description": "Stones fall to the lowest empty cell of their column."},
            "exact": {"type": "boolean", "description": "Only exactly k in a row wins, for the first player at least; an overline does not."},
            "rule": {"type": "string", "enum": rule_words,
                "description": rule_description},
            "exact_first": {"type": "boolean", "description": "Only exactly k in a row wins for the first player."},
            "exact_second": {"type": "boolean", "description": "Only exactly k in a row wins for the second player."},
            "blocked_lines_lose": {"type": "boolean", "description": "A line the opponent's stones block at both ends does not win (the board's edge blocks nothing)."},
            "forbidden_moves": {"type": "boolean", "description": "Some moves are forbidden to the first player: an overline, a double four or a double three; POST /api/v1/position lists them."}
        }
    });
    let mut game_rules_or_null = game_rules.clone();
    game_rules_or_null["nullable"] = json!(true);
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "inarow",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Exact scores, engine moves and game reviews for the k-in-a-row family: Connect Four on any board, tic-tac-toe, Gomoku, Connect-k and m,n,k-games. Scores follow Pascal Pons's convention, from the side to move: a win scores 1 plus the winner's stones not yet played, a loss the negative, a draw 0."
        },
        "servers": [{"url": "/"}],
        "paths": {
            "/solve": {
                "get": {
                    "operationId": "solve",
                    "summary": "connect4.gamesolver.org's API: every column's exact score.",
                    "description": format!(
                        "The answer connect4.gamesolver.org gives: the exact score of playing each column, from the side to move, 100 for a full column. The empty board gives [-2,-1,0,1,0,-1,-2]. A position not solved within {} ms is refused with 422.",
                        limits.default_millis
                    ),
                    "parameters": [
                        {"name": "pos", "in": "query", "required": false,
                         "description": "Columns played from the empty board, from 1 (`4453`); empty for the empty board.",
                         "schema": {"type": "string", "pattern": "^[0-9]*$"}},
                        {"name": "size", "in": "query", "required": false,
                         "description": "The board, WxH; 7x6 if absent.",
                         "schema": {"type": "string", "pattern": "^[0-9]+[xX][0-9]+$"}}
                    ],
                    "responses": {
                        "200": ok("The scores.", "SolveAnswer"),
                        "400": error_response("A malformed position, an illegal move, a bad size, an unknown parameter, or a finished game."),
                        "422": error_response("The position was not solved within the server's budget for a request."),
                        "503": error_response("The queue is full, or the engine was held up past the budget.")
                    }
                }
            },
            "/api/v1/info": {
                "get": {
                    "operationId": "info",
                    "summary": "The engine, its variants, levels and limits.",
                    "responses": {"200": ok("The server.", "Info")}
                }
            },
            "/api/v1/openapi.json": {
                "get": {
                    "operationId": "openapi",
                    "summary": "This document.",
                    "responses": {"200": {"description": "The OpenAPI document.",
                        "content": {"application/json": {"schema": {"type": "object"}}}}}
                }
            },
            "/api/v1/analyze": {
                "post": {
                    "operationId": "analyze",
                    "summary": "Every legal move's exact score, or the bounds proved within the budget.",
                    "requestBody": json_body("AnalyzeRequest"),
                    "responses": {
                        "200": ok("The analysis.", "Analysis"),
                        "400": error_response("Bad JSON, an unknown variant, a bad size or FEN, an illegal move, or a budget out of range."),
                        "413": error_response("The body is too large."),
                        "503": error_response("The queue is full, or the engine was held up past the budget.")
                    }
                }
            },
            "/api/v1/position": {
                "post": {
                    "operationId": "position",
                    "summary": "The position's state under its rules, without a search: the side to move, the outcome, and the squares the side to move may not play (where the rules forbid some moves to the first player).",
                    "requestBody": json_body("PositionRequest"),
                    "responses": {
                        "200": ok("The position's state.", "PositionState"),
                        "400": error_response("Bad JSON, an unknown variant, a bad size or FEN (one where the first player has a line its rules forbid it among them), or an illegal move (a forbidden one among them)."),
                        "413": error_response("The body is too large.")
                    }
                }
            },
            "/api/v1/move": {
                "post": {
                    "operationId": "move",
                    "summary": "The engine's move at a level or a time.",
                    "requestBody": json_body("MoveRequest"),
                    "responses": {
                        "200": ok("The move.", "EngineMove"),
                        "400": error_response("Bad JSON, a bad position, a finished game, or a level or time out of range."),
                        "413": error_response("The body is too large."),
                        "503": error_response("The queue is full, or the engine was held up past the budget.")
                    }
                }
            },
            "/api/v1/review": {
                "post": {
                    "operationId": "review",
                    "summary": "The exact verdict on every move of PGN games, as `inarow review` gives it.",
                    "description": format!(
                        "Each move's verdict has the budget; the whole review at most {} ms, after which the moves left are unsettled and complete is false.",
                        limits.max_millis
                    ),
                    "requestBody": json_body("ReviewRequest"),
                    "responses": {
                        "200": ok("The review.", "Review"),
                        "400": error_response("Bad JSON, an empty PGN, or a budget out of range."),
                        "413": error_response("The body is too large."),
                        "503": error_response("The queue is full, or the engine was held up past the budget.")
                    }
                }
            }
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error", "code"],
                    "properties": {
                        "error": {"type": "string", "description": "Why, in one line."},
                        "code": {"type": "string", "enum": [
                            "bad_request", "bad_position", "illegal_move", "unknown_variant",
                            "game_over", "too_large", "bad_limit", "queue_full",
                            "budget_exceeded", "not_found", "method_not_allowed", "internal"
                        ]}
                    }
                },
                "SolveAnswer": {
                    "type": "object",
                    "required": ["pos", "score"],
                    "properties": {
                        "pos": {"type": "string"},
                        "score": {"type": "array", "items": {"type": "integer"}}
                    }
                },
                "Info": {
                    "type": "object",
                    "required": ["name", "version", "variants", "names", "rules", "presets", "family", "levels", "limits", "threads", "hash_mib"],
                    "properties": {
                        "name": {"type": "string"},
                        "version": {"type": "string"},
                        "variants": {"type": "array", "items": {"type": "string", "enum": Variant::NAMES},
                            "description": "The games named alone (cutechess knows the first four, Gomocup the rest)."},
                        "names": {"type": "array", "items": {"type": "string", "enum": names},
                            "description": "Every name an answer's `variant` may have."},
                        "rules": {"type": "array", "items": {"type": "string", "enum": rule_words.clone()},
                            "description": "The win rules' words, as a variant spells them after its board and line."},
                        "presets": {"type": "array", "items": game_rules.clone(),
                            "description": "The members offered by name, in the order a client shows them."},
                        "family": {"type": "object",
                            "description": "The other members of the family, by form, and the bounds of their boards and lines.",
                            "required": ["forms", "max_width", "max_height", "max_bits", "max_k"],
                            "properties": {
                                "forms": {"type": "array", "items": {
                                    "type": "object",
                                    "required": ["name", "gravity", "form"],
                                    "properties": {
                                        "name": {"type": "string", "enum": names},
                                        "gravity": {"type": "boolean", "description": "The stones of its members fall."},
                                        "form": {"type": "string", "description": "How a member is written; ` exact` after it where only exactly k in a row wins."}}}},
                                "max_width": {"type": "integer"},
                                "max_height": {"type": "integer"},
                                "max_bits": {"type": "integer", "description": "width * (height + 1) at most this."},
                                "max_k": {"type": "integer"}}},
                        "levels": {"type": "object", "required": ["min", "max"], "properties": {
                            "min": {"type": "integer"}, "max": {"type": "integer"}}},
                        "limits": {"type": "object",
                            "required": ["default_millis", "max_millis", "max_nodes", "max_body_bytes", "queue"],
                            "properties": {
                                "default_millis": {"type": "integer"},
                                "max_millis": {"type": "integer"},
                                "max_nodes": {"type": "integer"},
                                "max_body_bytes": {"type": "integer"},
                                "queue": {"type": "integer"}}},
                        "threads": {"type": "integer"},
                        "hash_mib": {"type": "integer"}
                    }
                },
                "AnalyzeRequest": analyze_request,
                "MoveRequest": move_request,
                "ReviewRequest": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": ["pgn"],
                    "properties": {
                        "pgn": {"type": "string", "minLength": 1, "pattern": "\\S", "description": "Games as cutechess and `inarow match` write them (a Variant tag is required)."},
                        "engine": {"type": "string", "nullable": true, "description": "Review only this player's moves (by the White or Black tag)."},
                        "budget": budget
                    }
                },
                "MoveScore": {
                    "type": "object",
                    "required": ["move", "file", "rank", "score", "lower", "upper"],
                    "properties": {
                        "move": {"type": "string", "example": "P@d1"},
                        "file": {"type": "integer", "description": "0 for the leftmost file, a."},
                        "rank": {"type": "integer", "description": "0 for the bottom rank."},
                        "score": score,
                        "lower": {"type": "integer"},
                        "upper": {"type": "integer"}
                    }
                },
                "PositionRequest": position_request,
                "PositionState": {
                    "type": "object",
                    "required": ["variant", "game", "fen", "ply", "side_to_move", "outcome", "forbidden"],
                    "properties": {
                        "variant": {"type": "string", "enum": names},
                        "game": game_rules.clone(),
                        "fen": {"type": "string"},
                        "ply": {"type": "integer"},
                        "side_to_move": {"type": "string", "enum": ["first", "second"]},
                        "outcome": {"type": "string", "nullable": true, "enum": ["1-0", "0-1", "1/2-1/2", null]},
                        "forbidden": {"type": "array", "description": "The squares the side to move may not play (where the rules forbid some to the first player, and it is to move); empty otherwise.",
                            "items": {
                                "type": "object",
                                "required": ["move", "file", "rank", "shape"],
                                "properties": {
                                    "move": {"type": "string"},
                                    "file": {"type": "integer"},
                                    "rank": {"type": "integer", "description": "0 for the bottom rank."},
                                    "shape": {"type": "string", "enum": ["overline", "double four", "double three"]}
                                }
                            }}
                    }
                },
                "Analysis": {
                    "type": "object",
                    "required": ["variant", "size", "game", "fen", "ply", "side_to_move", "outcome", "score",
                        "lower", "upper", "moves", "complete", "source", "nodes", "millis"],
                    "properties": {
                        "variant": {"type": "string", "enum": names,
                            "description": "The game's name; `game` spells out its rules."},
                        "size": {"type": "string", "nullable": true, "description": "Connect Four's board, WxH; null for the other games."},
                        "game": game_rules,
                        "fen": {"type": "string"},
                        "ply": {"type": "integer"},
                        "side_to_move": {"type": "string", "enum": ["first", "second"]},
                        "outcome": {"type": "string", "nullable": true, "enum": ["1-0", "0-1", "1/2-1/2", null]},
                        "score": score,
                        "lower": score,
                        "upper": score,
                        "moves": {"type": "array", "items": {"$ref": "#/components/schemas/MoveScore"}},
                        "complete": {"type": "boolean"},
                        "source": {"type": "string", "enum": ["book", "solver", "rules"]},
                        "nodes": {"type": "integer"},
                        "millis": {"type": "number"}
                    }
                },
                "EngineMove": {
                    "type": "object",
                    "required": ["move", "file", "rank", "score", "eval", "source", "depth", "pv", "nodes", "millis"],
                    "properties": {
                        "move": {"type": "string"},
                        "file": {"type": "integer"},
                        "rank": {"type": "integer"},
                        "score": score,
                        "eval": {"type": "integer", "nullable": true, "description": "The heuristic value in hundredths of a stone, when the score is not exact."},
                        "source": {"type": "string", "enum": ["book", "solver", "search"]},
                        "depth": {"type": "integer"},
                        "pv": {"type": "array", "items": {"type": "string"}},
                        "nodes": {"type": "integer"},
                        "millis": {"type": "number"}
                    }
                },
                "ReviewedMove": {
                    "type": "object",
                    "required": ["index", "ply", "mover", "move", "file", "rank", "fen", "reviewed",
                        "label", "best", "score", "best_moves"],
                    "properties": {
                        "index": {"type": "integer"},
                        "ply": {"type": "integer"},
                        "mover": {"type": "string", "enum": ["first", "second"]},
                        "move": {"type": "string"},
                        "file": {"type": "integer"},
                        "rank": {"type": "integer"},
                        "fen": {"type": "string", "description": "The position before the move."},
                        "reviewed": {"type": "boolean"},
                        "label": {"type": "string", "nullable": true,
                            "enum": ["best", "score error", "outcome error", "unsettled", null]},
                        "best": score,
                        "score": score,
                        "best_moves": {"type": "array", "items": {"type": "string"}}
                    }
                },
                "ReviewedGame": {
                    "type": "object",
                    "required": ["number", "white", "black", "result", "variant", "game", "start_fen", "moves", "error"],
                    "properties": {
                        "number": {"type": "integer"},
                        "white": {"type": "string"},
                        "black": {"type": "string"},
                        "result": {"type": "string", "nullable": true},
                        "variant": {"type": "string", "nullable": true},
                        "game": game_rules_or_null,
                        "start_fen": {"type": "string", "nullable": true},
                        "moves": {"type": "array", "items": {"$ref": "#/components/schemas/ReviewedMove"}},
                        "error": {"type": "string", "nullable": true}
                    }
                },
                "Review": {
                    "type": "object",
                    "required": ["games", "errors", "summary", "complete"],
                    "properties": {
                        "games": {"type": "array", "items": {"$ref": "#/components/schemas/ReviewedGame"}},
                        "errors": {"type": "array", "items": {"type": "string"}},
                        "summary": {"type": "array", "items": {
                            "type": "object",
                            "required": ["engine", "moves", "best", "score_errors", "outcome_errors", "unsettled"],
                            "properties": {
                                "engine": {"type": "string"},
                                "moves": {"type": "integer"},
                                "best": {"type": "integer"},
                                "score_errors": {"type": "integer"},
                                "outcome_errors": {"type": "integer"},
                                "unsettled": {"type": "integer"}
                            }
                        }},
                        "complete": {"type": "boolean"}
                    }
                }
            }
        }
    })
}
