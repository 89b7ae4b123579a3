//! The gomoku board: stones, and for every cell its line codes, line shapes
//! and threats for both sides, kept up to date as stones are placed and
//! taken back.
//!
//! Layout: a padded array, 32 cells a row, with four rows and columns of
//! walls around the board so that a cell's four neighbours each way along
//! a line are always inside the array (boards up to 24x24):
//!
//! ```text
//!   index = (y + 4) * 32 + (x + 4)
//!
//!   # # # # # # # # ...        four wall rows above and below,
//!   # # # # . . . . ... # #    four wall columns left and right
//!   # # # # . . . . ... # #    (x, y from 0; y = 0 the first rank)
//! ```
//!
//! Directions: 1 along a rank, 32 along a file, 33 and 31 the diagonals.
//!
//! A stone placed on a cell changes one line code of each of the 32 cells
//! within four of it along the four lines; each such empty cell's shape in
//! that direction is looked up again, and its combined threat and worth with
//! it (an occupied cell's shapes are looked up from its codes when its stone
//! is taken back). The board also keeps, per side, how many empty cells hold
//! each threat, the sum of their worth, and a bitset of the cells that make
//! five: the evaluation and the move generator read those, and never rescan
//! lines.

use super::pattern::{self, LineRule, Pattern, PatternTable, BLACK, EMPTY, WALL, WHITE};
use super::threat::{self, place, CellValue, Threat, THREATS};

/// Cells in a row of the padded array.
pub const STRIDE: usize = 32;
/// Walls on each side of the board.
const PAD: usize = 4;
/// Cells in the padded array.
pub const CELLS: usize = STRIDE * STRIDE;
/// The largest width or height of a board.
pub const MAX_SIDE: usize = STRIDE - 2 * PAD;
/// The step to the next cell in each of the four directions.
pub const DIRECTIONS: [usize; 4] = [1, STRIDE, STRIDE + 1, STRIDE - 1];

/// A cell of the padded array.
pub type Pos = u16;

/// Random numbers for the position key, one per cell and colour.
static ZOBRIST: [[u64; CELLS]; 2] = zobrist();

const fn zobrist() -> [[u64; CELLS]; 2] {
    let mut keys = [[0; CELLS]; 2];
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut side = 0;
    while side < 2 {
        let mut cell = 0;
        while cell < CELLS {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            keys[side][cell] = z ^ (z >> 31);
            cell += 1;
        }
        side += 1;
    }
    keys
}

/// What placing a stone changed that taking it back must restore.
#[derive(Clone, Copy, Debug)]
struct Undo {
    pos: Pos,
    bounds: [u8; 4],
}

/// A gomoku position with its shapes kept incrementally.
#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    table: &'static PatternTable,
    combined: &'static [CellValue],
    cells: Box<[u8; CELLS]>,
    codes: Box<[[u16; 4]; CELLS]>,
    shapes: Box<[[[Pattern; 4]; CELLS]; 2]>,
    index: Box<[[u16; CELLS]; 2]>,
    values: Box<[[CellValue; CELLS]; 2]>,
    near: Box<[u8; CELLS]>,
    counts: [[u16; THREATS]; 2],
    /// Per side, the empty cells where it makes five, one bit a cell.
    five_cells: [[u64; CELLS / 64]; 2],
    eval: [i32; 2],
    key: u64,
    side: usize,
    history: Vec<Undo>,
    /// Columns and rows holding stones, `x_min, x_max, y_min, y_max`
    /// (inverted while the board is empty).
    bounds: [u8; 4],
}

impl Board {
    /// An empty board of `width` x `height` (each 5 to [`MAX_SIDE`]) under
    /// `rule`, black to move.
    #[must_use]
    pub fn new(width: usize, height: usize, rule: LineRule) -> Board {
        assert!((5..=MAX_SIDE).contains(&width) && (5..=MAX_SIDE).contains(&height));
        let mut board = Board {
            width,
            height,
            table: pattern::table(rule),
            combined: threat::values(),
            cells: Box::new([WALL; CELLS]),
            codes: Box::new([[0; 4]; CELLS]),
            shapes: Box::new([[[Pattern::Dead; 4]; CELLS]; 2]),
            index: Box::new([[0; CELLS]; 2]),
            values: Box::new([[CellValue::default(); CELLS]; 2]),
            near: Box::new([0; CELLS]),
            counts: [[0; THREATS]; 2],
            five_cells: [[0; CELLS / 64]; 2],
            eval: [0; 2],
            key: 0,
            side: 0,
            history: Vec::with_capacity(MAX_SIDE * MAX_SIDE),
            bounds: [u8::MAX, 0, u8::MAX, 0],
        };
        for y in 0..height {
            for x in 0..width {
                board.cells[usize::from(board.pos(x, y))] = EMPTY;
            }
        }
        for p in 0..CELLS {
            if board.cells[p] == WALL {
                continue;
            }
            for (d, &step) in DIRECTIONS.iter().enumerate() {
                board.codes[p][d] = board.line_code(p, step);
            }
            board.refresh(p);
            board.add(p);
        }
        board
    }

