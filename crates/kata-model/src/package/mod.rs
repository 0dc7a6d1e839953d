//! Problem packages of the Kattis / ICPC problem package format (`legacy`, `2023-07` and
//! `2025-09`), read
//! into plain data: the problem's metadata, its statement, its test cases in the order the
//! format gives them, its output validation and its example submissions.
//!
//! [`load`] reads a package folder. Nothing here runs a program or judges one: building its
//! programs, comparing by the default output validation's [`DefaultFlags`], running a custom
//! output validator or an interactive one are the judge's.

mod default_flags;
mod expectations;
mod input_validators;
mod metadata;
mod samples;
mod scores;
mod statement;
mod submissions;
mod testdata;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::Duration;

pub use default_flags::{DefaultFlags, is_float};
pub use expectations::{CaseOutcomeOf, CaseVerdict, Expectations, TimeBound};
// A program's language, which the package names in its submissions and validators.
pub use input_validators::{InputArgs, InputValidator, InputValidatorKind, InvalidInput};
pub use languages::Language;
pub use scores::{CaseOutcome, Code, CustomGrader, GroupResult, Score, ScoreError};
pub use statement::{Statement, StatementFormat, latex_to_markdown};
pub use submissions::{ExpectedVerdict, SUBMISSIONS_YAML, Submission, ignored_said, is_program};
pub use testdata::OutputCheck;

/// The name of the file that makes a folder a problem package.
pub const PROBLEM_YAML: &str = "problem.yaml";

/// A problem package, read.
#[derive(Clone, Debug, PartialEq)]
pub struct Package {
    /// The package's folder.
    pub folder: PathBuf,
    /// The problem's short name: the folder's name.
    pub short_name: String,
    /// The problem's name: `name` of `problem.yaml`; of a map of languages to names, the `en`
    /// one, else the first. The short name when `name` is missing (legacy allows that).
    pub title: String,
    /// The version of the format, from `problem_format_version`.
    pub version: FormatVersion,
    /// Whether the problem is a scoring problem (`type: scoring`), whose submissions get a score
    /// as well as a verdict.
    pub scoring: bool,
    /// The limits its submissions run under, each with where it comes from.
    pub limits: PackageLimits,
    /// How a submission's output is judged.
    pub validation: Validation,
    /// The problem statement, if the package has one in Markdown or LaTeX.
    pub statement: Option<Statement>,
    /// Every test case: `data/sample` first, then `data/secret`, each folder's cases and
    /// subgroups together in the lexicographic order of their names, as the format uses them.
    pub cases: Vec<TestCase>,
    /// Every test data group of a scoring problem (empty for a pass-fail one), parents before
    /// their subgroups, with how its score is made.
    pub groups: Vec<Group>,
    /// Every example submission under `submissions/<verdict>/`, in the order of their paths.
    pub submissions: Vec<Submission>,
    /// The rules of `submissions/submissions.yaml`, where the package has one: what each
    /// submission it names must get, case by case.
    pub expectations: Option<Expectations>,
    /// The entries of the folders of `submissions/` that are no programs, left out of
    /// [`Package::submissions`] ([`is_program`]): their paths under `submissions/`.
    pub ignored_submissions: Vec<String>,
    /// The input validators, which say whether each test input is valid.
    pub input_validators: Vec<InputValidator>,
    /// The inputs the input validators must reject (`data/invalid_input/`).
    pub invalid_inputs: Vec<InvalidInput>,
    /// The outputs the output validation must reject (`data/invalid_output/`) or accept
    /// (`data/valid_output/`).
    pub output_checks: Vec<OutputCheck>,
    /// Legacy: the package's own grader, the one program in `graders/`, which groups with
    /// `grading: custom` are graded by.
    pub grader: Option<ProgramSource>,
    /// The folders of `include/`, by name (a language code of the format's table, or
    /// `default`): files added to each submission of that language before it is built.
    pub includes: BTreeMap<String, PathBuf>,
}

impl Package {
    /// The folder of files added to each submission in `language` before it is built: its
    /// language's folder of `include/`, else `include/default/` (as the format says, the
    /// language's own replaces the default); `None` when the package has neither, or the
    /// language is none of the format's.
    #[must_use]
    pub fn include_for(&self, language: Language) -> Option<&Path> {
        self.include_for_code(language.code()?)
    }

    /// [`Package::include_for`] the language whose code in the format's table is `code`.
    #[must_use]
    pub fn include_for_code(&self, code: &str) -> Option<&Path> {
        self.includes
            .get(code)
            .or_else(|| self.includes.get("default"))
            .map(PathBuf::as_path)
    }

