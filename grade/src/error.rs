//! Every way `grade` can fail to give a verdict: one type, whose `Display` is the user's text and
//! whose [`GradeError::exit_status`] is decided here and nowhere else.

use std::fmt;
use std::io;
use std::path::PathBuf;

use kata_model::fixture::FixtureError;
use kata_model::kata::KataError;
use runner::program::ProgramError;

/// The exit status when every case passed.
pub const EXIT_PASSED: u8 = 0;
/// The exit status when a case failed.
pub const EXIT_FAILED: u8 = 1;
/// The exit status for a usage error or a fixture that cannot be read (clap uses it too).
pub const EXIT_USAGE: u8 = 2;
/// The exit status when the grader itself failed (its output, its own executable): never a
/// verdict on the program graded.
pub const EXIT_INTERNAL: u8 = 3;

/// The exit status of a verdict: whether every case passed.
pub(crate) fn status_of(passed: bool) -> u8 {
    if passed { EXIT_PASSED } else { EXIT_FAILED }
}

/// Why grading could not be done.
#[derive(Debug)]
pub enum GradeError {
    /// The command line is wrong: what to fix.
    Usage(String),
    /// A fixture, or the folder of fixtures, cannot be read.
    Fixture(FixtureError),
    /// The kata's manifest, or a file it names, cannot be read.
    Kata(KataError),
    /// The program to grade cannot be had.
    Program(ProgramError),
    /// The folder of a class cannot be listed.
    Class {
        /// The folder given.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
    /// The report or the JSON results cannot be written.
    Output {
        /// What was being written: "the report", or the JSON file's path.
        what: String,
        /// Why.
        error: io::Error,
    },
    /// This executable cannot find itself, so it cannot run its reference stage.
    OwnExecutable(io::Error),
    /// The grader ran out of its own resources (file descriptors, processes, memory) or could
    /// not set up a case's sandbox: no verdict on the program can be given.
    OwnResources(io::Error),
}

impl GradeError {
    /// The process's exit status for this error.
    #[must_use]
    pub fn exit_status(&self) -> u8 {
        match self {
            GradeError::Usage(_)
            | GradeError::Fixture(_)
            | GradeError::Kata(_)
            | GradeError::Program(_)
            | GradeError::Class { .. } => EXIT_USAGE,
            GradeError::Output { .. }
            | GradeError::OwnExecutable(_)
            | GradeError::OwnResources(_) => EXIT_INTERNAL,
        }
    }
}

impl fmt::Display for GradeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GradeError::Usage(message) => f.write_str(message),
            GradeError::Fixture(error) => write!(f, "cannot read the fixtures: {error}"),
            GradeError::Kata(error) => write!(f, "unreadable kata: {error}"),
            GradeError::Program(error) => error.fmt(f),
            GradeError::Class { path, error } => {
                write!(f, "cannot list {}: {error}", path.display())
            }
            GradeError::Output { what, error } => write!(f, "cannot write {what}: {error}"),
            GradeError::OwnExecutable(error) => write!(
                f,
                "cannot find this grade executable to run the reference stage: {error}"
            ),
            GradeError::OwnResources(error) => write!(
                f,
                "the grader could not run a case: {error}. That is a failure of the grader's own \
                 resources, not a verdict on the program: run fewer programs at once, or raise \
                 the limit (`ulimit -n`, `ulimit -u`)"
            ),
        }
    }
}

impl std::error::Error for GradeError {}
