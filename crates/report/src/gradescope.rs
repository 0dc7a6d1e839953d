//! Gradescope's `results.json`, as its autograder specification gives it: the `score`, an
//! `execution_time` in seconds, an `output` for the whole submission, and `tests[]` each with
//! its `score`, `max_score`, `status` (`passed` or `failed`), `name`, `number`, `output` and
//! `visibility` (`visible`, `hidden` or `after_due_date`), which Gradescope itself enforces.

use kata_model::scoring::Visibility;
use serde_json::{Value, json};

use crate::model::ProgramResults;
use crate::notation::{json_document, points};

/// The document, pretty-printed.
#[must_use]
pub fn program(results: &ProgramResults) -> String {
    json_document(&document(results))
}

/// The document.
#[must_use]
pub fn document(results: &ProgramResults) -> Value {
    let tests: Vec<Value> = results
        .tests
        .iter()
        .enumerate()
        .map(|(index, case)| {
            let mut test = json!({
                "score": case.earned(),
                "max_score": case.worth(),
                "status": if case.passed() { "passed" } else { "failed" },
                "name": case.name,
                "number": format!("{}.{}", case.task_id, index + 1),
                "output": case.message.clone().unwrap_or_else(|| case.verdict.clone()),
                "visibility": visibility(case.visibility()),
            });
            if !case.passed()
                && let Some(test) = test.as_object_mut()
            {
                test.insert("tags".to_owned(), json!([case.verdict]));
            }
            test
        })
        .collect();
    let total_ms: u64 = results.tests.iter().map(|case| case.duration_ms).sum();
    let summary = format!(
        "{} of {} points: {}",
        points(results.score()),
        points(results.max_score()),
        results.summary()
    );
    json!({
        "score": results.score(),
        "execution_time": total_ms.div_ceil(1000),
        "output": summary,
        "tests": tests,
    })
}

fn visibility(visibility: Visibility) -> &'static str {
    match visibility {
        Visibility::Visible => "visible",
        Visibility::Hidden => "hidden",
        Visibility::AfterDeadline => "after_due_date",
    }
}
