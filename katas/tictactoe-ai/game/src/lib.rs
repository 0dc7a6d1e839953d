//! The rules of the Tic-Tac-Toe with AI kata, on top of the first kata's grid and console
//! ([`tictactoe`]): X always moves first ([`rules`]), the computer's three levels and the moves
//! each may make ([`level`], [`moves`], [`minimax`]), and the conversation of the five stages
//! ([`play`]: a cell string and one move, a whole game, the menu).
//!
//! The moves a level may make are one function, [`moves::allowed`]: the reference chooses among
//! them at random, and a grader checks a program's move against them.

pub mod level;
pub mod minimax;
pub mod moves;
pub mod play;
pub mod rules;

pub use level::Level;
pub use play::Player;
