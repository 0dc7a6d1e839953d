//! A problem package's example submissions, as `kata dev check` proves them: each built, graded
//! on every case of the package as a learner's program is, and held to the verdict its folder
//! under `submissions/` names (`accepted`, `wrong_answer`, `time_limit_exceeded`,
//! `run_time_error`, `partially_accepted`), as the format's own `verifyproblem` does, under
//! the package's time limit or, where it gives none, the one the format infers from the slowest
//! time of the submissions that bound it from below (the accepted ones in legacy; in the later
//! versions those whose rules permit no time-out, as `use_for_time_limit` leaves them).

use std::borrow::Cow;
use std::convert::Infallible;
use std::fs;
use std::io::Write;
use std::time::Duration;

use grade::planning::Asked;
use harness::building::{self, BuildError};
use harness::plan::StagePlan;
use harness::validator::grader::GraderProgram;
use harness::{CaseResult, Criterion, Program, Verdict};
use kata_model::case_judge::JudgeProgram;
use kata_model::kata::{Kata, PACKAGE_TIME_LIMIT, StageLimits};
use kata_model::package::{
    CaseOutcome, CaseOutcomeOf, CaseVerdict, Code, Expectations, ExpectedVerdict, Package,
    SUBMISSIONS_YAML, Score, Submission, TIMELIMIT_FILE, TimeBound, ignored_said,
};
use report::notation::points;
use runner::sandbox::{Sandbox, Shared};
use runner::slots::Slots;

