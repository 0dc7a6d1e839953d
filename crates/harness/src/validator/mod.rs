//! A case judged by a program of its kata rather than by one transcript, through the output
//! validator interface of the problem package format (Kattis, the ICPC): the kata's program is
//! run as `JUDGE INPUT ANSWER FEEDBACK_DIR [ARGS...]`, where `INPUT` holds the case's input and
//! `ANSWER` its expected answer; it exits with 42 to accept and 43 to reject, and may leave
//! `teammessage.txt` (for the learner), `judgemessage.txt` (for the instructor) and `score.txt`
//! (the fraction of the case's points earned) in `FEEDBACK_DIR`. A [`checker`] is run after
//! the learner's program, with its output on standard input; an [`interactor`] runs beside it,
//! the two connected both ways through the grader. Anything else the kata's program does (any
//! other status, a crash, a hang) is the author's fault, never the learner's: a judge error.
//!
//! The kata's programs run outside the learner's sandbox, as the kata's author's own code, in
//! the kata's folder, each with a deadline of its own.

pub mod checker;
pub mod grader;
pub mod input;
pub mod interactor;
pub mod tokens;

use std::fs;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, ChildStdout, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

pub use kata_model::case_judge::{JUDGE_TIMEOUT as DEFAULT_TIMEOUT, Role};

use crate::runs;
use kata_model::case_judge::JudgeProgram;
use kata_model::package::DefaultFlags;
use runner::reaper::{self, Registration};

/// The exit status with which a kata's judge accepts a run.
pub const ACCEPTED: i32 = 42;
/// The exit status with which a kata's judge rejects a run.
pub const REJECTED: i32 = 43;
/// The most bytes read of a feedback file, and kept of a judge's standard error.
const MESSAGE_LIMIT: usize = 16 << 10;

/// What a kata's judge decided of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Validation {
    /// Accepted, rejected, or not decided at all.
    pub decision: Decision,
    /// `teammessage.txt`: what the learner is told.
    pub team_message: String,
    /// `judgemessage.txt`, and the judge's standard error: what the instructor is told.
    pub judge_message: String,
    /// `score.txt`: the fraction of the case's points earned, from 0 to 1, where it gave one.
    pub score: Option<f64>,
}

impl Validation {
    /// The validation of a run that never reached the judge (it did not run to its end): it
    /// decides nothing against the program's own verdict.
    #[must_use]
    pub fn unneeded() -> Validation {
        Validation {
            decision: Decision::Accepted,
            team_message: String::new(),
            judge_message: String::new(),
            score: None,
        }
    }

    /// The decision of the default output validation on `output` against `answer`, by `flags`.
    #[must_use]
    pub fn of_tokens(answer: &[u8], output: &[u8], flags: &DefaultFlags) -> Validation {
        let (decision, team_message) = match tokens::validate(answer, output, flags) {
            Ok(()) => (Decision::Accepted, String::new()),
            Err(why) => (Decision::Rejected, capitalised(&why)),
        };
        Validation {
            decision,
            team_message,
            judge_message: String::new(),
            score: None,
        }
    }
}

/// `text` with its first letter a capital, and a full stop at its end.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    let mut sentence: String = chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    if !sentence.ends_with('.') {
        sentence.push('.');
    }
    sentence
}

/// A judge's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decision {
    /// It exited with [`ACCEPTED`].
    Accepted,
    /// It exited with [`REJECTED`].
    Rejected,
    /// It did not decide: why, naming the judge ("the kata's checker `...` exited with status
    /// 1").
    Failed(String),
}

/// The files a judge is given: the case's input and answer, and the feedback folder, in a
/// temporary folder of their own that goes with this.
struct JudgeFiles {
    folder: tempfile::TempDir,
}

impl JudgeFiles {
    /// The files of a case whose input is `input` and whose answer is `answer`.
    fn new(input: &[u8], answer: &[u8]) -> io::Result<JudgeFiles> {
        let folder = tempfile::Builder::new().prefix("grade-judge-").tempdir()?;
        fs::write(folder.path().join("input"), input)?;
        fs::write(folder.path().join("answer"), answer)?;
        fs::create_dir(folder.path().join("feedback"))?;
        Ok(JudgeFiles { folder })
    }

