//! Problem packages of the Kattis / ICPC problem package format (`legacy`, `2023-07` and
//! `2025-09`), read
//! into plain data: the problem's metadata, its statement, its test cases in the order the
//! format gives them, its output validation and its example submissions.
//!
//! [`load`] reads a package folder. Nothing here runs a program or judges one: building its
//! programs, comparing by the default output validation's [`DefaultFlags`], running a custom
//! output validator or an interactive one are the judge's.

mod cases;
mod default_flags;
mod expectations;
mod input_validators;
mod metadata;
mod problem;
mod reading;
mod samples;
mod scores;
mod settings;
mod statement;
mod submissions;
mod testdata;
#[cfg(test)]
mod tests;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use reading::{read_text, sorted_names};

pub use cases::{Aggregation, CaseScoring, Group, LegacyGrading, TestCase};
pub use default_flags::{DefaultFlags, is_float};
pub use expectations::{CaseOutcomeOf, CaseVerdict, Expectations, TimeBound};
// A program's language, which the package names in its submissions and validators.
pub use input_validators::{InputArgs, InputValidator, InputValidatorKind, InvalidInput};
pub use languages::Language;
pub use problem::Package;
pub use reading::PackageError;
pub use scores::{CaseOutcome, Code, CustomGrader, GroupResult, Score, ScoreError};
pub use settings::{
    DEFAULT_MEMORY_MIB, DEFAULT_OUTPUT_MIB, FormatVersion, PROBLEM_YAML, PackageLimits,
    ProgramSource, TIMELIMIT_FILE, TimeLimit, Validation,
};
pub use statement::{Statement, StatementFormat, latex_to_markdown};
pub use submissions::{ExpectedVerdict, SUBMISSIONS_YAML, Submission, ignored_said, is_program};
pub use testdata::OutputCheck;

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
