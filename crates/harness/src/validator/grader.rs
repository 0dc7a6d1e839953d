//! A problem package's own grader (legacy `graders/`): run as `GRADER [FLAGS...]` with the
//! results of a group's cases and subgroups on its standard input, a line `<verdict> <score>`
//! each, it writes the group's result in the same form. It runs as the package's validators do:
//! outside the sandbox, as the setter's code, within a deadline; anything but a status of 0 and
//! one such line is a judge error.

use std::io::{Read, Write};
use std::process::Stdio;
use std::thread;

use super::{MESSAGE_LIMIT, Running};
use kata_model::case_judge::JudgeProgram;
use kata_model::package::{CustomGrader, GroupResult, ScoreError};

/// A package's grader, built: a [`CustomGrader`] that runs it.
#[derive(Debug)]
pub struct GraderProgram {
    /// The grader's command line and deadline; its `args` are not used (each group gives its
    /// flags).
    pub program: JudgeProgram,
}

/// Shared by the gradings of many submissions at once: it keeps nothing between runs.
impl CustomGrader for &GraderProgram {
    fn grade(
        &mut self,
        flags: &[String],
        results: &[GroupResult],
    ) -> Result<GroupResult, ScoreError> {
        let named = format!("the package's grader `{}`", self.program.program.label);
        let failed = |why: String| ScoreError(format!("{named} {why}"));
        let args: Vec<std::ffi::OsString> = flags.iter().map(Into::into).collect();
        let (running, pipes) =
            Running::start_with(&self.program, &args, Stdio::piped(), Stdio::piped())
                .map_err(|why| failed(format!("could not be started: {why}")))?;
        let input: String = results
            .iter()
            .map(|result| format!("{}\n", result.line()))
            .collect();
        // On threads of their own, so that a grader that reads or writes less than it should
        // never holds the grader up past its deadline.
        let writer = pipes.stdin.map(|mut stdin| {
            thread::spawn(move || {
                let _ = stdin.write_all(input.as_bytes());
            })
        });
        let reader = pipes.stdout.map(|stdout| {
            thread::spawn(move || {
                let mut kept = Vec::new();
                let _ = stdout
                    .take(u64::try_from(MESSAGE_LIMIT).unwrap_or(u64::MAX))
                    .read_to_end(&mut kept);
                kept
            })
        });
        let (ended, stderr) = running.finish();
        if let Some(writer) = writer {
            let _ = writer.join();
        }
        let output = reader
            .and_then(|reader| reader.join().ok())
            .unwrap_or_default();
        let said = String::from_utf8_lossy(&stderr);
        let said = if said.trim().is_empty() {
            String::new()
        } else {
            format!(": {}", said.trim())
        };
        match ended {
            super::Ended::Status(status) if status.success() => {}
            super::Ended::Status(status) => {
                return Err(failed(format!("ended with {status}{said}")));
            }
            super::Ended::TimedOut => {
                return Err(failed(format!(
                    "did not write a result within its {} s and was stopped",
                    self.program.timeout.as_secs_f64()
                )));
            }
            super::Ended::Lost(error) => {
                return Err(failed(format!("could not be waited for: {error}")));
            }
        }
        GroupResult::parse(&String::from_utf8_lossy(&output))
            .map_err(|error| failed(format!("gave no result: {error}{said}")))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use kata_model::package::Code;
    use runner::program::Program;

    fn shell(script: &str) -> GraderProgram {
        GraderProgram {
            program: JudgeProgram {
                program: crate::runs::command(&Program::labelled(
                    vec!["sh".into(), "-c".into(), script.into(), "sh".into()],
                    "grader.sh",
                )),
                args: Vec::new(),
                timeout: Duration::from_secs(10),
            },
        }
    }

    fn results() -> Vec<GroupResult> {
        vec![
            GroupResult {
                verdict: Code::Accepted,
                score: 2.5,
            },
            GroupResult {
                verdict: Code::WrongAnswer,
                score: 0.0,
            },
        ]
    }

    #[test]
    fn a_grader_is_given_its_flags_and_the_results_and_its_line_is_the_groups() {
        // It echoes its flags and the lines it read to its standard error, and answers.
        let mut grader = &shell("echo \"$@\" >&2; cat >&2; echo 'WA 2.5'");
        let result = grader
            .grade(
                &["min".to_owned(), "subtask_score=10".to_owned()],
                &results(),
            )
            .expect("graded");
        assert_eq!(
            result,
            GroupResult {
                verdict: Code::WrongAnswer,
                score: 2.5
            }
        );
        let mut failing = &shell("echo \"$@\" >&2; cat >&2; exit 3");
        let error = failing
            .grade(&["min".to_owned()], &results())
            .expect_err("it failed");
        assert!(
            error
                .0
                .ends_with("ended with exit status: 3: min\nAC 2.5\nWA 0"),
            "{}",
            error.0
        );
    }

    #[test]
    fn a_grader_that_writes_no_result_is_a_judge_error() {
        let error = (&shell("echo fine"))
            .grade(&[], &results())
            .expect_err("no result");
        assert!(error.0.contains("gave no result"), "{}", error.0);
    }
}
