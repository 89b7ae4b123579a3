//! Line shapes: what a stone on an empty cell would make along one line,
//! looked up from the cell's line code in a table generated per rule.
//!
//! A line code holds the eight cells around a cell in one direction, four
//! on each side, two bits each (empty, black, white, wall), nearest the
//! cell in the middle:
//!
//! ```text
//!   offset:  -4  -3  -2  -1  [cell]  +1  +2  +3  +4
//!   bits:   1:0 3:2 5:4 7:6        9:8 11:10 13:12 15:14
//! ```
//!
//! A shape is classified by what the side could make next in that line:
//! a five; a four with two ways to five (open four, or two fours in the
//! line) or one; a three that one more stone turns into an open four (open)
//! or into a four only; and so on down to a one. The table is filled once,
//! by a memoised recursion over the codes: a shape's class follows from the
//! classes of the codes one stone further on.

use std::sync::OnceLock;

/// The shape a stone on a cell makes along one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// No five can ever pass through the cell in this line.
    Dead,
    /// One stone that can still become a four only.
    B1,
    /// One stone that can become an open three.
    F1,
    /// Two stones that can become a four only.
    B2,
    /// Two stones that can become an open three.
    F2,
    /// A three that can become a four, not an open four.
    B3,
    /// An open three: one more stone makes an open four.
    F3,
    /// A four: one cell makes five.
    B4,
    /// An open four (or two fours in one line): two cells make five.
    F4,
    /// A five (under free-style, five or more).
    F5,
}

/// The number of [`Pattern`]s.
pub const PATTERNS: usize = 10;

impl Pattern {
    const ALL: [Pattern; PATTERNS] = [
        Pattern::Dead,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];

    /// The pattern of index `i` (below [`PATTERNS`]).
    #[must_use]
    pub const fn from_index(i: usize) -> Pattern {
        Pattern::ALL[i]
    }

    /// The shape one stone weaker than a child's: a code whose best
    /// continuation is `self` is itself worth this.
    const fn parent(self) -> Pattern {
        match self {
            Pattern::F4 => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 => Pattern::F1,
            Pattern::B2 => Pattern::B1,
            _ => Pattern::Dead,
        }
    }
}

/// What wins, for the line shapes: the rules differ in how they treat a
/// line of more than five. A rule with forbidden points (renju) would add a
/// variant and a table per side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LineRule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; six or more does not.
    ExactlyFive,
}

/// A cell in a line code: what is on it.
pub const EMPTY: u8 = 0;
/// A black stone (the first player's).
pub const BLACK: u8 = 1;
/// A white stone (the second player's).
pub const WHITE: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

/// The number of line codes.
const CODES: usize = 1 << 16;

/// The tables of one rule: the shape of every line code for each side.
pub struct PatternTable {
    shapes: [Box<[Pattern; CODES]>; 2],
}

impl PatternTable {
    /// The shape of `code` for `side` (0 black, 1 white).
    #[inline]
    #[must_use]
    pub fn shape(&self, side: usize, code: u16) -> Pattern {
        self.shapes[side][usize::from(code)]
    }

    fn generate(rule: LineRule) -> PatternTable {
        let mut memo = vec![None; CODES];
        let black: Box<[Pattern]> = (0..CODES)
            .map(|code| classify(rule, code as u16, &mut memo))
            .collect();
        let white: Box<[Pattern]> = (0..CODES)
            .map(|code| black[usize::from(swap_colours(code as u16))])
            .collect();
        // Arrays of one entry per code: a `u16` code needs no bounds check.
        let whole = |shapes: Box<[Pattern]>| -> Box<[Pattern; CODES]> {
            shapes.try_into().expect("one shape per code")
        };
        PatternTable {
            shapes: [whole(black), whole(white)],
        }
    }
}

/// The table of `rule`, generated on first use.
#[must_use]
pub fn table(rule: LineRule) -> &'static PatternTable {
    static FREESTYLE: OnceLock<PatternTable> = OnceLock::new();
    static EXACTLY_FIVE: OnceLock<PatternTable> = OnceLock::new();
    let cell = match rule {
        LineRule::Freestyle => &FREESTYLE,
        LineRule::ExactlyFive => &EXACTLY_FIVE,
    };
    cell.get_or_init(|| PatternTable::generate(rule))
}

/// The code with black and white exchanged.
fn swap_colours(code: u16) -> u16 {
    let mut out = 0;
    for slot in 0..8 {
        let cell = (code >> (2 * slot)) & 3;
        let swapped = match u8::try_from(cell).unwrap_or(WALL) {
            BLACK => u16::from(WHITE),
            WHITE => u16::from(BLACK),
            other => u16::from(other),
        };
        out |= swapped << (2 * slot);
    }
    out
}

