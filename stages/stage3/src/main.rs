//! The stage 3 program: the library's [`stage3::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("stage3", stage3::run)
}
