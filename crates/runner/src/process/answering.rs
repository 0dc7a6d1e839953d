//! What decides each answer of a run when the program waits, from what it has written so far:
//! for a case of a kata whose right output is a set of runs, not one transcript (a game against
//! a computer that moves at random, say), whose answers can only be chosen once the program has
//! shown where it moved. A leaf of `process`: the file that drives a run asks it, and
//! [`run_answering`](super::run_answering) starts such a run.

/// Decides each answer of a run at the moment the program waits for one.
pub trait Answerer: Send {
    /// The line to give (without its newline) to a program that has written `output` so far
    /// and now waits for input; `None` ends its input.
    fn answer(&mut self, output: &[u8]) -> Option<String>;
}

#[cfg(test)]
mod tests {
    use super::super::watch;
    use super::*;
    use crate::process::{Limits, run_answering};
    use crate::program::Program;
    use crate::sandbox::Sandbox;

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
