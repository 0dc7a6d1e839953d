//! Starting a case's program: the one place where its process is set up. It runs in a session
//! (and so a process group) of its own, with no controlling terminal, registered with the
//! [`reaper`](crate::reaper) while it runs, and confined by the case's sandbox when there is one.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::{Child, ChildStderr, ChildStdin, ChildStdout, Command, Stdio};

use crate::launch::{self, LaunchError};
use crate::reaper::{self, Registration};
use crate::sandbox::CaseSandbox;

/// A started program, with our ends of its three pipes.
pub(super) struct Spawned {
    pub(super) child: Child,
    pub(super) stdin: ChildStdin,
    pub(super) stdout: ChildStdout,
    pub(super) stderr: ChildStderr,
    /// Its registration as a running case: its process group, which holds everything it starts
    /// that does not leave it.
    pub(super) case: Registration,
}

/// Starts `program` with `args` in `folder` (else the grader's own), its standard streams
/// piped, in `sandbox` if given.
///
/// # Errors
///
/// Why it cannot be started: the program's fault (no such program, not executable), or the
/// grader's (no file descriptors or processes left).
pub(super) fn spawn(
    program: &OsStr,
    args: &[OsString],
    folder: Option<&Path>,
    sandbox: Option<&CaseSandbox>,
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
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(sandbox) = sandbox {
        sandbox.confine(&mut command);
    }
    let (mut child, case) =
        reaper::spawn(&mut command).map_err(|error| launch::diagnose(program, error))?;
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(stdin), Some(stdout), Some(stderr)) = pipes else {
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
