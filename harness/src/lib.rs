//! Fixtures of the stage programs, and the machinery to run any program against them.
//!
//! [`transcript`] is the text format of a case (`> ` marks input), [`fixture`] reads the fixture
//! files, [`judge`](mod@judge) gives a run its verdict, [`feedback`] and [`diff`] show how a run
//! departs from its transcript, [`process`] runs a program on a case's input (one answer at a
//! time when it asks, where the system shows that) with a time limit and an output cap,
//! [`interleaving`] is the record of where each input was given, and [`program`] names the
//! program that is run.
//!
//! Nothing here knows a path of its own: fixtures and programs are found by the caller at run
//! time, so a copied or moved workspace tests itself.

pub mod diff;
pub mod feedback;
pub mod fixture;
pub mod interleaving;
pub mod judge;
pub mod process;
pub mod program;
pub mod transcript;

pub use fixture::{Fixture, FixtureError};
pub use interleaving::Interleaving;
pub use judge::{Verdict, judge};
pub use process::{Limits, Mode, Outcome, Run};
pub use program::Program;
pub use transcript::{Transcript, TranscriptError};
