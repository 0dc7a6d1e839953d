//! A case's memory and processes, counted together for the program and every process it starts,
//! through Linux's control groups (the `memory` and `pids` controllers, of version 1 or of
//! version 2): each case runs in a group of its own, with its limits written in it; the kernel
//! refuses a process beyond the limit, and ends a program that uses more memory (its
//! out-of-memory killer), and the grader sees either in the group's counters.
//!
//! With version 1, a case's groups are made under the grader's own `memory` and `pids` groups.
//! With version 2 alone, under the grader's own group, which must hand both controllers on to
//! groups below it: the root group, or one that holds the grader alone (as `systemd-run --user
//! --scope -p Delegate=yes grade ...` makes), which the grader then leaves for a group of its
//! own beside its cases', since a group with processes in it cannot hand controllers on.
//!
//! The same groups count the CPU time a case uses, for its time limit: with version 1, in a
//! group of the `cpuacct` controller beside the other two where the grader may make one (its
//! `cpuacct.usage`); with version 2, in the case's group, whose `cpu.stat` every group has.
//!
//! An address-space limit (`RLIMIT_AS`) is not used: a JVM reserves gigabytes it never uses,
//! and would be killed at its start. Where control groups cannot be made, cases run without
//! these two limits, and [`support`] says why.
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
    /// Memory and processes are limited, each case in groups made here.
    Enforced {
        /// Where each case's groups are made.
        hierarchy: Hierarchy,
    },
    /// Memory and processes are not limited, for this reason.
    Off(String),
}

/// Where each case's groups are made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hierarchy {
    /// Version 1: a group in each of the grader's own groups of the two controllers.
    V1 {
        /// The grader's `memory` group.
        memory: PathBuf,
        /// The grader's `pids` group.
        pids: PathBuf,
    },
    /// Version 2: one group under this one, which hands both controllers on.
    V2 {
        /// The group the cases' groups are made in.
        parent: PathBuf,
    },
}

impl fmt::Display for Support {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Support::Enforced {
                hierarchy: Hierarchy::V1 { .. },
            } => f.write_str("memory and processes limited (cgroup v1)"),
            Support::Enforced {
                hierarchy: Hierarchy::V2 { .. },
            } => f.write_str("memory and processes limited (cgroup v2)"),
            Support::Off(why) => write!(f, "memory and processes not limited: {why}"),
        }
    }
}

/// Whether this process can limit its cases' memory and processes: found out once, by making
/// a group and removing it.
pub fn support() -> &'static Support {
    static SUPPORT: OnceLock<Support> = OnceLock::new();
    SUPPORT.get_or_init(|| match find() {
        Ok(hierarchy) => {
            match &hierarchy {
                Hierarchy::V1 { memory, pids } => {
                    sweep(memory);
                    sweep(pids);
                }
                Hierarchy::V2 { parent } => sweep(parent),
            }
            Support::Enforced { hierarchy }
        }
        Err(why) => Support::Off(why),
    })
}

/// Where this process may make its cases' groups: version 1's controllers where the system has
/// them, else version 2's.
fn find() -> Result<Hierarchy, String> {
    let own = fs::read_to_string("/proc/self/cgroup")
        .map_err(|error| format!("/proc/self/cgroup cannot be read ({error})"))?;
    match (group_of(&own, "memory"), group_of(&own, "pids")) {
        (Ok(memory), Ok(pids)) => Ok(Hierarchy::V1 { memory, pids }),
        (Err(V1Group::Refused(why)), _) | (_, Err(V1Group::Refused(why))) => Err(why),
        (Err(V1Group::Absent), _) | (_, Err(V1Group::Absent)) => {
            let mounts = fs::read_to_string("/proc/self/mountinfo")
                .map_err(|error| format!("/proc/self/mountinfo cannot be read ({error})"))?;
            let parent = unified(&own, &mounts)?;
            Ok(Hierarchy::V2 { parent })
        }
    }
}

/// Why the grader has no version 1 group of a controller.
#[derive(Debug)]
enum V1Group {
    /// The system has no such controller in version 1.
    Absent,
    /// It has, but no group can be made in the grader's: why.
    Refused(String),
}

