//! Driving one started program to its end: its input fed (each answer when it waits for one, or
//! all at once), its output drained as it comes, all from one thread that never blocks on a
//! pipe, so that the output written before each input is known to the byte; and the time limits
//! (its CPU time, and the clock) and the output cap kept, and the case's control groups watched
//! for a limit it broke.

use std::io::{self, Read, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::os::unix::process::ExitStatusExt;
use std::process::{ChildStdin, ExitStatus};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use super::answering::Answerer;
use super::bounds::Bounds;
use super::converse::{Conversed, Relay, unread};
use super::joined::Join;
use super::limits::{Limit, Limits, Timeout};
use super::nonblocking::{read_now, set_blocking};
use super::outcome::{Outcome, Run};
use super::own_time;
use super::spawn::Spawned;
use super::watch::{Check, Wait, Watcher};
use crate::input::{Input, Inputs, Interleaving, NoInput};
use crate::reaper;

/// The shortest pause between two looks at a quiet program: about the time a program takes
/// from writing its prompt to blocking in its read.
const SHORTEST_PAUSE: Duration = Duration::from_micros(50);
/// The longest: how late a program that has been busy a while is seen to wait, or to end.
const LONGEST_PAUSE: Duration = Duration::from_millis(5);
/// How long the grader keeps looking at the pipes of a conversation after something moved,
/// rather than sleeping until the next message: about the time a small program takes to answer.
const SPIN: Duration = Duration::from_micros(200);
/// How long nothing must move in a conversation before the program is looked at to see whether
/// the two wait for each other: looks while they talk would only cost them time.
const QUIET: Duration = Duration::from_millis(1);
/// How long the pipes are read after the case's processes are killed, for what they wrote
/// before: once every writer is dead, the rest of a pipe reads at once, so this only bounds
/// what a process beyond the grader's reach could hold open.
const LAST_READS: Duration = Duration::from_millis(250);
/// How long the program's exit is waited for once it has been killed.
const LAST_WAIT: Duration = Duration::from_secs(1);
/// How often the case's control groups are looked at for a limit it broke, and its CPU time.
const LIMITS_LOOK: Duration = Duration::from_millis(10);
/// The bytes of standard error kept from its start, beside its end: where an error is named
/// first (a JVM's `OutOfMemoryError`, the first line of Python's traceback).
const STDERR_HEAD: usize = 4 << 10;

/// Runs `spawned` to its end on `inputs`, one answer at a time if `watcher` is given, else all at
/// once, and reports the run.
pub(super) fn drive(
    spawned: Spawned,
    inputs: &dyn Inputs,
    watcher: Option<Watcher>,
    limits: Limits,
    started: Instant,
    bounds: &mut Bounds,
) -> Run {
    drive_with(
        spawned,
        Source::Fixed(inputs),
        watcher,
        limits,
        started,
        bounds,
    )
    .0
}

/// Where a program's input comes from.
pub(super) enum Source<'a> {
    /// These inputs, in order.
    Fixed(&'a dyn Inputs),
    /// Each input decided by this when the program waits, from its output so far.
    Answerer(&'a mut dyn Answerer),
    /// A partner program's output, relayed.
    Partner(Relay),
    /// A partner program joined to the program by pipes: nothing is given by the grader.
    Joined(Join),
}

impl Source<'_> {
    /// What became of a conversation whose program never ran: `None` for a source of no
    /// partner.
    pub(super) fn unplayed(self) -> Option<Conversed> {
        match self {
            Source::Partner(relay) => Some(relay.finish(&[])),
            Source::Joined(join) => Some(join.finish()),
            Source::Fixed(_) | Source::Answerer(_) => None,
        }
    }
}

/// [`drive`], with the input from `source`; returns the run, the inputs given, and for a
/// conversation what became of it.
pub(super) fn drive_with(
    spawned: Spawned,
    source: Source<'_>,
    watcher: Option<Watcher>,
    limits: Limits,
    started: Instant,
    bounds: &mut Bounds,
) -> (Run, Vec<Input>, Option<Conversed>) {
    let Spawned {
        mut child,
        stdin,
        stdout,
        stderr,
        case,
    } = spawned;
    let group = case.group();
    let mut stdout = Drain::new(stdout, Keep::First(limits.max_stdout));
    let mut stderr = Drain::new(
        Some(stderr),
        Keep::Ends {
            head: STDERR_HEAD,
            tail: limits.stderr_tail,
        },
    );
    let nonblocking = [stdin.as_ref().map(AsFd::as_fd), stdout.fd(), stderr.fd()]
        .into_iter()
        .flatten()
        .try_for_each(|fd| set_blocking(fd, false));
    if let Err(error) = nonblocking {
        reaper::kill_group(group);
        let _ = child.wait();
        let run = Run::cannot_start(format!("its pipes could not be set up: {error}"), started);
        return (run, Vec::new(), source.unplayed());
    }
    // A joined program is given nothing by the grader: it is watched only to see whether it
    // and its partner wait for each other.
    let (source, mut join, watcher, mut partner_watcher) = match source {
        Source::Joined(join) => (Source::Fixed(&NoInput), Some(join), None, watcher),
        source => (source, None, watcher, None),
    };
    let mut feed = Feed::new(stdin, source, watcher);
    // Where no CPU time can be seen, the time limit is kept on the clock.
    let deadline = bounds.deadline(started, limits);
    let grader_waited_before = own_time::grader_waited();

    {
        // A panic below must not leave a program running that waits for input.
        let _unwinding = KillOnUnwind(group);
        let leader = child.id();
        let (exited, exit) = mpsc::channel();
        // Not a scoped thread: nothing, not even a program the kernel cannot kill at once, may
        // keep the grader past the case's deadline.
        thread::spawn(move || {
            let _ = exited.send(child.wait());
        });
        let mut pause = SHORTEST_PAUSE;
        let mut last_moved = started;
        // When the grader last took its turn, and the time, summed, from a turn to the next
        // where the program was found waiting for the grader: for its next input, or for the
        // rest of one being written. On an idle machine that is the grader's short pause
        // between turns; on a busy one, however long the grader took to come back, for
        // whatever reason, and the program spent it waiting for the grader, not on its own.
        let mut last_turn = started;
        let mut grader_late = Duration::ZERO;
        // Neither the wait for a partner's answers (a joined partner's time) nor the grader's
        // own wait for a CPU (a program waiting for its next input waits for the grader) is the
        // program's time.
        let excused = |feed: &Feed, join: &mut Option<Join>| {
            let awaited = match (&feed.relay, join) {
                (Some(relay), _) => relay.awaited(),
                (None, Some(join)) => join.partner_time(),
                (None, None) => Duration::ZERO,
            };
            let held_up = own_time::grader_waited()
                .zip(grader_waited_before)
                .map_or(Duration::ZERO, |(now, before)| now.saturating_sub(before));
            awaited + held_up
        };
        let mut limits_looked = started;
        let mut breach = None;
        let mut timeout = None;
        let status = loop {
            if let Ok(status) = exit.try_recv() {
                break Some(status);
            }
            let now = Instant::now();
            if now >= deadline {
                // A grader slowed by the machine can look first at the ceiling: a limit the
                // program had already reached stopped it, not the machine.
                timeout = Some(
                    bounds
                        .time_out(limits, excused(&feed, &mut join) + grader_late)
                        .unwrap_or_else(|| bounds.at_deadline(limits, deadline - started)),
                );
                break None;
            }
            if now >= limits_looked + LIMITS_LOOK {
                limits_looked = now;
                // Served first: a program that waits for the grader since its last turn is
                // given what it waits for before its own time is looked at.
                if feed.relay.is_none() && feed.serve(&mut stdout) {
                    grader_late += now.saturating_duration_since(last_turn);
                    last_moved = now;
                }
                breach = bounds.breach();
                if breach.is_none() {
                    timeout = bounds.time_out(limits, excused(&feed, &mut join) + grader_late);
                    // A leader that has ended ended the case, however long its status takes
                    // to come on a busy machine: what it left running waited for nothing of
                    // the program's own.
                    if matches!(timeout, Some(Timeout::Wall(_)))
                        && super::proc_files::has_ended(leader)
                    {
                        timeout = None;
                    }
                }
                if breach.is_some() || timeout.is_some() {
                    reaper::kill_group(group);
                    bounds.kill_all();
                    break exit.recv_timeout(LAST_WAIT).ok();
                }
            }
            // A validator that rejected the program and ended has decided the case: the
            // program is stopped, as the format's judges stop it, not left to spin to its
            // limit on an input that has ended.
            if feed.relay.as_ref().is_some_and(Relay::partner_decided)
                || join.as_mut().is_some_and(Join::partner_decided)
            {
                reaper::kill_group(group);
                bounds.kill_all();
                break exit.recv_timeout(LAST_WAIT).ok();
            }
            // A joined program that waits for its partner while the partner waits for it is
            // stopped: nothing could ever come to either.
            if let (Some(join), Some(watcher)) = (&mut join, &mut partner_watcher)
                && now >= last_moved + QUIET
                && join.look(watcher)
            {
                reaper::kill_group(group);
                bounds.kill_all();
                break exit.recv_timeout(LAST_WAIT).ok();
            }
            let [partner_output, partner_input] =
                feed.relay.as_ref().map(Relay::fds).unwrap_or_default();
            // A slot a pipe: what is not there is left out by poll, and only what poll finds
            // ready is read, so that a conversation costs no reads that find nothing.
            let mut fds = [
                (stdout.fd(), libc::POLLIN),
                (stderr.fd(), libc::POLLIN),
                (feed.pending_fd(), libc::POLLOUT),
                partner_output,
                partner_input,
            ]
            .map(|(fd, events)| slot(fd, events));
            // Lines held for the program are given when it waits: it is looked at at once.
            let spinning = feed
                .relay
                .as_ref()
                .is_some_and(|relay| !relay.holds() && now < last_moved + SPIN);
            let wait = if spinning { Duration::ZERO } else { pause };
            if spinning {
                // A program or partner just woken on this core runs first.
                yield_core();
            }
            wait_for_any(&mut fds, wait.min(deadline - now));
            let ready = fds.map(|fd| fd.revents != 0);
            let overflowed = stdout.overflowed;
            let wrote = ready[2] && feed.write_ready();
            if wrote && feed.relay.is_none() {
                grader_late += Instant::now().saturating_duration_since(last_turn);
            }
            let mut active =
                (ready[0] && stdout.read_ready()) | (ready[1] && stderr.read_ready()) | wrote;
            if stdout.overflowed && !overflowed && !limits.run_past_stdout {
                reaper::kill_group(group);
            }
            if feed.relay.is_some() {
                active |= feed.relay(&stdout, ready[3]);
                // The program is looked at only once nothing has moved for a while, or when
                // a line is held for it: a conversation that goes on needs no look.
                let holding = feed.relay.as_ref().is_some_and(Relay::holds);
                let quiet = Instant::now() >= last_moved + QUIET;
                if !active
                    && quiet
                    && let Some(relay) = &mut feed.relay
                {
                    relay.look_when_quiet();
                }
                if !active && (holding || quiet) && feed.is_watching() {
                    active |= feed.look(&mut stdout);
                }
            } else if feed.is_watching() && feed.look(&mut stdout) {
                grader_late += Instant::now().saturating_duration_since(last_turn);
                active = true;
            }
            last_turn = Instant::now();
            if active {
                last_moved = Instant::now();
            }
            pause = if active {
                SHORTEST_PAUSE
            } else {
                (pause * 2).min(LONGEST_PAUSE)
            };
        };
        // The leader has ended or is out of time: nothing it started may outlive the case,
        // whether it stayed in its group or escaped it (and so came to the grader, the subreaper).
        reaper::kill_group(group);
        // A limit broken just before the end ended it too.
        let breach = breach.or_else(|| bounds.breach());
        bounds.kill_all();
        let reaped = match status {
            Some(_) => true,
            // Reaped once killed; a leader that cannot even be reaped is left to its thread.
            None => exit.recv_timeout(LAST_WAIT).is_ok(),
        };
        reaper::kill_escapees();
        if reaped {
            drop(case);
        } else {
            // Until it is reaped, the leader is a child of the grader that no one must take for
            // an escapee (reaping it would steal its status): it stays registered.
            std::mem::forget(case);
        }
        let last_reads = Instant::now() + LAST_READS;
        while stdout.is_open() || stderr.is_open() {
            let now = Instant::now();
            if now >= last_reads {
                break;
            }
            let mut fds = [stdout.fd(), stderr.fd()].map(|fd| slot(fd, libc::POLLIN));
            wait_for_any(&mut fds, last_reads - now);
            stdout.read_ready();
            stderr.read_ready();
        }
        let stderr = crate::runtime::without_echo(stderr.into_kept(), limits.memory);
        let mut outcome = outcome(status, stdout.overflowed, breach, timeout);
        // A runtime sized to the memory limit that ran out of its heap broke the limit, though
        // it ended by itself.
        let failed = matches!(outcome, Outcome::Exited(status) if status != 0)
            || matches!(outcome, Outcome::Signaled(libc::SIGABRT));
        if failed && limits.memory != u64::MAX && crate::runtime::ran_out_of_heap(&stderr) {
            outcome = Outcome::LimitExceeded(Limit::Memory);
        }
        let joined = join.is_some();
        let conversed = match (feed.relay.take(), join) {
            (Some(relay), _) => Some(relay.finish(&stdout.kept)),
            (None, join) => join.map(Join::finish),
        };
        let run = Run {
            outcome,
            stdout: stdout.into_kept(),
            stderr,
            duration: started.elapsed(),
            cpu_time: bounds.cpu_time(),
            joined,
            interleaving: feed.record,
        };
        (run, feed.answered, conversed)
    }
}

/// Kills the process group if the thread unwinds past it.
struct KillOnUnwind(libc::pid_t);

impl Drop for KillOnUnwind {
    fn drop(&mut self) {
        if thread::panicking() {
            reaper::kill_group(self.0);
        }
    }
}

/// How the run ended: `status` is `None` if it ran out of time on the clock (or, stopped at a
/// `breach` or a `timeout`, could not be reaped).
fn outcome(
    status: Option<io::Result<ExitStatus>>,
    overflowed: bool,
    breach: Option<Limit>,
    timeout: Option<Timeout>,
) -> Outcome {
    if let Some(timeout) = timeout.filter(|_| breach.is_none()) {
        return Outcome::TimedOut(timeout);
    }
    match (status, breach) {
        (_, Some(limit)) => Outcome::LimitExceeded(limit),
        (None, None) => Outcome::TimedOut(Timeout::Cpu),
        (Some(_), None) if overflowed => Outcome::TooMuchOutput,
        (Some(Ok(status)), None) => match (status.code(), status.signal()) {
            (Some(code), _) => Outcome::Exited(code),
            (None, Some(libc::SIGXFSZ)) => Outcome::LimitExceeded(Limit::Disk),
            (None, Some(signal)) => Outcome::Signaled(signal),
            (None, None) => Outcome::Exited(-1),
        },
        (Some(Err(error)), None) => Outcome::CannotStart(format!("waiting for it: {error}")),
    }
}

/// What the program is given, and when.
struct Feed<'a> {
    /// Its standard input, until it is closed.
    stdin: Option<ChildStdin>,
    inputs: &'a dyn Inputs,
    /// The next input to give.
    next: usize,
    /// Bytes given but not written yet, from `sent` on.
    pending: Vec<u8>,
    sent: usize,
    /// Close the input once `pending` is written.
    close_when_written: bool,
    /// Watches for the program to wait for input; `None` gives the input all at once.
    watcher: Option<Watcher>,
    /// Where each input was given, when they are given one at a time.
    record: Option<Interleaving>,
    /// Decides each input from the output so far, in place of `inputs`.
    answerer: Option<&'a mut dyn Answerer>,
    /// Relays a partner's output as the input, in place of `inputs`.
    relay: Option<Relay>,
    /// The inputs `answerer` or `relay` gave, in order.
    answered: Vec<Input>,
}

