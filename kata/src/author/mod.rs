//! The author's commands, as rustlings' `dev check` is of its exercises and insta's review is
//! of snapshots: `kata dev record` ([`record`]) writes each fixture's transcript from the
//! reference, and `kata dev check` checks a kata's folder: its manifest, every stage's task (its
//! heading, and each example of a run in it against the reference: [`texts`]) and fixtures
//! (each with a hint, nothing else in their folder, an `order` where there are many), every
//! stage's reference graded on every one of its cases, and a project in every language
//! `kata new` offers (or those asked for), to see each starter build and fail stage 1.
//! Every problem is named once, with its file and line and its reason, and all of them are
//! listed, not the first.

use harness::interleaving::RunShown;
use std::fs;
use std::io::Write;
use std::path::Path;

use grade::planning::Asked;
use grade::project::Project;
use harness::{CaseResult, Criterion, Verdict};
use kata_model::Fixture;
use kata_model::case_judge::CaseJudge;
use kata_model::kata::{Kata, Stage};

use crate::course::Course;
use crate::error::KataError;
use crate::lang::Language;
use crate::new;
use crate::selection::Selection;
use crate::style::Style;
use problem::indented;
use references::{UNSANDBOXED, cannot_start_problem};

pub(crate) mod problem;
pub mod record;
mod references;
pub mod texts;

pub use problem::Problem;

/// Checks the kata in `folder`, saying on `out` what each step found, a problem package's
/// submissions as `selection` asks; returns the exit status: 0 when the kata has no problem, 1
/// when it has. A warning is said, and does not fail it.
///
/// # Errors
///
/// When `out` cannot be written, or `selection` names submissions the kata does not have.
pub fn check(
    folder: &Path,
    languages: &[Language],
    selection: &Selection,
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let mut found = Found::default();
    let kata = match Kata::load(folder) {
        Ok(kata) => kata,
        Err(error) => {
            found.problems.push(Problem::from(error));
            return finish(out, &found, style);
        }
    };
    if kata.package.is_none() && !selection.is_all() {
        return Err(KataError::NotAPackage(folder.to_owned()));
    }
    writeln!(
        out,
        "Checking the kata {} ({}), {}, in {}",
        kata.title,
        kata.name,
        crate::course::plural(usize::from(kata.stage_count()), "stage", "stages"),
        folder.display()
    )?;
    let manifest = folder.join(kata_model::kata::MANIFEST);
    if let Err(error) = grade::katas::content_check(&kata, 1) {
        found.problems.push(Problem {
            path: manifest.clone(),
            line: None,
            message: error.to_string(),
        });
    }
    let mut every_stage_readable = true;
    let mut first_stage_passes = true;
    for stage in &kata.stages {
        every_stage_readable &= kata.fixtures(stage.number).is_ok();
        let before = found.problems.len();
        let examples = task(&kata, stage, &mut found.problems);
        if let Some(folder) = kata.folder().filter(|_| kata.package.is_none()) {
            found
                .problems
                .extend(texts::stray_files(&folder.join(&stage.fixtures)));
        }
        match kata.fixtures(stage.number) {
            Err(error) => found.problems.push(error.into()),
            // A problem package's cases need no hint, and its submissions are its proof.
            Ok(_) if let Some(package) = &kata.package => {
                found
                    .problems
                    .extend(crate::input_validation::check(package, out, style)?);
                found
                    .problems
                    .extend(crate::output_validation::check(package, out, style)?);
                found.problems.extend(crate::submissions::check(
                    &kata, package, selection, out, style,
                )?);
            }
            Ok(fixtures) => {
                let cases_pass = cases(&kata, stage, &fixtures, &examples, &mut found, style)?;
                first_stage_passes &= stage.number != 1 || cases_pass;
            }
        }
        let count = found.problems.len() - before;
        let examples_run = !examples.is_empty() && runs_examples(stage);
        writeln!(
            out,
            "stage {}  {}: {}",
            stage.number,
            stage.title,
            if count == 0 && kata.package.is_some() && selection.is_all() {
                style.good("every submission gets the verdict its folder names")
            } else if count == 0 && kata.package.is_some() {
                style.good("every submission selected gets the verdict its folder names")
            } else if count == 0 && examples_run {
                style.good(
                    "the reference passes every case, each with a hint, and gives every \
                     example of the task",
                )
            } else if count == 0 {
                style.good("the reference passes every case, each with a hint")
            } else {
                style.bad(&crate::course::plural(count, "problem", "problems"))
            }
        )?;
    }
    if every_stage_readable && first_stage_passes {
        found
            .problems
            .extend(starters(&kata, languages, out, style)?);
    } else if every_stage_readable {
        // A starter is held to fail stage 1's cases, which are not right yet.
        writeln!(
            out,
            "starters: not checked until the reference passes every case of stage 1"
        )?;
    }
    finish(out, &found, style)
}

