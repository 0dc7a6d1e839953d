//! Fixtures of the stage programs, and the machinery to run any program against them.
//!
//! [`transcript`] is the text format of a case (`> ` marks input), [`fixture`] reads the fixture
//! files, [`judge`](mod@judge) gives a run its verdict, with its output compared by content
//! through the kata's own reading ([`content`]), [`feedback`] and [`diff`] show how a run
//! departs from its transcript, [`process`] runs a program on a case's input (one answer at a
//! time when it asks, where the system shows that) with a time limit and an output cap,
//! [`interleaving`] is the record of where each input was given, and [`program`] names the
//! program that is run. [`rules`] grades the cases a kata judges by its rules, each answer
//! decided when the program waits. [`sandbox`], [`cgroup`], [`disk`], [`reaper`], [`scratch`]
//! and [`launch`] keep a program that must not be trusted in its place; [`runtime`] gives a
//! managed runtime the memory its limit grants; [`visible`] shows safely whatever it writes.
//!
//! Nothing here knows a path of its own: fixtures and programs are found by the caller at run
//! time, so a copied or moved workspace tests itself.

pub mod cgroup;
pub mod content;
pub mod diff;
pub mod disk;
pub mod feedback;
pub mod fixture;
pub mod grading;
pub mod guard;
pub mod interleaving;
pub mod judge;
pub mod kata;
pub mod launch;
pub mod package;
pub mod plan;
pub mod process;
pub mod program;
pub mod reaper;
pub mod results;
pub mod rule_cases;
pub mod rules;
pub mod runtime;
pub mod sandbox;
pub mod scoring;
pub mod scratch;
pub mod shims;
pub mod size;
pub mod slots;
pub mod transcript;
pub mod validator;
pub mod visible;

pub use content::{Comparison, ContentCheck, PlainText};
pub use fixture::{Fixture, FixtureError};
pub use grading::{Grading, grade};
pub use interleaving::Interleaving;
pub use judge::{Judgement, ReadOn, TimeLimit, Verdict, judge};
pub use kata::Kata;
pub use process::{Limits, Mode, Outcome, Run, Timeout};
pub use program::Program;
pub use results::{CaseResult, Criterion, Scores};
pub use transcript::{Transcript, TranscriptError};

/// What `mutex` guards, whether or not a thread panicked holding it: the lists and queues the
/// grader's threads share stay usable, and the panic is reported where it happened.
pub(crate) fn lock<T>(mutex: &std::sync::Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
