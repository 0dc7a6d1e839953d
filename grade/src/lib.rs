//! Grades a program, in any language, against the fixture transcripts of one stage, with
//! feedback a learner can act on; or grades a whole class of submissions at once.

mod grading;
mod results;

use std::ffi::OsString;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use harness::feedback::Paint;
use harness::fixture::{self, Fixture};
use harness::{Limits, Program};

pub use grading::{CaseResult, grade};

/// The exit status when every case passed.
pub const EXIT_PASSED: u8 = 0;
/// The exit status when a case failed.
pub const EXIT_FAILED: u8 = 1;
/// The exit status for a usage error or a fixture that cannot be read (clap uses it too).
pub const EXIT_USAGE: u8 = 2;

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
    /// Grade against the transcripts in DIR (its stageN folder if it has one) instead of this
    /// workspace's fixtures.
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Grade every folder under DIR, each with COMMAND in which `{}` stands for the folder;
    /// implies --all.
    #[arg(long, value_name = "DIR")]
    pub class: Option<PathBuf>,
    /// The program to grade, run directly, not through a shell; without it, this workspace's
    /// reference stage.
    #[arg(last = true, value_name = "COMMAND")]
    pub command: Vec<OsString>,
}

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(seconds) if seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0 => Ok(seconds),
        _ => Err(format!(
            "`{text}` is not a number of seconds from 0 to 86400"
        )),
    }
}

/// Runs the grading that `options` ask for, writing the report to `out`; returns the exit
/// status.
pub fn run(options: &Options, out: &mut impl Write) -> u8 {
    match try_run(options, out) {
        Ok(status) => status,
        Err(message) => {
            // The report goes to stdout; a usage problem is said on stderr.
            let _ = out.flush();
            eprintln!("grade: {message}");
            EXIT_USAGE
        }
    }
}

fn try_run(options: &Options, out: &mut impl Write) -> Result<u8, String> {
    let fixtures = load_fixtures(options)?;
    let limits = Limits {
        timeout: Duration::from_secs_f64(options.timeout),
        ..Limits::default()
    };
    let paint = Paint {
        color: std::io::stdout().is_terminal()
            && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    if let Some(class) = &options.class {
        return grading::grade_class(
            options.stage,
            class,
            &options.command,
            &fixtures,
            limits,
            options.json.as_deref(),
            out,
        );
    }
    let program = if options.command.is_empty() {
        Program::reference(options.stage).map_err(|error| error.to_string())?
    } else {
        Program::command(options.command.clone())
    };
    let results = grade(&program, &fixtures, limits, options.all);
    let written = grading::write_report(&program, options.stage, &fixtures, &results, paint, out);
    written.map_err(|error| format!("cannot write the report: {error}"))?;
    if let Some(path) = &options.json {
        write_json(
            path,
            &results::for_program(options.stage, &fixtures, &results),
        )?;
    }
    Ok(if results.iter().all(|result| result.verdict.passed()) {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    })
}

/// The fixtures of the stage: from `--fixtures` (its `stageN` folder, or itself) or this
/// workspace's.
fn load_fixtures(options: &Options) -> Result<Vec<Fixture>, String> {
    let loaded = match &options.fixtures {
        Some(dir) if dir.join(format!("stage{}", options.stage)).is_dir() => {
            fixture::load_stage(dir, options.stage)
        }
        Some(dir) => fixture::load_stage_dir(dir),
        None => fixture::load_stage(&fixture::workspace_fixtures(), options.stage),
    };
    loaded.map_err(|error| format!("unreadable fixture: {error}"))
}

/// Writes a JSON value to `path`, pretty-printed.
fn write_json(path: &Path, value: &serde_json::Value) -> Result<(), String> {
    let text = serde_json::to_string_pretty(value).map_err(|error| error.to_string())?;
    std::fs::write(path, text + "\n")
        .map_err(|error| format!("cannot write {}: {error}", path.display()))
}
