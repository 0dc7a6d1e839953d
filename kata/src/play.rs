//! `kata play N` for a kata whose reference is a command of its own (a script, say): the
//! command run in the kata's folder, given what is typed line by line as it is typed, its output
//! shown as it comes.

use std::io::{self, BufRead, Read, Write};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread;

use harness::Program;

use crate::error::KataError;

/// Runs `program` with `input` as its standard input and `out` and `err` as its output and
/// errors; returns its exit status (128 + the signal, as a shell says, when one ended it).
///
/// # Errors
///
/// When the program cannot be started, or `out` cannot be written.
pub fn run<R: BufRead + Send + 'static>(
    program: &Program,
    input: R,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<u8, KataError> {
    let mut command = command(program)?;
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = spawn(&mut command, program)?;
    if let Some(mut stdin) = child.stdin.take() {
        // Each line is passed on as it is read; the program's input ends with ours.
        thread::spawn(move || {
            for line in input.lines() {
                let Ok(line) = line else { break };
                if writeln!(stdin, "{line}").is_err() {
                    break;
                }
            }
        });
    }
    let stderr = child.stderr.take().map(|mut stderr| {
        thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = stderr.read_to_end(&mut bytes);
            bytes
        })
    });
    if let Some(mut stdout) = child.stdout.take() {
        let mut buffer = [0; 8192];
        loop {
            match stdout.read(&mut buffer) {
                Ok(0) => break,
                Ok(read) => {
                    out.write_all(&buffer[..read])?;
                    out.flush()?;
                }
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    }
    if let Some(bytes) = stderr.and_then(|reader| reader.join().ok()) {
        err.write_all(&bytes)?;
    }
    let status = child.wait().map_err(KataError::Output)?;
    Ok(exit_status(status))
}

/// Runs `program` on this process's own standard streams, which it inherits: whoever drives
/// `kata play` drives the program itself. Returns its exit status, as [`run`] does.
///
/// # Errors
///
/// When the program cannot be started.
pub fn run_on_own_streams(program: &Program) -> Result<u8, KataError> {
    let mut child = spawn(&mut command(program)?, program)?;
    let status = child.wait().map_err(KataError::Output)?;
    Ok(exit_status(status))
}

/// The command that runs `program`, in its folder, its streams not yet chosen.
fn command(program: &Program) -> Result<Command, KataError> {
    let (Some(executable), Some((_, args))) = (program.executable(), program.argv().split_first())
    else {
        return Err(KataError::Usage(
            "the reference is an empty command".to_owned(),
        ));
    };
    let mut command = Command::new(executable);
    command.args(args);
    if let Some(folder) = program.folder() {
        command.current_dir(folder);
    }
    Ok(command)
}

fn spawn(command: &mut Command, program: &Program) -> Result<Child, KataError> {
    command
        .spawn()
        .map_err(|error| KataError::Usage(format!("cannot run `{}`: {error}", program.label())))
}

/// An exit status as a shell says it: 128 + the signal when one ended the program.
fn exit_status(status: ExitStatus) -> u8 {
    status
        .code()
        .or_else(|| {
            std::os::unix::process::ExitStatusExt::signal(&status).map(|signal| 128 + signal)
        })
        .and_then(|code| u8::try_from(code).ok())
        .unwrap_or(grade::EXIT_FAILED)
}
