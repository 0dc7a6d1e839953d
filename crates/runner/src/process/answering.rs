//! Running a program whose every answer is decided when it waits, from what it has written so
//! far: a case of a kata whose right output is a set of runs, not one transcript (a game against
//! a computer that moves at random, say), whose answers can only be chosen once the program has
//! shown where it moved.

use std::io;
use std::time::Instant;

use super::limits::Limits;
use super::outcome::Run;
use super::{drive, watch};
use crate::input::Input;
use crate::program::Program;
use crate::sandbox::Sandbox;

/// Decides each answer of a run at the moment the program waits for one.
pub trait Answerer: Send {
    /// The line to give (without its newline) to a program that has written `output` so far
    /// and now waits for input; `None` ends its input.
    fn answer(&mut self, output: &[u8]) -> Option<String>;
}

/// Runs `program` as [`super::run`] does one answer at a time, each answer decided by
/// `answerer` when the program waits. Returns the run and the inputs given, in order: with the
/// run's [`Run::interleaving`], where each was given.
///
/// Where the system cannot show when a program waits, no answer can be chosen after seeing the
/// output: the run is then `Outcome::CannotStart`, saying why.
///
/// # Errors
///
/// The grader's own failure, as for [`super::run`].
pub fn run_answering(
    program: &Program,
    answerer: &mut dyn Answerer,
    limits: Limits,
    sandbox: &Sandbox,
) -> io::Result<(Run, Vec<Input>)> {
    let started = Instant::now();
    if let Err(unsupported) = watch::support() {
        let why = format!(
            "this case chooses each answer after seeing the program's output, which needs one \
             answer at a time, and this system cannot show when a program waits: {unsupported}"
        );
        return Ok((Run::cannot_start(why, started), Vec::new()));
    }
    // Confined and bounded as [`super::run`] confines and bounds a case.
    let mut case = match super::start(program, limits, sandbox, true, super::spawn::Streams::Piped)?
    {
        Ok(case) => case,
        Err(why) => return Ok((Run::cannot_start(why, started), Vec::new())),
    };
    let (run, inputs, _) = drive::drive_with(
        case.spawned,
        drive::Source::Answerer(answerer),
        case.watcher,
        limits,
        started,
        &mut case.bounds,
    );
    Ok((run, inputs))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Answers each question with how many it has seen so far in the output, then ends the
    /// input.
    struct Counting;

    impl Answerer for Counting {
        fn answer(&mut self, output: &[u8]) -> Option<String> {
            let asked = output.windows(3).filter(|window| window == b"Q: ").count();
            (asked < 3).then(|| format!("seen {asked}"))
        }
    }

    #[test]
    fn each_answer_is_decided_from_the_output_when_the_program_waits() {
        if watch::support().is_err() {
            return;
        }
        let script = "while printf 'Q: ' && read -r line; do echo \"got $line\"; done; echo end";
        let program = Program::command(vec!["sh".into(), "-c".into(), script.into()]);
        let (run, inputs) = run_answering(
            &program,
            &mut Counting,
            Limits::default(),
            &Sandbox::off("a test's own program"),
        )
        .expect("the grader runs");
        let given: Vec<&[u8]> = inputs.iter().map(|input| input.bytes.as_slice()).collect();
        assert_eq!(given, [&b"seen 1\n"[..], b"seen 2\n", b""]);
        assert!(inputs[2].ends_input);
        assert_eq!(
            String::from_utf8_lossy(&run.stdout),
            "Q: got seen 1\nQ: got seen 2\nQ: end\n"
        );
        let record = run.interleaving.expect("given one answer at a time");
        assert_eq!(record.given, [3, 17, 31]);
    }
}
