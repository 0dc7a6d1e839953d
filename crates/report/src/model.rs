//! The one results model every format is written from: a program's results on a stage's cases, and
//! a class's, as plain data. It serialises to the JSON document that
//! `docs/src/reference/results-json.md` documents (fields in alphabetical order, as that document
//! always had them), and reads back from it, so that the parts of a class graded on many machines
//! can be merged and reported as one.

use serde::{Deserialize, Serialize};

use harness::feedback::{self, Paint};
use harness::judge::Verdict;
use harness::plan::StagePlan;
use harness::results::{CaseResult, Criterion, Scores};
use kata_model::fixture::Fixture;
use kata_model::scoring::Visibility;
use runner::process::Limits;
use runner::sandbox::Support;
use runner::{cgroup, disk};

use crate::heading::Heading;

/// The longest `output` kept for a case, in characters.
const OUTPUT_LIMIT: usize = 500;

/// How a case or a program did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Passed by the criterion in force.
    Pass,
    /// Failed.
    Fail,
    /// Could not be run to a verdict on its output: it could not start, timed out, wrote too
    /// much or crashed (for a program: could not be started or built at all).
    Error,
}

impl Status {
    /// `Pass` or `Fail`.
    #[must_use]
    pub fn of(passed: bool) -> Status {
        if passed { Status::Pass } else { Status::Fail }
    }
}

/// One case as graded.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CaseEntry {
    /// `pass` when the case is right in content.
    pub content: Status,
    /// How long it ran.
    pub duration_ms: u64,
    /// What the kata's own judge said for the instructor, where a program of the kata judged
    /// the case and said anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judge_message: Option<String>,
    /// What it is worth, when the kata gives points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_points: Option<f64>,
    /// The feedback, when its verdict is not passed.
    pub message: Option<String>,
    /// How it was given its input.
    pub mode: String,
    /// The fixture's name.
    pub name: String,
    /// The program's output, cut to 500 characters.
    pub output: String,
    /// The points it earned, when the kata gives points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// By the criterion in force.
    pub status: Status,
    /// The stage.
    pub task_id: u8,
    /// The verdict's title: "Wrong answer".
    pub verdict: String,
    /// Who may see its details, when the kata says.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub visibility: Option<Visibility>,
}

impl CaseEntry {
    /// What the case is worth: 1 unless the kata says.
    #[must_use]
    pub fn worth(&self) -> f64 {
        self.max_points.unwrap_or(1.0)
    }

    /// The points it earned: all it is worth when it passed, else none.
    #[must_use]
    pub fn earned(&self) -> f64 {
        self.points.unwrap_or(if self.passed() { 1.0 } else { 0.0 })
    }

    /// Whether it passed by the criterion in force.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.status == Status::Pass
    }

    /// Who may see its details.
    #[must_use]
    pub fn visibility(&self) -> Visibility {
        self.visibility.unwrap_or_default()
    }

    /// Its feedback where a report without a notion of visibility may show it: the feedback of
    /// a visible case, `None` for a hidden one (whose name and verdict are all it shows).
    #[must_use]
    pub fn shown_message(&self) -> Option<&str> {
        self.message
            .as_deref()
            .filter(|_| self.visibility().shows_details())
    }

    /// Its output where a report without a notion of visibility may show it.
    #[must_use]
    pub fn shown_output(&self) -> Option<&str> {
        self.visibility()
            .shows_details()
            .then_some(self.output.as_str())
    }
}

/// A program's results on the cases of one stage; or, for a submission of a class that was not
/// graded, why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProgramResults {
    /// What a case must get right to pass: `exact` or `content`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub criterion: Option<String>,
    /// The stage's points, when the kata gives points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_points: Option<f64>,
    /// Why the status is `error`.
    pub message: Option<String>,
    /// How the cases were given their input.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<String>,
    /// The points earned, when the kata gives points.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub points: Option<f64>,
    /// The limits each case ran within, as this machine held them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<LimitsEntry>,
    /// `landlock` or `none`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sandbox: Option<String>,
    /// The cases right exactly and in content, of those run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<ScoreCounts>,
    /// How the program did.
    pub status: Status,
    /// The cases run, in fixture order.
    pub tests: Vec<CaseEntry>,
    /// Always 3.
    pub version: u8,
    /// How many cases the stage has (run or not): not written, and read back from a class's
    /// `total`.
    #[serde(skip)]
    pub cases: usize,
}

/// The limits each case ran within, as this machine held them: a limit it could not hold is
/// `None` (`null`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LimitsEntry {
    /// The time limit of a case.
    pub time_ms: u64,
    /// The most output a case may write.
    pub output_bytes: u64,
    /// The memory of a case, its program and every process it starts together, where this
    /// machine's control groups hold it.
    pub memory_bytes: Option<u64>,
    /// How many processes and threads a case may run at once, where control groups hold it.
    pub processes: Option<u32>,
    /// How much a case may write to disk.
    pub disk_bytes: u64,
    /// How the disk limit is held: `tmpfs` (the home a file system of that size), `home-size`
    /// (the home's size looked at while the case runs, and each file's), or `file-size` (each
    /// file's alone, without the sandbox).
    pub disk_by: String,
}

