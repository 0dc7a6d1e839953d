//! The stage 2 program: the library's [`ai_stage2::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("ai-stage2", ai_stage2::run)
}
