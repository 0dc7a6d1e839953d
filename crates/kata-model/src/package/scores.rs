//! The score of a submission to a scoring problem, from the results of its cases, as the format
//! aggregates them through the test data groups; in legacy, with each group's verdict, made by
//! its grader (the format's default grader, done here, or the package's own, which the caller
//! runs).

use std::fmt;

use super::cases::{Aggregation, CaseScoring, Group};
use super::problem::Package;

/// A verdict as the format's graders read and write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// `AC`: accepted.
    Accepted,
    /// `WA`: wrong answer.
    WrongAnswer,
    /// `RTE`: run-time error.
    RunTimeError,
    /// `TLE`: time limit exceeded.
    TimeLimitExceeded,
    /// `MLE`: memory limit exceeded.
    MemoryLimitExceeded,
    /// `OLE`: output limit exceeded.
    OutputLimitExceeded,
    /// `JE`: judge error.
    JudgeError,
}

impl Code {
    /// The codes from the worst to the least bad, as the default grader's `worst_error` ranks
    /// them.
    const WORST_FIRST: [Code; 6] = [
        Code::JudgeError,
        Code::RunTimeError,
        Code::MemoryLimitExceeded,
        Code::TimeLimitExceeded,
        Code::OutputLimitExceeded,
        Code::WrongAnswer,
    ];

    /// How a grader writes it.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Accepted => "AC",
            Code::WrongAnswer => "WA",
            Code::RunTimeError => "RTE",
            Code::TimeLimitExceeded => "TLE",
            Code::MemoryLimitExceeded => "MLE",
            Code::OutputLimitExceeded => "OLE",
            Code::JudgeError => "JE",
        }
    }

    /// The code a grader wrote as `word`.
    #[must_use]
    pub fn parse(word: &str) -> Option<Code> {
        [Code::Accepted]
            .into_iter()
            .chain(Code::WORST_FIRST)
            .find(|code| code.as_str() == word)
    }
}

/// What a group of a legacy problem came to: its verdict and score, as its grader made them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GroupResult {
    /// The verdict.
    pub verdict: Code,
    /// The score.
    pub score: f64,
}

impl GroupResult {
    /// The line a grader reads or writes for it: `AC 12.5`.
    #[must_use]
    pub fn line(&self) -> String {
        format!("{} {}", self.verdict.as_str(), self.score)
    }

    /// The result a grader wrote as `text`, one line `<verdict> <score>`, as the format has it.
    ///
    /// # Errors
    ///
    /// Any other text.
    pub fn parse(text: &str) -> Result<GroupResult, ScoreError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let wrong = || {
            ScoreError(format!(
                "the grader wrote `{}`, where the format wants a verdict (AC, WA, RTE, TLE, MLE, \
                 OLE or JE) and a score",
                text.trim()
            ))
        };
        let [verdict, score] = words.as_slice() else {
            return Err(wrong());
        };
        let verdict = Code::parse(verdict).ok_or_else(wrong)?;
        let score = score
            .parse::<f64>()
            .ok()
            .filter(|score| score.is_finite())
            .ok_or_else(wrong)?;
        Ok(GroupResult { verdict, score })
    }
}

/// A package's own grader (`graders/`), run by the caller: given the flags of a group
/// (`grader_flags`) and the results of its cases and subgroups, it makes the group's.
pub trait CustomGrader {
    /// The group's result.
    ///
    /// # Errors
    ///
    /// When the grader cannot be run, fails, or writes no result: a judge error.
    fn grade(
        &mut self,
        flags: &[String],
        results: &[GroupResult],
    ) -> Result<GroupResult, ScoreError>;
}

/// No grader of the package's own: a group that asks for one is an error.
struct NoCustomGrader;

impl CustomGrader for NoCustomGrader {
    fn grade(&mut self, _: &[String], _: &[GroupResult]) -> Result<GroupResult, ScoreError> {
        Err(ScoreError(
            "a group is graded by the package's own grader (`grading: custom`), which was not \
             run"
            .to_owned(),
        ))
    }
}

