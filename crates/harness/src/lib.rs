//! The judge: a kata's cases graded, any program's run given its verdict and its feedback.
//!
//! [`plan`] makes a stage's plan once (its cases, their judges, limits and weights), and
//! [`grading`] runs it: each case's program run by the `runner` crate, its inputs given as
//! [`runs`] turns the kata's data into the runner's terms. [`judge`](mod@judge) gives a run its
//! verdict, with its output compared by content through the kata's own reading ([`content`]);
//! [`validator`] judges a case by a program of the kata (a checker, an interactor, a package's
//! grader) or by the default output validation's tokens; [`rules`] grades the cases a kata
//! judges by its rules, each answer decided when the program waits. [`feedback`] and [`diff`]
//! show how a run departs from its transcript, [`interleaving`] reads where each input was given
//! as a transcript, and [`results`] holds what a grading came to. [`building`] builds a problem
//! package's programs.
//!
//! What a kata is (its manifest, fixtures, transcripts, a problem package read) is the
//! `kata_model` crate's; running a program is the `runner` crate's; reporting is the `report`
//! crate's. Nothing here knows a path of its own, a kata, a rule of any game or a report:
//! fixtures and programs are found by the caller at run time, so a copied or moved workspace
//! tests itself.

pub mod building;
pub mod content;
pub mod diff;
pub mod feedback;
pub mod grading;
pub mod interleaving;
pub mod judge;
#[cfg(test)]
mod meeting;
pub mod plan;
pub mod results;
pub mod rules;
pub mod runs;
pub mod validator;

pub use content::{Comparison, ContentCheck, PlainText};
pub use grading::{Grading, grade};
pub use judge::{Judgement, ReadOn, TimeLimit, Verdict, judge};
pub use results::{CaseResult, Criterion, Scores};
pub use runner::{Limits, Mode, Outcome, Program, Run, Timeout};
