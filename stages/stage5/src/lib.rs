//! Stage 5, "Fight!": a whole game for two players at one keyboard, X first.

use std::io::{BufRead, Write};

use tictactoe::console::{Console, GAME_MOVE, StageError};
use tictactoe::{Board, GameState, Mark, choose_cell};

/// Prints the empty grid, then takes moves in turn, X first, each checked by the three rules,
/// printing the grid after each, until one wins or the grid is full; then prints the verdict.
///
/// # Errors
///
/// [`StageError::InputEnded`] when the input ends before the game is over, or an I/O error.
pub fn run(input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    let mut console = Console::new(input, output);
    let mut board = Board::empty();
    console.show(board)?;
    let mut mark = Mark::X;
    let verdict = loop {
        let position = console.ask_until(GAME_MOVE, |answer| choose_cell(&board, answer))?;
        board.place(position, mark);
        console.show(board)?;
        let state = GameState::of(&board);
        if state.is_over() {
            break state;
        }
        mark = mark.other();
    };
    console.say(verdict)?;
    console.finish()
}
