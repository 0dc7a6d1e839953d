//! A kata's data in the runner's terms: a case's inputs, how it is given them and a stage's
//! limits as the runner takes them, a judge's command as a program; and the inputs a run was
//! given as a transcript writes them.

use kata_model::case_judge::Command;
use kata_model::fixture::Fixture;
use kata_model::kata::StageLimits;
use kata_model::transcript::Input;
use runner::process::{Limits, Mode};
use runner::program::Program;

/// A transcript's inputs as the runner gives them, read where the transcript keeps them.
pub struct Given<'a>(pub &'a [Input]);

impl runner::Inputs for Given<'_> {
    fn count(&self) -> usize {
        self.0.len()
    }

    fn bytes(&self, index: usize) -> &[u8] {
        &self.0[index].bytes
    }

    fn ends_input(&self, index: usize) -> bool {
        self.0[index].ends_input
    }
}

/// `inputs`, as the runner gave them to a program, as a transcript writes them.
#[must_use]
pub fn given(inputs: Vec<runner::Input>) -> Vec<Input> {
    inputs
        .into_iter()
        .map(|input| Input::given(input.bytes, input.ends_input))
        .collect()
}

/// How `fixture` is given its input when grading asks for `mode`: a case given by its input
/// file is given all of it at once, as a problem package's program expects (it may be far
/// longer than anything typed at a keyboard); a transcript, as asked.
#[must_use]
pub fn mode_of(fixture: &Fixture, mode: Mode) -> Mode {
    if fixture.is_input_case() {
        Mode::WholeInput
    } else {
        mode
    }
}

/// A stage's limits laid over the runner's.
pub trait Over {
    /// `limits` with the ones this sets in their place.
    #[must_use]
    fn over(self, limits: Limits) -> Limits;
}

impl Over for StageLimits {
    fn over(self, limits: Limits) -> Limits {
        Limits {
            memory: self.memory.unwrap_or(limits.memory),
            processes: self.processes.unwrap_or(limits.processes),
            disk: self.disk.unwrap_or(limits.disk),
            timeout: self.timeout.unwrap_or(limits.timeout),
            max_stdout: self.output.unwrap_or(limits.max_stdout),
            run_past_stdout: self.run_past_output || limits.run_past_stdout,
            stack: self.stack.or(limits.stack),
            ..limits
        }
    }
}

/// `command`, a kata's, as the program the runner starts.
#[must_use]
pub fn program(command: &Command) -> Program {
    let program = Program::labelled(command.argv.clone(), command.label.clone());
    match &command.folder {
        Some(folder) => program.in_folder(folder),
        None => program,
    }
}

/// `program`, built or found by the grader, as a kata's command.
#[must_use]
pub fn command(program: &Program) -> Command {
    Command {
        argv: program.argv().to_vec(),
        folder: program.folder().map(ToOwned::to_owned),
        label: program.label().to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_stage_sets_the_limits_it_names_and_keeps_the_others() {
        let stage = StageLimits {
            memory: Some(1 << 30),
            processes: Some(64),
            timeout: Some(Duration::from_secs(15)),
            ..StageLimits::default()
        };
        let limits = stage.over(Limits::default());
        assert_eq!(
            (limits.memory, limits.processes, limits.disk, limits.timeout),
            (1 << 30, 64, Limits::DISK, Duration::from_secs(15))
        );
        assert_eq!(limits.wall(), Duration::from_secs(60));
        assert_eq!(
            StageLimits::default().over(Limits::default()),
            Limits::default()
        );
    }

    #[test]
    fn inputs_given_by_the_runner_read_as_a_transcript_writes_them() {
        let given = given(vec![
            runner::Input::line("a > b"),
            runner::Input {
                bytes: b"no line break".to_vec(),
                ends_input: false,
            },
            runner::Input::end(),
        ]);
        let written: Vec<&str> = given.iter().map(|input| input.written.as_str()).collect();
        assert_eq!(written, ["a \\x3e b", "no line break", "\\z"]);
        assert_eq!(runner::Inputs::bytes(&Given(&given), 0), b"a > b\n");
    }

    #[test]
    fn a_command_and_its_program_are_the_same_words_in_the_same_folder() {
        let command = Command {
            argv: vec!["python3".into(), "judge.py".into()],
            folder: Some("/kata".into()),
            label: "python3 judge.py".to_owned(),
        };
        let program = program(&command);
        assert_eq!(program.folder(), Some(std::path::Path::new("/kata")));
        assert_eq!(self::command(&program), command);
    }
}
