//! Results for machines: a JSON document modelled on version 3 of Exercism's test-runner
//! `results.json`, with each case's verdict and duration added. The README documents it.

use std::fs;
use std::io::{self, Write};
use std::path::Path;

use serde_json::{Value, json};

use crate::feedback::{self, Paint};
use crate::fixture::Fixture;
use crate::judge::Verdict;
use crate::report::Heading;
use crate::results::{CaseResult, Criterion, Scores};
use crate::sandbox::Support;

/// The longest `output` kept for a case, in characters.
const OUTPUT_LIMIT: usize = 500;

/// The results of one program on the cases of `stage`, passed by `criterion`, graded in `mode`.
#[must_use]
pub fn for_program(heading: &Heading<'_>, fixtures: &[Fixture], results: &[CaseResult]) -> Value {
    let (stage, criterion) = (heading.stage, heading.criterion);
    let pass_or_fail = |passed: bool| if passed { "pass" } else { "fail" };
    let tests: Vec<Value> = results
        .iter()
        .map(|result| {
            let fixture = result.fixture(fixtures);
            let status = if result.passed(criterion) {
                "pass"
            } else if result.verdict().is_error() {
                "error"
            } else {
                "fail"
            };
            let message = (!result.verdict().passed()).then(|| {
                feedback::report(
                    result.number,
                    fixture,
                    &result.run,
                    &result.judgement,
                    Paint::default(),
                )
            });
            json!({
                "name": fixture.name,
                "status": status,
                "content": pass_or_fail(result.passed(Criterion::Content)),
                "message": message,
                "output": cut(&String::from_utf8_lossy(&result.run.stdout)),
                "task_id": stage,
                "verdict": result.verdict().title(),
                "duration_ms": u64::try_from(result.duration().as_millis()).unwrap_or(u64::MAX),
                "mode": result.run.mode().name(),
            })
        })
        .collect();
    let cannot_start = results
        .iter()
        .any(|result| matches!(result.verdict(), Verdict::CannotStart(_)));
    let scores = Scores::of(results);
    let passed = results.len() == fixtures.len() && scores.passed(criterion) == results.len();
    let (status, message) = if cannot_start {
        ("error", Some("the program could not be started"))
    } else {
        (pass_or_fail(passed), None)
    };
    json!({
        "version": 3,
        "status": status,
        "message": message,
        "criterion": criterion.name(),
        "scores": { "exact": scores.exact, "content": scores.content, "total": scores.total },
        "mode": heading.delivery.mode.name(),
        "sandbox": sandbox_name(heading.sandbox),
        "tests": tests,
    })
}

/// The entry of one submission of a class.
#[must_use]
pub fn for_submission(
    name: &str,
    heading: &Heading<'_>,
    fixtures: &[Fixture],
    results: &[CaseResult],
) -> Value {
    json!({
        "name": name,
        "passed": Scores::of(results).passed(heading.criterion),
        "total": fixtures.len(),
        "results": for_program(heading, fixtures, results),
    })
}

/// The entry of one submission of a class that was not graded: no case run, and why (with a
/// failed build's output).
#[must_use]
pub fn for_not_graded(name: &str, total: usize, message: &str) -> Value {
    json!({
        "name": name,
        "passed": 0,
        "total": total,
        "results": { "version": 3, "status": "error", "message": message, "tests": [] },
    })
}

/// The results of a class graded in `mode`: one entry a submission, as [`for_submission`]
/// gives them.
#[must_use]
pub fn for_class(heading: &Heading<'_>, submissions: Vec<Value>) -> Value {
    json!({
        "task_id": heading.stage,
        "mode": heading.delivery.mode.name(),
        "sandbox": sandbox_name(heading.sandbox),
        "submissions": submissions,
    })
}

/// How the cases were confined, for machines: `landlock`, or `none`.
fn sandbox_name(support: &Support) -> &'static str {
    match support {
        Support::Enforced { .. } => "landlock",
        Support::Off(_) => "none",
    }
}

/// Checks, before any grading, that results can be written to `path`: its folder exists and
/// takes new files, and `path`, if it exists, is a regular file and not a link.
///
/// # Errors
///
/// What is wrong with `path`, as a sentence for the user.
pub fn check_destination(path: &Path) -> Result<(), String> {
    let refuse = |why: String| format!("cannot write the results to {}: {why}", path.display());
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(refuse("it is a link; give the file itself".to_owned()));
        }
        Ok(metadata) if !metadata.is_file() => {
            return Err(refuse("it is not a regular file".to_owned()));
        }
        Ok(_) => {}
        Err(error) if error.kind() == io::ErrorKind::NotFound => {}
        Err(error) => return Err(refuse(error.to_string())),
    }
    tempfile::NamedTempFile::new_in(folder_of(path))
        .map(drop)
        .map_err(|error| refuse(format!("its folder does not take new files ({error})")))
}

/// Writes `value` to `path`, pretty-printed, whole or not at all: into a new file beside it,
/// then renamed over it. An interrupted write never leaves half a file or destroys the old one,
/// and whatever was planted at `path` meanwhile (a FIFO, a link) is replaced, never opened.
///
/// # Errors
///
/// When the file cannot be written.
pub fn write(path: &Path, value: &Value) -> io::Result<()> {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    let mut file = tempfile::NamedTempFile::new_in(folder_of(path))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.write_all(b"\n"))?;
    file.persist(path).map_err(|error| error.error)?;
    Ok(())
}

/// The folder `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> &Path {
    match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    }
}

fn cut(output: &str) -> String {
    output.chars().take(OUTPUT_LIMIT).collect()
}
