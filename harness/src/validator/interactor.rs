//! A kata's interactor: run beside the learner's program for the whole of a case, what it
//! writes is the program's input and what the program writes is its input. The grader stays in
//! the middle, so that the program is still given one line at a time when it waits (the
//! [`Answerer`] of its run), every line the interactor sent is in the case's transcript as an
//! input, and the program keeps its sandbox and its limits while the interactor keeps its own
//! deadline.

use std::fs;
use std::io::{self, Read, Write};
use std::process::Stdio;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use super::{JudgeFiles, JudgeProgram, Role, Running, Validation, not_started, validation};
use crate::process::Answerer;

/// How long the grader waits for the interactor's next line before it looks whether the
/// interactor waits for the program in turn.
const LOOK: Duration = Duration::from_millis(10);
/// How many looks in a row must find the interactor waiting for the program's output, while
/// the program waits for input, before the two are taken to wait for each other.
const STILL_LOOKS: u32 = 3;

/// How many of the interactor's lines the grader holds that the program has not taken yet.
const LINES_HELD: usize = 1024;

/// A kata's interactor, running beside one run of a learner's program.
pub struct Interaction<'a> {
    judge: &'a JudgeProgram,
    files: JudgeFiles,
    /// `None` when it could not be started: why.
    running: Result<Running, String>,
    /// The program's output on its way to the interactor, on a thread of its own so that an
    /// interactor that does not read never holds the grader up.
    to_judge: Option<mpsc::Sender<Vec<u8>>>,
    /// The interactor's lines, as a thread of their own reads them.
    lines: mpsc::Receiver<Vec<u8>>,
    /// How much of the program's output has been sent on.
    forwarded: usize,
    /// Whether the program and the interactor waited for each other, and the grader ended the
    /// program's input.
    stalled: bool,
    /// Whether the interactor's output was seen to close while the program ran.
    judge_ended_first: bool,
}

/// What an interaction came to: the interactor's decision, and whether the program waited for
/// input while the interactor waited for its output.
#[derive(Clone, Debug, PartialEq)]
pub struct Interacted {
    /// The interactor's decision and messages.
    pub validation: Validation,
    /// Whether each waited for the other (the program's output still in its buffer).
    pub stalled: bool,
    /// Whether the interactor closed its output (it was done, or gave up) before the program
    /// ended: a program that then failed at the end of its input failed because of it.
    pub judge_ended_first: bool,
}

impl<'a> Interaction<'a> {
    /// Starts `judge` on a case whose input is `input` and whose answer is `answer`. It may run
    /// for as long as the program may (`program_timeout`) and its own deadline beyond, and for
    /// no more than its own deadline once the program has ended.
    ///
    /// # Errors
    ///
    /// The grader's own failure: the interactor's files could not be written.
    pub fn start(
        judge: &'a JudgeProgram,
        input: &[u8],
        answer: &[u8],
        program_timeout: Duration,
    ) -> io::Result<Interaction<'a>> {
        let files = JudgeFiles::new(input, answer)?;
        // Bounded, so that an interactor that floods a program that does not read is held up
        // by its pipe, not kept in the grader's memory.
        let (lines_sender, lines) = mpsc::sync_channel(LINES_HELD);
        let (to_judge, outgoing) = mpsc::channel::<Vec<u8>>();
        let running = Running::start(judge, &files, Stdio::piped(), Stdio::piped()).map(
            |(mut running, pipes)| {
                running.deadline += program_timeout;
                if let Some(mut stdin) = pipes.stdin {
                    thread::spawn(move || {
                        for chunk in outgoing {
                            if stdin
                                .write_all(&chunk)
                                .and_then(|()| stdin.flush())
                                .is_err()
                            {
                                break;
                            }
                        }
                    });
                }
                if let Some(stdout) = pipes.stdout {
                    thread::spawn(move || read_lines(stdout, &lines_sender));
                }
                running
            },
        );
        Ok(Interaction {
            judge,
            files,
            running,
            to_judge: Some(to_judge),
            lines,
            forwarded: 0,
            stalled: false,
            judge_ended_first: false,
        })
    }

    /// Sends on what the program wrote after what was sent already.
    fn forward(&mut self, output: &[u8]) {
        if let Some(new) = output.get(self.forwarded..)
            && !new.is_empty()
            && let Some(to_judge) = &self.to_judge
        {
            let _ = to_judge.send(new.to_vec());
        }
        self.forwarded = self.forwarded.max(output.len());
    }

    /// Ends the interaction after the program's run, whose whole output is `output`: the rest
    /// of it sent on, the interactor's input closed, its decision waited for by its deadline.
    #[must_use]
    pub fn finish(mut self, output: &[u8]) -> Interacted {
        // Looked at before the interactor is told the program has ended.
        while let Ok(_unread) = self.lines.try_recv() {}
        if matches!(self.lines.try_recv(), Err(mpsc::TryRecvError::Disconnected)) {
            self.judge_ended_first = true;
        }
        self.forward(output);
        self.to_judge = None;
        let validation = match self.running {
            Ok(mut running) => {
                // The program has ended: the interactor has its own time from now at most.
                running.deadline = running
                    .deadline
                    .min(std::time::Instant::now() + self.judge.timeout);
                let (ended, stderr) = running.finish();
                validation(self.judge, Role::Interactor, &self.files, &ended, &stderr)
            }
            Err(why) => not_started(self.judge, Role::Interactor, &why),
        };
        Interacted {
            validation,
            stalled: self.stalled,
            judge_ended_first: self.judge_ended_first,
        }
    }
}

