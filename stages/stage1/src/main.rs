//! The stage 1 program: the library's [`stage1::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("stage1", stage1::run)
}
