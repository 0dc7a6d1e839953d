//! Grades a program, in any language, against the fixture transcripts of one stage, with
//! feedback a learner can act on; or grades a whole class of submissions at once.
//!
//! [`run`] is the whole command: it parses the arguments, finds the kata ([`katas`]: a folder
//! given, the workspace's, or one built in) and its stage's fixtures, grades with the harness's
//! engine ([`harness::grading`]) and writes its reports ([`harness::report`]). [`class`] grades
//! a whole class, [`project`] reads a learner's `kata.toml`, [`reference`](mod@reference) runs the reference
//! stages built in, [`content`] is the Tic-Tac-Toe kata's content check, and [`rules`](mod@rules)
//! the Tic-Tac-Toe with AI kata's rules, which judge its games against the computer
//! ([`grade_stage`] grades a stage's fixtures, then those cases). Every failure is a
//! [`GradeError`] with its exit status.

pub mod class;
pub mod content;
pub mod error;
pub mod katas;
pub mod merge;
pub mod outputs;
pub mod platform;
pub mod project;
pub mod reference;
pub mod rules;
pub mod shard;

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Parser;
use harness::feedback::Paint;
use harness::fixture::{self, Fixture};
use harness::kata::{Kata, StageLimits};
use harness::process::parse_size;
use harness::report::format::{Format, Request};
use harness::report::model::{ClassResults, ProgramResults, ShardPart, SubmissionEntry};
use harness::report::{self, Delivery, Heading, text};
use harness::sandbox::Sandbox;
use harness::scoring::CaseWeight;
use harness::{CaseResult, Criterion, Grading, Limits, Program, grade};

use katas::RuleCases;

pub use error::{EXIT_FAILED, EXIT_INTERNAL, EXIT_PASSED, EXIT_USAGE, GradeError};

