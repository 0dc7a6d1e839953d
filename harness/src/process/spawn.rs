//! Starting a case's program: the one place where its process is set up, and the process group
//! that holds it and everything it starts.

use std::ffi::{OsStr, OsString};
use std::io;
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};

/// A started program, with our ends of its three pipes.
pub(super) struct Spawned {
    pub(super) child: Child,
    pub(super) stdin: ChildStdin,
    pub(super) stdout: ChildStdout,
    pub(super) stderr: ChildStderr,
    pub(super) group: ProcessGroup,
}

/// Starts `program` with `args` in a process group of its own, its standard streams piped.
///
/// # Errors
///
/// When it cannot be started: no such program, not executable, no resources.
pub(super) fn spawn(program: &OsStr, args: &[OsString]) -> io::Result<Spawned> {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = ProcessGroup(child.id());
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
        group.kill();
        let _ = child.wait();
        return Err(io::Error::other("a standard stream was not piped"));
    };
    Ok(Spawned {
        child,
        stdin,
        stdout,
        stderr,
        group,
    })
}

/// The process group of a case, led by the program itself: its id is the program's pid.
#[derive(Clone, Copy, Debug)]
pub(super) struct ProcessGroup(pub(super) u32);

impl ProcessGroup {
    /// Kills every process of the group.
    pub(super) fn kill(self) {
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
