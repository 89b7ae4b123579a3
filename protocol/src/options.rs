//! The UCI options, declared once, as Stockfish's `OptionsMap` declares them:
//! each entry's name and type, with its default and its range or choices, both
//! writes the entry's `option` line for `uci` and reads and checks the values
//! `setoption` gives it. What a setting does is the session's.

use std::sync::Arc;
use std::time::Duration;

use inarow_engine::books::opening::{self, Book};
use inarow_engine::{max_threads, MAX_HASH_MIB};
use inarow_games::Variant;

use crate::response::{OptionDecl, OptionKind};

/// How UCI writes an empty string.
const EMPTY: &str = "<empty>";

/// The values of the options the session keeps. Their defaults are here, and
/// the table declares them from here.
#[derive(Clone, Debug)]
pub(crate) struct Options {
    /// `Hash`: MiB for the tables.
    pub hash_mib: usize,
    /// `Threads`: search threads.
    pub threads: usize,
    /// `OwnBook`: whether the book is consulted.
    pub own_book: bool,
    /// The book in use: `BookFile`'s, else the one built in.
    pub book: Arc<Book>,
    /// `MultiPV`: the number of best moves reported.
    pub multipv: usize,
    /// `Move Overhead`: time kept off the clock for each move.
    pub overhead: Duration,
    /// `Ponder`: whether the GUI may send `go ponder`.
    pub ponder: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            hash_mib: 64,
            threads: 1,
            own_book: true,
            book: opening::embedded(),
            multipv: 1,
            overhead: Duration::from_millis(30),
            ponder: false,
        }
    }
}

impl Options {
    /// The book the searchers consult, if any.
    pub fn book_in_use(&self) -> Option<Arc<Book>> {
        self.own_book.then(|| Arc::clone(&self.book))
    }
}

/// A `setoption` the table accepted: the option, with its value read and
/// checked against its declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Setting {
    /// `UCI_Variant`.
    Variant(Variant),
    /// `Hash`, in MiB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `OwnBook`.
    OwnBook(bool),
    /// `BookFile`: a path, empty for the book built in.
    BookFile(String),
    /// `Clear Hash`.
    ClearHash,
    /// `MultiPV`.
    MultiPv(usize),
    /// `Move Overhead`.
    MoveOverhead(Duration),
    /// `Ponder`.
    Ponder(bool),
}

/// An option's type with its default and range, and the setting a checked
/// value makes.
enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
        set: fn(i64) -> Setting,
    },
    Check {
        default: bool,
        set: fn(bool) -> Setting,
    },
    /// `UCI_Variant`: declared as a combo of the variant names, and read by
    /// the variant's own parser, which reads more than the names (`cfour
    /// 6x5`), so that the games crate alone says what a variant is.
    Variant {
        default: Variant,
        set: fn(Variant) -> Setting,
    },
    Button {
        set: fn() -> Setting,
    },
    /// Text; an empty default is declared as `<empty>`, and a value of
    /// `<empty>`, or none, reads as the empty string.
    String {
        default: &'static str,
        set: fn(String) -> Setting,
    },
}

/// One entry of the table.
struct UciOption {
    name: &'static str,
    kind: Kind,
}

/// The options, in the order `uci` declares them.
fn table() -> [UciOption; 9] {
    let defaults = Options::default();
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    [
        UciOption {
            name: "UCI_Variant",
            kind: Kind::Variant {
                default: Variant::default(),
                set: Setting::Variant,
            },
        },
        UciOption {
            name: "Hash",
            kind: Kind::Spin {
                default: count(defaults.hash_mib),
                min: 1,
                max: count(MAX_HASH_MIB),
                set: |mib| Setting::Hash(to_count(mib)),
            },
        },
        UciOption {
            name: "Threads",
            kind: Kind::Spin {
                default: count(defaults.threads),
                min: 1,
                max: count(max_threads()),
                set: |threads| Setting::Threads(to_count(threads)),
            },
        },
        UciOption {
            name: "OwnBook",
            kind: Kind::Check {
                default: defaults.own_book,
                set: Setting::OwnBook,
            },
        },
        UciOption {
            name: "BookFile",
            kind: Kind::String {
                default: "",
                set: Setting::BookFile,
            },
        },
        UciOption {
            name: "Clear Hash",
            kind: Kind::Button {
                set: || Setting::ClearHash,
            },
        },
        UciOption {
            name: "MultiPV",
            kind: Kind::Spin {
                default: count(defaults.multipv),
                min: 1,
                max: 9,
                set: |lines| Setting::MultiPv(to_count(lines)),
            },
        },
        UciOption {
            name: "Move Overhead",
            kind: Kind::Spin {
                default: i64::try_from(defaults.overhead.as_millis()).unwrap_or(i64::MAX),
                min: 0,
                max: 5000,
                set: |ms| Setting::MoveOverhead(Duration::from_millis(ms.unsigned_abs())),
            },
        },
        UciOption {
            name: "Ponder",
            kind: Kind::Check {
                default: defaults.ponder,
                set: Setting::Ponder,
            },
        },
    ]
}

/// A spin's value as a count: the ranges above start at 1, so it fits.
fn to_count(n: i64) -> usize {
    usize::try_from(n).unwrap_or(0)
}

/// The `option` lines of the `uci` answer.
pub(crate) fn declarations() -> Vec<OptionDecl> {
    table().iter().map(UciOption::declaration).collect()
}