/// The slot of offset `offset` (-4 to 4, not 0) in a line code.
#[must_use]
pub const fn slot(offset: i32) -> u32 {
    if offset < 0 {
        (offset + 4) as u32
    } else {
        (offset + 3) as u32
    }
}

/// The nine cells of a code with black on the middle one.
fn cells_of(code: u16) -> [u8; 9] {
    let mut cells = [BLACK; 9];
    for offset in -4..=4i32 {
        if offset != 0 {
            cells[(offset + 4) as usize] = ((code >> (2 * slot(offset))) & 3) as u8;
        }
    }
    cells
}

/// Whether black's run through the middle of `cells` is a winning line.
/// Cells past the window are taken to be empty.
fn is_five(rule: LineRule, cells: &[u8; 9]) -> bool {
    let mut low = 4;
    while low > 0 && cells[low - 1] == BLACK {
        low -= 1;
    }
    let mut high = 4;
    while high < 8 && cells[high + 1] == BLACK {
        high += 1;
    }
    let run = high - low + 1;
    match rule {
        LineRule::Freestyle => run >= 5,
        LineRule::ExactlyFive => run == 5,
    }
}

/// Black's shape through the middle cell of `code` (black on it).
fn classify(rule: LineRule, code: u16, memo: &mut [Option<Pattern>]) -> Pattern {
    if let Some(known) = memo[usize::from(code)] {
        return known;
    }
    let cells = cells_of(code);
    let shape = if is_five(rule, &cells) {
        Pattern::F5
    } else {
        let mut fives = 0;
        let mut best = Pattern::Dead;
        for offset in -4..=4i32 {
            if offset == 0 || cells[(offset + 4) as usize] != EMPTY {
                continue;
            }
            let next = code | (u16::from(BLACK) << (2 * slot(offset)));
            let child = classify(rule, next, memo);
            if child == Pattern::F5 {
                fives += 1;
            } else {
                best = best.max(child.parent());
            }
        }
        match fives {
            0 => best,
            1 => Pattern::B4,
            _ => Pattern::F4,
        }
    };
    memo[usize::from(code)] = Some(shape);
    shape
}

/// The code of a line written as text, `x` black, `o` white, `#` a wall,
/// `.` empty, nine cells with the middle one (the cell itself) empty or
/// `_`: for tests.
#[cfg(test)]
pub fn code_of(line: &str) -> u16 {
    let cells: Vec<char> = line.chars().collect();
    assert_eq!(cells.len(), 9, "{line}");
    let mut code = 0;
    for offset in -4..=4i32 {
        if offset == 0 {
            continue;
        }
        let cell = match cells[(offset + 4) as usize] {
            'x' => BLACK,
            'o' => WHITE,
            '#' => WALL,
            _ => EMPTY,
        };
        code |= u16::from(cell) << (2 * slot(offset));
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;

    fn black(line: &str) -> Pattern {
        table(LineRule::Freestyle).shape(0, code_of(line))
    }

    #[test]
    fn shapes_are_classified() {
        assert_eq!(black("..xx_xx.."), Pattern::F5);
        assert_eq!(black("xxxx_...."), Pattern::F5);
        assert_eq!(black(".xxx_...."), Pattern::F4);
        assert_eq!(black("oxxx_...."), Pattern::B4);
        assert_eq!(black(".x.x_x..."), Pattern::B4);
        assert_eq!(black("...x_x..."), Pattern::F3);
        assert_eq!(black("..ox_x..."), Pattern::B3);
        assert_eq!(black("...._x..."), Pattern::F2);
        assert_eq!(black("...._...."), Pattern::F1);
        assert_eq!(black("#o.x_xo.."), Pattern::Dead);
        assert_eq!(black("xxx._.xxx"), Pattern::F4);
    }

    #[test]
    fn exactly_five_refuses_overlines() {
        let exact = table(LineRule::ExactlyFive);
        let free = table(LineRule::Freestyle);
        assert_eq!(exact.shape(0, code_of("xxxx_x...")), Pattern::Dead);
        assert_eq!(free.shape(0, code_of("xxxx_x...")), Pattern::F5);
        assert_eq!(exact.shape(0, code_of("..xx_xx..")), Pattern::F5);
        assert_eq!(exact.shape(0, code_of("x.xx_x...")), Pattern::B4);
        assert_eq!(free.shape(0, code_of("x.xx_x...")), Pattern::F4);
    }

    #[test]
    fn white_sees_the_mirror() {
        let t = table(LineRule::Freestyle);
        assert_eq!(t.shape(1, code_of(".ooo_....")), Pattern::F4);
        assert_eq!(
            t.shape(1, code_of(".xxx_....")),
            t.shape(0, code_of(".ooo_...."))
        );
        assert_eq!(t.shape(0, code_of(".ooo_....")), Pattern::B1);
    }
}
