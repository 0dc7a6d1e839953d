//! The stage 5 program: the library's [`stage5::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("stage5", stage5::run)
}