    /// The line code of cell `p` along `step`, read from the cells: the four
    /// cells on each side, two bits each.
    fn line_code(&self, p: usize, step: usize) -> u16 {
        let mut code = 0u16;
        for offset in -4i32..=4 {
            if offset != 0 {
                let q = (p as i32 + offset * step as i32) as usize;
                code |= u16::from(self.cells[q]) << (2 * pattern::slot(offset));
            }
        }
        code
    }

    /// The array cell of square (`x`, `y`).
    #[inline]
    #[must_use]
    pub fn pos(&self, x: usize, y: usize) -> Pos {
        ((y + PAD) * STRIDE + x + PAD) as Pos
    }

    /// The square of an array cell.
    #[inline]
    #[must_use]
    pub fn square(&self, pos: Pos) -> (usize, usize) {
        let p = usize::from(pos);
        (p % STRIDE - PAD, p / STRIDE - PAD)
    }

    /// The width.
    #[must_use]
    pub fn width(&self) -> usize {
        self.width
    }

    /// The height.
    #[must_use]
    pub fn height(&self) -> usize {
        self.height
    }

    /// The side to move: 0 black, 1 white.
    #[inline]
    #[must_use]
    pub fn side(&self) -> usize {
        self.side
    }

    /// Makes `side` the side to move (for a position set up stone by stone).
    pub fn set_side(&mut self, side: usize) {
        if side != self.side {
            self.side = side;
            self.key ^= SIDE_KEY;
        }
    }

    /// The stones on the board.
    #[inline]
    #[must_use]
    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// The position key.
    #[inline]
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Whether `pos` is an empty cell of the board.
    #[inline]
    #[must_use]
    pub fn is_empty(&self, pos: Pos) -> bool {
        self.cells[usize::from(pos)] == EMPTY
    }

    /// The threat a stone of `side` on the empty cell `pos` makes.
    #[inline]
    #[must_use]
    pub fn threat(&self, side: usize, pos: Pos) -> Threat {
        threat::threat_of(self.values[side][usize::from(pos)].threat)
    }

    /// The combined value of `pos` for `side`.
    #[inline]
    #[must_use]
    pub fn value(&self, side: usize, pos: Pos) -> CellValue {
        self.values[side][usize::from(pos)]
    }

    /// The shape of `pos` for `side` in direction `d`.
    #[inline]
    #[must_use]
    pub fn shape(&self, side: usize, pos: Pos, d: usize) -> Pattern {
        self.shapes[side][usize::from(pos)][d]
    }

    /// How many empty cells hold `threat` for `side`.
    #[inline]
    #[must_use]
    pub fn count(&self, side: usize, threat: Threat) -> u32 {
        u32::from(self.counts[side][threat as usize])
    }

