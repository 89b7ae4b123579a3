//! Renju's forbidden moves for Black: an overline, a double four and a
//! double three, where a three counts only if a move that is not itself
//! forbidden makes it a straight four. A move that makes exactly five is
//! never forbidden: the five wins whatever else it makes. A move that makes
//! five on another line does not count as making a three a straight four:
//! it wins at once, and no straight four is left to play on. Rapfi's
//! `YXSHOWFORBID` judges so too (`bench/gomoku/forbid-check.sh`).
//!
//! Each of the four lines through the cell is read into eleven points, the
//! cell in the middle and five either side, because every shape the rule
//! names lies within five cells of the stone that makes it:
//!
//! ```text
//!   offset  -5 -4 -3 -2 -1  0 +1 +2 +3 +4 +5
//!   index    0  1  2  3  4  5  6  7  8  9 10
//!                           ^ the move
//! ```
//!
//! A point past the board's edge reads as blocked, like a White stone: the
//! walk out from the cell stops at the first bit off the board, which the
//! bit layout's sentinel row puts before any line wraps into the next file.

use std::fmt;

use arrayvec::ArrayVec;

use super::{has_bit, Cell, Rules};
use crate::bitboard::Bitboard;

/// The shape that makes a move forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForbiddenShape {
    /// Six or more in a row.
    Overline,
    /// Two fours at once (on two lines, or two on one line).
    DoubleFour,
    /// Two threes at once, each of which can become a straight four.
    DoubleThree,
}

impl ForbiddenShape {
    /// The shape in words: `an overline`, `a double four`, `a double three`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ForbiddenShape::Overline => "an overline",
            ForbiddenShape::DoubleFour => "a double four",
            ForbiddenShape::DoubleThree => "a double three",
        }
    }
}

impl fmt::Display for ForbiddenShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Cells either side of the move that a line's shapes can reach.
const REACH: usize = 5;
/// The points of a line read around a move.
const SPAN: usize = 2 * REACH + 1;
/// The move's index in a line.
const MIDDLE: usize = REACH;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Point {
    Empty,
    Black,
    Blocked,
}

/// One line through the move: its points, and each point's bit.
#[derive(Clone, Copy)]
struct Line {
    points: [Point; SPAN],
    cells: [u16; SPAN],
}

impl Line {
    /// The line along shift `s` through `cell`, with a Black stone on it.
    fn read<B: Bitboard>(rules: Rules, stones: Stones<B>, cell: Cell, s: u32) -> Line {
        let mut line = Line {
            points: [Point::Blocked; SPAN],
            cells: [0; SPAN],
        };
        line.points[MIDDLE] = Point::Black;
        line.cells[MIDDLE] = cell.0;
        let bits = i64::from(rules.bits());
        for forward in [false, true] {
            for t in 1..=REACH {
                let step = (t as i64) * i64::from(s);
                let i = if forward {
                    i64::from(cell.0) + step
                } else {
                    i64::from(cell.0) - step
                };
                if !(0..bits).contains(&i) {
                    break;
                }
                let at = Cell(i as u16);
                if !has_bit(stones.board, at) {
                    break;
                }
                let index = if forward { MIDDLE + t } else { MIDDLE - t };
                line.cells[index] = at.0;
                line.points[index] = if has_bit(stones.black, at) {
                    Point::Black
                } else if has_bit(stones.white, at) {
                    Point::Blocked
                } else {
                    Point::Empty
                };
            }
        }
        line
    }

    /// The Black stones of the line besides the move.
    fn others(&self) -> usize {
        self.points.iter().filter(|&&p| p == Point::Black).count() - 1
    }

    /// The first and last index of the run of Black stones through `at`.
    fn run(&self, at: usize) -> (usize, usize) {
        let mut low = at;
        while low > 0 && self.points[low - 1] == Point::Black {
            low -= 1;
        }
        let mut high = at;
        while high + 1 < SPAN && self.points[high + 1] == Point::Black {
            high += 1;
        }
        (low, high)
    }

    /// The length of the run through the move.
    fn run_length(&self) -> usize {
        let (low, high) = self.run(MIDDLE);
        high - low + 1
    }

    /// The distinct fours through the move: sets of four stones (the move
    /// among them) that one more stone makes exactly five, each as a mask of
    /// indices. A straight four is one four with two ways to five; `B.BBB.B`
    /// with the move in the middle is two.
    fn fours(&mut self) -> usize {
        let mut fours: ArrayVec<u16, SPAN> = ArrayVec::new();
        for e in 1..SPAN - 1 {
            if self.points[e] != Point::Empty {
                continue;
            }
            self.points[e] = Point::Black;
            let (low, high) = self.run(e);
            if high - low + 1 == 5 && (low..=high).contains(&MIDDLE) {
                let four = (((1u16 << (high + 1)) - 1) & !((1u16 << low) - 1)) & !(1 << e);
                if !fours.contains(&four) {
                    fours.push(four);
                }
            }
            self.points[e] = Point::Empty;
        }
        fours.len()
    }

