//! Running a program on one case: a fresh process in its own process group, its input fed and
//! its output drained concurrently, within a time limit and an output cap.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

/// How long a case may run and how much it may write.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Wall-clock time for the whole run.
    pub timeout: Duration,
    /// Bytes of standard output; the program is killed as soon as it writes more.
    pub max_stdout: usize,
    /// Bytes of standard error kept: the last ones, where the cause of a crash usually is.
    pub stderr_tail: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            timeout: Duration::from_secs(10),
            max_stdout: 1 << 20,
            stderr_tail: 16 << 10,
        }
    }
}

/// How a run ended.
#[derive(Debug)]
pub enum Outcome {
    /// The program could not be started: the command as given, and why.
    CannotStart(String),
    /// It ran past the time limit and was killed.
    TimedOut,
    /// It wrote more than the output cap and was killed.
    TooMuchOutput,
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
    /// How long it ran.
    pub duration: Duration,
}

/// Runs `argv` with `stdin` as its whole input. Whatever happens, every process of its group
/// is gone when this returns.
#[must_use]
pub fn run(argv: &[OsString], stdin: &[u8], limits: Limits) -> Run {
    let started = Instant::now();
    let Some((program, args)) = argv.split_first() else {
        return Run {
            outcome: Outcome::CannotStart("an empty command".to_owned()),
            stdout: Vec::new(),
            stderr: Vec::new(),
            duration: Duration::ZERO,
        };
    };
    let spawned = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn();
    let mut child = match spawned {
        Ok(child) => child,
        Err(error) => {
            return Run {
                outcome: Outcome::CannotStart(format!("`{}`: {error}", program.to_string_lossy())),
                stdout: Vec::new(),
                stderr: Vec::new(),
                duration: started.elapsed(),
            };
        }
    };
    let group = ProcessGroup(child.id());
    let (stdin_pipe, stdout_pipe, stderr_pipe) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let input = stdin.to_vec();
    let (exited, exit_received) = mpsc::channel();

    thread::scope(|scope| {
        scope.spawn(move || {
            if let Some(mut pipe) = stdin_pipe {
                // A program may end without reading all its input: that is not an error here.
                let _ = pipe.write_all(&input);
            }
        });
        let stdout = scope.spawn(|| {
            stdout_pipe.map_or((Vec::new(), false), |pipe| {
                read_capped(pipe, limits.max_stdout, &group)
            })
        });
        let stderr = scope.spawn(|| {
            stderr_pipe
                .map(|pipe| read_tail(pipe, limits.stderr_tail))
                .unwrap_or_default()
        });
        scope.spawn(move || {
            let _ = exited.send(child.wait());
        });

        let waited = exit_received.recv_timeout(limits.timeout);
        // The leader has ended or is out of time: nothing of the group may outlive the case.
        group.kill();
        let status = match waited {
            Ok(status) => Some(status),
            Err(_) => {
                let _ = exit_received.recv();
                None
            }
        };
        let (stdout, overflowed) = stdout.join().unwrap_or_default();
        let stderr = stderr.join().unwrap_or_default();
        let outcome = match status {
            None => Outcome::TimedOut,
            Some(_) if overflowed => Outcome::TooMuchOutput,
            Some(Ok(status)) => match (status.code(), status.signal()) {
                (Some(code), _) => Outcome::Exited(code),
                (None, Some(signal)) => Outcome::Signaled(signal),
                (None, None) => Outcome::Exited(-1),
            },
            Some(Err(error)) => Outcome::CannotStart(format!(
                "waiting for `{}`: {error}",
                program.to_string_lossy()
            )),
        };
        Run {
            outcome,
            stdout,
            stderr,
            duration: started.elapsed(),
        }
    })
}

/// The process group of a case, led by the program itself.
struct ProcessGroup(u32);

impl ProcessGroup {
    fn kill(&self) {
        let Ok(id) = libc::pid_t::try_from(self.0) else {
            return;
        };
        // SAFETY: kill(2) with a negative pid signals the group; it has no memory effects, and a
        // group that is already gone only makes it fail with ESRCH.
        #[allow(unsafe_code)]
        unsafe {
            libc::kill(-id, libc::SIGKILL);
        }
    }
}

/// Reads all of `pipe`, keeping at most `cap` bytes; past the cap, kills `group` and drains the
/// rest. Returns what was kept and whether the cap was passed.
fn read_capped(mut pipe: impl Read, cap: usize, group: &ProcessGroup) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut buffer = [0; 8192];
    let mut overflowed = false;
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => return (kept, overflowed),
            Ok(read) if !overflowed => {
                let room = cap - kept.len();
                kept.extend_from_slice(&buffer[..read.min(room)]);
                if read > room {
                    overflowed = true;
                    group.kill();
                }
            }
            Ok(_) => {}
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return (kept, overflowed),
        }
    }
}

/// Reads all of `pipe`, keeping its last `tail` bytes.
fn read_tail(mut pipe: impl Read, tail: usize) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buffer = [0; 8192];
    loop {
        match pipe.read(&mut buffer) {
            Ok(0) => break,
            Ok(read) => {
                kept.extend_from_slice(&buffer[..read]);
                if kept.len() > 2 * tail {
                    kept.drain(..kept.len() - tail);
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    let excess = kept.len().saturating_sub(tail);
    kept.drain(..excess);
    kept
}
