//! Grades a program, in any language, against the fixture transcripts of one stage, with
//! feedback a learner can act on; or grades a whole class of submissions at once.
//!
//! [`run`] is the whole command: it parses the arguments, finds the fixtures ([`workspace`]),
//! grades ([`grading`], a [`case::CaseResult`] a case) and writes the report ([`text`]) and the
//! results for machines ([`json`]). Every failure is a [`GradeError`] with its exit status.

pub mod case;
pub mod error;
pub mod grading;
pub mod json;
pub mod reference;
pub mod text;
pub mod workspace;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use harness::feedback::Paint;
use harness::fixture::{self, Fixture};
use harness::{Limits, Mode, Program};

pub use case::CaseResult;
pub use error::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE, GradeError};
pub use grading::grade;

/// What to grade, and how.
#[derive(Debug, Parser)]
#[command(
    name = "grade",
    version,
    about = "Grades a program against the fixture transcripts of one stage of the Tic-Tac-Toe kata.",
    after_help = "Examples:\n  \
        grade 3 -- python3 stage3.py        grade your stage 3, stop at the first failure\n  \
        grade 5 --all                       grade this workspace's reference stage 5\n  \
        grade 3 --class class/ -- python3 {}/stage3.py\n                                      \
        grade every folder under class/; {} stands for the folder"
)]
pub struct Options {
    /// The stage whose fixtures are run (1 to 5).
    #[arg(value_parser = clap::value_parser!(u8).range(1..=5))]
    pub stage: u8,
    /// Run and report every case; by default grading stops at the first failure.
    #[arg(long)]
    pub all: bool,
    /// Also write the results as JSON to FILE (schema in the README).
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// The time limit of each case, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = positive_seconds)]
    pub timeout: f64,
    /// Grade against the transcripts in DIR (its stageN folder if it has one) instead of the
    /// fixtures of the workspace grade runs in.
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Grade every folder under DIR, each with COMMAND in which `{}` stands for the folder;
    /// implies --all.
    #[arg(long, value_name = "DIR")]
    pub class: Option<PathBuf>,
    /// Give each case its whole input at once, rather than one answer each time the program
    /// waits for one.
    #[arg(long)]
    pub whole_input: bool,
    /// The program to grade, run directly, not through a shell; without it, the reference
    /// stage built into this grader.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds greater than 0 and at most 86400"
        )),
    }
}

/// The whole `grade` command: parses `args` (the program's name first), grades, and writes
/// the report to `out` and any error to `err`; returns the exit status.
pub fn run(
    args: impl IntoIterator<Item = OsString>,
    paint: Paint,
    out: &mut impl Write,
    err: &mut impl Write,
) -> u8 {
    let args: Vec<OsString> = args.into_iter().collect();
    let options = match Options::try_parse_from(&args) {
        Ok(options) => options,
        Err(error) => {
            // Help and version are the output asked for; a usage error is said on `err`.
            // Nothing is left to tell if the stream is closed.
            let _ = if error.use_stderr() {
                write!(err, "{}", error.render())
            } else {
                write!(out, "{}", error.render())
            };
            return u8::try_from(error.exit_code()).unwrap_or(EXIT_USAGE);
        }
    };
    match grade_as_asked(&options, ends_with_separator(&args), paint, out) {
        Ok(status) => status,
        Err(error) => {
            // The report goes to `out`; the reason it stopped to `err`, after what was written.
            let _ = out.flush();
            let _ = writeln!(err, "grade: {error}");
            error.exit_status()
        }
    }
}

/// Whether `--` ends the arguments: `grade 3 --` names an empty command, which is a mistake
/// (a shell variable that was empty, say), never a request to grade the reference.
fn ends_with_separator(args: &[OsString]) -> bool {
    args.last().is_some_and(|last| last == "--")
}

