//! The analysis of a grid that stage 3 prints and stage 5 ends a game on.

use std::fmt;

use crate::board::Board;
use crate::cell::Mark;

/// What a grid says about its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// Neither side has a line and there are empty cells.
    NotFinished,
    /// Neither side has a line and the grid is full.
    Draw,
    /// This side has a line.
    Wins(Mark),
    /// Both sides have a line, or one side has played two or more moves more than the other.
    Impossible,
}

impl GameState {
    /// The state of `board`; either side may have moved first.
    #[must_use]
    pub fn of(board: &Board) -> GameState {
        let (x_line, o_line) = (board.has_line(Mark::X), board.has_line(Mark::O));
        if (x_line && o_line) || board.count(Mark::X).abs_diff(board.count(Mark::O)) >= 2 {
            GameState::Impossible
        } else if x_line {
            GameState::Wins(Mark::X)
        } else if o_line {
            GameState::Wins(Mark::O)
        } else if board.is_full() {
            GameState::Draw
        } else {
            GameState::NotFinished
        }
    }

    /// Whether a game in this state is over: somebody won or the grid is full.
    #[must_use]
    pub fn is_over(self) -> bool {
        matches!(self, GameState::Wins(_) | GameState::Draw)
    }
}

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameState::NotFinished => f.write_str("Game not finished"),
            GameState::Draw => f.write_str("Draw"),
            GameState::Wins(mark) => write!(f, "{mark} wins"),
            GameState::Impossible => f.write_str("Impossible"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of the specification, as they were meant.
    #[test]
    fn states_of_the_specification_examples() {
        for (cells, state) in [
            ("XXXOO__O_", "X wins"),
            ("XOXOXOXXO", "X wins"),
            ("XOOOXOXXO", "O wins"),
            ("XOXOOXXXO", "Draw"),
            ("XO_OOX_X_", "Game not finished"),
            ("XO_XO_XOX", "Impossible"),
            ("_O_X__X_X", "Impossible"),
            ("_OOOO_X_X", "Impossible"),
        ] {
            let board: Board = cells.parse().expect("valid cell string");
            assert_eq!(GameState::of(&board).to_string(), state, "{cells}");
        }
    }
}
