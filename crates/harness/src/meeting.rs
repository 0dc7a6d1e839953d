//! A program for the tests of running cases at once: whether two of its runs met.

use std::path::Path;

use runner::Program;

/// A program that says whether another run of it was running beside it: each run waits
/// for another to have started in `meeting` (`tries` hundredths of a second at most), and
/// says "together", or leaves and says "alone".
pub(crate) fn meeting(meeting: &Path, tries: u32) -> Program {
    // Shell built-ins alone but for `sleep` and `rm`, so that a try costs no process.
    let script = format!(
        ": > \"$0/$$\"; tries=0; while [ $tries -lt {tries} ]; do \
         set -- \"$0\"/*; [ $# -ge 2 ] && {{ echo together; exit; }}; \
         sleep 0.01; tries=$((tries + 1)); done; \
         rm \"$0/$$\"; echo alone"
    );
    Program::command(vec![
        "sh".into(),
        "-c".into(),
        script.into(),
        meeting.into(),
    ])
}