/// The grader's group of `controller`, given its `/proc/self/cgroup`, if it may make groups
/// in it.
fn group_of(own: &str, controller: &str) -> Result<PathBuf, V1Group> {
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
        .ok_or(V1Group::Absent)?;
    let group = Path::new("/sys/fs/cgroup")
        .join(controller)
        .join(path.trim_start_matches('/'));
    probe(&group).map_err(V1Group::Refused)?;
    Ok(group)
}

/// Makes a group in `group` and removes it; why it cannot be made, if it cannot.
fn probe(group: &Path) -> Result<(), String> {
    let probe = group.join(format!("grade-{}-probe", std::process::id()));
    fs::create_dir(&probe).map_err(|error| {
        format!(
            "no control group can be made in {} ({error})",
            group.display()
        )
    })?;
    let _ = fs::remove_dir(&probe);
    Ok(())
}

/// The version 2 group to make the cases' groups in, given this process's `/proc/self/cgroup`
/// and `/proc/self/mountinfo`: its own group, with both controllers handed on below it. A
/// group that is not the root and holds this process alone is left for a group beside the
/// cases' (`grade-<pid>-grader`), since a group with processes cannot hand controllers on.
fn unified(own: &str, mounts: &str) -> Result<PathBuf, String> {
    let group = unified_group(own, mounts).ok_or_else(|| {
        "this system has neither cgroup v1's `memory` and `pids` controllers nor a cgroup v2 \
         file system"
            .to_owned()
    })?;
    let shown = group.display();
    let offered = fs::read_to_string(group.join("cgroup.controllers")).unwrap_or_default();
    let offered: Vec<&str> = offered.split_whitespace().collect();
    if !(offered.contains(&"memory") && offered.contains(&"pids")) {
        return Err(format!(
            "the control group {shown} is not given the `memory` and `pids` controllers \
             (cgroup v2); run grade in a group that is, such as `systemd-run --user --scope -p \
             Delegate=yes grade ...`"
        ));
    }
    // The root group has no type, and may hold processes and hand controllers on at once.
    if group.join("cgroup.type").exists() {
        let members = fs::read_to_string(group.join("cgroup.procs")).unwrap_or_default();
        let me = std::process::id().to_string();
        if members.lines().any(|pid| pid != me) {
            return Err(format!(
                "the control group {shown} holds other processes than the grader, so it cannot \
                 hand the `memory` and `pids` controllers on to groups of its own (cgroup v2); \
                 run grade in a group of its own, such as `systemd-run --user --scope -p \
                 Delegate=yes grade ...`"
            ));
        }
        let leaf = group.join(format!("grade-{me}-grader"));
        fs::create_dir(&leaf)
            .and_then(|()| fs::write(leaf.join("cgroup.procs"), "0"))
            .map_err(|error| {
                format!("the grader cannot move to a control group of its own in {shown} ({error})")
            })?;
    }
    fs::write(group.join("cgroup.subtree_control"), "+memory +pids").map_err(|error| {
        format!(
            "the control group {shown} cannot hand the `memory` and `pids` controllers on \
             ({error})"
        )
    })?;
    probe(&group)?;
    Ok(group)
}

/// This process's version 2 group, as a folder: the cgroup2 file system's mount point, and
/// the path in `own`'s `0::` line (relative to the mount's root).
fn unified_group(own: &str, mounts: &str) -> Option<PathBuf> {
    let path = own.lines().find_map(|line| line.strip_prefix("0::"))?;
    let (root, mount_point) = mounts.lines().find_map(|line| {
        let (mount, file_system) = line.split_once(" - ")?;
        if file_system.split_whitespace().next()? != "cgroup2" {
            return None;
        }
        let mut fields = mount.split_whitespace();
        Some((fields.nth(3)?, fields.next()?))
    })?;
    let path = path.strip_prefix(root).unwrap_or(path);
    Some(Path::new(mount_point).join(path.trim_start_matches('/')))
}