/// A case's result, as the caller judged it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaseOutcome {
    /// Its verdict.
    pub verdict: Code,
    /// The score the output validator gave in its `score.txt`, if it wrote one. (A `2023-07`
    /// validator's `score_multiplier.txt` is given here as the multiplier times the case's
    /// [`CaseScoring::UpTo`].)
    pub score: Option<f64>,
}

impl CaseOutcome {
    /// Whether the case was accepted.
    #[must_use]
    pub fn accepted(&self) -> bool {
        self.verdict == Code::Accepted
    }
}

/// A submission's score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// What it scored.
    pub score: f64,
    /// The most it could score: `2023-07`'s score of `secret`, `None` when unbounded; legacy's
    /// score of a submission accepted on every case without a score of the validator's.
    pub max: Option<f64>,
}

impl Score {
    /// Whether it is the full score, which makes an accepted submission `accepted` rather than
    /// `partially_accepted` (an unbounded score is never full).
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.max
            .is_some_and(|max| self.score >= max - 1e-9 * max.abs().max(1.0))
    }
}

/// Why a score cannot be given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreError(pub String);

impl fmt::Display for ScoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ScoreError {}

impl Package {
    /// The score of a submission from the outcomes of its cases, one for each of
    /// [`Package::cases`] in that order, where no group is graded by the package's own grader
    /// ([`Package::graded`] runs it).
    ///
    /// # Errors
    ///
    /// As [`Package::graded`], and when a group asks for the package's own grader.
    pub fn score(&self, outcomes: &[CaseOutcome]) -> Result<Score, ScoreError> {
        self.graded(outcomes, None).map(|(_, score)| score)
    }

    /// The verdict and score of a submission from the outcomes of its cases, one for each of
    /// [`Package::cases`] in that order.
    ///
    /// `grader` runs the package's own grader, where it has one.
    ///
    /// `2023-07`: the score of `secret`. A case scores 0 when rejected, else its validator's
    /// score, else its maximum; a `pass-fail` group scores its maximum when every case in it is
    /// accepted, else 0; a `sum` group scores the sum of its cases and subgroups, a `min` group
    /// their minimum. Samples do not count. The verdict is the first rejected case's, else
    /// accepted.
    ///
    /// Legacy: the root group's result, as problemtools makes it. A case's result is its verdict
    /// and its validator's score, else `accept_score` or `reject_score`; a group's is its grader's
    /// on the results of its cases and subgroups in the order of their names, up to the first
    /// that is not accepted where `on_reject` is `break` (the default), or on all of them where it
    /// is `continue`. A group with a judge error among them has that judge error. The grader is
    /// the package's own (`grading: custom`, run by `grader` with the group's `grader_flags`), else
    /// the format's default grader, done here: by its flags, the verdict is the worst error
    /// (`worst_error`, the default), the first (`first_error`) or accepted (`always_accept`, or
    /// `accept_if_any_accepted` where one is), and the score the `sum`, `avg`, `min` or `max` of
    /// theirs; `ignore_sample` takes the last result alone. The most it can score is the root's
    /// `range`, else what every case accepted without a score of the validator's scores.
    ///
    /// # Errors
    ///
    /// When the problem is not a scoring problem, the outcomes are not one a case, an accepted
    /// case of an unbounded group has no score, or the package's grader fails.
    pub fn graded(
        &self,
        outcomes: &[CaseOutcome],
        grader: Option<&mut dyn CustomGrader>,
    ) -> Result<(Code, Score), ScoreError> {
        let mut none = NoCustomGrader;
        let grader: &mut dyn CustomGrader = match grader {
            Some(grader) => grader,
            None => &mut none,
        };
        if !self.scoring {
            return Err(ScoreError(format!(
                "`{}` is not a scoring problem",
                self.short_name
            )));
        }
        if outcomes.len() != self.cases.len() {
            return Err(ScoreError(format!(
                "{} outcomes for {} cases",
                outcomes.len(),
                self.cases.len()
            )));
        }
        if self.version.is_legacy() {
            let root = self.legacy_result("", outcomes, grader)?;
            let range = self
                .group("")
                .and_then(|group| group.legacy.as_ref())
                .and_then(|grading| grading.range);
            let max = match range {
                Some((_, max)) => max,
                None => {
                    let all = vec![
                        CaseOutcome {
                            verdict: Code::Accepted,
                            score: None
                        };
                        outcomes.len()
                    ];
                    self.legacy_result("", &all, grader)?.score
                }
            };
            let score = Score {
                score: root.score,
                max: Some(max),
            };
            return Ok((root.verdict, score));
        }
        let score = self.group_score("secret", outcomes)?;
        let max = self.group("secret").and_then(|group| group.max_score);
        let verdict = outcomes
            .iter()
            .map(|outcome| outcome.verdict)
            .find(|&verdict| verdict != Code::Accepted)
            .unwrap_or(Code::Accepted);
        Ok((verdict, Score { score, max }))
    }