/// What to grade, and how.
#[derive(Debug, Parser)]
#[command(
    name = "grade",
    version,
    about = "Grades a program against the fixture transcripts of one stage of a kata.",
    after_help = "Examples:\n  \
        grade 3 -- python3 stage3.py        grade your stage 3, stop at the first failure\n  \
        grade 5 --all                       grade this workspace's reference stage 5\n  \
        grade 3 --class class/ -- python3 {}/stage3.py\n                                      \
        grade every folder under class/; {} stands for the folder\n  \
        grade 3 --class class/               grade every `kata new` project under class/\n  \
        grade --kata katas/calculator 2 -- python3 calc.py\n                                      \
        grade stage 2 of the kata in katas/calculator\n  \
        grade 3 --format gradescope=results.json -- python3 stage3.py\n                                      \
        write Gradescope's results (see --format)\n\n\
        Other commands:\n  \
        grade merge PART...                 join the JSON parts of a class graded with --shard\n  \
        grade platform gradescope STAGE -o autograder.zip [-- COMMAND]\n                                      \
        write Gradescope's autograder zip"
)]
pub struct Options {
    /// The stage whose fixtures are run, from 1.
    pub stage: u8,
    /// The kata: a folder with a kata-manifest.toml, or the name of a kata built in; by
    /// default the kata of the workspace grade runs in, else the Tic-Tac-Toe kata built in.
    #[arg(long, value_name = "DIR|NAME")]
    pub kata: Option<PathBuf>,
    /// Run and report every case; by default grading stops at the first failure.
    #[arg(long)]
    pub all: bool,
    /// Pass a case when its game is right (grids, messages, final state, exit status), however
    /// it is presented; by default a case passes only when its output is exactly right.
    #[arg(long)]
    pub content: bool,
    /// Also write the results as JSON to FILE (schema in the README); the same as
    /// --format json=FILE.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Write the results in format NAME, to FILE or else to standard output (in place of the
    /// text report); repeatable. NAME is text, json, github-classroom, gradescope,
    /// prairielearn, vpl, junit, ctrf or html (a class's page). In a class, a format of one
    /// submission writes a file a submission: `{}` in FILE stands for its folder's name.
    #[arg(long = "format", value_name = "NAME[=FILE]")]
    pub formats: Vec<Request>,
    /// The time limit of each case, in seconds.
    #[arg(long, value_name = "SECS", default_value_t = 10.0, value_parser = positive_seconds)]
    pub timeout: f64,
    /// The memory of each case, its program and every process it starts together: a number of
    /// bytes, or with K, M or G after it [default: the stage's `memory` in the kata's manifest,
    /// else 512M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub memory: Option<u64>,
    /// How many processes and threads each case may run at once, its program's and those it
    /// starts together [default: the stage's `processes` in the kata's manifest, else 1024]
    #[arg(long, value_name = "COUNT", value_parser = clap::value_parser!(u32).range(1..))]
    pub processes: Option<u32>,
    /// How much each case may write to disk: the size of any file, and of its home in the
    /// sandbox where that can be bounded [default: the stage's `disk` in the kata's manifest,
    /// else 256M]
    #[arg(long, value_name = "SIZE", value_parser = parse_size)]
    pub disk: Option<u64>,
    /// Grade against the transcripts in DIR (its stageN folder if it has one) instead of the
    /// kata's own fixtures of the stage.
    #[arg(long, value_name = "DIR")]
    pub fixtures: Option<PathBuf>,
    /// Grade every folder under DIR, each with COMMAND in which `{}` stands for the folder, or
    /// without a COMMAND each folder that has a kata.toml with its own commands; implies --all.
    #[arg(long, value_name = "DIR")]
    pub class: Option<PathBuf>,
    /// Grade only the I-th of N disjoint slices of the class (by folder name), for a class
    /// spread over N machines; `auto` (or auto/N) reads it from the environment: GRADE_SHARD,
    /// Kubernetes' JOB_COMPLETION_INDEX or Slurm's SLURM_ARRAY_TASK_ID. `grade merge` joins the
    /// parts' JSON.
    #[arg(long, value_name = "I/N|auto")]
    pub shard: Option<shard::ShardSpec>,
    /// Give each case its whole input at once, rather than one answer each time the program
    /// waits for one.
    #[arg(long)]
    pub whole_input: bool,
    /// Run each case outside the sandbox, able to read the fixtures and write wherever you
    /// may: for a program you trust that must write files outside its own folder.
    #[arg(long)]
    pub no_sandbox: bool,
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
    if args.get(1).is_some_and(|word| word == "merge") {
        return merge::run(&args[1..], out, err);
    }
    if args.get(1).is_some_and(|word| word == "platform") {
        return platform::run(&args[1..], out, err);
    }
    let options = match Options::try_parse_from(&args) {
        Ok(options) => options,
        Err(error) => return command_line_error(&error, out, err),
    };
    let mut report = report::Report::new(&mut *out);
    let graded = grade_as_asked(&options, ends_with_separator(&args), paint, &mut report);
    // Grading and the JSON went on without the report; only now is its failure told. A reader
    // that went away (`| head -1`) is no failure to tell.
    let graded = match (graded, report.finish()) {
        (Ok(_), Some(error)) if error.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(report_error(error))
        }
        (graded, _) => graded,
    };
    match graded {
        Ok(status) => status,
        Err(error) => {
            // The report goes to `out`; the reason it stopped to `err`, after what was written.
            let _ = out.flush();
            let _ = writeln!(err, "grade: {error}");
            error.exit_status()
        }
    }
}

/// Says what clap found in a command line that it did not parse, and gives the exit status:
/// help and version are the output asked for, on `out`; a usage error goes to `err`. Shared by
/// the commands built on this grader.
pub fn command_line_error(error: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // Nothing is left to tell if the stream is closed.
    let _ = if error.use_stderr() {
        write!(err, "{}", error.render())
    } else {
        write!(out, "{}", error.render())
    };
    u8::try_from(error.exit_code()).unwrap_or(EXIT_USAGE)
}

/// Whether `--` ends the arguments: `grade 3 --` names an empty command, which is a mistake
/// (a shell variable that was empty, say), never a request to grade the reference.
fn ends_with_separator(args: &[OsString]) -> bool {
    args.last().is_some_and(|last| last == "--")
}