impl<'a> Feed<'a> {
    /// One input each time the program waits for one and the end of the input when it waits
    /// after the last, as `watcher` sees it; without a watcher, the whole input at once. A
    /// partner's output is relayed as [`super::converse`] says, with or without a watcher.
    fn new(stdin: Option<ChildStdin>, source: Source<'a>, watcher: Option<Watcher>) -> Feed<'a> {
        let (inputs, answerer, relay) = match source {
            Source::Fixed(inputs) => (inputs, None, None),
            Source::Answerer(answerer) => (&NoInput as &dyn Inputs, Some(answerer), None),
            Source::Partner(relay) => (&NoInput as &dyn Inputs, None, Some(relay)),
            Source::Joined(_) => (&NoInput as &dyn Inputs, None, None),
        };
        let mut feed = Feed {
            stdin,
            inputs,
            next: 0,
            pending: Vec::new(),
            sent: 0,
            close_when_written: false,
            record: watcher.as_ref().map(|_| Interleaving::default()),
            watcher,
            answerer,
            relay,
            answered: Vec::new(),
        };
        if feed.watcher.is_none() && feed.relay.is_none() {
            feed.give_the_rest();
        }
        feed
    }

    /// Moves the conversation on: the program's output to its partner, the partner's to the
    /// grader if `partner_wrote`, and a reply to the program when it has taken all it was
    /// given. Returns whether anything moved.
    fn relay<R: Read + AsFd>(&mut self, stdout: &Drain<R>, partner_wrote: bool) -> bool {
        let Some(relay) = &mut self.relay else {
            return false;
        };
        let mut moved = relay.pump(&stdout.kept, partner_wrote);
        let Some(stdin) = &self.stdin else {
            return moved;
        };
        if self.close_when_written {
            return moved;
        }
        let written = stdout.kept.len();
        // Asked of the pipe only when there is something to give.
        let taken = || self.sent == self.pending.len() && unread(stdin.as_fd()) == Some(0);
        if let Some(next) = relay.reply(written, taken) {
            match next {
                Some(input) => self.give_answer(input, written),
                // The partner has ended, and all it wrote was given.
                None => self.stdin = None,
            }
            moved = true;
        }
        moved
    }

    /// Every input not given yet, then the end of the input.
    fn give_the_rest(&mut self) {
        let inputs = self.inputs;
        for index in self.next..inputs.count() {
            self.pending.extend_from_slice(inputs.bytes(index));
        }
        self.next = inputs.count();
        self.close_when_written = true;
        self.write_ready();
    }

    /// The input pipe while there is something to write to it.
    fn pending_fd(&self) -> Option<BorrowedFd<'_>> {
        self.stdin
            .as_ref()
            .filter(|_| self.sent < self.pending.len())
            .map(AsFd::as_fd)
    }

