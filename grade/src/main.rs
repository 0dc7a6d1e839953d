//! The `grade` command: see the library's [`grade::run`].

use std::env;
use std::ffi::OsString;
use std::io::{self, IsTerminal};
use std::process::ExitCode;

use harness::feedback::Paint;

fn main() -> ExitCode {
    let args: Vec<OsString> = env::args_os().collect();
    if let Some(stage) = grade::reference::requested(&args) {
        return grade::reference::run(stage);
    }
    let paint = Paint {
        color: io::stdout().is_terminal() && env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    };
    ExitCode::from(grade::run(
        args,
        paint,
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    ))
}
