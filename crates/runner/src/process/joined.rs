//! Running a program joined to a partner program (a problem package's interactive validator)
//! by two pipes, as the format's judges join them: what the partner writes the program reads,
//! and what the program writes the partner reads, with nothing of the grader's between them,
//! so that a conversation of a hundred thousand exchanges costs what its pipes cost. The grader
//! sees neither side of the conversation; it keeps the program's sandbox and limits, stops the
//! program once the partner has ended deciding against it, and ends a conversation in which
//! each waits for the other.
//!
//! # Which ended first
//!
//! Which of the two ended first decides between the program's fault and the partner's
//! decision, and the grader sees each end only a moment after it: it keeps the order from being
//! turned round in that moment, as a relay between the two would (BAPCtools' does).
//!
//! - A program that crashes closes its output as it ends, and a partner told at once could
//!   reject it and end before the program's end is seen, the crash taken for a wrong answer.
//!   The grader holds a write end of the partner's input until the program has ended and been
//!   reaped: the partner reads the end of its input only then (and a program that closes its
//!   output early, only once it has ended too).
//! - A partner that rejects the program and ends closes the program's input, and a program
//!   that reads on fails at the end of its input at once, before the partner's end is seen, its
//!   failure taken for a crash of its own; one that writes on dies of its broken pipe
//!   (`SIGPIPE`). The grader holds a write end of the program's input and a read end of the
//!   partner's until it has seen the partner end: the program waits for more input, or writes
//!   on into the pipe, and is stopped.
//! - What the partner writes after the program has ended is read and thrown away, as a relay
//!   would, rather than break its pipe.
//!
//! # Waiting for each other
//!
//! The two wait for each other when, in this order, the program is seen waiting in a read of
//! its input (as [`super`] says), the partner is seen waiting for the program (as
//! [`super::converse`] says), both pipes are seen empty (`FIONREAD`, on read ends the grader
//! holds for it), and the program, looked at again, still waits in its read and has used no
//! CPU time since the first look. It ran not at all between the looks, so it wrote nothing to
//! the partner, whose input is the program's output alone: the partner, seen waiting, could
//! not have been woken to write, and the pipes seen empty stayed so. No look is repeated and no
//! time is waited for. The grader then stops the program.
//!
//! Unless the partner, so waiting, no longer holds the program's input (no descriptor of its
//! processes is that pipe): it has sent all it will and closed its output, and waits for the
//! program's last words (BAPC's `boolfind` does). The program's input then ends, the grader's
//! end of it let go, as though nothing held it; from then on the program cannot wait on it. A
//! process started beside the program may hold that end for a moment, until its `exec` closes
//! it; the program waits until then, and is not taken to wait for its partner.
//!
//! # Time
//!
//! The program's own time is its time on the clock less its waits for a CPU and less the
//! partner's time: its CPU time and its own waits for a CPU, in which the program, reading its
//! input, may be waiting for its answer. Where the two run at once on two cores that excuses
//! more than the program waited, which makes a program that sleeps be stopped later, never a
//! right one early.

