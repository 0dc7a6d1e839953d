//! `kata dev record`: each fixture's transcript written from what the kata's reference does on
//! its inputs, as insta writes a snapshot from what a test printed. A fixture may be a sketch
//! that holds only its header and its inputs (`> ` lines); the reference's run makes it whole,
//! exit status included. A fixture that already holds output is rewritten only when the author
//! accepts the change, after reading its diff, so that a recorded kata never changes silently.

use harness::interleaving::RunShown;
use harness::runs::{self, Over};
use std::fs;
use std::io::Write;
use std::path::Path;

use harness::PlainText;
use kata_model::case_judge::Role;
use kata_model::fixture::{self, Fixture};
use kata_model::kata::{Kata, Stage};
use runner::process::{self, Limits, Mode, Outcome};
use runner::sandbox::Sandbox;

use super::problem::Problem;
use super::references::{UNSANDBOXED, cannot_start_problem};
use crate::error::KataError;
use crate::style::Style;

/// Which fixtures to record: every stage's, one stage's, or the cases of one name.
#[derive(Clone, Debug, Default)]
pub struct Selection {
    /// Only this stage, from 1.
    pub stage: Option<u8>,
    /// Only the cases of this name.
    pub case: Option<String>,
}

/// What became of each fixture.
#[derive(Debug, Default)]
struct Tally {
    recorded: usize,
    unchanged: usize,
    refused: usize,
    problems: Vec<Problem>,
}

/// Records the fixtures of the kata in `folder` that `selection` names from its reference,
/// writing a change to a fixture that holds output only when `accept`; says on `out` what became
/// of each. Returns the exit status: 0 when every fixture is recorded or unchanged, 1 when a
/// change was not written or a fixture could not be recorded.
///
/// # Errors
///
/// When the kata cannot be read, `selection` names no stage or case of it, a fixture cannot be
/// written, or `out` cannot be written.
pub fn record(
    folder: &Path,
    selection: &Selection,
    accept: bool,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let kata = Kata::load(folder).map_err(KataError::Kata)?;
    if kata.package.is_some() {
        return Err(KataError::Usage(format!(
            "{} is a problem package: its cases are inputs with their answers, which record \
             does not write",
            folder.display()
        )));
    }
    let stages: Vec<&Stage> = match selection.stage {
        Some(number) => vec![kata.stage(number).map_err(KataError::Usage)?],
        None => kata.stages.iter().collect(),
    };
    writeln!(
        out,
        "Recording the kata {} ({}) from its reference, in {}",
        kata.title,
        kata.name,
        folder.display()
    )?;
    let mut tally = Tally::default();
    let mut matched = 0;
    for stage in stages {
        let fixtures = match kata.fixtures(stage.number) {
            Ok(fixtures) => fixtures,
            Err(error) => {
                tally.problems.push(error.into());
                continue;
            }
        };
        let chosen: Vec<Fixture> = fixtures
            .into_iter()
            .filter(|fixture| {
                selection
                    .case
                    .as_ref()
                    .is_none_or(|name| *name == fixture.name)
            })
            .collect();
        matched += chosen.len();
        if !chosen.is_empty() {
            record_stage(&kata, stage, &chosen, accept, out, style, &mut tally)?;
        }
    }
    if let (Some(name), 0) = (&selection.case, matched) {
        return Err(KataError::Usage(format!(
            "no case `{name}` in {}",
            selection
                .stage
                .map_or_else(|| "any stage".to_owned(), |stage| format!("stage {stage}"))
        )));
    }
    finish(out, &tally, style)
}

