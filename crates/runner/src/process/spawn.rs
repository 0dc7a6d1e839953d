//! Starting a case's program: the one place where its process is set up. It runs in a session
//! (and so a process group) of its own, with no controlling terminal, registered with the
//! [`reaper`](crate::reaper) while it runs, confined by the case's sandbox when there is one,
//! in the case's control groups when there are, unable to write a file beyond the disk limit,
//! with the stack its limits give it where they give one, and with a managed runtime's heap
//! sized to its memory limit ([`crate::runtime`]).

use std::env;
use std::ffi::{OsStr, OsString};
use std::io::{PipeReader, PipeWriter};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};

use crate::cgroup::CaseGroup;
use crate::launch::{self, LaunchError};
use crate::reaper::{self, Registration};
use crate::sandbox::CaseSandbox;

/// A started program, with our ends of its pipes: all three, or, joined to a partner, its
/// standard error's alone.
pub(super) struct Spawned {
    pub(super) child: Child,
    pub(super) stdin: Option<ChildStdin>,
    pub(super) stdout: Option<ChildStdout>,
    pub(super) stderr: ChildStderr,
    /// Its registration as a running case: its process group, which holds everything it starts
    /// that does not leave it.
    pub(super) case: Registration,
}

/// Where a case's program reads and writes.
pub(super) enum Streams {
    /// Pipes to the grader, which gives it its input and reads its output.
    Piped,
    /// Pipes to a partner program: it reads `input`, which the partner writes, and writes
    /// `output`, which the partner reads.
    Joined {
        input: PipeReader,
        output: PipeWriter,
    },
}

/// What confines a case's program.
pub(super) struct Confinement<'a> {
    /// Its sandbox, if it runs in one.
    pub(super) sandbox: Option<&'a CaseSandbox>,
    /// Its control groups, where they can be made.
    pub(super) group: Option<&'a CaseGroup>,
    /// The largest file it may write, in bytes.
    pub(super) file_size: u64,
    /// Its memory limit, in bytes.
    pub(super) memory: u64,
    /// Its stack limit, in bytes, where it has one of its own.
    pub(super) stack: Option<u64>,
}

/// Starts `program` with `args` in `folder` (else the grader's own), its standard input and
/// output as `streams` says and its standard error piped, confined as `confinement` says.
///
/// # Errors
///
/// Why it cannot be started: the program's fault (no such program, not executable), or the
/// grader's (no file descriptors or processes left).
pub(super) fn spawn(
    program: &OsStr,
    args: &[OsString],
    folder: Option<&Path>,
    confinement: &Confinement<'_>,
    streams: Streams,
) -> Result<Spawned, LaunchError> {
    let mut command = Command::new(program);
    if let Some(folder) = folder {
        if !folder.is_dir() {
            return Err(LaunchError::Program(format!(
                "its folder `{}` is not there",
                folder.display()
            )));
        }
        command.current_dir(folder);
    }
    let piped = matches!(streams, Streams::Piped);
    let (stdin, stdout) = match streams {
        Streams::Piped => (Stdio::piped(), Stdio::piped()),
        Streams::Joined { input, output } => (input.into(), output.into()),
    };
    command
        .args(args)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(Stdio::piped());
    bound(&mut command, confinement);
    if let Some(sandbox) = confinement.sandbox {
        sandbox.confine(&mut command, confinement.file_size);
    }
    // Outside the sandbox the program has the grader's environment, and its own runtime options.
    let inherited = confinement.sandbox.is_none();
    for (name, value) in crate::runtime::environment(confinement.memory, |name| {
        inherited.then(|| env::var_os(name)).flatten()
    }) {
        command.env(name, value);
    }
    let spawned = reaper::spawn(&mut command);
    // The partner's pipes, held by the command, are the program's alone from here.
    drop(command);
    let (mut child, case) = spawned.map_err(|error| launch::diagnose(program, error))?;
    let (stdin, stdout) = (child.stdin.take(), child.stdout.take());
    let stderr = child.stderr.take();
    let (Some(stderr), true) = (
        stderr,
        stdin.is_some() == piped && stdout.is_some() == piped,
    ) else {
        reaper::kill_group(case.group());
        let _ = child.wait();
        return Err(LaunchError::Grader(std::io::Error::other(
            "a standard stream was not piped",
        )));
    };
    Ok(Spawned {
        child,
        stdin,
        stdout,
        stderr,
        case,
    })
}

/// Makes the program join its control groups and limits the size of the files it writes (and
/// its stack, where it has a limit of its own), before it starts, so that nothing it starts
/// escapes either.
fn bound(command: &mut Command, confinement: &Confinement<'_>) {
    let joins = confinement.group.map(CaseGroup::join_fds);
    let file_size = libc::rlimit {
        rlim_cur: confinement.file_size,
        rlim_max: confinement.file_size,
    };
    let stack = confinement.stack.map(stack_limit);
    // SAFETY: between fork and exec only async-signal-safe calls are allowed: write(2) of a
    // constant byte to descriptors the group keeps open (they close on exec), and setrlimit(2)
    // of values on the stack; nothing is allocated.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            for &fd in joins.iter().flatten() {
                if libc::write(fd, b"0".as_ptr().cast(), 1) != 1 {
                    return Err(std::io::Error::last_os_error());
                }
            }
            if libc::setrlimit(libc::RLIMIT_FSIZE, &raw const file_size) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            if let Some(stack) = &stack
                && libc::setrlimit(libc::RLIMIT_STACK, stack) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// A stack limit of `bytes`, within the grader's own hard limit, which an unprivileged process
/// cannot raise.
fn stack_limit(bytes: u64) -> libc::rlimit {
    let mut own = libc::rlimit {
        rlim_cur: libc::RLIM_INFINITY,
        rlim_max: libc::RLIM_INFINITY,
    };
    // SAFETY: getrlimit(2) writes the one struct it is given, which lives on the stack here.
    #[allow(unsafe_code)]
    let read = unsafe { libc::getrlimit(libc::RLIMIT_STACK, &raw mut own) };
    let most = if read == 0 {
        own.rlim_max
    } else {
        libc::RLIM_INFINITY
    };
    let bytes = bytes.min(most);
    libc::rlimit {
        rlim_cur: bytes,
        rlim_max: bytes,
    }
}
