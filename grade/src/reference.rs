//! The reference stages: programs linked into `grade` by name (a manifest's
//! `reference = { built-in = "stage3" }`, found among the katas linked in, [`crate::katas`]), or
//! a kata's own command line. Grading a built-in
//! reference runs this same executable as `grade --run-reference NAME`, so the reference graded
//! is always the one built with this grader: nothing is looked up or built at run time, and a
//! copied workspace grades its own.

use std::env;
use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::process::ExitCode;

use harness::Program;
use kata_model::kata::{Kata, Reference, Stage};

use crate::error::GradeError;
use crate::katas::{self, RunFolder, StageError, run_program};

/// The argument that makes `grade` be a built-in reference instead of a grader.
pub const FLAG: &str = "--run-reference";

/// Whether a program named `name` is built in.
#[must_use]
pub fn is_built_in(name: &str) -> bool {
    katas::reference(name).is_some()
}

/// The built-in program that `args` (the whole command line) asks this executable to be, if
/// it is exactly `grade --run-reference NAME` with a name built in.
#[must_use]
pub fn requested(args: &[OsString]) -> Option<&'static str> {
    match args {
        [_, flag, name] if flag == FLAG => katas::reference(name.to_str()?).map(|(known, _)| known),
        _ => None,
    }
}

/// Runs the built-in program `name` on the process's standard streams, as its own executable
/// would.
#[must_use]
pub fn run(name: &str) -> ExitCode {
    match katas::reference(name) {
        Some((_, play)) => run_program(name, |mut input, mut output| play(&mut input, &mut output)),
        None => ExitCode::from(crate::error::EXIT_USAGE),
    }
}

/// Runs the built-in program `name` on `input` and `output`.
///
/// # Errors
///
/// As the program ends when its job is not done: input ended, or reading or writing failed.
/// `None` when no program of that name is built in.
pub fn play(
    name: &str,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Option<Result<(), StageError>> {
    katas::reference(name).map(|(_, play)| play(&mut input, &mut output))
}

/// The reference of `stage` of `kata` as a program: this executable with [`FLAG`] for a
/// built-in one, else the kata's command line in the kata's folder, which comes with it (a
/// kata built in is written out for it, until the folder is dropped).
///
/// # Errors
///
/// When the reference is not built into this grader, this executable cannot find its own
/// path, or a kata built in cannot be written out.
pub fn program(kata: &Kata, stage: &Stage) -> Result<(Program, Option<RunFolder>), GradeError> {
    let label = format!("the reference stage {} of {}", stage.number, kata.title);
    match &stage.reference {
        Reference::BuiltIn(name) => {
            if !is_built_in(name) {
                return Err(GradeError::Usage(format!(
                    "the reference of stage {} of {} is the built-in program `{name}`, which this \
                     grade does not have (it has {})",
                    stage.number,
                    kata.title,
                    katas::reference_names().join(", ")
                )));
            }
            let executable = env::current_exe().map_err(GradeError::OwnExecutable)?;
            Ok((
                Program::labelled(vec![executable.into(), FLAG.into(), name.into()], label),
                None,
            ))
        }
        Reference::Submission(None) => Err(GradeError::Usage(format!(
            "{} has no accepted submission (`submissions/accepted/`) to serve as its reference: \
             give the command to grade after `--`",
            kata.title
        ))),
        Reference::Submission(Some(source)) => {
            // Built as the package builds its submission: its language and entry point where
            // submissions.yaml gives them, its included files.
            let of_package = kata.package.as_ref().and_then(|package| {
                let submission = package
                    .submissions
                    .iter()
                    .find(|submission| submission.path == *source)?;
                Some(harness::building::build_packaged(
                    package,
                    submission,
                    "reference",
                ))
            });
            let built = of_package
                .unwrap_or_else(|| {
                    let language = kata_model::package::Language::of_program(source);
                    harness::building::build_apart(source, (language, None), None, "reference")
                })
                .map_err(|error| {
                    GradeError::Kata(kata_model::kata::KataError {
                        path: source.clone(),
                        line: None,
                        message: format!("the accepted submission does not build: {error}"),
                    })
                })?;
            let program = Program::labelled(built.argv, label);
            Ok((program, Some(RunFolder::holding(built.folder))))
        }
        Reference::Run(line) => {
            let program = Program::command_line(line).map_err(GradeError::Program)?;
            let folder = RunFolder::of(kata)?;
            let program =
                Program::labelled(program.argv().to_vec(), label).in_folder(folder.path());
            Ok((program, Some(folder)))
        }
    }
}
