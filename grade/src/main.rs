//! The `grade` command: see the library's [`grade::run`].

use std::env;
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::process::ExitCode;

use harness::feedback::Paint;

fn main() -> ExitCode {
    let args: Vec<OsString> = env::args_os().collect();
    if let Some(status) = runner::guard::run_if_asked(&args) {
        return status;
    }
    if let Some(stage) = grade::reference::requested(&args) {
        return grade::reference::run(stage);
    }
    // Nothing a case starts may outlive it or the grader, and no case may look into the grader
    // through /proc. Where the system offers none of this, grading goes on without it.
    let _ = runner::reaper::become_subreaper();
    let _ = runner::reaper::hide_from_cases();
    let _ = runner::reaper::kill_everything_on_signals();
    let paint = Paint {
        color: io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    let status = grade::run(
        args,
        paint,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    runner::reaper::wait_if_stopping();
    ExitCode::from(status)
}
