//! The learner's path through a kata, in any language: `kata new` makes a project,
//! `kata check` and `kata watch` build and grade the current stage with the grader's feedback,
//! and the progress, hints, list, reset and the reference stages are a command away.
//!
//! [`run`] is the whole command. A project is a folder with a `kata.toml`
//! ([`grade::project`]) that names the kata it follows ([`course`]: one built in, or a kata's
//! folder); [`new`] makes one from a [`lang`]'s starters and the kata's stage descriptions;
//! [`check`] builds and grades a stage
//! and works the [`progress`] out again when its file is missing or damaged; [`status`] lists
//! the stages and gives hints; [`reset`] puts a starter back; [`watch`] checks on every save.
//! Every failure is a [`KataError`] with its exit status.

pub mod author;
pub mod check;
pub mod course;
pub mod error;
pub mod included;
pub mod input_validation;
pub mod lang;
pub mod new;
pub mod output_validation;
pub mod play;
pub mod progress;
pub mod reset;
pub mod selection;
pub mod status;
pub mod style;
pub mod submission_table;
pub mod submissions;
pub mod watch;

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};

use clap::{Parser, Subcommand};
use grade::project::Project;
use kata_model::kata::{Kata, Reference};

use course::Course;
pub use error::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE, KataError};
use lang::Language;
use progress::Progress;
use style::Style;

/// The command line.
#[derive(Debug, Parser)]
#[command(
    name = "kata",
    version,
    about = "A kata, stage by stage, in any language: make a project, write each stage, check it.",
    after_help = "Getting started:\n  \
        kata new ttt --lang python      make a project in ttt/\n  \
        cd ttt                          then read stage1/README.md and write stage1/main.py\n  \
        kata check                      build and grade your current stage\n  \
        kata watch                      check again each time you save\n  \
        kata new calc --kata calculator a project of another kata built in (or give its folder)"
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
        /// The language of the starters and of the commands in kata.toml: rust, python, java,
        /// javascript, c or cpp.
        #[arg(long, value_name = "L", value_parser = lang::parse, default_value = "rust")]
        lang: Language,
        /// The kata: the name of one built into kata, or a folder with a kata-manifest.toml.
        #[arg(long, value_name = "NAME|DIR", default_value = grade::katas::DEFAULT)]
        kata: PathBuf,
    },
    /// Build and grade your current stage (the first not done), or stage N; stop at the first
    /// failing case.
    Check {
        /// The stage to check, from 1.
        stage: Option<u8>,
        /// Check every stage, every case, and show a table.
        #[arg(long, conflicts_with = "stage")]
        all: bool,
    },
    /// Check the current stage again each time a file of the project is saved.
    Watch,
    /// Give the hint of the first case that failed.
    Hint,
    /// Show the kata's stages: done, current or not started, with the cases passed.
    List,
    /// Put stage N's starter back, keeping your program as a backup beside it.
    Reset {
        /// The stage to reset, from 1.
        stage: u8,
        /// Do not ask for confirmation.
        #[arg(long)]
        yes: bool,
    },
    /// For course authors: check a kata's folder.
    #[command(subcommand)]
    Dev(Dev),
    /// Run the reference solution of stage N here, to see what your program should do.
    Play {
        /// The stage whose reference runs, from 1.
        stage: u8,
        /// The kata, outside a project: the name of one built into kata, or its folder.
        #[arg(long, value_name = "NAME|DIR")]
        kata: Option<PathBuf>,
    },
}

/// What a course author asks of `kata`.
#[derive(Debug, Subcommand)]
enum Dev {
    /// Check a kata: its manifest, every stage's description and fixtures (each with a hint),
    /// its reference on every case, and every language's starter (builds, fails stage 1). A
    /// problem package's submissions are each held to the verdict their folder names, a row
    /// of a table each.
    Check {
        /// The kata's folder; by default the nearest folder with a kata-manifest.toml.
        dir: Option<PathBuf>,
        /// Check only these languages' starters (repeatable); by default every language.
        #[arg(long, value_name = "L", value_parser = lang::parse)]
        lang: Vec<Language>,
        /// Run only a problem package's submissions whose path under submissions/
        /// (accepted/*.py) or folder (wrong_answer) matches GLOB (repeatable); by default all.
        #[arg(long = "submissions", value_name = "GLOB")]
        submissions: Vec<String>,
        /// Build N of a problem package's submissions at once, and run N of their cases at
        /// once; by default as many as there are cores. 1 runs one case at a time: the
        /// steadiest times on a busy machine.
        #[arg(long, value_name = "N")]
        jobs: Option<NonZeroUsize>,
        /// Write the time limit inferred from a problem package's accepted submissions (where
        /// the package gives none) to its .timelimit, as judging tools keep it: `grade` then
        /// runs the package at that limit.
        #[arg(long)]
        write_time_limit: bool,
    },
    /// Write each fixture's transcript from what the reference does on its inputs: a fixture
    /// may hold only its header and its inputs (`> ` lines). A change to a fixture that holds
    /// output is shown as a diff and written only with --accept.
    Record {
        /// The kata's folder; by default the nearest folder with a kata-manifest.toml.
        dir: Option<PathBuf>,
        /// Only this stage's fixtures.
        #[arg(long, value_name = "N")]
        stage: Option<u8>,
        /// Only the cases of this name (the fixture's file name without `.snap`).
        #[arg(long, value_name = "NAME")]
        case: Option<String>,
        /// Write the changes shown, after you have read them.
        #[arg(long)]
        accept: bool,
    },
}

