//! Coordinates read another way than the specification's, for both Tic-Tac-Toe katas: a cell
//! named in words, a user's move that lands on another cell than its answer names, and the
//! conventions a run may follow instead (when a run's grids are those a reference shows for
//! the same answers read that way, the feedback names the convention and says how the
//! specification's coordinates work).

use kata_model::transcript::Input;

use super::reading::Reading;

/// A way of reading `a b` other than the specification's `row column` from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Convention {
    /// The course's coordinates before 2021: `x y`, column then row, `1 1` at the bottom left.
    Cartesian,
    /// `column row` from the top left: rows and columns swapped.
    Swapped,
}

/// How the specification's coordinates work, after the name of the convention a run follows.
const HOW_IT_WORKS: &str = "Here coordinates are `row column`, counted from the top left: `1 1` is \
    the top-left cell, `1 3` the top-right, `3 1` the bottom-left.";

impl Convention {
    /// Every convention a run is checked against, in that order.
    pub(crate) const ALL: [Convention; 2] = [Convention::Cartesian, Convention::Swapped];

    /// The answer `row column` of the specification that names the cell `first second` names
    /// in this convention, for two numbers from 1 to 3.
    #[must_use]
    pub(crate) fn as_specified(self, first: u8, second: u8) -> (u8, u8) {
        match self {
            Convention::Cartesian => (4 - second, first),
            Convention::Swapped => (second, first),
        }
    }

    /// The feedback's note on a run that follows this convention.
    #[must_use]
    pub(crate) fn note(self) -> String {
        let followed = match self {
            Convention::Cartesian => {
                "Every move of the run fits the course's old coordinates: `x y`, the column \
                 first, then the row counted from the bottom, so that `1 1` is the bottom-left \
                 cell."
            }
            Convention::Swapped => {
                "Every move of the run fits coordinates read as `column row`: rows and columns \
                 swapped."
            }
        };
        format!("{followed} {HOW_IT_WORKS}")
    }

    /// `inputs` read in this convention: each answer of two numbers from 1 to 3 turned into
    /// the specification's answer for the same cell, anything else as it is.
    #[must_use]
    pub(crate) fn answers(self, inputs: &[Input]) -> Vec<Input> {
        inputs
            .iter()
            .map(|input| match numbers(&input.written) {
                Some((first, second)) => {
                    let (row, column) = self.as_specified(first, second);
                    let written = format!("{row} {column}");
                    let bytes = if input.ends_input {
                        written.clone().into_bytes()
                    } else {
                        format!("{written}\n").into_bytes()
                    };
                    Input {
                        written,
                        bytes,
                        ..input.clone()
                    }
                }
                None => input.clone(),
            })
            .collect()
    }
}

/// The two numbers from 1 to 3 of an answer that is exactly two such numbers.
fn numbers(answer: &str) -> Option<(u8, u8)> {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let number = |word: &str| word.parse::<u8>().ok().filter(|n| (1..=3).contains(n));
    match words.as_slice() {
        [first, second] => Some((number(first)?, number(second)?)),
        _ => None,
    }
}

/// The cell at `row` and `column` (0-based, from the top left) in words: "the top-left cell
/// (row 1, column 1)".
#[must_use]
pub(crate) fn cell_in_words(row: usize, column: usize) -> String {
    let name = match (row, column) {
        (1, 1) => "centre".to_owned(),
        (1, _) => format!("middle-{}", side(column)),
        (_, 1) => format!("{}-middle", height(row)),
        _ => format!("{}-{}", height(row), side(column)),
    };
    format!("the {name} cell (row {}, column {})", row + 1, column + 1)
}

fn height(row: usize) -> &'static str {
    if row == 0 { "top" } else { "bottom" }
}

fn side(column: usize) -> &'static str {
    if column == 0 { "left" } else { "right" }
}

/// The fault of a user's move whose mark lands elsewhere than its answer names: `answer` as
/// given, the mark, the cell it names and the cell the program put the mark in, each as
/// `(row, column)`, 0-based.
#[must_use]
pub(crate) fn misplaced(
    answer: &str,
    mark: char,
    named: (usize, usize),
    put: (usize, usize),
) -> String {
    format!(
        "the user's answer `{answer}` should put {mark} in {}; the program put it in {}",
        cell_in_words(named.0, named.1),
        cell_in_words(put.0, put.1)
    )
}

/// The convention whose grids `actual` shows, where its grids are not the expected ones:
/// every grid of the run is the one `reference` shows for `inputs` read that way.
pub(crate) fn followed(
    reference: &dyn Fn(&[Input]) -> Vec<u8>,
    inputs: &[Input],
    expected: &Reading,
    actual: &Reading,
) -> Option<String> {
    let grids = actual.grids();
    if grids == expected.grids() {
        return None;
    }
    Convention::ALL
        .into_iter()
        .find(|convention| {
            let output = reference(&convention.answers(inputs));
            Reading::of(&output).grids() == grids
        })
        .map(Convention::note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_each_convention_into_the_specified_cell() {
        // `1 1` in the old coordinates is the bottom-left cell, `3 1` of the specification.
        assert_eq!(Convention::Cartesian.as_specified(1, 1), (3, 1));
        assert_eq!(Convention::Cartesian.as_specified(3, 3), (1, 3));
        assert_eq!(Convention::Cartesian.as_specified(1, 3), (1, 1));
        assert_eq!(Convention::Swapped.as_specified(1, 3), (3, 1));
    }

    #[test]
    fn names_every_cell() {
        let names: Vec<String> = (0..3)
            .flat_map(|row| (0..3).map(move |column| cell_in_words(row, column)))
            .collect();
        assert_eq!(
            names,
            [
                "the top-left cell (row 1, column 1)",
                "the top-middle cell (row 1, column 2)",
                "the top-right cell (row 1, column 3)",
                "the middle-left cell (row 2, column 1)",
                "the centre cell (row 2, column 2)",
                "the middle-right cell (row 2, column 3)",
                "the bottom-left cell (row 3, column 1)",
                "the bottom-middle cell (row 3, column 2)",
                "the bottom-right cell (row 3, column 3)",
            ]
        );
    }
}