/// Grades as `options` ask, writing the report to `out`, whose failures `out` keeps (see
/// [`report::Report`]): the JSON is written whatever becomes of the report.
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
    if options.shard.is_some() && options.class.is_none() {
        return Err(GradeError::Usage(
            "--shard takes a slice of a class: give --class DIR".to_owned(),
        ));
    }
    let shard = options
        .shard
        .map(|spec| spec.resolve(|name| std::env::var(name).ok()))
        .transpose()
        .map_err(GradeError::Usage)?;
    let outputs = outputs::Outputs::new(
        &options.formats,
        options.json.as_deref(),
        options.class.is_some(),
    )?;
    let kata = katas::choose(options.kata.as_deref())?;
    let stage = kata.stage(options.stage).map_err(GradeError::Usage)?;
    let (fixtures_dir, fixtures) = match &options.fixtures {
        Some(given) => {
            let dir = given_fixtures_dir(given, stage.number);
            let fixtures = fixture::load_stage_dir(&dir).map_err(GradeError::Fixture)?;
            (dir, fixtures)
        }
        None => (
            kata.fixtures_dir(stage),
            kata.fixtures(stage.number).map_err(GradeError::Fixture)?,
        ),
    };
    let check = katas::content_check(&kata, stage.number)?;
    let rule_cases = katas::rule_cases(&kata, stage.number)?;
    let delivery = Delivery::new(options.whole_input);
    let how = Grading {
        check: check.as_ref(),
        limits: limits(options, &kata, stage.number),
        all: options.all || options.class.is_some() || outputs.need_every_case(),
        criterion: if options.content {
            Criterion::Content
        } else {
            Criterion::Exact
        },
        mode: delivery.mode,
    };
    let mut hidden = hidden_from_cases(options, &fixtures_dir);
    hidden.extend(outputs.files().map(|(_, file)| file.to_owned()));
    // Every case the stage has: its fixtures, then those judged by the kata's rules.
    let rule_names = rule_cases
        .iter()
        .flat_map(|rule_cases| &rule_cases.cases)
        .map(|case| case.name.as_str());
    let weights = case_weights(
        &kata,
        stage,
        &fixtures,
        rule_names,
        options.fixtures.is_none(),
    )?;
    let scoring = Scoring {
        weights: &weights,
        weighted: !stage.scoring.is_default(),
        context: outputs::context(format!("stage {} of {}", stage.number, kata.title)),
    };
    let sandbox = sandbox(options, &kata, &hidden);
    let heading = Heading {
        stage: stage.number,
        fixtures_dir: &fixtures_dir,
        criterion: how.criterion,
        subject: check.subject(),
        delivery: &delivery,
        sandbox: sandbox.support(),
        limits: how.limits,
    };
    if let Some(class) = &options.class {
        return grade_class(
            options,
            (class, shard),
            (heading, &kata, &hidden),
            (&fixtures, rule_cases.as_ref(), &scoring, &outputs),
            how,
            out,
        );
    }
    // A kata's reference script runs in its folder, which lives as long as `_folder`.
    let (program, _folder) = if options.command.is_empty() {
        reference::program(&kata, stage)?
    } else {
        (Program::command(options.command.clone()), None)
    };
    let (fixtures, results) = grade_stage(&program, fixtures, rule_cases.as_ref(), how, &sandbox)?;
    let label = if options.command.is_empty() {
        program.label().to_owned()
    } else {
        format!("`{}`", program.label())
    };
    // The model, made once and only when a format other than text asks for it.
    let model = std::cell::OnceCell::new();
    let model = || model.get_or_init(|| scoring.results(&heading, &fixtures, &results));
    let shown = |number: usize| {
        weights
            .get(number - 1)
            .is_none_or(|weight| weight.visibility.shows_details())
    };
    let document = |format: Format| match format {
        Format::Text => {
            let mut text = Vec::new();
            let _ = text::program_report_showing(
                &mut text,
                &label,
                heading,
                &fixtures,
                &results,
                Paint::default(),
                &shown,
            );
            String::from_utf8_lossy(&text).into_owned()
        }
        other => other.program(model(), &scoring.context).unwrap_or_default(),
    };
    // A failure to write is kept by `out` and told after the files are written.
    match outputs.on_stdout() {
        Format::Text => {
            let _ = text::program_report_showing(
                out, &label, heading, &fixtures, &results, paint, &shown,
            );
        }
        other => {
            let _ = out.write_all(document(other).as_bytes());
        }
    }
    for (format, file) in outputs.files() {
        outputs::write(file, &document(format))?;
    }
    Ok(status_of(all_passed(&results, how.criterion)))
}

