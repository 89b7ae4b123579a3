//! A board as the environments give it, read into cells for
//! [`AnyGame::from_cells`](inarow_games::AnyGame::from_cells), which checks it
//! as it checks a FEN's board. Three shapes, rows from the top as all three
//! print them:
//!
//! - flat, `rows * columns` cells row by row (Kaggle's `observation.board`),
//!   0 empty, 1 the first player, 2 the second;
//! - `rows x columns` of the same numbers (a list of rows, a 2-D numpy array);
//! - `rows x columns x 2` planes of 0 and 1 (PettingZoo's `observation`):
//!   plane 0 the stones of the player to move, plane 1 the other player's.
//!
//! Lists, tuples and numpy arrays of any integer type are read alike, through
//! Python's iteration protocol; floats are read if they are whole numbers.

use inarow_games::{Player, Variant};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};

/// The board read so far: a number, or a list of boards one dimension down.
enum Nested {
    Number(i64),
    List(Vec<Nested>),
}

/// The most dimensions a board has: planes.
const MAX_DIMENSIONS: usize = 3;

/// Reads a board given as any nesting of sequences of numbers.
fn read(object: &Bound<'_, PyAny>, dimensions: usize) -> Result<Nested, String> {
    if object.is_instance_of::<PyString>() || object.is_instance_of::<PyBytes>() {
        return Err(
            "a board is numbers, not text (give moves or a FEN to Position, from_fen)".into(),
        );
    }
    // Iterate first: a one-cell numpy array also converts to a number.
    if let Ok(items) = object.try_iter() {
        if dimensions == MAX_DIMENSIONS {
            return Err(format!(
                "the board has more than {MAX_DIMENSIONS} dimensions: expected rows x \
                 columns, a flat list, or rows x columns x 2 planes"
            ));
        }
        let mut list = Vec::new();
        for item in items {
            let item = item.map_err(|e| e.to_string())?;
            list.push(read(&item, dimensions + 1)?);
        }
        return Ok(Nested::List(list));
    }
    if let Ok(number) = object.extract::<i64>() {
        return Ok(Nested::Number(number));
    }
    match object.extract::<f64>() {
        Ok(number) if number.fract() == 0.0 && number.abs() < 1e9 => {
            Ok(Nested::Number(number as i64))
        }
        Ok(number) => Err(format!("a cell holds {number}, not a whole number")),
        Err(_) => Err(format!(
            "a cell holds {}, not a number",
            object
                .repr()
                .map_or_else(|_| "something".to_owned(), |r| r.to_string())
        )),
    }
}

/// The numbers of a list that must hold numbers only; `what` names the list.
fn numbers(items: &[Nested], what: &dyn Fn() -> String) -> Result<Vec<i64>, String> {
    items
        .iter()
        .map(|item| match item {
            Nested::Number(n) => Ok(*n),
            Nested::List(_) => Err(format!("{} mixes numbers and lists", what())),
        })
        .collect()
}

/// The lists of a list that must hold lists only.
fn lists<'a>(items: &'a [Nested], what: &dyn Fn() -> String) -> Result<Vec<&'a [Nested]>, String> {
    items
        .iter()
        .map(|item| match item {
            Nested::List(list) => Ok(list.as_slice()),
            Nested::Number(_) => Err(format!("{} mixes numbers and lists", what())),
        })
        .collect()
}

/// The stone a number of Kaggle's board stands for.
fn mark(value: i64, row: usize, column: usize) -> Result<Option<Player>, String> {
    match value {
        0 => Ok(None),
        1 => Ok(Some(Player::First)),
        2 => Ok(Some(Player::Second)),
        other => Err(format!(
            "the cell in row {row}, column {column} (from 0, rows from the top) holds {other}: \
             expected 0 (empty), 1 (the first player) or 2 (the second player)"
        )),
    }
}

/// Checks a given number of rows or columns against the board's.
fn check_dimension(given: Option<usize>, found: usize, name: &str) -> Result<(), String> {
    match given {
        Some(given) if given != found => {
            Err(format!("{name}={given}, but the board has {found} {name}"))
        }
        _ => Ok(()),
    }
}