    /// Whether the program is being watched for the moment it waits: the input is given one
    /// answer at a time, all that was given is written, the input has not ended, and for a
    /// conversation, there is a reason to look.
    fn is_watching(&self) -> bool {
        self.watcher.is_some()
            && self.stdin.is_some()
            && self.sent == self.pending.len()
            && !self.close_when_written
            && self.relay.as_ref().is_none_or(Relay::wants_watching)
    }

    /// Gives the program what it may be waiting for: the rest of the input being written, where
    /// its pipe takes it, or, where it waits for its next input, that. Returns whether it gave
    /// anything.
    fn serve<R: Read + AsFd>(&mut self, stdout: &mut Drain<R>) -> bool {
        let wrote = self.pending_fd().is_some() && self.write_ready();
        wrote || (self.is_watching() && self.look(stdout))
    }

    /// Looks whether the program waits for input and, if it does, gives it the next input
    /// (or the end of the input) after reading all it wrote before. Returns whether it did.
    fn look<R: Read + AsFd>(&mut self, stdout: &mut Drain<R>) -> bool {
        let Some(watcher) = &mut self.watcher else {
            return false;
        };
        match watcher.check(stdout.kept.len()) {
            Check::NotYet => false,
            Check::Waiting(wait) => {
                // It wrote all this before it blocked, so it is in the pipe by now.
                stdout.read_ready();
                if let Some(relay) = &mut self.relay {
                    // Sent on before the partner is looked at.
                    relay.pump(&stdout.kept, true);
                    let (Some(stdin), Some(output)) = (&self.stdin, stdout.fd()) else {
                        return false;
                    };
                    let written = stdout.kept.len();
                    return match relay.on_wait(written, [stdin.as_fd(), output]) {
                        Some(next) => {
                            // Ended by the grader: the end of the input is recorded.
                            self.give_answer(next.unwrap_or_else(Input::end), written);
                            true
                        }
                        None => false,
                    };
                }
                self.give(&stdout.kept, wait);
                true
            }
            Check::Blind => {
                // Its waiting cannot be seen: the rest of the input goes at once, as it would
                // for a system that cannot see it at all.
                self.watcher = None;
                self.record = None;
                self.give_the_rest();
                true
            }
        }
    }

