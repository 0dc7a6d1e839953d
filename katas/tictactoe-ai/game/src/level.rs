//! The computer's three levels, by the names the menu and the `Making move` line give them.

use std::fmt;
use std::str::FromStr;

/// How well the computer plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Any empty cell, at random.
    Easy,
    /// A win if it has one, else a block if the opponent has a win, else at random.
    Medium,
    /// A cell of the best minimax value, at random among the equally good.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// Its name: `easy`, `medium` or `hard`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The line printed before each of its moves: `Making move level "easy"`.
    #[must_use]
    pub fn announcement(self) -> String {
        format!("Making move level \"{}\"", self.name())
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnknownLevel;

impl FromStr for Level {
    type Err = UnknownLevel;

    /// A level by its exact name, in lower case.
    fn from_str(word: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.name() == word)
            .ok_or(UnknownLevel)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_exactly() {
        for level in Level::ALL {
            assert_eq!(level.name().parse(), Ok(level));
        }
        assert_eq!("EASY".parse::<Level>(), Err(UnknownLevel));
        assert_eq!(Level::Hard.announcement(), "Making move level \"hard\"");
    }
}
