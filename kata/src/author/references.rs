//! The kata's references as the author's commands run them, and what is said of one that cannot
//! start: in a module of its own below the commands, so that running a task's examples and
//! recording the fixtures need not import the check, which runs the examples.

use std::path::Path;

use kata_model::kata::{Kata, Stage};

use super::problem::Problem;

/// Why the kata's references run outside the sandbox: they are the author's own.
pub(super) const UNSANDBOXED: &str = "the kata's own reference";

/// The problem of `stage`'s reference, which cannot start for `why`: at its line of the
/// manifest, with its command.
pub(super) fn cannot_start_problem(kata: &Kata, stage: &Stage, why: &str) -> Problem {
    Problem {
        path: kata.path_of(Path::new(kata_model::kata::MANIFEST)),
        line: Some(stage.reference_line),
        message: format!(
            "the reference of stage {} cannot start: `{}`: {why}",
            stage.number,
            reference_command(stage)
        ),
    }
}

/// The command of `stage`'s reference as its manifest gives it, for messages about it.
fn reference_command(stage: &Stage) -> String {
    match &stage.reference {
        kata_model::kata::Reference::Run(line) => line.clone(),
        kata_model::kata::Reference::BuiltIn(name) => format!("built-in {name}"),
        kata_model::kata::Reference::Submission(source) => source
            .as_deref()
            .map_or_else(String::new, |source| source.display().to_string()),
    }
}
