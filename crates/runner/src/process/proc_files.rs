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

/// Whether the process `pid`, a child of the grader not yet waited for, has ended: it is a
/// zombie, or already reaped (gone). Its status is then on its way to whoever waits for it.
pub(super) fn has_ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Ok(stat) => matches!(state(&stat), Some('Z' | 'X')),
        Err(error) => gone(&error),
    }
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

    #[test]
    fn a_child_that_exited_has_ended_before_it_is_waited_for() {
        let mut child = std::process::Command::new("true")
            .spawn()
            .expect("true starts");
        let started = std::time::Instant::now();
        while !has_ended(child.id()) {
            assert!(started.elapsed().as_secs() < 60, "`true` never ended");
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        // A zombie until now.
        assert!(child.wait().expect("waited").success());
        assert!(has_ended(child.id()));
        assert!(!has_ended(std::process::id()));
    }
}
