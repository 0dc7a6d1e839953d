//! How the user's side of a Tic-Tac-Toe with AI case answers, decided at the moment the program
//! waits from what it has shown: the menu's commands in order (then `exit`), and at the
//! coordinates prompt a cell of the grid it last showed, by the case's strategy.

use std::collections::VecDeque;

use harness::rules::Answerer;

use super::reading::{self, Event};

/// The strategies a case may name, by name.
pub const NAMES: [&str; 4] = [
    "first-empty",
    "random-empty",
    "occupied-first",
    "malformed-first",
];

/// How a move is chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// The first empty cell, row by row.
    FirstEmpty,
    /// An empty cell at random.
    RandomEmpty,
    /// An occupied cell first, where there is one, then the first empty cell.
    OccupiedFirst,
    /// A malformed answer first, then the first empty cell.
    MalformedFirst,
}

/// The most answers a run is given: far more than any game, so that a program that asks for
/// ever more ends.
const MAX_ANSWERS: usize = 200;

/// The user's side of one run.
pub struct Strategy {
    kind: Kind,
    commands: VecDeque<String>,
    /// Whether the run has a menu: an unrecognised prompt outside a game is the menu's.
    menu: bool,
    in_game: bool,
    answers: usize,
    /// How much of the output had been written at the last answer.
    seen: usize,
    /// The grid the last deliberately wrong answer was given on.
    tried_on: Option<[char; 9]>,
    random: fastrand::Rng,
}

impl Strategy {
    /// The strategy named `name`, giving `commands` where the program asks for a command.
    ///
    /// # Errors
    ///
    /// When there is no strategy of that name: the names there are.
    pub fn new(name: &str, commands: &[String], menu: bool) -> Result<Strategy, String> {
        let kind = match name {
            "first-empty" => Kind::FirstEmpty,
            "random-empty" => Kind::RandomEmpty,
            "occupied-first" => Kind::OccupiedFirst,
            "malformed-first" => Kind::MalformedFirst,
            _ => {
                return Err(format!(
                    "no strategy `{name}` for the answers (there are {})",
                    NAMES.join(", ")
                ));
            }
        };
        Ok(Strategy {
            kind,
            commands: commands.iter().cloned().collect(),
            menu,
            in_game: !menu,
            answers: 0,
            seen: 0,
            tried_on: None,
            random: fastrand::Rng::new(),
        })
    }

    fn command(&mut self) -> Option<String> {
        let command = match self.commands.pop_front() {
            Some(command) => command,
            // The menu's commands are given; then it ends. Without a menu, the input does.
            None if self.menu => "exit".to_owned(),
            None => return None,
        };
        self.in_game = self.menu && command.split_whitespace().next() == Some("start");
        Some(command)
    }

    fn cell(&mut self, grid: [char; 9]) -> String {
        let empty: Vec<usize> = (0..9).filter(|&cell| grid[cell] == '_').collect();
        let occupied: Vec<usize> = (0..9).filter(|&cell| grid[cell] != '_').collect();
        let wrong_first = self.tried_on != Some(grid);
        let cell = match self.kind {
            Kind::OccupiedFirst if wrong_first && !occupied.is_empty() => {
                self.tried_on = Some(grid);
                occupied[0]
            }
            Kind::MalformedFirst if wrong_first => {
                self.tried_on = Some(grid);
                return "one one".to_owned();
            }
            Kind::RandomEmpty => self.random.choice(&empty).copied().unwrap_or(0),
            _ => empty.first().copied().unwrap_or(0),
        };
        format!("{} {}", cell / 3 + 1, cell % 3 + 1)
    }
}

impl Answerer for Strategy {
    fn answer(&mut self, output: &[u8]) -> Option<String> {
        self.answers += 1;
        if self.answers > MAX_ANSWERS {
            return None;
        }
        let new = reading::read(output.get(self.seen..).unwrap_or_default());
        self.seen = output.len();
        if new
            .iter()
            .any(|located| matches!(located.event, Event::State(_)) && self.menu)
        {
            self.in_game = false;
        }
        let asked = new.iter().rev().find_map(|located| match located.event {
            Event::Prompt(prompt) => Some(prompt),
            _ => None,
        });
        let asks_a_move = match asked {
            Some("Enter the coordinates:") => true,
            Some(_) => false,
            // A prompt not shown (yet): by where the run is.
            None => self.in_game,
        };
        if !asks_a_move {
            return self.command();
        }
        let grid = reading::read(output)
            .into_iter()
            .rev()
            .find_map(|located| match located.event {
                Event::Grid(cells) => Some(cells),
                _ => None,
            })
            .unwrap_or(['_'; 9]);
        Some(self.cell(grid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "---------\n| X _ _ |\n| _ O _ |\n| _ _ _ |\n---------\n";

    #[test]
    fn answers_the_menu_with_its_commands_then_moves_by_the_grid() {
        let mut strategy =
            Strategy::new("occupied-first", &["start user easy".to_owned()], true).expect("known");
        let mut output = "Input command: ".to_owned();
        assert_eq!(
            strategy.answer(output.as_bytes()).as_deref(),
            Some("start user easy")
        );
        output += GRID;
        output += "Enter the coordinates: ";
        assert_eq!(strategy.answer(output.as_bytes()).as_deref(), Some("1 1"));
        output += "This cell is occupied! Choose another one!\nEnter the coordinates: ";
        assert_eq!(strategy.answer(output.as_bytes()).as_deref(), Some("1 2"));
        output += "X wins\nInput command: ";
        assert_eq!(strategy.answer(output.as_bytes()).as_deref(), Some("exit"));
        assert!(Strategy::new("best", &[], true).is_err());
    }

    #[test]
    fn a_prompt_not_shown_is_answered_by_where_the_run_is() {
        let mut strategy =
            Strategy::new("first-empty", &["start user user".to_owned()], true).expect("known");
        assert_eq!(strategy.answer(b"").as_deref(), Some("start user user"));
        assert_eq!(strategy.answer(GRID.as_bytes()).as_deref(), Some("1 2"));
        let mut stage2 = Strategy::new("malformed-first", &[], false).expect("known");
        assert_eq!(stage2.answer(GRID.as_bytes()).as_deref(), Some("one one"));
        assert_eq!(stage2.answer(GRID.as_bytes()).as_deref(), Some("1 2"));
    }
}
