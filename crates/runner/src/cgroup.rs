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
//! The groups are named `grade-<pid>-case-<n>` after the grader's process. Making a group and
//! removing it costs the kernel more than the run of a small program (and a removed memory group
//! lingers while pages it was charged for are cached), so a grader keeps the groups of a case
//! that has ended, empty, in a [`Pool`], for its next case of the same limits: what a case
//! counted in them is read when the next one takes them, and nothing of it reaches the next
//! verdict. A group that still holds a process, and every group of a pool that is dropped, is
//! removed on a thread of its own, off the cases' way; a group left when the grader ends is
//! removed by its guard ([`crate::guard`]), by the signal handler when a signal stops the
//! grader ([`remove_all`]), and, when a grader was killed outright with its guard, by the next
//! one, which removes the groups of graders that are gone.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::Duration;

use crate::kill::{kill_members, remove_group};

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
    crate::mutex::lock(&LIVE)
}

/// What a case may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// The groups of a grader's cases that have ended, empty, kept for its next cases of the same
/// limits. Clones share the groups; when the last is dropped, they are removed, on a thread of
/// their own.
#[derive(Clone, Debug, Default)]
pub struct Pool(Arc<Idle>);

/// The groups kept, each with the limits written in it.
#[derive(Debug, Default)]
struct Idle(Mutex<Vec<Kept>>);

impl Idle {
    fn lock(&self) -> MutexGuard<'_, Vec<Kept>> {
        crate::mutex::lock(&self.0)
    }
}

impl Drop for Idle {
    fn drop(&mut self) {
        for kept in self.lock().drain(..) {
            remove_later(kept);
        }
    }
}

/// One case's groups, with the descriptors its program joins them by and their limits: what a
/// pool keeps between cases.
#[derive(Debug)]
struct Kept {
    // Before the groups: closed before they are removed.
    /// The files the program writes `0` to, to join its groups before it starts. In version 1,
    /// `tasks` of each group: while it is one thread, moving that thread alone moves the whole
    /// program, without the lock on every process's threads that moving a process takes (and
    /// its wait for an RCU grace period, milliseconds on a busy machine). In version 2, its
    /// group's `cgroup.procs`, the only way in.
    joins: Vec<File>,
    groups: Groups,
    limits: GroupLimits,
    /// The `cgroup.procs` of the `pids` group.
    procs: PathBuf,
}

/// What a case's groups had counted when it took them, of the counters that only go up: its
/// own counts are those beyond these.
#[derive(Clone, Copy, Debug, Default)]
struct Counts {
    /// Processes the memory group's out-of-memory killer has ended.
    oom_kills: u64,
    /// Processes or threads the pids group has refused.
    refused: u64,
    /// CPU time, where it is counted.
    cpu: Option<Duration>,
}

/// One case's groups: given back to its pool with this value once their processes are gone,
/// else removed.
#[derive(Debug)]
pub struct CaseGroup {
    /// Taken out when the case is over.
    kept: Option<Kept>,
    before: Counts,
    pool: Pool,
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

impl Groups {
    /// The file of out-of-memory events, and the group of the `pids` controller.
    fn counted(&self) -> (PathBuf, &Path) {
        match self {
            Groups::V1 { memory, pids, .. } => (memory.0.join("memory.oom_control"), &pids.0),
            Groups::V2(group) => (group.0.join("memory.events"), &group.0),
        }
    }

    fn counts(&self) -> Counts {
        let (memory_events, pids) = self.counted();
        Counts {
            oom_kills: counter(&memory_events, "oom_kill"),
            refused: counter(&pids.join("pids.events"), "max"),
            cpu: self.cpu_time(),
        }
    }

