//! The learner's path through the Tic-Tac-Toe kata, in any language: `kata new` makes a project,
//! `kata check` and `kata watch` build and grade the current stage with the grader's feedback,
//! and the progress, hints, list, reset and the reference stages are a command away.
//!
//! [`run`] is the whole command. A project is a folder with a `kata.toml`
//! ([`grade::project`]); [`new`] makes one from a [`lang`]'s starters and the stage
//! descriptions built in ([`embedded`], with every fixture); [`check`] builds and grades a stage
//! and works the [`progress`] out again when its file is missing or damaged; [`status`] lists
//! the stages and gives hints; [`reset`] puts a starter back; [`watch`] checks on every save.
//! Every failure is a [`KataError`] with its exit status.

pub mod check;
pub mod embedded;
pub mod error;
pub mod lang;
pub mod new;
pub mod progress;
pub mod reset;
pub mod status;
pub mod style;
pub mod watch;

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use grade::project::Project;

pub use error::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE, KataError};
use lang::Language;
use progress::Progress;
use style::Style;

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "kata",
    version,
    about = "The Tic-Tac-Toe kata, stage by stage, in any language: make a project, write each \
             stage, check it.",
    after_help = "Getting started:\n  \
        kata new ttt --lang python      make a project in ttt/\n  \
        cd ttt                          then read stage1/README.md and write stage1/main.py\n  \
        kata check                      build and grade your current stage\n  \
        kata watch                      check again each time you save"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// What to do.
#[derive(Debug, Subcommand)]
enum Command {
    /// Make a project in DIR (new or empty): each stage's task, a starter for each, kata.toml.
    New {
        /// The folder to make the project in.
        dir: PathBuf,
        /// The language of the starters and of the commands in kata.toml.
        #[arg(long, value_enum, default_value_t = Language::Rust)]
        lang: Language,
    },
    /// Build and grade your current stage (the first not done), or stage N; stop at the first
    /// failing case.
    Check {
        /// The stage to check (1 to 5).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=5))]
        stage: Option<u8>,
        /// Check every stage, every case, and show a table.
        #[arg(long, conflicts_with = "stage")]
        all: bool,
    },
    /// Check the current stage again each time a file of the project is saved.
    Watch,
    /// Give the hint of the first case that failed.
    Hint,
    /// Show the five stages: done, current or not started, with the cases passed.
    List,
    /// Put stage N's starter back, keeping your program as a backup beside it.
    Reset {
        /// The stage to reset (1 to 5).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=5))]
        stage: u8,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// Run the reference solution of stage N here, to see what your program should do.
    Play {
        /// The stage to play (1 to 5).
        #[arg(value_parser = clap::value_parser!(u8).range(1..=5))]
        stage: u8,
    },
}

/// Where and how `kata` runs: found once by `main`, passed in so that tests can choose.
#[derive(Clone, Debug)]
pub struct Context {
    /// The folder the command was run in: projects are found from it, `new` makes one in it.
    pub cwd: PathBuf,
    /// Whether standard input and output are a terminal: keys in `kata watch`, a few words of
    /// help around `kata play`.
    pub terminal: bool,
    /// Colour the texts (on a terminal, without `NO_COLOR`).
    pub color: bool,
}

/// The whole `kata` command: parses `args` (the program's name first), does what they ask with
/// `input` as standard input, writes to `out` and any error to `err`; returns the exit status.
pub fn run<R: BufRead + Send + 'static>(
    args: impl IntoIterator<Item = OsString>,
    context: &Context,
    input: R,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => return grade::command_line_error(&error, out, err),
    };
    match run_command(cli.command, context, input, out, err) {
        Ok(status) => status,
        Err(error) => {
            let _ = out.flush();
            let _ = writeln!(err, "kata: {error}");
            error.exit_status()
        }
    }
}