/// The cells of `board`, `cells[rank][file]` with rank 0 at the bottom, for a
/// game of `variant`. `rows` and `columns` say how to cut a flat board (by
/// default the variant's size) and are checked against any other.
///
/// # Errors
/// A message saying what is wrong with the shape or a value.
pub fn cells(
    board: &Bound<'_, PyAny>,
    variant: Variant,
    rows: Option<usize>,
    columns: Option<usize>,
) -> Result<Vec<Vec<Option<Player>>>, String> {
    let Nested::List(top) = read(board, 0)? else {
        return Err("a board is a sequence of cells or rows, not a single number".into());
    };
    if top.is_empty() {
        return Err("the board is empty".into());
    }
    let rows_from_top: Vec<Vec<Option<Player>>> = match &top[0] {
        Nested::Number(_) => flat(&top, variant, rows, columns)?,
        Nested::List(_) => {
            let grid = lists(&top, &|| "the board".to_owned())?;
            check_dimension(rows, grid.len(), "rows")?;
            let width = grid[0].len();
            for (row, cells) in grid.iter().enumerate() {
                if cells.len() != width {
                    return Err(format!(
                        "the board's rows differ in length: row 0 has {width} cells, row {row} has {}",
                        cells.len()
                    ));
                }
            }
            check_dimension(columns, width, "columns")?;
            if width == 0 {
                return Err("the board's rows are empty".into());
            }
            match &grid[0][0] {
                Nested::Number(_) => grid
                    .iter()
                    .enumerate()
                    .map(|(r, cells)| {
                        let values = numbers(cells, &|| format!("row {r}"))?;
                        values
                            .iter()
                            .enumerate()
                            .map(|(c, &value)| mark(value, r, c))
                            .collect()
                    })
                    .collect::<Result<_, String>>()?,
                Nested::List(_) => planes(&grid)?,
            }
        }
    };
    Ok(rows_from_top.into_iter().rev().collect())
}

/// A flat board, cut into rows.
fn flat(
    cells: &[Nested],
    variant: Variant,
    rows: Option<usize>,
    columns: Option<usize>,
) -> Result<Vec<Vec<Option<Player>>>, String> {
    let values = numbers(cells, &|| "the board".to_owned())?;
    let n = values.len();
    let (files, ranks) = variant.dimensions();
    let (rows, columns) = match (rows, columns) {
        (Some(r), Some(c)) => (r, c),
        (Some(r), None) if r > 0 && n % r == 0 => (r, n / r),
        (None, Some(c)) if c > 0 && n % c == 0 => (n / c, c),
        (None, None) if n == usize::from(files) * usize::from(ranks) => {
            (usize::from(ranks), usize::from(files))
        }
        _ => {
            return Err(format!(
                "a flat board of {n} cells: give rows= and columns= that multiply to {n}"
            ))
        }
    };
    if rows * columns != n || columns == 0 {
        return Err(format!(
            "a flat board of {n} cells is not {rows} rows of {columns} columns"
        ));
    }
    values
        .chunks(columns)
        .enumerate()
        .map(|(r, row)| {
            row.iter()
                .enumerate()
                .map(|(c, &value)| mark(value, r, c))
                .collect()
        })
        .collect()
}

/// PettingZoo's planes: plane 0 the side to move's stones, plane 1 the other
/// player's. Who moved first follows from the counts: the side to move has as
/// many stones as the other player (it is the first player) or one fewer.
fn planes(grid: &[&[Nested]]) -> Result<Vec<Vec<Option<Player>>>, String> {
    let mut owners = Vec::with_capacity(grid.len());
    let mut counts = [0usize; 2];
    for (r, cells) in grid.iter().enumerate() {
        let cells = lists(cells, &|| format!("row {r}"))?;
        let mut row = Vec::with_capacity(cells.len());
        for (c, pair) in cells.iter().enumerate() {
            let pair = numbers(pair, &|| format!("the cell in row {r}, column {c}"))?;
            let owner = match pair.as_slice() {
                [0, 0] => None,
                [1, 0] => Some(0),
                [0, 1] => Some(1),
                [_, _] => {
                    return Err(format!(
                        "the cell in row {r}, column {c} (from 0, rows from the top) holds {pair:?}: \
                         planes hold [0, 0] (empty), [1, 0] (the player to move) or [0, 1] (the other player)"
                    ))
                }
                _ => {
                    return Err(format!(
                        "the cell in row {r}, column {c} has {} planes: expected rows x columns x 2",
                        pair.len()
                    ))
                }
            };
            if let Some(plane) = owner {
                counts[plane] += 1;
            }
            row.push(owner);
        }
        owners.push(row);
    }
    let first_plane = if counts[0] == counts[1] {
        0
    } else if counts[1] == counts[0] + 1 {
        1
    } else {
        return Err(format!(
            "the planes hold {} stones of the player to move and {} of the other player: \
             the player to move has as many stones as the other or one fewer",
            counts[0], counts[1]
        ));
    };
    Ok(owners
        .into_iter()
        .map(|row| {
            row.into_iter()
                .map(|owner| {
                    owner.map(|plane| {
                        if plane == first_plane {
                            Player::First
                        } else {
                            Player::Second
                        }
                    })
                })
                .collect()
        })
        .collect())
}