    /// Gives the next input, or the end of the input after the last, to a program that has
    /// written `written` bytes and waits as `wait` says. Only a read after the last input is
    /// asking for more: an event loop polls its input for as long as it is open (Node.js's
    /// readline does on a pipe, though not on a terminal), whether the program wants more or not.
    fn give(&mut self, output: &[u8], wait: Wait) {
        let written = output.len();
        let inputs = self.inputs;
        match &mut self.answerer {
            Some(answerer) => {
                // The end of the input is an input too, as a transcript writes it (`> \z`).
                let input = answerer
                    .answer(output)
                    .map_or_else(Input::end, |line| Input::line(&line));
                self.give_answer(input, written);
            }
            None if self.next < inputs.count() => {
                let next = self.next;
                self.give_input(inputs.bytes(next), inputs.ends_input(next), written);
            }
            None => {
                if wait == Wait::Read {
                    self.record
                        .get_or_insert_with(Interleaving::default)
                        .asked_for_more = Some(written);
                }
                self.stdin = None;
            }
        }
    }

    /// Gives `input`, decided by the answerer or relayed from the partner, to a program that
    /// has written `written` bytes, and keeps it among the inputs given.
    fn give_answer(&mut self, input: Input, written: usize) {
        self.give_input(&input.bytes, input.ends_input, written);
        self.answered.push(input);
    }