fn run_command<R: BufRead + Send + 'static>(
    command: Command,
    context: &Context,
    mut input: R,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, KataError> {
    let style = Style {
        color: context.color,
    };
    match command {
        Command::New { dir, lang } => {
            new::new_project(&context.cwd.join(&dir), &dir, lang, out)?;
            Ok(EXIT_PASSED)
        }
        Command::Play { stage } => play(stage, context, input, out, err),
        Command::Check { stage, all } => {
            let project = find_project(&context.cwd)?;
            if all {
                check_all(&project, out, style)
            } else {
                check_one(&project, stage, out, style)
            }
        }
        Command::Watch => {
            let project = find_project(&context.cwd)?;
            watch::watch(&project.root, input, context.terminal, out, style)
        }
        Command::Hint => {
            let project = find_project(&context.cwd)?;
            let counts = check::case_counts()?;
            let (mut progress, _) = check::progress(&project, out)?;
            status::hint(out, &project, &mut progress, &counts)
        }
        Command::List => {
            let project = find_project(&context.cwd)?;
            let counts = check::case_counts()?;
            let (progress, _) = check::progress(&project, out)?;
            status::write_list(out, &progress, &counts, style)?;
            Ok(EXIT_PASSED)
        }
        Command::Reset { stage, yes } => {
            let project = find_project(&context.cwd)?;
            // Reset only forgets the stage. Without a readable file there is nothing to forget,
            // and the next command that needs the progress works it out.
            let mut progress = Progress::load(&project.root).ok();
            reset::reset(&project, stage, yes, &mut input, out, progress.as_mut())?;
            Ok(EXIT_PASSED)
        }
    }
}

/// The project the command runs in.
fn find_project(cwd: &Path) -> Result<Project, KataError> {
    let root = Project::find(cwd).ok_or_else(|| KataError::NotInProject {
        start: cwd.to_owned(),
    })?;
    Ok(Project::load(&root)?)
}

/// `kata check [N]`: the current stage (or N) built, graded, recorded and reported.
fn check_one(
    project: &Project,
    stage: Option<u8>,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let counts = check::case_counts()?;
    let (mut progress, worked_out) = check::progress(project, out)?;
    let checked = match (stage, worked_out) {
        // Working the progress out ended on the stage asked for: it has just been checked.
        (None, Some(checked)) if !checked.passed() => {
            writeln!(out, "{}", style.strong(&check::heading(checked.stage)))?;
            checked
        }
        (asked, _) => {
            let Some(stage) = asked.or_else(|| check::current_stage(&progress, &counts)) else {
                writeln!(
                    out,
                    "All {} stages are done: the kata is complete. `kata check N` checks a \
                     stage again, `kata check --all` every stage.",
                    embedded::STAGES
                )?;
                return Ok(EXIT_PASSED);
            };
            writeln!(out, "{}", style.strong(&check::heading(stage)))?;
            let checked = check::check(project, stage, false, true, out)?;
            check::record(project, &mut progress, &checked)?;
            checked
        }
    };
    let current = check::current_stage(&progress, &counts);
    check::write_report(out, project, &checked, current, false, style)?;
    Ok(if checked.passed() {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    })
}

/// `kata check --all`: every stage, every case, a row each as it is graded.
fn check_all(project: &Project, out: &mut dyn Write, style: Style) -> Result<u8, KataError> {
    // Every stage is checked: without a file, it is written anew.
    let mut progress = Progress::load(&project.root).unwrap_or_default();
    let width = (1..=embedded::STAGES)
        .map(|stage| embedded::title(stage).chars().count())
        .max()
        .unwrap_or(0);
    writeln!(out, "   {:width$}  result", "stage")?;
    let mut done = 0;
    for stage in 1..=embedded::STAGES {
        let checked = check::check(project, stage, true, false, out)?;
        check::record(project, &mut progress, &checked)?;
        let summary = checked.summary();
        let summary = if checked.passed() {
            done += 1;
            style.good(&summary)
        } else {
            style.bad(&summary)
        };
        writeln!(out, "{stage}  {:width$}  {summary}", embedded::title(stage))?;
        out.flush()?;
    }
    writeln!(
        out,
        "{done} of {} stages done. `kata check N` shows the feedback of stage N.",
        embedded::STAGES
    )?;
    Ok(if done == usize::from(embedded::STAGES) {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    })
}

/// `kata play N`: the reference stage on this terminal (or on whatever input is given).
fn play(
    stage: u8,
    context: &Context,
    input: impl BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, KataError> {
    if context.terminal {
        // Said on standard error, so that the stage's own output stays exactly its own.
        writeln!(
            err,
            "The reference solution of stage {stage}, \"{}\". Type as a user would; Ctrl-D ends \
             the input.",
            embedded::title(stage)
        )?;
    }
    match grade::reference::play(stage, input, &mut *out) {
        Ok(()) => Ok(EXIT_PASSED),
        Err(error) => {
            if error.is_reported() {
                writeln!(err, "{}: {error}", grade::reference::name(stage))?;
            }
            Ok(error.exit_status())
        }
    }
}
