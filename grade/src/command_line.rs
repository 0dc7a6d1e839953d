//! What the commands of this grader (`grade`, `grade merge`, `grade platform`, and those built
//! on it) do with a command line that clap did not parse: in a leaf module, so that each of
//! them uses it without importing the root, which runs them.

use std::io::Write;

use crate::error::EXIT_USAGE;

/// Says what clap found in a command line that it did not parse, and gives the exit status:
/// help and version are the output asked for, on `out`; a usage error goes to `err`. Shared by
/// the commands built on this grader.
pub fn command_line_error(error: &clap::Error, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    // Nothing is left to tell if the stream is closed.
    let _ = if error.use_stderr() {
        write!(err, "{}", error.render())
    } else {
        write!(out, "{}", error.render())
    };
    u8::try_from(error.exit_code()).unwrap_or(EXIT_USAGE)
}