    /// The folders of `include/` named after no language of the format's table, nor
    /// `default`, whose files are never added to a submission.
    #[must_use]
    pub fn includes_unnamed(&self) -> Vec<&Path> {
        self.includes
            .iter()
            .filter(|(name, _)| *name != "default" && languages::by_code(name).is_none())
            .map(|(_, path)| path.as_path())
            .collect()
    }
}

/// A program of the package's own, given by its source.
#[derive(Clone, Debug, PartialEq)]
pub struct ProgramSource {
    /// A source file, or a folder holding its files.
    pub source: PathBuf,
    /// The language its source is in, from the extensions of its files.
    pub language: Language,
}

/// The memory limit where a package gives none: the format's typical system default, in MiB.
pub const DEFAULT_MEMORY_MIB: u64 = 2048;
/// The output limit where a package gives none: the format's typical system default, in MiB.
pub const DEFAULT_OUTPUT_MIB: u64 = 8;
/// The file beside `problem.yaml` in which judging tools keep a time limit they inferred.
pub const TIMELIMIT_FILE: &str = ".timelimit";

/// The limits a package's submissions run under.
#[derive(Clone, Debug, PartialEq)]
pub struct PackageLimits {
    /// The time limit of a case.
    pub time: TimeLimit,
    /// The memory limit in MiB: `limits.memory`, else [`DEFAULT_MEMORY_MIB`].
    pub memory_mib: u64,
    /// Whether `problem.yaml` gives the memory limit.
    pub memory_given: bool,
    /// The most a submission may write, in MiB: `limits.output`, else [`DEFAULT_OUTPUT_MIB`].
    pub output_mib: u64,
    /// Whether `problem.yaml` gives the output limit.
    pub output_given: bool,
    /// How many times the time limit a `time_limit_exceeded` submission must take at least:
    /// `limits.time_multipliers.time_limit_to_tle` (`2023-07`, `2025-09`; 1.5 by default).
    /// Legacy has none.
    pub tle_margin: Option<f64>,
}

impl PackageLimits {
    /// The memory limit in bytes.
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        self.memory_mib.saturating_mul(1 << 20)
    }

    /// The output limit in bytes.
    #[must_use]
    pub fn output_bytes(&self) -> usize {
        usize::try_from(self.output_mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX)
    }

    /// Where the memory and output limits come from, in words: `memory 2048 MiB (the format's
    /// default), output 8 MiB (limits.output)`.
    #[must_use]
    pub fn sizes_said(&self) -> String {
        let from = |given: bool, key: &str| {
            if given {
                format!("limits.{key}")
            } else {
                "the format's default".to_owned()
            }
        };
        format!(
            "memory {} MiB ({}), output {} MiB ({}), stack as large as the memory",
            self.memory_mib,
            from(self.memory_given, "memory"),
            self.output_mib,
            from(self.output_given, "output")
        )
    }
}

/// A package's time limit, or how it is had.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TimeLimit {
    /// `limits.time_limit` of `problem.yaml` (`2023-07`, `2025-09`).
    Given(Duration),
    /// The [`TIMELIMIT_FILE`] beside `problem.yaml`, which judging tools write.
    File(Duration),
    /// None given: the slowest time on a case of the submissions that bound it from below (the
    /// accepted ones in legacy; in the later versions those whose rules permit no time-out, as
    /// `use_for_time_limit` leaves them) times `multiplier`, rounded up to a multiple of
    /// `resolution` seconds, at least one (the format's inference; legacy's tools round to whole
    /// seconds).
    Inferred {
        /// Legacy's `time_multiplier` (5 by default), the later versions'
        /// `time_multipliers.ac_to_time_limit` (2 by default).
        multiplier: f64,
        /// `time_resolution` (`2023-07`, `2025-09`); 1 in legacy.
        resolution: f64,
    },
}

impl TimeLimit {
    /// The limit, when the package gives it.
    #[must_use]
    pub fn fixed(&self) -> Option<Duration> {
        match *self {
            TimeLimit::Given(limit) | TimeLimit::File(limit) => Some(limit),
            TimeLimit::Inferred { .. } => None,
        }
    }

    /// The limit where the slowest submission bounding it from below took `slowest` on a case:
    /// the one given, or the one inferred from it.
    #[must_use]
    pub fn with_slowest(&self, slowest: Duration) -> Duration {
        match *self {
            TimeLimit::Given(limit) | TimeLimit::File(limit) => limit,
            TimeLimit::Inferred {
                multiplier,
                resolution,
            } => {
                let steps = (slowest.as_secs_f64() * multiplier / resolution).ceil();
                Duration::try_from_secs_f64(steps.max(1.0) * resolution).unwrap_or(Duration::MAX)
            }
        }
    }

