//! Checking a stage: build it as `kata.toml` says, grade it on the stage's cases with the grader,
//! and tell the learner what happened and what comes next; and working out the progress again
//! when its file is missing or damaged.

use std::io::{self, Write};

use grade::planning::Asked;
use grade::project::{self, BuildFailure, Project, ProjectError};
use harness::feedback;
use harness::{CaseResult, Criterion, Scores};
use kata_model::fixture::Fixture;

use crate::course::{Course, plural};
use crate::error::KataError;
use crate::lang::Language;
use crate::progress::{self, Progress, Record, Unread};
use crate::style::Style;

/// What a stage must get right: the exact text of the specification, as the course asks.
const CRITERION: Criterion = Criterion::Exact;

/// How many lines of a build's output are shown: the first errors are the ones to fix.
const BUILD_LINES: usize = 60;

/// One stage, checked.
#[derive(Debug)]
pub struct StageCheck {
    /// The stage.
    pub stage: u8,
    /// Its cases.
    pub fixtures: Vec<Fixture>,
    /// What happened.
    pub outcome: Outcome,
}

/// What happened when a stage was checked.
#[derive(Debug)]
pub enum Outcome {
    /// The build failed: no case was run.
    CannotBuild(BuildFailure),
    /// The program is not there to start: no case was run.
    CannotStart(ProjectError),
    /// The cases were run, up to the first failure or all of them.
    Graded {
        /// The program, as `kata.toml` names it.
        program: String,
        /// The results, in case order.
        results: Vec<CaseResult>,
    },
}

impl StageCheck {
    /// Whether every case passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        match &self.outcome {
            Outcome::Graded { results, .. } => {
                results.len() == self.fixtures.len()
                    && results.iter().all(|result| result.passed(CRITERION))
            }
            _ => false,
        }
    }

    /// The first case that failed, if the cases were run and one did.
    #[must_use]
    pub fn first_failure(&self) -> Option<&CaseResult> {
        match &self.outcome {
            Outcome::Graded { results, .. } => {
                results.iter().find(|result| !result.passed(CRITERION))
            }
            _ => None,
        }
    }

    /// What the progress file keeps of this check.
    #[must_use]
    pub fn record(&self) -> Record {
        let total = self.fixtures.len();
        match &self.outcome {
            Outcome::Graded { results, .. } => Record {
                passed: Scores::of(results).passed(CRITERION),
                total,
                first_failure: self
                    .first_failure()
                    .map(|result| result.fixture(&self.fixtures).name.clone()),
                not_run: false,
            },
            Outcome::CannotBuild(_) | Outcome::CannotStart(_) => Record {
                passed: 0,
                total,
                first_failure: None,
                not_run: true,
            },
        }
    }

    /// The check in a few words: "passes (17 of 17 cases)", "cannot build".
    #[must_use]
    pub fn summary(&self) -> String {
        let total = self.fixtures.len();
        match &self.outcome {
            Outcome::CannotBuild(_) => "cannot build".to_owned(),
            Outcome::CannotStart(_) => "cannot start".to_owned(),
            Outcome::Graded { results, .. } => match self.first_failure() {
                None if total == 1 => "passes (its one case)".to_owned(),
                None => format!("passes ({} of {total} cases)", results.len()),
                Some(failure) => format!(
                    "{}; test #{} ({}): {}",
                    cases_passing(Scores::of(results).passed(CRITERION), total),
                    failure.number,
                    failure.fixture(&self.fixtures).name,
                    failure.verdict().title()
                ),
            },
        }
    }
}

/// Builds stage `stage` of `project` and grades it on its cases: every case with `all`, else up
/// to the first failure. With `narrate`, says on `out` what it is doing, since a build can take
/// seconds.
///
/// # Errors
///
/// When the stage's fixtures cannot be read, or `out` cannot be written.
pub fn check(
    course: &Course,
    project: &Project,
    stage: u8,
    all: bool,
    narrate: bool,
    out: &mut dyn Write,
) -> Result<StageCheck, KataError> {
    // As `grade` plans it, so that the program gets the verdict it will get there: the same
    // cases, judges, limits and sandbox.
    let plan = grade::planning::plan(
        &course.kata,
        stage,
        Asked {
            all,
            criterion: CRITERION,
            ..Asked::default()
        },
    )
    .map_err(KataError::from_planning)?;
    let mut fixtures = plan.cases.clone();
    if narrate && let Some(build) = project.commands(stage).ok().and_then(|c| c.build.as_ref()) {
        writeln!(out, "Building: {build}")?;
        out.flush()?;
    }
    let outcome = match project.build(stage) {
        Err(failure) => Outcome::CannotBuild(failure),
        Ok(()) => match project.program(stage) {
            Err(error) => Outcome::CannotStart(error),
            Ok(program) => {
                // A version manager's shim, resolved once rather than started at every run.
                let program = match runner::shims::resolve(&program) {
                    Some((resolved, shim)) => {
                        if narrate {
                            writeln!(out, "{}", shim.note())?;
                        }
                        resolved
                    }
                    None => program,
                };
                if narrate {
                    writeln!(
                        out,
                        "Grading `{}` on {}",
                        program.label(),
                        plural(plan.total(), "test case", "test cases")
                    )?;
                    out.flush()?;
                }
                let (graded, results) = plan
                    .grade(&program, &plan.sandbox(&[]))
                    .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
                fixtures = graded.into_owned();
                Outcome::Graded {
                    program: program.label().to_owned(),
                    results,
                }
            }
        },
    };
    Ok(StageCheck {
        stage,
        fixtures,
        outcome,
    })
}

