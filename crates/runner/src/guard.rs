//! What ends a grader's cases when nothing else can: the grader killed outright (SIGKILL, or a
//! signal it does not handle, such as SIGQUIT, SIGABRT or SIGSEGV) runs no code of its own, so
//! its cases would run on with no time limit. A grader that runs cases therefore starts a guard
//! first: the grader's own executable, run with [`ARG`], in a session of its own (out of reach of
//! the terminal's signals), reading from a pipe what the grader tells it: each case's process
//! group and control groups as they come and go. When the pipe ends, because the grader has
//! exited whatever way, the guard kills every case still there, its groups' processes included,
//! removes the groups, and exits. The first process of each case is also told by the kernel when
//! the grader is gone ([`crate::reaper::spawn`] sets its parent-death signal), in case the guard
//! itself was killed.

use std::collections::BTreeSet;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{ChildStdin, Command, ExitCode, Stdio};
use std::sync::{Mutex, MutexGuard};

/// The argument that makes a grader's executable its own guard.
pub const ARG: &str = "--guard-cases-of-grader";

/// What the grader tells its guard.
#[derive(Clone, Copy, Debug)]
pub(crate) enum News<'a> {
    /// A case started, leading this process group.
    Case(libc::pid_t),
    /// The case leading this group is over.
    CaseOver(libc::pid_t),
    /// A control group of a case was made.
    Group(&'a Path),
    /// That control group was removed.
    GroupGone(&'a Path),
}

/// The pipe to this process's guard, its process id, and whether starting one has been tried.
struct Link {
    pipe: Option<ChildStdin>,
    pid: Option<libc::pid_t>,
    tried: bool,
}

static LINK: Mutex<Link> = Mutex::new(Link {
    pipe: None,
    pid: None,
    tried: false,
});

fn link() -> MutexGuard<'static, Link> {
    crate::mutex::lock(&LINK)
}

/// Tells the guard `news`, starting it first if this process is a grader (the subreaper of its
/// cases) that has none yet. A guard that cannot be started or has gone is done without: the
/// grader's own handlers still end its cases whenever it ends by itself or by a signal it
/// handles.
pub(crate) fn tell(news: News<'_>) {
    let mut link = link();
    if !link.tried && crate::subreaper::is_subreaper() {
        link.tried = true;
        if let Ok((pipe, pid)) = start() {
            link.pipe = Some(pipe);
            link.pid = Some(pid);
        }
    }
    let Some(pipe) = link.pipe.as_mut() else {
        return;
    };
    let line = match news {
        News::Case(group) => format!("case {group}\n"),
        News::CaseOver(group) => format!("over {group}\n"),
        News::Group(path) => format!("group {}\n", path.display()),
        News::GroupGone(path) => format!("gone {}\n", path.display()),
    };
    if pipe.write_all(line.as_bytes()).is_err() {
        link.pipe = None;
    }
}

/// The guard's process id, when this process has one: a child of the grader, which is no
/// escapee of a case.
pub(crate) fn pid() -> Option<libc::pid_t> {
    link().pid
}

/// Starts the guard: this executable with [`ARG`], its standard input the pipe, in a session
/// of its own.
fn start() -> io::Result<(ChildStdin, libc::pid_t)> {
    let mut command = Command::new(std::env::current_exe()?);
    command
        .arg(ARG)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    // SAFETY: setsid(2) is async-signal-safe and allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(&mut command, || {
            libc::setsid();
            Ok(())
        });
    }
    let mut child = command.spawn()?;
    let pipe = child
        .stdin
        .take()
        .ok_or_else(|| io::Error::other("no pipe"))?;
    let pid = libc::pid_t::try_from(child.id()).map_err(io::Error::other)?;
    // Reaped by whoever inherits it: the guard outlives this process by design.
    std::mem::forget(child);
    Ok((pipe, pid))
}

/// Runs as the guard when `args` ask for it (the executable's first argument is [`ARG`]):
/// reads the grader's news until the grader is gone, then ends what it left running. A
/// program's `main` calls this first.
#[must_use]
pub fn run_if_asked(args: &[OsString]) -> Option<ExitCode> {
    (args.get(1).is_some_and(|arg| arg == ARG)).then(|| {
        guard(io::stdin().lock());
        ExitCode::SUCCESS
    })
}

/// Follows the grader's `news` to its end, then kills every case still running and empties and
/// removes every control group still there.
fn guard(news: impl BufRead) {
    let mut cases = BTreeSet::new();
    let mut groups = BTreeSet::new();
    for line in news.lines() {
        let Ok(line) = line else { break };
        match line.split_once(' ') {
            Some(("case", group)) => cases.extend(group.parse::<libc::pid_t>().ok()),
            Some(("over", group)) => {
                if let Ok(group) = group.parse::<libc::pid_t>() {
                    cases.remove(&group);
                }
            }
            Some(("group", path)) => {
                groups.insert(PathBuf::from(path));
            }
            Some(("gone", path)) => {
                groups.remove(Path::new(path));
            }
            _ => {}
        }
    }
    for &group in &cases {
        crate::kill::kill_group(group);
    }
    for group in &groups {
        crate::kill::kill_members(group);
    }
    for group in &groups {
        crate::kill::remove_group(group);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A case the grader told of and never said was over is killed when the news ends; one it
    /// said was over is left alone.
    #[test]
    fn the_cases_left_running_when_the_news_ends_are_killed() {
        let spawn_in_group = || {
            let mut command = Command::new("sleep");
            command.arg("300");
            // SAFETY: setpgid(2) is async-signal-safe.
            #[allow(unsafe_code)]
            unsafe {
                std::os::unix::process::CommandExt::pre_exec(&mut command, || {
                    libc::setpgid(0, 0);
                    Ok(())
                });
            }
            command.spawn().expect("sleep starts")
        };
        let (mut left, mut over) = (spawn_in_group(), spawn_in_group());
        let news = format!(
            "case {left}\ncase {over}\nover {over}\ngroup /nonexistent/grade-1-case-0\n",
            left = left.id(),
            over = over.id()
        );
        guard(news.as_bytes());
        let started = Instant::now();
        while left.try_wait().expect("a status").is_none() {
            assert!(
                started.elapsed() < Duration::from_secs(5),
                "the case survived"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(
            over.try_wait().expect("a status").is_none(),
            "killed a case that was over"
        );
        over.kill().expect("killed");
        over.wait().expect("reaped");
    }
}
