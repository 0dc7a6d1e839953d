//! Stage 2, "Easy does it": one game, the user X against the computer O at level `easy`.

use std::io::{BufRead, Write};

use tictactoe::console::{Console, StageError};
use tictactoe_ai::{Level, Player};

/// Plays one game from the empty grid: the user's moves by the prompt and the three rules, the
/// computer's at random after its `Making move level "easy"` line, then the result.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends before the game is over, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let players = [Player::User, Player::Computer(Level::Easy)];
    tictactoe_ai::play::game(&mut console, players, &mut fastrand::Rng::new())?;
    console.finish()
}
