//! A problem package's example submissions, as `kata dev check` proves them: each built, graded
//! on every case of the package as a learner's program is, and held to the verdict its folder
//! under `submissions/` names (`accepted`, `wrong_answer`, `time_limit_exceeded`,
//! `run_time_error`, `partially_accepted`), as the format's own `verifyproblem` does.

use std::io::Write;

use grade::planning::Asked;
use harness::kata::Kata;
use harness::package::building::{self, BuildError};
use harness::package::{CaseOutcome, ExpectedVerdict, Package};
use harness::plan::StagePlan;
use harness::{CaseResult, Criterion, Program, Verdict};

use crate::author::Problem;
use crate::error::KataError;
use crate::style::Style;

/// The verdict a submission got, in the format's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Got {
    Accepted,
    PartiallyAccepted,
    WrongAnswer,
    TimeLimitExceeded,
    RunTimeError,
    /// The package's own judge failed: the author's fault, whatever the submission.
    JudgeError,
}

impl Got {
    fn name(self) -> &'static str {
        match self {
            Got::Accepted => "accepted",
            Got::PartiallyAccepted => "partially_accepted",
            Got::WrongAnswer => "wrong_answer",
            Got::TimeLimitExceeded => "time_limit_exceeded",
            Got::RunTimeError => "run_time_error",
            Got::JudgeError => "a judge error",
        }
    }

    /// Whether a submission of the folder `expected` may get this.
    fn meets(self, expected: &ExpectedVerdict) -> Option<bool> {
        Some(match expected {
            ExpectedVerdict::Accepted => self == Got::Accepted,
            ExpectedVerdict::PartiallyAccepted => self == Got::PartiallyAccepted,
            ExpectedVerdict::WrongAnswer => self == Got::WrongAnswer,
            ExpectedVerdict::TimeLimitExceeded => self == Got::TimeLimitExceeded,
            ExpectedVerdict::RunTimeError => self == Got::RunTimeError,
            ExpectedVerdict::Rejected => !matches!(self, Got::Accepted | Got::JudgeError),
            ExpectedVerdict::BruteForce => {
                matches!(self, Got::TimeLimitExceeded | Got::RunTimeError)
            }
            ExpectedVerdict::Other(_) => return None,
        })
    }

    /// The format's verdict of a failed case.
    fn of_case(verdict: &Verdict) -> Got {
        match verdict {
            Verdict::Passed | Verdict::PresentationError => Got::Accepted,
            // A program and an interactor waiting for each other run out the clock where the
            // format's judges run them.
            Verdict::TimedOut(_) | Verdict::WaitedForEachOther => Got::TimeLimitExceeded,
            Verdict::JudgeError(_) => Got::JudgeError,
            Verdict::WrongAnswer
            | Verdict::Rejected(_)
            | Verdict::WrongExitStatus { .. }
            | Verdict::PromptNotShown { .. }
            | Verdict::AskedForMoreInput { .. }
            | Verdict::TooMuchOutput(_) => Got::WrongAnswer,
            Verdict::CannotStart(_)
            | Verdict::KilledBySignal(_)
            | Verdict::FailedStatus(_)
            | Verdict::LimitExceeded { .. } => Got::RunTimeError,
        }
    }
}

/// Grades every example submission of `package`, the kata `kata` is read from, saying on `out`
/// what each got; the problems are the submissions whose verdict is not their folder's, and
/// those that do not build. A submission whose compiler is not installed is skipped, said.
///
/// # Errors
///
/// When `out` cannot be written, or the grader fails itself.
pub fn check(
    kata: &Kata,
    package: &Package,
    out: &mut dyn Write,
    style: Style,
) -> Result<Vec<Problem>, KataError> {
    // As `grade` plans it; a pass-fail problem's verdict is its first failure, while a score
    // needs every case.
    let plan = grade::planning::plan(
        kata,
        1,
        Asked {
            all: package.scoring,
            criterion: Criterion::Exact,
            ..Asked::default()
        },
    )
    .map_err(KataError::from_planning)?;
    let mut problems = Vec::new();
    if package.submissions.is_empty() {
        writeln!(out, "submissions: none under submissions/ to check")?;
    }
    for submission in &package.submissions {
        let shown = submission
            .path
            .strip_prefix(&package.folder)
            .unwrap_or(&submission.path)
            .display()
            .to_string();
        // The build lives until the submission is graded.
        let built = match building::build_apart(&submission.path, submission.language, "submission")
        {
            Ok(built) => built,
            Err(BuildError::ToolMissing { tool }) => {
                writeln!(out, "{shown}: skipped, `{tool}` is not installed here")?;
                continue;
            }
            Err(error) => {
                writeln!(out, "{shown}: {}", style.bad("does not build"))?;
                problems.push(Problem {
                    path: submission.path.clone(),
                    line: None,
                    message: format!("does not build: {error}"),
                });
                continue;
            }
        };
        let program = Program::labelled(built.argv, shown.clone());
        let (got, detail) = verdict(package, &program, &plan)?;
        match got.meets(&submission.expected) {
            Some(true) => writeln!(
                out,
                "{shown}: {}",
                style.good(&format!("{} {detail}", got.name()))
            )?,
            Some(false) => {
                writeln!(
                    out,
                    "{shown}: {}",
                    style.bad(&format!("{} {detail}", got.name()))
                )?;
                problems.push(Problem {
                    path: submission.path.clone(),
                    line: None,
                    message: format!(
                        "a submission of {} gets {} {detail}",
                        submission.expected.folder(),
                        got.name()
                    ),
                });
            }
            None => writeln!(
                out,
                "{shown}: {} {detail} (the folder {} names no verdict this check knows)",
                got.name(),
                submission.expected.folder()
            )?,
        }
    }
    Ok(problems)
}

/// The verdict of `program` on the package's cases, and in words where it came from: the first
/// case in order that it fails decides, as the format's judges decide; a scoring problem's
/// submission that fails some case but scores is partially accepted.
fn verdict(
    package: &Package,
    program: &Program,
    plan: &StagePlan,
) -> Result<(Got, String), KataError> {
    let (fixtures, results) = plan
        .grade(program, &plan.sandbox(&[]))
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
    let fixtures = &fixtures;
    let failure = results.iter().find(|result| !result.verdict().passed());
    let first = failure.map(|result| {
        (
            Got::of_case(result.verdict()),
            format!("(on {})", result.fixture(fixtures).name),
        )
    });
    if !package.scoring {
        return Ok(first.unwrap_or((
            Got::Accepted,
            format!("(every one of {} cases)", fixtures.len()),
        )));
    }
    let outcomes: Vec<CaseOutcome> = results.iter().map(outcome).collect();
    let score = package
        .score(&outcomes)
        .map_err(|error| KataError::Usage(format!("{}: {error}", package.folder.display())))?;
    let of = score
        .max
        .map_or_else(String::new, |max| format!(" of {max}"));
    Ok(match first {
        None if score.is_full() => (Got::Accepted, format!("(score {}{of})", score.score)),
        Some((Got::JudgeError, detail)) => (Got::JudgeError, detail),
        _ if score.score > 0.0 => (
            Got::PartiallyAccepted,
            format!("(score {}{of})", score.score),
        ),
        Some(first) => first,
        None => (
            Got::PartiallyAccepted,
            format!("(score {}{of})", score.score),
        ),
    })
}

fn outcome(result: &CaseResult) -> CaseOutcome {
    CaseOutcome {
        accepted: result.verdict().passed(),
        score: result.judgement.score,
    }
}