    /// Where the limit comes from, in words.
    #[must_use]
    pub fn source(&self) -> String {
        match self {
            TimeLimit::Given(_) => "limits.time_limit".to_owned(),
            TimeLimit::File(_) => TIMELIMIT_FILE.to_owned(),
            TimeLimit::Inferred {
                multiplier,
                resolution,
            } => format!(
                "the slowest time of the submissions that bound it from below, times \
                 {multiplier}, rounded up to a multiple of {resolution} s"
            ),
        }
    }
}

/// The version of the problem package format a package is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatVersion {
    /// `legacy` (or `legacy-icpc`, or no `problem_format_version` at all).
    Legacy,
    /// `2023-07` (written `2023-07-draft` while it was being made).
    V2023_07,
    /// `2025-09`, what `2023-07-draft` became: `test_group.yaml` only, no `validation` or
    /// `validator_flags` in `problem.yaml`, a test case's own `.yaml`.
    V2025_09,
}

impl FormatVersion {
    /// Whether it is `legacy`, whose files and keys differ most from the later versions'.
    #[must_use]
    pub fn is_legacy(self) -> bool {
        self == FormatVersion::Legacy
    }
}

/// How a submission's output is judged.
#[derive(Clone, Debug, PartialEq)]
pub enum Validation {
    /// The format's default output validator, by the judge; each case's
    /// flags are in its [`TestCase::default_flags`].
    Default,
    /// A custom output validator, given by its source.
    Custom {
        /// The validator program: a source file, or a folder holding its files (`2023-07`:
        /// `output_validator/` itself, or the one folder it holds when it is no program of its
        /// own; legacy: the one program in `output_validators/`).
        source: PathBuf,
        /// The language its source is in, from the extensions of its files.
        language: Language,
        /// Arguments passed to the validator for every case (legacy's `validator_flags` of
        /// `problem.yaml`); each case's full list is in its [`TestCase::validator_args`].
        args: Vec<String>,
        /// Whether the validator runs interactively with the submission: its standard output
        /// is the submission's input, and the submission's output its input.
        interactive: bool,
    },
}

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

/// A package that cannot be read, with the place to look.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PackageError {
    /// The file or folder to blame.
    pub path: PathBuf,
    /// The 1-based line of the file, where one is known.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl PackageError {
    fn new(path: impl Into<PathBuf>, message: impl Into<String>) -> PackageError {
        PackageError {
            path: path.into(),
            line: None,
            message: message.into(),
        }
    }

    fn io(path: &Path, error: &std::io::Error) -> PackageError {
        PackageError::new(path, format!("cannot be read: {error}"))
    }
}

impl fmt::Display for PackageError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.path.display())?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for PackageError {}

/// Whether `folder` is a problem package: it holds a `problem.yaml`.
#[must_use]
pub fn is_package(folder: &Path) -> bool {
    folder.join(PROBLEM_YAML).is_file()
}

/// Reads the problem package in `folder`.
///
/// # Errors
///
/// When a file of the package cannot be read or does not follow the format: a broken
/// `problem.yaml` or `testdata.yaml` names its line; a `.in` without its `.ans`; a custom or
/// interactive validation without a validator; a problem type this reading does not support
/// (`multi-pass`, `submit-answer`) or a custom grader.
pub fn load(folder: &Path) -> Result<Package, PackageError> {
    let short_name = folder
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    let meta = metadata::read(&folder.join(PROBLEM_YAML))?;
    let validation = metadata::validation(folder, &meta)?;
    let data = testdata::read(folder, &meta, &validation)?;
    let (mut submissions, ignored_submissions) = submissions::find(folder)?;
    let rules = folder.join("submissions").join(SUBMISSIONS_YAML);
    let expectations = if rules.is_file() {
        Some(expectations::read(&rules)?)
    } else {
        None
    };
    // A submission's language and entry point, where the file gives them, over those its files
    // tell.
    if let Some(expectations) = &expectations {
        for submission in &mut submissions {
            let (language, entrypoint) = expectations.program_of(&submission.name);
            if let Some(code) = language {
                submission.language = Language::of_code(code).ok_or_else(|| {
                    PackageError::new(
                        &rules,
                        format!(
                            "`language: {code}` for {} is no language of the format's table",
                            submission.name
                        ),
                    )
                })?;
            }
            submission.entrypoint = entrypoint.map(str::to_owned);
        }
    }
    let grader = metadata::grader(folder, &meta)?;
    if grader.is_none()
        && let Some(group) = data
            .groups
            .iter()
            .find(|group| group.legacy.as_ref().is_some_and(|grading| grading.custom))
    {
        return Err(PackageError::new(
            folder.join("graders"),
            format!(
                "is missing: group `{}` is graded by the package's own grader (`grading: \
                 custom`), which must be there",
                group.path
            ),
        ));
    }
    Ok(Package {
        folder: folder.to_path_buf(),
        title: meta.title.clone().unwrap_or_else(|| short_name.clone()),
        short_name,
        version: meta.version,
        scoring: meta.scoring,
        limits: limits(folder, &meta)?,
        validation,
        statement: statement::find(folder),
        cases: data.cases,
        groups: data.groups,
        submissions,
        ignored_submissions,
        expectations,
        input_validators: input_validators::find(folder)?,
        invalid_inputs: input_validators::invalid(folder)?,
        output_checks: data.output_checks,
        grader,
        includes: includes(folder)?,
    })
}