    /// Gives `bytes`, the input ending after them if `ends_input`, to a program that has
    /// written `written` bytes.
    fn give_input(&mut self, bytes: &[u8], ends_input: bool, written: usize) {
        if let Some(record) = &mut self.record {
            record.given.push(written);
        }
        self.pending.drain(..self.sent);
        self.sent = 0;
        self.pending.extend_from_slice(bytes);
        self.close_when_written = ends_input;
        self.next += 1;
        self.write_ready();
    }

    /// Writes what the pipe takes now of what is pending, and closes it once all is written
    /// if the input ends there. Returns whether anything was written.
    fn write_ready(&mut self) -> bool {
        let Some(stdin) = &mut self.stdin else {
            return false;
        };
        let mut wrote = false;
        while self.sent < self.pending.len() {
            match stdin.write(&self.pending[self.sent..]) {
                Ok(written) => {
                    self.sent += written;
                    wrote = true;
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => return wrote,
                // The program closed its input: nothing more can be given.
                Err(_) => {
                    self.stdin = None;
                    return wrote;
                }
            }
        }
        if self.close_when_written {
            self.stdin = None;
        }
        wrote
    }
}

/// Which bytes of an output stream are kept.
enum Keep {
    /// The first ones, up to this many: past it the stream has overflowed.
    First(usize),
    /// The first `head` and the last `tail`: where an error is named, and where the cause of a
    /// crash usually is.
    Ends { head: usize, tail: usize },
}

/// One output stream of the program, read as it comes without blocking.
struct Drain<R> {
    pipe: Option<R>,
    /// What is kept; for [`Keep::Ends`], past the head.
    kept: Vec<u8>,
    /// The head kept, for [`Keep::Ends`].
    head: Vec<u8>,
    /// Bytes dropped between the head and what is kept.
    dropped: usize,
    keep: Keep,
    overflowed: bool,
    /// Where the pipe is read into, kept from one read to the next.
    buffer: Box<[u8]>,
}

impl<R: Read + AsFd> Drain<R> {
    fn new(pipe: Option<R>, keep: Keep) -> Drain<R> {
        Drain {
            pipe,
            kept: Vec::new(),
            head: Vec::new(),
            dropped: 0,
            keep,
            overflowed: false,
            buffer: vec![0; 8192].into_boxed_slice(),
        }
    }