/// The command line of `kata` as clap defines it, every command and option: what its reference
/// page is checked against.
#[must_use]
pub fn command() -> clap::Command {
    <Cli as clap::CommandFactory>::command()
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
    /// Whether the input and output given are this process's own standard streams, untouched:
    /// then `kata play` gives them to a reference that is a command of its own, so that whoever
    /// drives `kata play` sees the reference itself wait for its input, with nothing between.
    pub own_streams: bool,
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
    // A reader that goes away (`kata check | head -2`) stops the output, not the command: the
    // check still runs to its end and is recorded, and nothing is said of the closed pipe.
    let mut report = report::Report::new(out);
    let status = match run_command(cli.command, context, input, &mut report, err) {
        Ok(status) => status,
        Err(error) => {
            let _ = report.flush();
            let _ = writeln!(err, "kata: {error}");
            error.exit_status()
        }
    };
    match report.finish() {
        Some(error) if error.kind() != io::ErrorKind::BrokenPipe => {
            let error = KataError::Output(error);
            let _ = writeln!(err, "kata: {error}");
            error.exit_status()
        }
        _ => status,
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
        Command::New { dir, lang, kata } => {
            let (kata, key) = kata_for_new(&context.cwd, &kata)?;
            let course = Course::new(kata)?;
            new::new_project(&course, &key, &context.cwd.join(&dir), &dir, lang, out)?;
            Ok(EXIT_PASSED)
        }
        Command::Play { stage, kata } => {
            let kata = match kata {
                Some(given) => grade::katas::named(&context.cwd, &given)?,
                None => match Project::find(&context.cwd) {
                    Some(root) => Course::of(&Project::load(&root)?)?.kata,
                    None => grade::katas::default()?,
                },
            };
            play(&kata, stage, context, input, out, err)
        }
        Command::Check { stage, all } => {
            let (project, course) = find_project(&context.cwd)?;
            if all {
                check_all(&course, &project, out, style)
            } else {
                let stage = stage.map(|stage| course.check_stage(stage)).transpose()?;
                check_one(&course, &project, stage, out, style)
            }
        }
        Command::Dev(Dev::Check {
            dir,
            lang,
            submissions,
            jobs,
            write_time_limit,
        }) => {
            let folder = kata_folder(&context.cwd, dir)?;
            let languages = if lang.is_empty() {
                Language::ALL.to_vec()
            } else {
                lang
            };
            let selection = selection::Selection {
                patterns: submissions,
                jobs: jobs.unwrap_or_else(selection::default_jobs),
                write_time_limit,
            };
            author::check(&folder, &languages, &selection, out, style)
        }
        Command::Dev(Dev::Record {
            dir,
            stage,
            case,
            accept,
        }) => {
            let folder = kata_folder(&context.cwd, dir)?;
            let selection = author::record::Selection { stage, case };
            author::record::record(&folder, &selection, accept, out, style)
        }
        Command::Watch => {
            let (project, _) = find_project(&context.cwd)?;
            watch::watch(&project.root, input, context.terminal, out, style)
        }
        Command::Hint => {
            let (project, course) = find_project(&context.cwd)?;
            let (mut progress, _) = check::progress(&course, &project, out)?;
            status::hint(out, &course, &project, &mut progress)
        }
        Command::List => {
            let (project, course) = find_project(&context.cwd)?;
            let (progress, _) = check::progress(&course, &project, out)?;
            status::write_list(out, &progress, &course, style)?;
            Ok(EXIT_PASSED)
        }
        Command::Reset { stage, yes } => {
            let (project, course) = find_project(&context.cwd)?;
            // Reset only forgets the stage. Without a readable file there is nothing to forget,
            // and the next command that needs the progress works it out.
            let mut progress = Progress::load(&project.root).ok();
            reset::reset(
                &course,
                &project,
                stage,
                yes,
                &mut input,
                out,
                progress.as_mut(),
            )?;
            Ok(EXIT_PASSED)
        }
    }
}

/// The kata's folder a `kata dev` command works on: the one given, else the nearest at or above
/// `cwd` with a manifest.
fn kata_folder(cwd: &Path, given: Option<PathBuf>) -> Result<PathBuf, KataError> {
    match given {
        Some(dir) => Ok(cwd.join(dir)),
        None => kata_model::kata::find(cwd).ok_or_else(|| {
            KataError::Usage(format!(
                "no {} in {} or above it: give the kata's folder",
                kata_model::kata::MANIFEST,
                cwd.display()
            ))
        }),
    }
}

