//! Nothing a case starts outlives the case, or the grader. The grader is made a child subreaper,
//! so a process that a case starts and abandons (a double fork, `setsid`, a group of its own)
//! becomes the grader's child instead of init's; every case is registered while it runs; and an
//! unregistered child of the grader is such an escapee, killed when any case ends and when the
//! grader is stopped. Only a process that made itself the subreaper hunts escapees: in any other
//! (a test binary running cases beside children of its own), an unregistered child is nobody's
//! escapee, and is left alone.

use std::collections::HashSet;
use std::fs;
use std::io;
use std::process::{Child, Command};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::guard::{self, News};
use crate::subreaper;

pub use crate::kill::kill_group;

/// The process ids of the cases running now, each the leader of its own session and group.
static RUNNING: Mutex<Vec<libc::pid_t>> = Mutex::new(Vec::new());

/// How many times [`kill_escapees`] looks again for processes handed over by the ones it killed.
const ROUNDS: usize = 16;

fn running() -> MutexGuard<'static, Vec<libc::pid_t>> {
    crate::mutex::lock(&RUNNING)
}

/// Makes this process the child subreaper of everything it starts.
///
/// # Errors
///
/// When the kernel refuses (not Linux, or a kernel before 3.4).
pub fn become_subreaper() -> io::Result<()> {
    set_process_flag(libc::PR_SET_CHILD_SUBREAPER, 1)?;
    subreaper::set();
    Ok(())
}

/// Makes this process's `/proc` entries (its open files, working folder, environment, memory)
/// closed to the programs it runs, which run as the same user: a case cannot look into the
/// grader through `/proc/<grader>/`.
///
/// Closed to this process's own user too, but for root: so whether the system shows when a
/// program waits for input, which it finds out by reading its own thread's `/proc` entry, is
/// found out first.
///
/// # Errors
///
/// When the kernel refuses.
pub fn hide_from_cases() -> io::Result<()> {
    let _ = crate::process::mode::Mode::interactive();
    set_process_flag(libc::PR_SET_DUMPABLE, 0)
}

/// `prctl(option, value)` for an option that sets a flag of this process.
fn set_process_flag(option: libc::c_int, value: libc::c_ulong) -> io::Result<()> {
    // SAFETY: prctl with PR_SET_CHILD_SUBREAPER or PR_SET_DUMPABLE takes integers only and
    // touches no memory.
    #[allow(unsafe_code)]
    let done = unsafe { libc::prctl(option, value, 0, 0, 0) };
    if done == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

/// A case while it runs: registered from its start until this is dropped, after its group has
/// been killed and its leader waited for.
#[derive(Debug)]
pub struct Registration(libc::pid_t);

impl Drop for Registration {
    fn drop(&mut self) {
        running().retain(|&pid| pid != self.0);
        guard::tell(News::CaseOver(self.0));
    }
}

impl Registration {
    /// The case's process group (its leader's pid).
    #[must_use]
    pub fn group(&self) -> libc::pid_t {
        self.0
    }
}

/// Starts `command` as a case, in a session (and so a process group) of its own, with no
/// controlling terminal, and registers it, with the grader's guard too ([`guard`]). Starting
/// and registering happen under one lock, so a case that has just started is never taken for an
/// escapee. The kernel kills the case's first process when the thread that started it is gone,
/// the grader's with it, whatever ended it.
///
/// # Errors
///
/// When the program cannot be started.
pub fn spawn(command: &mut Command) -> io::Result<(Child, Registration)> {
    // Read before the fork, for the child to compare with its parent.
    let grader = std::process::id();
    // SAFETY: setsid(2), prctl(2) and getppid(2) are async-signal-safe and allocate nothing; in
    // the new child setsid cannot fail, since a freshly forked child leads no group.
    #[allow(unsafe_code)]
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(command, move || {
            if libc::setsid() < 0 || libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) < 0
            {
                return Err(io::Error::last_os_error());
            }
            // The grader died between the fork and the prctl: the signal will never come.
            if u32::try_from(libc::getppid()).ok() != Some(grader) {
                libc::_exit(137);
            }
            Ok(())
        });
    }
    let mut running = running();
    let child = command.spawn()?;
    let pid = libc::pid_t::try_from(child.id()).map_err(io::Error::other)?;
    running.push(pid);
    guard::tell(News::Case(pid));
    Ok((child, Registration(pid)))
}

/// Runs `start`, which starts and reaps a short-lived child of its own, while no case starts
/// and [`kill_escapees`] does not run: the child is nobody's escapee.
pub(crate) fn while_no_case_starts<T>(start: impl FnOnce() -> T) -> T {
    let _running = running();
    start()
}

