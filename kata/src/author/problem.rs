//! A thing wrong with a kata, as `kata dev check` and `kata dev record` report it, and the
//! layout of what explains it: in a module of its own below the author's commands, so that the
//! checks they call, which all report problems, need not import the commands back.

use std::fmt;
use std::path::PathBuf;

use kata_model::kata::KataError as ManifestError;

/// One thing wrong with a kata: where, and what.
#[derive(Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file to fix.
    pub path: PathBuf,
    /// Its 1-based line, where one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl From<ManifestError> for Problem {
    fn from(error: ManifestError) -> Problem {
        Problem {
            path: error.path,
            line: error.line,
            message: error.message,
        }
    }
}

impl From<kata_model::FixtureError> for Problem {
    fn from(error: kata_model::FixtureError) -> Problem {
        Problem {
            path: error.path,
            line: error.line,
            message: error.message,
        }
    }
}

/// `text`, each of its lines indented under the problem it explains.
pub(super) fn indented(text: &str) -> String {
    text.lines()
        .map(|line| {
            if line.is_empty() {
                String::new()
            } else {
                format!("  {line}")
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