    fn fd(&self) -> Option<BorrowedFd<'_>> {
        self.pipe.as_ref().map(AsFd::as_fd)
    }

    fn is_open(&self) -> bool {
        self.pipe.is_some()
    }

    /// Reads all there is now, up to a read that does not fill the buffer (which left the pipe
    /// empty); returns whether anything came, its end included.
    fn read_ready(&mut self) -> bool {
        let Some(mut pipe) = self.pipe.take() else {
            return false;
        };
        let mut buffer = std::mem::take(&mut self.buffer);
        let reading = read_now(&mut pipe, &mut buffer, |bytes| {
            self.keep(bytes);
            true
        });
        self.buffer = buffer;
        if !reading.ended {
            self.pipe = Some(pipe);
        }
        reading.came || reading.ended
    }

    /// What was kept: for [`Keep::Ends`], the head and the tail, whole lines of each, with a line
    /// that says how much was left out between them.
    fn into_kept(mut self) -> Vec<u8> {
        let Keep::Ends { tail, .. } = self.keep else {
            return self.kept;
        };
        let excess = self.kept.len().saturating_sub(tail);
        self.kept.drain(..excess);
        let mut dropped = self.dropped + excess;
        if dropped == 0 {
            self.head.append(&mut self.kept);
            return self.head;
        }
        let whole = |bytes: &[u8]| {
            bytes
                .iter()
                .rposition(|&byte| byte == b'\n')
                .map(|at| at + 1)
        };
        let head_end = whole(&self.head).unwrap_or(self.head.len());
        let tail_start = self
            .kept
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(0, |at| at + 1);
        dropped += self.head.len() - head_end + tail_start;
        let mut kept = self.head[..head_end].to_vec();
        if !kept.is_empty() && !kept.ends_with(b"\n") {
            kept.push(b'\n');
        }
        kept.extend_from_slice(format!("[... {dropped} bytes left out ...]\n").as_bytes());
        kept.extend_from_slice(&self.kept[tail_start..]);
        kept
    }

