//! A problem package's input validator run on one test input, as the format runs it:
//! `VALIDATOR [ARGS...] < INPUT`, exiting with 42 when the input is valid and 43 when it is
//! not; what it writes on its standard output and error is its message.

use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

use super::{ACCEPTED, Ended, MESSAGE_LIMIT, REJECTED, Running};
use runner::program::Program;

/// How long an input validator may take on one input before it is stopped: the format sets it
/// no limit, as it runs while a package is made, not while submissions are judged.
pub const INPUT_TIMEOUT: Duration = Duration::from_secs(60);

/// What an input validator said of an input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputCheck {
    /// Valid, invalid, or neither.
    pub decision: InputDecision,
    /// What it wrote, its standard output then its standard error, trimmed.
    pub message: String,
}

/// An input validator's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputDecision {
    /// It exited with 42.
    Valid,
    /// It exited with 43.
    Invalid,
    /// It decided neither: why ("exited with status 1, which is neither 42 (valid) nor 43
    /// (invalid)").
    Failed(String),
}

/// Runs `validator` with `args` on the input in the file `input`, stopped after `timeout`.
#[must_use]
pub fn validate_input(
    validator: &Program,
    args: &[String],
    input: &Path,
    timeout: Duration,
) -> InputCheck {
    let failed = |why: String| InputCheck {
        decision: InputDecision::Failed(why),
        message: String::new(),
    };
    let (Some(executable), Some((_, own))) =
        (validator.executable(), validator.argv().split_first())
    else {
        return failed("an empty command".to_owned());
    };
    let stdin = match File::open(input) {
        Ok(file) => file,
        Err(error) => return failed(format!("{} cannot be read: {error}", input.display())),
    };
    let mut command = Command::new(executable);
    command
        .args(own)
        .args(args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::piped());
    if let Some(folder) = validator.folder() {
        command.current_dir(folder);
    }
    let (running, pipes) = match Running::spawn(command, timeout) {
        Ok(started) => started,
        Err(why) => return failed(format!("could not be started: {why}")),
    };
    let stdout = pipes.stdout.map(|mut stdout| {
        thread::spawn(move || {
            let mut kept = Vec::new();
            let mut chunk = [0; 8192];
            while let Ok(read) = stdout.read(&mut chunk) {
                if read == 0 {
                    break;
                }
                let room = MESSAGE_LIMIT.saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..read.min(room)]);
            }
            kept
        })
    });
    let (ended, stderr) = running.finish();
    let stdout = stdout
        .and_then(|reader| reader.join().ok())
        .unwrap_or_default();
    let decision = match ended {
        Ended::Status(status) => match status.code() {
            Some(ACCEPTED) => InputDecision::Valid,
            Some(REJECTED) => InputDecision::Invalid,
            Some(code) => InputDecision::Failed(format!(
                "exited with status {code}, which is neither {ACCEPTED} (valid) nor {REJECTED} \
                 (invalid)"
            )),
            None => InputDecision::Failed(format!(
                "was killed by signal {}",
                std::os::unix::process::ExitStatusExt::signal(&status).unwrap_or_default()
            )),
        },
        Ended::TimedOut => InputDecision::Failed(format!(
            "did not decide within {} s and was stopped",
            timeout.as_secs_f64()
        )),
        Ended::Lost(error) => InputDecision::Failed(format!("could not be waited for: {error}")),
    };
    let message = [stdout, stderr]
        .iter()
        .map(|bytes| String::from_utf8_lossy(bytes).trim().to_owned())
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join("\n");
    InputCheck { decision, message }
}

#[cfg(test)]
mod tests {
    use std::ffi::OsString;

    use super::*;

    fn sh(script: &str) -> Program {
        Program::command(vec![
            OsString::from("sh"),
            OsString::from("-c"),
            OsString::from(script),
            OsString::from("validator"),
        ])
    }

    #[test]
    fn forty_two_is_valid_forty_three_invalid_and_any_other_status_neither() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let input = dir.path().join("1.in");
        std::fs::write(&input, "5\n").expect("write");
        let script = "read n; if [ \"$n\" -le \"$1\" ]; then exit 42; fi; \
                      echo \"$n is above $1\" >&2; exit 43";
        let check =
            |max: &str| validate_input(&sh(script), &[max.to_owned()], &input, INPUT_TIMEOUT);
        assert_eq!(check("9").decision, InputDecision::Valid);
        assert_eq!(
            check("3"),
            InputCheck {
                decision: InputDecision::Invalid,
                message: "5 is above 3".to_owned()
            }
        );
        let crashed = validate_input(&sh("echo read it; exit 1"), &[], &input, INPUT_TIMEOUT);
        assert_eq!(
            crashed,
            InputCheck {
                decision: InputDecision::Failed(
                    "exited with status 1, which is neither 42 (valid) nor 43 (invalid)".to_owned()
                ),
                message: "read it".to_owned()
            }
        );
    }

    #[test]
    fn a_validator_past_its_time_is_stopped() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let input = dir.path().join("1.in");
        std::fs::write(&input, "").expect("write");
        let check = validate_input(&sh("sleep 5"), &[], &input, Duration::from_millis(100));
        assert_eq!(
            check.decision,
            InputDecision::Failed("did not decide within 0.1 s and was stopped".to_owned())
        );
    }
}