/// The folders of the package's `include/`, by name.
fn includes(folder: &Path) -> Result<BTreeMap<String, PathBuf>, PackageError> {
    let include = folder.join("include");
    if !include.is_dir() {
        return Ok(BTreeMap::new());
    }
    Ok(sorted_names(&include)?
        .into_iter()
        .map(|name| (include.join(&name), name))
        .filter(|(path, _)| path.is_dir())
        .map(|(path, name)| (name, path))
        .collect())
}

/// The package's limits, as `problem.yaml` and a [`TIMELIMIT_FILE`] give them.
fn limits(folder: &Path, meta: &metadata::Metadata) -> Result<PackageLimits, PackageError> {
    let file = folder.join(TIMELIMIT_FILE);
    let time = if let Some(limit) = meta.time_limit {
        TimeLimit::Given(limit)
    } else if file.is_file() {
        let text = read_text(&file)?;
        let seconds: Option<f64> = text.trim().parse().ok();
        match seconds.and_then(|seconds| {
            (seconds > 0.0)
                .then(|| Duration::try_from_secs_f64(seconds).ok())
                .flatten()
        }) {
            Some(limit) => TimeLimit::File(limit),
            None => {
                return Err(PackageError::new(
                    file,
                    format!("`{}` is not a number of seconds above 0", text.trim()),
                ));
            }
        }
    } else {
        TimeLimit::Inferred {
            multiplier: meta.multiplier,
            resolution: meta.resolution,
        }
    };
    Ok(PackageLimits {
        time,
        memory_mib: meta.memory_mib.unwrap_or(DEFAULT_MEMORY_MIB),
        memory_given: meta.memory_mib.is_some(),
        output_mib: meta.output_mib.unwrap_or(DEFAULT_OUTPUT_MIB),
        output_given: meta.output_mib.is_some(),
        tle_margin: meta.tle_margin,
    })
}

impl Package {
    /// Whether the output validator runs interactively with the submission.
    #[must_use]
    pub fn is_interactive(&self) -> bool {
        matches!(
            self.validation,
            Validation::Custom {
                interactive: true,
                ..
            }
        )
    }

    /// The statement in Markdown: a Markdown statement as it is, a LaTeX one turned into
    /// Markdown by [`latex_to_markdown`].
    ///
    /// # Errors
    ///
    /// When the package has no statement in Markdown or LaTeX, or its file cannot be read.
    pub fn statement_markdown(&self) -> Result<String, PackageError> {
        let Some(statement) = &self.statement else {
            let folder = if self.version.is_legacy() {
                "problem_statement"
            } else {
                "statement"
            };
            return Err(PackageError::new(
                self.folder.join(folder),
                "holds no problem statement in Markdown or LaTeX",
            ));
        };
        let text = read_text(&statement.path)?;
        Ok(match statement.format {
            StatementFormat::Markdown => text,
            StatementFormat::Latex => latex_to_markdown(&text),
        })
    }
}

/// The text of a file of the package.
fn read_text(path: &Path) -> Result<String, PackageError> {
    let bytes = fs::read(path).map_err(|error| PackageError::io(path, &error))?;
    String::from_utf8(bytes).map_err(|_| PackageError::new(path, "is not UTF-8 text"))
}

/// The names in `folder`, sorted, leaving out hidden ones (`.git`, editors' files).
fn sorted_names(folder: &Path) -> Result<Vec<String>, PackageError> {
    let entries = fs::read_dir(folder).map_err(|error| PackageError::io(folder, &error))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| PackageError::io(folder, &error))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') {
            names.push(name);
        }
    }
    names.sort();
    Ok(names)
}
