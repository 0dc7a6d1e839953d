//! A package's test data as the judge uses it: each test case with its files and how it is
//! scored, and each group of a scoring problem with how its score is made.

use std::path::PathBuf;

use super::default_flags::DefaultFlags;
use super::input_validators::InputArgs;

/// One test case.
#[derive(Clone, Debug, PartialEq)]
pub struct TestCase {
    /// Its path under `data/` without the extension, such as `sample/1` or `secret/group1/03`.
    pub name: String,
    /// The `.in` file, given to the submission on its standard input.
    pub input: PathBuf,
    /// The `.ans` file, given to the output validator.
    pub answer: PathBuf,
    /// The `.hint` file: a hint for someone whose submission failed the case.
    pub hint: Option<PathBuf>,
    /// The `.desc` file: what the case tests, for the judges.
    pub description: Option<PathBuf>,
    /// The `.interaction` file of a sample of an interactive problem, shown in its statement.
    pub interaction: Option<PathBuf>,
    /// Whether it is a sample (under `data/sample`).
    pub is_sample: bool,
    /// The path under `data/` of the group that holds it, such as `secret/group1`.
    pub group: String,
    /// The arguments in force for the output validator on this case: the problem's own
    /// (legacy `validator_flags`), then those of the group's `testdata.yaml` as inherited.
    pub validator_args: Vec<String>,
    /// The arguments in force for the input validators on this case (`input_validator_args`;
    /// legacy `input_validator_flags`), from its own `.yaml` or its closest group's.
    pub input_validator_args: InputArgs,
    /// Those arguments read as the default validator's flags, when validation is default.
    pub default_flags: Option<DefaultFlags>,
    /// How the case is scored in a scoring problem; [`CaseScoring::None`] otherwise.
    pub scoring: CaseScoring,
}

/// How a test case is scored.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CaseScoring {
    /// Not scored: a pass-fail problem, a sample of a `2023-07` problem, or a case of a group
    /// with `pass-fail` aggregation, which scores as a whole.
    None,
    /// `2023-07`: the case scores up to this much (the `score.txt` of an accepted case, else
    /// this, when accepted; 0 when not).
    UpTo(f64),
    /// `2023-07`: a case of an unbounded group, whose validator must give its score.
    Unbounded,
    /// Legacy: the score of an accepted case without `score.txt`, and of a rejected case
    /// (`accept_score` and `reject_score` of its `testdata.yaml`).
    Legacy {
        /// The score when accepted, unless the validator gives one.
        accept: f64,
        /// The score when rejected.
        reject: f64,
    },
}

/// A test data group of a scoring problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    /// Its path under `data/`, such as `secret` or `secret/group1`; legacy's root group is `""`.
    pub path: String,
    /// How the scores of its cases and subgroups make its own.
    pub aggregation: Aggregation,
    /// `2023-07`: the most it can score (given, or inferred as the format says); `None` when
    /// unbounded, and always in legacy, which has no maximum.
    pub max_score: Option<f64>,
    /// Legacy: how its grader makes its result; `None` in the later versions.
    pub legacy: Option<LegacyGrading>,
}

/// How a legacy group's result is made, from the keys of its `testdata.yaml`, each inherited
/// from the closest group that gives it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LegacyGrading {
    /// `grader_flags`: the arguments of its grader.
    pub flags: Vec<String>,
    /// `grading: custom`: the package's own grader (`graders/`) makes it.
    pub custom: bool,
    /// `on_reject: break`, the default: what follows a case or subgroup that is not accepted
    /// is not judged.
    pub stops_at_rejection: bool,
    /// `range`: the least and the most it can score.
    pub range: Option<(f64, f64)>,
}

/// How a group's score is made from those of its cases and subgroups.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aggregation {
    /// `2023-07`: the group's maximum score if every case in it is accepted, else 0.
    PassFail,
    /// The sum.
    Sum,
    /// The minimum.
    Min,
    /// Legacy only: the maximum.
    Max,
    /// Legacy only: the average.
    Avg,
}
