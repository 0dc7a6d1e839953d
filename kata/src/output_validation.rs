//! A problem package's outputs that test its output validation, as `kata dev check` runs them
//! before its submissions and as the format says: each `.out` of `data/invalid_output/` must be
//! rejected, each of `data/valid_output/` accepted, against its case's answer and input with
//! the case's arguments, by the package's output validator or its default validation.

use std::fs;
use std::io::Write;
use std::sync::Arc;

use harness::Program;
use harness::validator::{self, Decision, Validation};
use kata_model::case_judge::JudgeProgram;
use kata_model::package::{OutputCheck, Package, Validation as PackageValidation};

use crate::author::problem::Problem;
use crate::course::plural;
use crate::error::KataError;
use crate::style::Style;

/// How the package validates an output.
enum Validator {
    /// Its default validation, with each case's flags.
    Default,
    /// Its output validator, built.
    Program(Program),
}

/// Runs the package's output validation on the outputs of `data/invalid_output/` and
/// `data/valid_output/`, saying on `out` what it found; the problems are the outputs it
/// decides otherwise than their folder says, or does not decide, and a validator that does
/// not build. A package with none of them says nothing; an interactive one says they are not
/// run, as the format has them only for problems that are not.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn check(
    package: &Package,
    out: &mut dyn Write,
    style: Style,
) -> Result<Vec<Problem>, KataError> {
    let checks = &package.output_checks;
    let mut problems = Vec::new();
    if checks.is_empty() {
        return Ok(problems);
    }
    if package.is_interactive() {
        writeln!(
            out,
            "skipped: {} under data/invalid_output/ and data/valid_output/, which are for \
             problems that are not interactive",
            plural(checks.len(), "output", "outputs")
        )?;
        return Ok(problems);
    }
    // The folder a build-and-run validator runs in lives as long as it is used.
    let (validator, _folder) = match &package.validation {
        PackageValidation::Default => (Validator::Default, None),
        PackageValidation::Custom {
            source, language, ..
        } => match grade::katas::package_program(package, source, *language, "output validator") {
            Ok((program, folder)) => (Validator::Program(program), folder),
            Err(error) => {
                writeln!(
                    out,
                    "output checks: {}",
                    style.bad("the output validator does not build")
                )?;
                problems.push(Problem {
                    path: source.clone(),
                    line: None,
                    message: error.to_string(),
                });
                return Ok(problems);
            }
        },
    };
    for check in checks {
        let said = match validate(&validator, check) {
            Ok(validation) => match (&validation.decision, check.valid) {
                (Decision::Accepted, true) | (Decision::Rejected, false) => continue,
                (Decision::Accepted, false) => "accepts it, which data/invalid_output/ says it \
                                                must reject"
                    .to_owned(),
                (Decision::Rejected, _) => with_message(
                    "rejects it, which data/valid_output/ says it must accept",
                    &validation,
                ),
                (Decision::Failed(why), _) => with_message(why, &validation),
            },
            Err(error) => format!("cannot be run on it: {error}"),
        };
        writeln!(
            out,
            "output {}: the output validation {}",
            check.case.name,
            style.bad(&said)
        )?;
        problems.push(Problem {
            path: check.output.clone(),
            line: None,
            message: format!("the output validation {said}"),
        });
    }
    if problems.is_empty() {
        let (valid, invalid) = checks.iter().partition::<Vec<_>, _>(|check| check.valid);
        let mut found = Vec::new();
        if !invalid.is_empty() {
            found.push(format!(
                "rejects every one of {}",
                plural(invalid.len(), "invalid output", "invalid outputs")
            ));
        }
        if !valid.is_empty() {
            found.push(format!(
                "accepts every one of {}",
                plural(valid.len(), "valid output", "valid outputs")
            ));
        }
        let by = match validator {
            Validator::Default => "the default output validation",
            Validator::Program(_) => "the output validator",
        };
        writeln!(
            out,
            "output checks: {}",
            style.good(&format!("{by} {}", found.join(" and ")))
        )?;
    }
    Ok(problems)
}

/// What `validator` decides of the output of `check`, with its case's arguments.
fn validate(validator: &Validator, check: &OutputCheck) -> std::io::Result<Validation> {
    let case = &check.case;
    let answer = fs::read(&case.answer)?;
    let output = fs::read(&check.output)?;
    match validator {
        Validator::Default => Ok(Validation::of_tokens(
            &answer,
            &output,
            &case.default_flags.unwrap_or_default(),
        )),
        Validator::Program(program) => {
            let judge = Arc::new(JudgeProgram {
                program: harness::runs::command(program),
                args: case.validator_args.clone(),
                timeout: validator::DEFAULT_TIMEOUT,
            });
            validator::checker::check(&judge, &fs::read(&case.input)?, &answer, &output)
        }
    }
}

/// `why`, with what the validation told the team or the judges after it, where it said
/// anything.
fn with_message(why: &str, validation: &Validation) -> String {
    let message = [&validation.team_message, &validation.judge_message]
        .into_iter()
        .map(|message| message.trim())
        .find(|message| !message.is_empty());
    match message {
        Some(message) => format!("{why}: {message}"),
        None => why.to_owned(),
    }
}
