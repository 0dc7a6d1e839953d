//! The exact value of every position of the 3x3 game, both sides playing perfectly: what `hard`
//! plays by, and what a grader checks a `hard` move against. Every position is solved once, the
//! first time one is asked for, into a table of the 3^9 grids.

use std::sync::OnceLock;

use tictactoe::{Board, Cell, Mark, Position};

use crate::rules::{self, after, empty_cells};

/// A position's value for the player to move, both sides playing perfectly afterwards; a win
/// is worth no more for coming sooner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The player to move loses.
    Loss,
    /// Neither side can force a win.
    Draw,
    /// The player to move can force a win.
    Win,
}

impl Value {
    /// The value for the other player.
    #[must_use]
    pub fn for_opponent(self) -> Value {
        match self {
            Value::Loss => Value::Win,
            Value::Draw => Value::Draw,
            Value::Win => Value::Loss,
        }
    }

    /// The value in words, for a learner: "a win", "a draw", "a loss".
    #[must_use]
    pub fn in_words(self) -> &'static str {
        match self {
            Value::Loss => "a loss",
            Value::Draw => "a draw",
            Value::Win => "a win",
        }
    }
}

/// The number of grids: each of the nine cells empty, X or O.
const GRIDS: usize = 19_683;

/// The value of `board` for `mover`, the player to move: a loss when the other player already
/// has three in a row, a draw when the grid is full, else the best of its moves.
#[must_use]
pub fn value(board: &Board, mover: Mark) -> Value {
    let table = table();
    table[index(board, mover)].unwrap_or_else(|| solve(board, mover, &mut table.clone()))
}

/// The value for `mover` of playing `position` in `board`.
#[must_use]
pub fn value_of_move(board: &Board, position: Position, mover: Mark) -> Value {
    value(&after(board, position, mover), mover.other()).for_opponent()
}

/// The empty cells of `board` whose value for `mover` is the best available, row by row; none
/// when the game is over.
#[must_use]
pub fn best_cells(board: &Board, mover: Mark) -> Vec<Position> {
    if board.has_line(Mark::X) || board.has_line(Mark::O) {
        return Vec::new();
    }
    let valued: Vec<(Position, Value)> = empty_cells(board)
        .into_iter()
        .map(|position| (position, value_of_move(board, position, mover)))
        .collect();
    let best = valued.iter().map(|&(_, value)| value).max();
    valued
        .into_iter()
        .filter(|&(_, value)| Some(value) == best)
        .map(|(position, _)| position)
        .collect()
}

/// The solved table, by [`index`]: every grid whose counts give a player to move, for that
/// player. A grid of another count is solved on demand for the mover asked.
fn table() -> &'static Vec<Option<Value>> {
    static TABLE: OnceLock<Vec<Option<Value>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![None; 2 * GRIDS];
        for code in 0..GRIDS {
            let board = decode(code);
            if let Some(mover) = rules::to_move(&board) {
                solve(&board, mover, &mut table);
            }
        }
        table
    })
}

/// The value of `board` for `mover`, from `table` or worked out into it.
fn solve(board: &Board, mover: Mark, table: &mut Vec<Option<Value>>) -> Value {
    let at = index(board, mover);
    if let Some(value) = table[at] {
        return value;
    }
    let value = if board.has_line(mover.other()) {
        Value::Loss
    } else if board.has_line(mover) {
        Value::Win
    } else {
        empty_cells(board)
            .into_iter()
            .map(|position| solve(&after(board, position, mover), mover.other(), table))
            .map(Value::for_opponent)
            .max_by(Ord::cmp)
            .unwrap_or(Value::Draw)
    };
    table[at] = Some(value);
    value
}

/// The place of `board` with `mover` to move in the table: the grid read as a number in base 3,
/// then which player moves.
fn index(board: &Board, mover: Mark) -> usize {
    let code = rules::cells().fold(0, |code, position| {
        code * 3
            + match board.cell(position) {
                Cell::Empty => 0,
                Cell::Taken(Mark::X) => 1,
                Cell::Taken(Mark::O) => 2,
            }
    });
    code * 2 + usize::from(mover == Mark::O)
}

/// The grid whose number in base 3 is `code`.
fn decode(mut code: usize) -> Board {
    let mut board = Board::empty();
    let positions: Vec<Position> = rules::cells().collect();
    for &position in positions.iter().rev() {
        match code % 3 {
            1 => board.place(position, Mark::X),
            2 => board.place(position, Mark::O),
            _ => {}
        }
        code /= 3;
    }
    board
}

#[cfg(test)]
mod tests;
