//! Running a program on the cases, in parallel, and handing back the results in fixture order;
//! and finding the submissions of a class. Nothing here writes a report.

use std::ffi::{OsStr, OsString};
use std::fs;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use harness::fixture::Fixture;
use harness::process::{self, Limits, Mode};
use harness::{Program, judge};

use crate::case::CaseResult;
use crate::error::GradeError;

/// Runs `program` on the cases, given their input in `mode`, as many at once as there are
/// cores. With `all`, every case is run; otherwise no case after the first failure (in fixture
/// order) is reported, and cases not yet started are not run. The results are in fixture order,
/// a prefix of the cases.
#[must_use]
pub fn grade(
    program: &Program,
    fixtures: &[Fixture],
    limits: Limits,
    mode: Mode,
    all: bool,
) -> Vec<CaseResult> {
    let workers = thread::available_parallelism()
        .map_or(1, usize::from)
        .min(fixtures.len().max(1));
    let next = AtomicUsize::new(0);
    let first_failure = AtomicUsize::new(usize::MAX);
    let results: Mutex<Vec<Option<CaseResult>>> =
        Mutex::new((0..fixtures.len()).map(|_| None).collect());
    thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= fixtures.len()
                        || (!all && index > first_failure.load(Ordering::SeqCst))
                    {
                        return;
                    }
                    let fixture = &fixtures[index];
                    let run =
                        process::run(program.argv(), fixture.transcript.inputs(), mode, limits);
                    let verdict = judge(fixture, &run, limits);
                    if !verdict.passed() {
                        first_failure.fetch_min(index, Ordering::SeqCst);
                    }
                    let mut results = results
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner());
                    results[index] = Some(CaseResult {
                        number: index + 1,
                        verdict,
                        run,
                    });
                }
            });
        }
    });
    let results = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    let reported = if all {
        fixtures.len()
    } else {
        first_failure
            .into_inner()
            .saturating_add(1)
            .min(fixtures.len())
    };
    results.into_iter().take(reported).flatten().collect()
}

/// What stands for a submission's folder in a class's command.
const PLACEHOLDER: &[u8] = b"{}";

/// `arg` with every `{}` replaced by `folder`, byte for byte: a folder name need not be UTF-8.
fn replace_placeholder(arg: &OsStr, folder: &OsStr) -> OsString {
    let (mut bytes, mut rest) = (Vec::new(), arg.as_bytes());
    while let Some(at) = rest.windows(2).position(|pair| pair == PLACEHOLDER) {
        bytes.extend_from_slice(&rest[..at]);
        bytes.extend_from_slice(folder.as_bytes());
        rest = &rest[at + PLACEHOLDER.len()..];
    }
    bytes.extend_from_slice(rest);
    OsString::from_vec(bytes)
}

/// One submission of a class: its folder and the command that runs it.
#[derive(Debug)]
pub struct Submission {
    /// The folder's name, as the report shows it.
    pub name: String,
    /// The folder.
    pub folder: PathBuf,
    /// The command, with the folder in place of every `{}`.
    pub program: Program,
}

/// The submissions under `class`, in name order: every folder, each with `template` in which
/// `{}` stands for the folder.
///
/// # Errors
///
/// A usage error when no word of `template` holds `{}`, or the folder cannot be listed.
pub fn class_submissions(
    class: &Path,
    template: &[OsString],
) -> Result<Vec<Submission>, GradeError> {
    if !template
        .iter()
        .any(|arg| arg.as_bytes().windows(2).any(|pair| pair == PLACEHOLDER))
    {
        return Err(GradeError::Usage(
            "--class needs a command in which `{}` stands for each submission's folder".to_owned(),
        ));
    }
    let listing = fs::read_dir(class).map_err(|error| GradeError::Class {
        path: class.to_owned(),
        error,
    })?;
    let mut folders: Vec<PathBuf> = listing
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    Ok(folders
        .into_iter()
        .map(|folder| {
            let argv = template
                .iter()
                .map(|arg| replace_placeholder(arg, folder.as_os_str()))
                .collect();
            Submission {
                name: folder
                    .file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                program: Program::command(argv),
                folder,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_placeholder_is_replaced_byte_for_byte() {
        let folder = OsStr::from_bytes(b"class/caf\xe9");
        assert_eq!(
            replace_placeholder(OsStr::new("{}/a.py:{}"), folder).as_bytes(),
            b"class/caf\xe9/a.py:class/caf\xe9"
        );
        assert_eq!(
            replace_placeholder(OsStr::new("python3"), folder),
            "python3"
        );
    }
}