use crate::author::problem::Problem;
use crate::error::KataError;
use crate::selection::{Selection, in_order};
use crate::style::Style;
use crate::submission_table::{Row, Table};

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

    /// The verdict as the table shows it, a word.
    fn short(self) -> &'static str {
        match self {
            Got::JudgeError => "judge_error",
            other => other.name(),
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
            Verdict::TimedOut(_) | Verdict::WaitedForEachOther { .. } => Got::TimeLimitExceeded,
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

/// Grades the example submissions of `package` that `selection` selects, the kata `kata` is
/// read from, saying on `out` what each got, a row of a table each, in the package's order;
/// the problems are the submissions whose verdict is not their folder's, and those that do not
/// build. A submission whose compiler is not installed is skipped, said. Where the package
/// gives no time limit, it is inferred first as the format says, from the slowest time of the
/// submissions that bound it from below (selected or not), and said. Up to
/// `selection.jobs` submissions are built at once, and as many cases run at once, of any
/// submission.
///
/// # Errors
///
/// When a pattern of `selection` selects no submission, `out` cannot be written, or the grader
/// fails itself.
pub fn check(
    kata: &Kata,
    package: &Package,
    selection: &Selection,
    out: &mut dyn Write,
    style: Style,
) -> Result<Vec<Problem>, KataError> {
    let selected = selection.pick(package)?;
    if package.submissions.is_empty() {
        writeln!(out, "submissions: none under submissions/ to check")?;
    } else if !selection.is_all() {
        writeln!(
            out,
            "submissions: {} of {} selected by --submissions",
            selected.len(),
            package.submissions.len()
        )?;
    }
    if !package.ignored_submissions.is_empty() {
        let count = package.ignored_submissions.len();
        writeln!(
            out,
            "ignored: {count} {} under submissions/ whose extension is no language's, not run \
             as submissions ({})",
            if count == 1 { "file" } else { "files" },
            ignored_said(&package.ignored_submissions)
        )?;
    }
    for (name, folder) in &package.includes {
        let shown = folder.strip_prefix(&package.folder).unwrap_or(folder);
        writeln!(
            out,
            "included: {}/ added to each submission {} before it is built",
            shown.display(),
            match languages::by_code(name) {
                Some(language) => format!("in {}", language.name),
                None if name == "default" => "in a language with no folder of its own".to_owned(),
                None => "in no language: its name is no language's code".to_owned(),
            }
        )?;
    }
    let fixed = package.limits.time.fixed();
    // The time limit is inferred from every submission that bounds it, whichever are selected.
    let bounds = LowerBounds::of(package);
    let to_build: Vec<&Submission> = package
        .submissions
        .iter()
        .filter(|submission| {
            selection.is_all()
                || selection.selects(&submission.name)
                || (fixed.is_none() && bounds.submission(submission))
        })
        .collect();
    // Each is built once, and lives until it is graded.
    let mut built: Vec<Built> = Vec::with_capacity(to_build.len());
    let _: Result<(), Infallible> = in_order(
        &to_build,
        selection.jobs,
        |submission| build(package, submission),
        |_, one| {
            built.push(one);
            Ok(())
        },
    );
    // Every case of every submission takes one of these slots: no more run at once than jobs.
    let shared = Shared::new(Slots::new(selection.jobs.get()));
    let timeout = time_limit(kata, package, &built, &bounds, (&shared, selection), out)?;
    writeln!(out, "limits: {}", package.limits.sizes_said())?;
    // As `grade` plans it; a pass-fail problem's verdict is its first failure, while a score
    // needs every case.
    let plan = plan(kata, package.scoring, timeout)?;
    // The package's own grader, built once for every submission.
    let (grader, _grader_folder) = match &package.grader {
        Some(grader) => {
            let (program, folder) =
                grade::katas::package_program(package, &grader.source, grader.language, "grader")
                    .map_err(KataError::Grader)?;
            let grader = GraderProgram {
                program: JudgeProgram {
                    program: harness::runs::command(&program),
                    args: Vec::new(),
                    timeout: harness::validator::DEFAULT_TIMEOUT,
                },
            };
            (Some(grader), folder)
        }
        None => (None, None),
    };
    let sandbox = plan.sandbox(&[]).sharing(&shared);
    // A submission that `submissions.yaml` names is held to its rules on every case.
    let every = match &package.expectations {
        Some(_) => Some(self::plan(kata, true, timeout)?),
        None => None,
    };
    let graded: Vec<&Built> = built
        .iter()
        .filter(|one| selection.is_all() || selection.selects(&one.submission.name))
        .collect();
    let table = Table::new(
        graded.iter().map(|one| one.shown.as_str()),
        graded.iter().map(|one| one.submission.expected.folder()),
        plan.cases.iter().map(|case| case.name.as_str()),
    );
    if !graded.is_empty() {
        table.heading(out)?;
    }
    let mut problems: Vec<Problem> = package
        .includes_unnamed()
        .into_iter()
        .map(|folder| Problem {
            path: folder.to_owned(),
            line: None,
            message: "is named after no language of the format's table, nor `default`: its files \
                      are added to no submission"
                .to_owned(),
        })
        .collect();
    let mut skipped = Skipped::default();
    let legacy = package.version.is_legacy();
    in_order(
        &graded,
        selection.jobs,
        |one| match (&one.program, &package.expectations, &every) {
            (Ok((program, _)), Some(expectations), Some(every))
                if one.submission.in_submissions_yaml =>
            {
                let sandbox = every.sandbox(&[]).sharing(&shared);
                let (graded, broken) = by_rules(
                    package,
                    expectations,
                    one.submission,
                    program,
                    (every, &sandbox),
                    grader.as_ref(),
                )?;
                Ok(Some((graded, Some(broken))))
            }
            (Ok((program, _)), ..) => verdict(package, program, &plan, &sandbox, grader.as_ref())
                .map(|graded| Some((graded, None))),
            (Err(_), ..) => Ok(None),
        },
        |one, graded| {
            let row = row(one, graded?, legacy, &mut problems, &mut skipped);
            table.row(out, &row, style)?;
            out.flush()?;
            Ok::<(), KataError>(())
        },
    )?;
    skipped.say(out)?;
    Ok(problems)
}

/// `submission` of `package` built apart, under the name it is shown.
fn build<'a>(package: &Package, submission: &'a Submission) -> Built<'a> {
    let shown = submission
        .path
        .strip_prefix(&package.folder)
        .unwrap_or(&submission.path)
        .display()
        .to_string();
    let program = harness::building::build_packaged(package, submission, "submission")
        .map(|built| (Program::labelled(built.argv.clone(), shown.clone()), built));
    Built {
        submission,
        shown,
        program,
    }
}

