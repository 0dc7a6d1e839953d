//! The 3x3 grid: read from a cell string, shown as the five-line grid, played on.

use std::fmt;
use std::str::FromStr;

use crate::cell::{Cell, Mark};

/// A cell's place on the grid, 0-based internally; answers name it 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    row: usize,
    column: usize,
}

impl Position {
    /// The cell at a 0-based `row` and `column`, or `None` when either is not 0, 1 or 2.
    #[must_use]
    pub fn new(row: usize, column: usize) -> Option<Position> {
        (row < 3 && column < 3).then_some(Position { row, column })
    }

    /// The 0-based row, from the top.
    #[must_use]
    pub fn row(self) -> usize {
        self.row
    }

    /// The 0-based column, from the left.
    #[must_use]
    pub fn column(self) -> usize {
        self.column
    }

    fn index(self) -> usize {
        self.row * 3 + self.column
    }
}

/// The cell as an answer names it, row then column, 1-based: `2 3`.
impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.row + 1, self.column + 1)
    }
}

/// The eight lines that win: three rows, three columns, two diagonals (as cell indices).
const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// The grid of nine cells, row by row from the top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [Cell; 9],
}

impl Board {
    /// The grid before the first move.
    #[must_use]
    pub fn empty() -> Board {
        Board::default()
    }

    /// The cell at `position`.
    #[must_use]
    pub fn cell(&self, position: Position) -> Cell {
        self.cells[position.index()]
    }

    /// Puts `mark` at `position`, whatever was there.
    pub fn place(&mut self, position: Position, mark: Mark) {
        self.cells[position.index()] = Cell::Taken(mark);
    }

    /// How many cells hold `mark`.
    #[must_use]
    pub fn count(&self, mark: Mark) -> usize {
        self.cells
            .iter()
            .filter(|&&cell| cell == Cell::Taken(mark))
            .count()
    }

    /// Whether no cell is empty.
    #[must_use]
    pub fn is_full(&self) -> bool {
        !self.cells.contains(&Cell::Empty)
    }

    /// Whether `mark` holds a whole row, column or diagonal.
    #[must_use]
    pub fn has_line(&self, mark: Mark) -> bool {
        LINES.iter().any(|line| {
            line.iter()
                .all(|&index| self.cells[index] == Cell::Taken(mark))
        })
    }
}

/// A cell string that is not exactly nine of `X`, `O` and `_`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellsError;

impl fmt::Display for CellsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("You should enter 9 symbols: X, O or _!")
    }
}

impl std::error::Error for CellsError {}

impl FromStr for Board {
    type Err = CellsError;

    /// Reads a cell string such as `O_OXXO_XX`, row by row from the top left. The answer is
    /// taken as it is: trimming is the reader's job.
    fn from_str(cells: &str) -> Result<Board, CellsError> {
        let mut board = Board::empty();
        let mut symbols = cells.chars();
        for cell in &mut board.cells {
            *cell = symbols
                .next()
                .and_then(Cell::from_symbol)
                .ok_or(CellsError)?;
        }
        match symbols.next() {
            None => Ok(board),
            Some(_) => Err(CellsError),
        }
    }
}

impl fmt::Display for Board {
    /// The five-line grid, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const BORDER: &str = "---------";
        writeln!(f, "{BORDER}")?;
        for row in self.cells.chunks(3) {
            writeln!(
                f,
                "| {} {} {} |",
                row[0].symbol(),
                row[1].symbol(),
                row[2].symbol()
            )?;
        }
        writeln!(f, "{BORDER}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_the_cell_string_row_by_row() {
        let board: Board = "O_OXXO_XX".parse().expect("valid cell string");
        assert_eq!(
            board.to_string(),
            "---------\n| O _ O |\n| X X O |\n| _ X X |\n---------\n"
        );
    }

    #[test]
    fn rejects_every_string_that_is_not_nine_symbols() {
        for cells in [
            "",
            "O_OXXO_X",
            "O_OXXO_XXX",
            "o_oxxo_xx",
            "0_0XX0_XX",
            "O_O XO_XX",
            "O_OXXO_X ",
        ] {
            assert_eq!(cells.parse::<Board>(), Err(CellsError), "{cells:?}");
        }
    }

    #[test]
    fn positions_outside_the_grid_do_not_exist() {
        assert!(Position::new(2, 2).is_some());
        assert!(Position::new(3, 0).is_none());
        assert!(Position::new(0, 3).is_none());
    }
}
