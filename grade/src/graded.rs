//! What a class is graded with beside its programs ([`GradedWith`]): written into its results,
//! so that `grade merge` joins only the parts of a class that were graded the same way.

use std::fs;
use std::io;
use std::path::Path;

use harness::plan::StagePlan;
use kata_model::kata::{Kata, KataError, MANIFEST, Source, Stage};
use report::model::{GradedWith, LimitsEntry};
use runner::sandbox::Support;
use sha2::{Digest, Sha256};

/// What `plan` of `kata`'s stage `stage` grades with, its cases confined as `sandbox` says and
/// each submission run with `command` (empty: each by its own `kata.toml`).
///
/// # Errors
///
/// When a file of the stage's cases cannot be read: which, and why.
pub(crate) fn graded_with(
    kata: &Kata,
    stage: &Stage,
    plan: &StagePlan,
    sandbox: &Support,
    command: &[std::ffi::OsString],
) -> Result<GradedWith, KataError> {
    Ok(GradedWith {
        kata: kata.name.clone(),
        kata_digest: kata_digest(kata, stage, &plan.fixtures_dir)?,
        criterion: plan.criterion.name().to_owned(),
        limits: LimitsEntry::new(plan.limits, sandbox),
        command: command
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect(),
        grader: format!("grade {}", env!("CARGO_PKG_VERSION")),
    })
}

/// The SHA-256, in hex, of `kata`'s manifest, of `stage`'s rule cases and of every file under
/// `fixtures_dir` (the stage's own, or those given with `--fixtures`), each file's path within
/// its folder hashed before its bytes so that a file renamed or moved changes it.
fn kata_digest(kata: &Kata, stage: &Stage, fixtures_dir: &Path) -> Result<String, KataError> {
    let unreadable = |path: &Path, error: io::Error| KataError {
        path: path.to_owned(),
        line: None,
        message: format!("cannot be read: {error}"),
    };
    let mut hasher = Sha256::new();
    let mut add = |name: &Path, bytes: &[u8]| {
        for part in [name.to_string_lossy().as_bytes(), bytes] {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
    };
    let named = [Some(Path::new(MANIFEST)), stage.rule_cases.as_deref()];
    for relative in named.into_iter().flatten() {
        // A problem package has no manifest: its cases are all there is.
        if let Ok(text) = kata.read(relative) {
            add(relative, text.as_bytes());
        }
    }
    match (&kata.source, kata.folder()) {
        (Source::BuiltIn(dir), _) if !fixtures_dir.exists() => {
            if let Some(fixtures) = dir.get_dir(dir.path().join(&stage.fixtures)) {
                let mut files = Vec::new();
                built_in_files(fixtures, &mut files);
                files.sort_by(|a, b| a.path().cmp(b.path()));
                for file in files {
                    add(file.path(), file.contents());
                }
            }
        }
        _ => {
            let files = crate::platform::files_under(fixtures_dir)
                .map_err(|error| unreadable(fixtures_dir, error))?;
            for (name, path) in files {
                let bytes = fs::read(&path).map_err(|error| unreadable(&path, error))?;
                add(Path::new(&name), &bytes);
            }
        }
    }
    let digest = hasher.finalize();
    Ok(digest.iter().map(|byte| format!("{byte:02x}")).collect())
}

/// Every file under `dir`, at any depth.
fn built_in_files<'a>(dir: &'a include_dir::Dir<'a>, files: &mut Vec<&'a include_dir::File<'a>>) {
    files.extend(dir.files());
    for inner in dir.dirs() {
        built_in_files(inner, files);
    }
}
