//! A case's memory and processes, counted together for the program and every process it starts,
//! through Linux's control groups (version 1, the `memory` and `pids` controllers): each case
//! runs in a group of its own under the grader's, with its limits written in it; the kernel
//! refuses a process beyond the limit, and ends a program that uses more memory (its
//! out-of-memory killer), and the grader sees either in the group's counters.
//!
//! An address-space limit (`RLIMIT_AS`) is not used: a JVM reserves gigabytes it never uses,
//! and would be killed at its start. Where control groups cannot be made (no privileges, or a
//! kernel with version 2 only), cases run without these two limits, and [`support`] says why.
//!
//! The groups are named `grade-<pid>-case-<n>` after the grader's process: removed when the
//! case ends, by the signal handler when a signal stops the grader ([`remove_all`]), and, when
//! a grader was killed outright, by the next one, which removes the empty groups of graders
//! that are gone.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::time::Duration;

/// Where the grader's groups are made, or why they cannot be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Support {
    /// Memory and processes are limited, each case in groups under these folders (the grader's
    /// own groups of the `memory` and `pids` controllers).
    Enforced {
        /// The grader's `memory` group.
        memory: PathBuf,
        /// The grader's `pids` group.
        pids: PathBuf,
    },
    /// Memory and processes are not limited, for this reason.
    Off(String),
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Support::Enforced { .. } => f.write_str("memory and processes limited (cgroup v1)"),
            Support::Off(why) => write!(f, "memory and processes not limited: {why}"),
        }
    }
}

/// Whether this process can limit its cases' memory and processes: found out once, by making
/// a group and removing it.
pub fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| match find() {
        Ok((memory, pids)) => {
            sweep(&memory);
            sweep(&pids);
            Support::Enforced { memory, pids }
        }
        Err(why) => Support::Off(why),
    })
}

/// The grader's own `memory` and `pids` groups, if it may make groups in both.
fn find() -> Result<(PathBuf, PathBuf), String> {
    let own = fs::read_to_string("/proc/self/cgroup")
        .map_err(|error| format!("/proc/self/cgroup cannot be read ({error})"))?;
    Ok((group_of(&own, "memory")?, group_of(&own, "pids")?))
}

/// The grader's group of `controller`, given its `/proc/self/cgroup`, if it may make groups
/// in it.
fn group_of(own: &str, controller: &str) -> Result<PathBuf, String> {
    let path = own
        .lines()
        .find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            controllers
                .split(',')
                .any(|name| name == controller)
                .then_some(path)
        })
        .ok_or_else(|| {
            format!(
                "this system has no cgroup v1 `{controller}` controller (cgroup v2 alone is not \
                 supported yet)"
            )
        })?;
    let group = Path::new("/sys/fs/cgroup")
        .join(controller)
        .join(path.trim_start_matches('/'));
    let probe = group.join(format!("grade-{}-probe", std::process::id()));
    fs::create_dir(&probe).map_err(|error| {
        format!(
            "no control group can be made in {} ({error})",
            group.display()
        )
    })?;
    let _ = fs::remove_dir(&probe);
    Ok(group)
}

/// The groups of this process's cases that are running: removed when a signal stops it.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// What a case may use.
#[derive(Clone, Copy, Debug)]
pub struct GroupLimits {
    /// Bytes of memory, the program and its children together.
    pub memory: u64,
    /// Processes and threads at once, the program and its children together.
    pub processes: u32,
}

/// The limit a case broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Breach {
    /// It used more memory than its limit.
    Memory,
    /// It tried to run more processes or threads than its limit.
    Processes,
}

/// One case's groups, removed with this value once their processes are gone.
#[derive(Debug)]
pub struct CaseGroup {
    // Before the groups: closed before they are removed.
    /// `tasks` of each group, opened for the program to join them before it starts: while it is
    /// one thread, moving that thread alone (`0` written to `tasks`) moves the whole program,
    /// without the lock on every process's threads that moving a process takes (and its wait
    /// for an RCU grace period, milliseconds on a busy machine).
    joins: [File; 2],
    memory: Made,
    pids: Made,
}

/// A group made by this process, removed with this value.
#[derive(Debug)]
struct Made(PathBuf);

impl Made {
    fn new(path: PathBuf) -> io::Result<Made> {
        fs::create_dir(&path)?;
        live().push(path.clone());
        Ok(Made(path))
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        remove_group(&self.0);
        live().retain(|path| *path != self.0);
    }
}

