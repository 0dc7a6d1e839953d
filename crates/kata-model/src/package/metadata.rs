//! `problem.yaml`: the problem's version of the format, name, type, limits and validation; and
//! the reading of the package's YAML files, with the line of a mistake.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;
use serde::de::{DeserializeOwned, IgnoredAny};

use super::reading::{PackageError, read_text, sorted_names};
use super::settings::{FormatVersion, ProgramSource, Validation};
use languages::Language;

/// What the rest of the reading needs of `problem.yaml`.
#[derive(Debug)]
pub(super) struct Metadata {
    pub(super) version: FormatVersion,
    pub(super) title: Option<String>,
    pub(super) scoring: bool,
    pub(super) interactive: bool,
    /// Legacy's `validation: custom …`.
    pub(super) custom: bool,
    pub(super) time_limit: Option<Duration>,
    /// What a time limit is inferred by where none is given: legacy's `time_multiplier`,
    /// `2023-07`'s `time_multipliers.ac_to_time_limit`, and `time_resolution`.
    pub(super) multiplier: f64,
    pub(super) resolution: f64,
    /// `time_multipliers.time_limit_to_tle` of the later versions (1.5 by default); legacy has
    /// none.
    pub(super) tle_margin: Option<f64>,
    pub(super) memory_mib: Option<u64>,
    pub(super) output_mib: Option<u64>,
    /// Legacy's `validator_flags`, split on white space.
    pub(super) validator_flags: Vec<String>,
}

/// A string, or a sequence of them.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum OneOrMany {
    One(String),
    Many(Vec<String>),
}

impl OneOrMany {
    /// The strings: a single one split on white space (legacy writes a list so).
    pub(super) fn words(&self) -> Vec<String> {
        match self {
            OneOrMany::One(text) => text.split_whitespace().map(str::to_owned).collect(),
            OneOrMany::Many(items) => items.clone(),
        }
    }
}

/// A name, or a map of language codes to names.
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Name {
    One(String),
    Many(BTreeMap<String, String>),
}

/// The keys of `problem.yaml` in either version; the format makes an unknown key an error.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// Keys the format has and this reading does not use are fields only so as to be accepted.
#[allow(dead_code)]
struct ProblemYaml {
    problem_format_version: Option<String>,
    #[serde(rename = "type")]
    kind: Option<OneOrMany>,
    name: Option<Name>,
    limits: Option<Limits>,
    validation: Option<String>,
    validator_flags: Option<String>,
    grading: Option<IgnoredAny>,
    uuid: Option<IgnoredAny>,
    version: Option<IgnoredAny>,
    author: Option<IgnoredAny>,
    credits: Option<IgnoredAny>,
    source: Option<IgnoredAny>,
    source_url: Option<IgnoredAny>,
    license: Option<IgnoredAny>,
    rights_owner: Option<IgnoredAny>,
    embargo_until: Option<IgnoredAny>,
    keywords: Option<IgnoredAny>,
    languages: Option<IgnoredAny>,
    allow_file_writing: Option<IgnoredAny>,
    constants: Option<IgnoredAny>,
}

/// The keys of `limits` in either version.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// Keys the format has and this reading does not use are fields only so as to be accepted.
#[allow(dead_code)]
struct Limits {
    time_limit: Option<f64>,
    memory: Option<u64>,
    time_multiplier: Option<f64>,
    time_multipliers: Option<TimeMultipliers>,
    time_safety_margin: Option<IgnoredAny>,
    time_resolution: Option<f64>,
    output: Option<u64>,
    code: Option<IgnoredAny>,
    compilation_time: Option<IgnoredAny>,
    compilation_memory: Option<IgnoredAny>,
    validation_time: Option<IgnoredAny>,
    validation_memory: Option<IgnoredAny>,
    validation_output: Option<IgnoredAny>,
    validation_passes: Option<IgnoredAny>,
}

/// `limits.time_multipliers` of the later versions.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct TimeMultipliers {
    ac_to_time_limit: Option<f64>,
    time_limit_to_tle: Option<f64>,
}

/// Legacy's default `time_multiplier`.
const LEGACY_MULTIPLIER: f64 = 5.0;
/// The later versions' default `time_multipliers.ac_to_time_limit`.
const AC_TO_TIME_LIMIT: f64 = 2.0;
/// The later versions' default `time_multipliers.time_limit_to_tle`.
const TIME_LIMIT_TO_TLE: f64 = 1.5;

/// What each problem type is, for the message that refuses one.
const UNSUPPORTED_TYPES: [(&str, &str); 2] = [
    (
        "multi-pass",
        "a submission run again on the input its output validator makes for the next pass",
    ),
    (
        "submit-answer",
        "answers submitted for the test cases instead of a program",
    ),
];