/// The grader's own `cpuacct` group of version 1, if it may make groups in it: where each case's
/// CPU time is counted beside its version 1 groups of memory and processes.
fn cpuacct() -> Option<&'static Path> {
    static CPUACCT: OnceLock<Option<PathBuf>> = OnceLock::new();
    CPUACCT
        .get_or_init(|| {
            let own = fs::read_to_string("/proc/self/cgroup").ok()?;
            let group = group_of(&own, "cpuacct").ok()?;
            sweep(&group);
            Some(group)
        })
        .as_deref()
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
    /// The files the program writes `0` to, to join its groups before it starts. In version 1,
    /// `tasks` of each group: while it is one thread, moving that thread alone moves the whole
    /// program, without the lock on every process's threads that moving a process takes (and
    /// its wait for an RCU grace period, milliseconds on a busy machine). In version 2, its
    /// group's `cgroup.procs`, the only way in.
    joins: Vec<File>,
    groups: Groups,
}

/// A case's groups in each version.
#[derive(Debug)]
enum Groups {
    V1 {
        memory: Made,
        pids: Made,
        /// Where its CPU time is counted, where a group can be made for it.
        cpuacct: Option<Made>,
    },
    V2(Made),
}

/// A group made by this process, removed with this value.
#[derive(Debug)]
struct Made(PathBuf);

