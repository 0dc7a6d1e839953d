//! The three rules an answer to `Enter the coordinates: ` must pass, in their order.

use std::fmt;
use std::num::IntErrorKind;

use crate::board::{Board, Position};
use crate::cell::Cell;

/// Why an answer names no cell to play: the first of the three rules it fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Rule 1: the answer is not exactly two integers.
    NotNumbers,
    /// Rule 2: a number is outside 1 to 3.
    OutOfRange,
    /// Rule 3: the cell is taken.
    Occupied,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MoveError::NotNumbers => "You should enter numbers!",
            MoveError::OutOfRange => "Coordinates should be from 1 to 3!",
            MoveError::Occupied => "This cell is occupied! Choose another one!",
        })
    }
}

impl std::error::Error for MoveError {}

/// The empty cell that `answer` (`row column`, 1-based, white space between) names on `board`.
///
/// # Errors
///
/// The first rule the answer fails, in the order of the specification.
pub fn choose_cell(board: &Board, answer: &str) -> Result<Position, MoveError> {
    let mut numbers = answer.split_whitespace().map(coordinate);
    let (Some(row), Some(column), None) = (numbers.next(), numbers.next(), numbers.next()) else {
        return Err(MoveError::NotNumbers);
    };
    // Rule 1 covers both numbers before rule 2 looks at either.
    let (row, column) = (row?, column?);
    let position = row
        .zip(column)
        .and_then(|(row, column)| Position::new(row, column))
        .ok_or(MoveError::OutOfRange)?;
    match board.cell(position) {
        Cell::Empty => Ok(position),
        Cell::Taken(_) => Err(MoveError::Occupied),
    }
}

/// One coordinate: `Err` when it is not an integer, `Ok(None)` when it is one outside 1 to 3,
/// else the 0-based index.
fn coordinate(word: &str) -> Result<Option<usize>, MoveError> {
    // The shape first: `i64::from_str` would call `99999999999999999999x` an overflow, not a
    // word that is no integer.
    let digits = word.strip_prefix(['+', '-']).unwrap_or(word);
    if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
        return Err(MoveError::NotNumbers);
    }
    // An integer too large for `i64` is still an integer, just out of range.
    match word.parse::<i64>() {
        Ok(number @ 1..=3) => Ok(usize::try_from(number - 1).ok()),
        Ok(_) => Ok(None),
        Err(error) => match error.kind() {
            IntErrorKind::PosOverflow | IntErrorKind::NegOverflow => Ok(None),
            _ => Err(MoveError::NotNumbers),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(board: &str, answer: &str) -> Result<(usize, usize), MoveError> {
        let board: Board = board.parse().expect("valid cell string");
        choose_cell(&board, answer).map(|p| (p.row(), p.column()))
    }

    #[test]
    fn rules_apply_in_order() {
        let grid = "_XXOO_OX_";
        assert_eq!(answer(grid, "1 1"), Ok((0, 0)));
        assert_eq!(answer(grid, "+2 +3"), Ok((1, 2)));
        assert_eq!(answer(grid, "3 1"), Err(MoveError::Occupied));
        assert_eq!(answer(grid, "4 1"), Err(MoveError::OutOfRange));
        assert_eq!(answer(grid, "-1 2"), Err(MoveError::OutOfRange));
        assert_eq!(
            answer(grid, "99999999999999999999999 1"),
            Err(MoveError::OutOfRange)
        );
        assert_eq!(
            answer(grid, "-99999999999999999999999 1"),
            Err(MoveError::OutOfRange)
        );
        // Rule 1 before rule 2, whichever number breaks it.
        assert_eq!(answer(grid, "4 x"), Err(MoveError::NotNumbers));
        for bad in [
            "", "one", "1", "1 2 3", "1.5 2", "١ ١", "+ 1", "1 2x", "0x1 1",
        ] {
            assert_eq!(answer(grid, bad), Err(MoveError::NotNumbers), "{bad:?}");
        }
    }
}