    /// Whether the run through the move is a straight four: four stones,
    /// an empty point at each end, and each of those makes exactly five.
    fn straight_four(&self) -> bool {
        let (low, high) = self.run(MIDDLE);
        if high - low + 1 != 4 || low < 2 || high + 2 >= SPAN {
            return false;
        }
        self.points[low - 1] == Point::Empty
            && self.points[high + 1] == Point::Empty
            && self.points[low - 2] != Point::Black
            && self.points[high + 2] != Point::Black
    }

    /// The empty points that make the run through the move a straight four:
    /// where a three of this line would become one.
    fn three_completions(&mut self) -> ArrayVec<Cell, 4> {
        let mut points = ArrayVec::new();
        for e in MIDDLE - 3..=MIDDLE + 3 {
            if self.points[e] != Point::Empty {
                continue;
            }
            self.points[e] = Point::Black;
            if self.straight_four() && !points.is_full() {
                points.push(Cell(self.cells[e]));
            }
            self.points[e] = Point::Empty;
        }
        points
    }
}

/// The stones the rule looks at: Black's, White's and the board's cells.
#[derive(Clone, Copy)]
pub(super) struct Stones<B> {
    pub(super) black: B,
    pub(super) white: B,
    pub(super) board: B,
}

/// What a Black stone on an empty cell makes, as the rule judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    /// Exactly five: it wins.
    Five,
    /// A forbidden shape and no five.
    Forbidden(ForbiddenShape),
    /// Neither.
    Allowed,
}

/// The shape that forbids Black a stone on the empty `cell`, if any.
pub(super) fn forbidden<B: Bitboard>(
    rules: Rules,
    stones: Stones<B>,
    cell: Cell,
) -> Option<ForbiddenShape> {
    match verdict(rules, stones, cell) {
        Verdict::Forbidden(shape) => Some(shape),
        Verdict::Five | Verdict::Allowed => None,
    }
}

/// What a Black stone on the empty `cell` makes.
fn verdict<B: Bitboard>(rules: Rules, stones: Stones<B>, cell: Cell) -> Verdict {
    let mut lines = rules
        .directions()
        .map(|s| Line::read(rules, stones, cell, s));
    let others = lines.map(|line| line.others());
    // A three needs two other stones on its line, a four three, and two
    // shapes on one line or an overline four or more.
    let busy = others.iter().filter(|&&n| n >= 2).count();
    let most = others.iter().copied().max().unwrap_or(0);
    if most < 2 || (busy < 2 && most < 4) {
        return Verdict::Allowed;
    }
    let runs = lines.map(|line| line.run_length());
    if runs.contains(&5) {
        return Verdict::Five;
    }
    if runs.iter().any(|&run| run > 5) {
        return Verdict::Forbidden(ForbiddenShape::Overline);
    }
    let fours = lines.each_mut().map(|line| line.fours());
    if fours.iter().sum::<usize>() >= 2 {
        return Verdict::Forbidden(ForbiddenShape::DoubleFour);
    }
    let mut threes: ArrayVec<ArrayVec<Cell, 4>, 4> = ArrayVec::new();
    for (line, four) in lines.iter_mut().zip(fours) {
        if four == 0 {
            let completions = line.three_completions();
            if !completions.is_empty() {
                threes.push(completions);
            }
        }
    }
    if threes.len() < 2 {
        return Verdict::Allowed;
    }
    // A three is real if one of its completions is allowed once the move is
    // on the board: neither forbidden nor a five.
    let after = Stones {
        black: stones.black | B::bit(u32::from(cell.0)),
        ..stones
    };
    let real = threes
        .iter()
        .filter(|completions| {
            completions
                .iter()
                .any(|&point| verdict(rules, after, point) == Verdict::Allowed)
        })
        .take(2)
        .count();
    if real >= 2 {
        Verdict::Forbidden(ForbiddenShape::DoubleThree)
    } else {
        Verdict::Allowed
    }
}

/// The empty cells that may be forbidden to Black: a superset of the
/// forbidden cells, found with a few shifts so that only these need
/// [`forbidden`]. A forbidden cell has two other Black stones within
/// [`REACH`] on two of its lines (two threes or fours), or four on one
/// (an overline, or two fours on one line). Shifts that wrap past an edge
/// only add cells.
pub(super) fn suspects<B: Bitboard>(rules: Rules, black: B, empty: B) -> B {
    let mut two_lines = B::ZERO;
    let mut some_two = B::ZERO;
    let mut four = B::ZERO;
    for s in rules.directions() {
        // Saturating counts of the Black stones within REACH along s.
        let (mut ones, mut twos, mut threes, mut fours) = (B::ZERO, B::ZERO, B::ZERO, B::ZERO);
        for t in 1..=REACH as u32 {
            for near in [super::up(black, t * s), super::down(black, t * s)] {
                fours |= threes & near;
                threes |= twos & near;
                twos |= ones & near;
                ones |= near;
            }
        }
        two_lines |= some_two & twos;
        some_two |= twos;
        four |= fours;
    }
    (two_lines | four) & empty
}

/// Whether Black's stones hold an overline: a position renju forbids, for
/// the stone that made it was forbidden unless it made a five, which ended
/// the game.
pub(super) fn has_overline<B: Bitboard>(rules: Rules, black: B) -> bool {
    rules
        .directions()
        .into_iter()
        .any(|s| !super::runs(black, s, 6).is_empty())
}
