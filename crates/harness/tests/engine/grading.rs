//! The engine over a stage's cases: results in case order, numbered as reports name them,
//! stopping at the first failure unless every case is asked for.

use harness::{Criterion, Grading, Mode, PlainText, Verdict, grade};
use kata_model::Fixture;
use runner::sandbox::Sandbox;
use test_support::Trial;

use crate::{fake, fixture, limits};

pub(crate) fn trials() -> Vec<Trial> {
    test_support::tests!("grading":
        grading_stops_at_the_first_failure,
        every_case_is_graded_when_asked,
    )
}

/// Three cases of which the program, a greeter, fails the second.
fn cases() -> Vec<Fixture> {
    ["greeting", "goodbye-with-status-2", "greeting"]
        .into_iter()
        .map(fixture)
        .collect()
}

fn graded(all: bool) -> Vec<(usize, Verdict)> {
    let how = Grading {
        check: &PlainText,
        limits: limits(),
        all,
        criterion: Criterion::Exact,
        mode: Mode::best(),
    };
    let sandbox = Sandbox::off("the harness's own tests run their own program");
    grade(
        &fake(&["say", "Name: ", "ask", "echo"]),
        &cases(),
        how,
        &sandbox,
    )
    .expect("graded")
    .into_iter()
    .map(|result| (result.number, result.judgement.verdict))
    .collect()
}

fn grading_stops_at_the_first_failure() {
    let results = graded(false);
    assert_eq!(results.len(), 2, "{results:?}");
    assert_eq!(results[0], (1, Verdict::Passed));
    assert_eq!(results[1].0, 2);
    assert!(!results[1].1.passed(), "{results:?}");
}

fn every_case_is_graded_when_asked() {
    let results = graded(true);
    let numbers: Vec<usize> = results.iter().map(|(number, _)| *number).collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert_eq!(results[2].1, Verdict::Passed);
}