    /// The result of the legacy group at `path`, as [`Package::graded`] says; accepted with 0 for
    /// a group that is not there or holds nothing.
    fn legacy_result(
        &self,
        path: &str,
        outcomes: &[CaseOutcome],
        grader: &mut dyn CustomGrader,
    ) -> Result<GroupResult, ScoreError> {
        let nothing = GroupResult {
            verdict: Code::Accepted,
            score: 0.0,
        };
        let Some(group) = self.group(path) else {
            return Ok(nothing);
        };
        let grading = group.legacy.clone().unwrap_or_default();
        let mut results = Vec::new();
        for child in self.children(path) {
            let result = match child {
                Child::Case(index) => {
                    let outcome = outcomes[index];
                    let (accept, reject) = match self.cases[index].scoring {
                        CaseScoring::Legacy { accept, reject } => (accept, reject),
                        _ => (1.0, 0.0),
                    };
                    let default = if outcome.accepted() { accept } else { reject };
                    GroupResult {
                        verdict: outcome.verdict,
                        score: outcome.score.unwrap_or(default),
                    }
                }
                Child::Group(subgroup) => self.legacy_result(subgroup, outcomes, grader)?,
            };
            results.push(result);
            if result.verdict != Code::Accepted && grading.stops_at_rejection {
                break;
            }
        }
        if results.is_empty() {
            return Ok(nothing);
        }
        if let Some(error) = results
            .iter()
            .find(|result| result.verdict == Code::JudgeError)
        {
            return Ok(*error);
        }
        if grading.custom {
            grader.grade(&grading.flags, &results)
        } else {
            Ok(default_grader(&grading.flags, &results))
        }
    }

    /// The cases and subgroups directly in the group at `path`, in the order of their names:
    /// as [`Package::cases`] has them, each subgroup where its first case is. A subgroup without
    /// a case is left out, as the format's tools leave it.
    fn children(&self, path: &str) -> Vec<Child<'_>> {
        let mut children: Vec<(usize, Child<'_>)> = Vec::new();
        for (index, case) in self.cases.iter().enumerate() {
            if case.group == path {
                children.push((index, Child::Case(index)));
            }
        }
        for subgroup in self
            .groups
            .iter()
            .filter(|group| parent(&group.path) == Some(path))
        {
            let prefix = format!("{}/", subgroup.path);
            if let Some(first) = self
                .cases
                .iter()
                .position(|case| case.name.starts_with(&prefix))
            {
                children.push((first, Child::Group(&subgroup.path)));
            }
        }
        children.sort_by_key(|(first, _)| *first);
        children.into_iter().map(|(_, child)| child).collect()
    }

    fn group(&self, path: &str) -> Option<&Group> {
        self.groups.iter().find(|group| group.path == path)
    }

    fn group_score(&self, path: &str, outcomes: &[CaseOutcome]) -> Result<f64, ScoreError> {
        let Some(group) = self.group(path) else {
            return Ok(0.0);
        };
        let in_group = self.cases.iter().zip(outcomes);
        if group.aggregation == Aggregation::PassFail {
            let prefix = format!("{path}/");
            let passed = in_group
                .filter(|(case, _)| case.name.starts_with(&prefix))
                .all(|(_, outcome)| outcome.accepted());
            return Ok(if passed {
                group.max_score.unwrap_or(0.0)
            } else {
                0.0
            });
        }
        let mut scores = Vec::new();
        for (case, outcome) in in_group.filter(|(case, _)| case.group == path) {
            scores.push(case_score(&case.name, case.scoring, *outcome)?);
        }
        for subgroup in self
            .groups
            .iter()
            .filter(|group| parent(&group.path) == Some(path))
        {
            scores.push(self.group_score(&subgroup.path, outcomes)?);
        }
        Ok(aggregate(group.aggregation, &scores))
    }
}

