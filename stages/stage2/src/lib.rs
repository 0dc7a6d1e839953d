//! Stage 2, "The user is the gamemaster": reads a cell string and prints it as the grid.

use std::io::{BufRead, Write};

use tictactoe::Board;
use tictactoe::console::{CELLS, Console, StageError};

/// Asks for a cell string until one is valid, then prints its grid.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends before a valid cell string, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let board: Board = console.ask_until(CELLS, str::parse)?;
    console.show(board)?;
    console.finish()
}
