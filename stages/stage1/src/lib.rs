//! Stage 1, "Welcome to the battlefield!": prints a finished game's grid as three plain lines.

use std::io::{BufRead, Write};

use tictactoe::console::{Console, StageError};

/// The three lines stage 1 prints.
pub const GRID: &str = "X O X\nO X O\nX X O";

/// Prints [`GRID`]; the input is not read.
///
/// # Errors
///
/// [`StageError::Write`] when the output cannot be written.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    console.say(GRID)?;
    console.finish()
}
