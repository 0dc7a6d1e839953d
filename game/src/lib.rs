//! The rules of Tic-Tac-Toe and the console plumbing that the five stage programs share.
//!
//! The rules: [`Board`] (parsed from a cell string, rendered as the grid), [`GameState`] (the
//! analysis of stage 3) and [`choose_cell`] (the three coordinate rules). The plumbing:
//! [`answers`] reads input lines in bounded memory and [`console`] prompts, re-asks and turns
//! every way a stage can end into its exit status.

pub mod answers;
mod board;
mod cell;
pub mod console;
mod coordinates;
mod state;

pub use board::{Board, CellsError, Position};
pub use cell::{Cell, Mark};
pub use coordinates::{MoveError, choose_cell};
pub use state::GameState;
