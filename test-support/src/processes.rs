//! The processes running on the machine, read from `/proc` as `pgrep -f` finds them but
//! without starting a process for each look: the trials that check nothing is left running
//! look every few milliseconds.

use std::fmt;
use std::fs;

/// A running process.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Process {
    /// Its process id.
    pub pid: u32,
    /// Its parent's process id.
    pub parent: u32,
    /// Its command line, its words joined by spaces.
    pub command: String,
}

impl fmt::Display for Process {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.pid, self.command)
    }
}

/// Every process whose command line holds `marker` (`pgrep -f marker`), this one aside; a
/// process that ends while it is read is left out, as is one that has ended but is not yet
/// reaped, which has no command line.
#[must_use]
pub fn holding(marker: &str) -> Vec<Process> {
    let Ok(entries) = fs::read_dir("/proc") else {
        return Vec::new();
    };
    let this = std::process::id();
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| pid != this)
        .filter_map(|pid| {
            let words = fs::read(format!("/proc/{pid}/cmdline")).ok()?;
            let command = String::from_utf8_lossy(words.strip_suffix(b"\0").unwrap_or(&words))
                .replace('\0', " ");
            if !command.contains(marker) {
                return None;
            }
            Some(Process {
                pid,
                parent: parent_of(pid)?,
                command,
            })
        })
        .collect()
}

/// The parent of `pid`, from the fourth field of `/proc/PID/stat` (after the command's name,
/// in parentheses, which may hold anything).
fn parent_of(pid: u32) -> Option<u32> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, after_name) = stat.rsplit_once(')')?;
    after_name.split_whitespace().nth(1)?.parse().ok()
}

/// `processes`, one a line, for a failure's message.
#[must_use]
pub fn listed(processes: &[Process]) -> String {
    processes
        .iter()
        .map(|process| format!("{process}\n"))
        .collect()
}
