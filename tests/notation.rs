//! Notation: the exact forms cutechess and Fairy-Stockfish use, and every kind
//! of bad input rejected with the right error, never a panic.

mod common;

use common::Rng;
use inarow_games::{
    AnyGame, Column, Connect4, FenError, Game, IllegalMoveError, MoveError, MoveStringErrorKind,
    Outcome, Player, Size, TicTacToe, Variant,
};

const CFOUR_START: &str = "7/7/7/7/7/7[PPPPPPPPPPPPPPPPPPPPPppppppppppppppppppppp] w - - 0 1";
const TICTACTOE_START: &str = "3/3/3[PPPPPpppp] w - - 0 1";

#[test]
fn start_positions_print_as_cutechess_does() {
    assert_eq!(Connect4::default().fen(), CFOUR_START);
    assert_eq!(TicTacToe::new().fen(), TICTACTOE_START);
    assert_eq!(Connect4::from_fen(CFOUR_START), Ok(Connect4::default()));
    assert_eq!(TicTacToe::from_fen(TICTACTOE_START), Ok(TicTacToe::new()));
}

#[test]
fn fen_after_moves() {
    let pos = Connect4::from_move_string(Size::STANDARD, "4453").unwrap();
    assert_eq!(
        pos.fen(),
        "7/7/7/7/3p3/2pPP2[PPPPPPPPPPPPPPPPPPPppppppppppppppppppp] w - - 0 3"
    );
    let mut ttt = TicTacToe::new();
    ttt.play(ttt.parse_move("b2").unwrap()).unwrap();
    assert_eq!(ttt.fen(), "3/1P1/3[PPPPpppp] b - - 0 1");
}

#[test]
fn lenient_fen_reading() {
    // No pocket, no fields after the board, extra fields ignored.
    let no_pocket = Connect4::from_fen("7/7/7/7/7/3P3").unwrap();
    assert_eq!(no_pocket.side_to_move(), Player::Second);
    let with_fields = Connect4::from_fen("7/7/7/7/7/3P3[] b KQkq e3 12 40 extra").unwrap();
    assert_eq!(with_fields.key(), no_pocket.key());
    // The ranks set the size.
    let small = Connect4::from_fen("6/6/6/6/6[PPPPPPPPPPPPPPPppppppppppppppp] w - - 0 1").unwrap();
    assert_eq!(small.size(), Size::new(6, 5).unwrap());
    let wide = Connect4::from_fen("9/9/9/9/9/9 w").unwrap();
    assert_eq!(wide.size(), Size::new(9, 6).unwrap());
}

