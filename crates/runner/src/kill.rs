//! Ending what a case leaves: its process group, the processes of a control group, and the
//! group itself. A leaf, so that the guard, which ends them once the grader is gone, imports
//! neither the reaper nor the control groups, which tell it of each case and group they make.

use std::fs;
use std::path::Path;
use std::time::Duration;

/// Kills the process group `group` (a case's), whatever is still in it.
pub fn kill_group(group: libc::pid_t) {
    // SAFETY: kill(2) with a negative pid signals a group; it touches no memory, and a group
    // that is already gone only makes it fail with ESRCH.
    #[allow(unsafe_code)]
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Kills the processes of `group` until none is left, a bounded number of times.
pub(crate) fn kill_members(group: &Path) {
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
pub(crate) fn remove_group(group: &Path) {
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
