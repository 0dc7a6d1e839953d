//! The stage 4 program: the library's [`stage4::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("stage4", stage4::run)
}