/// The examples of `stage`'s task, with the problems of its text added to `problems`: a task
/// that cannot be read, a heading that is not the stage's, an example that is not a transcript.
fn task(kata: &Kata, stage: &Stage, problems: &mut Vec<Problem>) -> Vec<texts::Example> {
    match kata.description(stage.number) {
        Err(error) => {
            problems.push(error.into());
            Vec::new()
        }
        // A problem package's statement is its own, under the problem's name.
        Ok(_) if kata.package.is_some() => Vec::new(),
        Ok(text) => {
            let path = kata.path_of(&stage.description);
            problems.extend(texts::heading(&path, &text, stage));
            let (examples, unreadable) = texts::examples(&path, &text);
            problems.extend(unreadable);
            examples
        }
    }
}

/// Adds to `found` what is wrong with `fixtures`, the cases of `stage`, and with the reference
/// on them and on the `examples` of its task; returns whether the reference passes every case.
fn cases(
    kata: &Kata,
    stage: &Stage,
    fixtures: &[Fixture],
    examples: &[texts::Example],
    found: &mut Found,
    style: Style,
) -> Result<bool, KataError> {
    let manifest = kata.path_of(Path::new(kata_model::kata::MANIFEST));
    found
        .problems
        .extend(fixtures.iter().filter_map(missing_hint));
    found
        .warnings
        .extend(texts::unordered(&manifest, stage, fixtures));
    let names: Vec<&str> = fixtures
        .iter()
        .map(|fixture| fixture.name.as_str())
        .collect();
    if let Err(message) = stage.scoring.weights(&names, true) {
        found.problems.push(Problem {
            path: manifest,
            line: Some(stage.reference_line),
            message: format!("stage {}: {message}", stage.number),
        });
    }
    let reference = reference_problems(kata, stage, examples, style)?;
    found.problems.extend(reference.problems);
    Ok(reference.cases_pass)
}

/// What the check found: the problems, and the warnings, which do not fail it.
#[derive(Debug, Default)]
struct Found {
    problems: Vec<Problem>,
    warnings: Vec<Problem>,
}

/// Lists what was found and says how the check ended.
fn finish(out: &mut dyn Write, found: &Found, style: Style) -> Result<u8, KataError> {
    let warned = match found.warnings.len() {
        0 => String::new(),
        count => format!(", {}", crate::course::plural(count, "warning", "warnings")),
    };
    if !found.problems.is_empty() || !found.warnings.is_empty() {
        writeln!(out)?;
    }
    for warning in &found.warnings {
        writeln!(out, "warning: {warning}")?;
    }
    if found.problems.is_empty() {
        writeln!(
            out,
            "{}",
            style.good(&format!("The kata is ready: no problem found{warned}."))
        )?;
        return Ok(grade::EXIT_PASSED);
    }
    for problem in &found.problems {
        writeln!(out, "{problem}")?;
    }
    writeln!(
        out,
        "{}",
        style.bad(&format!(
            "{} to fix{warned}.",
            crate::course::plural(found.problems.len(), "problem", "problems")
        ))
    )?;
    Ok(grade::EXIT_FAILED)
}

/// The problem of a fixture without a hint: its header has no `description`.
fn missing_hint(fixture: &Fixture) -> Option<Problem> {
    let missing = fixture
        .hint
        .as_deref()
        .is_none_or(|hint| hint.trim().is_empty());
    missing.then(|| {
        if fixture.is_input_case() {
            Problem {
                path: fixture
                    .path
                    .with_extension(kata_model::fixture::HINT_EXTENSION),
                line: None,
                message: "no hint: write the line a learner sees when the case fails in this \
                          file, beside the case's input"
                    .to_owned(),
            }
        } else {
            Problem {
                path: fixture.path.clone(),
                line: Some(2),
                message: "no hint: the header needs a `description:` line, which a learner \
                          sees when the case fails"
                    .to_owned(),
            }
        }
    })
}