/// The kata `kata new --kata GIVEN` makes a project of, and how its `kata.toml` names it: a
/// folder by its full path (so the project finds it from anywhere), else a kata built in by
/// its name.
fn kata_for_new(cwd: &Path, given: &Path) -> Result<(Kata, String), KataError> {
    let folder = cwd.join(given);
    if folder.join(kata_model::kata::MANIFEST).is_file() || kata_model::package::is_package(&folder)
    {
        let folder = folder.canonicalize().unwrap_or(folder);
        let kata = Kata::load(&folder).map_err(KataError::Kata)?;
        let key = folder.to_str().map(str::to_owned).ok_or_else(|| {
            KataError::Usage(format!(
                "the kata's folder {} is not UTF-8: kata.toml cannot name it",
                folder.display()
            ))
        })?;
        return Ok((kata, key));
    }
    let kata = grade::katas::named(cwd, given)?;
    let key = kata.name.clone();
    Ok((kata, key))
}

/// The project the command runs in, and the kata it follows.
fn find_project(cwd: &Path) -> Result<(Project, Course), KataError> {
    let root = Project::find(cwd).ok_or_else(|| KataError::NotInProject {
        start: cwd.to_owned(),
    })?;
    let project = Project::load(&root)?;
    let course = Course::of(&project)?;
    Ok((project, course))
}

/// `kata check [N]`: the current stage (or N) built, graded, recorded and reported.
fn check_one(
    course: &Course,
    project: &Project,
    stage: Option<u8>,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let (mut progress, worked_out) = check::progress(course, project, out)?;
    let checked = match (stage, worked_out) {
        // Working the progress out ended on the stage asked for: it has just been checked.
        (None, Some(checked)) if !checked.passed() => {
            writeln!(out, "{}", style.strong(&course.heading(checked.stage)))?;
            checked
        }
        (asked, _) => {
            let Some(stage) = asked.or_else(|| course.current_stage(&progress)) else {
                writeln!(
                    out,
                    "All {} stages are done: the kata is complete. `kata check N` checks a \
                     stage again, `kata check --all` every stage.",
                    course.stage_count()
                )?;
                return Ok(EXIT_PASSED);
            };
            writeln!(out, "{}", style.strong(&course.heading(stage)))?;
            let checked = check::check(course, project, stage, false, true, out)?;
            check::record(project, &mut progress, &checked)?;
            checked
        }
    };
    let current = course.current_stage(&progress);
    check::write_report(out, course, project, &checked, current, false, style)?;
    Ok(if checked.passed() {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    })
}

/// `kata check --all`: every stage, every case, a row each as it is graded.
fn check_all(
    course: &Course,
    project: &Project,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    // Every stage is checked: without a file, it is written anew.
    let mut progress = Progress::load(&project.root).unwrap_or_default();
    let width = course
        .stages()
        .map(|stage| course.title(stage).chars().count())
        .max()
        .unwrap_or(0);
    writeln!(out, "   {:width$}  result", "stage")?;
    let mut done = 0;
    for stage in course.stages() {
        let checked = check::check(course, project, stage, true, false, out)?;
        check::record(project, &mut progress, &checked)?;
        let summary = checked.summary();
        let summary = if checked.passed() {
            done += 1;
            style.good(&summary)
        } else {
            style.bad(&summary)
        };
        writeln!(out, "{stage}  {:width$}  {summary}", course.title(stage))?;
        out.flush()?;
    }
    writeln!(
        out,
        "{done} of {} stages done. `kata check N` shows the feedback of stage N.",
        course.stage_count()
    )?;
    Ok(if done == usize::from(course.stage_count()) {
        EXIT_PASSED
    } else {
        EXIT_FAILED
    })
}

/// `kata play N`: the reference stage of `kata` on this terminal (or on whatever input is
/// given): a program built in runs here, a kata's own command runs in the kata's folder.
fn play<R: BufRead + Send + 'static>(
    kata: &Kata,
    stage: u8,
    context: &Context,
    input: R,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, KataError> {
    let stage = kata.stage(stage).map_err(KataError::Usage)?;
    if context.terminal {
        // Said on standard error, so that the stage's own output stays exactly its own.
        writeln!(
            err,
            "The reference solution of stage {}, \"{}\". Type as a user would; Ctrl-D ends \
             the input.",
            stage.number, stage.title
        )?;
    }
    match &stage.reference {
        Reference::BuiltIn(name) => match grade::reference::play(name, input, &mut *out) {
            Some(Ok(())) => Ok(EXIT_PASSED),
            Some(Err(error)) => {
                if error.is_reported() {
                    writeln!(err, "{name}: {error}")?;
                }
                Ok(error.exit_status())
            }
            None => Err(KataError::Usage(format!(
                "the reference of stage {} is the built-in program `{name}`, which this kata \
                 does not have",
                stage.number
            ))),
        },
        Reference::Run(_) | Reference::Submission(_) => {
            let (program, _folder) = grade::reference::program(kata, stage)?;
            if context.own_streams {
                out.flush()?;
                play::run_on_own_streams(&program)
            } else {
                play::run(&program, input, out, err)
            }
        }
    }
}
