//! Coordinates read another way than the specification's: when a run's grids are those the
//! reference stage shows for the same answers read that way, the feedback names the
//! convention and says how the specification's coordinates work.

use harness::transcript::Input;

use super::reading::Reading;

/// A way of reading `a b` other than the specification's `row column` from the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Convention {
    /// The course's coordinates before 2021: `x y`, column then row, `1 1` at the bottom left.
    Cartesian,
    /// `column row` from the top left: rows and columns swapped.
    Swapped,
}

/// How the specification's coordinates work, after the name of the convention a run follows.
const HOW_IT_WORKS: &str = "Here coordinates are `row column`, counted from the top left: `1 1` is \
    the top-left cell, `1 3` the top-right, `3 1` the bottom-left.";

impl Convention {
    /// The answer `row column` of the specification that names the cell `first second` names
    /// in this convention, for two numbers from 1 to 3.
    fn as_specified(self, first: u8, second: u8) -> (u8, u8) {
        match self {
            Convention::Cartesian => (4 - second, first),
            Convention::Swapped => (second, first),
        }
    }

    fn note(self) -> String {
        let followed = match self {
            Convention::Cartesian => {
                "Its grids are what the course's old coordinates give: `x y`, the column first, \
                 then the row counted from the bottom, so that `1 1` is the bottom-left cell."
            }
            Convention::Swapped => {
                "Its grids are what coordinates read as `column row` give: rows and columns \
                 swapped."
            }
        };
        format!("{followed} {HOW_IT_WORKS}")
    }
}

/// The convention whose grids `actual` shows where its grids are not the expected ones, for
/// a stage that reads coordinates (4 or 5) given `inputs`.
pub(crate) fn followed(
    stage: u8,
    inputs: &[Input],
    expected: &Reading,
    actual: &Reading,
) -> Option<String> {
    let grids = actual.grids();
    if !matches!(stage, 4 | 5) || grids == expected.grids() {
        return None;
    }
    [Convention::Cartesian, Convention::Swapped]
        .into_iter()
        .find(|&convention| {
            let output = reference(stage, &answered(inputs, convention));
            Reading::of(&output).grids() == grids
        })
        .map(Convention::note)
}

/// The input the reference is given for `inputs` read in `convention`: each answer of two
/// numbers from 1 to 3 turned into the specification's answer for the same cell.
fn answered(inputs: &[Input], convention: Convention) -> Vec<u8> {
    let mut stdin = Vec::new();
    for input in inputs {
        let text = String::from_utf8_lossy(&input.bytes);
        let numbers: Vec<u8> = text
            .split_whitespace()
            .map_while(|word| word.parse::<u8>().ok().filter(|n| (1..=3).contains(n)))
            .collect();
        match (numbers.as_slice(), text.split_whitespace().count()) {
            (&[first, second], 2) => {
                let (row, column) = convention.as_specified(first, second);
                stdin.extend_from_slice(format!("{row} {column}\n").as_bytes());
            }
            _ => stdin.extend_from_slice(&input.bytes),
        }
    }
    stdin
}

/// What reference stage `stage` (4 or 5) prints given `stdin`.
fn reference(stage: u8, stdin: &[u8]) -> Vec<u8> {
    let mut output = Vec::new();
    // How the stage ends does not matter here, only the grids it showed before.
    let _ = if stage == 4 {
        stage4::run(stdin, &mut output)
    } else {
        stage5::run(stdin, &mut output)
    };
    output
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
}
