//! Stage 1, "Initial setup": a grid from a cell string, and one move of the player to move.

use std::io::{BufRead, Write};

use tictactoe::console::{Console, StageError};

/// Asks for a cell string and prints its grid; if the game can go on, asks for the move of the
/// player to move (X when the counts are equal, else O), prints the grid and the state after
/// it; else prints the state.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends at a prompt, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    tictactoe_ai::play::initial_setup(&mut console)?;
    console.finish()
}
