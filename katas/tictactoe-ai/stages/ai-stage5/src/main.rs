//! The stage 5 program: the library's [`ai_stage5::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("ai-stage5", ai_stage5::run)
}
