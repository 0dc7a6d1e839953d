//! Stage 4, "First move!": reads a grid, then one move for X, checked by the three rules.

use std::io::{BufRead, Write};

use tictactoe::console::{CELLS, Console, MOVE, StageError};
use tictactoe::{Board, Mark, choose_cell};

/// Asks for a cell string, prints its grid, asks for coordinates until they name an empty cell,
/// puts an X there and prints the grid again.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends first (a full grid takes no move, so there
/// it always does), or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let mut board: Board = console.ask_until(CELLS, str::parse)?;
    console.show(board)?;
    let position = console.ask_until(MOVE, |answer| choose_cell(&board, answer))?;
    board.place(position, Mark::X);
    console.show(board)?;
    console.finish()
}
