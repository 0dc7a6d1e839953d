//! What `/proc` tells of a process or a thread, read the same way wherever the grader reads it.

use std::io;

/// The state of a process or thread, from its `stat`: `R` on a CPU or waiting for one, `S`
/// asleep, `D` in uninterruptible sleep, ... It is the field after the command's name, which may
/// hold spaces and parentheses, so it is found after the last `)`.
pub(super) fn state(stat: &str) -> Option<char> {
    stat.rsplit_once(')')
        .and_then(|(_, rest)| rest.trim_start().chars().next())
}

/// Whether `error`, reading a file of `/proc`, says the process or thread has ended.
pub(super) fn gone(error: &io::Error) -> bool {
    error.kind() == io::ErrorKind::NotFound || error.raw_os_error() == Some(libc::ESRCH)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_is_read_after_the_last_parenthesis() {
        assert_eq!(state("4242 (busy) R 1 4242 4242 0 -1"), Some('R'));
        assert_eq!(state("4243 (sleep) S 1 4243"), Some('S'));
        assert_eq!(state("4244 (a (R) b) D 1 4244"), Some('D'));
        assert_eq!(state("4245 (a) S) R 1 4245"), Some('R'));
        assert_eq!(state("no name"), None);
    }
}
