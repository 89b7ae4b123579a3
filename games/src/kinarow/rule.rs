//! What wins in gomoku's rules, as Gomocup plays them: free-style (five or
//! more), standard (exactly five), renju (Black exactly five and no
//! forbidden move, White five or more) and caro (exactly five, not blocked
//! by the opponent at both ends).

use std::fmt;
use std::str::FromStr;

use crate::Player;

/// The rule that says which lines win, and whether some moves are forbidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum WinRule {
    /// `k` or more in a row wins.
    #[default]
    Freestyle,
    /// Exactly `k` in a row wins; a longer line does not.
    Standard,
    /// Renju: Black (the first player) wins with exactly five and may not
    /// make an overline, a double four or a double three; White wins with
    /// five or more. Only with `k = 5` and no gravity.
    Renju,
    /// Caro: exactly five wins, unless the opponent's stones block it at
    /// both ends (the board's edge does not block). Only with `k = 5` and no
    /// gravity.
    Caro,
}

impl WinRule {
    /// Every rule, in the order of [`WinRule::index`].
    pub const ALL: [WinRule; 4] = [
        WinRule::Freestyle,
        WinRule::Standard,
        WinRule::Renju,
        WinRule::Caro,
    ];

    /// The rule's word in a variant's spelling: `freestyle`, `exact`,
    /// `renju`, `caro`.
    #[must_use]
    pub const fn word(self) -> &'static str {
        match self {
            WinRule::Freestyle => "freestyle",
            WinRule::Standard => "exact",
            WinRule::Renju => "renju",
            WinRule::Caro => "caro",
        }
    }

    /// A number for the rule, 0 to 3, for keys that tell the rules apart.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// Whether only exactly `k` in a row wins for `player` (an overline does
    /// not).
    #[inline]
    #[must_use]
    pub const fn exactly_k(self, player: Player) -> bool {
        match self {
            WinRule::Freestyle => false,
            WinRule::Standard | WinRule::Caro => true,
            WinRule::Renju => matches!(player, Player::First),
        }
    }

    /// Whether a line the opponent blocks at both ends does not win (caro).
    #[inline]
    #[must_use]
    pub const fn blocked_lines_lose(self) -> bool {
        matches!(self, WinRule::Caro)
    }

    /// Whether some moves are forbidden to the first player (renju).
    #[inline]
    #[must_use]
    pub const fn has_forbidden_moves(self) -> bool {
        matches!(self, WinRule::Renju)
    }

    /// Whether the rule asks for gomoku's board: `k = 5` and no gravity.
    #[must_use]
    pub const fn needs_gomoku(self) -> bool {
        matches!(self, WinRule::Renju | WinRule::Caro)
    }
}

impl fmt::Display for WinRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A word that names no rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseWinRuleError(pub String);

impl fmt::Display for ParseWinRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a rule: freestyle, exact (or standard), renju or caro",
            self.0
        )
    }
}

impl std::error::Error for ParseWinRuleError {}

impl FromStr for WinRule {
    type Err = ParseWinRuleError;

    /// Reads a rule's word, and `standard` for `exact`.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "standard" => Ok(WinRule::Standard),
            _ => WinRule::ALL
                .into_iter()
                .find(|rule| rule.word() == text)
                .ok_or_else(|| ParseWinRuleError(text.to_owned())),
        }
    }
}
