//! The result of one case: the leaf that grading produces and the reports read.

use std::time::Duration;

use harness::fixture::Fixture;
use harness::{Run, Verdict};

/// One case as graded: which fixture, its verdict, and the run it judged.
#[derive(Debug)]
pub struct CaseResult {
    /// The case's 1-based number in its stage, as reports name it (`test #3`).
    pub number: usize,
    /// The verdict.
    pub verdict: Verdict,
    /// What the program did.
    pub run: Run,
}

impl CaseResult {
    /// Whether the case passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.verdict.passed()
    }

    /// How long the case ran.
    #[must_use]
    pub fn duration(&self) -> Duration {
        self.run.duration
    }

    /// The fixture this case ran, out of the list the results were graded on.
    #[must_use]
    pub fn fixture<'a>(&self, fixtures: &'a [Fixture]) -> &'a Fixture {
        &fixtures[self.number - 1]
    }
}

/// How many of `results` passed.
#[must_use]
pub fn count_passed(results: &[CaseResult]) -> usize {
    results.iter().filter(|result| result.passed()).count()
}