/// The limits of each case of `kata`'s stage `stage`: those `options` give, else
/// [`katas::limits`].
fn limits(options: &Options, kata: &Kata, stage: u8) -> Limits {
    let given = StageLimits {
        memory: options.memory,
        processes: options.processes,
        disk: options.disk,
    };
    given.over(Limits {
        timeout: Duration::from_secs_f64(options.timeout),
        ..katas::limits(kata, stage)
    })
}

/// The folder of a stage's fixtures given with `--fixtures DIR`: `DIR/stageN` when there is
/// one, else `DIR` itself.
/// Grades `program` on a stage's cases: `fixtures`, then the cases judged by the kata's rules
/// (`rule_cases`), numbered after them. Without `how.all`, the rules cases run only when every
/// fixture passed, and stop at the first that fails. Returns every case as a fixture (a rules
/// case as the transcript its shown run was judged against; one not run by its name alone) and
/// the results.
///
/// # Errors
///
/// The grader's own failure.
pub fn grade_stage(
    program: &Program,
    fixtures: Vec<Fixture>,
    rule_cases: Option<&RuleCases>,
    how: Grading<'_>,
    sandbox: &Sandbox,
) -> Result<(Vec<Fixture>, Vec<CaseResult>), GradeError> {
    let mut results = grade(program, &fixtures, how, sandbox).map_err(GradeError::OwnResources)?;
    let mut fixtures = fixtures;
    let Some(RuleCases { cases, rules }) = rule_cases else {
        return Ok((fixtures, results));
    };
    let first = fixtures.len() + 1;
    let graded =
        if how.all || all_passed(&results, how.criterion) && results.len() == fixtures.len() {
            harness::rules::grade(program, cases, rules.as_ref(), first, how, sandbox)
                .map_err(GradeError::OwnResources)?
        } else {
            Vec::new()
        };
    let run = graded.len();
    for (fixture, result) in graded {
        fixtures.push(fixture);
        results.push(result);
    }
    fixtures.extend(cases[run..].iter().map(harness::rules::placeholder));
    Ok((fixtures, results))
}

fn given_fixtures_dir(given: &Path, stage: u8) -> PathBuf {
    let nested = given.join(format!("stage{stage}"));
    if nested.is_dir() {
        nested
    } else {
        given.to_owned()
    }
}

/// What each of `fixtures` of `stage`, then each of its cases judged by rules (`rule_names`), is
/// worth and who may see its details, as the kata's manifest says; with `strict` (the kata's own
/// fixtures), every case it names must be one of them.
fn case_weights<'a>(
    kata: &Kata,
    stage: &harness::kata::Stage,
    fixtures: &'a [Fixture],
    rule_names: impl Iterator<Item = &'a str>,
    strict: bool,
) -> Result<Vec<CaseWeight>, GradeError> {
    let names: Vec<&str> = fixtures
        .iter()
        .map(|fixture| fixture.name.as_str())
        .chain(rule_names)
        .collect();
    stage.scoring.weights(&names, strict).map_err(|message| {
        GradeError::Kata(harness::kata::KataError {
            path: kata.path_of(Path::new(harness::kata::MANIFEST)),
            line: Some(stage.reference_line),
            message: format!("stage {}: {message}", stage.number),
        })
    })
}