/// Kills and reaps every child of this process that is not a running case: processes that left
/// their case's group and were handed to this process, the subreaper, when their parent died.
/// Looks again after each kill for the children those had, a bounded number of times.
pub fn kill_escapees() {
    if !subreaper::is_subreaper() {
        return;
    }
    // Held throughout, so that no case starts (and looks like an escapee) meanwhile.
    let running = running();
    // The guard is the grader's child by design, and no escapee.
    let cases: HashSet<libc::pid_t> = running.iter().copied().chain(guard::pid()).collect();
    for _ in 0..ROUNDS {
        let escapees: Vec<libc::pid_t> = children()
            .into_iter()
            .filter(|pid| !cases.contains(pid))
            .collect();
        if escapees.is_empty() {
            return;
        }
        for pid in escapees {
            // SAFETY: kill(2) and waitpid(2) on a child of this process that is not a case: no
            // `Child` handle owns it, so reaping it here takes nobody's exit status.
            #[allow(unsafe_code)]
            unsafe {
                // An escapee that leads a group of its own takes that group with it; the
                // grader's own group is never one of them, since cases run in other sessions.
                if libc::getpgid(pid) == pid {
                    libc::kill(-pid, libc::SIGKILL);
                }
                libc::kill(pid, libc::SIGKILL);
                libc::waitpid(pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Kills every running case and every escapee: what a grader that is being stopped leaves.
pub fn kill_everything() {
    for &group in running().iter() {
        kill_group(group);
    }
    kill_escapees();
}

/// Makes SIGINT, SIGTERM and SIGHUP kill every running case and escapee, and remove the cases'
/// folders, before they end this process as they would have (so a shell sees the usual status):
/// a grader stopped with Ctrl-C, or by a closed terminal, leaves nothing running and nothing in
/// the temporary folder.
///
/// # Errors
///
/// When the handlers cannot be installed.
pub fn kill_everything_on_signals() -> io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    std::thread::Builder::new()
        .name("signals".to_owned())
        .spawn(move || {
            if let Some(signal) = signals.forever().next() {
                // Before the cases die: grading would go on to judge them and end on its own.
                STOPPING.store(true, Ordering::SeqCst);
                kill_everything();
                crate::cgroup::remove_all();
                crate::scratch::remove_all();
                // Ends the process as the signal's default action does.
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        })?;
    Ok(())
}

/// Set once a signal that stops the grader has come: from then on the process ends as that
/// signal ends it, never on its own.
static STOPPING: AtomicBool = AtomicBool::new(false);

/// Returns at once, unless a signal is stopping this process: then never, for the signal's
/// handler ends the process as the signal would. A program calls this before it exits, so that
/// a grader stopped mid-case does not exit as if it had graded.
pub fn wait_if_stopping() {
    while STOPPING.load(Ordering::SeqCst) {
        std::thread::park();
    }
}

/// The children of this process, from each of its threads' `children` file in `/proc`.
fn children() -> Vec<libc::pid_t> {
    let Ok(tasks) = fs::read_dir("/proc/self/task") else {
        return Vec::new();
    };
    tasks
        .flatten()
        .filter_map(|task| fs::read_to_string(task.path().join("children")).ok())
        .flat_map(|list| {
            list.split_whitespace()
                .filter_map(|pid| pid.parse().ok())
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Stdio;
    use std::time::{Duration, Instant};

    /// A process that escapes its case (`setsid` in a background subshell) is found and killed
    /// once the case is over, while the running case itself is left alone.
    #[test]
    fn an_escaped_process_is_killed_and_a_running_case_is_not() {
        become_subreaper().expect("a subreaper");
        let marker = format!("reaper-test-{}", std::process::id());
        let (mut escaping, escaping_case) = spawn(
            Command::new("sh")
                .args([
                    "-c",
                    &format!("setsid sh -c 'sleep 300; : {marker}' & sleep 0.05"),
                ])
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .expect("sh starts");
        let (mut running_case, running_registration) =
            spawn(Command::new("sleep").arg("300")).expect("sleep starts");
        escaping.wait().expect("the escaping case ends");
        kill_group(escaping_case.group());
        drop(escaping_case);
        // The escapee, handed over to this process, is killed; the running case is not.
        let started = Instant::now();
        loop {
            kill_escapees();
            // Read from /proc rather than asked of pgrep: a child of this process that is no
            // case is an escapee to the other tests' cases ending meanwhile, which reap it.
            let left = fs::read_dir("/proc")
                .expect("/proc")
                .flatten()
                .filter_map(|entry| fs::read(entry.path().join("cmdline")).ok())
                .any(|command| String::from_utf8_lossy(&command).contains(&marker));
            if !left {
                break;
            }
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "the escapee survived"
            );
        }
        assert!(
            running_case.try_wait().expect("a status").is_none(),
            "the case was killed"
        );
        kill_group(running_registration.group());
        running_case.wait().expect("reaped");
    }
}