/// What the reference of a stage did on its cases and on the examples of its task.
struct ReferenceCheck {
    /// Each problem once: a reference that cannot start, a case it fails with the feedback
    /// `grade` gives, a sketch not recorded, an example it does not give.
    problems: Vec<Problem>,
    /// Whether it passes every case.
    cases_pass: bool,
}

/// Grades `stage`'s reference on each of its cases, as `grade` does, and runs it on each of the
/// `examples` of its task.
fn reference_problems(
    kata: &Kata,
    stage: &Stage,
    examples: &[texts::Example],
    style: Style,
) -> Result<ReferenceCheck, KataError> {
    let manifest = kata.path_of(Path::new(kata_model::kata::MANIFEST));
    let failed = |problem: Problem| ReferenceCheck {
        problems: vec![problem],
        cases_pass: false,
    };
    let (program, _folder) = match grade::reference::program(kata, stage) {
        Ok(program) => program,
        Err(error) => {
            return Ok(failed(Problem {
                path: manifest,
                line: Some(stage.reference_line),
                message: error.to_string(),
            }));
        }
    };
    let asked = Asked {
        all: true,
        criterion: Criterion::Exact,
        unsandboxed: Some(UNSANDBOXED.to_owned()),
        ..Asked::default()
    };
    let plan = match grade::planning::plan(kata, stage.number, asked) {
        Ok(plan) => plan,
        // The manifest's weights, told with their line by the check of the stage's weights.
        Err(grade::GradeError::Kata(_)) => {
            return Ok(ReferenceCheck {
                problems: Vec::new(),
                cases_pass: false,
            });
        }
        Err(error) => {
            return Ok(failed(Problem {
                path: manifest,
                line: None,
                message: error.to_string(),
            }));
        }
    };
    let (fixtures, results) = plan
        .grade(&program, &plan.sandbox(&[]))
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
    let mut problems = Vec::new();
    let mut cannot_start = Vec::new();
    let mut judge_failures = Vec::new();
    for result in results
        .iter()
        .filter(|result| !result.passed(Criterion::Exact))
    {
        let fixture = result.fixture(&fixtures);
        if let Verdict::CannotStart(why) = result.verdict() {
            // Every case says the same of a reference that cannot start: once is enough.
            if !cannot_start.contains(why) {
                cannot_start.push(why.clone());
                problems.push(cannot_start_problem(kata, stage, why));
            }
            continue;
        }
        if let Verdict::JudgeError(_) = result.verdict() {
            // A judge of the kata that fails the same way on every case: once, in its words.
            let said = result.judgement.judge_message.clone().unwrap_or_default();
            if !judge_failures.contains(&said) {
                let judge = stage.judges.of(&fixture.name);
                problems.push(Problem {
                    path: manifest.clone(),
                    line: judge.map(|judge| judge.line),
                    message: format!(
                        "the {} of stage {} fails, first on case `{}`, saying:\n{}",
                        judge.map_or("judge", |judge| judge.role.name()),
                        stage.number,
                        fixture.shown_name(),
                        indented(&said)
                    ),
                });
                judge_failures.push(said);
            }
            continue;
        }
        problems.push(case_failure(stage.number, fixture, result, style));
    }
    let cases_pass = problems.is_empty();
    if cannot_start.is_empty() && runs_examples(stage) {
        let path = kata.path_of(&stage.description);
        problems.extend(texts::run_examples(&path, stage, examples, &program)?);
    }
    Ok(ReferenceCheck {
        problems,
        cases_pass,
    })
}

/// Whether the examples of `stage`'s task are run against its reference: not where a program
/// of the kata judges its cases, since an example is then one run among many right ones, or a
/// conversation with the kata's interactor, with no one transcript to compare it with.
fn runs_examples(stage: &Stage) -> bool {
    stage.judges.stage.is_none()
}