/// Reads a YAML file of the package; an empty one is `T`'s default.
pub(super) fn parse<T: DeserializeOwned + Default>(path: &Path) -> Result<T, PackageError> {
    let text = read_text(path)?;
    match serde_saphyr::from_str::<Option<T>>(&text) {
        Ok(value) => Ok(value.unwrap_or_default()),
        Err(error) => {
            let location = error.location();
            let mut message = error.without_snippet().to_string();
            if let Some(at) = location {
                let suffix = format!(" at line {}, column {}", at.line(), at.column());
                if let Some(stripped) = message.strip_suffix(&suffix) {
                    message = stripped.to_owned();
                }
            }
            Err(PackageError {
                path: path.to_path_buf(),
                line: location.and_then(|at| usize::try_from(at.line()).ok()),
                message,
            })
        }
    }
}

/// Reads `problem.yaml`.
pub(super) fn read(path: &Path) -> Result<Metadata, PackageError> {
    let yaml: ProblemYaml = parse(path)?;
    let error = |message: String| Err(PackageError::new(path, message));
    let version = match yaml.problem_format_version.as_deref() {
        None | Some("legacy" | "legacy-icpc") => FormatVersion::Legacy,
        Some("2023-07" | "2023-07-draft") => FormatVersion::V2023_07,
        Some("2025-09") => FormatVersion::V2025_09,
        Some(other) => {
            return error(format!(
                "problem_format_version `{other}` is not one this reads \
                 (legacy, legacy-icpc, 2023-07, 2023-07-draft or 2025-09)"
            ));
        }
    };
    if version == FormatVersion::V2025_09 {
        // Legacy's keys, which 2025-09 dropped: reading past them would judge otherwise than
        // the author meant.
        let dropped = [
            (
                "validation",
                yaml.validation.is_some(),
                "`type` and output_validator/",
            ),
            (
                "validator_flags",
                yaml.validator_flags.is_some(),
                "output_validator_args of test_group.yaml",
            ),
            ("grading", yaml.grading.is_some(), "test_group.yaml"),
        ];
        if let Some((key, _, instead)) = dropped.iter().find(|(_, given, _)| *given) {
            return error(format!(
                "`{key}` is legacy's key, which 2025-09 dropped: it says so in {instead}"
            ));
        }
    }
    let types = yaml.kind.as_ref().map(OneOrMany::words).unwrap_or_default();
    for (at, kind) in types.iter().enumerate() {
        if types[..at].contains(kind) {
            return error(format!("type `{kind}` is given twice"));
        }
        match kind.as_str() {
            "pass-fail" | "scoring" | "interactive" => {}
            _ => match UNSUPPORTED_TYPES.iter().find(|(name, _)| name == kind) {
                Some((_, what)) => {
                    return error(format!(
                        "problems of type `{kind}` ({what}) are not supported"
                    ));
                }
                None => return error(format!("`{kind}` is not a problem type")),
            },
        }
    }
    if types.iter().any(|kind| kind == "pass-fail") && types.iter().any(|kind| kind == "scoring") {
        return error("types `pass-fail` and `scoring` cannot both be given".to_owned());
    }
    let mut custom = false;
    let mut interactive = types.iter().any(|kind| kind == "interactive");
    if let Some(validation) = &yaml.validation {
        let mut words = validation.split_whitespace();
        match words.next() {
            Some("default") if words.clone().next().is_none() => {}
            Some("custom") => custom = true,
            _ => {
                return error(format!(
                    "`validation: {validation}` is neither default nor custom"
                ));
            }
        }
        for word in words {
            match word {
                "interactive" => interactive = true,
                "score" => {}
                _ => {
                    return error(format!(
                        "`{word}` in `validation` is neither interactive nor score"
                    ));
                }
            }
        }
    }
    let title = yaml.name.map(|name| match name {
        Name::One(name) => name,
        Name::Many(mut names) => names
            .remove("en")
            .or_else(|| names.into_values().next())
            .unwrap_or_default(),
    });
    let limits = yaml.limits.unwrap_or_default();
    let legacy = version.is_legacy();
    let time_limit = match limits.time_limit {
        Some(seconds) if !legacy => match Duration::try_from_secs_f64(seconds) {
            Ok(limit) if seconds > 0.0 => Some(limit),
            _ => {
                return error(format!(
                    "limits.time_limit {seconds} is not a positive time"
                ));
            }
        },
        _ => None,
    };
    let multipliers = limits.time_multipliers.unwrap_or_default();
    let multiplier = if legacy {
        limits.time_multiplier.unwrap_or(LEGACY_MULTIPLIER)
    } else {
        multipliers.ac_to_time_limit.unwrap_or(AC_TO_TIME_LIMIT)
    };
    // Legacy has no time resolution: its tools round to whole seconds.
    let resolution = if legacy {
        1.0
    } else {
        limits.time_resolution.unwrap_or(1.0)
    };
    let tle_margin = (!legacy).then(|| multipliers.time_limit_to_tle.unwrap_or(TIME_LIMIT_TO_TLE));
    for (key, value) in [
        ("time multiplier", multiplier),
        ("time_resolution", resolution),
        ("time_limit_to_tle", tle_margin.unwrap_or(1.0)),
    ] {
        if !(value.is_finite() && value > 0.0) {
            return error(format!("limits: the {key} {value} is not a number above 0"));
        }
    }
    if version == FormatVersion::V2025_09 {
        for (key, value) in [
            ("ac_to_time_limit", multiplier),
            ("time_limit_to_tle", tle_margin.unwrap_or(1.0)),
        ] {
            if value < 1.0 {
                return error(format!(
                    "limits.time_multipliers.{key} {value} is below 1, which 2025-09 forbids"
                ));
            }
        }
        if let Some(limit) = time_limit {
            let steps = limit.as_secs_f64() / resolution;
            if (steps - steps.round()).abs() > 1e-6 {
                return error(format!(
                    "limits.time_limit {} is not a multiple of time_resolution {resolution}, \
                     which 2025-09 requires",
                    limit.as_secs_f64()
                ));
            }
        }
    }
    for (key, value) in [("memory", limits.memory), ("output", limits.output)] {
        if value == Some(0) {
            return error(format!("limits.{key} must be at least 1 MiB"));
        }
    }
    Ok(Metadata {
        version,
        title,
        scoring: types.iter().any(|kind| kind == "scoring"),
        interactive,
        custom,
        time_limit,
        multiplier,
        resolution,
        tle_margin,
        memory_mib: limits.memory,
        output_mib: limits.output,
        validator_flags: yaml
            .validator_flags
            .map(|flags| flags.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default(),
    })
}

/// The package's validation: default, or its custom validator, found where its version puts it.
pub(super) fn validation(folder: &Path, meta: &Metadata) -> Result<Validation, PackageError> {
    let source = match meta.version {
        FormatVersion::V2023_07 | FormatVersion::V2025_09 => {
            let program = folder.join("output_validator");
            program.exists().then(|| program_within(program))
        }
        FormatVersion::Legacy => {
            let programs = folder.join("output_validators");
            if meta.custom && programs.is_dir() {
                let names = sorted_names(&programs)?;
                if names.len() > 1 {
                    return Err(PackageError::new(
                        &programs,
                        format!("holds {} validators; one is supported", names.len()),
                    ));
                }
                names.first().map(|name| programs.join(name))
            } else {
                None
            }
        }
    };
    let Some(source) = source else {
        if meta.custom || meta.interactive {
            let name = if meta.version.is_legacy() {
                "output_validators"
            } else {
                "output_validator"
            };
            let what = if meta.interactive {
                "an interactive problem"
            } else {
                "custom validation"
            };
            return Err(PackageError::new(
                folder.join(name),
                format!("is missing: {what} needs an output validator there"),
            ));
        }
        return Ok(Validation::Default);
    };
    Ok(Validation::Custom {
        language: Language::of_program(&source),
        source,
        args: meta.validator_flags.clone(),
        interactive: meta.interactive,
    })
}

/// A legacy package's own grader: the one program in `graders/`, if it has any.
///
/// # Errors
///
/// When `graders/` holds more than one, or cannot be read.
pub(super) fn grader(
    folder: &Path,
    meta: &Metadata,
) -> Result<Option<ProgramSource>, PackageError> {
    let programs = folder.join("graders");
    if !meta.version.is_legacy() || !programs.is_dir() {
        return Ok(None);
    }
    let names = sorted_names(&programs)?;
    match names.as_slice() {
        [] => Ok(None),
        [name] => {
            let source = programs.join(name);
            Ok(Some(ProgramSource {
                language: Language::of_program(&source),
                source,
            }))
        }
        _ => Err(PackageError::new(
            &programs,
            format!("holds {} graders; the format allows one", names.len()),
        )),
    }
}

/// The program a `2023-07` package's `output_validator/` holds: the folder itself, as the format
/// says; but where the folder is no program of its own (no source of a known language, no `build`
/// or `run` script) and holds one folder, that folder, which is how archives made for legacy
/// tools (problemtools' own examples among them) keep it: `output_validator/guess_validator/`.
fn program_within(folder: PathBuf) -> PathBuf {
    if !folder.is_dir() || Language::of_program(&folder) != Language::Unknown {
        return folder;
    }
    let folders: Vec<_> = sorted_names(&folder)
        .unwrap_or_default()
        .into_iter()
        .map(|name| folder.join(name))
        .filter(|path| path.is_dir())
        .collect();
    match folders.as_slice() {
        [only] => only.clone(),
        _ => folder,
    }
}
