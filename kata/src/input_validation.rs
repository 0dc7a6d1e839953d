//! A problem package's input validators, as `kata dev check` runs them before its submissions
//! and as the format's tools do: each built once (kept in the validators' cache), run on every
//! test input, which each must find valid (exit 42), and on every input of
//! `data/invalid_input/`, which one of them at least must find invalid (exit 43).

use std::io::Write;

use harness::Program;
use harness::building::{self, BuildError};
use harness::validator::input::{INPUT_TIMEOUT, InputCheck, InputDecision, validate_input};
use kata_model::package::{InputArgs, InputValidator, InputValidatorKind, Package};

use crate::author::problem::Problem;
use crate::course::plural;
use crate::error::KataError;
use crate::style::Style;

/// An input validator built, with the folder its build made while it is used.
struct Ready<'a> {
    validator: &'a InputValidator,
    program: Program,
    _built: building::Validator,
}

/// Runs the input validators of `package` on its test inputs and invalid inputs, saying on
/// `out` what they found; the problems are the inputs found invalid or not decided, the
/// invalid inputs none rejects, and the validators that do not build. A package without input
/// validators is said so once, and is no problem; nor is a validator that is not run here.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn check(
    package: &Package,
    out: &mut dyn Write,
    style: Style,
) -> Result<Vec<Problem>, KataError> {
    let mut problems = Vec::new();
    if package.input_validators.is_empty() {
        writeln!(
            out,
            "input validators: none in the package (input_validators/), so its test inputs are \
             not checked"
        )?;
        return Ok(problems);
    }
    let mut ready = Vec::new();
    for validator in &package.input_validators {
        let language = match validator.kind {
            InputValidatorKind::Program(language) => language,
            InputValidatorKind::Checktestdata | InputValidatorKind::Viva => {
                let what = if validator.kind == InputValidatorKind::Viva {
                    "VIVA"
                } else {
                    "Checktestdata"
                };
                writeln!(
                    out,
                    "skipped: input validator {} in {what}, which is not run here",
                    validator.name
                )?;
                continue;
            }
        };
        match building::build_validator(&validator.source, language) {
            Ok(built) => {
                let mut program = Program::labelled(built.argv.clone(), validator.name.clone());
                // Build and run scripts run where `build` ran.
                if language == kata_model::package::Language::Scripts {
                    program = program.in_folder(built.folder.clone());
                }
                ready.push(Ready {
                    validator,
                    program,
                    _built: built,
                });
            }
            Err(BuildError::ToolMissing { tool }) => writeln!(
                out,
                "skipped: input validator {}, `{tool}` is not installed here",
                validator.name
            )?,
            Err(BuildError::NotRunHere { language }) => writeln!(
                out,
                "skipped: input validator {} in {language}, which is not run here",
                validator.name
            )?,
            Err(error) => {
                writeln!(
                    out,
                    "{}: {}",
                    validator.name,
                    style.bad("the input validator does not build")
                )?;
                problems.push(Problem {
                    path: validator.source.clone(),
                    line: None,
                    message: format!("the input validator does not build: {error}"),
                });
            }
        }
    }
    if ready.is_empty() {
        writeln!(
            out,
            "input validators: none that runs here, so the test inputs are not checked"
        )?;
        return Ok(problems);
    }
    let before = problems.len();
    for case in &package.cases {
        for one in &ready {
            let checked = run(one, &case.input_validator_args, &case.input);
            let said = match &checked.decision {
                InputDecision::Valid => continue,
                InputDecision::Invalid => said("finds it invalid", &checked),
                InputDecision::Failed(why) => said(why, &checked),
            };
            writeln!(
                out,
                "input {}: {} {}",
                case.name,
                one.validator.name,
                style.bad(&said)
            )?;
            problems.push(Problem {
                path: case.input.clone(),
                line: None,
                message: format!("the input validator {} {said}", one.validator.name),
            });
        }
    }
    for invalid in &package.invalid_inputs {
        let mut rejected = false;
        for one in &ready {
            let checked = run(one, &invalid.args, &invalid.input);
            match &checked.decision {
                InputDecision::Invalid => rejected = true,
                InputDecision::Valid => {}
                InputDecision::Failed(why) => {
                    let said = said(why, &checked);
                    writeln!(
                        out,
                        "invalid input {}: {} {}",
                        invalid.name,
                        one.validator.name,
                        style.bad(&said)
                    )?;
                    problems.push(Problem {
                        path: invalid.input.clone(),
                        line: None,
                        message: format!("the input validator {} {said}", one.validator.name),
                    });
                }
            }
        }
        if !rejected {
            writeln!(
                out,
                "invalid input {}: {}",
                invalid.name,
                style.bad("every input validator finds it valid")
            )?;
            problems.push(Problem {
                path: invalid.input.clone(),
                line: None,
                message: "an invalid input that no input validator rejects (exit 43)".to_owned(),
            });
        }
    }
    if problems.len() == before {
        let names: Vec<&str> = ready
            .iter()
            .map(|one| one.validator.name.as_str())
            .collect();
        let one = names.len() == 1;
        let invalid = if package.invalid_inputs.is_empty() {
            String::new()
        } else {
            format!(
                ", and {} {}",
                if one { "rejects" } else { "reject" },
                plural(
                    package.invalid_inputs.len(),
                    "invalid input",
                    "invalid inputs"
                )
            )
        };
        writeln!(
            out,
            "input validators: {}",
            style.good(&format!(
                "{} {} every one of {} valid{invalid}",
                names.join(", "),
                if one { "finds" } else { "find" },
                plural(package.cases.len(), "test input", "test inputs")
            ))
        )?;
    }
    Ok(problems)
}

fn run(one: &Ready<'_>, args: &InputArgs, input: &std::path::Path) -> InputCheck {
    validate_input(&one.program, args.of(one.validator), input, INPUT_TIMEOUT)
}

/// `why`, with the validator's message after it where it wrote one.
fn said(why: &str, checked: &InputCheck) -> String {
    if checked.message.is_empty() {
        why.to_owned()
    } else {
        format!("{why}: {}", checked.message)
    }
}
