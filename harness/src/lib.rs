//! Fixtures of the stage programs, and the grading of any program against them.
//!
//! [`transcript`] is the text format of a case (`> ` marks input), [`fixture`] reads the fixture
//! files, [`judge`](mod@judge) gives a run its verdict, with its output compared by content
//! through the kata's own reading ([`content`]), [`feedback`] and [`diff`] show how a run
//! departs from its transcript, and [`interleaving`] reads where each input was given as a
//! transcript. [`rules`] grades the cases a kata judges by its rules, each answer decided when
//! the program waits. Running a program, under its limits and in its sandbox, is the `runner`
//! crate's job: this one gives it the inputs and judges what it did.
//!
//! Nothing here knows a path of its own: fixtures and programs are found by the caller at run
//! time, so a copied or moved workspace tests itself.

pub mod content;
pub mod diff;
pub mod feedback;
pub mod fixture;
pub mod grading;
pub mod interleaving;
pub mod judge;
pub mod kata;
#[cfg(test)]
mod meeting;
pub mod package;
pub mod plan;
pub mod results;
pub mod rule_cases;
pub mod rules;
pub mod scoring;
pub mod transcript;
pub mod validator;

pub use content::{Comparison, ContentCheck, PlainText};
pub use fixture::{Fixture, FixtureError};
pub use grading::{Grading, grade};
pub use judge::{Judgement, ReadOn, TimeLimit, Verdict, judge};
pub use kata::Kata;
pub use results::{CaseResult, Criterion, Scores};
pub use runner::{Limits, Mode, Outcome, Program, Run, Timeout};
pub use transcript::{Transcript, TranscriptError};