/// Records `fixtures`, cases of `stage`, counting what became of each in `tally`.
fn record_stage(
    kata: &Kata,
    stage: &Stage,
    fixtures: &[Fixture],
    accept: bool,
    out: &mut dyn Write,
    style: Style,
    tally: &mut Tally,
) -> Result<(), KataError> {
    let manifest = kata.path_of(Path::new(kata_model::kata::MANIFEST));
    let (program, _folder) = match grade::reference::program(kata, stage) {
        Ok(program) => program,
        Err(error) => {
            tally.problems.push(Problem {
                path: manifest,
                line: Some(stage.reference_line),
                message: error.to_string(),
            });
            return Ok(());
        }
    };
    let limits = stage.limits.over(Limits::default());
    for fixture in fixtures {
        let shown = format!("stage {}  {}", stage.number, fixture.shown_name());
        // An input case is data, not a transcript. An interactor's conversation depends on
        // the interactor, so no one run of the reference is the case's transcript; a checker's
        // case shows one right output among many, which a run of the reference gives where
        // there is none yet, and which it is not the record's to replace.
        let left = match stage.judges.of(&fixture.name) {
            _ if fixture.is_input_case() => Some("a case given by its input"),
            Some(judge) if judge.role == Role::Interactor => Some("played by the interactor"),
            Some(_) if !fixture.is_sketch() => Some("an example run, judged by the checker"),
            _ => None,
        };
        if let Some(why) = left {
            writeln!(out, "{shown}: {why}, left as it is")?;
            continue;
        }
        let run = process::run(
            &program,
            &runs::Given(fixture.transcript.inputs()),
            Mode::best(),
            limits,
            &Sandbox::off(UNSANDBOXED),
        )
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
        let status = match run.outcome {
            Outcome::Exited(status) => status,
            Outcome::CannotStart(why) => {
                // Every case would say the same: once for the stage is enough.
                writeln!(out, "{shown}: {}", style.bad("the reference cannot start"))?;
                tally.problems.push(cannot_start_problem(kata, stage, &why));
                return Ok(());
            }
            _ => {
                let judgement = harness::judge(fixture, &run, limits, &PlainText);
                writeln!(out, "{shown}: {}", style.bad("not recorded"))?;
                tally.problems.push(Problem {
                    path: fixture.path.clone(),
                    line: None,
                    message: format!(
                        "the reference of stage {} did not end on this case's inputs: {}",
                        stage.number, judgement.verdict
                    ),
                });
                continue;
            }
        };
        record_one(fixture, &run, status, accept, &shown, out, style, tally)?;
    }
    Ok(())
}

/// Writes `fixture` from `run`, the reference's, which ended with `status`, if it changes and
/// may be written; says what became of it.
#[allow(clippy::too_many_arguments)]
fn record_one(
    fixture: &Fixture,
    run: &harness::Run,
    status: i32,
    accept: bool,
    shown: &str,
    out: &mut dyn Write,
    style: Style,
    tally: &mut Tally,
) -> Result<(), KataError> {
    let path = &fixture.path;
    let text = fixture::read_capped(path).map_err(|message| {
        KataError::Fixture(kata_model::FixtureError {
            path: path.clone(),
            line: None,
            message,
        })
    })?;
    let transcript = run.transcript(&fixture.transcript);
    let recorded =
        fixture::recorded(path, &text, &transcript, status).map_err(KataError::Fixture)?;
    if recorded == text {
        tally.unchanged += 1;
        return Ok(writeln!(out, "{shown}: unchanged")?);
    }
    let write = accept || fixture.is_sketch();
    if fixture.is_sketch() {
        writeln!(out, "{shown}: {}", style.good("recorded"))?;
    } else {
        let said = if accept {
            style.good("changed, written")
        } else {
            style.bad("changes, not written")
        };
        writeln!(out, "{shown}: {said}")?;
        if let Some(diff) = harness::diff::transcript_diff(&fixture.body, &transcript) {
            write!(out, "{diff}")?;
        }
        if status != fixture.exit_status {
            writeln!(
                out,
                "exit status: {} expected, {status} now",
                fixture.exit_status
            )?;
        }
    }
    if !write {
        tally.refused += 1;
        return Ok(());
    }
    fs::write(path, recorded)
        .map_err(KataError::file(format!("cannot write {}", path.display())))?;
    tally.recorded += 1;
    Ok(())
}

/// Says how the recording ended, with every problem; returns the exit status.
fn finish(out: &mut dyn Write, tally: &Tally, style: Style) -> Result<u8, KataError> {
    let mut said = format!("{} recorded, {} unchanged", tally.recorded, tally.unchanged);
    if tally.refused > 0 {
        said += &format!(
            ", {}: read the diff against the stage's task, then `kata dev record --accept` \
             writes it",
            crate::course::plural(tally.refused, "change not written", "changes not written")
        );
    }
    for problem in &tally.problems {
        writeln!(out, "{problem}")?;
    }
    if !tally.problems.is_empty() {
        said += &format!(
            ", {}",
            crate::course::plural(tally.problems.len(), "problem", "problems")
        );
    }
    let ok = tally.refused == 0 && tally.problems.is_empty();
    writeln!(
        out,
        "{}.",
        if ok {
            style.good(&said)
        } else {
            style.bad(&said)
        }
    )?;
    Ok(if ok {
        grade::EXIT_PASSED
    } else {
        grade::EXIT_FAILED
    })
}
