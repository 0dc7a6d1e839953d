//! A problem package's example submissions, as `kata dev check` proves them: each built, graded
//! on every case of the package as a learner's program is, and held to the verdict its folder
//! under `submissions/` names (`accepted`, `wrong_answer`, `time_limit_exceeded`,
//! `run_time_error`, `partially_accepted`), as the format's own `verifyproblem` does, under
//! the package's time limit or, where it gives none, the one the format infers from the slowest
//! accepted submission.

use std::io::Write;
use std::time::Duration;

use grade::planning::Asked;
use harness::kata::{Kata, PACKAGE_TIME_LIMIT, StageLimits};
use harness::package::building::{self, BuildError};
use harness::package::{
    CaseOutcome, CaseOutcomeOf, CaseVerdict, Expectations, ExpectedVerdict, Package,
    SUBMISSIONS_YAML, Submission, ignored_said,
};
use harness::plan::StagePlan;
use harness::{CaseResult, Criterion, Program, Verdict};

use crate::author::Problem;
use crate::course::plural;
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

/// How long an accepted submission may take on a case while the time limit is being inferred
/// from their times: far beyond any limit the format's inference gives a right submission.
const TIMING_LIMIT: Duration = Duration::from_secs(20);

/// A submission, built (or why not), with the name it is shown under.
struct Built<'a> {
    submission: &'a Submission,
    shown: String,
    program: Result<(Program, building::Built), BuildError>,
}