/// Reads `setoption name <name> [value <value>]`: the option's name as
/// declared, and the setting, if the option exists (its name in any case) and
/// the value is one it takes.
///
/// # Errors
/// One line that says why: the option is unknown, or the value is missing, not
/// of the option's type, or out of its range.
pub(crate) fn read(name: &str, value: Option<&str>) -> Result<(&'static str, Setting), String> {
    let option = table()
        .into_iter()
        .find(|option| option.name.eq_ignore_ascii_case(name))
        .ok_or_else(|| format!("unknown option '{name}'"))?;
    let setting = option.read(value)?;
    Ok((option.name, setting))
}

impl UciOption {
    fn declaration(&self) -> OptionDecl {
        let kind = match self.kind {
            Kind::Spin {
                default, min, max, ..
            } => OptionKind::Spin { default, min, max },
            Kind::Check { default, .. } => OptionKind::Check { default },
            Kind::Variant { default, .. } => OptionKind::Combo {
                default: default.name().to_owned(),
                vars: Variant::NAMES.iter().map(|&n| n.to_owned()).collect(),
            },
            Kind::Button { .. } => OptionKind::Button,
            Kind::String { default, .. } => OptionKind::String {
                default: if default.is_empty() { EMPTY } else { default }.to_owned(),
            },
        };
        OptionDecl {
            name: self.name,
            kind,
        }
    }

    fn read(&self, value: Option<&str>) -> Result<Setting, String> {
        let name = self.name;
        let needed = || value.ok_or_else(|| format!("option {name} needs a value"));
        match self.kind {
            Kind::Spin { min, max, set, .. } => {
                let text = needed()?;
                let n: i64 = text
                    .parse()
                    .map_err(|_| format!("option {name}: '{text}' is not a number"))?;
                if (min..=max).contains(&n) {
                    Ok(set(n))
                } else {
                    Err(format!("option {name}: {n} is out of range {min}..{max}"))
                }
            }
            Kind::Check { set, .. } => match value {
                Some("true") => Ok(set(true)),
                Some("false") => Ok(set(false)),
                _ => Err(format!("option {name}: the value is true or false")),
            },
            Kind::Variant { set, .. } => {
                let variant: Variant = needed()?
                    .parse()
                    .map_err(|e| format!("option {name}: {e}"))?;
                Ok(set(variant))
            }
            // A button takes no value; one sent anyway is ignored.
            Kind::Button { set } => Ok(set()),
            Kind::String { set, .. } => {
                let text = value.unwrap_or("").trim();
                Ok(set(if text == EMPTY { "" } else { text }.to_owned()))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declares_each_option_once() {
        let declared = declarations();
        for (i, option) in declared.iter().enumerate() {
            assert!(
                !declared[i + 1..]
                    .iter()
                    .any(|other| other.name.eq_ignore_ascii_case(option.name)),
                "{} declared twice",
                option.name
            );
        }
        // Every default is a value the option takes.
        for option in table() {
            let default = match option.declaration().kind {
                OptionKind::Spin { default, .. } => Some(default.to_string()),
                OptionKind::Check { default } => Some(default.to_string()),
                OptionKind::Combo { default, .. } | OptionKind::String { default } => Some(default),
                OptionKind::Button => None,
            };
            assert!(
                option.read(default.as_deref()).is_ok(),
                "{}: {default:?}",
                option.name
            );
        }
    }

    #[test]
    fn reads_values_by_the_declaration() {
        let read = |name, value| read(name, value).map(|(_, setting)| setting);
        assert_eq!(read("hash", Some("1")), Ok(Setting::Hash(1)));
        assert_eq!(
            read("Hash", Some("0")),
            Err("option Hash: 0 is out of range 1..32768".to_owned())
        );
        assert_eq!(
            read("HASH", Some("lots")),
            Err("option Hash: 'lots' is not a number".to_owned())
        );
        assert_eq!(
            read("Hash", None),
            Err("option Hash needs a value".to_owned())
        );
        assert_eq!(
            read("move overhead", Some("5000")),
            Ok(Setting::MoveOverhead(Duration::from_secs(5)))
        );
        assert!(read("Move Overhead", Some("-1")).is_err());
        assert!(read("MultiPV", Some("10")).is_err());
        let too_many = (max_threads() + 1).to_string();
        assert!(read("Threads", Some(&too_many)).is_err());
        assert_eq!(read("Ponder", Some("true")), Ok(Setting::Ponder(true)));
        assert!(read("OwnBook", Some("yes")).is_err());
        assert!(read("OwnBook", None).is_err());
        assert_eq!(
            read("UCI_Variant", Some("tictactoe")),
            Ok(Setting::Variant(Variant::TicTacToe))
        );
        assert!(read("UCI_Variant", Some("cfour 6x5")).is_ok());
        assert!(read("UCI_Variant", Some("chess")).is_err());
        assert!(read("UCI_Variant", None).is_err());
        assert_eq!(read("clear hash", Some("3")), Ok(Setting::ClearHash));
        for empty in [None, Some(""), Some("<empty>"), Some(" ")] {
            assert_eq!(
                read("BookFile", empty),
                Ok(Setting::BookFile(String::new()))
            );
        }
        assert_eq!(
            read("Nonexistent", Some("1")),
            Err("unknown option 'Nonexistent'".to_owned())
        );
    }
}