    fn input(&self) -> PathBuf {
        self.folder.path().join("input")
    }

    fn answer(&self) -> PathBuf {
        self.folder.path().join("answer")
    }

    fn feedback(&self) -> PathBuf {
        self.folder.path().join("feedback")
    }

    /// What the judge left in the feedback folder, read up to [`MESSAGE_LIMIT`] a file.
    fn message(&self, name: &str) -> String {
        read_capped(&self.feedback().join(name))
    }
}

/// A file's text up to [`MESSAGE_LIMIT`] bytes, trimmed; empty when it is not there.
fn read_capped(path: &Path) -> String {
    let mut bytes = Vec::new();
    if let Ok(file) = fs::File::open(path) {
        let _ = file
            .take(u64::try_from(MESSAGE_LIMIT).unwrap_or(u64::MAX))
            .read_to_end(&mut bytes);
    }
    String::from_utf8_lossy(&bytes).trim().to_owned()
}

/// A judge program, started: its process group registered with the reaper, its standard error
/// kept by a thread of its own, its exit waited for by another.
struct Running {
    registration: Registration,
    /// Set once it has ended with a status other than [`ACCEPTED`]: it rejected the program, or
    /// failed.
    decided: Arc<AtomicBool>,
    /// Set once it has ended, however.
    ended: Arc<AtomicBool>,
    exited: mpsc::Receiver<io::Result<std::process::ExitStatus>>,
    stderr: thread::JoinHandle<Vec<u8>>,
    /// When it is stopped if it has not ended.
    deadline: Instant,
}

/// How a judge program ended.
enum Ended {
    Status(std::process::ExitStatus),
    TimedOut,
    Lost(io::Error),
}

impl Running {
    /// Starts `judge` on `files`, its standard input and output as `stdin` and `stdout` say,
    /// handing back the pipes to them that were asked for.
    fn start(
        judge: &JudgeProgram,
        files: &JudgeFiles,
        stdin: Stdio,
        stdout: Stdio,
    ) -> Result<(Running, Pipes), String> {
        let mut args = vec![
            files.input().into_os_string(),
            files.answer().into_os_string(),
            files.feedback().into_os_string(),
        ];
        args.extend(judge.args.iter().map(Into::into));
        Running::start_with(judge, &args, stdin, stdout)
    }

    /// Starts `judge`'s program with `args` after its own, its standard input and output as
    /// `stdin` and `stdout` say, handing back the pipes to them that were asked for.
    fn start_with(
        judge: &JudgeProgram,
        args: &[std::ffi::OsString],
        stdin: Stdio,
        stdout: Stdio,
    ) -> Result<(Running, Pipes), String> {
        let program = runs::program(&judge.program);
        let (Some(executable), Some((_, own))) =
            (program.executable(), program.argv().split_first())
        else {
            return Err("an empty command".to_owned());
        };
        let mut command = Command::new(executable);
        command.args(own).args(args).stdin(stdin).stdout(stdout);
        if let Some(folder) = program.folder() {
            command.current_dir(folder);
        }
        Running::spawn(command, judge.timeout)
    }

