//! `kata play N` for a kata whose reference is a command of its own (a script, say): the
//! command run in the kata's folder, given what is typed line by line as it is typed, its output
//! shown as it comes.

use std::io::{self, BufRead, Read, Write};
use std::process::{Command, Stdio};
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
    let (Some(executable), Some((_, args))) = (program.executable(), program.argv().split_first())
    else {
        return Err(KataError::Usage(
            "the reference is an empty command".to_owned(),
        ));
    };
    let mut command = Command::new(executable);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(folder) = program.folder() {
        command.current_dir(folder);
    }
    let mut child = command
        .spawn()
        .map_err(|error| KataError::Usage(format!("cannot run `{}`: {error}", program.label())))?;
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
    Ok(status
        .code()
        .or_else(|| {
            std::os::unix::process::ExitStatusExt::signal(&status).map(|signal| 128 + signal)
        })
        .and_then(|code| u8::try_from(code).ok())
        .unwrap_or(grade::EXIT_FAILED))
}
