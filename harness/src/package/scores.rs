//! The score of a submission to a scoring problem, from the results of its cases, as the format
//! aggregates them through the test data groups.

use std::fmt;

use super::{Aggregation, CaseScoring, FormatVersion, Group, Package};

/// A case's result, as the caller judged it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CaseOutcome {
    /// Whether the case was accepted.
    pub accepted: bool,
    /// The score the output validator gave in its `score.txt`, if it wrote one. (A `2023-07`
    /// validator's `score_multiplier.txt` is given here as the multiplier times the case's
    /// [`CaseScoring::UpTo`].)
    pub score: Option<f64>,
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
    /// [`Package::cases`] in that order.
    ///
    /// `2023-07`: the score of `secret`. A case scores 0 when rejected, else its validator's
    /// score, else its maximum; a `pass-fail` group scores its maximum when every case in it is
    /// accepted, else 0; a `sum` group scores the sum of its cases and subgroups, a `min` group
    /// their minimum. Samples do not count.
    ///
    /// Legacy: the default grader's. A case scores its validator's score, else `accept_score`
    /// or `reject_score`; a group aggregates its cases and subgroups by its `grader_flags`
    /// (`sum`, `min`, `max`, `avg`); the root aggregates `sample` and `secret`, or `secret`
    /// alone with `ignore_sample`.
    ///
    /// # Errors
    ///
    /// When the problem is not a scoring problem, the outcomes are not one a case, or an
    /// accepted case of an unbounded group has no score.
    pub fn score(&self, outcomes: &[CaseOutcome]) -> Result<Score, ScoreError> {
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
        let root = match self.version {
            FormatVersion::Legacy => "",
            FormatVersion::V2023_07 | FormatVersion::V2025_09 => "secret",
        };
        let score = self.group_score(root, outcomes)?;
        let max = match self.version {
            FormatVersion::V2023_07 | FormatVersion::V2025_09 => {
                self.group(root).and_then(|group| group.max_score)
            }
            FormatVersion::Legacy => {
                let all = vec![
                    CaseOutcome {
                        accepted: true,
                        score: None
                    };
                    outcomes.len()
                ];
                Some(self.group_score(root, &all)?)
            }
        };
        Ok(Score { score, max })
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
                .all(|(_, outcome)| outcome.accepted);
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
            if !(group.ignore_sample && subgroup.path == "sample") {
                scores.push(self.group_score(&subgroup.path, outcomes)?);
            }
        }
        Ok(aggregate(group.aggregation, &scores))
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

fn case_score(name: &str, scoring: CaseScoring, outcome: CaseOutcome) -> Result<f64, ScoreError> {
    Ok(match scoring {
        CaseScoring::Legacy { accept, reject } => match outcome {
            CaseOutcome {
                score: Some(score), ..
            } => score,
            CaseOutcome { accepted: true, .. } => accept,
            CaseOutcome {
                accepted: false, ..
            } => reject,
        },
        _ if !outcome.accepted => 0.0,
        CaseScoring::UpTo(max) => outcome.score.unwrap_or(max),
        CaseScoring::Unbounded => outcome.score.ok_or_else(|| {
            ScoreError(format!(
                "case `{name}` is accepted in an unbounded group without a score"
            ))
        })?,
        CaseScoring::None => 0.0,
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
