//! Stage 4, "Signs of intelligence": the menu, with the players `user`, `easy` and `medium`.

use std::io::{BufRead, Write};

use tictactoe::console::{Console, StageError};
use tictactoe_ai::Level;

/// The computer's levels this stage offers.
pub const LEVELS: &[Level] = &[Level::Easy, Level::Medium];

/// Prompts `Input command: ` and plays each game `start P1 P2` asks for, until `exit` or the
/// end of the input; `Bad parameters!` for any other command.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends inside a game, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    tictactoe_ai::play::menu(&mut console, LEVELS, &mut fastrand::Rng::new())?;
    console.finish()
}