impl CaseGroup {
    /// Groups for a new case, with `limits` written in them; `None` where [`support`] is off,
    /// or for a case bounded in neither (`u64::MAX` bytes and `u32::MAX` processes).
    ///
    /// # Errors
    ///
    /// When a group cannot be made or its limits written: the grader's failure.
    pub fn new(limits: GroupLimits) -> io::Result<Option<CaseGroup>> {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let unbounded = limits.memory == u64::MAX && limits.processes == u32::MAX;
        let Support::Enforced { memory, pids } = support() else {
            return Ok(None);
        };
        if unbounded {
            return Ok(None);
        }
        let name = format!(
            "grade-{}-case-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let (memory, pids) = (Made::new(memory.join(&name))?, Made::new(pids.join(&name))?);
        let bytes = limits.memory.to_string();
        fs::write(memory.0.join("memory.limit_in_bytes"), &bytes)?;
        // Not swapped out instead of stopped: where swap is counted, it counts in the limit.
        let _ = fs::write(memory.0.join("memory.swappiness"), "0");
        let _ = fs::write(memory.0.join("memory.memsw.limit_in_bytes"), &bytes);
        fs::write(pids.0.join("pids.max"), limits.processes.to_string())?;
        Ok(Some(CaseGroup {
            joins: [open_tasks(&memory.0)?, open_tasks(&pids.0)?],
            memory,
            pids,
        }))
    }

    /// The descriptors the program writes `0` to, before it starts, to join its groups.
    #[must_use]
    pub fn join_fds(&self) -> [RawFd; 2] {
        [self.joins[0].as_raw_fd(), self.joins[1].as_raw_fd()]
    }

    /// The limit the case has broken, if it has: memory when the kernel stopped one of its
    /// processes for using too much, processes when one could not be started.
    #[must_use]
    pub fn breach(&self) -> Option<Breach> {
        if counter(&self.memory.0.join("memory.oom_control"), "oom_kill") > 0 {
            Some(Breach::Memory)
        } else if counter(&self.pids.0.join("pids.events"), "max") > 0 {
            Some(Breach::Processes)
        } else {
            None
        }
    }

    /// Kills every process in the case's groups, whatever group or session it has moved to.
    pub fn kill_all(&self) {
        kill_members(&self.pids.0);
    }
}

fn open_tasks(group: &Path) -> io::Result<File> {
    OpenOptions::new().write(true).open(group.join("tasks"))
}

/// The number after `name` in a file of `name value` lines; 0 when it cannot be read.
fn counter(file: &Path, name: &str) -> u64 {
    fs::read_to_string(file)
        .ok()
        .and_then(|text| {
            text.lines().find_map(|line| {
                let (key, value) = line.split_once(' ')?;
                (key == name).then(|| value.trim().parse().ok()).flatten()
            })
        })
        .unwrap_or(0)
}

/// Kills the processes of `group` until none is left, a bounded number of times.
fn kill_members(group: &Path) {
    for _ in 0..64 {
        let Ok(members) = fs::read_to_string(group.join("cgroup.procs")) else {
            return;
        };
        let pids: Vec<libc::pid_t> = members.lines().filter_map(|pid| pid.parse().ok()).collect();
        if pids.is_empty() {
            return;
        }
        for pid in pids {
            // SAFETY: kill(2) touches no memory; a process already gone makes it fail.
            #[allow(unsafe_code)]
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Removes the group `group` once its processes are gone, waiting a little for the last ones.
fn remove_group(group: &Path) {
    for _ in 0..200 {
        match fs::remove_dir(group) {
            Err(error) if error.raw_os_error() == Some(libc::EBUSY) => {
                kill_members(group);
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => return,
        }
    }
}

/// Kills the processes of every case group of this process and removes the groups: for a
/// process that a signal is ending.
pub fn remove_all() {
    let groups: Vec<PathBuf> = live().drain(..).collect();
    for group in &groups {
        kill_members(group);
    }
    for group in &groups {
        remove_group(group);
    }
}

/// Removes the case groups under `parent` of graders that are gone.
fn sweep(parent: &Path) {
    let Ok(entries) = fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix("grade-")
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<libc::pid_t>().ok())
        else {
            continue;
        };
        // SAFETY: kill(2) with signal 0 only asks whether the process exists.
        #[allow(unsafe_code)]
        let gone = unsafe { libc::kill(pid, 0) } != 0
            && io::Error::last_os_error().raw_os_error() == Some(libc::ESRCH);
        if gone {
            let _ = fs::remove_dir(entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_system_without_the_controller_is_named_as_such() {
        let why = group_of("0::/user.slice/session-2.scope\n", "memory").expect_err("none");
        assert!(why.contains("no cgroup v1 `memory` controller"), "{why}");
        let why = group_of("4:memory:/nowhere-at-all-here\n", "memory").expect_err("missing");
        assert!(why.starts_with("no control group can be made in"), "{why}");
    }
}
