//! The stage 1 program: the library's [`ai_stage1::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("ai-stage1", ai_stage1::run)
}
