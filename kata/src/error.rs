//! Every way a `kata` command can fail to do its job: one type, whose `Display` is the learner's
//! text and whose [`KataError::exit_status`] is decided here and nowhere else. A stage that fails
//! its check is not an error: it is the answer, with exit status 1.

use std::fmt;
use std::io;
use std::path::PathBuf;

use grade::project::{self, ProjectError};
pub use grade::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE};

/// Why a command could not be done.
#[derive(Debug)]
pub enum KataError {
    /// The command line is wrong: what to fix.
    Usage(String),
    /// No `kata.toml` at or above the folder the command was run in.
    NotInProject {
        /// Where the search began.
        start: PathBuf,
    },
    /// `kata.toml` cannot be used.
    Project(ProjectError),
    /// `kata new` was given a folder that already has something in it.
    NotEmpty(PathBuf),
    /// `kata reset` was not confirmed: nothing was changed.
    NotConfirmed,
    /// A file or folder of the project cannot be read or written.
    File {
        /// What was being done, with the path: "cannot write ttt/kata.toml".
        what: String,
        /// Why.
        error: io::Error,
    },
    /// A fixture of the kata cannot be read.
    Fixture(kata_model::FixtureError),
    /// The kata's manifest, or a file it names, cannot be read.
    Kata(kata_model::kata::KataError),
    /// The file watcher of `kata watch` failed.
    Watch(String),
    /// The output cannot be written.
    Output(io::Error),
    /// The grader could not run a case, for want of its own resources: no verdict.
    Grader(grade::GradeError),
    /// `kata dev check --submissions PATTERN` on a problem package none of whose submissions
    /// the pattern selects.
    NoSubmissionMatches {
        /// The pattern as given.
        pattern: String,
        /// The package's folder.
        package: PathBuf,
        /// How many submissions it has.
        count: usize,
    },
    /// `kata dev check --submissions` on a kata that is not a problem package.
    NotAPackage(PathBuf),
}

impl KataError {
    /// The error of a stage's plan that could not be made: a fixture or the kata's files as
    /// they are, anything else as the grader's.
    #[must_use]
    pub fn from_planning(error: grade::GradeError) -> KataError {
        match error {
            grade::GradeError::Fixture(error) => KataError::Fixture(error),
            grade::GradeError::Kata(error) => KataError::Kata(error),
            other => KataError::Grader(other),
        }
    }

    /// The process's exit status for this error.
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        match self {
            KataError::Usage(_)
            | KataError::NotInProject { .. }
            | KataError::Project(_)
            | KataError::NotEmpty(_)
            | KataError::Fixture(_)
            | KataError::Kata(_)
            | KataError::NoSubmissionMatches { .. }
            | KataError::NotAPackage(_) => EXIT_USAGE,
            KataError::NotConfirmed => EXIT_FAILED,
            KataError::File { .. } | KataError::Watch(_) | KataError::Output(_) => EXIT_INTERNAL,
            KataError::Grader(error) => error.exit_status(),
        }
    }

    /// The error of doing `what` (with the path) that failed with `error`.
    pub fn file(what: impl Into<String>) -> impl FnOnce(io::Error) -> KataError {
        let what = what.into();
        move |error| KataError::File { what, error }
    }
}

impl fmt::Display for KataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KataError::Usage(message) => f.write_str(message),
            KataError::NotInProject { start } => write!(
                f,
                "no {} in {} or above it: run kata inside a project, or make one with \
                 `kata new DIR`",
                project::FILE_NAME,
                start.display()
            ),
            KataError::Project(error) => error.fmt(f),
            KataError::NotEmpty(path) => write!(
                f,
                "{} exists and is not empty: kata new makes a project in a new or empty folder",
                path.display()
            ),
            KataError::NotConfirmed => f.write_str("nothing was changed"),
            KataError::File { what, error } => write!(f, "{what}: {error}"),
            KataError::Fixture(error) => write!(f, "cannot read the fixtures: {error}"),
            KataError::Kata(error) => write!(f, "unreadable kata: {error}"),
            KataError::Watch(message) => write!(f, "cannot watch the project's files: {message}"),
            KataError::Grader(error) => error.fmt(f),
            KataError::Output(error) => write!(f, "cannot write the output: {error}"),
            KataError::NoSubmissionMatches {
                pattern,
                package,
                count: 0,
            } => write!(
                f,
                "--submissions {pattern}: {} has no submission under submissions/",
                package.display()
            ),
            KataError::NoSubmissionMatches {
                pattern,
                package,
                count,
            } => write!(
                f,
                "--submissions {pattern}: selects none of the {count} submissions of {}; a \
                 pattern is matched against a submission's path under submissions/ \
                 (accepted/*.py) or a folder of them (wrong_answer)",
                package.display()
            ),
            KataError::NotAPackage(folder) => write!(
                f,
                "--submissions selects a problem package's submissions, and {} is a kata \
                 with no submissions/",
                folder.display()
            ),
        }
    }
}

impl std::error::Error for KataError {}

impl From<io::Error> for KataError {
    /// An I/O error with no file named is one of writing the output.
    fn from(error: io::Error) -> KataError {
        KataError::Output(error)
    }
}

impl From<ProjectError> for KataError {
    fn from(error: ProjectError) -> KataError {
        KataError::Project(error)
    }
}

impl From<grade::GradeError> for KataError {
    fn from(error: grade::GradeError) -> KataError {
        KataError::Grader(error)
    }
}
