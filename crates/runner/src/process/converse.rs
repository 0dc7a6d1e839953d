//! Running a program in conversation with a partner program (a kata's interactor): what the
//! partner writes is the program's input, what the program writes is the partner's, relayed by
//! the grader as it comes, so that the conversation is recorded and the program keeps its
//! sandbox and limits.
//!
//! # Relaying
//!
//! The program's output goes on to the partner as soon as it is read. A line of the partner's
//! goes on to the program at once when the program has taken everything it was given before
//! (nothing is left in its input pipe) and has written something since it was last given a line:
//! a reply to what it wrote, given as a pipe would give it. Lines the partner sends ahead of the
//! program (two at once, or one before the program has written anything since the last) are held
//! and given one at a time, each when the program waits for input, as a transcript's inputs are;
//! so is what the partner wrote after its last line break. When the partner ends its output, the
//! rest is given and the program's input ends.
//!
//! # Waiting for each other
//!
//! The two wait for each other when, in this order, the program is seen waiting for input (as
//! [`super`] says), the partner is seen waiting for the program (every thread of its processes
//! asleep, one of them reading its standard input or in a poll-family call), and nothing is on
//! its way between them: nothing in the grader's hands, and nothing in any of the four pipes
//! (`FIONREAD`). The looks come one after the other, but the grader is the only one that writes
//! to either's input and writes nothing in between: a program seen blocked stays blocked, and
//! what either wrote before it blocked is still in a pipe at the last look. No look is repeated
//! and no time is waited for: however slow a busy machine makes them, the two are taken to wait
//! for each other only when they do. The grader then ends the program's input.
//!
//! While the conversation goes, the grader keeps looking at the pipes for a moment after each
//! exchange ([`super::drive`]) rather than sleeping: a relay that slept between every two
//! messages would wake as often as the two programs do, and on a virtual machine waking an idle
//! core costs more than a message.