/// A case or subgroup of a group.
enum Child<'a> {
    /// The case at this index of [`Package::cases`].
    Case(usize),
    /// The subgroup at this path.
    Group(&'a str),
}

/// The format's default grader, on `results` with `flags` (as [`Package::graded`] says).
fn default_grader(flags: &[String], results: &[GroupResult]) -> GroupResult {
    #[derive(Clone, Copy)]
    enum Verdicts {
        WorstError,
        FirstError,
        AlwaysAccept,
    }
    let (mut verdicts, mut scores) = (Verdicts::WorstError, Aggregation::Sum);
    let (mut ignore_sample, mut any_accepted) = (false, false);
    for flag in flags {
        match flag.as_str() {
            "worst_error" | "no_errors" => verdicts = Verdicts::WorstError,
            "first_error" => verdicts = Verdicts::FirstError,
            "always_accept" => verdicts = Verdicts::AlwaysAccept,
            "sum" => scores = Aggregation::Sum,
            "avg" => scores = Aggregation::Avg,
            "min" => scores = Aggregation::Min,
            "max" => scores = Aggregation::Max,
            "ignore_sample" => ignore_sample = true,
            "accept_if_any_accepted" => any_accepted = true,
            _ => {}
        }
    }
    let results = if ignore_sample {
        &results[results.len().saturating_sub(1)..]
    } else {
        results
    };
    let codes = || results.iter().map(|result| result.verdict);
    let verdict = if any_accepted && codes().any(|code| code == Code::Accepted) {
        Code::Accepted
    } else {
        match verdicts {
            Verdicts::WorstError => Code::WORST_FIRST
                .into_iter()
                .find(|&worst| codes().any(|code| code == worst))
                .unwrap_or(Code::Accepted),
            Verdicts::FirstError => codes()
                .find(|&code| code != Code::Accepted)
                .unwrap_or(Code::Accepted),
            Verdicts::AlwaysAccept => Code::Accepted,
        }
    };
    let values: Vec<f64> = results.iter().map(|result| result.score).collect();
    GroupResult {
        verdict,
        score: aggregate(scores, &values),
    }
}

/// The path of the group that holds the group at `path` (the root's `""` for `sample` and
/// `secret`), none for the root.
fn parent(path: &str) -> Option<&str> {
    if path.is_empty() {
        return None;
    }
    Some(path.rsplit_once('/').map_or("", |(parent, _)| parent))
}

/// The score of a case of a `2023-07` group.
fn case_score(name: &str, scoring: CaseScoring, outcome: CaseOutcome) -> Result<f64, ScoreError> {
    Ok(match scoring {
        _ if !outcome.accepted() => 0.0,
        CaseScoring::UpTo(max) => outcome.score.unwrap_or(max),
        CaseScoring::Unbounded => outcome.score.ok_or_else(|| {
            ScoreError(format!(
                "case `{name}` is accepted in an unbounded group without a score"
            ))
        })?,
        CaseScoring::None | CaseScoring::Legacy { .. } => 0.0,
    })
}

fn aggregate(aggregation: Aggregation, scores: &[f64]) -> f64 {
    if scores.is_empty() {
        return 0.0;
    }
    match aggregation {
        Aggregation::PassFail | Aggregation::Sum => scores.iter().sum(),
        Aggregation::Min => scores.iter().copied().fold(f64::INFINITY, f64::min),
        Aggregation::Max => scores.iter().copied().fold(f64::NEG_INFINITY, f64::max),
        #[allow(clippy::cast_precision_loss)]
        Aggregation::Avg => scores.iter().sum::<f64>() / scores.len() as f64,
    }
}
