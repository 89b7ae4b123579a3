//! The board's symmetries, by which positions share a table entry.

use inarow_games::kinarow::Rules;

/// The board's symmetries other than the identity, each as the cell every
/// cell goes to: the mirror images (with gravity only left for right) and,
/// on a square board, the quarter turns and diagonal mirrors.
pub(super) fn symmetries(rules: Rules) -> Vec<Vec<u16>> {
    let (w, h) = (rules.width(), rules.height());
    // The images of (x, y): left for right; up for down and both; and on a
    // square, the four that swap files and ranks.
    let image = |t: usize, x: usize, y: usize| match t {
        0 => (w - 1 - x, y),
        1 => (x, h - 1 - y),
        2 => (w - 1 - x, h - 1 - y),
        3 => (y, x),
        4 => (w - 1 - y, h - 1 - x),
        5 => (y, h - 1 - x),
        _ => (w - 1 - y, x),
    };
    let count = match (rules.gravity(), w == h) {
        (true, _) => 1,
        (false, false) => 3,
        (false, true) => 7,
    };
    (0..count)
        .map(|t| {
            let mut cells = vec![0u16; rules.bits() as usize];
            for x in 0..w {
                for y in 0..h {
                    let (tx, ty) = image(t, x, y);
                    cells[usize::from(rules.index(x, y))] = rules.index(tx, ty);
                }
            }
            cells
        })
        .collect()
}
