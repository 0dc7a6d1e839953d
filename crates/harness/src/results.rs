//! The result of one case, and what passing means: the leaf that [`crate::grading`] produces
//! and the reports read.

use std::time::Duration;

use crate::judge::{Judgement, Verdict};
use kata_model::fixture::Fixture;
use runner::process::Run;

/// What a case must get right to pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Criterion {
    /// The output's text and the exit status, exactly.
    #[default]
    Exact,
    /// The game the output shows and the exit status; the presentation may differ.
    Content,
}

impl Criterion {
    /// Its name, as the JSON results give it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Criterion::Exact => "exact",
            Criterion::Content => "content",
        }
    }
}

/// One case as graded: which fixture, how it was judged, and the run it judged.
#[derive(Debug)]
pub struct CaseResult {
    /// The case's 1-based number in its stage, as reports name it (`test #3`).
    pub number: usize,
    /// The verdict, and the output compared by content.
    pub judgement: Judgement,
    /// What the program did.
    pub run: Run,
    /// The case as it was played, where its input was not the fixture's: a case whose
    /// interactor gave the input, its transcript the whole conversation.
    pub played: Option<Box<Fixture>>,
    /// The words of the command that ran the program: advice about a runtime is given only
    /// where the program runs on it.
    pub command: Vec<String>,
}

impl CaseResult {
    /// The verdict.
    #[must_use]
    pub fn verdict(&self) -> &Verdict {
        &self.judgement.verdict
    }

    /// Whether the case passed by `criterion`.
    #[must_use]
    pub fn passed(&self, criterion: Criterion) -> bool {
        match criterion {
            Criterion::Exact => self.verdict().passed(),
            Criterion::Content => self.judgement.content_passed,
        }
    }

    /// How long the case ran.
    #[must_use]
    pub fn duration(&self) -> Duration {
        self.run.duration
    }

    /// The time the case's time limit counts: the CPU time it used where that is known, else
    /// its time on the clock.
    #[must_use]
    pub fn time_used(&self) -> Duration {
        self.run.cpu_time.unwrap_or(self.run.duration)
    }

    /// The fixture this case ran, out of the list the results were graded on.
    #[must_use]
    pub fn fixture<'a>(&'a self, fixtures: &'a [Fixture]) -> &'a Fixture {
        self.played.as_deref().unwrap_or(&fixtures[self.number - 1])
    }
}

/// How many cases passed by each criterion, of how many were run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scores {
    /// Cases exactly right.
    pub exact: usize,
    /// Cases right in content.
    pub content: usize,
    /// Cases run.
    pub total: usize,
}

impl Scores {
    /// The scores of `results`.
    #[must_use]
    pub fn of(results: &[CaseResult]) -> Scores {
        let count = |criterion| {
            results
                .iter()
                .filter(|result| result.passed(criterion))
                .count()
        };
        Scores {
            exact: count(Criterion::Exact),
            content: count(Criterion::Content),
            total: results.len(),
        }
    }

    /// How many passed by `criterion`.
    #[must_use]
    pub fn passed(self, criterion: Criterion) -> usize {
        match criterion {
            Criterion::Exact => self.exact,
            Criterion::Content => self.content,
        }
    }
}
