//! The Common Test Report Format (CTRF): `reportFormat` `CTRF`, its `specVersion`, and
//! `results` with the `tool`, a `summary` of counts and times, and `tests[]` each with its
//! `name`, `status` (`passed` or `failed`), `duration` in milliseconds, the verdict as its
//! `rawStatus`, its feedback as `message` and its output as `stdout` lines; in a class, each
//! case's `suite` is its submission. CTRF has no hidden cases: a hidden case shows its name and
//! verdict only.

use std::time::SystemTime;

use serde_json::{Value, json};

use crate::model::{ClassResults, ProgramResults};
use crate::notation::json_document;

/// The version of the CTRF specification followed.
const SPEC_VERSION: &str = "0.1.0";

/// The document of one program's results, named `label` (what was graded), written at `now`.
#[must_use]
pub fn program(results: &ProgramResults, label: &str, now: SystemTime) -> String {
    document(&tests(results, None), label, now)
}

/// The document of a class: every submission's cases, each in its submission's suite.
#[must_use]
pub fn class(class: &ClassResults, label: &str, now: SystemTime) -> String {
    let tests: Vec<Value> = class
        .submissions
        .iter()
        .flat_map(|entry| tests(&entry.results, Some(&entry.name)))
        .collect();
    document(&tests, label, now)
}

/// The cases of one program, in `suite` when given.
fn tests(results: &ProgramResults, suite: Option<&str>) -> Vec<Value> {
    let mut tests: Vec<Value> = results
        .tests
        .iter()
        .map(|case| {
            let mut test = json!({
                "name": case.name,
                "status": if case.passed() { "passed" } else { "failed" },
                "duration": case.duration_ms,
                "rawStatus": case.verdict,
                "extra": { "points": case.earned(), "maxPoints": case.worth() },
            });
            if let Some(test) = test.as_object_mut() {
                if let Some(message) = case.shown_message() {
                    test.insert("message".to_owned(), json!(message));
                }
                // CTRF's `stderr`: what the kata's own judge said, for the instructor.
                if let Some(judge) = &case.judge_message {
                    test.insert(
                        "stderr".to_owned(),
                        json!(judge.lines().collect::<Vec<_>>()),
                    );
                }
                if let Some(output) = case.shown_output() {
                    test.insert(
                        "stdout".to_owned(),
                        json!(output.lines().collect::<Vec<_>>()),
                    );
                }
                if let Some(suite) = suite {
                    test.insert("suite".to_owned(), json!([suite]));
                }
            }
            test
        })
        .collect();
    if !results.graded_at_all() {
        let mut test = json!({
            "name": "build",
            "status": "failed",
            "duration": 0,
            "rawStatus": "Not graded",
            "message": results.message.clone().unwrap_or_default(),
        });
        if let (Some(suite), Some(test)) = (suite, test.as_object_mut()) {
            test.insert("suite".to_owned(), json!([suite]));
        }
        tests.push(test);
    }
    tests
}

/// The document of `tests`, named `label`, which ended at `now`.
fn document(tests: &[Value], label: &str, now: SystemTime) -> String {
    let count = |status: &str| tests.iter().filter(|test| test["status"] == status).count();
    let duration: u64 = tests
        .iter()
        .filter_map(|test| test["duration"].as_u64())
        .sum();
    let stop = epoch_ms(now);
    let document = json!({
        "reportFormat": "CTRF",
        "specVersion": SPEC_VERSION,
        "generatedBy": "grade",
        "results": {
            "tool": { "name": "grade", "version": env!("CARGO_PKG_VERSION") },
            "summary": {
                "tests": tests.len(),
                "passed": count("passed"),
                "failed": count("failed"),
                "skipped": 0,
                "pending": 0,
                "other": 0,
                "start": stop.saturating_sub(duration),
                "stop": stop,
            },
            "tests": tests,
            "environment": { "reportName": label },
        },
    });
    json_document(&document)
}

/// Milliseconds since the Unix epoch.
fn epoch_ms(time: SystemTime) -> u64 {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |since| {
            u64::try_from(since.as_millis()).unwrap_or(u64::MAX)
        })
}
