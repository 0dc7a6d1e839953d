//! What `problem.yaml` settles for the whole problem: the format's version, how output is
//! judged, the limits, and a program of the package's own given by its source.

use std::path::PathBuf;
use std::time::Duration;

use languages::Language;

/// The name of the file that makes a folder a problem package.
pub const PROBLEM_YAML: &str = "problem.yaml";

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
    /// flags are in its [`TestCase::default_flags`](super::TestCase::default_flags).
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
        /// `problem.yaml`); each case's full list is in its [`TestCase::validator_args`](super::TestCase::validator_args).
        args: Vec<String>,
        /// Whether the validator runs interactively with the submission: its standard output
        /// is the submission's input, and the submission's output its input.
        interactive: bool,
    },
}
