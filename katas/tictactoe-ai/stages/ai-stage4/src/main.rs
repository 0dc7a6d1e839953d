//! The stage 4 program: the library's [`ai_stage4::run`] on standard input and output.

use std::process::ExitCode;

fn main() -> ExitCode {
    tictactoe::console::run_program("ai-stage4", ai_stage4::run)
}