    /// The CPU time counted in the groups since they were made; `None` where it is not counted
    /// (version 1 without a `cpuacct` group).
    fn cpu_time(&self) -> Option<Duration> {
        match self {
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

    /// Whether no process or thread is left in the groups, not even one that has ended and
    /// not been reaped, which still counts towards the limit of processes.
    fn is_empty(&self) -> bool {
        let (_, pids) = self.counted();
        fs::read_to_string(pids.join("pids.current")).is_ok_and(|count| count.trim() == "0")
    }

    /// Readies the groups for a new case: the memory's high-water mark of version 1 starts
    /// again from nothing (version 2's `memory.peak` is read by no one here).
    fn reset(&self) -> io::Result<()> {
        match self {
            Groups::V1 { memory, .. } => fs::write(memory.0.join("memory.max_usage_in_bytes"), "0"),
            Groups::V2(_) => Ok(()),
        }
    }
}

/// A group made by this process, removed with this value.
#[derive(Debug)]
struct Made(PathBuf);

impl Made {
    /// Makes the group at `path`, its guard and this process's signal handlers told of it
    /// first: a grader killed while the kernel makes a group (a signal that kills is taken on
    /// the way back from the call) would otherwise leave a group that no one knows of.
    fn new(path: PathBuf) -> io::Result<Made> {
        live().push(path.clone());
        crate::guard::tell(crate::guard::News::Group(&path));
        let made = Made(path);
        fs::create_dir(&made.0)?;
        Ok(made)
    }
}

impl Drop for Made {
    fn drop(&mut self) {
        remove_group(&self.0);
        live().retain(|path| *path != self.0);
        crate::guard::tell(crate::guard::News::GroupGone(&self.0));
    }
}

/// Removes `kept`'s groups on the thread that removes groups, or here if it cannot be started.
fn remove_later(kept: Kept) {
    static TEARDOWN: OnceLock<Option<Mutex<Sender<Kept>>>> = OnceLock::new();
    let teardown = TEARDOWN.get_or_init(|| {
        let (send, receive) = mpsc::channel::<Kept>();
        std::thread::Builder::new()
            .name("case-groups".to_owned())
            .spawn(move || {
                for kept in receive {
                    kill_members(kept.groups.counted().1);
                    drop(kept);
                }
            })
            .ok()
            .map(|_| Mutex::new(send))
    });
    let unsent = match teardown {
        Some(send) => crate::mutex::lock(send)
            .send(kept)
            .err()
            .map(|unsent| unsent.0),
        None => Some(kept),
    };
    drop(unsent);
}

impl CaseGroup {
    /// Groups for a new case with `limits`, kept in `pool` or made with the limits written in
    /// them; `None` where [`support`] is off, or for a case bounded in neither (`u64::MAX`
    /// bytes and `u32::MAX` processes).
    ///
    /// # Errors
    ///
    /// When a group cannot be made or its limits written: the grader's failure.
    pub fn new(limits: GroupLimits, pool: &Pool) -> io::Result<Option<CaseGroup>> {
        let unbounded = limits.memory == u64::MAX && limits.processes == u32::MAX;
        let Support::Enforced { hierarchy } = support() else {
            return Ok(None);
        };
        if unbounded {
            return Ok(None);
        }
        let kept = {
            let mut idle = pool.0.lock();
            let same = idle.iter().rposition(|kept| kept.limits == limits);
            same.map(|index| idle.swap_remove(index))
        };
        let kept = match kept {
            Some(kept) => match kept.groups.reset() {
                Ok(()) => kept,
                Err(_) => {
                    remove_later(kept);
                    make(hierarchy, limits)?
                }
            },
            None => make(hierarchy, limits)?,
        };
        Ok(Some(CaseGroup {
            before: kept.groups.counts(),
            kept: Some(kept),
            pool: pool.clone(),
        }))
    }

    /// The descriptors the program writes `0` to, before it starts, to join its groups.
    #[must_use]
    pub fn join_fds(&self) -> Vec<RawFd> {
        self.kept
            .iter()
            .flat_map(|kept| kept.joins.iter().map(AsRawFd::as_raw_fd))
            .collect()
    }

    /// The limit the case has broken, if it has: memory when the kernel stopped one of its
    /// processes for using too much, processes when one could not be started.
    #[must_use]
    pub fn breach(&self) -> Option<Breach> {
        let (memory_events, pids) = self.kept.as_ref()?.groups.counted();
        if counter(&memory_events, "oom_kill") > self.before.oom_kills {
            Some(Breach::Memory)
        } else if counter(&pids.join("pids.events"), "max") > self.before.refused {
            Some(Breach::Processes)
        } else {
            None
        }
    }

    /// The CPU time the case's processes have used, those that have ended included; `None`
    /// where it is not counted (version 1 without a `cpuacct` group).
    #[must_use]
    pub fn cpu_time(&self) -> Option<Duration> {
        let now = self.kept.as_ref()?.groups.cpu_time()?;
        Some(now.saturating_sub(self.before.cpu.unwrap_or_default()))
    }

    /// The time in which at least one of the case's threads was ready to run and waited for a
    /// CPU, counted since its group was made: version 2's `cpu.pressure` (its `some` total);
    /// `None` in version 1, or where the kernel keeps no pressure.
    #[must_use]
    pub fn cpu_waited(&self) -> Option<Duration> {
        match &self.kept.as_ref()?.groups {
            Groups::V2(group) => {
                some_total(&fs::read_to_string(group.0.join("cpu.pressure")).ok()?)
            }
            Groups::V1 { .. } => None,
        }
    }

    /// The file that lists the processes in the case's groups (`cgroup.procs` of its `pids`
    /// group), every process its program starts among them.
    #[must_use]
    pub fn procs(&self) -> Option<&Path> {
        Some(self.kept.as_ref()?.procs.as_path())
    }

    /// Kills every process in the case's groups, whatever group or session it has moved to.
    pub fn kill_all(&self) {
        match self.kept.as_ref().map(|kept| &kept.groups) {
            Some(Groups::V1 { pids, .. }) => kill_members(&pids.0),
            Some(Groups::V2(group)) => {
                // At once, where the kernel offers it (Linux 5.14 on).
                let _ = fs::write(group.0.join("cgroup.kill"), "1");
                kill_members(&group.0);
            }
            None => {}
        }
    }
}

impl Drop for CaseGroup {
    fn drop(&mut self) {
        let Some(kept) = self.kept.take() else {
            return;
        };
        if kept.groups.is_empty() {
            self.pool.0.lock().push(kept);
        } else {
            remove_later(kept);
        }
    }
}

/// A case's groups made under `hierarchy`, with `limits` written in them.
fn make(hierarchy: &Hierarchy, limits: GroupLimits) -> io::Result<Kept> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
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
            Ok(Kept {
                joins,
                procs: pids.0.join("cgroup.procs"),
                groups: Groups::V1 {
                    memory,
                    pids,
                    cpuacct,
                },
                limits,
            })
        }
        Hierarchy::V2 { parent } => {
            let group = Made::new(parent.join(&name))?;
            fs::write(group.0.join("memory.max"), &bytes)?;
            // Not swapped out instead of stopped.
            let _ = fs::write(group.0.join("memory.swap.max"), "0");
            fs::write(group.0.join("pids.max"), processes)?;
            Ok(Kept {
                joins: vec![open_join(&group.0, "cgroup.procs")?],
                procs: group.0.join("cgroup.procs"),
                groups: Groups::V2(group),
                limits,
            })
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

/// The `total=` of the `some` line of a pressure file (`some avg10=0.00 ... total=123`), in
/// microseconds.
fn some_total(text: &str) -> Option<Duration> {
    let line = text.lines().find(|line| line.starts_with("some "))?;
    let total = line
        .split_ascii_whitespace()
        .find_map(|field| field.strip_prefix("total="))?;
    total.parse().ok().map(Duration::from_micros)
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

    /// Runs `script` in `sh` in `group`'s groups, joined before it starts, to its end.
    fn run_in(group: &CaseGroup, script: &str) {
        // Registered, so that no other test's hunt for escapees takes it.
        let (mut shell, _case) = crate::reaper::spawn(
            std::process::Command::new("sh")
                .args(["-c", &format!("read -r go; {script}")])
                .stdin(std::process::Stdio::piped())
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::null()),
        )
        .expect("sh starts");
        for mut join in group.kept.iter().flat_map(|kept| &kept.joins) {
            join.write_all(shell.id().to_string().as_bytes())
                .expect("it joins");
        }
        if let Some(mut go) = shell.stdin.take() {
            go.write_all(b"go\n").expect("it is told to go on");
        }
        shell.wait().expect("it ends");
    }

    /// The path of `group`'s memory group.
    fn memory_group(group: &CaseGroup) -> PathBuf {
        match group.kept.as_ref().map(|kept| &kept.groups) {
            Some(Groups::V1 { memory, .. }) => memory.0.clone(),
            Some(Groups::V2(group)) => group.0.clone(),
            None => PathBuf::new(),
        }
    }

    #[test]
    fn a_case_group_counts_the_cpu_time_of_what_runs_in_it() {
        let limits = GroupLimits {
            memory: 64 << 20,
            processes: 16,
        };
        let Some(group) = CaseGroup::new(limits, &Pool::default()).expect("a group") else {
            return; // No control groups here: the engine's trials add CPU time up in /proc.
        };
        let Some(before) = group.cpu_time() else {
            return; // Version 1 without a `cpuacct` group.
        };
        run_in(&group, "i=0; while [ $i -lt 100000 ]; do i=$((i+1)); done");
        let used = group.cpu_time().expect("counted") - before;
        assert!(used > Duration::from_millis(20), "{used:?}");
    }

    /// A case that ran out of memory, was refused a process and used CPU time leaves its
    /// groups to the next case as if they were new: no breach, no CPU time, and in version 1
    /// a memory high-water mark of nothing.
    #[test]
    fn a_group_used_again_holds_nothing_of_the_case_before() {
        let limits = GroupLimits {
            memory: 32 << 20,
            processes: 1,
        };
        let pool = Pool::default();
        let Some(first) = CaseGroup::new(limits, &pool).expect("a group") else {
            return; // No control groups here.
        };
        let path = memory_group(&first);
        run_in(&first, "i=0; while [ $i -lt 10000 ]; do i=$((i+1)); done");
        // The shell is the one process allowed: it is refused another, and ends.
        run_in(&first, "sleep 0 & wait");
        assert_eq!(first.breach(), Some(Breach::Processes));
        run_in(&first, "exec tail /dev/zero");
        assert_eq!(first.breach(), Some(Breach::Memory));
        assert!(
            first.cpu_time().is_none_or(|used| !used.is_zero()),
            "{:?}",
            first.cpu_time()
        );
        drop(first);

        let second = CaseGroup::new(limits, &pool)
            .expect("a group")
            .expect("groups where the first had them");
        assert_eq!(memory_group(&second), path, "not the same groups");
        assert_eq!(second.breach(), None);
        assert!(
            second.cpu_time().is_none_or(|used| used.is_zero()),
            "{:?}",
            second.cpu_time()
        );
        let high_water = fs::read_to_string(path.join("memory.max_usage_in_bytes"));
        if let Ok(high_water) = high_water {
            let bytes: u64 = high_water.trim().parse().expect("a number");
            assert!(bytes < 16 << 20, "{bytes}");
        }
        run_in(&second, "exec true");
        assert_eq!(second.breach(), None);

        // Other limits take other groups; groups that still hold a process are not kept.
        let other = CaseGroup::new(
            GroupLimits {
                memory: 48 << 20,
                ..limits
            },
            &pool,
        )
        .expect("a group")
        .expect("groups");
        assert_ne!(memory_group(&other), path);
        let (mut left, _case) =
            crate::reaper::spawn(std::process::Command::new("sleep").arg("300"))
                .expect("sleep starts");
        for mut join in other.kept.iter().flat_map(|kept| &kept.joins) {
            join.write_all(left.id().to_string().as_bytes())
                .expect("it joins");
        }
        let other_path = memory_group(&other);
        drop(other);
        assert!(pool.0.lock().iter().all(|kept| {
            !matches!(&kept.groups, Groups::V1 { memory, .. } | Groups::V2(memory) if memory.0 == other_path)
        }));
        // Removed off this thread, which kills what it holds.
        left.wait().expect("killed");
        drop(second);
    }

    #[test]
    fn the_time_some_thread_waited_is_the_total_of_the_some_line() {
        let pressure = "some avg10=0.00 avg60=1.50 avg300=0.20 total=2500\n\
                        full avg10=0.00 avg60=0.00 avg300=0.00 total=900\n";
        assert_eq!(some_total(pressure), Some(Duration::from_micros(2500)));
        assert_eq!(some_total("full avg10=0.00 total=900\n"), None);
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
