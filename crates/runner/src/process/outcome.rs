//! What a run did and how it ended: a leaf of `process`, for the file that drives a run to
//! make it and the ones that start runs to return it.

use std::time::{Duration, Instant};

use super::limits::{Limit, Timeout};
use super::mode::Mode;
use crate::input::Interleaving;

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The program could not be started: the command as given, and why.
    CannotStart(String),
    /// It reached a time limit and was killed.
    TimedOut(Timeout),
    /// It wrote more than the output cap and was killed.
    TooMuchOutput,
    /// It broke this limit and was killed.
    LimitExceeded(Limit),
    /// A signal ended it.
    Signaled(i32),
    /// It exited with this status.
    Exited(i32),
}

/// What a run did.
#[derive(Debug)]
pub struct Run {
    /// How it ended.
    pub outcome: Outcome,
    /// Its standard output, up to the cap.
    pub stdout: Vec<u8>,
    /// The end of its standard error.
    pub stderr: Vec<u8>,
    /// How long it ran, on the clock.
    pub duration: Duration,
    /// The CPU time it used, the processes it started included, where it can be known: what a
    /// busy machine does not stretch as it stretches the clock.
    pub cpu_time: Option<Duration>,
    /// Where each input was given, for a run given one answer at a time; `None` for one given
    /// its whole input at once.
    pub interleaving: Option<Interleaving>,
    /// Whether its standard input and output were joined to a partner program's by pipes
    /// ([`run_joined`](super::run_joined)): the grader saw neither, and `stdout` is empty.
    pub joined: bool,
}

impl Run {
    /// The run of a program that could not be started, for `why`, begun at `started`.
    pub(super) fn cannot_start(why: String, started: Instant) -> Run {
        Run {
            outcome: Outcome::CannotStart(why),
            stdout: Vec::new(),
            stderr: Vec::new(),
            duration: started.elapsed(),
            cpu_time: None,
            joined: false,
            interleaving: None,
        }
    }

    /// The mode the run was actually given its input in.
    #[must_use]
    pub fn mode(&self) -> Mode {
        if self.interleaving.is_some() {
            Mode::Interactive
        } else {
            Mode::WholeInput
        }
    }
}