    /// Starts `command`, its standard error kept, stopped at `timeout` from now.
    fn spawn(mut command: Command, timeout: Duration) -> Result<(Running, Pipes), String> {
        command.stderr(Stdio::piped());
        let (mut child, registration) =
            reaper::spawn(&mut command).map_err(|error| error.to_string())?;
        let pipes = Pipes {
            stdin: child.stdin.take(),
            stdout: child.stdout.take(),
        };
        let stderr = child.stderr.take();
        let stderr = thread::spawn(move || {
            let mut kept = Vec::new();
            if let Some(mut stderr) = stderr {
                let mut chunk = [0; 8192];
                while let Ok(read) = stderr.read(&mut chunk) {
                    if read == 0 {
                        break;
                    }
                    kept.extend_from_slice(&chunk[..read]);
                    if kept.len() > MESSAGE_LIMIT {
                        kept.drain(..kept.len() - MESSAGE_LIMIT);
                    }
                }
            }
            kept
        });
        let (sender, exited) = mpsc::channel();
        let decided = Arc::new(AtomicBool::new(false));
        let deciding = Arc::clone(&decided);
        let ended = Arc::new(AtomicBool::new(false));
        let ending = Arc::clone(&ended);
        thread::spawn(move || {
            let status = child.wait();
            if status
                .as_ref()
                .is_ok_and(|status| status.code() != Some(ACCEPTED))
            {
                deciding.store(true, Ordering::Release);
            }
            ending.store(true, Ordering::Release);
            let _ = sender.send(status);
        });
        Ok((
            Running {
                registration,
                decided,
                ended,
                exited,
                stderr,
                deadline: Instant::now() + timeout,
            },
            pipes,
        ))
    }

    /// Waits for it to end, by its deadline; past it, its group is killed. Nothing it started
    /// is left running.
    fn finish(self) -> (Ended, Vec<u8>) {
        let left = self.deadline.saturating_duration_since(Instant::now());
        let ended = match self.exited.recv_timeout(left) {
            Ok(Ok(status)) => Ended::Status(status),
            Ok(Err(error)) => Ended::Lost(error),
            Err(_) => Ended::TimedOut,
        };
        reaper::kill_group(self.registration.group());
        if matches!(ended, Ended::TimedOut) {
            let _ = self.exited.recv();
        }
        let stderr = self.stderr.join().unwrap_or_default();
        (ended, stderr)
    }
}

/// The pipes to a judge program's standard input and output, where they were asked for.
struct Pipes {
    stdin: Option<ChildStdin>,
    stdout: Option<ChildStdout>,
}

/// The validation of a judge that ended as `ended`, with `stderr`, on `files`.
fn validation(
    judge: &JudgeProgram,
    role: Role,
    files: &JudgeFiles,
    ended: &Ended,
    stderr: &[u8],
) -> Validation {
    let named = judge.named(role);
    let decision = match ended {
        Ended::Status(status) => match status.code() {
            Some(ACCEPTED) => Decision::Accepted,
            Some(REJECTED) => Decision::Rejected,
            Some(code) => Decision::Failed(format!(
                "{named} exited with status {code}, which is neither {ACCEPTED} (accepted) nor \
                 {REJECTED} (wrong answer)"
            )),
            None => Decision::Failed(format!(
                "{named} was killed by signal {}",
                std::os::unix::process::ExitStatusExt::signal(status).unwrap_or_default()
            )),
        },
        Ended::TimedOut => Decision::Failed(format!(
            "{named} did not decide within its {} s and was stopped",
            judge.timeout.as_secs_f64()
        )),
        Ended::Lost(error) => Decision::Failed(format!("{named} could not be waited for: {error}")),
    };
    let mut judge_message = files.message("judgemessage.txt");
    let stderr = String::from_utf8_lossy(stderr);
    let stderr = stderr.trim();
    if !stderr.is_empty() {
        if !judge_message.is_empty() {
            judge_message.push('\n');
        }
        judge_message.push_str(&format!("Its standard error:\n{stderr}"));
    }
    let score_text = files.message("score.txt");
    let (decision, score) = match score_text.parse::<f64>() {
        _ if score_text.is_empty() => (decision, None),
        Ok(score) if (0.0..=1.0).contains(&score) => (decision, Some(score)),
        _ => (
            Decision::Failed(format!(
                "{named} wrote `{score_text}` in score.txt, which is not a fraction from 0 to 1"
            )),
            None,
        ),
    };
    Validation {
        decision,
        team_message: files.message("teammessage.txt"),
        judge_message,
        score,
    }
}

/// The validation of a judge that could not be started: `why`.
fn not_started(judge: &JudgeProgram, role: Role, why: &str) -> Validation {
    Validation {
        decision: Decision::Failed(format!("{} could not be started: {why}", judge.named(role))),
        team_message: String::new(),
        judge_message: String::new(),
        score: None,
    }
}
