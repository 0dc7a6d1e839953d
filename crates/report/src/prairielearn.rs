//! PrairieLearn's external grading `results.json`: `gradable`, a `score` from 0 to 1, a
//! `message`, and `tests[]` each with `name`, `points`, `max_points`, `message` and `output`.
//! A program that could not be started or built is not gradable (no attempt is lost), and its
//! reason is in `format_errors`. PrairieLearn has no hidden tests: a hidden case shows its name,
//! points and verdict only.

use serde_json::{Value, json};

use crate::model::{ProgramResults, Status};
use crate::notation::json_document;

/// The document, pretty-printed.
#[must_use]
pub fn program(results: &ProgramResults) -> String {
    json_document(&document(results))
}

/// The document.
#[must_use]
pub fn document(results: &ProgramResults) -> Value {
    if results.status == Status::Error && results.tests.iter().all(|case| !case.passed()) {
        let why = results
            .message
            .clone()
            .unwrap_or_else(|| "the program could not be graded".to_owned());
        return json!({
            "gradable": false,
            "format_errors": [why],
            "message": why,
        });
    }
    let tests: Vec<Value> = results
        .tests
        .iter()
        .map(|case| {
            json!({
                "name": case.name,
                "points": case.earned(),
                "max_points": case.worth(),
                "message": case.shown_message().unwrap_or(&case.verdict),
                "output": case.shown_output().unwrap_or_default(),
            })
        })
        .collect();
    let max = results.max_score();
    let score = if max > 0.0 {
        (results.score() / max).clamp(0.0, 1.0)
    } else {
        0.0
    };
    json!({
        "gradable": true,
        "score": score,
        "message": results.summary(),
        "tests": tests,
    })
}