fn grade_as_asked(
    options: &Options,
    empty_command: bool,
    paint: Paint,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    if empty_command && options.command.is_empty() {
        return Err(GradeError::Usage(
            "nothing follows `--`: give the command to grade, or leave out `--` to grade the \
             reference"
                .to_owned(),
        ));
    }
    let fixtures_dir = workspace::fixtures_dir(options.fixtures.as_deref(), options.stage)?;
    let fixtures = fixture::load_stage_dir(&fixtures_dir).map_err(GradeError::Fixture)?;
    let limits = Limits {
        timeout: Duration::from_secs_f64(options.timeout),
        ..Limits::default()
    };
    let delivery = Delivery::of(options);
    if let Some(class) = &options.class {
        return grade_class(
            options,
            class,
            &fixtures_dir,
            &fixtures,
            limits,
            &delivery,
            out,
        );
    }
    let program = if options.command.is_empty() {
        reference::program(options.stage)?
    } else {
        Program::command(options.command.clone())
    };
    let results = grade(&program, &fixtures, limits, delivery.mode, options.all);
    let label = if options.command.is_empty() {
        program.label().to_owned()
    } else {
        format!("`{}`", program.label())
    };
    text::program_report(
        out,
        &label,
        options.stage,
        &fixtures_dir,
        &fixtures,
        &results,
        &delivery,
        paint,
    )
    .map_err(report_error)?;
    if let Some(path) = &options.json {
        let results = json::for_program(options.stage, &fixtures, &results, delivery.mode);
        json::write(path, &results)?;
    }
    Ok(status_of(results.iter().all(CaseResult::passed)))
}

/// Grades every submission of `class`, writing its row of the table as soon as it is graded.
fn grade_class(
    options: &Options,
    class: &Path,
    fixtures_dir: &Path,
    fixtures: &[Fixture],
    limits: Limits,
    delivery: &Delivery,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    let submissions = grading::class_submissions(class, &options.command)?;
    let table = text::ClassTable::start(
        out,
        options.stage,
        fixtures_dir,
        fixtures.len(),
        delivery,
        submissions
            .iter()
            .map(|submission| submission.name.as_str()),
    )
    .map_err(report_error)?;
    let mut entries = Vec::new();
    let mut all_passed = 0;
    for submission in &submissions {
        let results = grade(&submission.program, fixtures, limits, delivery.mode, true);
        table
            .row(out, &submission.name, &results)
            .map_err(report_error)?;
        if results.iter().all(CaseResult::passed) {
            all_passed += 1;
        }
        if options.json.is_some() {
            entries.push(json::for_submission(
                &submission.name,
                options.stage,
                fixtures,
                &results,
                delivery.mode,
            ));
        }
    }
    text::ClassTable::finish(out, all_passed, submissions.len() - all_passed)
        .map_err(report_error)?;
    if let Some(path) = &options.json {
        json::write(
            path,
            &json::for_class(options.stage, entries, delivery.mode),
        )?;
    }
    Ok(status_of(all_passed == submissions.len()))
}

/// How the cases are given their input, and why it is all at once when it is.
#[derive(Debug)]
pub struct Delivery {
    /// One answer at a time, or all at once.
    pub mode: Mode,
    /// Why each case gets its whole input at once, when it does: for the report's first line.
    pub whole_input_because: Option<String>,
}

impl Delivery {
    /// One answer at a time where this system allows it, unless `--whole-input` asks otherwise.
    fn of(options: &Options) -> Delivery {
        let why_not = if options.whole_input {
            Some("as --whole-input asks".to_owned())
        } else {
            Mode::interactive().err().map(|why| {
                format!("this system cannot show when a program waits for input ({why})")
            })
        };
        Delivery {
            mode: if why_not.is_some() {
                Mode::WholeInput
            } else {
                Mode::Interactive
            },
            whole_input_because: why_not,
        }
    }
}

fn report_error(error: std::io::Error) -> GradeError {
    GradeError::Output {
        what: "the report".to_owned(),
        error,
    }
}

fn status_of(passed: bool) -> u8 {
    if passed { EXIT_PASSED } else { EXIT_FAILED }
}
