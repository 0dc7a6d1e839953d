//! A class's gradebook in CSV (RFC 4180): a header row, then a row a submission in the class's
//! order, as learning management systems import grades (Canvas, Moodle and Gradescope take a
//! column of names and a column of scores, and leave the rest): `submission` (its folder's
//! name), `score` and `max_score` (the points earned and the stage's worth, one a case unless
//! the kata gives points), `passed` and `cases`, `status` (`pass`, `fail`, or `error` for one
//! that could not be graded), and `first_failure`: the first case failed and its verdict, or why
//! the submission was not graded.

use crate::model::{ClassResults, Status, SubmissionEntry};
use crate::notation::points;

/// The columns, in order.
const HEADER: [&str; 7] = [
    "submission",
    "score",
    "max_score",
    "passed",
    "cases",
    "status",
    "first_failure",
];

/// The gradebook of a class.
#[must_use]
pub fn class(class: &ClassResults) -> String {
    let mut writer = csv::Writer::from_writer(Vec::new());
    // Writing to memory fails only on a record of the wrong length, which a fixed row is not.
    let _ = writer.write_record(HEADER);
    for entry in &class.submissions {
        let _ = writer.write_record(row(entry));
    }
    let bytes = writer.into_inner().unwrap_or_default();
    String::from_utf8(bytes).unwrap_or_default()
}

/// The row of one submission.
fn row(entry: &SubmissionEntry) -> [String; 7] {
    let results = &entry.results;
    let status = match results.status {
        Status::Pass => "pass",
        Status::Fail => "fail",
        Status::Error => "error",
    };
    let first_failure = if results.graded_at_all() {
        results
            .tests
            .iter()
            .find(|case| !case.passed())
            .map(|case| format!("{}: {}", case.name, case.verdict))
            .unwrap_or_default()
    } else {
        results.summary()
    };
    [
        entry.name.clone(),
        points(results.score()),
        points(results.max_score()),
        entry.passed.to_string(),
        entry.total.to_string(),
        status.to_owned(),
        first_failure,
    ]
}
