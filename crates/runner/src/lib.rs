//! The runner: this crate's one job is to run one program under limits, in its sandbox, and to
//! end everything it started. A [`Program`] is given its [`Input`]s whole or one answer at a time
//! as it waits for them ([`process`]), each answer decided by an [`Answerer`] or relayed from a
//! partner program, and the [`Run`] says how it ended ([`Outcome`]) and, when it was given one
//! answer at a time, where it was given each ([`Interleaving`]). [`sandbox`], [`cgroup`],
//! [`disk`], [`reaper`], [`guard`], [`scratch`] and [`launch`] keep a program that must not be
//! trusted in its place, [`runtime`] gives a managed runtime the memory its limit grants, and
//! [`slots`] says how many programs run at once. It must not know katas, fixtures, transcripts,
//! verdicts or feedback: those who judge a run read it here.

pub mod cgroup;
pub mod disk;
pub mod guard;
pub mod input;
mod kill;
pub mod launch;
mod mutex;
pub mod process;
pub mod program;
pub mod reaper;
pub mod runtime;
pub mod sandbox;
pub mod scratch;
pub mod shims;
pub mod slots;
mod subreaper;

pub use input::{Input, Inputs, Interleaving, NoInput};
pub use mutex::lock;
pub use process::{Answerer, Limits, Mode, Outcome, Run, Timeout};
pub use program::Program;
