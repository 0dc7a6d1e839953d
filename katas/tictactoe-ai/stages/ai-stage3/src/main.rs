//! The stage 3 program: the library's [`ai_stage3::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("ai-stage3", ai_stage3::run)
}
