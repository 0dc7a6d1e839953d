//! The reference stages, linked into `grade`. Grading "the reference" runs this same executable
//! as `grade --run-reference N`, so the reference graded is always the one built with this
//! grader: nothing is looked up or built at run time, and a copied workspace grades its own.

use std::env;
use std::ffi::OsString;
use std::process::ExitCode;

use harness::Program;
use tictactoe::console::run_program;

use crate::error::GradeError;

/// The argument that makes `grade` be a reference stage instead of a grader.
pub const FLAG: &str = "--run-reference";

/// The stage that `args` (the whole command line) asks this executable to be, if it is
/// exactly `grade --run-reference N` with N from 1 to 5.
#[must_use]
pub fn requested(args: &[OsString]) -> Option<u8> {
    match args {
        [_, flag, stage] if flag == FLAG => {
            stage.to_str()?.parse().ok().filter(|n| (1..=5).contains(n))
        }
        _ => None,
    }
}

/// Runs reference stage `stage` (1 to 5) on the process's standard streams, as its own
/// executable would.
#[must_use]
pub fn run(stage: u8) -> ExitCode {
    match stage {
        1 => run_program("stage1", stage1::run),
        2 => run_program("stage2", stage2::run),
        3 => run_program("stage3", stage3::run),
        4 => run_program("stage4", stage4::run),
        _ => run_program("stage5", stage5::run),
    }
}

/// Reference stage `stage` as a program: this executable with [`FLAG`].
///
/// # Errors
///
/// When this executable cannot find its own path.
pub fn program(stage: u8) -> Result<Program, GradeError> {
    let executable = env::current_exe().map_err(GradeError::OwnExecutable)?;
    Ok(Program::labelled(
        vec![executable.into(), FLAG.into(), stage.to_string().into()],
        format!("the reference stage{stage}"),
    ))
}
