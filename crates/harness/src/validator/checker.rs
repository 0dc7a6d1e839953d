//! A kata's checker: run after the learner's program has ended, given the case's input and
//! answer as files and the program's output on its standard input, it decides the case.

use std::io::{self, Write};
use std::process::Stdio;
use std::thread;

use super::{JudgeFiles, Role, Running, Validation, not_started, validation};
use kata_model::case_judge::JudgeProgram;

/// What `judge` decides of `output`, a run's standard output, on a case whose input is `input`
/// and whose expected answer is `answer`.
///
/// # Errors
///
/// The grader's own failure: the judge's files could not be written.
pub fn check(
    judge: &JudgeProgram,
    input: &[u8],
    answer: &[u8],
    output: &[u8],
) -> io::Result<Validation> {
    let files = JudgeFiles::new(input, answer)?;
    let (running, pipes) = match Running::start(judge, &files, Stdio::piped(), Stdio::null()) {
        Ok(started) => started,
        Err(why) => return Ok(not_started(judge, Role::Checker, &why)),
    };
    // On a thread of its own, so that a checker that does not read all of it (it decided on
    // the first line) never holds the grader up; what it does not read is dropped.
    let output = output.to_vec();
    let writer = pipes.stdin.map(|mut stdin| {
        thread::spawn(move || {
            let _ = stdin.write_all(&output);
        })
    });
    let (ended, stderr) = running.finish();
    if let Some(writer) = writer {
        let _ = writer.join();
    }
    Ok(validation(judge, Role::Checker, &files, &ended, &stderr))
}