impl LimitsEntry {
    /// `limits` as this machine holds them, the cases confined as `sandbox` says.
    #[must_use]
    pub fn new(limits: Limits, sandbox: &Support) -> LimitsEntry {
        let grouped = matches!(cgroup::support(), cgroup::Support::Enforced { .. });
        let in_home = matches!(sandbox, Support::Enforced { .. });
        LimitsEntry {
            time_ms: u64::try_from(limits.timeout.as_millis()).unwrap_or(u64::MAX),
            output_bytes: u64::try_from(limits.max_stdout).unwrap_or(u64::MAX),
            memory_bytes: grouped.then_some(limits.memory),
            processes: grouped.then_some(limits.processes),
            disk_bytes: limits.disk,
            disk_by: if !in_home {
                "file-size"
            } else if disk::has_own_file_system(limits.disk) {
                "tmpfs"
            } else {
                "home-size"
            }
            .to_owned(),
        }
    }
}

/// How many cases were exactly right, right in content, and run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreCounts {
    /// Right in content.
    pub content: usize,
    /// Exactly right.
    pub exact: usize,
    /// Run.
    pub total: usize,
}

impl ProgramResults {
    /// The results of one program graded on `fixtures` by `plan`, under `heading`: each case
    /// worth what the plan's weights say (in fixture order), the points written only when the
    /// plan is weighted (the kata gives points or visibility).
    #[must_use]
    pub fn graded(
        plan: &StagePlan,
        heading: &Heading<'_>,
        fixtures: &[Fixture],
        results: &[CaseResult],
    ) -> ProgramResults {
        let (weights, weighted) = (&plan.weights, plan.weighted);
        let (stage, criterion) = (heading.stage, heading.criterion);
        let weight = |number: usize| weights.get(number - 1).copied().unwrap_or_default();
        let tests: Vec<CaseEntry> = results
            .iter()
            .map(|result| {
                let fixture = result.fixture(fixtures);
                let passed = result.passed(criterion);
                let status = if passed {
                    Status::Pass
                } else if result.verdict().is_error() {
                    Status::Error
                } else {
                    Status::Fail
                };
                let message = (!result.verdict().passed())
                    .then(|| feedback::report(result, fixture, Paint::default()));
                let weight = weight(result.number);
                CaseEntry {
                    content: Status::of(result.passed(Criterion::Content)),
                    duration_ms: u64::try_from(result.duration().as_millis()).unwrap_or(u64::MAX),
                    max_points: weighted.then_some(weight.points),
                    message,
                    mode: result.run.mode().name().to_owned(),
                    name: fixture.name.clone(),
                    judge_message: result.judgement.judge_message.clone(),
                    output: cut(&String::from_utf8_lossy(&result.run.stdout)),
                    points: weighted.then_some(if passed {
                        weight.points * result.judgement.score.unwrap_or(1.0)
                    } else {
                        0.0
                    }),
                    status,
                    task_id: stage,
                    verdict: result.verdict().title().to_owned(),
                    visibility: weighted.then_some(weight.visibility),
                }
            })
            .collect();
        let cannot_start = results
            .iter()
            .any(|result| matches!(result.verdict(), Verdict::CannotStart(_)));
        let scores = Scores::of(results);
        let passed = results.len() == fixtures.len() && scores.passed(criterion) == results.len();
        let (status, message) = if cannot_start {
            (
                Status::Error,
                Some("the program could not be started".to_owned()),
            )
        } else {
            (Status::of(passed), None)
        };
        let max: f64 = (1..=fixtures.len())
            .map(|number| weight(number).points)
            .sum();
        ProgramResults {
            criterion: Some(criterion.name().to_owned()),
            max_points: weighted.then_some(max),
            message,
            mode: Some(heading.delivery.mode.name().to_owned()),
            points: weighted.then(|| tests.iter().map(CaseEntry::earned).sum()),
            limits: Some(LimitsEntry::new(heading.limits, heading.sandbox)),
            sandbox: Some(sandbox_name(heading.sandbox).to_owned()),
            scores: Some(ScoreCounts {
                content: scores.content,
                exact: scores.exact,
                total: scores.total,
            }),
            status,
            tests,
            version: 3,
            cases: fixtures.len(),
        }
    }

    /// The results of a submission that was not graded: no case run, and why (with a failed
    /// build's output). `max_points` is the stage's, when the kata gives points.
    #[must_use]
    pub fn not_graded(message: &str, cases: usize, max_points: Option<f64>) -> ProgramResults {
        ProgramResults {
            criterion: None,
            max_points,
            message: Some(message.to_owned()),
            mode: None,
            points: max_points.map(|_| 0.0),
            limits: None,
            sandbox: None,
            scores: None,
            status: Status::Error,
            tests: Vec::new(),
            version: 3,
            cases,
        }
    }