/// The row of `one`, graded as `graded` (`None` where it was not built) with the rules of
/// `submissions.yaml` it broke where it is held to them, with its problems, or why it is
/// skipped, added. Of a `legacy` package, an accepted submission short of the full score, or a
/// partially accepted one with it, gets its folder's verdict with a warning, as problemtools
/// (the legacy format's own checker) has it: for some heuristic problems that is expected.
fn row(
    one: &Built<'_>,
    graded: Option<(Graded, Option<Vec<String>>)>,
    legacy: bool,
    problems: &mut Vec<Problem>,
    skipped: &mut Skipped,
) -> Row {
    let Built {
        submission, shown, ..
    } = one;
    let mut row = Row {
        submission: shown.clone(),
        expected: submission.expected.folder().to_owned(),
        got: String::new(),
        agrees: None,
        time: None,
        case: None,
        note: None,
    };
    let Some((graded, rules)) = graded else {
        let why = match &one.program {
            Err(BuildError::ToolMissing { tool }) => format!("`{tool}` is not installed here"),
            Err(BuildError::NotRunHere { .. }) => "which is not run here".to_owned(),
            Err(error) => {
                problems.push(Problem {
                    path: submission.path.clone(),
                    line: None,
                    message: format!("does not build: {error}"),
                });
                row.got = "does not build".to_owned();
                row.agrees = Some(false);
                row.note = Some("its error is below".to_owned());
                return row;
            }
            Ok(_) => String::new(),
        };
        // Why is said once a language, below the table.
        row.got = "skipped".to_owned();
        skipped.add(submission, why);
        return row;
    };
    row.got = graded.got.short().to_owned();
    row.time = graded.time;
    row.case.clone_from(&graded.case);
    row.note.clone_from(&graded.score);
    let detail = graded.detail();
    if let Some(broken) = rules {
        row.agrees = Some(broken.is_empty());
        let said = format!("{} {detail}", graded.got.name());
        row.note = Some(match broken.first() {
            None => format!("as submissions/{SUBMISSIONS_YAML} asks"),
            Some(first) => format!("where {first}"),
        });
        for one in broken {
            problems.push(Problem {
                path: submission.path.clone(),
                line: None,
                message: format!("gets {said}, where {one}"),
            });
        }
        return row;
    }
    row.agrees = graded.got.meets(&submission.expected);
    let warning = match (&submission.expected, graded.got) {
        (ExpectedVerdict::Accepted, Got::PartiallyAccepted) => {
            "short of the full score: problemtools warns, consider partially_accepted"
        }
        (ExpectedVerdict::PartiallyAccepted, Got::Accepted) => {
            "the full score: problemtools warns, consider accepted"
        }
        _ => "",
    };
    if legacy && !warning.is_empty() {
        row.agrees = Some(true);
        row.note = Some(match &graded.score {
            Some(score) => format!("{score}; {warning}"),
            None => warning.to_owned(),
        });
        return row;
    }
    match row.agrees {
        Some(true) => {}
        Some(false) => {
            row.note = Some(match &graded.score {
                Some(score) => format!("{score}; not the verdict of its folder"),
                None => "not the verdict of its folder".to_owned(),
            });
            problems.push(Problem {
                path: submission.path.clone(),
                line: None,
                message: format!(
                    "a submission of {} gets {} {detail}",
                    submission.expected.folder(),
                    graded.got.name()
                ),
            });
        }
        None => {
            row.note = Some(format!(
                "the folder {} names no verdict this check knows",
                submission.expected.folder()
            ));
        }
    }
    row
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

/// Which submissions' times bound a package's time limit from below, and on which cases: as
/// problemtools has it for legacy, every case of the accepted ones; as the later versions have
/// it, the cases whose rules in `submissions.yaml` (or the folders' defaults) permit no time-out,
/// less those `use_for_time_limit: false` takes out, with those `lower` puts in.
struct LowerBounds<'a> {
    /// `None` in legacy.
    rules: Option<Cow<'a, Expectations>>,
}

