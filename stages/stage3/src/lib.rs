//! Stage 3, "What's up on the field?": prints a cell string's grid and the state of its game.

use std::io::{BufRead, Write};

use tictactoe::console::{CELLS, Console, StageError};
use tictactoe::{Board, GameState};

/// Asks for a cell string until one is valid, then prints its grid and its [`GameState`].
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends before a valid cell string, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let board: Board = console.ask_until(CELLS, str::parse)?;
    console.show(board)?;
    console.say(GameState::of(&board))?;
    console.finish()
}
