//! `kata dev check`: the authoring check of a kata's folder, as rustlings' `dev check` is of its
//! exercises. It reads the manifest, every stage's description and fixtures, asks a hint of
//! every fixture, grades every stage's reference on every one of its fixtures, and makes a
//! project in every language `kata new` offers (or those asked for) to see each starter build
//! and fail stage 1.
//! Every problem is named with its file and line, and all of them are listed, not the first.

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use grade::planning::Asked;
use grade::project::Project;
use harness::kata::{Kata, KataError as ManifestError};
use harness::{Criterion, Fixture};

use crate::course::Course;
use crate::error::KataError;
use crate::lang::Language;
use crate::new;
use crate::style::Style;

/// One thing wrong with a kata: where, and what.
#[derive(Debug, PartialEq, Eq)]
pub struct Problem {
    /// The file to fix.
    pub path: PathBuf,
    /// Its 1-based line, where one is to blame.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl From<ManifestError> for Problem {
    fn from(error: ManifestError) -> Problem {
        Problem {
            path: error.path,
            line: error.line,
            message: error.message,
        }
    }
}

impl From<harness::FixtureError> for Problem {
    fn from(error: harness::FixtureError) -> Problem {
        Problem {
            path: error.path,
            line: error.line,
            message: error.message,
        }
    }
}

/// Checks the kata in `folder`, saying on `out` what each step found; returns the exit status:
/// 0 when the kata has no problem, 1 when it has.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn check(
    folder: &Path,
    languages: &[Language],
    out: &mut dyn Write,
    style: Style,
) -> Result<u8, KataError> {
    let mut problems = Vec::new();
    let kata = match Kata::load(folder) {
        Ok(kata) => kata,
        Err(error) => {
            problems.push(Problem::from(error));
            return finish(out, &problems, style);
        }
    };
    writeln!(
        out,
        "Checking the kata {} ({}), {}, in {}",
        kata.title,
        kata.name,
        crate::course::plural(usize::from(kata.stage_count()), "stage", "stages"),
        folder.display()
    )?;
    if let Err(error) = grade::katas::content_check(&kata, 1) {
        problems.push(Problem {
            path: folder.join(harness::kata::MANIFEST),
            line: None,
            message: error.to_string(),
        });
    }
    let mut every_stage_readable = true;
    for stage in &kata.stages {
        every_stage_readable &= kata.fixtures(stage.number).is_ok();
        let before = problems.len();
        if let Err(error) = kata.description(stage.number) {
            problems.push(error.into());
        }
        match kata.fixtures(stage.number) {
            Err(error) => problems.push(error.into()),
            // A problem package's cases need no hint, and its submissions are its proof.
            Ok(_) if let Some(package) = &kata.package => {
                problems.extend(crate::submissions::check(&kata, package, out, style)?);
            }
            Ok(fixtures) => {
                problems.extend(fixtures.iter().filter_map(missing_hint));
                let names: Vec<&str> = fixtures
                    .iter()
                    .map(|fixture| fixture.name.as_str())
                    .collect();
                if let Err(message) = stage.scoring.weights(&names, true) {
                    problems.push(Problem {
                        path: folder.join(harness::kata::MANIFEST),
                        line: Some(stage.reference_line),
                        message: format!("stage {}: {message}", stage.number),
                    });
                }
                problems.extend(reference_failures(&kata, stage.number)?);
            }
        }
        let found = problems.len() - before;
        writeln!(
            out,
            "stage {}  {}: {}",
            stage.number,
            stage.title,
            if found == 0 && kata.package.is_some() {
                style.good("every submission gets the verdict its folder names")
            } else if found == 0 {
                style.good("the reference passes every case, each with a hint")
            } else {
                style.bad(&crate::course::plural(found, "problem", "problems"))
            }
        )?;
    }
    if every_stage_readable {
        problems.extend(starters(&kata, languages, out, style)?);
    }
    finish(out, &problems, style)
}

/// Lists `problems` and says how the check ended.
fn finish(out: &mut dyn Write, problems: &[Problem], style: Style) -> Result<u8, KataError> {
    if problems.is_empty() {
        writeln!(
            out,
            "{}",
            style.good("The kata is ready: no problem found.")
        )?;
        return Ok(grade::EXIT_PASSED);
    }
    writeln!(out)?;
    for problem in problems {
        writeln!(out, "{problem}")?;
    }
    writeln!(
        out,
        "{}",
        style.bad(&format!(
            "{} to fix.",
            crate::course::plural(problems.len(), "problem", "problems")
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
                    .with_extension(harness::fixture::HINT_EXTENSION),
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

/// The fixtures of stage `stage` that its reference does not pass, each with the first line of
/// the fixture it departs from and the grader's verdict.
fn reference_failures(kata: &Kata, stage: u8) -> Result<Vec<Problem>, KataError> {
    let manifest = kata.path_of(Path::new(harness::kata::MANIFEST));
    let Ok(number) = kata.stage(stage) else {
        return Ok(Vec::new());
    };
    let line = number.reference_line;
    let program = match grade::reference::program(kata, number) {
        Ok(program) => program,
        Err(error) => {
            return Ok(vec![Problem {
                path: manifest,
                line: Some(line),
                message: error.to_string(),
            }]);
        }
    };
    let (program, _folder) = program;
    let asked = Asked {
        all: true,
        criterion: Criterion::Exact,
        unsandboxed: Some("the kata's own reference".to_owned()),
        ..Asked::default()
    };
    let plan = match grade::planning::plan(kata, stage, asked) {
        Ok(plan) => plan,
        // The manifest's weights, told with their line by the check of the stage's weights.
        Err(grade::GradeError::Kata(_)) => return Ok(Vec::new()),
        Err(error) => {
            return Ok(vec![Problem {
                path: manifest,
                line: None,
                message: error.to_string(),
            }]);
        }
    };
    let (fixtures, results) = plan
        .grade(&program, &plan.sandbox(&[]))
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
    Ok(results
        .iter()
        .filter(|result| !result.passed(Criterion::Exact))
        .map(|result| {
            let fixture = result.fixture(&fixtures);
            let actual = result.run.transcript(&fixture.transcript);
            // A case judged by rules has no fixture file of its own to point into.
            let is_fixture = fixture.path.extension().is_some_and(|e| e == "snap");
            Problem {
                path: fixture.path.clone(),
                line: if is_fixture {
                    first_differing_line(fixture, &actual)
                } else {
                    None
                },
                message: format!(
                    "the reference of stage {stage} does not pass this case: {}",
                    result.verdict().title()
                ),
            }
        })
        .collect())
}

/// The line of `fixture`'s file where `actual`, a transcript, first departs from its body.
fn first_differing_line(fixture: &Fixture, actual: &str) -> Option<usize> {
    let text = fs::read_to_string(&fixture.path).ok()?;
    let header_lines = text
        .len()
        .checked_sub(fixture.body.len())
        .map(|start| text[..start].lines().count())?;
    let mut expected = fixture.body.lines();
    let mut got = actual.lines();
    let mut index = 0;
    loop {
        match (expected.next(), got.next()) {
            (None, None) => return Some(header_lines + index.max(1)),
            (want, have) if want != have => return Some(header_lines + index + 1),
            _ => index += 1,
        }
    }
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
        let verdict = match &checked.outcome {
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
            crate::check::Outcome::Graded { .. } => Ok(()),
        };
        match verdict {
            Ok(()) => writeln!(
                out,
                "starter in {language}: {}",
                style.good("builds, and fails stage 1")
            )?,
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
