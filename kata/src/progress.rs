//! The learner's progress: what the last check of each stage found, in a small file in the
//! project. It is a record, never the truth: a missing or damaged file is said and worked out
//! again by checking, and every check writes what it found.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

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

/// The record of each stage that has been checked, by its number: written as a table a stage,
/// `[stage1]`, `[stage2]`, and so on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    stages: BTreeMap<u8, Record>,
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
        let text = kata_model::fixture::read_capped(&path).map_err(Unread::Damaged)?;
        let file = toml::from_str::<BTreeMap<String, Record>>(&text)
            .map_err(|error| Unread::Damaged(error.message().to_owned()))?;
        let mut stages = BTreeMap::new();
        for (key, record) in file {
            let number = key
                .strip_prefix("stage")
                .and_then(|number| number.parse::<u8>().ok())
                .filter(|&number| number > 0 && key == format!("stage{number}"))
                .ok_or_else(|| Unread::Damaged(format!("`{key}` is not a stage")))?;
            stages.insert(number, record);
        }
        Ok(Progress { stages })
    }

    /// Writes the progress file of the project in `root`, whole or not at all: to a file beside
    /// it, then renamed over it.
    ///
    /// # Errors
    ///
    /// When the file cannot be written.
    pub fn save(&self, root: &Path) -> Result<(), KataError> {
        let file: BTreeMap<String, &Record> = self
            .stages
            .iter()
            .map(|(number, record)| (format!("stage{number}"), record))
            .collect();
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
        self.stages.get(&stage)
    }

    /// Sets the record of stage `stage`; `None` forgets it (the stage is not started).
    pub fn set(&mut self, stage: u8, record: Option<Record>) {
        match record {
            Some(record) => self.stages.insert(stage, record),
            None => self.stages.remove(&stage),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saves_and_loads_the_stages_checked_whatever_their_number() {
        let folder = tempfile::tempdir().expect("a temporary folder");
        let mut progress = Progress::default();
        let record = Record {
            passed: 2,
            total: 3,
            first_failure: Some("c".to_owned()),
            not_run: false,
        };
        progress.set(1, Some(record.clone()));
        progress.set(12, Some(Record::default()));
        progress.save(folder.path()).expect("saved");
        let loaded = Progress::load(folder.path()).expect("loaded");
        assert_eq!(loaded, progress);
        assert_eq!(loaded.record(1), Some(&record));
        assert_eq!(loaded.record(2), None);
        fs::write(
            folder.path().join(FILE_NAME),
            "[stage0]\npassed = 1\ntotal = 1\n",
        )
        .expect("written");
        assert_eq!(
            Progress::load(folder.path()),
            Err(Unread::Damaged("`stage0` is not a stage".to_owned()))
        );
    }

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