/// The problem of `fixture`, a case of stage `stage` that its reference failed with `result`:
/// a sketch not recorded yet, or the case at its first line that differs with the feedback
/// `grade` gives and what the kata's judge said.
fn case_failure(stage: u8, fixture: &Fixture, result: &CaseResult, style: Style) -> Problem {
    // A case judged by rules, or given by its input, has no transcript file to point into.
    let is_transcript = fixture
        .path
        .extension()
        .is_some_and(|extension| extension == kata_model::fixture::EXTENSION);
    let body_line = is_transcript.then(|| body_line(fixture)).flatten();
    if fixture.is_sketch() && matches!(fixture.judge, CaseJudge::Transcript) {
        return Problem {
            path: fixture.path.clone(),
            line: body_line,
            message: "a sketch, not recorded yet: `kata dev record` writes its transcript from \
                      the reference"
                .to_owned(),
        };
    }
    let actual = result.run.transcript(&fixture.transcript);
    let mut said = harness::feedback::report(result, fixture, style.paint());
    if let Some(judge) = report::text::judge_said(result) {
        said.push_str(&judge);
    }
    Problem {
        path: fixture.path.clone(),
        line: body_line.map(|line| line + texts::first_difference(&fixture.body, &actual)),
        message: format!(
            "the reference of stage {stage} does not pass this case:\n{}",
            indented(&said)
        ),
    }
}

/// The 1-based line of `fixture`'s file where its body starts.
fn body_line(fixture: &Fixture) -> Option<usize> {
    let text = fs::read_to_string(&fixture.path).ok()?;
    let header = text.len().checked_sub(fixture.body.len())?;
    Some(text.get(..header)?.lines().count() + 1)
}

/// Makes a project of `kata` in each of `languages`, and checks that each
/// starter builds and fails stage 1; a language whose toolchain is missing is skipped, said.
fn starters(
    kata: &Kata,
    languages: &[Language],
    out: &mut dyn Write,
    style: Style,
) -> Result<Vec<Problem>, KataError> {
    let course = Course::new(kata.clone())?;
    let mut problems = Vec::new();
    for &language in languages {
        let tool = language.toolchain();
        if !on_path(tool) {
            writeln!(
                out,
                "starter in {language}: skipped, `{tool}` is not installed here"
            )?;
            continue;
        }
        let folder = tempfile::Builder::new()
            .prefix("kata-starter-")
            .tempdir()
            .map_err(KataError::file("cannot make a temporary folder"))?;
        let root = folder.path().join("project");
        let key = kata
            .folder()
            .and_then(Path::to_str)
            .map_or_else(|| kata.name.clone(), str::to_owned);
        new::new_project(
            &course,
            &key,
            &root,
            Path::new("project"),
            language,
            &mut std::io::sink(),
        )?;
        let project = Project::load(&root)?;
        let checked =
            crate::check::check(&course, &project, 1, false, false, &mut std::io::sink())?;
        let source = root.join(language.source(1));
        // Beside a package's driver, a starter is the functions it calls, not yet written.
        let driver = crate::included::Included::of(&course, language)?
            .filter(|included| included.drives(language))
            .map(|included| included.drivers.join(" and "));
        let verdict = match &checked.outcome {
            crate::check::Outcome::CannotBuild(_) if driver.is_some() => Ok(format!(
                "fails stage 1: it does not build until the functions {} calls are written",
                driver.as_deref().unwrap_or_default()
            )),
            crate::check::Outcome::CannotBuild(failure) => Err(format!(
                "the {language} starter of stage 1 does not build: {failure}"
            )),
            crate::check::Outcome::CannotStart(error) => Err(format!(
                "the {language} starter of stage 1 cannot start: {error}"
            )),
            crate::check::Outcome::Graded { .. } if checked.passed() => Err(format!(
                "the {language} starter, which prints nothing, passes stage 1: its cases \
                 expect nothing of a program"
            )),
            crate::check::Outcome::Graded { .. } => Ok("builds, and fails stage 1".to_owned()),
        };
        match verdict {
            Ok(said) => writeln!(out, "starter in {language}: {}", style.good(&said))?,
            Err(message) => {
                writeln!(out, "starter in {language}: {}", style.bad("a problem"))?;
                problems.push(Problem {
                    path: source,
                    line: None,
                    message,
                });
            }
        }
    }
    Ok(problems)
}

/// Whether `program` is found on `PATH`.
fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}