impl<'a> LowerBounds<'a> {
    fn of(package: &'a Package) -> LowerBounds<'a> {
        let rules = (!package.version.is_legacy()).then(|| match &package.expectations {
            Some(rules) => Cow::Borrowed(rules),
            None => Cow::Owned(Expectations::default()),
        });
        LowerBounds { rules }
    }

    /// Whether `submission`'s time bounds the limit from below on any case.
    fn submission(&self, submission: &Submission) -> bool {
        match &self.rules {
            None => submission.expected == ExpectedVerdict::Accepted,
            Some(rules) => rules.bounds_below(&submission.name),
        }
    }

    /// Whether `submission`'s time on `case` bounds the limit from below.
    fn case(&self, submission: &Submission, case: &str) -> bool {
        match &self.rules {
            None => submission.expected == ExpectedVerdict::Accepted,
            Some(rules) => rules.time_bound(&submission.name, case) == Some(TimeBound::Lower),
        }
    }
}

/// The time limit the submissions are judged under, said on `out` with where it comes from:
/// the package's, else inferred from the slowest case, of those it did not time out on (within
/// [`TIMING_LIMIT`]), of the submissions that `bounds` names, else, with none such, the
/// grader's [`PACKAGE_TIME_LIMIT`]; an inferred limit is written to the package's
/// [`TIMELIMIT_FILE`] where `selection` asks. The submissions are timed `selection.jobs` at
/// once, their cases in the slots of `shared`.
fn time_limit(
    kata: &Kata,
    package: &Package,
    built: &[Built<'_>],
    bounds: &LowerBounds<'_>,
    (shared, selection): (&Shared, &Selection),
    out: &mut dyn Write,
) -> Result<Duration, KataError> {
    let jobs = selection.jobs;
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
    let sandbox = plan.sandbox(&[]).sharing(shared);
    let timed: Vec<(&Built, &Program)> = built
        .iter()
        .filter(|one| bounds.submission(one.submission))
        .filter_map(|one| Some((one, &one.program.as_ref().ok()?.0)))
        .collect();
    let mut slowest: Option<(Duration, &str, String)> = None;
    in_order(
        &timed,
        jobs,
        |(_, program)| plan.grade(program, &sandbox),
        |(one, _), graded| {
            let (fixtures, results) = graded
                .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
            for result in &results {
                let case = &result.fixture(&fixtures).name;
                // A time-out here is the submission's failure, which its verdict says: its time
                // is the timing's bound, not its own.
                if Got::of_case(result.verdict()) == Got::TimeLimitExceeded
                    || !bounds.case(one.submission, case)
                {
                    continue;
                }
                if slowest
                    .as_ref()
                    .is_none_or(|(most, ..)| result.time_used() > *most)
                {
                    slowest = Some((result.time_used(), &one.shown, case.clone()));
                }
            }
            Ok::<(), KataError>(())
        },
    )?;
    let Some((took, shown, case)) = slowest else {
        writeln!(
            out,
            "time limit: {} s (the grader's: no submission that bounds it from below ran a case \
             within {} s to infer the format's from)",
            PACKAGE_TIME_LIMIT.as_secs_f64(),
            TIMING_LIMIT.as_secs()
        )?;
        return Ok(PACKAGE_TIME_LIMIT);
    };
    let limit = time.with_slowest(took);
    // Kept, where asked, as the format's judging tools keep it, so that `grade` runs the
    // package at the limit inferred here rather than at its own.
    let kept = if selection.write_time_limit {
        let file = package.folder.join(TIMELIMIT_FILE);
        match fs::write(&file, format!("{}\n", limit.as_secs_f64())) {
            Ok(()) => format!(
                "; written to {TIMELIMIT_FILE}, which grade reads (remove it to infer the limit \
                 again)"
            ),
            Err(error) => format!("; not written to {TIMELIMIT_FILE}: {error}"),
        }
    } else {
        format!(
            "; grade runs the package at its own {} s, unless --write-time-limit keeps this \
             one in {TIMELIMIT_FILE}",
            PACKAGE_TIME_LIMIT.as_secs_f64()
        )
    };
    writeln!(
        out,
        "time limit: {} s ({}: {shown} took {:.2} s on {case}){kept}",
        limit.as_secs_f64(),
        time.source(),
        took.as_secs_f64()
    )?;
    Ok(limit)
}

/// What a submission got on the package's cases.
#[derive(Debug)]
struct Graded {
    got: Got,
    /// The case that decided: the first it failed, else its slowest.
    case: Option<String>,
    /// Its longest case, of those it ran, in the time the limit counts: CPU time where it is
    /// known, else time on the clock.
    time: Option<Duration>,
    /// A scoring problem's score, in words.
    score: Option<String>,
    /// A scoring problem's score, where it could be made.
    points: Option<f64>,
    /// How many cases there are.
    cases: usize,
}

impl Graded {
    /// Where the verdict came from, in words, for a problem's message.
    fn detail(&self) -> String {
        let scored = matches!(self.got, Got::Accepted | Got::PartiallyAccepted);
        match (&self.score, &self.case) {
            (Some(score), _) if scored => format!("({score})"),
            (_, Some(case)) if self.got != Got::Accepted => format!("(on {case})"),
            _ => format!("(every one of {} cases)", self.cases),
        }
    }
}

/// The verdict of `program` on the package's cases in `sandbox`: the first case in order that
/// it fails decides, as the format's judges decide; a scoring problem's submission that fails
/// some case but scores is partially accepted. A legacy scoring problem's verdict is its root
/// group's, as its graders make it (`grader` is the package's own): accepted with the most it
/// can score, partially accepted with less.
fn verdict(
    package: &Package,
    program: &Program,
    plan: &StagePlan,
    sandbox: &Sandbox,
    grader: Option<&GraderProgram>,
) -> Result<Graded, KataError> {
    let (fixtures, results) = plan
        .grade(program, sandbox)
        .map_err(|error| KataError::Grader(grade::GradeError::OwnResources(error)))?;
    judged(package, &fixtures, &results, grader)
}

/// What a submission whose rules `submissions.yaml` gives got, graded on every case by `every`
/// (a plan and its sandbox), and each rule it broke, in words.
fn by_rules(
    package: &Package,
    expectations: &Expectations,
    submission: &Submission,
    program: &Program,
    (every, sandbox): (&StagePlan, &Sandbox),
    grader: Option<&GraderProgram>,
) -> Result<(Graded, Vec<String>), KataError> {
    let (fixtures, results) = every
        .grade(program, sandbox)
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
    let graded = judged(package, &fixtures, &results, grader)?;
    broken.extend(expectations.broken(&submission.name, &cases, graded.points));
    Ok((graded, broken))
}

/// What the `results` on `fixtures` come to, as [`verdict`] says.
fn judged(
    package: &Package,
    fixtures: &[kata_model::Fixture],
    results: &[CaseResult],
    grader: Option<&GraderProgram>,
) -> Result<Graded, KataError> {
    let name = |result: &CaseResult| result.fixture(fixtures).name.clone();
    let slowest = results.iter().max_by_key(|result| result.time_used());
    let failure = results.iter().find(|result| !result.verdict().passed());
    let mut graded = Graded {
        got: failure.map_or(Got::Accepted, |result| Got::of_case(result.verdict())),
        case: failure.or(slowest).map(name),
        time: slowest.map(CaseResult::time_used),
        score: None,
        points: None,
        cases: fixtures.len(),
    };
    if !package.scoring {
        return Ok(graded);
    }
    let outcomes: Vec<CaseOutcome> = results.iter().map(outcome).collect();
    if package.version.is_legacy() {
        let mut grader = grader;
        let (code, score) = match package.graded(&outcomes, grader.as_mut().map(|g| g as _)) {
            Ok(graded) => graded,
            Err(error) => {
                graded.got = Got::JudgeError;
                graded.score = Some(error.to_string());
                return Ok(graded);
            }
        };
        graded.got = match code {
            Code::Accepted if score.is_full() || score.max.is_none_or(f64::is_infinite) => {
                Got::Accepted
            }
            Code::Accepted => Got::PartiallyAccepted,
            Code::WrongAnswer | Code::OutputLimitExceeded => Got::WrongAnswer,
            Code::TimeLimitExceeded => Got::TimeLimitExceeded,
            Code::RunTimeError | Code::MemoryLimitExceeded => Got::RunTimeError,
            Code::JudgeError => Got::JudgeError,
        };
        graded.score = Some(said(&score));
        graded.points = Some(score.score);
        return Ok(graded);
    }
    let score = package
        .score(&outcomes)
        .map_err(|error| KataError::Usage(format!("{}: {error}", package.folder.display())))?;
    graded.got = match graded.got {
        Got::Accepted if score.is_full() => Got::Accepted,
        Got::JudgeError => Got::JudgeError,
        _ if score.score > 0.0 => Got::PartiallyAccepted,
        Got::Accepted => Got::PartiallyAccepted,
        failed => failed,
    };
    graded.score = Some(said(&score));
    graded.points = Some(score.score);
    Ok(graded)
}

fn outcome(result: &CaseResult) -> CaseOutcome {
    let verdict = match Got::of_case(result.verdict()) {
        Got::Accepted | Got::PartiallyAccepted => Code::Accepted,
        Got::WrongAnswer => Code::WrongAnswer,
        Got::TimeLimitExceeded => Code::TimeLimitExceeded,
        Got::RunTimeError => Code::RunTimeError,
        Got::JudgeError => Code::JudgeError,
    };
    CaseOutcome {
        verdict,
        score: result.judgement.score,
    }
}

/// A score in words, as the reports show points: `score 47.51 of 100`.
fn said(score: &Score) -> String {
    let of = score
        .max
        .map_or_else(String::new, |max| format!(" of {}", points(max)));
    format!("score {}{of}", points(score.score))
}