impl Made {
    fn new(path: PathBuf) -> io::Result<Made> {
        fs::create_dir(&path)?;
        live().push(path.clone());
        crate::guard::tell(crate::guard::News::Group(&path));
        Ok(Made(path))
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        remove_group(&self.0);
        live().retain(|path| *path != self.0);
        crate::guard::tell(crate::guard::News::GroupGone(&self.0));
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
        let Support::Enforced { hierarchy } = support() else {
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
        let bytes = limits.memory.to_string();
        let processes = limits.processes.to_string();
        match hierarchy {
            Hierarchy::V1 { memory, pids } => {
                let (memory, pids) = (Made::new(memory.join(&name))?, Made::new(pids.join(&name))?);
                fs::write(memory.0.join("memory.limit_in_bytes"), &bytes)?;
                // Not swapped out instead of stopped: where swap is counted, it counts in the
                // limit.
                let _ = fs::write(memory.0.join("memory.swappiness"), "0");
                let _ = fs::write(memory.0.join("memory.memsw.limit_in_bytes"), &bytes);
                fs::write(pids.0.join("pids.max"), processes)?;
                let cpuacct = cpuacct()
                    .map(|cpuacct| Made::new(cpuacct.join(&name)))
                    .transpose()?;
                let mut joins = vec![open_join(&memory.0, "tasks")?, open_join(&pids.0, "tasks")?];
                if let Some(cpuacct) = &cpuacct {
                    joins.push(open_join(&cpuacct.0, "tasks")?);
                }
                Ok(Some(CaseGroup {
                    joins,
                    groups: Groups::V1 {
                        memory,
                        pids,
                        cpuacct,
                    },
                }))
            }
            Hierarchy::V2 { parent } => {
                let group = Made::new(parent.join(&name))?;
                fs::write(group.0.join("memory.max"), &bytes)?;
                // Not swapped out instead of stopped.
                let _ = fs::write(group.0.join("memory.swap.max"), "0");
                fs::write(group.0.join("pids.max"), processes)?;
                Ok(Some(CaseGroup {
                    joins: vec![open_join(&group.0, "cgroup.procs")?],
                    groups: Groups::V2(group),
                }))
            }
        }
    }

    /// The descriptors the program writes `0` to, before it starts, to join its groups.
    #[must_use]
    pub fn join_fds(&self) -> Vec<RawFd> {
        self.joins.iter().map(AsRawFd::as_raw_fd).collect()
    }

    /// The limit the case has broken, if it has: memory when the kernel stopped one of its
    /// processes for using too much, processes when one could not be started.
    #[must_use]
    pub fn breach(&self) -> Option<Breach> {
        let (memory_events, pids) = match &self.groups {
            Groups::V1 { memory, pids, .. } => (memory.0.join("memory.oom_control"), &pids.0),
            Groups::V2(group) => (group.0.join("memory.events"), &group.0),
        };
        if counter(&memory_events, "oom_kill") > 0 {
            Some(Breach::Memory)
        } else if counter(&pids.join("pids.events"), "max") > 0 {
            Some(Breach::Processes)
        } else {
            None
        }
    }

    /// The CPU time the case's processes have used, those that have ended included; `None`
    /// where it is not counted (version 1 without a `cpuacct` group).
    #[must_use]
    pub fn cpu_time(&self) -> Option<Duration> {
        match &self.groups {
            Groups::V1 { cpuacct, .. } => {
                let usage = fs::read_to_string(cpuacct.as_ref()?.0.join("cpuacct.usage")).ok()?;
                usage.trim().parse().ok().map(Duration::from_nanos)
            }
            Groups::V2(group) => {
                let microseconds = counter(&group.0.join("cpu.stat"), "usage_usec");
                Some(Duration::from_micros(microseconds))
            }
        }
    }

    /// Kills every process in the case's groups, whatever group or session it has moved to.
    pub fn kill_all(&self) {
        match &self.groups {
            Groups::V1 { pids, .. } => kill_members(&pids.0),
            Groups::V2(group) => {
                // At once, where the kernel offers it (Linux 5.14 on).
                let _ = fs::write(group.0.join("cgroup.kill"), "1");
                kill_members(&group.0);
            }
        }
    }
}

/// The file `name` of `group`, open for the program to join it.
fn open_join(group: &Path, name: &str) -> io::Result<File> {
    OpenOptions::new().write(true).open(group.join(name))
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

/// Ends and removes the case groups under `parent` of graders that are gone, with whatever
/// still runs in them (a grader killed outright whose guard was killed too).
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
            kill_members(&entry.path());
            remove_group(&entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn a_system_without_the_controller_is_told_from_one_that_refuses() {
        let absent = group_of("0::/user.slice/session-2.scope\n", "memory");
        assert!(matches!(absent, Err(V1Group::Absent)), "{absent:?}");
        let refused = group_of("4:memory:/nowhere-at-all-here\n", "memory");
        let Err(V1Group::Refused(why)) = &refused else {
            panic!("refused: {refused:?}");
        };
        assert!(why.starts_with("no control group can be made in"), "{why}");
    }

    #[test]
    fn a_case_group_counts_the_cpu_time_of_what_runs_in_it() {
        let limits = GroupLimits {
            memory: 64 << 20,
            processes: 16,
        };
        let Some(group) = CaseGroup::new(limits).expect("a group") else {
            return; // No control groups here: the engine's trials add CPU time up in /proc.
        };
        let Some(before) = group.cpu_time() else {
            return; // Version 1 without a `cpuacct` group.
        };
        // It counts once it has joined the groups, and is told to go on.
        let mut busy = std::process::Command::new("sh")
            .args([
                "-c",
                "read -r go; i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done",
            ])
            .stdin(std::process::Stdio::piped())
            .spawn()
            .expect("sh starts");
        for mut join in &group.joins {
            join.write_all(busy.id().to_string().as_bytes())
                .expect("it joins");
        }
        if let Some(mut go) = busy.stdin.take() {
            go.write_all(b"go\n").expect("it is told to go on");
        }
        busy.wait().expect("it ends");
        let used = group.cpu_time().expect("counted") - before;
        assert!(used > Duration::from_millis(20), "{used:?}");
    }

    #[test]
    fn the_version_2_group_is_its_path_under_the_mount_point() {
        let mounts = "22 27 0:21 / /proc rw,nosuid - proc proc rw\n\
                      30 25 0:26 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n";
        assert_eq!(
            unified_group("0::/user.slice/user-1000.slice/app.scope\n", mounts),
            Some(PathBuf::from(
                "/sys/fs/cgroup/user.slice/user-1000.slice/app.scope"
            ))
        );
        assert_eq!(
            unified_group("0::/\n", mounts),
            Some(PathBuf::from("/sys/fs/cgroup"))
        );
        // A mount of a part of the hierarchy: the path is taken from the mount's root.
        let part = "31 25 0:26 /lab /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n";
        assert_eq!(
            unified_group("0::/lab/grader\n", part),
            Some(PathBuf::from("/sys/fs/cgroup/grader"))
        );
        assert_eq!(
            unified_group("0::/\n", "22 27 0:21 / /proc rw - proc proc rw\n"),
            None
        );
        assert_eq!(unified_group("4:memory:/x\n", mounts), None);
    }
}
