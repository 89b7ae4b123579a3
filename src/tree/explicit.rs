//! Reading an explicit tree: nested lists of integer leaf values, such as the
//! textbook's `((3 12 8) (2 4 6) (14 5 2))`. Values are from the side to move
//! at the root. Whitespace or commas separate items; a bare number is a tree
//! of one leaf.

use inarow_engine::knuth_moore::Shape;
use inarow_engine::knuth_moore::MAX_LEAF;

/// Lists nest at most this deep (the search recurses once per level).
pub const MAX_NESTING: usize = 64;

/// The tree `text` describes.
///
/// # Errors
/// A one-line message, with the column (from 1) where the text goes wrong:
/// an empty tree or list, unbalanced parentheses, a leaf that is not an
/// integer or is out of range, text after the tree, nesting too deep.
pub fn parse(text: &str) -> Result<Shape, String> {
    let tokens = tokenize(text);
    if tokens.is_empty() {
        return Err(
            "the explicit tree is empty: give nested lists of leaf values, \
                    such as \"((3 12 8) (2 4 6) (14 5 2))\""
                .to_owned(),
        );
    }
    let mut at = 0;
    let shape = parse_node(&tokens, &mut at, 0)?;
    if let Some(token) = tokens.get(at) {
        return Err(match token.text {
            ")" => format!(
                "unbalanced explicit tree: ')' at column {} closes nothing",
                token.column
            ),
            _ => format!(
                "explicit tree: '{}' at column {} comes after the tree has ended \
                 (put the whole tree in one pair of parentheses)",
                token.text, token.column
            ),
        });
    }
    Ok(shape)
}

struct Token<'a> {
    text: &'a str,
    /// Where it starts, from 1, in characters.
    column: usize,
}

/// Splits at parentheses, whitespace and commas; parentheses are tokens.
fn tokenize(text: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    let mut column = 0;
    for (byte, c) in text.char_indices() {
        column += 1;
        let separator = c.is_whitespace() || c == ',' || c == '(' || c == ')';
        if separator {
            if let Some((from, col)) = start.take() {
                tokens.push(Token {
                    text: &text[from..byte],
                    column: col,
                });
            }
            if c == '(' || c == ')' {
                tokens.push(Token {
                    text: &text[byte..byte + 1],
                    column,
                });
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((from, col)) = start {
        tokens.push(Token {
            text: &text[from..],
            column: col,
        });
    }
    tokens
}

fn parse_node(tokens: &[Token<'_>], at: &mut usize, nesting: usize) -> Result<Shape, String> {
    let token = &tokens[*at];
    *at += 1;
    match token.text {
        "(" => {
            if nesting >= MAX_NESTING {
                return Err(format!(
                    "explicit tree: the list at column {} nests deeper than {MAX_NESTING} levels",
                    token.column
                ));
            }
            let mut children = Vec::new();
            loop {
                match tokens.get(*at) {
                    None => {
                        return Err(format!(
                            "unbalanced explicit tree: the '(' at column {} is never closed",
                            token.column
                        ))
                    }
                    Some(next) if next.text == ")" => {
                        *at += 1;
                        break;
                    }
                    Some(_) => children.push(parse_node(tokens, at, nesting + 1)?),
                }
            }
            if children.is_empty() {
                return Err(format!(
                    "explicit tree: the list at column {} is empty; every inner node needs a child",
                    token.column
                ));
            }
            Ok(Shape::Inner(children))
        }
        ")" => Err(format!(
            "unbalanced explicit tree: ')' at column {} closes nothing",
            token.column
        )),
        text => {
            let value: i64 = text.parse().map_err(|_| {
                format!(
                    "explicit tree: '{text}' at column {} is not a number (leaves are integers)",
                    token.column
                )
            })?;
            if value.abs() > i64::from(MAX_LEAF) {
                return Err(format!(
                    "explicit tree: the leaf {value} at column {} is out of range \
                     (leaves are from -{MAX_LEAF} to {MAX_LEAF})",
                    token.column
                ));
            }
            Ok(Shape::Leaf(value as i32))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leaf(v: i32) -> Shape {
        Shape::Leaf(v)
    }

    #[test]
    fn reads_the_textbook_tree() {
        let shape = parse("((3 12 8) (2 4 6) (14 5 2))").unwrap();
        let expected = Shape::Inner(vec![
            Shape::Inner(vec![leaf(3), leaf(12), leaf(8)]),
            Shape::Inner(vec![leaf(2), leaf(4), leaf(6)]),
            Shape::Inner(vec![leaf(14), leaf(5), leaf(2)]),
        ]);
        assert_eq!(shape, expected);
        // Commas, extra spaces and negative numbers are fine.
        assert_eq!(
            parse(" ( (3,12,8),(2 4 6) , (14 5 2) ) ").unwrap(),
            expected
        );
        assert_eq!(
            parse("(-1 (2))").unwrap(),
            Shape::Inner(vec![leaf(-1), Shape::Inner(vec![leaf(2)])])
        );
        assert_eq!(parse("7").unwrap(), leaf(7));
    }

    #[test]
    fn bad_trees_say_where() {
        let cases = [
            ("", "is empty"),
            ("   ", "is empty"),
            ("((3 12 8) (2 4 6)", "'(' at column 1 is never closed"),
            ("((3 12 8)) (2 4 6))", "'(' at column 12 comes after"),
            ("(3 12 8))", "')' at column 9 closes nothing"),
            (")", "')' at column 1 closes nothing"),
            ("(3 x 8)", "'x' at column 4 is not a number"),
            ("(3 1.5 8)", "'1.5' at column 4 is not a number"),
            ("(3 () 8)", "list at column 4 is empty"),
            ("()", "list at column 1 is empty"),
            ("(3 1000000001)", "out of range"),
        ];
        for (text, expected) in cases {
            let err = parse(text).unwrap_err();
            assert!(err.contains(expected), "{text:?}: {err}");
            assert!(!err.contains('\n'), "{err}");
        }
        let deep = "(".repeat(MAX_NESTING + 1) + "1" + &")".repeat(MAX_NESTING + 1);
        assert!(parse(&deep).unwrap_err().contains("nests deeper"));
    }
}