    fn keep(&mut self, mut bytes: &[u8]) {
        match self.keep {
            Keep::First(cap) => {
                let room = cap.saturating_sub(self.kept.len());
                self.kept.extend_from_slice(&bytes[..bytes.len().min(room)]);
                self.overflowed |= bytes.len() > room;
            }
            Keep::Ends { head, tail } => {
                let room = head.saturating_sub(self.head.len()).min(bytes.len());
                self.head.extend_from_slice(&bytes[..room]);
                bytes = &bytes[room..];
                self.kept.extend_from_slice(bytes);
                if self.kept.len() > 2 * tail {
                    let excess = self.kept.len() - tail;
                    self.kept.drain(..excess);
                    self.dropped += excess;
                }
            }
        }
    }
}

/// What poll is asked of `fd`: `events`, or nothing where there is no descriptor (a negative
/// one, which poll leaves out).
fn slot(fd: Option<BorrowedFd<'_>>, events: libc::c_short) -> libc::pollfd {
    libc::pollfd {
        fd: fd.map_or(-1, |fd| fd.as_raw_fd()),
        events,
        revents: 0,
    }
}

/// Sleeps until one of `fds` is ready or `timeout` has passed. An error (an interrupted call)
/// only ends the sleep early: the caller reads and writes without blocking either way.
fn wait_for_any(fds: &mut [libc::pollfd], timeout: Duration) {
    let count = libc::nfds_t::try_from(fds.len()).unwrap_or(libc::nfds_t::MAX);
    #[cfg(target_os = "linux")]
    {
        // `c_long` has 32 bits on some targets, where nanoseconds still fit.
        #[allow(clippy::unnecessary_fallible_conversions)]
        let timeout = libc::timespec {
            tv_sec: libc::time_t::try_from(timeout.as_secs()).unwrap_or(libc::time_t::MAX),
            tv_nsec: libc::c_long::try_from(timeout.subsec_nanos()).unwrap_or(0),
        };
        // SAFETY: ppoll reads and writes the `count` pollfd structs of `fds`, which it borrows
        // for the call, reads the timespec, and with a null signal mask leaves the mask alone.
        #[allow(unsafe_code)]
        unsafe {
            libc::ppoll(
                fds.as_mut_ptr(),
                count,
                &raw const timeout,
                std::ptr::null(),
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let milliseconds =
            libc::c_int::try_from(timeout.as_micros().div_ceil(1000)).unwrap_or(libc::c_int::MAX);
        // SAFETY: poll reads and writes the `count` pollfd structs of `fds`, which it borrows
        // for the call.
        #[allow(unsafe_code)]
        unsafe {
            libc::poll(fds.as_mut_ptr(), count, milliseconds);
        }
    }
}

/// Lets another task ready to run on this core run before the grader goes on.
fn yield_core() {
    // SAFETY: sched_yield takes no argument and touches no memory.
    #[allow(unsafe_code)]
    unsafe {
        libc::sched_yield();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a stream of `chunks`, kept as [`Keep::Ends`] of 12 bytes and 8, comes to.
    fn kept(chunks: &[&[u8]]) -> String {
        let nothing = std::fs::File::open("/dev/null").expect("/dev/null");
        let mut drain = Drain::new(Some(nothing), Keep::Ends { head: 12, tail: 8 });
        for chunk in chunks {
            drain.keep(chunk);
        }
        String::from_utf8_lossy(&drain.into_kept()).into_owned()
    }

    #[test]
    fn standard_error_keeps_its_first_lines_and_its_last() {
        assert_eq!(kept(&[b"short\n", b"lines\n"]), "short\nlines\n");
        // A traceback's first line and its last, whole, and how much was left out between.
        let long: Vec<u8> = b"Traceback:\n".iter().chain(&[b'x'; 40]).copied().collect();
        assert_eq!(
            kept(&[&long, b"\nError!\n"]),
            "Traceback:\n[... 41 bytes left out ...]\nError!\n"
        );
        assert_eq!(
            kept(&[b"one line with no end at all, long"]),
            "one line wit\n[... 13 bytes left out ...]\nll, long"
        );
    }
}
