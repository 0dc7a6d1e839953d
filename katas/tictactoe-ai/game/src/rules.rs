//! The rules of this kata's games where they differ from the first kata's: X always moves
//! first, so whose move it is follows from the counts of the marks, and any other count is
//! impossible.

use tictactoe::{Board, Cell, GameState, Mark, Position};

/// Every cell, row by row from the top left.
pub fn cells() -> impl Iterator<Item = Position> {
    (0..3).flat_map(|row| (0..3).filter_map(move |column| Position::new(row, column)))
}

/// The empty cells of `board`, row by row from the top left.
#[must_use]
pub fn empty_cells(board: &Board) -> Vec<Position> {
    cells()
        .filter(|&position| board.cell(position) == Cell::Empty)
        .collect()
}

/// The player to move in `board`: X when the counts are equal, O when X has one more, `None`
/// for any other count.
#[must_use]
pub fn to_move(board: &Board) -> Option<Mark> {
    let (x, o) = (board.count(Mark::X), board.count(Mark::O));
    if x == o {
        Some(Mark::X)
    } else if x == o + 1 {
        Some(Mark::O)
    } else {
        None
    }
}

/// The state of `board` in this kata: `Impossible` when the counts are not those of a game X
/// started or both sides have three in a row; else a win, a draw, or a game not finished.
#[must_use]
pub fn state(board: &Board) -> GameState {
    // The first kata's state, where either side may have moved first, but for that.
    if to_move(board).is_none() {
        GameState::Impossible
    } else {
        GameState::of(board)
    }
}

/// `board` with `mark` placed at `position`.
#[must_use]
pub fn after(board: &Board, position: Position, mark: Mark) -> Board {
    let mut next = *board;
    next.place(position, mark);
    next
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(cells: &str) -> Board {
        cells.parse().expect("a cell string")
    }

    #[test]
    fn x_moves_first_and_o_ahead_is_impossible() {
        assert_eq!(to_move(&Board::empty()), Some(Mark::X));
        assert_eq!(to_move(&board("X________")), Some(Mark::O));
        assert_eq!(to_move(&board("O________")), None);
        assert_eq!(to_move(&board("XX_______")), None);
        for (cells, shown) in [
            ("O________", "Impossible"),
            ("XXXOOO___", "Impossible"),
            ("_XXOO_OX_", "Game not finished"),
            ("XXXOO_OX_", "X wins"),
            ("XXOOOXOX_", "O wins"),
            ("XOXOOXXXO", "Draw"),
            ("OOO_XX_XX", "O wins"),
            ("OOOXXX_X_", "Impossible"),
        ] {
            assert_eq!(state(&board(cells)).to_string(), shown, "{cells}");
        }
    }

    #[test]
    fn lists_the_empty_cells_row_by_row() {
        let empty = empty_cells(&board("XO_OXX_OX"));
        let named: Vec<(usize, usize)> = empty.iter().map(|p| (p.row(), p.column())).collect();
        assert_eq!(named, [(0, 2), (2, 0)]);
        assert_eq!(cells().count(), 9);
    }
}
