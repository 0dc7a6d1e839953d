//! The two players' marks and the three states of a cell.

use std::fmt;

/// A player's mark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mark {
    /// The mark of the player who moves first in a game.
    X,
    /// The mark of the other player.
    O,
}

impl Mark {
    /// The mark of the player who moves next.
    #[must_use]
    pub fn other(self) -> Mark {
        match self {
            Mark::X => Mark::O,
            Mark::O => Mark::X,
        }
    }
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Mark::X => "X",
            Mark::O => "O",
        })
    }
}

/// One cell of the grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nobody has played here.
    #[default]
    Empty,
    /// A player has played here.
    Taken(Mark),
}

impl Cell {
    /// The cell a symbol of a cell string stands for: `X`, `O` or `_` (empty).
    #[must_use]
    pub fn from_symbol(symbol: char) -> Option<Cell> {
        match symbol {
            'X' => Some(Cell::Taken(Mark::X)),
            'O' => Some(Cell::Taken(Mark::O)),
            '_' => Some(Cell::Empty),
            _ => None,
        }
    }

    /// The symbol that shows the cell, in cell strings and in the grid alike.
    #[must_use]
    pub fn symbol(self) -> char {
        match self {
            Cell::Empty => '_',
            Cell::Taken(Mark::X) => 'X',
            Cell::Taken(Mark::O) => 'O',
        }
    }
}
