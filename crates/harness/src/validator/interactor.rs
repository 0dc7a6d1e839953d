//! A kata's interactor: run beside the learner's program for the whole of a case, what it
//! writes is the program's input and what the program writes is its input. A kata's interactor
//! has the grader in the middle ([`runner::process::run_conversing`] relays the two), so that
//! every line it sent is in the case's transcript as an input, and lines it sends ahead of the
//! program are still given one at a time when the program waits. A problem package's
//! interactive validator is joined to the program by pipes ([`runner::process::run_joined`]), as
//! the format's judges join them: a conversation of a hundred thousand exchanges costs what the
//! pipes cost, and is not recorded. Either way the program keeps its sandbox and its limits
//! while the interactor keeps its own deadline.

use std::io;
use std::process::Stdio;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::{JudgeFiles, Role, Validation, not_started, validation};
use crate::runs;
use kata_model::case_judge::JudgeProgram;
use kata_model::transcript::Input;
use runner::process::{self, JoinedPartner, Limits, Mode, Partner, Run};
use runner::program::Program;
use runner::reaper;
use runner::sandbox::Sandbox;

/// What an interaction came to: the interactor's decision, and whether the program waited for
/// input while the interactor waited for its output.
#[derive(Clone, Debug, PartialEq)]
pub struct Interacted {
    /// The interactor's decision and messages.
    pub validation: Validation,
    /// Whether each waited for the other (the program's output still in its buffer).
    pub stalled: bool,
    /// Whether the interactor closed its output (it was done, or gave up) before the program
    /// ended: a program that then failed at the end of its input failed because of it.
    pub judge_ended_first: bool,
    /// Whether the two were joined by pipes, with nothing of the grader's between them.
    pub joined: bool,
}

/// Plays one case: `program`, in `sandbox` and within `limits`, beside `judge` started on a
/// case whose input is `input` and whose answer is `answer`, the two joined by pipes if
/// `joined`, else what the judge writes given to the program a line at a time. The interactor
/// may run for as long as the program may on the clock (`program_time`) and its own deadline beyond, and for no
/// more than its own deadline once the program has ended. Returns the program's run, the inputs
/// it was given, and what the interaction came to.
///
/// # Errors
///
/// The grader's own failure: the interactor's files could not be written, or the program could
/// not be run.
pub fn play(
    (judge, joined): (&JudgeProgram, bool),
    (input, answer): (&[u8], &[u8]),
    program: &Program,
    (limits, program_time): (Limits, Duration),
    sandbox: &Sandbox,
) -> io::Result<(Run, Vec<Input>, Interacted)> {
    let files = JudgeFiles::new(input, answer)?;
    // The interactor and the program inherit the core from the thread that starts them.
    let _one_core = process::OneCore::hold();
    if joined {
        return play_joined(judge, &files, program, (limits, program_time), sandbox);
    }
    let started = super::Running::start(judge, &files, Stdio::piped(), Stdio::piped());
    let (mut running, stdin, stdout) = match started {
        Ok((
            running,
            super::Pipes {
                stdin: Some(stdin),
                stdout: Some(stdout),
            },
        )) => (running, stdin, stdout),
        Ok((running, _)) => {
            reaper::kill_group(running.registration.group());
            return unplayed(judge, program, limits, sandbox, "its pipes were not made");
        }
        Err(why) => return unplayed(judge, program, limits, sandbox, &why),
    };
    running.deadline += program_time;
    let partner = Partner {
        input: stdin,
        output: stdout,
        group: running.registration.group(),
        deadline: running.deadline,
        decided: Arc::clone(&running.decided),
    };
    let played = process::run_conversing(program, partner, limits, sandbox);
    let (run, inputs, conversed) = match played {
        Ok(played) => played,
        Err(error) => {
            reaper::kill_group(running.registration.group());
            return Err(error);
        }
    };
    let interacted = ended(judge, &files, running, conversed, false);
    Ok((run, runs::given(inputs), interacted))
}

/// [`play`] for a judge joined to the program by pipes: the program is given no input of the
/// grader's, so none is returned.
fn play_joined(
    judge: &JudgeProgram,
    files: &JudgeFiles,
    program: &Program,
    (limits, program_time): (Limits, Duration),
    sandbox: &Sandbox,
) -> io::Result<(Run, Vec<Input>, Interacted)> {
    let (judge_ends, program_ends) = process::pipes()?;
    let started = super::Running::start(
        judge,
        files,
        judge_ends.stdin.into(),
        judge_ends.stdout.into(),
    );
    let mut running = match started {
        Ok((running, _)) => running,
        Err(why) => return unplayed(judge, program, limits, sandbox, &why),
    };
    running.deadline += program_time;
    let partner = JoinedPartner {
        ends: program_ends,
        group: running.registration.group(),
        decided: Arc::clone(&running.decided),
        ended: Arc::clone(&running.ended),
    };
    let (run, conversed) = match process::run_joined(program, partner, limits, sandbox) {
        Ok(played) => played,
        Err(error) => {
            reaper::kill_group(running.registration.group());
            return Err(error);
        }
    };
    let interacted = ended(judge, files, running, conversed, true);
    Ok((run, Vec::new(), interacted))
}

/// What an interaction came to once the program has ended as `conversed` says, `joined` to
/// the interactor `running` by pipes or not: the interactor is told the program has ended, and
/// has its own time from then at most.
fn ended(
    judge: &JudgeProgram,
    files: &JudgeFiles,
    mut running: super::Running,
    mut conversed: process::Conversed,
    joined: bool,
) -> Interacted {
    conversed.end_partner_input();
    running.deadline = running.deadline.min(Instant::now() + judge.timeout);
    let (ended, stderr) = running.finish();
    Interacted {
        validation: validation(judge, Role::Interactor, files, &ended, &stderr),
        stalled: conversed.stalled,
        judge_ended_first: conversed.partner_ended_first,
        joined,
    }
}

/// The case of an interactor that could not be started, for `why`: the program runs on no
/// input, and the judge error is the verdict.
fn unplayed(
    judge: &JudgeProgram,
    program: &Program,
    limits: Limits,
    sandbox: &Sandbox,
    why: &str,
) -> io::Result<(Run, Vec<Input>, Interacted)> {
    let run = process::run(program, &runner::NoInput, Mode::WholeInput, limits, sandbox)?;
    let interacted = Interacted {
        validation: not_started(judge, Role::Interactor, why),
        stalled: false,
        judge_ended_first: false,
        joined: false,
    };
    Ok((run, Vec::new(), interacted))
}
