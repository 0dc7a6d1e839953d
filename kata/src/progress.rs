//! The learner's progress: what the last check of each stage found, in a small file in the
//! project. It is a record, never the truth: a missing or damaged file is said and worked out
//! again by checking, and every check writes what it found.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::embedded::STAGES;
use crate::error::KataError;

/// The progress file's name, in the project's folder. Hidden, so that `kata watch` does not
/// take its writing for a change of the learner's.
pub const FILE_NAME: &str = ".kata-progress";

/// What the file says first, for whoever opens it.
const PREAMBLE: &str = "# Progress through the kata, as `kata check` last found it. Delete this \
                        file and kata works it out again.\n";

/// What the last check of one stage found.
#[derive(Clone, Debug, Default, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Record {
    /// The cases that passed, in order, up to the first failure.
    pub passed: usize,
    /// The stage's cases.
    pub total: usize,
    /// The name of the first case that failed, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_failure: Option<String>,
    /// Whether the stage could not be built or started, so no case ran.
    #[serde(default, skip_serializing_if = "is_false")]
    pub not_run: bool,
}

#[allow(clippy::trivially_copy_pass_by_ref)] // serde passes a reference
fn is_false(value: &bool) -> bool {
    !value
}

impl Record {
    /// Whether the stage is done: every one of its `cases` cases passed (a record made when the
    /// stage had other cases, by an older kata, does not count).
    #[must_use]
    pub fn is_done(&self, cases: usize) -> bool {
        !self.not_run && self.first_failure.is_none() && self.passed == cases && self.total == cases
    }
}

/// The file, as written.
#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct ProgressFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage1: Option<Record>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage2: Option<Record>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage3: Option<Record>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage4: Option<Record>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    stage5: Option<Record>,
}

/// The record of each stage that has been checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    stages: [Option<Record>; STAGES as usize],
}

/// Why there is no progress to read.
#[derive(Debug, PartialEq, Eq)]
pub enum Unread {
    /// There is no progress file.
    Missing,
    /// It cannot be read, or is not a progress file: why.
    Damaged(String),
}

impl Progress {
    /// The progress file of the project in `root`.
    ///
    /// # Errors
    ///
    /// When there is none, or it cannot be read: never a failure of the command, which works
    /// the progress out again instead.
    pub fn load(root: &Path) -> Result<Progress, Unread> {
        let path = root.join(FILE_NAME);
        if fs::symlink_metadata(&path).is_err() {
            return Err(Unread::Missing);
        }
        let text = harness::fixture::read_capped(&path).map_err(Unread::Damaged)?;
        let file = toml::from_str::<ProgressFile>(&text)
            .map_err(|error| Unread::Damaged(error.message().to_owned()))?;
        Ok(Progress {
            stages: [
                file.stage1,
                file.stage2,
                file.stage3,
                file.stage4,
                file.stage5,
            ],
        })
    }

    /// Writes the progress file of the project in `root`, whole or not at all: to a file beside
    /// it, then renamed over it.
    ///
    /// # Errors
    ///
    /// When the file cannot be written.
    pub fn save(&self, root: &Path) -> Result<(), KataError> {
        let [stage1, stage2, stage3, stage4, stage5] = self.stages.clone();
        let file = ProgressFile {
            stage1,
            stage2,
            stage3,
            stage4,
            stage5,
        };
        let body = toml::to_string(&file).map_err(|error| KataError::File {
            what: format!("cannot write {FILE_NAME}"),
            error: std::io::Error::other(error),
        })?;
        let path = root.join(FILE_NAME);
        // Named after this process, so that two kata commands at once never share it.
        let temporary = root.join(format!("{FILE_NAME}.{}.new", std::process::id()));
        fs::write(&temporary, format!("{PREAMBLE}{body}"))
            .and_then(|()| fs::rename(&temporary, &path))
            .map_err(|error| {
                // Whatever was written of it is of no use.
                let _ = fs::remove_file(&temporary);
                KataError::file(format!("cannot write {}", path.display()))(error)
            })
    }

    /// The record of stage `stage`, if it has been checked.
    #[must_use]
    pub fn record(&self, stage: u8) -> Option<&Record> {
        self.stages[index(stage)].as_ref()
    }

    /// Sets the record of stage `stage`; `None` forgets it (the stage is not started).
    pub fn set(&mut self, stage: u8, record: Option<Record>) {
        self.stages[index(stage)] = record;
    }
}

fn index(stage: u8) -> usize {
    usize::from(stage.clamp(1, STAGES)) - 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_is_done_only_when_every_case_of_today_passed() {
        let done = Record {
            passed: 3,
            total: 3,
            ..Record::default()
        };
        assert!(done.is_done(3));
        assert!(!done.is_done(4), "the stage has gained a case since");
        let failed = Record {
            passed: 1,
            total: 3,
            first_failure: Some("b".to_owned()),
            not_run: false,
        };
        assert!(!failed.is_done(3));
        let unbuilt = Record {
            not_run: true,
            ..done
        };
        assert!(!unbuilt.is_done(3));
    }
}
