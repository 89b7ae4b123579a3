//! Shell words: splitting a command line such as `"target/release/inarow uci"`
//! into a program and its arguments.

use std::fmt;
use std::path::PathBuf;

/// How to start an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCommand {
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The directory to start it in, if not the current one.
    pub dir: Option<PathBuf>,
}

impl EngineCommand {
    /// Splits a command line such as `"/usr/games/fairy-stockfish"` or
    /// `"target/release/inarow uci"` into words on whitespace; single or double
    /// quotes group words.
    ///
    /// # Errors
    /// A message if the command is empty or a quote is not closed.
    pub fn parse(line: &str) -> Result<Self, String> {
        let words = split_words(line)?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| "the engine command is empty".to_owned())?;
        Ok(EngineCommand {
            program: PathBuf::from(program),
            args: args.to_vec(),
            dir: None,
        })
    }
}

impl fmt::Display for EngineCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.program.display())?;
        for arg in &self.args {
            write!(f, " {arg}")?;
        }
        Ok(())
    }
}

/// Splits text into words on whitespace; single or double quotes group words.
///
/// # Errors
/// A message if a quote is not closed.
pub fn split_words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut in_word = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if quote.is_some() {
        return Err(format!("unclosed quote in '{line}'"));
    }
    if in_word {
        words.push(word);
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_commands() {
        let c = EngineCommand::parse("  /usr/bin/engine uci 'two words' \"x y\"").unwrap();
        assert_eq!(c.program, PathBuf::from("/usr/bin/engine"));
        assert_eq!(c.args, vec!["uci", "two words", "x y"]);
        assert_eq!(c.to_string(), "/usr/bin/engine uci two words x y");
        assert!(EngineCommand::parse("").is_err());
        assert!(EngineCommand::parse("   ").is_err());
        assert!(EngineCommand::parse("a 'b").is_err());
    }
}