/// What each case is worth, and the context of every report.
struct Scoring<'a> {
    /// Each fixture's points and visibility, in fixture order.
    weights: &'a [CaseWeight],
    /// Whether the kata gives points or visibility, which the results then carry.
    weighted: bool,
    /// What the reports need beyond the results.
    context: harness::report::format::Context,
}

impl Scoring<'_> {
    /// The results model of one program graded on `fixtures`, each case weighed.
    fn results(
        &self,
        heading: &Heading<'_>,
        fixtures: &[Fixture],
        results: &[CaseResult],
    ) -> ProgramResults {
        ProgramResults::graded(heading, fixtures, results, self.weights, self.weighted)
    }
}

fn all_passed(results: &[CaseResult], criterion: Criterion) -> bool {
    results.iter().all(|result| result.passed(criterion))
}

/// Grades every submission of `class`, writing its row of the table as soon as it is graded
/// (and its files, in a format of one submission), and keeping of it only its results.
fn grade_class(
    options: &Options,
    (class, shard): (&Path, Option<shard::Shard>),
    (heading, kata, hidden): (Heading<'_>, &Kata, &[PathBuf]),
    (fixtures, rule_cases, scoring, outputs): (
        &[Fixture],
        Option<&RuleCases>,
        &Scoring<'_>,
        &outputs::Outputs,
    ),
    how: Grading<'_>,
    out: &mut impl Write,
) -> Result<u8, GradeError> {
    let everyone = class::submissions(class, &options.command)?;
    let total = fixtures.len() + rule_cases.map_or(0, |rule_cases| rule_cases.cases.len());
    // Every submission, in this slice or another, is hidden from the others.
    let folders: Vec<&Path> = everyone
        .iter()
        .map(|submission| submission.folder.as_path())
        .collect();
    let submissions: Vec<&class::Submission> = everyone
        .iter()
        .filter(|submission| {
            shard.is_none_or(|shard| shard.holds(submission.name.as_encoded_bytes()))
        })
        .collect();
    let names = || {
        submissions
            .iter()
            .map(|submission| submission.name.as_os_str())
    };
    let text_file = outputs
        .files()
        .find(|(format, _)| *format == Format::Text)
        .map(|(_, file)| file.to_owned());
    let mut text_copy = Vec::new();
    let on_stdout = outputs.on_stdout() == Format::Text;
    let mut table_out = Tee {
        first: on_stdout.then_some(&mut *out),
        second: text_file.is_some().then_some(&mut text_copy),
    };
    let table = text::ClassTable::start(&mut table_out, heading, total, names());
    // No case may read any results file, its own or another submission's.
    let mut hidden = hidden.to_vec();
    hidden.extend(outputs.every_file(names()));
    let max_points = scoring
        .weighted
        .then(|| scoring.weights.iter().map(|weight| weight.points).sum());
    let mut entries = Vec::new();
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for &submission in &submissions {
        let name = submission.name.to_string_lossy();
        // A failure to write is kept by `out` and told after the files are written.
        let results = match submission.program(heading.stage) {
            Ok(program) => {
                // Each submission is hidden the others' folders too.
                let mut hidden = hidden.clone();
                hidden.extend(
                    folders
                        .iter()
                        .filter(|&&other| other != submission.folder)
                        .map(|other| other.to_path_buf()),
                );
                let (fixtures, results) = grade_stage(
                    &program,
                    fixtures.to_vec(),
                    rule_cases,
                    how,
                    &sandbox(options, kata, &hidden),
                )?;
                let _ = table.row(&mut table_out, &submission.name, &fixtures, &results);
                if all_passed(&results, how.criterion) {
                    passed += 1;
                } else {
                    failed += 1;
                }
                scoring.results(&heading, &fixtures, &results)
            }
            Err(not_graded) => {
                let _ =
                    table.row_not_graded(&mut table_out, &submission.name, &not_graded.to_string());
                if not_graded.is_skipped() {
                    skipped += 1;
                } else {
                    failed += 1;
                }
                ProgramResults::not_graded(&not_graded.message(), total, max_points)
            }
        };
        for (format, file) in outputs.submission_files(&submission.name) {
            if let Some(document) = format.program(&results, &scoring.context) {
                outputs::write(&file, &document)?;
            }
        }
        if outputs.keep_class() {
            entries.push(SubmissionEntry::new(&name, results));
        }
    }
    let _ = text::ClassTable::finish(&mut table_out, passed, failed, skipped);
    if let Some(file) = &text_file {
        outputs::write(file, &String::from_utf8_lossy(&text_copy))?;
    }
    let mut class_results = ClassResults::new(&heading, entries);
    class_results.shard = shard.map(|shard| ShardPart {
        count: shard.count,
        index: shard.index,
    });
    let on_stdout = outputs.on_stdout();
    if on_stdout != Format::Text
        && let Some(document) = on_stdout.class(&class_results, &scoring.context)
    {
        let _ = out.write_all(document.as_bytes());
    }
    for (format, file) in outputs.files() {
        if let Some(document) = format.class(&class_results, &scoring.context) {
            outputs::write(file, &document)?;
        }
    }
    Ok(status_of(failed == 0))
}

/// A writer to two writers, either of which may be absent: the class's table goes to the
/// report and to its file.
struct Tee<'a, A: Write, B: Write> {
    first: Option<&'a mut A>,
    second: Option<&'a mut B>,
}

