//! A kata as plain data, this crate's one job: the manifest ([`kata`]) with its stages, their
//! fixtures ([`fixture`]) written in the transcript format ([`transcript`]) or given as inputs
//! with their answers, the cases judged by rules ([`rule_cases`]), what each case is worth
//! ([`scoring`]) and how each is judged ([`case_judge`]); and a problem package of the Kattis
//! or ICPC format read as a kata of one stage ([`package`]). Everything is read from files at
//! run time, or from a copy built into a program, and an error names its file and line.
//!
//! It must not run a program or judge one: it knows no runner, no verdict, no feedback and no
//! report. The judge gives it what it does: a stage's limits over the grader's, a judge's
//! program run, a case's output compared.

pub mod case_judge;
pub mod fixture;
pub mod kata;
pub mod package;
pub mod rule_cases;
pub mod scoring;
pub mod size;
pub mod transcript;

pub use case_judge::{CaseJudge, Command, JudgeProgram};
pub use fixture::{Fixture, FixtureError};
pub use kata::Kata;
pub use transcript::{Input, Transcript, TranscriptError};
