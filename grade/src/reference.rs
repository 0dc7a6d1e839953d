//! The reference stages, linked into `grade`. Grading "the reference" runs this same executable
//! as `grade --run-reference N`, so the reference graded is always the one built with this
//! grader: nothing is looked up or built at run time, and a copied workspace grades its own.

use std::env;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;

use harness::Program;
use tictactoe::console::{StageError, run_program};

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
    run_program(&name(stage), |input, output| play(stage, input, output))
}

/// Runs reference stage `stage` (1 to 5; 5 for any other) on `input` and `output`: the one
/// place that maps a stage's number to its code.
///
/// # Errors
///
/// As the stage ends when its job is not done: input ended, or reading or writing failed.
pub fn play(stage: u8, input: impl BufRead, output: impl Write) -> Result<(), StageError> {
    match stage {
        1 => stage1::run(input, output),
        2 => stage2::run(input, output),
        3 => stage3::run(input, output),
        4 => stage4::run(input, output),
        _ => stage5::run(input, output),
    }
}

/// The name stage `stage` goes by, as its own executable: `stage3`.
#[must_use]
pub fn name(stage: u8) -> String {
    format!("stage{stage}")
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