impl<A: Write, B: Write> Write for Tee<'_, A, B> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if let Some(first) = self.first.as_mut() {
            first.write_all(bytes)?;
        }
        if let Some(second) = self.second.as_mut() {
            second.write_all(bytes)?;
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if let Some(first) = self.first.as_mut() {
            first.flush()?;
        }
        Ok(())
    }
}

/// What no case may read: the fixtures of every stage of the kata and those given with
/// `--fixtures` (the whole folder given), the JSON results, and the report when it goes to a
/// file.
fn hidden_from_cases(options: &Options, fixtures_dir: &Path) -> Vec<PathBuf> {
    let mut hidden = vec![fixtures_dir.to_owned()];
    hidden.extend(options.fixtures.iter().cloned());
    hidden.extend(options.json.iter().cloned());
    // Standard output, when it is a file: the report as it is written.
    if let Ok(report) = std::fs::read_link("/proc/self/fd/1")
        && report.is_file()
    {
        hidden.push(report);
    }
    hidden
}

/// The sandbox the cases run in (see [`katas::sandbox`]), also hiding `hidden`, unless
/// `--no-sandbox` turns it off.
fn sandbox(options: &Options, kata: &Kata, hidden: &[PathBuf]) -> Sandbox {
    if options.no_sandbox {
        Sandbox::off("as --no-sandbox asks")
    } else {
        katas::sandbox(kata, hidden)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `grade` in-process on `args` and returns the status, the report and the errors.
    fn grade_in_process(args: &[&str]) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = run(
            std::iter::once("grade")
                .chain(args.iter().copied())
                .map(OsString::from),
            Paint::default(),
            &mut out,
            &mut err,
        );
        let text = |bytes: Vec<u8>| String::from_utf8(bytes).expect("UTF-8");
        (status, text(out), text(err))
    }

    #[test]
    fn usage_errors_go_to_err_with_status_2_and_help_to_out_with_status_0() {
        let (status, out, err) = grade_in_process(&["6"]);
        assert_eq!((status, out.as_str()), (EXIT_USAGE, ""));
        assert!(
            err.contains("Tic-Tac-Toe has no stage 6: its stages are 1 to 5"),
            "{err}"
        );
        let (status, out, err) = grade_in_process(&["3", "--"]);
        assert_eq!((status, out.as_str()), (EXIT_USAGE, ""));
        assert!(err.starts_with("grade: nothing follows `--`"), "{err}");
        let (status, out, err) = grade_in_process(&["--help"]);
        assert_eq!((status, err.as_str()), (EXIT_PASSED, ""));
        assert!(out.contains("Usage: grade"), "{out}");
    }
}