/// Grades every example submission of `package`, the kata `kata` is read from, saying on `out`
/// what each got; the problems are the submissions whose verdict is not their folder's, and
/// those that do not build. A submission whose compiler is not installed is skipped, said.
/// Where the package gives no time limit, it is inferred first as the format says, from the
/// slowest accepted submission's time, and said.
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
    let mut problems = Vec::new();
    let mut skipped = Skipped::default();
    if package.submissions.is_empty() {
        writeln!(out, "submissions: none under submissions/ to check")?;
    }
    if !package.ignored_submissions.is_empty() {
        writeln!(
            out,
            "ignored: {} under submissions/ whose extension is no language's, not run as \
             submissions ({})",
            plural(package.ignored_submissions.len(), "file", "files"),
            ignored_said(&package.ignored_submissions)
        )?;
    }
    // Each is built once, and lives until it is graded.
    let built: Vec<Built> = package
        .submissions
        .iter()
        .map(|submission| {
            let shown = submission
                .path
                .strip_prefix(&package.folder)
                .unwrap_or(&submission.path)
                .display()
                .to_string();
            let program =
                building::build_apart(&submission.path, submission.language, "submission")
                    .map(|built| (Program::labelled(built.argv.clone(), shown.clone()), built));
            Built {
                submission,
                shown,
                program,
            }
        })
        .collect();
    let timeout = time_limit(kata, package, &built, out)?;
    writeln!(out, "limits: {}", package.limits.sizes_said())?;
    // As `grade` plans it; a pass-fail problem's verdict is its first failure, while a score
    // needs every case.
    let plan = plan(kata, package.scoring, timeout)?;
    // A submission that `submissions.yaml` names is held to a verdict on every case.
    let every = match &package.expectations {
        Some(_) => Some(self::plan(kata, true, timeout)?),
        None => None,
    };
    for Built {
        submission,
        shown,
        program,
    } in &built
    {
        let program = match program {
            Ok((program, _)) => program,
            Err(BuildError::ToolMissing { tool }) => {
                skipped.add(submission, format!("`{tool}` is not installed here"));
                continue;
            }
            Err(BuildError::NotRunHere { .. }) => {
                skipped.add(submission, "which is not run here".to_owned());
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
        if submission.in_submissions_yaml
            && let (Some(expectations), Some(every)) = (&package.expectations, &every)
        {
            let (got, detail, broken) =
                by_rules(package, expectations, submission, program, every)?;
            let said = format!("{} {detail}", got.name());
            if broken.is_empty() {
                writeln!(
                    out,
                    "{shown}: {} (as submissions/{SUBMISSIONS_YAML} asks)",
                    style.good(&said)
                )?;
            }
            for one in broken {
                writeln!(out, "{shown}: {}, where {one}", style.bad(&said))?;
                problems.push(Problem {
                    path: submission.path.clone(),
                    line: None,
                    message: format!("gets {said}, where {one}"),
                });
            }
            continue;
        }
        let (got, detail) = verdict(package, program, &plan)?;
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
    skipped.say(out)?;
    Ok(problems)
}

/// The submissions skipped for their language, counted by language and why, to be said once
/// each: none of them is a problem of the package.
#[derive(Default)]
struct Skipped(Vec<(String, String, usize)>);

impl Skipped {
    fn add(&mut self, submission: &Submission, why: String) {
        let language = submission.language.to_string();
        match self
            .0
            .iter_mut()
            .find(|(other, reason, _)| *other == language && *reason == why)
        {
            Some((.., count)) => *count += 1,
            None => self.0.push((language, why, 1)),
        }
    }

    fn say(&self, out: &mut dyn Write) -> std::io::Result<()> {
        for (language, why, count) in &self.0 {
            let noun = if *count == 1 {
                "submission"
            } else {
                "submissions"
            };
            writeln!(out, "skipped: {count} {noun} in {language}, {why}")?;
        }
        Ok(())
    }
}

/// The package's one stage as `grade` plans it, exactly, within `timeout` a case, every case
/// run if `all`.
fn plan(kata: &Kata, all: bool, timeout: Duration) -> Result<harness::plan::StagePlan, KataError> {
    grade::planning::plan(
        kata,
        1,
        Asked {
            all,
            criterion: Criterion::Exact,
            limits: StageLimits {
                timeout: Some(timeout),
                ..StageLimits::default()
            },
            ..Asked::default()
        },
    )
    .map_err(KataError::from_planning)
}

/// The time limit the submissions are judged under, said on `out` with where it comes from:
/// the package's, else inferred from the slowest case of the accepted submissions that pass
/// every case within [`TIMING_LIMIT`], else, with none such, the grader's
/// [`PACKAGE_TIME_LIMIT`].
fn time_limit(
    kata: &Kata,
    package: &Package,
    built: &[Built<'_>],
    out: &mut dyn Write,
) -> Result<Duration, KataError> {
    let time = package.limits.time;
    if let Some(limit) = time.fixed() {
        writeln!(
            out,
            "time limit: {} s ({})",
            limit.as_secs_f64(),
            time.source()
        )?;
        return Ok(limit);
    }
    let plan = plan(kata, true, TIMING_LIMIT)?;
    let mut slowest: Option<(Duration, &str, String)> = None;
    for one in built {
        let Ok((program, _)) = &one.program else {
            continue;
        };
        if one.submission.expected != ExpectedVerdict::Accepted {
            continue;
        }
        let (fixtures, results) = plan
            .grade(program, &plan.sandbox(&[]))
            .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
        if results.len() != fixtures.len() || !results.iter().all(|r| r.verdict().passed()) {
            continue;
        }
        for result in &results {
            if slowest
                .as_ref()
                .is_none_or(|(most, ..)| result.duration() > *most)
            {
                let case = result.fixture(&fixtures).name.clone();
                slowest = Some((result.duration(), &one.shown, case));
            }
        }
    }
    let Some((took, shown, case)) = slowest else {
        writeln!(
            out,
            "time limit: {} s (the grader's: no accepted submission passes every case to infer \
             the format's from)",
            PACKAGE_TIME_LIMIT.as_secs_f64()
        )?;
        return Ok(PACKAGE_TIME_LIMIT);
    };
    let limit = time.with_slowest(took);
    writeln!(
        out,
        "time limit: {} s ({}: {shown} took {:.2} s on {case})",
        limit.as_secs_f64(),
        time.source(),
        took.as_secs_f64()
    )?;
    Ok(limit)
}

/// The verdict of `program` on every case of the package, and in words where it came from, as
/// [`verdict`] gives them; and what it breaks of the rules of `submissions.yaml` that apply to
/// `submission`, each in words.
fn by_rules(
    package: &Package,
    expectations: &Expectations,
    submission: &Submission,
    program: &Program,
    every: &StagePlan,
) -> Result<(Got, String, Vec<String>), KataError> {
    let (fixtures, results) = every
        .grade(program, &every.sandbox(&[]))
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
    let mut broken = Vec::new();
    let mut cases = Vec::new();
    for result in &results {
        let case = result.fixture(&fixtures).name.as_str();
        let verdict = match Got::of_case(result.verdict()) {
            Got::Accepted | Got::PartiallyAccepted => CaseVerdict::Ac,
            Got::WrongAnswer => CaseVerdict::Wa,
            Got::TimeLimitExceeded => CaseVerdict::Tle,
            Got::RunTimeError => CaseVerdict::Rte,
            Got::JudgeError => {
                broken.push(format!("the package's judge failed on {case}"));
                continue;
            }
        };
        cases.push(CaseOutcomeOf {
            case,
            verdict,
            judge_message: result
                .judgement
                .judge_message
                .as_deref()
                .unwrap_or_default(),
        });
    }
    let score = if package.scoring {
        let outcomes: Vec<CaseOutcome> = results.iter().map(outcome).collect();
        let score = package
            .score(&outcomes)
            .map_err(|error| KataError::Usage(format!("{}: {error}", package.folder.display())))?;
        Some(score.score)
    } else {
        None
    };
    broken.extend(expectations.broken(&submission.name, &cases, score));
    let (got, detail) = judged(package, &fixtures, &results)?;
    Ok((got, detail, broken))
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
    judged(package, &fixtures, &results)
}

/// The verdict of the `results` on `fixtures`, as [`verdict`] says.
fn judged(
    package: &Package,
    fixtures: &[harness::Fixture],
    results: &[CaseResult],
) -> Result<(Got, String), KataError> {
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