    /// The points earned: one a case passed unless the kata says.
    #[must_use]
    pub fn score(&self) -> f64 {
        self.points
            .unwrap_or_else(|| self.tests.iter().map(CaseEntry::earned).sum())
    }

    /// The points the stage is worth: one a case unless the kata says.
    #[must_use]
    pub fn max_score(&self) -> f64 {
        self.max_points
            .unwrap_or_else(|| f64_of(self.cases.max(self.tests.len())))
    }

    /// Whether the program was graded at all: false for a submission of a class that was not
    /// (no project, a broken one, or a build that failed).
    #[must_use]
    pub fn graded_at_all(&self) -> bool {
        self.criterion.is_some()
    }

    /// How many cases passed by the criterion in force.
    #[must_use]
    pub fn passed_count(&self) -> usize {
        self.tests.iter().filter(|case| case.passed()).count()
    }

    /// The stage, as its cases name it (none for a submission not graded).
    #[must_use]
    pub fn stage(&self) -> Option<u8> {
        self.tests.first().map(|case| case.task_id)
    }

    /// The summary line of the text report: `N passed, N failed: E of M exact, C of M content`.
    #[must_use]
    pub fn summary(&self) -> String {
        match (&self.scores, &self.message) {
            (Some(scores), _) => {
                let passed = self.passed_count();
                format!(
                    "{passed} passed, {} failed: {} of {total} exact, {} of {total} content",
                    scores.total - passed,
                    scores.exact,
                    scores.content,
                    total = scores.total
                )
            }
            (None, Some(message)) => message.clone(),
            (None, None) => "not graded".to_owned(),
        }
    }
}

/// One submission of a class.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SubmissionEntry {
    /// Its folder's name.
    pub name: String,
    /// Its cases passed by the criterion in force.
    pub passed: usize,
    /// Its results.
    pub results: ProgramResults,
    /// The stage's cases.
    pub total: usize,
}

impl SubmissionEntry {
    /// The entry of a submission named `name` with `results`.
    #[must_use]
    pub fn new(name: &str, results: ProgramResults) -> SubmissionEntry {
        SubmissionEntry {
            name: name.to_owned(),
            passed: results.passed_count(),
            total: results.cases,
            results,
        }
    }
}

/// Which slice of a class a part holds: the `index`-th (from 1) of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShardPart {
    /// How many slices.
    pub count: u32,
    /// Which one, from 1.
    pub index: u32,
}

/// Everything beside the programs that decides a class's verdicts: the parts of a class graded
/// in slices are joined only when they name the same.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradedWith {
    /// The kata's name.
    pub kata: String,
    /// The SHA-256 of the kata's manifest and of the files of the stage's cases, in hex: two
    /// copies of a kata of the same name that judge otherwise differ here.
    pub kata_digest: String,
    /// What a case had to get right to pass: `exact` or `content`.
    pub criterion: String,
    /// The limits each case ran within.
    pub limits: LimitsEntry,
    /// The command graded, `{}` standing for each submission's folder; empty when each
    /// submission is run by its own `kata.toml`.
    pub command: Vec<String>,
    /// The grader that graded, and its version: `grade 0.1.0`.
    pub grader: String,
}

/// A class's results: one entry a submission, in name order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClassResults {
    /// What the class was graded with.
    pub graded: GradedWith,
    /// How the cases were given their input.
    pub mode: String,
    /// `landlock` or `none`.
    pub sandbox: String,
    /// The slice of the class this part holds, when it holds one (`--shard`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<ShardPart>,
    /// The submissions, in name order.
    pub submissions: Vec<SubmissionEntry>,
    /// The stage.
    pub task_id: u8,
}

impl ClassResults {
    /// A class graded under `heading` with `graded`, its submissions `submissions`.
    #[must_use]
    pub fn new(
        heading: &Heading<'_>,
        graded: GradedWith,
        submissions: Vec<SubmissionEntry>,
    ) -> ClassResults {
        ClassResults {
            graded,
            mode: heading.delivery.mode.name().to_owned(),
            sandbox: sandbox_name(heading.sandbox).to_owned(),
            shard: None,
            submissions,
            task_id: heading.stage,
        }
    }

    /// The class read back from its JSON, each submission's count of cases restored.
    ///
    /// # Errors
    ///
    /// When `text` is not a class's results.
    pub fn from_json(text: &str) -> serde_json::Result<ClassResults> {
        let mut class: ClassResults = serde_json::from_str(text)?;
        for entry in &mut class.submissions {
            entry.results.cases = entry.total;
        }
        Ok(class)
    }
}

/// How the cases were confined, for machines: `landlock`, or `none`.
#[must_use]
pub fn sandbox_name(support: &Support) -> &'static str {
    match support {
        Support::Enforced { .. } => "landlock",
        Support::Off(_) => "none",
    }
}

/// `count` as a float, exactly for any count a class may have.
fn f64_of(count: usize) -> f64 {
    u32::try_from(count).map_or(f64::from(u32::MAX), f64::from)
}

fn cut(output: &str) -> String {
    output.chars().take(OUTPUT_LIMIT).collect()
}
