//! The stage 2 program: the library's [`stage2::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("stage2", stage2::run)
}
