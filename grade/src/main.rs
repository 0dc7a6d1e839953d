//! The `grade` command: see the library's [`grade::run`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let options = grade::Options::parse();
    ExitCode::from(grade::run(&options, &mut std::io::stdout().lock()))
}
