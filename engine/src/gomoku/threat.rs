//! A cell's threat: its four line shapes for one side combined into what a
//! stone there would threaten (a five, a four that cannot be stopped, a
//! four and an open three, two open threes, ...), with its worth in the
//! evaluation and in move ordering, all from one table indexed by the four
//! shapes.

use std::sync::OnceLock;

use super::params::{PATTERN_EVAL, PATTERN_ORDER, THREAT_EVAL, THREAT_ORDER};
use super::pattern::{Pattern, PATTERNS};

/// What a stone on a cell would threaten, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Threat {
    /// Nothing worth naming.
    None,
    /// One open two.
    Two,
    /// A three that can only become a four.
    BlockThree,
    /// Two open twos.
    DoubleTwo,
    /// A closed three with another two or three.
    BlockThreePlus,
    /// An open three.
    Three,
    /// An open three with a two or a closed three beside it.
    ThreePlus,
    /// Two open threes (free-style: a win unless the opponent has fours).
    DoubleThree,
    /// A four alone.
    BlockFour,
    /// A four with a two or a closed three.
    BlockFourPlus,
    /// A four and an open three.
    FourThree,
    /// An open four or two fours: wins unless the opponent makes five first.
    Flex4,
    /// A five.
    Five,
}

/// The number of [`Threat`]s.
pub const THREATS: usize = 13;

const _: () = assert!(THREAT_EVAL.len() == THREATS && THREAT_ORDER.len() == THREATS);
const _: () = assert!(PATTERN_EVAL.len() == PATTERNS && PATTERN_ORDER.len() == PATTERNS);

impl Threat {
    /// Whether a stone here makes at least one four (or five).
    #[inline]
    #[must_use]
    pub fn is_four(self) -> bool {
        self >= Threat::BlockFour
    }

    /// Whether a stone here makes an open three or better.
    #[inline]
    #[must_use]
    pub fn is_three(self) -> bool {
        self >= Threat::Three
    }
}

/// The combined facts of one cell for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellValue {
    /// The threat.
    pub threat: u8,
    /// The worth in the evaluation.
    pub eval: i16,
    /// The worth in move ordering.
    pub order: i16,
}

/// The index of four shapes in the combination table.
#[inline]
#[must_use]
pub fn index(shapes: [Pattern; 4]) -> usize {
    shapes
        .iter()
        .rev()
        .fold(0, |acc, &p| acc * PATTERNS + p as usize)
}

/// The weight of one direction in an index: the index moves by
/// `(new - old) * place(direction)` when one shape changes.
#[inline]
#[must_use]
pub const fn place(direction: usize) -> usize {
    match direction {
        0 => 1,
        1 => PATTERNS,
        2 => PATTERNS * PATTERNS,
        _ => PATTERNS * PATTERNS * PATTERNS,
    }
}

/// The table size: every four shapes.
const COMBINATIONS: usize = PATTERNS * PATTERNS * PATTERNS * PATTERNS;

/// The value of the four shapes of `index`.
#[inline]
#[must_use]
pub fn value(index: usize) -> CellValue {
    values()[index]
}

/// The value of every four shapes, indexed by [`index`].
#[must_use]
pub fn values() -> &'static [CellValue] {
    static TABLE: OnceLock<Box<[CellValue]>> = OnceLock::new();
    TABLE.get_or_init(|| (0..COMBINATIONS).map(combine_index).collect())
}

fn combine_index(mut index: usize) -> CellValue {
    let mut shapes = [Pattern::Dead; 4];
    for shape in &mut shapes {
        *shape = Pattern::from_index(index % PATTERNS);
        index /= PATTERNS;
    }
    let threat = combine(shapes);
    let eval: i32 = shapes
        .iter()
        .map(|&p| PATTERN_EVAL[p as usize])
        .sum::<i32>()
        + THREAT_EVAL[threat as usize];
    let order: i32 = shapes
        .iter()
        .map(|&p| PATTERN_ORDER[p as usize])
        .sum::<i32>()
        + THREAT_ORDER[threat as usize];
    CellValue {
        threat: threat as u8,
        eval: eval as i16,
        order: order.min(i32::from(i16::MAX)) as i16,
    }
}

/// Four line shapes combined into the cell's threat.
#[must_use]
pub fn combine(shapes: [Pattern; 4]) -> Threat {
    let count = |p: Pattern| shapes.iter().filter(|&&s| s == p).count();
    let (fives, flex4, fours) = (count(Pattern::F5), count(Pattern::F4), count(Pattern::B4));
    let (threes, closed3, twos) = (count(Pattern::F3), count(Pattern::B3), count(Pattern::F2));
    if fives > 0 {
        Threat::Five
    } else if flex4 > 0 || fours >= 2 {
        Threat::Flex4
    } else if fours == 1 && threes > 0 {
        Threat::FourThree
    } else if fours == 1 && closed3 + twos > 0 {
        Threat::BlockFourPlus
    } else if fours == 1 {
        Threat::BlockFour
    } else if threes >= 2 {
        Threat::DoubleThree
    } else if threes == 1 && closed3 + twos > 0 {
        Threat::ThreePlus
    } else if threes == 1 {
        Threat::Three
    } else if closed3 > 0 && closed3 + twos >= 2 {
        Threat::BlockThreePlus
    } else if twos >= 2 {
        Threat::DoubleTwo
    } else if closed3 > 0 {
        Threat::BlockThree
    } else if twos > 0 {
        Threat::Two
    } else {
        Threat::None
    }
}

/// The threat of index `i` (below [`THREATS`]).
#[must_use]
pub fn threat_of(i: u8) -> Threat {
    const ALL: [Threat; THREATS] = [
        Threat::None,
        Threat::Two,
        Threat::BlockThree,
        Threat::DoubleTwo,
        Threat::BlockThreePlus,
        Threat::Three,
        Threat::ThreePlus,
        Threat::DoubleThree,
        Threat::BlockFour,
        Threat::BlockFourPlus,
        Threat::FourThree,
        Threat::Flex4,
        Threat::Five,
    ];
    ALL[usize::from(i)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_combine_into_threats() {
        use Pattern::{Dead, B3, B4, F2, F3, F4, F5};
        assert_eq!(combine([F5, Dead, Dead, Dead]), Threat::Five);
        assert_eq!(combine([B4, B4, Dead, Dead]), Threat::Flex4);
        assert_eq!(combine([Dead, F4, Dead, B3]), Threat::Flex4);
        assert_eq!(combine([B4, Dead, F3, Dead]), Threat::FourThree);
        assert_eq!(combine([F3, F3, Dead, Dead]), Threat::DoubleThree);
        assert_eq!(combine([F2, Dead, B3, Dead]), Threat::BlockThreePlus);
        assert_eq!(combine([Dead; 4]), Threat::None);
    }

    #[test]
    fn the_table_agrees_with_combine() {
        let shapes = [Pattern::B4, Pattern::F2, Pattern::Dead, Pattern::F3];
        let v = value(index(shapes));
        assert_eq!(threat_of(v.threat), combine(shapes));
        let changed = index(shapes) + (Pattern::F4 as usize - Pattern::F2 as usize) * place(1);
        assert_eq!(
            threat_of(value(changed).threat),
            combine([Pattern::B4, Pattern::F4, Pattern::Dead, Pattern::F3])
        );
    }
}