    /// How many empty cells hold `threat` or better for `side`.
    #[inline]
    #[must_use]
    pub fn count_at_least(&self, side: usize, threat: Threat) -> u32 {
        self.counts[side][threat as usize..]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// The summed worth of `side`'s empty cells.
    #[inline]
    #[must_use]
    pub fn worth(&self, side: usize) -> i32 {
        self.eval[side]
    }

    /// Every empty cell within two of a stone (the centre on an empty
    /// board), in array order.
    pub fn candidates(&self, mut each: impl FnMut(Pos)) {
        if self.history.is_empty() {
            each(self.pos(self.width / 2, self.height / 2));
            return;
        }
        let [x0, x1, y0, y1] = self.bounds.map(usize::from);
        let (x0, y0) = (x0.saturating_sub(2), y0.saturating_sub(2));
        let (x1, y1) = ((x1 + 2).min(self.width - 1), (y1 + 2).min(self.height - 1));
        for y in y0..=y1 {
            let row = self.pos(0, y) as usize;
            for p in row + x0..=row + x1 {
                if self.cells[p] == EMPTY && self.near[p] > 0 {
                    each(p as Pos);
                }
            }
        }
    }

    /// Places a stone of the side to move on the empty cell `pos`.
    pub fn play(&mut self, pos: Pos) {
        let p = usize::from(pos);
        debug_assert_eq!(self.cells[p], EMPTY);
        let colour = if self.side == 0 { BLACK } else { WHITE };
        self.remove(p);
        self.cells[p] = colour;
        self.key ^= ZOBRIST[self.side][p] ^ SIDE_KEY;
        self.update_lines(p, colour);
        self.mark_near(p, true);
        let (x, y) = self.square(pos);
        let bounds = self.bounds;
        self.bounds = [
            bounds[0].min(x as u8),
            bounds[1].max(x as u8),
            bounds[2].min(y as u8),
            bounds[3].max(y as u8),
        ];
        self.history.push(Undo { pos, bounds });
        self.side ^= 1;
    }

    /// Takes back the last stone placed.
    ///
    /// # Panics
    /// If the board is empty.
    pub fn undo(&mut self) {
        let undo = self.history.pop().expect("a stone to take back");
        self.side ^= 1;
        let p = usize::from(undo.pos);
        let colour = self.cells[p];
        self.cells[p] = EMPTY;
        self.key ^= ZOBRIST[self.side][p] ^ SIDE_KEY;
        self.update_lines(p, colour);
        self.mark_near(p, false);
        self.bounds = undo.bounds;
        self.refresh(p);
        self.add(p);
    }

    /// Toggles `colour` on `p` in the codes of the cells along its lines,
    /// and looks up again the shapes of the empty ones among them (an
    /// occupied cell's shapes are looked up when it is emptied).
    fn update_lines(&mut self, p: usize, colour: u8) {
        for (d, &step) in DIRECTIONS.iter().enumerate() {
            for i in 1..=4i32 {
                for (q, offset) in [(p + i as usize * step, -i), (p - i as usize * step, i)] {
                    let q = q & (CELLS - 1);
                    let cell = self.cells[q];
                    if cell == WALL {
                        continue;
                    }
                    let code =
                        self.codes[q][d] ^ (u16::from(colour) << (2 * pattern::slot(offset)));
                    self.codes[q][d] = code;
                    if cell == EMPTY {
                        self.reshape(q, d, code);
                    }
                }
            }
        }
    }

    /// Marks the cells within two of `p` as near one more stone, or one fewer.
    fn mark_near(&mut self, p: usize, placed: bool) {
        for dy in 0..5 {
            let row = p + dy * STRIDE - 2 * STRIDE - 2;
            for q in row..row + 5 {
                if placed {
                    self.near[q] += 1;
                } else {
                    self.near[q] -= 1;
                }
            }
        }
    }

    /// Looks up the empty cell `p`'s shape in direction `d` again for both
    /// sides from its new `code`, and moves the totals by what changed.
    #[inline]
    fn reshape(&mut self, p: usize, d: usize, code: u16) {
        for side in 0..2 {
            let shape = self.table.shape(side, code);
            let old = self.shapes[side][p][d];
            if shape != old {
                self.shapes[side][p][d] = shape;
                let index = usize::from(self.index[side][p]) + shape as usize * place(d)
                    - old as usize * place(d);
                self.index[side][p] = index as u16;
                let before = self.values[side][p];
                let after = self.combined[index];
                self.values[side][p] = after;
                self.counts[side][usize::from(before.threat)] -= 1;
                self.counts[side][usize::from(after.threat)] += 1;
                if (before.threat == FIVE) != (after.threat == FIVE) {
                    self.mark_five(side, p, after.threat == FIVE);
                }
                self.eval[side] += i32::from(after.eval) - i32::from(before.eval);
            }
        }
    }

    /// Looks up all of `p`'s shapes from its codes.
    fn refresh(&mut self, p: usize) {
        for side in 0..2 {
            for d in 0..4 {
                self.shapes[side][p][d] = self.table.shape(side, self.codes[p][d]);
            }
            let index = threat::index(self.shapes[side][p]);
            self.index[side][p] = index as u16;
            self.values[side][p] = self.combined[index];
        }
    }

    /// Puts the empty cell `p` in `side`'s set of five-making cells, or
    /// takes it out.
    #[inline]
    fn mark_five(&mut self, side: usize, p: usize, makes_five: bool) {
        let bit = 1 << (p % 64);
        if makes_five {
            self.five_cells[side][p / 64] |= bit;
        } else {
            self.five_cells[side][p / 64] &= !bit;
        }
    }

    /// Counts the empty cell `p`'s threats and worth in the totals.
    fn add(&mut self, p: usize) {
        for side in 0..2 {
            let v = self.values[side][p];
            self.counts[side][usize::from(v.threat)] += 1;
            if v.threat == FIVE {
                self.mark_five(side, p, true);
            }
            self.eval[side] += i32::from(v.eval);
        }
    }

    /// Takes the empty cell `p`'s threats and worth out of the totals.
    fn remove(&mut self, p: usize) {
        for side in 0..2 {
            let v = self.values[side][p];
            self.counts[side][usize::from(v.threat)] -= 1;
            if v.threat == FIVE {
                self.mark_five(side, p, false);
            }
            self.eval[side] -= i32::from(v.eval);
        }
    }

    /// The empty cells where `side` makes five, at most two (the lowest).
    #[must_use]
    pub fn fives(&self, side: usize) -> ([Pos; 2], usize) {
        let mut found = [0; 2];
        let mut n = 0;
        if self.counts[side][FIVE as usize] == 0 {
            return (found, 0);
        }
        for (w, &word) in self.five_cells[side].iter().enumerate() {
            let mut bits = word;
            while bits != 0 && n < 2 {
                found[n] = (w * 64 + bits.trailing_zeros() as usize) as Pos;
                n += 1;
                bits &= bits - 1;
            }
            if n == 2 {
                break;
            }
        }
        (found, n)
    }
}

/// [`Threat::Five`] as stored in a [`CellValue`].
const FIVE: u8 = Threat::Five as u8;

/// Mixed into the key when white is to move.
const SIDE_KEY: u64 = 0x6a09_e667_f3bc_c909;

#[cfg(test)]
mod tests {
    use super::*;