impl Answerer for Interaction<'_> {
    fn answer(&mut self, output: &[u8]) -> Option<String> {
        self.forward(output);
        let Ok(running) = &self.running else {
            return None;
        };
        let mut still = 0;
        loop {
            match self.lines.recv_timeout(LOOK) {
                Ok(line) => return Some(String::from_utf8_lossy(&line).into_owned()),
                // The interactor closed its output: the program's input ends.
                Err(RecvTimeoutError::Disconnected) => {
                    self.judge_ended_first = true;
                    return None;
                }
                Err(RecvTimeoutError::Timeout) => {
                    if running.late() {
                        return None;
                    }
                    if waits_for_input(running.registration.group()) {
                        still += 1;
                        if still >= STILL_LOOKS {
                            self.stalled = true;
                            return None;
                        }
                    } else {
                        still = 0;
                    }
                }
            }
        }
    }
}

/// Reads `stdout` a line at a time (without its line break) onto `lines`, and what follows the
/// last line break at its end.
fn read_lines(mut stdout: impl Read, lines: &mpsc::SyncSender<Vec<u8>>) {
    let mut pending = Vec::new();
    let mut chunk = [0; 8192];
    loop {
        match stdout.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => {
                pending.extend_from_slice(&chunk[..read]);
                while let Some(end) = pending.iter().position(|&byte| byte == b'\n') {
                    let mut line: Vec<u8> = pending.drain(..=end).collect();
                    line.pop();
                    if lines.send(line).is_err() {
                        return;
                    }
                }
            }
        }
    }
    if !pending.is_empty() {
        let _ = lines.send(pending);
    }
}

/// The number of the `read` system call, as `/proc/<pid>/syscall` gives it.
#[cfg(target_arch = "x86_64")]
const READ: u64 = 0;
#[cfg(target_arch = "aarch64")]
const READ: u64 = 63;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const READ: u64 = u64::MAX;

/// The numbers of the poll-family calls (`poll`, `select`, `ppoll`, `pselect6`, `epoll_wait`,
/// `epoll_pwait`, `epoll_pwait2`), in which an interactor that reads with a timeout waits.
#[cfg(target_arch = "x86_64")]
const POLLS: &[u64] = &[7, 23, 232, 270, 271, 281, 441];
#[cfg(target_arch = "aarch64")]
const POLLS: &[u64] = &[22, 72, 73, 441];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const POLLS: &[u64] = &[];

/// Whether the interactor, the process `leader` and every process it started, waits for the
/// program's output: no thread runs, and some thread is in a `read` of its standard input or in
/// a poll-family call (which descriptors it watches is not read: an interactor asleep in one
/// while the program waits for it has nothing else to wait for). An interactor that waits some
/// other way is never taken to wait, and the grader falls back on its deadline.
fn waits_for_input(leader: i32) -> bool {
    let mut reading = false;
    let mut pending = vec![leader];
    while let Some(pid) = pending.pop() {
        let Ok(threads) = fs::read_dir(format!("/proc/{pid}/task")) else {
            continue;
        };
        for thread in threads.flatten() {
            let task = thread.path();
            let stat = fs::read_to_string(task.join("stat")).unwrap_or_default();
            let state = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.trim_start().chars().next());
            if matches!(state, Some('R' | 'D')) {
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
            let children = fs::read_to_string(task.join("children")).unwrap_or_default();
            pending.extend(
                children
                    .split_whitespace()
                    .filter_map(|pid| pid.parse::<i32>().ok()),
            );
        }
    }
    reading
}