use std::collections::VecDeque;
use std::fs;
use std::io::{self, Write};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::process::{ChildStdin, ChildStdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use crate::input::Input;

/// How many bytes of the partner's output the grader holds that the program has not been
/// given, at most: past it the partner is held up by its pipe, not kept in the grader's memory.
const MOST_HELD: usize = 1 << 20;

/// The other side of a conversation, as the grader holds it.
#[derive(Debug)]
pub struct Partner {
    /// Its standard input: the program's output goes there.
    pub input: ChildStdin,
    /// Its standard output: the program's input.
    pub output: ChildStdout,
    /// Its process group, looked at to see whether it waits for the program.
    pub group: i32,
    /// When it is out of time: the program's input ends then.
    pub deadline: Instant,
    /// Set by whoever waits for the partner once it has ended in a way that decides the case
    /// against the program (a validator's rejection): the program is then stopped, as a judge
    /// stops it, rather than left to run to its limit on an input that has ended.
    pub decided: Arc<AtomicBool>,
}

/// What became of a conversation, and what is left of the partner's pipes once the program has
/// ended.
#[derive(Debug)]
pub struct Conversed {
    /// Whether the two waited for each other, and the grader ended the program's input.
    pub stalled: bool,
    /// Whether the partner closed its output before the program ended.
    pub partner_ended_first: bool,
    /// The partner's input, still open, and the program's output not yet written to it.
    pub input: Option<(ChildStdin, Vec<u8>)>,
    /// The partner's output, still open.
    pub output: Option<ChildStdout>,
}

impl Conversed {
    /// Tells the partner the program has ended: writes it the rest of the program's output and
    /// closes its input, and reads its output to its end, on threads of their own, so that a
    /// partner that neither reads nor ends never holds the grader up (it is stopped at its
    /// deadline, which ends them).
    pub fn end_partner_input(&mut self) {
        if let Some((mut input, rest)) = self.input.take()
            && super::nonblocking::set_blocking(input.as_fd(), true).is_ok()
        {
            thread::spawn(move || {
                let _ = input.write_all(&rest);
            });
        }
        if let Some(mut output) = self.output.take()
            && super::nonblocking::set_blocking(output.as_fd(), true).is_ok()
        {
            thread::spawn(move || {
                let _ = io::copy(&mut output, &mut io::sink());
            });
        }
    }
}

/// A conversation being relayed by [`super::drive`].
#[derive(Debug)]
pub(super) struct Relay {
    input: Option<ChildStdin>,
    output: Option<ChildStdout>,
    group: i32,
    deadline: Instant,
    /// How much of the program's output has been taken to be sent on.
    forwarded: usize,
    /// The program's output not yet written to the partner.
    to_partner: Vec<u8>,
    /// The partner's output not yet given to the program: a queue, as it is given a line at a
    /// time from its front while more comes at its back (a megabyte given line by line would
    /// otherwise move the rest each line).
    held: VecDeque<u8>,
    /// How much the program had written when it was last given a line.
    last_given_at: Option<usize>,
    stalled: bool,
    partner_ended_first: bool,
    /// Since when the partner has had all the program wrote, with no answer yet.
    awaiting: Option<Instant>,
    /// How long the program has waited for its partner's answers, up to `awaiting`.
    awaited: Duration,
    /// Where the partner's output is read into, kept from one read to the next.
    chunk: Box<[u8]>,
    /// [`Partner::decided`].
    decided: Arc<AtomicBool>,
}

impl Relay {
    /// Takes `partner`'s pipes to relay through without blocking.
    pub(super) fn new(partner: Partner) -> io::Result<Relay> {
        super::nonblocking::set_blocking(partner.input.as_fd(), false)?;
        super::nonblocking::set_blocking(partner.output.as_fd(), false)?;
        Ok(Relay {
            input: Some(partner.input),
            output: Some(partner.output),
            group: partner.group,
            deadline: partner.deadline,
            forwarded: 0,
            to_partner: Vec::new(),
            held: VecDeque::new(),
            last_given_at: None,
            stalled: false,
            partner_ended_first: false,
            awaiting: None,
            awaited: Duration::ZERO,
            chunk: vec![0; 8192].into_boxed_slice(),
            decided: partner.decided,
        })
    }

    /// Whether the partner ended before the program, and ended deciding the case: nothing the
    /// program does after can change it.
    pub(super) fn partner_decided(&self) -> bool {
        self.partner_ended_first && self.decided.load(Ordering::Acquire)
    }

    /// The partner's pipes to wait on: its output, and its input while something is to be
    /// written to it.
    pub(super) fn fds(&self) -> [(Option<BorrowedFd<'_>>, libc::c_short); 2] {
        let input = self
            .input
            .as_ref()
            .filter(|_| !self.to_partner.is_empty())
            .map(AsFd::as_fd);
        let output = self
            .output
            .as_ref()
            .filter(|_| self.held.len() < MOST_HELD)
            .map(AsFd::as_fd);
        [(output, libc::POLLIN), (input, libc::POLLOUT)]
    }

    /// Moves what can move now: the program's new output (of all it wrote, `output`) to the
    /// partner, and, if `partner_wrote` (its pipe was seen ready, or the grader must have all of
    /// it), the partner's output into the grader's hands. Returns whether anything moved.
    pub(super) fn pump(&mut self, output: &[u8], partner_wrote: bool) -> bool {
        if let Some(new) = output.get(self.forwarded..)
            && !new.is_empty()
        {
            // The program is at work again.
            self.answered();
            if self.input.is_some() {
                self.to_partner.extend_from_slice(new);
            }
            self.forwarded = output.len();
        }
        let wrote = self.write_to_partner();
        if wrote && self.to_partner.is_empty() && self.held.is_empty() {
            self.awaiting.get_or_insert_with(Instant::now);
        }
        let came = partner_wrote && self.read_from_partner();
        if came {
            self.answered();
        }
        wrote | came
    }

    /// Ends a wait for the partner's answer, if one was going on.
    fn answered(&mut self) {
        if let Some(since) = self.awaiting.take() {
            self.awaited += since.elapsed();
        }
    }

    /// How long the program has waited for its partner so far: the time from each moment the
    /// partner had all the program wrote until its answer came, the program wrote again, or the
    /// partner was seen waiting for the program. It is not the program's own time.
    pub(super) fn awaited(&self) -> Duration {
        self.awaited
            + self
                .awaiting
                .map_or(Duration::ZERO, |since| since.elapsed())
    }

    /// Looks, when nothing has moved for a while, whether a partner that has been answering
    /// waits for the program after all: from then on the time is the program's.
    pub(super) fn look_when_quiet(&mut self) {
        if self.awaiting.is_some() && waits_for_input(self.group) {
            self.answered();
        }
    }

    /// Writes what the partner's input takes now.
    fn write_to_partner(&mut self) -> bool {
        let Some(input) = &mut self.input else {
            self.to_partner.clear();
            return false;
        };
        let mut written = 0;
        while written < self.to_partner.len() {
            match input.write(&self.to_partner[written..]) {
                Ok(count) => written += count,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) if error.kind() == io::ErrorKind::WouldBlock => break,
                // The partner closed its input: it takes nothing more.
                Err(_) => {
                    self.input = None;
                    self.to_partner.clear();
                    return true;
                }
            }
        }
        self.to_partner.drain(..written);
        written > 0
    }

    /// Reads all the partner has written by now: up to a read that does not fill the buffer,
    /// which left the pipe empty.
    fn read_from_partner(&mut self) -> bool {
        let Some(output) = &mut self.output else {
            return false;
        };
        if self.held.len() >= MOST_HELD {
            return false;
        }
        let held = &mut self.held;
        let reading = super::nonblocking::read_now(output, &mut self.chunk, |bytes| {
            held.extend(bytes);
            held.len() < MOST_HELD
        });
        if reading.ended {
            self.output = None;
            self.partner_ended_first = true;
        }
        reading.came || reading.ended
    }

    /// Whether the partner has ended its output, or is out of time: nothing more comes.
    pub(super) fn partner_done(&self) -> bool {
        self.output.is_none() || Instant::now() >= self.deadline
    }

    /// What to give a program that has written `written` bytes and has taken all it was given
    /// (`taken` says), without waiting for it to ask: a reply to what it wrote since its last line, or
    /// the rest once the partner has ended its output. `Some(None)` ends its input; `None` gives
    /// nothing now.
    pub(super) fn reply(
        &mut self,
        written: usize,
        taken: impl FnOnce() -> bool,
    ) -> Option<Option<Input>> {
        if !self.partner_done() && !self.held.contains(&b'\n') {
            return None;
        }
        if !taken() {
            return None;
        }
        if self.partner_done() {
            // Everything the partner wrote has been read: the rest goes, then the end.
            return Some(self.next_piece(true, written));
        }
        let replying = self.last_given_at.is_none_or(|given| written > given);
        if replying && self.held.contains(&b'\n') {
            return Some(self.next_piece(false, written));
        }
        None
    }

    /// What to give a program that has written `written` bytes and waits for input: the next
    /// line held (or what the partner wrote after its last line break); the end of its input if
    /// the two wait for each other, or the partner has ended or is out of time; `None` to give
    /// nothing yet. `pipes` are the program's input and output.
    pub(super) fn on_wait(
        &mut self,
        written: usize,
        pipes: [BorrowedFd<'_>; 2],
    ) -> Option<Option<Input>> {
        if !self.held.is_empty() || self.partner_done() {
            return Some(self.next_piece(self.output.is_none(), written));
        }
        if self.partner_waits(pipes) {
            self.stalled = true;
            return Some(None);
        }
        None
    }

    /// Whether a program waiting for input waits for the program, with nothing between them.
    fn partner_waits(&self, program: [BorrowedFd<'_>; 2]) -> bool {
        let (Some(input), Some(output)) = (&self.input, &self.output) else {
            return false;
        };
        self.to_partner.is_empty()
            && self.held.is_empty()
            && waits_for_input(self.group)
            && [input.as_fd(), output.as_fd(), program[0], program[1]]
                .into_iter()
                .all(|fd| unread(fd) == Some(0))
    }

    /// Whether the grader holds something of the partner's for the program.
    pub(super) fn holds(&self) -> bool {
        !self.held.is_empty()
    }

    /// Whether the program is to be watched for the moment it waits: the grader holds a line
    /// of the partner's, or the two may be waiting for each other.
    pub(super) fn wants_watching(&self) -> bool {
        !self.held.is_empty()
            || (self.to_partner.is_empty() && self.input.is_some() && self.output.is_some())
    }

    /// The next line held, or all that is held if it has no line break or `rest`; `None` when
    /// nothing is held. `written` is how much the program has written.
    fn next_piece(&mut self, rest: bool, written: usize) -> Option<Input> {
        if self.held.is_empty() {
            return None;
        }
        let end = match self.held.iter().position(|&byte| byte == b'\n') {
            Some(at) if !rest => at + 1,
            _ => self.held.len(),
        };
        let bytes: Vec<u8> = self.held.drain(..end).collect();
        self.last_given_at = Some(written);
        Some(given(bytes))
    }

    /// Ends the relay once the program has ended, with all it wrote, `output`, sent on.
    pub(super) fn finish(mut self, output: &[u8]) -> Conversed {
        // Looked at before the partner is told the program has ended: what it wrote since is
        // read to see whether it ended, and goes nowhere.
        self.held.clear();
        self.read_from_partner();
        self.pump(output, true);
        Conversed {
            stalled: self.stalled,
            // After the grader ended the program's input, what the program then wrote (a prompt
            // its exit flushed) may have ended the partner: that ending came second.
            partner_ended_first: self.partner_ended_first && !self.stalled,
            input: self.input.map(|input| (input, self.to_partner)),
            output: self.output,
        }
    }
}

/// `bytes` the partner wrote, as an input the program was given: a line with its line break,
/// or bytes with none.
fn given(bytes: Vec<u8>) -> Input {
    Input {
        bytes,
        ends_input: false,
    }
}

/// How many bytes a pipe holds, `None` where that cannot be asked.
pub(super) fn unread(fd: BorrowedFd<'_>) -> Option<usize> {
    let mut count: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int, the bytes the pipe holds, to the address given, which
    // points to `count`; it reads nothing else of ours.
    #[allow(unsafe_code)]
    let asked = unsafe { libc::ioctl(fd.as_raw_fd(), libc::FIONREAD, &raw mut count) };
    (asked == 0).then(|| usize::try_from(count).unwrap_or_default())
}

/// The number of the `read` system call, as `/proc/<pid>/syscall` gives it.
#[cfg(target_arch = "x86_64")]
const READ: u64 = 0;
#[cfg(target_arch = "aarch64")]
const READ: u64 = 63;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const READ: u64 = u64::MAX;

/// The numbers of the poll-family calls (`poll`, `select`, `ppoll`, `pselect6`, `epoll_wait`,
/// `epoll_pwait`, `epoll_pwait2`), in which a partner that reads with a timeout waits.
#[cfg(target_arch = "x86_64")]
const POLLS: &[u64] = &[7, 23, 232, 270, 271, 281, 441];
#[cfg(target_arch = "aarch64")]
const POLLS: &[u64] = &[22, 72, 73, 441];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const POLLS: &[u64] = &[];

/// Whether the partner, the process `leader` and every process it started, waits for the
/// program's output: no thread runs, and some thread is in a `read` of its standard input or in
/// a poll-family call (which descriptors it watches is not read: a partner asleep in one while
/// the program waits for it, with nothing in either's pipes, has nothing else to wait for). A
/// partner that waits some other way is never taken to wait, and the grader falls back on its
/// deadline.
pub(super) fn waits_for_input(leader: i32) -> bool {
    let mut reading = false;
    let mut pending = vec![leader];
    while let Some(pid) = pending.pop() {
        let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for thread in threads.flatten() {
            let task = thread.path();
            let stat = fs::read_to_string(task.join("stat")).unwrap_or_default();
            if matches!(super::proc_files::state(&stat), Some('R' | 'D')) {
                return false;
            }
            let syscall = fs::read_to_string(task.join("syscall")).unwrap_or_default();
            let mut fields = syscall.split_whitespace();
            let number = fields.next().and_then(|field| field.parse::<u64>().ok());
            let descriptor = fields.next();
            let polling = number.is_some_and(|number| POLLS.contains(&number));
            if polling || number == Some(READ) && descriptor == Some("0x0") {
                reading = true;
            }
            pending.extend(children(&task));
        }
    }
    reading
}

/// Whether some process of the partner, the process `leader` and every process it started,
/// holds a descriptor of the pipe whose link in `/proc/<pid>/fd` reads `link`.
pub(super) fn holds_pipe(leader: i32, link: &str) -> bool {
    let mut pending = vec![leader];
    while let Some(pid) = pending.pop() {
        let Ok(fds) = fs::read_dir(format!("/proc/{pid}/fd")) else {
            continue;
        };
        let held = fds
            .flatten()
            .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target.as_os_str() == link));
        if held {
            return true;
        }
        let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for thread in threads.flatten() {
            pending.extend(children(&thread.path()));
        }
    }
    false
}

/// The processes a thread, its folder in `/proc` given, has started.
fn children(task: &std::path::Path) -> Vec<i32> {
    fs::read_to_string(task.join("children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|pid| pid.parse().ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use std::process::{Command, Stdio};

    use super::*;

    /// A partner that says `hi` and then waits in a read of its input, and a relay of it that
    /// has not read what it said yet.
    fn partner_that_said_hi() -> (std::process::Child, Relay) {
        let (child, relay) = relay_of("echo hi; read line; echo \"got $line\"");
        let group = relay.group;
        let waiting = Instant::now() + Duration::from_secs(10);
        while !waits_for_input(group) {
            assert!(Instant::now() < waiting, "the partner never waited");
            thread::sleep(Duration::from_millis(1));
        }
        (child, relay)
    }

    /// A partner that runs `script` in `sh`, and a relay of it.
    fn relay_of(script: &str) -> (std::process::Child, Relay) {
        let mut child = Command::new("sh")
            .args(["-c", script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("sh starts");
        let partner = Partner {
            input: child.stdin.take().expect("its input"),
            output: child.stdout.take().expect("its output"),
            group: i32::try_from(child.id()).expect("a pid"),
            deadline: Instant::now() + Duration::from_secs(60),
            decided: Arc::default(),
        };
        (child, Relay::new(partner).expect("its pipes"))
    }

    #[test]
    fn a_partner_waiting_with_its_line_still_in_its_pipe_does_not_wait_for_the_program() {
        let (mut child, mut relay) = partner_that_said_hi();
        let (program_reads, _program_input) = io::pipe().expect("a pipe");
        let (_program_output, program_writes) = io::pipe().expect("a pipe");
        let program = || [program_reads.as_fd(), program_writes.as_fd()];
        // However long the grader took to look, `hi` is on its way: no one waits for anyone.
        assert!(waits_for_input(relay.group));
        assert!(!relay.partner_waits(program()));
        // Read by the grader, it is in its hands: still on its way.
        relay.pump(b"", true);
        assert_eq!(relay.held, b"hi\n");
        assert!(!relay.partner_waits(program()));
        assert_eq!(
            relay
                .on_wait(0, program())
                .flatten()
                .map(|input| input.bytes),
            Some(b"hi\n".to_vec())
        );
        // Given, with nothing left anywhere, the two wait for each other.
        assert!(relay.partner_waits(program()));
        // Unless the program's own pipes hold something.
        let mut output = program_writes.try_clone().expect("a clone");
        output.write_all(b"answer\n").expect("written");
        assert!(!relay.partner_waits(program()));
        let _ = child.kill();
        let _ = child.wait();
    }
}
