//! GitHub Classroom's autograding: a step's `result` output, which the autograding reporter
//! reads from `<STEP>_RESULTS` as base64 of a JSON document (`version` 1, `status`,
//! `max_score`, and `tests[]` with `name`, `status`, `score`, `message`, `test_code`,
//! `filename`, `line_no`, `execution_time`), as the Classroom's own graders write it.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

use crate::model::{ProgramResults, Status};

/// The step's `result`: base64 of the JSON document, and a new line.
#[must_use]
pub fn program(results: &ProgramResults) -> String {
    let mut text = STANDARD.encode(document(results).to_string());
    text.push('\n');
    text
}

/// The JSON document before its encoding.
#[must_use]
pub fn document(results: &ProgramResults) -> Value {
    let mut tests: Vec<Value> = results
        .tests
        .iter()
        .map(|case| {
            let message = if case.passed() {
                None
            } else {
                Some(
                    case.shown_message()
                        .map_or_else(|| case.verdict.clone(), str::to_owned),
                )
            };
            json!({
                "name": case.name,
                "status": status(case.status),
                "score": case.earned(),
                "message": message,
                "test_code": "",
                "filename": "",
                "line_no": 0,
                "execution_time": seconds(case.duration_ms),
            })
        })
        .collect();
    if !results.graded_at_all() {
        tests.push(json!({
            "name": "build",
            "status": "error",
            "score": 0,
            "message": results.message,
            "test_code": "",
            "filename": "",
            "line_no": 0,
            "execution_time": "0s",
        }));
    }
    json!({
        "version": 1,
        "status": status(results.status),
        "max_score": results.max_score(),
        "tests": tests,
    })
}

fn status(status: Status) -> &'static str {
    match status {
        Status::Pass => "pass",
        Status::Fail => "fail",
        Status::Error => "error",
    }
}

/// A duration as the Classroom's graders write it: `0.003s`.
fn seconds(milliseconds: u64) -> String {
    format!("{}.{:03}s", milliseconds / 1000, milliseconds % 1000)
}