#[test]
fn bad_fens_are_rejected_with_the_right_error() {
    type Check = fn(&FenError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("", |e| matches!(e, FenError::Empty)),
        ("   ", |e| matches!(e, FenError::Empty)),
        ("[PPp] w", |e| matches!(e, FenError::Empty)),
        ("7/7/7/7/7/7x", |e| {
            matches!(e, FenError::BadRank { rank: 6, .. })
        }),
        ("7/7/7/7/7/3Q3", |e| {
            matches!(e, FenError::BadRank { rank: 6, .. })
        }),
        ("7/7//7/7/7", |e| {
            matches!(e, FenError::BadRank { rank: 3, .. })
        }),
        ("7/7/7/7/7/6", |e| {
            matches!(
                e,
                FenError::RaggedRanks {
                    rank: 6,
                    width: 6,
                    expected: 7
                }
            )
        }),
        ("7/7/7/7/7/8", |e| matches!(e, FenError::RaggedRanks { .. })),
        ("99/99", |e| matches!(e, FenError::BadRank { .. })),
        ("9999999999999999999/7", |e| {
            matches!(e, FenError::BadRank { .. })
        }),
        ("17/17/17/17", |e| {
            matches!(e, FenError::BadSize { width: 17, .. })
        }),
        ("9/9/9/9/9/9/9", |e| {
            matches!(
                e,
                FenError::BadSize {
                    width: 9,
                    height: 7,
                    ..
                }
            )
        }),
        ("7/7/7/7/7/7[PPPQ] w", |e| {
            matches!(e, FenError::BadPocket(_))
        }),
        ("7/7/7/7/7/7[PPP w", |e| matches!(e, FenError::BadPocket(_))),
        ("7/7/7/7/7/7[PP]x w", |e| {
            matches!(e, FenError::BadPocket(_))
        }),
        ("7/7/7/7/7/7[PPPPp] w", |e| {
            matches!(e, FenError::BadPocket(_))
        }),
        ("7/7/7/7/7/7 x", |e| matches!(e, FenError::BadSideToMove(_))),
        ("7/7/7/7/7/3P3 w", |e| {
            matches!(e, FenError::BadSideToMove(_))
        }),
        ("7/7/7/7/3P3/7", |e| {
            matches!(e, FenError::FloatingStone { .. })
        }),
        ("7/7/7/7/7/PP5", |e| {
            matches!(
                e,
                FenError::ImpossibleCounts {
                    first: 2,
                    second: 0
                }
            )
        }),
        ("7/7/7/7/7/p6", |e| {
            matches!(
                e,
                FenError::ImpossibleCounts {
                    first: 0,
                    second: 1
                }
            )
        }),
        ("7/7/7/7/7/PPPPppp w", |e| {
            matches!(e, FenError::BothWon) || matches!(e, FenError::BadSideToMove(_))
        }),
        ("7/7/Pp5/Pp5/Pp5/Pp5", |e| matches!(e, FenError::BothWon)),
        ("7/7/7/7/p6/PPPPppp", |e| {
            matches!(e, FenError::WinnerToMove)
        }),
    ];
    for (fen, check) in cases {
        match Connect4::from_fen(fen) {
            Ok(pos) => panic!("{fen:?} was accepted as {pos:?}"),
            Err(e) => {
                assert!(check(&e), "{fen:?} gave {e:?}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    for fen in [
        "7/7/7/7/7/7",
        "4/4/4",
        "3/3/3/3",
        "PPP/ppp/3 w",
        "PPp/pp1/3 w",
    ] {
        assert!(TicTacToe::from_fen(fen).is_err(), "{fen}");
    }
}

/// A board given cell by cell, as the environments give them: the same
/// position as its FEN, and the same checks, in words without "FEN".
#[test]
fn boards_cell_by_cell_are_checked_as_fens_are() {
    let cells = |rows: &[&str]| -> Vec<Vec<Option<Player>>> {
        rows.iter()
            .rev()
            .map(|row| {
                row.chars()
                    .map(|c| match c {
                        'X' => Some(Player::First),
                        'O' => Some(Player::Second),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    };
    let cfour = Variant::Connect4(Size::STANDARD);
    let board = [
        ".......", ".......", ".......", ".......", "...O...", "..OXX..",
    ];
    let position = AnyGame::from_cells(cfour, cells(&board)).unwrap();
    let mut played = AnyGame::new(cfour);
    played.play_move_string("4453").unwrap().unwrap();
    assert_eq!(position, played);
    // The cells give the size, whatever size the variant names.
    let small = AnyGame::from_cells(cfour, cells(&["......"; 5])).unwrap();
    assert_eq!(small.variant(), Variant::Connect4(Size::new(6, 5).unwrap()));
    let ttt = AnyGame::from_cells(Variant::TicTacToe, cells(&["X..", ".O.", "..X"])).unwrap();
    assert_eq!(ttt.fen(), "P2/1p1/2P[PPPppp] b - - 0 2");

    let error = |variant, rows: &[&str]| AnyGame::from_cells(variant, cells(rows)).unwrap_err();
    let floating = error(
        cfour,
        &[
            ".......", ".......", ".......", ".......", "...X...", ".......",
        ],
    );
    assert!(matches!(floating.kind(), FenError::FloatingStone { .. }));
    assert_eq!(
        floating.to_string(),
        "the stone on d2 floats over an empty square"
    );
    let counts = error(
        cfour,
        &[
            ".......", ".......", ".......", ".......", ".......", "XX.....",
        ],
    );
    assert!(matches!(
        counts.kind(),
        FenError::ImpossibleCounts {
            first: 2,
            second: 0
        }
    ));
    let ragged = error(cfour, &[".......", "......"]);
    assert_eq!(
        ragged.to_string(),
        "row 2 from the top has 6 cells, the first has 7"
    );
    assert_eq!(error(cfour, &[]).to_string(), "the board has no cells");
    // Past Connect Four's own boards a board is the family's (`connect
    // 17x2 k4`); past the family's, an error.
    let family = AnyGame::from_cells(cfour, cells(&["................."; 2])).unwrap();
    assert_eq!(family.variant().to_string(), "connect 17x2 k4");
    let wide = error(cfour, &["..........................."; 2]);
    assert!(wide
        .to_string()
        .starts_with("a 27x2 board is not supported"));
    let ttt_size = error(Variant::TicTacToe, &["....", "....", "....", "...."]);
    assert!(matches!(
        ttt_size.kind(),
        FenError::BadSize { width: 4, .. }
    ));
    let both = error(Variant::TicTacToe, &["XXX", "OOO", "..."]);
    assert_eq!(both.to_string(), "both players have a line");
}

#[test]
fn illegal_moves_are_rejected_with_the_right_error() {
    let full_column = Connect4::from_move_string(Size::STANDARD, "444444").unwrap();
    let cases: &[(&str, IllegalMoveError)] = &[
        ("4", IllegalMoveError::ColumnFull { column: 4 }),
        (
            "8",
            IllegalMoveError::ColumnOutOfRange {
                column: 8,
                width: 7,
            },
        ),
        (
            "P@h1",
            IllegalMoveError::OffBoard {
                square: inarow_games::Drop { file: 7, rank: 0 },
            },
        ),
        (
            "P@a7",
            IllegalMoveError::OffBoard {
                square: inarow_games::Drop { file: 0, rank: 6 },
            },
        ),
        (
            "P@d3",
            IllegalMoveError::Occupied {
                square: inarow_games::Drop { file: 3, rank: 2 },
            },
        ),
        (
            "P@a2",
            IllegalMoveError::NotLanding {
                square: inarow_games::Drop { file: 0, rank: 1 },
                landing: inarow_games::Drop { file: 0, rank: 0 },
            },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(
            full_column.parse_move(text),
            Err(MoveError::Illegal(expected.clone())),
            "{text}"
        );
    }
    let won = Connect4::from_move_string(Size::STANDARD, "1212121").unwrap();
    assert_eq!(
        won.parse_move("P@g1"),
        Err(MoveError::Illegal(IllegalMoveError::GameOver))
    );
    let mut copy = won;
    assert_eq!(copy.play(Column(6)), Err(IllegalMoveError::GameOver));
    assert_eq!(copy, won);

    let ttt = TicTacToe::from_fen("3/1P1/3 b").unwrap();
    assert!(matches!(
        ttt.parse_move("b2"),
        Err(MoveError::Illegal(IllegalMoveError::Occupied { .. }))
    ));
    assert!(matches!(
        ttt.parse_move("d1"),
        Err(MoveError::Illegal(IllegalMoveError::OffBoard { .. }))
    ));
    assert_eq!(
        ttt.parse_move("5"),
        Err(MoveError::Illegal(IllegalMoveError::NotAColumnGame))
    );
    assert!(matches!(ttt.parse_move("Q@a1"), Err(MoveError::Parse(_))));
}

#[test]
fn move_strings_report_the_bad_move() {
    let cases = [
        ("4444444", 7, MoveStringErrorKind::ColumnFull),
        ("448", 3, MoveStringErrorKind::OutOfRange { width: 7 }),
        ("44a", 3, MoveStringErrorKind::NotADigit),
        ("0", 1, MoveStringErrorKind::NotADigit),
        ("12121213", 8, MoveStringErrorKind::GameOver),
    ];
    for (moves, index, kind) in cases {
        let err = Connect4::from_move_string(Size::STANDARD, moves).unwrap_err();
        assert_eq!((err.index, err.kind), (index, kind), "{moves}");
        assert!(err.to_string().starts_with(&format!("move {index} ")));
    }
    let mut pos = Connect4::from_move_string(Size::STANDARD, "44").unwrap();
    let before = pos;
    assert!(pos.play_move_string("5559").is_err());
    assert_eq!(pos, before, "a bad move string changes nothing");
}

#[test]
fn any_game_plays_text_moves() {
    let mut game = AnyGame::new(Variant::default());
    assert_eq!(game.play_text("4").unwrap().to_string(), "P@d1");
    assert_eq!(game.play_text("p@d2").unwrap().to_string(), "P@d2");
    assert_eq!(game.play_text("d3").unwrap().to_string(), "P@d3");
    assert!(game.play_text("P@d1").is_err());
    assert_eq!(game.ply(), 3);
    let mut ttt = AnyGame::new(Variant::TicTacToe);
    for mv in ["a1", "b1", "a2", "b2", "a3"] {
        ttt.play_text(mv).unwrap();
    }
    assert_eq!(ttt.outcome(), Some(Outcome::Win(Player::First)));
    assert!(ttt.legal_moves().is_empty());

    // Several moves at once: a move string, or moves in any notation.
    let mut game = AnyGame::new(Variant::default());
    let drops = game.play_moves("4453").unwrap();
    assert_eq!(game.moves_text(&drops), "4453");
    assert_eq!(drops[1].to_string(), "P@d2");
    let drops = game.play_moves(" P@d3, 1 ").unwrap();
    assert_eq!(game.moves_text(&drops), "41");
    let before = game;
    let error = game.play_moves("2 2 8").unwrap_err();
    assert!(
        error.to_string().starts_with("move 3 ('8'): illegal move"),
        "{error}"
    );
    assert!(game.play_moves("4444").is_err());
    assert_eq!(game, before);
    let mut ttt = AnyGame::new(Variant::TicTacToe);
    let drops = ttt.play_moves("b2 a1").unwrap();
    assert_eq!(ttt.moves_text(&drops), "b2 a1");
    // Past 16 columns a move string goes on with letters, to Q (26).
    let wide: Variant = "connect 20x6 k5".parse().unwrap();
    let mut game = AnyGame::new(wide);
    let drops = game.play_moves("19 4 20").unwrap();
    assert_eq!(AnyGame::new(wide).moves_text(&drops), "J4K");
    let mut again = AnyGame::new(wide);
    again.play_moves("J4K").unwrap();
    assert_eq!(again, game);
}

#[test]
fn outcomes_read_back_what_they_print() {
    for outcome in [
        Outcome::Win(Player::First),
        Outcome::Win(Player::Second),
        Outcome::Draw,
    ] {
        assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome));
    }
    assert_eq!(Outcome::Draw.to_string(), "1/2-1/2");
    for bad in ["", "*", "1/2", "1-0 ", " 0-1", "½-½", "draw", "1-1"] {
        let error = bad.parse::<Outcome>().unwrap_err();
        assert!(error.to_string().contains("is not a result"), "{bad:?}");
    }
}

#[test]
fn variants_read_back_what_they_print() {
    let mut variants = vec![Variant::TicTacToe];
    for width in 1..=9 {
        for height in 1..=63 {
            if let Ok(size) = Size::new(width, height) {
                variants.push(Variant::Connect4(size));
            }
        }
    }
    for variant in &variants {
        let text = variant.to_string();
        assert_eq!(text.parse::<Variant>(), Ok(*variant), "{text}");
    }
    assert_eq!(Variant::default().to_string(), "cfour");
    let small = Variant::Connect4(Size::new(6, 5).unwrap());
    assert_eq!(small.to_string(), "cfour 6x5");
    for (text, variant) in [
        ("cfour", Variant::default()),
        ("connect4", Variant::default()),
        ("cfour 7x6", Variant::default()),
        ("connect4 6x5", small),
        ("cfour 6X5", small),
        ("tictactoe", Variant::TicTacToe),
    ] {
        assert_eq!(text.parse::<Variant>(), Ok(variant), "{text}");
    }
    for (bad, says) in [
        ("", "unknown variant"),
        ("chess", "unknown variant"),
        ("CFOUR", "unknown variant"),
        ("cfour 6x5 extra", "'extra' is not a size"),
        ("cfour 6 5", "'6' is not a board"),
        ("cfour 27x4", "width must be 1 to 26"),
        ("cfour 9x60", "at most 448"),
        ("cfour 0x0", "width must be 1 to 26"),
        ("tictactoe 3x3", "no size"),
    ] {
        let error = bad.parse::<Variant>().unwrap_err();
        assert!(error.to_string().contains(says), "{bad:?}: {error}");
    }
}

/// Random bytes and random mutations of good notation never panic.
#[test]
fn garbage_never_panics() {
    let mut rng = Rng::new(99);
    let alphabet: Vec<char> = "Pp@/[]0123456789abcdefghijwbx- \u{e9}".chars().collect();
    let seeds = [
        CFOUR_START,
        TICTACTOE_START,
        "P@d1",
        "4453",
        "7/7/7/7/7/3P3[PPp] b",
        "cfour 6x5",
        "1/2-1/2",
    ];
    for _ in 0..20_000 {
        let mut text: Vec<char> = seeds[rng.below(seeds.len())].chars().collect();
        for _ in 0..rng.below(6) {
            let at = rng.below(text.len() + 1);
            match rng.below(3) {
                0 => text.insert(at, alphabet[rng.below(alphabet.len())]),
                1 if at < text.len() => {
                    text.remove(at);
                }
                _ if at < text.len() => text[at] = alphabet[rng.below(alphabet.len())],
                _ => {}
            }
        }
        let text: String = text.into_iter().collect();
        let _ = Connect4::from_fen(&text);
        let _ = TicTacToe::from_fen(&text);
        let _ = Connect4::from_move_string(Size::STANDARD, &text);
        let _ = Connect4::default().parse_move(&text);
        let _ = TicTacToe::new().parse_move(&text);
        let _ = text.parse::<Variant>();
        let _ = text.parse::<Outcome>();
    }
}
