//! Results for machines: a JSON document modelled on version 3 of Exercism's test-runner
//! `results.json`, with each case's verdict and duration added. The README documents it.

use harness::feedback::{self, Paint};
use harness::fixture::Fixture;
use serde_json::{Value, json};

use crate::grading::CaseResult;

/// The longest `output` kept for a case, in characters.
const OUTPUT_LIMIT: usize = 500;

/// The results of one program.
#[must_use]
pub(crate) fn for_program(stage: u8, fixtures: &[Fixture], results: &[CaseResult]) -> Value {
    let tests: Vec<Value> = fixtures
        .iter()
        .zip(results)
        .enumerate()
        .map(|(index, (fixture, result))| {
            let status = if result.verdict.passed() {
                "pass"
            } else if result.verdict.is_error() {
                "error"
            } else {
                "fail"
            };
            let message = (!result.verdict.passed()).then(|| {
                feedback::report(
                    index + 1,
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
            })
        })
        .collect();
    let cannot_start = results
        .iter()
        .any(|result| matches!(result.verdict, harness::Verdict::CannotStart(_)));
    let passed =
        results.len() == fixtures.len() && results.iter().all(|result| result.verdict.passed());
    let (status, message) = if cannot_start {
        ("error", Some("the program could not be started"))
    } else if passed {
        ("pass", None)
    } else {
        ("fail", None)
    };
    json!({ "version": 3, "status": status, "message": message, "tests": tests })
}

/// The results of a class: one entry a submission, each with its own results.
#[must_use]
pub(crate) fn for_class(
    stage: u8,
    fixtures: &[Fixture],
    rows: &[(String, Vec<CaseResult>)],
) -> Value {
    let submissions: Vec<Value> = rows
        .iter()
        .map(|(name, results)| {
            json!({
                "name": name,
                "passed": results.iter().filter(|result| result.verdict.passed()).count(),
                "total": fixtures.len(),
                "results": for_program(stage, fixtures, results),
            })
        })
        .collect();
    json!({ "task_id": stage, "submissions": submissions })
}

fn cut(output: &str) -> String {
    output.chars().take(OUTPUT_LIMIT).collect()
}