    fn board_with(moves: &[(usize, usize)]) -> Board {
        let mut b = Board::new(15, 15, LineRule::Freestyle);
        for &(x, y) in moves {
            let p = b.pos(x, y);
            b.play(p);
        }
        b
    }

    #[test]
    fn undo_restores_everything() {
        let empty = Board::new(15, 15, LineRule::Freestyle);
        let mut b = board_with(&[(7, 7), (8, 8), (7, 8), (0, 0), (7, 9), (14, 14)]);
        while b.stones() > 0 {
            b.undo();
        }
        assert_eq!(b.key(), empty.key());
        assert_eq!(b.counts, empty.counts);
        assert_eq!(b.five_cells, empty.five_cells);
        assert_eq!(b.eval, empty.eval);
        assert_eq!(&b.codes[..], &empty.codes[..]);
        assert_eq!(&b.near[..], &empty.near[..]);
    }

    #[test]
    fn an_open_three_offers_open_fours() {
        // Black on (5..8, 7) with white stones far away.
        let b = board_with(&[(5, 7), (0, 0), (6, 7), (0, 14), (7, 7), (14, 0)]);
        assert_eq!(b.threat(0, b.pos(4, 7)), Threat::Flex4);
        assert_eq!(b.threat(0, b.pos(8, 7)), Threat::Flex4);
        assert_eq!(b.count(0, Threat::Flex4), 2);
        assert_eq!(b.threat(1, b.pos(8, 7)), Threat::None);
        let mut b = b;
        let p = b.pos(8, 7);
        b.play(p);
        assert_eq!(b.count(0, Threat::Five), 2);
        assert_eq!(b.fives(0), ([b.pos(4, 7), b.pos(9, 7)], 2));
        b.undo();
        assert_eq!(b.fives(0).1, 0);
    }

    #[test]
    fn the_incremental_state_equals_one_built_from_scratch() {
        let moves = [(7, 7), (8, 8), (6, 6), (9, 9), (5, 5), (7, 8), (4, 4)];
        let b = board_with(&moves);
        let mut fresh = Board::new(15, 15, LineRule::Freestyle);
        for (i, &(x, y)) in moves.iter().enumerate() {
            let p = fresh.pos(x, y);
            fresh.cells[usize::from(p)] = if i % 2 == 0 { BLACK } else { WHITE };
        }
        let rebuilt = {
            let mut r = Board::new(15, 15, LineRule::Freestyle);
            r.cells = fresh.cells.clone();
            for p in 0..CELLS {
                if r.cells[p] == WALL {
                    continue;
                }
                for (d, &step) in DIRECTIONS.iter().enumerate() {
                    r.codes[p][d] = r.line_code(p, step);
                }
            }
            r
        };
        assert_eq!(&b.codes[..], &rebuilt.codes[..]);
        assert_eq!(b.count(0, Threat::Five), 1);
        assert_eq!(b.threat(0, b.pos(3, 3)), Threat::Five);
    }
}
