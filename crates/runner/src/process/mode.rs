//! How a case's input is given, and whether this system can give it one answer at a time: a
//! leaf of `process`, so that the reaper, which asks before it hides the grader from its cases,
//! does not import `process`, which starts every case through the reaper.

use super::watch::{self, Unsupported};

/// How a case's input is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One line each time the program waits for input, as a person at the keyboard would.
    Interactive,
    /// All of it at once, then its end.
    WholeInput,
}

impl Mode {
    /// [`Mode::Interactive`] if this system shows when a program waits for input.
    ///
    /// # Errors
    ///
    /// Why it does not: another system, or a `/proc` that hides what processes are doing.
    pub fn interactive() -> Result<Mode, Unsupported> {
        watch::support().map(|()| Mode::Interactive)
    }

    /// One answer at a time where this system shows when a program waits for input, else the
    /// whole input at once.
    #[must_use]
    pub fn best() -> Mode {
        Mode::interactive().unwrap_or(Mode::WholeInput)
    }

    /// The mode's name in reports: `interactive` or `whole-input`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mode::Interactive => "interactive",
            Mode::WholeInput => "whole-input",
        }
    }
}
