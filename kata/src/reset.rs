//! `kata reset N`: stage N's starter put back, once the learner confirms, with their program
//! kept as a backup beside it. The learner's file is only ever renamed, never overwritten or
//! deleted, and an existing backup is never replaced.

use std::fs;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use grade::project::{self, Project};

use crate::course::Course;
use crate::error::KataError;
use crate::lang::Language;
use crate::progress::Progress;

/// Puts stage `stage`'s starter back in `project`, asking on `out` and reading the answer from
/// `input` unless `yes`; forgets the stage's record in `progress`, if there is one to change.
///
/// # Errors
///
/// When `kata.toml` names no language `kata` knows, the learner does not confirm, or a file
/// cannot be renamed or written.
pub fn reset(
    course: &Course,
    project: &Project,
    stage: u8,
    yes: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    progress: Option<&mut Progress>,
) -> Result<(), KataError> {
    let language = project
        .lang
        .as_deref()
        .and_then(Language::from_key)
        .ok_or_else(|| {
            let known: Vec<&str> = Language::ALL
                .iter()
                .map(|language| language.key())
                .collect();
            KataError::Usage(format!(
                "{} does not name a language kata has starters for (`lang = ...`, one of {}), \
                 so there is no starter to put back",
                project::FILE_NAME,
                known.join(", ")
            ))
        })?;
    let relative = language.source(stage);
    let source = project.root.join(&relative);
    let stage = course.check_stage(stage)?;
    let included = crate::included::Included::of(course, language)?;
    let starter = crate::new::starter(course, language, stage, included.as_ref());
    let existing = fs::read(&source).ok();
    if existing.as_deref() == Some(starter.as_bytes()) {
        writeln!(out, "{relative} is the starter already: nothing to reset.")?;
        return Ok(());
    }
    let backup = if source.exists() {
        let backup = free_backup(&source);
        writeln!(
            out,
            "Stage {stage}'s {relative} will be replaced by its starter; yours will be kept as \
             {}.",
            shown(&project.root, &backup)
        )?;
        Some(backup)
    } else {
        writeln!(
            out,
            "Stage {stage}'s {relative} is not there; its starter will be written."
        )?;
        None
    };
    if !yes {
        write!(out, "Reset stage {stage}? [y/N] ")?;
        out.flush()?;
        let mut answer = String::new();
        // An input that cannot be read, or ends, is no answer: nothing is changed.
        let _ = input.read_line(&mut answer);
        if !matches!(answer.trim().to_lowercase().as_str(), "y" | "yes") {
            writeln!(out)?;
            return Err(KataError::NotConfirmed);
        }
    }
    if let Some(backup) = &backup {
        fs::rename(&source, backup).map_err(KataError::file(format!(
            "cannot keep {relative} as {}, so nothing was changed",
            shown(&project.root, backup)
        )))?;
    }
    if let Some(parent) = source.parent() {
        fs::create_dir_all(parent)
            .map_err(KataError::file(format!("cannot make {}", parent.display())))?;
    }
    fs::write(&source, starter).map_err(KataError::file(format!(
        "cannot write the starter to {relative}{}",
        backup.as_ref().map_or_else(String::new, |backup| format!(
            " (your program is safe in {})",
            shown(&project.root, backup)
        ))
    )))?;
    if let Some(progress) = progress {
        progress.set(stage, None);
        progress.save(&project.root)?;
    }
    match &backup {
        Some(backup) => writeln!(
            out,
            "Stage {stage} is back to its starter; your program is in {}.",
            shown(&project.root, backup)
        )?,
        None => writeln!(out, "Stage {stage} is back to its starter.")?,
    }
    Ok(())
}

/// The first of `FILE.bak`, `FILE.bak.1`, `FILE.bak.2`, ... that does not exist yet.
fn free_backup(source: &Path) -> PathBuf {
    let mut name = source.as_os_str().to_owned();
    name.push(".bak");
    let first = PathBuf::from(&name);
    if fs::symlink_metadata(&first).is_err() {
        return first;
    }
    (1_u64..)
        .map(|n| {
            let mut numbered = name.clone();
            numbered.push(format!(".{n}"));
            PathBuf::from(numbered)
        })
        .find(|path| fs::symlink_metadata(path).is_err())
        .unwrap_or(first)
}

/// `path` from the project's folder, as the learner sees it.
fn shown(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}
