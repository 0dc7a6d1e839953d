//! The `kata` command: see the library's [`kata::run`].

use std::env;
use std::ffi::OsString;
use std::io::{self, BufReader, IsTerminal};
use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<OsString> = env::args_os().collect();
    if let Some(status) = runner::guard::run_if_asked(&args) {
        return status;
    }
    // A kata's built-in reference, graded as a process by `kata dev check`, is this executable.
    if let Some(name) = grade::reference::requested(&args) {
        return grade::reference::run(name);
    }
    // Nothing a learner's program starts may outlive its check, or kata. Where the system
    // offers none of this, checking goes on without it.
    let _ = runner::reaper::become_subreaper();
    let _ = runner::reaper::kill_everything_on_signals();
    let terminal = io::stdin().is_terminal() && io::stdout().is_terminal();
    let context = kata::Context {
        // Without a current folder, `.` still names it for every path kata makes.
        cwd: env::current_dir().unwrap_or_else(|_| PathBuf::from(".")),
        terminal,
        color: io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        own_streams: true,
    };
    let status = kata::run(
        args,
        &context,
        BufReader::new(io::stdin()),
        &mut io::stdout(),
        &mut io::stderr(),
    );
    runner::reaper::wait_if_stopping();
    ExitCode::from(status)
}