/// The project's progress: read from its file or, when that is missing or damaged, worked out
/// again by checking each stage from stage 1 until one fails (said on `out`, a line a stage).
/// The check that ended the working out, if there was one, comes back with it.
///
/// # Errors
///
/// When the fixtures cannot be read, the file cannot be written, or `out` cannot be written.
pub fn progress(
    course: &Course,
    project: &Project,
    out: &mut dyn Write,
) -> Result<(Progress, Option<StageCheck>), KataError> {
    let why = match Progress::load(&project.root) {
        Ok(progress) => return Ok((progress, None)),
        Err(Unread::Missing) => format!("There is no progress file ({})", progress::FILE_NAME),
        Err(Unread::Damaged(why)) => {
            format!(
                "The progress file {} cannot be read ({why})",
                progress::FILE_NAME
            )
        }
    };
    writeln!(
        out,
        "{why}: working out where you are by checking each stage from stage 1."
    )?;
    let mut progress = Progress::default();
    let mut last = None;
    for stage in course.stages() {
        let checked = check(course, project, stage, false, false, out)?;
        writeln!(out, "Stage {stage}: {}.", checked.summary())?;
        progress.set(stage, Some(checked.record()));
        let passed = checked.passed();
        last = Some(checked);
        if !passed {
            break;
        }
    }
    progress.save(&project.root)?;
    writeln!(out)?;
    Ok((progress, last))
}

/// Records `checked` in `progress` and saves it.
///
/// # Errors
///
/// When the progress file cannot be written.
pub fn record(
    project: &Project,
    progress: &mut Progress,
    checked: &StageCheck,
) -> Result<(), KataError> {
    progress.set(checked.stage, Some(checked.record()));
    progress.save(&project.root)
}

/// Writes what a check found, after what it said while checking: the feedback of the first
/// failure, or the stage passed and where to go next (`current` is the first stage not done
/// after this check). `watching` says the learner is in `kata watch`, where a save checks
/// again and a key gives the hint.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn write_report(
    out: &mut dyn Write,
    course: &Course,
    project: &Project,
    checked: &StageCheck,
    current: Option<u8>,
    watching: bool,
    style: Style,
) -> io::Result<()> {
    let stage = checked.stage;
    let (again, hint) = if watching {
        ("save to check again", "`h`")
    } else {
        ("run `kata check` again", "`kata hint`")
    };
    writeln!(out)?;
    match &checked.outcome {
        Outcome::CannotBuild(failure) => {
            writeln!(out, "{} {failure}.", style.bad("Cannot build:"))?;
            let lines: Vec<&str> = failure.output.lines().collect();
            if !lines.is_empty() {
                writeln!(out)?;
                for line in lines.iter().take(BUILD_LINES) {
                    writeln!(out, "{line}")?;
                }
                if lines.len() > BUILD_LINES {
                    writeln!(out, "... ({} more lines)", lines.len() - BUILD_LINES)?;
                }
                writeln!(out)?;
            }
            writeln!(out, "Fix what the build says, then {again}.")
        }
        Outcome::CannotStart(error) => {
            let why = match error {
                ProjectError::CannotStart { why, .. } => why.clone(),
                other => other.to_string(),
            };
            writeln!(out, "{} {why}.", style.bad("Cannot start:"))?;
            writeln!(
                out,
                "Check `run` of [stage{stage}] in {}, then {again}.",
                project::FILE_NAME
            )
        }
        Outcome::Graded { results, .. } => match checked.first_failure() {
            Some(failure) => {
                let fixture = failure.fixture(&checked.fixtures);
                write!(out, "{}", feedback::report(failure, fixture, style.paint()))?;
                writeln!(out)?;
                // Only where there was a case before this one to speak of.
                let before = if failure.number > 1 {
                    format!(
                        "{} of {} passed before this one. ",
                        Scores::of(results).passed(CRITERION),
                        plural(checked.fixtures.len(), "case", "cases"),
                    )
                } else {
                    String::new()
                };
                writeln!(
                    out,
                    "{before}Stuck? {hint} gives a hint for test #{}; stage{stage}/README.md has \
                     the rules.",
                    failure.number
                )
            }
            None => {
                if results.len() == 1 {
                    writeln!(
                        out,
                        "{}. Stage {stage} is done!",
                        style.good("Its one case passes")
                    )?;
                } else {
                    writeln!(
                        out,
                        "{} ({} of {}). Stage {stage} is done!",
                        style.good("Every case passes"),
                        results.len(),
                        checked.fixtures.len()
                    )?;
                }
                write_next(out, course, project, current)
            }
        },
    }
}

/// Says which stage comes next and where its task and program are; or that the kata is done.
///
/// # Errors
///
/// When `out` cannot be written.
pub fn write_next(
    out: &mut dyn Write,
    course: &Course,
    project: &Project,
    current: Option<u8>,
) -> io::Result<()> {
    let Some(next) = current else {
        return writeln!(
            out,
            "All {} stages are done: the kata is complete.",
            course.stage_count()
        );
    };
    let program = project
        .lang
        .as_deref()
        .and_then(Language::from_key)
        .map_or_else(String::new, |language| {
            format!("; your program goes in {}", language.source(next))
        });
    writeln!(
        out,
        "Next: stage {next}, \"{}\". Its task is in stage{next}/README.md{program}.",
        course.title(next)
    )
}

/// How many of a stage's `total` cases pass: "3 of 17 cases pass", "its one case fails".
#[must_use]
pub fn cases_passing(passed: usize, total: usize) -> String {
    match (total, passed) {
        (1, 1) => "its one case passes".to_owned(),
        (1, _) => "its one case fails".to_owned(),
        _ => format!("{passed} of {total} cases pass"),
    }
}