use std::io::{self, PipeReader, PipeWriter};
use std::os::fd::{AsFd, OwnedFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::converse::{Conversed, holds_pipe, unread, waits_for_input};
use super::cpu::Counter;
use super::own_time::OwnTime;
use super::spawn::Streams;
use super::watch::Watcher;

/// The partner's ends of the two pipes that join it to a program: it reads `stdin` and writes
/// `stdout`.
#[derive(Debug)]
pub struct PartnerEnds {
    /// Its standard input: what the program writes.
    pub stdin: PipeReader,
    /// Its standard output: what the program reads.
    pub stdout: PipeWriter,
}

/// The program's ends of the two pipes that join it to a partner.
#[derive(Debug)]
pub struct ProgramEnds {
    input: PipeReader,
    output: PipeWriter,
    /// A read end of the partner's input and a write end of its output, for the grader to
    /// hold.
    partner_reading: PipeReader,
    partner_writing: PipeWriter,
}

/// The two pipes that join a program and a partner: the partner's ends, to start it with, and
/// the program's, for [`run_joined`](super::run_joined).
///
/// # Errors
///
/// The grader's own failure: no file descriptors left.
pub fn pipes() -> io::Result<(PartnerEnds, ProgramEnds)> {
    let (program_reads, partner_writes) = io::pipe()?;
    let (partner_reads, program_writes) = io::pipe()?;
    let partner_reading = partner_reads.try_clone()?;
    let partner_writing = partner_writes.try_clone()?;
    Ok((
        PartnerEnds {
            stdin: partner_reads,
            stdout: partner_writes,
        },
        ProgramEnds {
            input: program_reads,
            output: program_writes,
            partner_reading,
            partner_writing,
        },
    ))
}

/// The partner of a program joined to it by pipes, started on its ends of them.
#[derive(Debug)]
pub struct JoinedPartner {
    /// The program's ends of the pipes.
    pub ends: ProgramEnds,
    /// The partner's process group, looked at to see whether it waits for the program, and to
    /// count its time.
    pub group: i32,
    /// Set once the partner has ended deciding the case against the program (a validator's
    /// rejection): the program is then stopped.
    pub decided: Arc<AtomicBool>,
    /// Set once the partner has ended, however.
    pub ended: Arc<AtomicBool>,
}

/// A joined conversation as [`super::drive`] keeps it.
#[derive(Debug)]
pub(super) struct Join {
    /// A read end of the program's input, to see whether anything is in it, and to read what
    /// the partner writes once the program has ended.
    program_input: PipeReader,
    /// A write end of the partner's input, to see whether anything is in it, and to hold its
    /// end back until the program has ended.
    partner_input: PipeWriter,
    /// A read end of the partner's input and a write end of the program's, held until the
    /// partner's end has been seen.
    partner_reading: Option<PipeReader>,
    partner_writing: Option<PipeWriter>,
    group: i32,
    decided: Arc<AtomicBool>,
    ended: Arc<AtomicBool>,
    stalled: bool,
    partner_ended_first: bool,
    /// The partner's CPU time, and its waits for a CPU.
    cpu: Counter,
    own_time: OwnTime,
    /// The partner's time as last counted.
    busy: Duration,
}

impl Join {
    /// The conversation of a program joined to `partner`, begun at `started`, and the streams
    /// the program starts with.
    ///
    /// # Errors
    ///
    /// The grader's own failure: no file descriptors left.
    pub(super) fn new(partner: JoinedPartner, started: Instant) -> io::Result<(Join, Streams)> {
        let JoinedPartner {
            ends,
            group,
            decided,
            ended,
        } = partner;
        let leader = u32::try_from(group).unwrap_or_default();
        let join = Join {
            program_input: ends.input.try_clone()?,
            partner_input: ends.output.try_clone()?,
            partner_reading: Some(ends.partner_reading),
            partner_writing: Some(ends.partner_writing),
            group,
            decided,
            ended,
            stalled: false,
            partner_ended_first: false,
            cpu: Counter::new(leader, None),
            own_time: OwnTime::new(started, leader, None),
            busy: Duration::ZERO,
        };
        let streams = Streams::Joined {
            input: ends.input,
            output: ends.output,
        };
        Ok((join, streams))
    }

    /// Whether the partner has ended deciding the case: nothing the program does after can
    /// change it. Notes the partner's end, if it has come.
    pub(super) fn partner_decided(&mut self) -> bool {
        // `decided` is set before `ended`.
        if !self.partner_ended_first && self.ended.load(Ordering::Acquire) {
            self.partner_ended_first = true;
            if !self.decided.load(Ordering::Acquire) {
                // Nothing is left to decide: the program's pipes end as they would with no
                // grader holding them. One decided against is stopped with its pipes as they are.
                self.partner_reading = None;
                self.partner_writing = None;
            }
        }
        self.partner_ended_first && self.decided.load(Ordering::Acquire)
    }

    /// The partner's time so far: its CPU time and its waits for a CPU.
    pub(super) fn partner_time(&mut self) -> Duration {
        let leader = u32::try_from(self.group).unwrap_or_default();
        if let Some(cpu) = self.cpu.used(None) {
            let members = self.cpu.members().or(Some(vec![leader]));
            // Looked at whatever its last look's age: the partner has no limit of its own here.
            self.own_time.look(Duration::ZERO, None, || members);
            let waited = self.own_time.waited().unwrap_or_default();
            self.busy = self.busy.max(cpu + waited);
        }
        self.busy
    }

    /// Whether the program and the partner wait for each other, as the module says; notes it
    /// if they do. `watcher` watches the program.
    pub(super) fn look(&mut self, watcher: &mut Watcher) -> bool {
        // A program whose input no one holds but another's process for a moment (one started
        // beside it, before its `exec`) is about to read the end of it, never to wait.
        if self.partner_ended_first || self.partner_writing.is_none() {
            return false;
        }
        let Some(before) = watcher.reading_still() else {
            return false;
        };
        let empty = || {
            [self.program_input.as_fd(), self.partner_input.as_fd()]
                .into_iter()
                .all(|fd| unread(fd) == Some(0))
        };
        if !(waits_for_input(self.group) && empty()) {
            return false;
        }
        if !holds_pipe(self.group, watcher.input_link()) {
            self.partner_writing = None;
            return false;
        }
        self.stalled = watcher.reading_still() == Some(before);
        self.stalled
    }

    /// What became of the conversation, once the program has ended, with the grader's ends
    /// of the pipes, for [`Conversed::end_partner_input`] to end the partner's input and read
    /// the rest of its output.
    pub(super) fn finish(self) -> Conversed {
        Conversed {
            stalled: self.stalled,
            partner_ended_first: self.partner_ended_first && !self.stalled,
            input: Some((OwnedFd::from(self.partner_input).into(), Vec::new())),
            output: Some(OwnedFd::from(self.program_input).into()),
        }
    }
}
