//! Results for machines: a JSON document modelled on version 3 of Exercism's test-runner
//! `results.json`, with each case's verdict and duration added. The README documents it.

use std::fs;
use std::path::Path;

use harness::Mode;
use harness::feedback::{self, Paint};
use harness::fixture::Fixture;
use serde_json::{Value, json};

use crate::case::{CaseResult, count_passed};
use crate::error::GradeError;

/// The longest `output` kept for a case, in characters.
const OUTPUT_LIMIT: usize = 500;

/// The results of one program on the cases of `stage`, graded in `mode`.
#[must_use]
pub fn for_program(stage: u8, fixtures: &[Fixture], results: &[CaseResult], mode: Mode) -> Value {
    let tests: Vec<Value> = results
        .iter()
        .map(|result| {
            let fixture = result.fixture(fixtures);
            let status = if result.passed() {
                "pass"
            } else if result.verdict.is_error() {
                "error"
            } else {
                "fail"
            };
            let message = (!result.passed()).then(|| {
                feedback::report(
                    result.number,
                    fixture,
                    &result.run,
                    &result.verdict,
                    Paint::default(),
                )
            });
            json!({
                "name": fixture.name,
                "status": status,
                "message": message,
                "output": cut(&String::from_utf8_lossy(&result.run.stdout)),
                "task_id": stage,
                "verdict": result.verdict.title(),
                "duration_ms": u64::try_from(result.duration().as_millis()).unwrap_or(u64::MAX),
                "mode": result.run.mode().name(),
            })
        })
        .collect();
    let cannot_start = results
        .iter()
        .any(|result| matches!(result.verdict, harness::Verdict::CannotStart(_)));
    let passed = results.len() == fixtures.len() && count_passed(results) == results.len();
    let (status, message) = if cannot_start {
        ("error", Some("the program could not be started"))
    } else if passed {
        ("pass", None)
    } else {
        ("fail", None)
    };
    json!({
        "version": 3,
        "status": status,
        "message": message,
        "mode": mode.name(),
        "tests": tests,
    })
}

/// The entry of one submission of a class.
#[must_use]
pub fn for_submission(
    name: &str,
    stage: u8,
    fixtures: &[Fixture],
    results: &[CaseResult],
    mode: Mode,
) -> Value {
    json!({
        "name": name,
        "passed": count_passed(results),
        "total": fixtures.len(),
        "results": for_program(stage, fixtures, results, mode),
    })
}

/// The results of a class graded in `mode`: one entry a submission, as [`for_submission`]
/// gives them.
#[must_use]
pub fn for_class(stage: u8, submissions: Vec<Value>, mode: Mode) -> Value {
    json!({ "task_id": stage, "mode": mode.name(), "submissions": submissions })
}

/// Writes `value` to `path`, pretty-printed.
///
/// # Errors
///
/// When the file cannot be written.
pub fn write(path: &Path, value: &Value) -> Result<(), GradeError> {
    let text = serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string());
    fs::write(path, text + "\n").map_err(|error| GradeError::Output {
        what: path.display().to_string(),
        error,
    })
}

fn cut(output: &str) -> String {
    output.chars().take(OUTPUT_LIMIT).collect()
}
